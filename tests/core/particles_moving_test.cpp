// particles.hpp on moving objects: particles never pass through a fast-spinning paddle or a fast
// wall (checked against the objects' poses sampled finely in time), ride a lift, are batted at
// the surface's speed plus restitution, wake when what they rest on moves, hit primitives, and
// a static scene keeps its trajectory bit for bit.
#include "catch_support.hpp"

#include <cmath>

#include "meshes.hpp"
#include "particle_support.hpp"
#include "shototsu/particles.hpp"
#include "static_particles.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// The paddle: a thin box spinning about z through the origin.
constexpr float kPaddleHalfX = 1.2f, kPaddleHalfY = 0.04f, kPaddleHalfZ = 0.6f;

// A closed box mesh of the paddle's size in its own space.
MeshData paddle_mesh() {
    MeshData m;
    const float x = kPaddleHalfX, y = kPaddleHalfY, z = kPaddleHalfZ;
    const Vec3 c[8] = {{-x, -y, -z}, {x, -y, -z}, {x, y, -z}, {-x, y, -z},
                       {-x, -y, z},  {x, -y, z},  {x, y, z},  {-x, y, z}};
    const int q[6][4] = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 4, 7, 3}, {1, 2, 6, 5}};
    for (const auto& f : q) m.quad(c[f[0]], c[f[1]], c[f[2]], c[f[3]]);
    return m;
}

// Counts particles that crossed the spinning paddle in a step: the particle is on one side of it
// (the sign of its paddle-space y, the paddle posed exactly) at the step's start and on the other
// at its end, within the paddle's extent both times (a particle going round the tip, or passed by
// the paddle far out, is outside the extent at one end). Also the deepest penetration at the end.
struct CrossingCounter {
    std::vector<Vec3> before;
    int through = 0;
    float deepest = 0.0f;
    void check(const ParticleSystem& ps, Quat q0, Quat q1) {
        const auto local = [](Quat q, Vec3 x) { return rotate(Quat{-q.x, -q.y, -q.z, q.w}, x); };
        const auto within = [](Vec3 l) { return std::fabs(l.x) < kPaddleHalfX && std::fabs(l.z) < kPaddleHalfZ; };
        for (std::uint32_t i = 0; i < ps.count(); ++i) {
            const Vec3 a = local(q0, before[i]), b = local(q1, position(ps, i));
            if (within(a) && within(b) && ((a.y > 0.0f) != (b.y > 0.0f))) ++through;
            if (within(b)) deepest = maxf(deepest, ps.radii()[i] - (std::fabs(b.y) - kPaddleHalfY));
        }
    }
};

// Fires `shots` particles at a paddle spinning at 30 rad/s (a box primitive or a mesh) and
// returns how many passed through it.
int paddle_passes(bool mesh, std::uint32_t seed, int shots) {
    World w;
    std::uint32_t id;
    if (mesh) {
        const MeshData m = paddle_mesh();
        id = w.add_mesh(m.positions, m.indices).object;
    } else {
        id = w.add_box({0, 0, 0}, Quat{}, {kPaddleHalfX, kPaddleHalfY, kPaddleHalfZ}).object;
    }
    ParticleSettings st;
    st.capacity = static_cast<std::uint32_t>(shots);
    st.gravity = {0, 0, 0};
    st.restitution = 0.5f;
    ParticleSystem ps(w, st);
    Rng rng(seed);
    for (int i = 0; i < shots; ++i) {
        const Vec3 from{rng.uniform(-1.1f, 1.1f), rng.uniform(0.5f, 3.0f) * (rng.uniform(0, 1) < 0.5f ? 1.f : -1.f),
                        rng.uniform(-0.5f, 0.5f)};
        const Vec3 vel{rng.uniform(-2, 2), -from.y * rng.uniform(2.0f, 40.0f), rng.uniform(-1, 1)};
        ps.spawn(from, vel, rng.uniform(0.01f, 0.1f));
    }
    const float dt = 1.0f / 60.0f, omega = 30.0f;
    CrossingCounter counter;
    float angle = 0.0f;
    for (int step = 0; step < 90; ++step) {
        const Quat q0 = quat_from_axis_angle({0, 0, 1}, angle);
        angle += omega * dt;
        const Quat q1 = quat_from_axis_angle({0, 0, 1}, angle);
        REQUIRE(w.set_transform(id, {{0, 0, 0}, q1, 1.0f}) == nullptr);
        w.update(dt);
        counter.before.assign(ps.count(), {});
        for (std::uint32_t i = 0; i < ps.count(); ++i) counter.before[i] = position(ps, i);
        ps.step(dt);
        counter.check(ps, q0, q1);
    }
    CHECK(counter.deepest < 1e-3f);
    return counter.through;
}

}  // namespace

