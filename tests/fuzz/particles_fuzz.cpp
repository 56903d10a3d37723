// libFuzzer target: particle steps (particles.hpp).
//
// Two kinds of input, chosen by the first byte:
//   * ROOM: a closed box room (faces split into n x n quads), rotated by any rotation and moved up
//     to 1e4 from the origin; particles spawned inside with speeds up to 50 m/s, kicked up to
//     200 m/s between steps, any restitution, friction, damping, gravity (|g| <= 50), dt up to
//     1/20 s, with or without particle pairs. No particle may leave the room, nor sink into a wall
//     deeper than the chord's sag |g| dt^2 / 8 (particles.hpp) plus rounding.
//   * ANYTHING: a world of arbitrary triangles, arbitrary settings, spawns and writes through the
//     state arrays (NaN, infinities, huge): no crash, no sanitizer report, no hang, and no NaN
//     out of finite input while the motion cannot overflow float.
// In both, a twin system with the triangle cache turned off must stay bit-identical (the cache
// is documented to change nothing).
#include <cstdint>
#include <vector>

#include "fuzz_input.hpp"
#include "meshes.hpp"
#include "shototsu/particles.hpp"

using namespace shototsu;
using namespace shototsu::fuzz;

namespace {

constexpr std::uint32_t kMaxParticles = 24;

void same_state(const ParticleSystem& a, const ParticleSystem& b) {
    for (std::uint32_t k = 0; k < 3 * a.count(); ++k)
        if (!same(a.positions()[k], b.positions()[k]) || !same(a.velocities()[k], b.velocities()[k]))
            fail("ParticleSystem", "the triangle cache changed the result (cache on and off differ)");
}

void room(FuzzInput& in) {
    const float h = 5.0f;
    const int n = 1 + static_cast<int>(in.below(4));
    const Quat q = quat_normalize({in.in_range(-1, 1), in.in_range(-1, 1), in.in_range(-1, 1), in.in_range(-1, 1)});
    const Vec3 offset = in.flag() ? in.vec_in(-1e4f, 1e4f) : Vec3{0, 0, 0};
    test::MeshData mesh = test::closed_room(h, n);
    for (std::size_t i = 0; i < mesh.positions.size(); i += 3) {
        const Vec3 v = rotate(q, {mesh.positions[i], mesh.positions[i + 1], mesh.positions[i + 2]}) + offset;
        mesh.positions[i] = v.x, mesh.positions[i + 1] = v.y, mesh.positions[i + 2] = v.z;
    }
    World world;
    if (!world.add_mesh(mesh.positions, mesh.indices).ok) fail("room", "add_mesh failed");

    ParticleSettings st;
    st.capacity = 1 + in.below(kMaxParticles);
    st.radius = in.in_range(0.01f, 1.0f);
    st.restitution = in.in_range(0.0f, 1.0f);
    st.friction = in.in_range(0.0f, 1.5f);
    st.damping = in.in_range(0.0f, 2.0f);
    st.gravity = in.vec_in(-29.0f, 29.0f);  // |g| <= 50
    st.collide_particles = in.flag();
    ParticleSystem ps(world, st), twin(world, st);
    twin.set_cache_enabled(false);

    // Room coordinates (before rotation and offset) of a world point, in double.
    const Quat qi{-q.x, -q.y, -q.z, q.w};
    auto local = [&](Vec3 p) { return rotate(qi, p - offset); };
    for (std::uint32_t i = 0; i < st.capacity; ++i) {
        const float r = in.flag() ? -1.0f : in.in_range(0.01f, 1.0f);
        const float rr = r < 0.0f ? st.radius : r;
        const Vec3 p = rotate(q, in.vec_in(-h + rr + 0.01f, h - rr - 0.01f)) + offset;
        const Vec3 v = in.vec_in(-50.0f, 50.0f);
        if (ps.spawn(p, v, r) != static_cast<std::int32_t>(i) || twin.spawn(p, v, r) != static_cast<std::int32_t>(i))
            fail("ParticleSystem::spawn", "a valid spawn was refused");
    }
    const float dt = in.in_range(1e-3f, 0.05f);
    const std::uint32_t steps = 1 + in.below(24);
    const float sag = length(st.gravity) * dt * dt / 8.0f;
    const float rounding = 4e-6f * (h + length(offset)) + 2e-4f;
    for (std::uint32_t s = 0; s < steps; ++s) {
        if (in.flag()) {  // a caller kicks a particle
            const std::uint32_t i = in.below(st.capacity);
            const Vec3 v = in.vec_in(-115.0f, 115.0f);  // |v| <= 200
            for (ParticleSystem* sys : {&ps, &twin}) {
                sys->velocities()[3 * i] = v.x, sys->velocities()[3 * i + 1] = v.y, sys->velocities()[3 * i + 2] = v.z;
            }
        }
        ps.step(dt);
        twin.step(dt);
        same_state(ps, twin);
        for (std::uint32_t i = 0; i < ps.count(); ++i) {
            const float* p = ps.positions() + 3 * i;
            const float r = ps.radii()[i];
            if (!is_finite(Vec3{p[0], p[1], p[2]}) ||
                !is_finite(Vec3{ps.velocities()[3 * i], ps.velocities()[3 * i + 1], ps.velocities()[3 * i + 2]}))
                fail("ParticleSystem::step (room)", "a non-finite position or velocity");
            const Vec3 l = local({p[0], p[1], p[2]});
            const float m = maxf(maxf(std::fabs(l.x), std::fabs(l.y)), std::fabs(l.z));
            if (!(m < h)) fail("ParticleSystem::step (room)", "a particle left the closed room");
            if (!(m <= h - r + sag + rounding)) {
                std::fprintf(stderr, "particle %u: |local| %.9g, radius %.9g, allowed %.9g (sag %.3g)\n", i, m, r,
                             h - r + sag + rounding, sag);
                fail("ParticleSystem::step (room)", "a particle sank into a wall deeper than the chord's sag");
            }
        }
    }
}

void anything(FuzzInput& in) {
    World world;
    const std::uint32_t tris = in.below(48);
    std::vector<float> positions(9 * tris);
    for (float& v : positions) v = in.value();
    if (!world.add_mesh(positions).ok) fail("add_mesh", "refused");

    ParticleSettings st;
    st.capacity = in.below(kMaxParticles + 1);
    st.radius = in.value();
    st.restitution = in.value();
    st.friction = in.value();
    st.damping = in.value();
    st.gravity = in.vec();
    st.collide_particles = in.flag();
    st.rest_speed = in.value();
    st.sleep_speed = in.value();
    st.sleep_steps = in.below(40);
    ParticleSystem ps(world, st), twin(world, st);
    twin.set_cache_enabled(false);
    float speed = 0.0f, reach = 0.0f;
    for (std::uint32_t i = 0; i < st.capacity + 1; ++i) {
        const Vec3 p = in.vec(), v = in.vec();
        const float r = in.value();
        const std::int32_t a = ps.spawn(p, v, r), b = twin.spawn(p, v, r);
        if (a != b) fail("ParticleSystem::spawn", "twins disagree");
        if (a >= 0) speed = maxf(speed, maxf(maxf(std::fabs(v.x), std::fabs(v.y)), std::fabs(v.z)));
        if (a >= 0) reach = maxf(reach, maxf(maxf(std::fabs(p.x), std::fabs(p.y)), std::fabs(p.z)));
        if (a >= static_cast<std::int32_t>(st.capacity) || ps.count() > st.capacity)
            fail("ParticleSystem::spawn", "spawned beyond capacity");
    }
    const std::uint32_t steps = in.below(12);
    float total = 0.0f;
    for (std::uint32_t s = 0; s < steps; ++s) {
        const float dt = in.value();
        if (in.flag()) {  // a caller writes anything into the state arrays
            const std::uint32_t k = in.below(3 * kMaxParticles);
            const float v = in.value();
            if (k < 3 * ps.count()) {
                (in.flag() ? ps.positions() : ps.velocities())[k] = v;
                twin.positions()[k] = ps.positions()[k];
                twin.velocities()[k] = ps.velocities()[k];
                speed = maxf(speed, std::fabs(v));
                reach = maxf(reach, std::fabs(v));
            }
        }
        if (in.flag()) {
            ps.wake_all();
            twin.wake_all();
        }
        ps.step(dt);
        twin.step(dt);
        // The cache promise holds for the realistic range (FuzzInput::kRealistic), world and state.
        bool realistic = in.max_abs() <= FuzzInput::kRealistic;
        for (std::uint32_t k = 0; k < 3 * ps.count(); ++k)
            realistic = realistic && std::fabs(ps.positions()[k]) <= FuzzInput::kRealistic;
        if (realistic) same_state(ps, twin);
        if (dt > 0.0f) total += dt;
    }
    // No NaN while the motion cannot overflow float: everything finite and moderate, and the
    // farthest a particle could go (start + speed t + |g| t^2, restitution <= 1) far below FLT_MAX.
    const float g = maxf(maxf(std::fabs(st.gravity.x), std::fabs(st.gravity.y)), std::fabs(st.gravity.z));
    const double bound = double(reach) + double(speed) * total + 2.0 * g * double(total) * total;
    if (in.moderate() && bound < 1e30 && std::isfinite(st.damping))
        for (std::uint32_t k = 0; k < 3 * ps.count(); ++k)
            if (std::isnan(ps.positions()[k]) || std::isnan(ps.velocities()[k]))
                fail("ParticleSystem::step (anything)", "NaN out of finite input");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzInput in(data, size);
    g_input = &in;
    if (in.byte() & 1)
        room(in);
    else
        anything(in);
    return 0;
}
