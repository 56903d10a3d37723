// shototsu (wasm) — the systems over a World as plain C exports: ParticleSystem (particles.hpp),
// CharacterController and CharacterGroup (character.hpp). <Class>_new gives the address of a C++
// object, each <Class>_<method> takes it first (js/systems.js holds it), <Class>_delete frees it.
// Registration only: the settings cross as scalars in the order of SETTINGS below, whose defaults
// are the C++ structs' own initialisers (particleDefaults, characterDefaults write them into the
// output area); methods unpack scalars and call the core, reports go to the output area that
// js/systems.js reads right after the call. State arrays (positions, velocities, radii) are
// exposed by address: the JS face makes Float32Array views of them.
//
// SETTINGS (scalar arguments, and float slots of the defaults; u32 read through HEAPU32)
// ParticleSettings   capacity (u32), radius, restitution, friction, damping, gravity xyz,
//                    collideParticles (0/1)                                                  (9)
// CharacterSettings  radius, height, stepHeight, maxSlope, snapDistance, skinWidth           (6)
#include "out.hpp"
#include "shototsu/character.hpp"
#include "shototsu/particles.hpp"

// The settings' scalar arguments, and the struct they fill. Fields not listed (the rest and sleep
// thresholds) keep their defaults.
#define PARTICLE_ARGS float radius, float restitution, float friction, float damping, VEC3_ARGS(gravity), bool collide
#define CHARACTER_ARGS \
    float radius, float height, float step_height, float max_slope, float snap_distance, float skin_width