TEST_CASE("ParticleSystem: a static mesh scene keeps the static algorithm's trajectory bit for bit") {
    // Fingerprints of the algorithm before moving objects were swept (recorded from that build).
    CHECK(static_scene_fingerprint(false) == kStaticFingerprint);
    CHECK(static_scene_fingerprint(true) == kStaticFingerprintPairs);
}

TEST_CASE("ParticleSystem: no particle passes through a paddle spinning at 30 rad/s") {
    for (const bool mesh : {false, true}) {
        INFO("paddle as " << (mesh ? "a mesh" : "a box primitive"));
        for (std::uint32_t seed = 1; seed <= 4; ++seed) CHECK(paddle_passes(mesh, seed, 500) == 0);
    }
}

TEST_CASE("ParticleSystem: no particle passes through a wall moving at 50 m/s") {
    for (const bool mesh : {false, true}) {
        INFO("wall as " << (mesh ? "a mesh" : "a box primitive"));
        World w;
        std::uint32_t id;
        const float hx = 0.02f;
        if (mesh) {
            MeshData m;
            m.quad({0, -10, -10}, {0, 10, -10}, {0, 10, 10}, {0, -10, 10});  // a single thin sheet
            id = w.add_mesh(m.positions, m.indices, {{{-5, 0, 0}, Quat{}, 1.0f}}).object;
        } else {
            id = w.add_box({-5, 0, 0}, Quat{}, {hx, 10, 10}).object;
        }
        ParticleSettings st;
        st.capacity = 2000;
        st.gravity = {0, 0, 0};
        ParticleSystem ps(w, st);
        Rng rng(77);
        for (int i = 0; i < 2000; ++i)
            ps.spawn(rng.vec(-4.5f, 4.5f), rng.direction() * rng.uniform(0, 3), rng.uniform(0.01f, 0.1f));
        const float dt = 1.0f / 60.0f, speed = 50.0f;
        float x = -5.0f, dir = 1.0f;
        int through = 0;
        for (int step = 0; step < 240; ++step) {
            const float x0 = x;
            x += dir * speed * dt;
            if (std::fabs(x) > 5.0f) dir = -dir;
            REQUIRE(w.set_transform(id, {{x, 0, 0}, Quat{}, 1.0f}) == nullptr);
            w.update(dt);
            std::vector<Vec3> before(ps.count());
            for (std::uint32_t i = 0; i < ps.count(); ++i) before[i] = position(ps, i);
            ps.step(dt);
            for (std::uint32_t i = 0; i < ps.count(); ++i) {
                const Vec3 a = before[i], b = position(ps, i);
                if (std::fabs(a.y) < 10 && std::fabs(a.z) < 10 && std::fabs(b.y) < 10 && std::fabs(b.z) < 10 &&
                    ((a.x > x0) != (b.x > x)))
                    ++through;
            }
        }
        CHECK(through == 0);
    }
}

