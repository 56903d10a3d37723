// shototsu (wasm) — the systems over a World as Embind class handles: ParticleSystem
// (particles.hpp), CharacterController and CharacterGroup (character.hpp). Registration only:
// constructors take the settings as scalars, methods unpack scalars and call the core, reports go
// to the output area that js/systems.js reads right after the call. State arrays (positions,
// velocities, radii) are exposed by address: the JS face makes Float32Array views of them.
#include <emscripten/bind.h>

#include "out.hpp"
#include "shototsu/character.hpp"
#include "shototsu/particles.hpp"

namespace shototsu::wasm {
namespace {

std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// ---- particles ----------------------------------------------------------------------------

ParticleSystem* make_particles(const World& world, std::uint32_t capacity, float radius, float restitution,
                               float friction, float damping, float gx, float gy, float gz, bool collide) {
    ParticleSettings s;
    s.capacity = capacity;
    s.radius = radius;
    s.restitution = restitution;
    s.friction = friction;
    s.damping = damping;
    s.gravity = {gx, gy, gz};
    s.collide_particles = collide;
    return new ParticleSystem(world, s);
}

int spawn(ParticleSystem& ps, VEC3_ARGS(p), VEC3_ARGS(v), float radius) { return ps.spawn(VEC3(p), VEC3(v), radius); }
void step(ParticleSystem& ps, float dt) { ps.step(dt); }
void clear(ParticleSystem& ps) { ps.clear(); }
std::uint32_t count(const ParticleSystem& ps) { return ps.count(); }
std::uintptr_t positions(ParticleSystem& ps) { return address(ps.positions()); }
std::uintptr_t velocities(ParticleSystem& ps) { return address(ps.velocities()); }
std::uintptr_t radii(ParticleSystem& ps) { return address(ps.radii()); }
bool sleeping(const ParticleSystem& ps, std::uint32_t i) { return ps.sleeping(i); }
// contacts, particle contacts, iterations, saturated, sleeping (u32 each) (5)
void particle_stats(const ParticleSystem& ps) {
    const ParticleStats& st = ps.stats();
    put_u32(0, st.contacts);
    put_u32(1, st.particle_contacts);
    put_u32(2, st.iterations);
    put_u32(3, st.saturated);
    put_u32(4, st.sleeping);
}
// Live changes from a UI (capacity is fixed at construction).
void configure(ParticleSystem& ps, float radius, float restitution, float friction, float damping, float gx, float gy,
               float gz, bool collide) {
    ParticleSettings& s = ps.settings();
    s.radius = radius;
    s.restitution = restitution;
    s.friction = friction;
    s.damping = damping;
    s.gravity = {gx, gy, gz};
    s.collide_particles = collide;
    ps.wake_all();
}

// ---- characters ---------------------------------------------------------------------------

CharacterSettings character_settings(float radius, float height, float step_height, float max_slope, float snap,
                                     float skin) {
    CharacterSettings s;
    s.radius = radius;
    s.height = height;
    s.step_height = step_height;
    s.max_slope_degrees = max_slope;
    s.snap_distance = snap;
    s.skin_width = skin;
    return s;
}

CharacterController* make_character(const World& world, float radius, float height, float step_height, float max_slope,
                                    float snap, float skin, VEC3_ARGS(p)) {
    return new CharacterController(world, character_settings(radius, height, step_height, max_slope, snap, skin),
                                   VEC3(p));
}

// CharacterMove: position xyz, grounded, ground normal xyz, slope angle, stepped up, snapped,
// hit wall, wall normal xyz, reason, ground mesh (u32), ground triangle (u32) (18)
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
}

void move(CharacterController& ch, VEC3_ARGS(d), float dt) { put_move(ch.move(VEC3(d), dt)); }
void character_position(const CharacterController& ch) { put(0, ch.position()); }
void set_character_position(CharacterController& ch, VEC3_ARGS(p)) { ch.set_position(VEC3(p)); }
bool character_grounded(const CharacterController& ch) { return ch.grounded(); }

CharacterGroup* make_group(const World& world, float radius, float height, float step_height, float max_slope,
                           float snap, float skin, std::uint32_t capacity) {
    return new CharacterGroup(world, character_settings(radius, height, step_height, max_slope, snap, skin), capacity);
}
int group_add(CharacterGroup& g, VEC3_ARGS(p)) { return g.add(VEC3(p)); }
void group_move_all(CharacterGroup& g, std::uintptr_t displacements, float dt) {
    g.move_all(reinterpret_cast<const float*>(displacements), dt);
}
std::uint32_t group_count(const CharacterGroup& g) { return g.count(); }
std::uintptr_t group_positions(const CharacterGroup& g) { return address(g.positions()); }
void group_last_move(const CharacterGroup& g, std::uint32_t i) { put_move(g.last_move(i)); }
void group_set_position(CharacterGroup& g, std::uint32_t i, VEC3_ARGS(p)) { g.set_position(i, VEC3(p)); }

}  // namespace

EMSCRIPTEN_BINDINGS(shototsu_systems) {
    using emscripten::allow_raw_pointers;
    emscripten::class_<ParticleSystem>("ParticleSystem")
        .constructor(&make_particles, allow_raw_pointers())
        .function("spawn", &spawn)
        .function("step", &step)
        .function("clear", &clear)
        .function("count", &count)
        .function("positions", &positions)
        .function("velocities", &velocities)
        .function("radii", &radii)
        .function("sleeping", &sleeping)
        .function("stats", &particle_stats)
        .function("configure", &configure);
    emscripten::class_<CharacterController>("CharacterController")
        .constructor(&make_character, allow_raw_pointers())
        .function("move", &move)
        .function("position", &character_position)
        .function("setPosition", &set_character_position)
        .function("grounded", &character_grounded);
    emscripten::class_<CharacterGroup>("CharacterGroup")
        .constructor(&make_group, allow_raw_pointers())
        .function("add", &group_add)
        .function("moveAll", &group_move_all)
        .function("count", &group_count)
        .function("positions", &group_positions)
        .function("lastMove", &group_last_move)
        .function("setPosition", &group_set_position);
}

}  // namespace shototsu::wasm