namespace shototsu::wasm {
namespace {

ParticleSettings particle_settings(std::uint32_t capacity, PARTICLE_ARGS) {
    ParticleSettings s;
    s.capacity = capacity;
    s.radius = radius;
    s.restitution = restitution;
    s.friction = friction;
    s.damping = damping;
    s.gravity = VEC3(gravity);
    s.collide_particles = collide;
    return s;
}
CharacterSettings character_settings(CHARACTER_ARGS) {
    CharacterSettings s;
    s.radius = radius;
    s.height = height;
    s.step_height = step_height;
    s.max_slope_degrees = max_slope;
    s.snap_distance = snap_distance;
    s.skin_width = skin_width;
    return s;
}

std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

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

}  // namespace

// ---- settings -----------------------------------------------------------------------------

/// ParticleSettings' defaults into the output area (SETTINGS).
SHOTOTSU_EXPORT void particleDefaults() {
    const ParticleSettings s;
    put_u32(0, s.capacity);
    put(1, s.radius);
    put(2, s.restitution);
    put(3, s.friction);
    put(4, s.damping);
    put(5, s.gravity);
    put(8, s.collide_particles);
}
/// CharacterSettings' defaults into the output area (SETTINGS).
SHOTOTSU_EXPORT void characterDefaults() {
    const CharacterSettings s;
    put(0, s.radius);
    put(1, s.height);
    put(2, s.step_height);
    put(3, s.max_slope_degrees);
    put(4, s.snap_distance);
    put(5, s.skin_width);
}
/// The bytes a ParticleSystem of `capacity` allocates: the JS face checks that memory holds them
/// before ParticleSystem_new, since a failed allocation in the core aborts the module.
SHOTOTSU_EXPORT double particleSystemBytes(std::uint32_t capacity) { return ParticleSystem::memory_bytes(capacity); }

// ---- particles ----------------------------------------------------------------------------

SHOTOTSU_EXPORT ParticleSystem* ParticleSystem_new(const World* w, std::uint32_t capacity, PARTICLE_ARGS) {
    return new ParticleSystem(*w, particle_settings(capacity, radius, restitution, friction, damping, gravity_x,
                                                    gravity_y, gravity_z, collide));
}
SHOTOTSU_EXPORT void ParticleSystem_delete(ParticleSystem* ps) { delete ps; }
SHOTOTSU_EXPORT int ParticleSystem_spawn(ParticleSystem* ps, VEC3_ARGS(p), VEC3_ARGS(v), float radius) {
    return ps->spawn(VEC3(p), VEC3(v), radius);
}
SHOTOTSU_EXPORT void ParticleSystem_step(ParticleSystem* ps, float dt) { ps->step(dt); }
SHOTOTSU_EXPORT void ParticleSystem_clear(ParticleSystem* ps) { ps->clear(); }
SHOTOTSU_EXPORT std::uint32_t ParticleSystem_count(const ParticleSystem* ps) { return ps->count(); }
SHOTOTSU_EXPORT std::uintptr_t ParticleSystem_positions(ParticleSystem* ps) { return address(ps->positions()); }
SHOTOTSU_EXPORT std::uintptr_t ParticleSystem_velocities(ParticleSystem* ps) { return address(ps->velocities()); }
SHOTOTSU_EXPORT std::uintptr_t ParticleSystem_radii(ParticleSystem* ps) { return address(ps->radii()); }
SHOTOTSU_EXPORT bool ParticleSystem_isSleeping(const ParticleSystem* ps, std::uint32_t i) { return ps->sleeping(i); }
// contacts, particle contacts, iterations, saturated, sleeping (u32 each) (5)
SHOTOTSU_EXPORT void ParticleSystem_stats(const ParticleSystem* ps) {
    const ParticleStats& st = ps->stats();
    put_u32(0, st.contacts);
    put_u32(1, st.particle_contacts);
    put_u32(2, st.iterations);
    put_u32(3, st.saturated);
    put_u32(4, st.sleeping);
}
// Live changes from a UI: every setting but the capacity, which is fixed at construction; the
// settings not listed go back to their defaults.
SHOTOTSU_EXPORT void ParticleSystem_configure(ParticleSystem* ps, PARTICLE_ARGS) {
    ps->settings() = particle_settings(ps->capacity(), radius, restitution, friction, damping, gravity_x, gravity_y,
                                       gravity_z, collide);
    ps->wake_all();
}

// ---- characters ---------------------------------------------------------------------------

SHOTOTSU_EXPORT CharacterController* CharacterController_new(const World* w, CHARACTER_ARGS, VEC3_ARGS(p)) {
    return new CharacterController(
        *w, character_settings(radius, height, step_height, max_slope, snap_distance, skin_width), VEC3(p));
}
SHOTOTSU_EXPORT void CharacterController_delete(CharacterController* ch) { delete ch; }
SHOTOTSU_EXPORT void CharacterController_move(CharacterController* ch, VEC3_ARGS(d), float dt) {
    put_move(ch->move(VEC3(d), dt));
}
SHOTOTSU_EXPORT void CharacterController_position(const CharacterController* ch) { put(0, ch->position()); }
SHOTOTSU_EXPORT void CharacterController_setPosition(CharacterController* ch, VEC3_ARGS(p)) {
    ch->set_position(VEC3(p));
}
SHOTOTSU_EXPORT bool CharacterController_grounded(const CharacterController* ch) { return ch->grounded(); }
// The body's id, or -1 when the world refused it.
SHOTOTSU_EXPORT int CharacterController_register(CharacterController* ch, World* world, std::uint32_t layers) {
    return ch->register_in(*world, layers) ? static_cast<int>(ch->body()) : -1;
}
SHOTOTSU_EXPORT void CharacterController_unregister(CharacterController* ch) { ch->unregister(); }
SHOTOTSU_EXPORT int CharacterController_body(const CharacterController* ch) {
    return ch->body() == kNoIndex ? -1 : static_cast<int>(ch->body());
}

SHOTOTSU_EXPORT CharacterGroup* CharacterGroup_new(const World* w, CHARACTER_ARGS, std::uint32_t capacity) {
    return new CharacterGroup(*w, character_settings(radius, height, step_height, max_slope, snap_distance, skin_width),
                              capacity);
}
SHOTOTSU_EXPORT void CharacterGroup_delete(CharacterGroup* g) { delete g; }
SHOTOTSU_EXPORT int CharacterGroup_add(CharacterGroup* g, VEC3_ARGS(p)) { return g->add(VEC3(p)); }
SHOTOTSU_EXPORT void CharacterGroup_moveAll(CharacterGroup* g, std::uintptr_t displacements, float dt) {
    g->move_all(reinterpret_cast<const float*>(displacements), dt);
}
SHOTOTSU_EXPORT std::uint32_t CharacterGroup_count(const CharacterGroup* g) { return g->count(); }
SHOTOTSU_EXPORT std::uintptr_t CharacterGroup_positions(const CharacterGroup* g) { return address(g->positions()); }
SHOTOTSU_EXPORT std::uintptr_t CharacterGroup_grounded(const CharacterGroup* g) { return address(g->grounded()); }
SHOTOTSU_EXPORT void CharacterGroup_lastMove(const CharacterGroup* g, std::uint32_t i) { put_move(g->last_move(i)); }
SHOTOTSU_EXPORT void CharacterGroup_setPosition(CharacterGroup* g, std::uint32_t i, VEC3_ARGS(p)) {
    g->set_position(i, VEC3(p));
}
SHOTOTSU_EXPORT bool CharacterGroup_register(CharacterGroup* g, World* world, std::uint32_t layers) {
    return g->register_in(*world, layers);
}
SHOTOTSU_EXPORT void CharacterGroup_unregister(CharacterGroup* g) { g->unregister(); }
SHOTOTSU_EXPORT int CharacterGroup_body(CharacterGroup* g, std::uint32_t i) {
    const std::uint32_t b = g->controller(i).body();
    return b == kNoIndex ? -1 : static_cast<int>(b);
}

}  // namespace shototsu::wasm