TEST_CASE("ParticleSystem: a particle resting on a lift rides it up and down and never sinks into it") {
    for (const bool mesh : {false, true}) {
        INFO("lift as " << (mesh ? "a mesh" : "a box primitive"));
        World w;
        std::uint32_t id;
        if (mesh) {
            MeshData m;
            m.quad({-1, 0, 1}, {1, 0, 1}, {1, 0, -1}, {-1, 0, -1});
            id = w.add_mesh(m.positions, m.indices).object;
        } else {
            id = w.add_box({0, -0.1f, 0}, Quat{}, {1, 0.1f, 1}).object;
        }
        const auto top = [&]() { return w.transform(id).position.y + (mesh ? 0.0f : 0.1f); };
        ParticleSettings st;
        st.capacity = 1;
        ParticleSystem ps(w, st);
        const float r = 0.05f;
        ps.spawn({0.2f, r + 0.001f, 0.1f}, {0, 0, 0}, r);
        const float dt = 1.0f / 60.0f;
        // A smooth lift (acceleration 6 m/s^2 < g, so the particle must stay on it): y = 1.5 sin 2t.
        float lowest = 1e9f, highest = -1e9f;
        for (int step = 1; step <= 600; ++step) {
            const float t = static_cast<float>(step) * dt;
            const float y = 1.5f * det_sin(2.0f * t) + (mesh ? 0.0f : -0.1f);
            REQUIRE(w.set_transform(id, {{0, y, 0}, Quat{}, 1.0f}) == nullptr);
            w.update(dt);
            ps.step(dt);
            if (step > 30) {
                const float gap = position(ps, 0).y - r - top();
                lowest = minf(lowest, gap);
                highest = maxf(highest, gap);
            }
        }
        // It never sinks; it may hop a little where the lift's speed changes between steps (the
        // particle keeps the last contact's velocity for a step), and never leaves it for good.
        CHECK(lowest >= -1e-4f);
        CHECK(highest <= 0.05f);
        CHECK(position(ps, 0).y - r - top() < 3e-3f);
        CHECK(std::fabs(position(ps, 0).x - 0.2f) < 1e-3f);
    }
}

TEST_CASE("ParticleSystem: a lift reversing at 2 m/s every 1.5 s never lets its rider sink and carries it again") {
    World w;
    const std::uint32_t id = w.add_box({0, -0.1f, 0}, Quat{}, {1, 0.1f, 1}).object;
    ParticleSettings st;
    st.capacity = 1;
    st.restitution = 0.3f;
    ParticleSystem ps(w, st);
    const float r = 0.05f, dt = 1.0f / 60.0f;
    ps.spawn({0, r + 0.001f, 0}, {0, 0, 0}, r);
    float y = -0.1f, lowest = 1e9f;
    int steps_on_top_at_phase_end = 0;
    for (int step = 1; step <= 540; ++step) {
        const bool up = ((step - 1) / 90) % 2 == 0;
        y += (up ? 2.0f : -2.0f) * dt;
        REQUIRE(w.set_transform(id, {{0, y, 0}, Quat{}, 1.0f}) == nullptr);
        w.update(dt);
        ps.step(dt);
        const float gap = position(ps, 0).y - r - (y + 0.1f);
        lowest = minf(lowest, gap);
        if (step % 90 == 0 && up && gap < 3e-3f) ++steps_on_top_at_phase_end;
    }
    CHECK(lowest >= -1e-4f);
    CHECK(steps_on_top_at_phase_end == 3);
}

TEST_CASE("ParticleSystem: a paddle bats a resting particle away at its own speed plus restitution") {
    SECTION("a box translating at 10 m/s") {
        World w;
        const std::uint32_t id = w.add_box({-1, 0, 0}, Quat{}, {0.1f, 1, 1}).object;
        ParticleSettings st;
        st.capacity = 1;
        st.gravity = {0, 0, 0};
        st.restitution = 0.5f;
        st.friction = 0.0f;
        ParticleSystem ps(w, st);
        ps.spawn({0, 0, 0}, {0, 0, 0}, 0.05f);
        const float dt = 1.0f / 60.0f;
        for (int step = 1; step <= 20; ++step) {
            REQUIRE(w.set_transform(id, {{-1 + 10.0f * dt * static_cast<float>(step), 0, 0}, Quat{}, 1.0f}) == nullptr);
            w.update(dt);
            ps.step(dt);
        }
        CHECK(velocity(ps, 0).x == Approx(15.0f).epsilon(1e-4));
        CHECK(std::fabs(velocity(ps, 0).y) < 1e-4f);
    }
    SECTION("a paddle spinning at 30 rad/s hits a particle 0.8 m from its axis") {
        World w;
        const std::uint32_t id = w.add_box({0, 0, 0}, Quat{}, {kPaddleHalfX, kPaddleHalfY, kPaddleHalfZ}).object;
        ParticleSettings st;
        st.capacity = 1;
        st.gravity = {0, 0, 0};
        st.restitution = 0.5f;
        st.friction = 0.0f;
        ParticleSystem ps(w, st);
        // On the paddle's path a quarter turn ahead; hit on its face, its surface moving at 30 * d.
        const float r = 0.02f;
        ps.spawn({0, 0.8f, 0}, {0, 0, 0}, r);
        const float dt = 1.0f / 240.0f;
        float angle = 0.0f;
        for (int step = 1; step <= 30; ++step) {
            angle += 30.0f * dt;
            REQUIRE(w.set_transform(id, {{0, 0, 0}, quat_from_axis_angle({0, 0, 1}, angle), 1.0f}) == nullptr);
            w.update(dt);
            ps.step(dt);
        }
        // The paddle's face turned counter-clockwise meets the particle at (0, 0.8) moving along -x
        // at 30 * 0.8 m/s (the contact is a radius off the face, so the point is ~0.8 m out).
        const float expected = 1.5f * 30.0f * 0.8f;
        CHECK(length(velocity(ps, 0)) == Approx(expected).epsilon(0.03));
        CHECK(velocity(ps, 0).x < 0.0f);
    }
}

