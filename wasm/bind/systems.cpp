// shototsu (wasm) — the systems over a World as Embind class handles: ParticleSystem
// (particles.hpp), CharacterController and CharacterGroup (character.hpp). Registration only:
// the settings cross as one plain JS object each (a value_object under the JS face's names), whose
// defaults are the C++ structs' own initialisers (particleDefaults, characterDefaults); methods
// unpack scalars and call the core, reports go to the output area that js/systems.js reads right
// after the call. State arrays (positions, velocities, radii) are exposed by address: the JS face
// makes Float32Array views of them.
#include <emscripten/bind.h>

#include "out.hpp"
#include "shototsu/character.hpp"
#include "shototsu/particles.hpp"

namespace shototsu::wasm {
namespace {

std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// ---- particles ----------------------------------------------------------------------------

int spawn(ParticleSystem& ps, VEC3_ARGS(p), VEC3_ARGS(v), float radius) { return ps.spawn(VEC3(p), VEC3(v), radius); }
void step(ParticleSystem& ps, float dt) { ps.step(dt); }
void clear(ParticleSystem& ps) { ps.clear(); }
std::uint32_t count(const ParticleSystem& ps) { return ps.count(); }
std::uintptr_t positions(ParticleSystem& ps) { return address(ps.positions()); }
std::uintptr_t velocities(ParticleSystem& ps) { return address(ps.velocities()); }
std::uintptr_t radii(ParticleSystem& ps) { return address(ps.radii()); }
bool is_sleeping(const ParticleSystem& ps, std::uint32_t i) { return ps.sleeping(i); }
// contacts, particle contacts, iterations, saturated, sleeping (u32 each) (5)
void particle_stats(const ParticleSystem& ps) {
    const ParticleStats& st = ps.stats();
    put_u32(0, st.contacts);
    put_u32(1, st.particle_contacts);
    put_u32(2, st.iterations);
    put_u32(3, st.saturated);
    put_u32(4, st.sleeping);
}
// Live changes from a UI: every setting but the capacity, which is fixed at construction.
void configure(ParticleSystem& ps, ParticleSettings settings) {
    settings.capacity = ps.capacity();
    ps.settings() = settings;
    ps.wake_all();
}

// ---- characters ---------------------------------------------------------------------------

// CharacterMove: position xyz, grounded, ground normal xyz, slope angle, stepped up, snapped,
// hit wall, wall normal xyz, reason, ground mesh (u32), ground triangle (u32), ground velocity
// xyz, yaw change, carried, pushed, crushed, crush depth (26)
void put_move(const CharacterMove& m) {
    put(0, m.position);
    put(3, m.grounded);
    put(4, m.ground_normal);
    put(7, m.slope_angle);
    put(8, m.stepped_up);
    put(9, m.snapped);
    put(10, m.hit_wall);
    put(11, m.wall_normal);
    put_enum(14, m.reason);
    put_u32(15, m.ground_object);
    put_u32(16, m.ground_triangle);
    put(17, m.ground_velocity);
    put(20, m.yaw_change);
    put(21, m.carried);
    put(22, m.pushed);
    put(23, m.crushed);
    put(24, m.crush_depth);
}

void move(CharacterController& ch, VEC3_ARGS(d), float dt) { put_move(ch.move(VEC3(d), dt)); }
void character_position(const CharacterController& ch) { put(0, ch.position()); }
void set_character_position(CharacterController& ch, VEC3_ARGS(p)) { ch.set_position(VEC3(p)); }
bool character_grounded(const CharacterController& ch) { return ch.grounded(); }
// The body's id, or -1 when the world refused it.
int character_register(CharacterController& ch, World& world, std::uint32_t layers) {
    return ch.register_in(world, layers) ? static_cast<int>(ch.body()) : -1;
}
void character_unregister(CharacterController& ch) { ch.unregister(); }
int character_body(const CharacterController& ch) { return ch.body() == kNoIndex ? -1 : static_cast<int>(ch.body()); }

int group_add(CharacterGroup& g, VEC3_ARGS(p)) { return g.add(VEC3(p)); }
void group_move_all(CharacterGroup& g, std::uintptr_t displacements, float dt) {
    g.move_all(reinterpret_cast<const float*>(displacements), dt);
}
std::uint32_t group_count(const CharacterGroup& g) { return g.count(); }
std::uintptr_t group_positions(const CharacterGroup& g) { return address(g.positions()); }
void group_last_move(const CharacterGroup& g, std::uint32_t i) { put_move(g.last_move(i)); }
void group_set_position(CharacterGroup& g, std::uint32_t i, VEC3_ARGS(p)) { g.set_position(i, VEC3(p)); }
bool group_register(CharacterGroup& g, World& world, std::uint32_t layers) { return g.register_in(world, layers); }
void group_unregister(CharacterGroup& g) { g.unregister(); }
int group_body(CharacterGroup& g, std::uint32_t i) {
    const std::uint32_t b = g.controller(i).body();
    return b == kNoIndex ? -1 : static_cast<int>(b);
}

template <class Settings>
Settings defaults() {
    return Settings{};
}

}  // namespace

EMSCRIPTEN_BINDINGS(shototsu_systems) {
    using emscripten::value_object;
    value_object<Vec3>("Vec3").field("x", &Vec3::x).field("y", &Vec3::y).field("z", &Vec3::z);
    // Fields left out (the rest and sleep thresholds) keep their defaults.
    value_object<ParticleSettings>("ParticleSettings")
        .field("capacity", &ParticleSettings::capacity)
        .field("radius", &ParticleSettings::radius)
        .field("restitution", &ParticleSettings::restitution)
        .field("friction", &ParticleSettings::friction)
        .field("damping", &ParticleSettings::damping)
        .field("gravity", &ParticleSettings::gravity)
        .field("collideParticles", &ParticleSettings::collide_particles);
    value_object<CharacterSettings>("CharacterSettings")
        .field("radius", &CharacterSettings::radius)
        .field("height", &CharacterSettings::height)
        .field("stepHeight", &CharacterSettings::step_height)
        .field("maxSlope", &CharacterSettings::max_slope_degrees)
        .field("snapDistance", &CharacterSettings::snap_distance)
        .field("skinWidth", &CharacterSettings::skin_width);
    emscripten::function("particleDefaults", &defaults<ParticleSettings>);
    emscripten::function("characterDefaults", &defaults<CharacterSettings>);
    emscripten::function("particleSystemBytes", &ParticleSystem::memory_bytes);

    emscripten::class_<ParticleSystem>("ParticleSystem")
        .constructor<const World&, const ParticleSettings&>()
        .function("spawn", &spawn)
        .function("step", &step)
        .function("clear", &clear)
        .function("count", &count)
        .function("positions", &positions)
        .function("velocities", &velocities)
        .function("radii", &radii)
        .function("isSleeping", &is_sleeping)
        .function("stats", &particle_stats)
        .function("configure", &configure);
    emscripten::class_<CharacterController>("CharacterController")
        .constructor<const World&, const CharacterSettings&, Vec3>()
        .function("move", &move)
        .function("position", &character_position)
        .function("setPosition", &set_character_position)
        .function("grounded", &character_grounded)
        .function("register", &character_register)
        .function("unregister", &character_unregister)
        .function("body", &character_body);
    emscripten::class_<CharacterGroup>("CharacterGroup")
        .constructor<const World&, const CharacterSettings&, std::uint32_t>()
        .function("add", &group_add)
        .function("moveAll", &group_move_all)
        .function("count", &group_count)
        .function("positions", &group_positions)
        .function("lastMove", &group_last_move)
        .function("setPosition", &group_set_position)
        .function("register", &group_register)
        .function("unregister", &group_unregister)
        .function("body", &group_body);
}

}  // namespace shototsu::wasm