TEST_CASE("ParticleSystem: sleepers on a platform wake when it moves, sleepers elsewhere keep sleeping") {
    World w;
    MeshData floor;
    floor.quad({-10, 0, 10}, {10, 0, 10}, {10, 0, -10}, {-10, 0, -10});
    REQUIRE(w.add_mesh(floor.positions, floor.indices).ok);
    const std::uint32_t platform = w.add_box({5, 0.5f, 0}, Quat{}, {1, 0.1f, 1}).object;
    ParticleSettings st;
    st.capacity = 2;
    ParticleSystem ps(w, st);
    ps.spawn({5, 0.7f, 0}, {0, 0, 0}, 0.05f);   // on the platform
    ps.spawn({-5, 0.1f, 0}, {0, 0, 0}, 0.05f);  // on the floor, far away
    const float dt = 1.0f / 60.0f;
    for (int step = 0; step < 120; ++step) {
        w.update(dt);
        ps.step(dt);
    }
    REQUIRE(ps.sleeping(0));
    REQUIRE(ps.sleeping(1));
    float y = 0.5f;
    for (int step = 0; step < 30; ++step) {
        y += 1.0f * dt;
        REQUIRE(w.set_transform(platform, {{5, y, 0}, Quat{}, 1.0f}) == nullptr);
        w.update(dt);
        ps.step(dt);
        CHECK_FALSE(ps.sleeping(0));
        CHECK(ps.sleeping(1));
    }
    CHECK(position(ps, 0).y == Approx(y + 0.1f + 0.05f).margin(3e-3));
}

TEST_CASE("ParticleSystem: particles hit spheres, capsules and boxes that stay put") {
    World w;
    REQUIRE(w.add_sphere({0, 0, 0}, 0.5f).ok);
    REQUIRE(w.add_capsule({3, 0, -1}, {3, 0, 1}, 0.3f).ok);
    REQUIRE(w.add_box({-3, 0, 0}, quat_from_axis_angle({0, 0, 1}, 0.3f), {0.5f, 0.5f, 0.5f}).ok);
    ParticleSettings st;
    st.capacity = 3;
    st.restitution = 0.0f;
    ParticleSystem ps(w, st);
    const float r = 0.05f;
    ps.spawn({0, 2, 0}, {0, 0, 0}, r);
    ps.spawn({3, 2, 0}, {0, -20, 0}, r);
    ps.spawn({-3, 3, 0}, {0, -40, 0}, r);
    for (int step = 0; step < 60; ++step) ps.step(1.0f / 60.0f);
    // Each lands on its primitive's top and is never found inside it.
    CHECK(position(ps, 0).y == Approx(0.5f + r).margin(2e-3));
    CHECK(position(ps, 1).y == Approx(0.3f + r).margin(2e-3));
    for (std::uint32_t i = 0; i < 3; ++i) {
        std::vector<WorldContact> contacts;
        w.overlap_sphere(position(ps, i), r * 0.99f, contacts);
        CHECK(contacts.empty());
    }
}
