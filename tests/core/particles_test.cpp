// particles.hpp: its guarantees, each a test — no tunnelling at any speed, no escape
// from a closed room, energy never grows with restitution <= 1, friction decides sliding on a
// slope, resting particles neither jitter nor sink, and the same inputs give the same bits.
#include "catch_support.hpp"

#include <cstring>
#include <limits>

#include "meshes.hpp"
#include "particle_support.hpp"
#include "shototsu/particles.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

World world_of(const MeshData& m) {
    World w;
    REQUIRE(w.add_mesh(m.positions, m.indices).ok);
    return w;
}

// Mechanical energy per unit mass, in double: kinetic plus potential in the gravity field.
double energy(const ParticleSystem& ps, std::uint32_t i) {
    const Vec3 v = velocity(ps, i), p = position(ps, i), g = ps.settings().gravity;
    return 0.5 * (double(v.x) * v.x + double(v.y) * v.y + double(v.z) * v.z) -
           (double(g.x) * p.x + double(g.y) * p.y + double(g.z) * p.z);
}

// A ramp through the origin rising at `degrees` along +x, 40 m wide.
MeshData ramp(float degrees) {
    MeshData m;
    const float c = det_cos(degrees * kDegToRad), s = det_sin(degrees * kDegToRad);
    const Vec3 down{-20 * c, -20 * s, 0}, up{20 * c, 20 * s, 0};
    m.quad(down + Vec3{0, 0, 20}, up + Vec3{0, 0, 20}, up + Vec3{0, 0, -20}, down + Vec3{0, 0, -20});
    return m;
}

}  // namespace

TEST_CASE("ParticleSystem: 10^4 particles at 1000 m/s never cross a single thin triangle wall") {
    // One triangle in the plane z = 0, far larger than the spawn area: every particle's path
    // meets it. They start 5 m in front, fly at 1000 m/s (16.7 m per 1/60 s step) within 40
    // degrees of the normal, with radii from 1 cm to 0.5 m, many aimed near the wall's centre.
    MeshData wall;
    wall.tri(wall.vertex({-5000, -5000, 0}), wall.vertex({5000, -5000, 0}), wall.vertex({0, 5000, 0}));
    const World w = world_of(wall);
    ParticleSettings st;
    st.capacity = 10000;
    st.gravity = {0, 0, 0};
    st.restitution = 1.0f;
    st.friction = 0.0f;
    ParticleSystem ps(w, st);
    Rng rng(1000);
    for (int i = 0; i < 10000; ++i) {
        const float r = rng.uniform(0.01f, 0.5f);
        const Vec3 p{rng.uniform(-10, 10), rng.uniform(-10, 10), -5.0f - r};
        Vec3 d = rng.direction();
        d.z = std::fabs(d.z) + 1.2f;  // toward +z
        REQUIRE(ps.spawn(p, normalize_or(d, {0, 0, 1}) * 1000.0f, r) == i);
    }
    int bounced = 0;
    for (int step = 0; step < 30; ++step) {
        ps.step(1.0f / 60.0f);
        for (std::uint32_t i = 0; i < ps.count(); ++i) {
            // The centre never reaches the wall's plane; the sphere never passes it.
            REQUIRE(position(ps, i).z <= -ps.radii()[i] + 1e-3f);
        }
    }
    for (std::uint32_t i = 0; i < ps.count(); ++i) bounced += velocity(ps, i).z < 0.0f;
    CHECK(bounced == 10000);  // every one came back
}

TEST_CASE("ParticleSystem: no particle escapes a closed room of triangles over 10^4 steps") {
    const float h = 5.0f;
    const World w = world_of(closed_room(h, 4));
    ParticleSettings st;
    st.capacity = 200;
    st.restitution = 0.9f;
    st.friction = 0.2f;
    st.sleep_speed = 0.0f;  // keep everyone moving the whole time
    ParticleSystem ps(w, st);
    Rng rng(2);
    for (int i = 0; i < 200; ++i) {
        const float r = rng.uniform(0.05f, 0.4f);
        ps.spawn(rng.vec(-h + 1, h - 1), rng.direction() * rng.uniform(0.0f, 60.0f), r);
    }
    std::uint32_t saturated = 0;
    for (int step = 0; step < 10000; ++step) {
        // Every few hundred steps, kick everyone again so they keep hitting walls fast.
        if (step % 500 == 0)
            for (std::uint32_t i = 0; i < ps.count(); ++i) {
                const Vec3 v = rng.direction() * 40.0f;
                std::memcpy(ps.velocities() + 3 * i, &v, sizeof v);
            }
        ps.step(1.0f / 60.0f);
        saturated += ps.stats().saturated;
        for (std::uint32_t i = 0; i < ps.count(); ++i) {
            const Vec3 p = position(ps, i);
            const float r = ps.radii()[i];
            // Inside the room, by the radius, give or take the chord's sag (|g| dt^2 / 8 = 0.34 mm).
            REQUIRE(std::fabs(p.x) <= h - r + 4e-4f);
            REQUIRE(std::fabs(p.y) <= h - r + 4e-4f);
            REQUIRE(std::fabs(p.z) <= h - r + 4e-4f);
        }
    }
    INFO("steps that ran out of iterations: " << saturated);
    CHECK(saturated < 100);
}

TEST_CASE("ParticleSystem: energy never increases with restitution <= 1") {
    const World w = world_of(terrain(16, 16.0f));
    for (const float e : {1.0f, 0.6f, 0.0f}) {
        INFO("restitution " << e);
        ParticleSettings st;
        st.capacity = 300;
        st.restitution = e;
        st.friction = e == 1.0f ? 0.0f : 0.4f;
        ParticleSystem ps(w, st);
        Rng rng(3);
        for (int i = 0; i < 300; ++i)
            ps.spawn({rng.uniform(-6, 6), rng.uniform(2, 8), rng.uniform(-6, 6)}, rng.direction() * 3.0f, 0.15f);
        std::vector<double> before(ps.count());
        for (int step = 0; step < 600; ++step) {
            for (std::uint32_t i = 0; i < ps.count(); ++i) before[i] = energy(ps, i);
            ps.step(1.0f / 60.0f);
            for (std::uint32_t i = 0; i < ps.count(); ++i) {
                // Float rounding of a position moves the potential energy by |g| * ulp: allow
                // a few of those, nothing systematic.
                const Vec3 p = position(ps, i);
                const double ulp = std::fmax(std::fabs(p.y), std::fmax(std::fabs(p.x), std::fabs(p.z))) * 1.2e-7;
                REQUIRE(energy(ps, i) <= before[i] + 8 * 9.81 * ulp + 1e-6 * std::fabs(before[i]));
            }
        }
    }
}

TEST_CASE(
    "ParticleSystem: on a slope steeper than the friction allows a particle slides, on a gentler one it stays put") {
    for (const float degrees : {15.0f, 25.0f, 35.0f, 45.0f}) {
        const World w = world_of(ramp(degrees));
        ParticleSettings st;
        st.friction = 0.5f;  // tan(26.6 deg)
        st.restitution = 0.0f;
        st.sleep_speed = 0.0f;
        ParticleSystem ps(w, st);
        const float c = det_cos(degrees * kDegToRad), s = det_sin(degrees * kDegToRad);
        const Vec3 normal{-s, c, 0};
        const Vec3 start = normal * (st.radius + 1e-4f);  // resting just above the ramp's middle
        ps.spawn(start, {0, 0, 0});
        for (int step = 0; step < 120; ++step) ps.step(1.0f / 60.0f);
        const Vec3 moved = position(ps, 0) - start;
        INFO("ramp " << degrees << " degrees moved " << length(moved));
        if (std::tan(degrees * kDegToRad) > st.friction) {
            CHECK(moved.x < -1.0f);  // slid down at least a metre in 2 s
        } else {
            CHECK(length(moved) < 1e-3f);  // settled within a millimetre, then stayed put
        }
        // Never below the ramp's surface.
        CHECK(dot(position(ps, 0), normal) >= st.radius - 1e-4f);
    }
}

TEST_CASE("ParticleSystem: a dropped particle comes to rest on the floor without jitter or sinking") {
    MeshData floor;
    floor.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
    const World w = world_of(floor);
    ParticleSettings st;
    st.restitution = 0.6f;
    st.sleep_speed = 0.0f;  // prove it is still without the help of sleeping
    ParticleSystem ps(w, st);
    ps.spawn({0.3f, 2.0f, -0.2f}, {0.5f, 0, 0});
    Vec3 last{};
    for (int step = 0; step < 600; ++step) {
        ps.step(1.0f / 60.0f);
        const Vec3 p = position(ps, 0);
        REQUIRE(p.y >= st.radius);            // never below the floor by even a rounding error
        if (step >= 500) REQUIRE(p == last);  // bit-for-bit still
        last = p;
    }
    CHECK(last.y < st.radius + 1e-3f);  // resting on it, not hovering
}

TEST_CASE("ParticleSystem: sleeping particles are skipped and wake when a caller moves them") {
    MeshData floor;
    floor.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
    const World w = world_of(floor);
    ParticleSettings st;
    ParticleSystem ps(w, st);
    ps.spawn({0, 1, 0}, {0, 0, 0});
    for (int step = 0; step < 300; ++step) ps.step(1.0f / 60.0f);
    REQUIRE(ps.sleeping(0));
    CHECK(ps.stats().sleeping == 1);
    const Vec3 kick{0, 5, 0};
    std::memcpy(ps.velocities(), &kick, sizeof kick);
    ps.step(1.0f / 60.0f);
    CHECK_FALSE(ps.sleeping(0));
    CHECK(position(ps, 0).y > st.radius + 0.01f);
}

TEST_CASE("ParticleSystem: the same inputs give bit-identical states") {
    const World w = world_of(terrain(16, 16.0f));
    auto run = [&](bool pairs) {
        ParticleSettings st;
        st.capacity = 500;
        st.collide_particles = pairs;
        ParticleSystem ps(w, st);
        Rng rng(9);
        for (int i = 0; i < 500; ++i)
            ps.spawn({rng.uniform(-6, 6), rng.uniform(1, 6), rng.uniform(-6, 6)}, rng.direction() * 4.0f, 0.2f);
        for (int step = 0; step < 200; ++step) ps.step(1.0f / 60.0f);
        return std::vector<float>(ps.positions(), ps.positions() + 3 * ps.count());
    };
    CHECK(run(false) == run(false));
    CHECK(run(true) == run(true));
}

TEST_CASE("ParticleSystem: particle-particle collisions exchange velocity head-on") {
    World empty;
    ParticleSettings st;
    st.gravity = {0, 0, 0};
    st.restitution = 1.0f;
    st.collide_particles = true;
    ParticleSystem ps(empty, st);
    ps.spawn({-1, 0, 0}, {3, 0, 0}, 0.25f);
    ps.spawn({1, 0, 0}, {-3, 0, 0}, 0.25f);
    for (int step = 0; step < 60; ++step) ps.step(1.0f / 60.0f);
    CHECK(velocity(ps, 0).x == Approx(-3.0f));
    CHECK(velocity(ps, 1).x == Approx(3.0f));
    CHECK(position(ps, 1).x - position(ps, 0).x > 0.5f);  // they separated
}

TEST_CASE("ParticleSystem: spawn rejects a full system and non-finite input, step ignores bad dt") {
    World empty;
    ParticleSettings st;
    st.capacity = 2;
    ParticleSystem ps(empty, st);
    const float nan = std::nanf("");
    CHECK(ps.spawn({nan, 0, 0}, {0, 0, 0}) == -1);
    CHECK(ps.spawn({0, 0, 0}, {0, 0, 0}, 0.0f) == -1);
    CHECK(ps.spawn({0, 0, 0}, {0, 0, 0}) == 0);
    CHECK(ps.spawn({0, 0, 0}, {0, 0, 0}) == 1);
    CHECK(ps.spawn({0, 0, 0}, {0, 0, 0}) == -1);
    ps.step(nan);
    ps.step(-1.0f);
    CHECK(position(ps, 0) == Vec3{0, 0, 0});
}

TEST_CASE("ParticleSystem: the per-particle triangle cache gives bit-identical results to sweeping through the world") {
    MeshData m = terrain(24, 24.0f);
    const MeshData room = closed_room(12.5f, 2);
    const std::uint32_t base = static_cast<std::uint32_t>(m.positions.size() / 3);
    m.positions.insert(m.positions.end(), room.positions.begin(), room.positions.end());
    for (const std::uint32_t idx : room.indices) m.indices.push_back(base + idx);
    const World w = world_of(m);
    auto run = [&](bool cache) {
        ParticleSettings st;
        st.capacity = 800;
        st.restitution = 0.7f;
        ParticleSystem ps(w, st);
        ps.set_cache_enabled(cache);
        Rng rng(31);
        for (int i = 0; i < 800; ++i)
            ps.spawn({rng.uniform(-10, 10), rng.uniform(1, 10), rng.uniform(-10, 10)},
                     rng.direction() * rng.uniform(0, 30), rng.uniform(0.05f, 0.5f));
        for (int step = 0; step < 300; ++step) ps.step(1.0f / 60.0f);
        return std::vector<float>(ps.positions(), ps.positions() + 3 * ps.count());
    };
    CHECK(run(true) == run(false));
}

TEST_CASE(
    "ParticleSystem: the triangle cache sees a surface within the sweeps' touching band far from the origin "
    "(regression, found by fuzzing)") {
    // 8 km from the origin the touching band (1e-6 of the coordinates, ~8 mm) is wider than the
    // traversal slop: a floor 8 mm below a slow particle was outside the cache's box, so the
    // cached sweep missed it where World::sphere_cast hits at t = 0 — the two runs parted.
    const float y = 8192.0f;
    MeshData m;
    m.quad({-8192, y, -8192}, {-8192, y, 8192}, {8192, y, 8192}, {8192, y, -8192});
    const World w = world_of(m);
    for (const float gap : {0.003f, 0.005f, 0.008f, 0.012f}) {
        ParticleSettings st;
        st.capacity = 1;
        st.gravity = {0, 0, 0};
        st.restitution = 0.0f;
        st.sleep_speed = 0.0f;
        ParticleSystem cached(w, st), direct(w, st);
        direct.set_cache_enabled(false);
        for (ParticleSystem* ps : {&cached, &direct}) ps->spawn({1.5f, y + 0.01f + gap, 2.5f}, {0, -0.06f, 0}, 0.01f);
        for (int step = 0; step < 3; ++step) {
            cached.step(1.0f / 60.0f);
            direct.step(1.0f / 60.0f);
            REQUIRE(std::memcmp(cached.positions(), direct.positions(), 3 * sizeof(float)) == 0);
            REQUIRE(std::memcmp(cached.velocities(), direct.velocities(), 3 * sizeof(float)) == 0);
        }
    }
}

namespace {

// The deepest overlap of particle i's sphere with the world: 0 when it is not inside anything.
float penetration(const World& w, const ParticleSystem& ps, std::uint32_t i) {
    std::vector<WorldContact> contacts;
    w.overlap_sphere(position(ps, i), ps.radii()[i], contacts);
    float deepest = 0.0f;
    for (const WorldContact& c : contacts) deepest = std::fmax(deepest, c.depth);
    return deepest;
}

}  // namespace

TEST_CASE("ParticleSystem::set_radius: particles resting on a floor and in its corners grow without ending inside") {
    // A closed 4 m room: particles rest on the floor, against the walls, in the corners.
    const MeshData m = closed_room(2.0f, 2);
    const World w = world_of(m);
    ParticleSettings st;
    st.radius = 0.1f;
    st.capacity = 64;
    ParticleSystem ps(w, st);
    Rng rng(0x5E7);
    for (int k = 0; k < 40; ++k) REQUIRE(ps.spawn(rng.vec(-1.7f, 1.7f), rng.vec(-2, 2)) >= 0);
    REQUIRE(ps.spawn({-1.85f, -1.5f, -1.85f}, {-1, 0, -1}) >= 0);  // into a corner
    REQUIRE(ps.spawn({1.85f, -1.5f, 0}, {3, 0, 0}) >= 0);          // against a wall
    for (int step = 0; step < 600; ++step) ps.step(1.0f / 60.0f);
    for (std::uint32_t i = 0; i < ps.count(); ++i) REQUIRE(penetration(w, ps, i) == 0.0f);

    std::vector<Vec3> before(ps.count());
    for (std::uint32_t i = 0; i < ps.count(); ++i) before[i] = position(ps, i);
    CHECK(ps.set_radius(0.25f) == 0);
    CHECK(ps.settings().radius == 0.25f);
    int lifted = 0;
    for (std::uint32_t i = 0; i < ps.count(); ++i) {
        INFO("particle " << i << " at " << position(ps, i));
        CHECK(ps.radii()[i] == 0.25f);
        CHECK(penetration(w, ps, i) == 0.0f);
        CHECK(!ps.sleeping(i));
        lifted += position(ps, i).y > before[i].y + 0.1f;
    }
    CHECK(lifted == static_cast<int>(ps.count()));  // every one rested on the floor, and was lifted off it
    // And they go on resting on the floor at the new radius, never inside it.
    for (int step = 0; step < 300; ++step) {
        ps.step(1.0f / 60.0f);
        for (std::uint32_t i = 0; i < ps.count(); ++i) REQUIRE(penetration(w, ps, i) == 0.0f);
    }
    CHECK(ps.spawn({0, 1, 0}, {0, 0, 0}) >= 0);
    CHECK(ps.radii()[ps.count() - 1] == 0.25f);
}

TEST_CASE("ParticleSystem::set_radius: a particle with no room for its new radius keeps the old one and stays put") {
    // Two walls 0.5 m apart: a particle of radius 0.1 between them cannot grow to 0.3.
    MeshData m;
    m.quad({-0.25f, -5, -5}, {-0.25f, -5, 5}, {-0.25f, 5, 5}, {-0.25f, 5, -5});
    m.quad({0.25f, -5, -5}, {0.25f, 5, -5}, {0.25f, 5, 5}, {0.25f, -5, 5});
    const World w = world_of(m);
    ParticleSettings st;
    st.radius = 0.1f;
    st.gravity = {0, 0, 0};
    ParticleSystem ps(w, st);
    ps.spawn({0.1f, 0, 0}, {0, 0, 0});
    ps.spawn({-0.1f, 1, 0}, {0, 0, 0});
    CHECK(ps.set_radius(0.2f) == 0);  // 0.4 m fits in 0.5 m: both pushed to the middle's side
    CHECK(penetration(w, ps, 0) == 0.0f);
    CHECK(penetration(w, ps, 1) == 0.0f);
    const Vec3 before[2] = {position(ps, 0), position(ps, 1)};
    CHECK(ps.set_radius(0.3f) == 2);  // 0.6 m does not fit
    for (std::uint32_t i = 0; i < 2; ++i) {
        CHECK(ps.radii()[i] == 0.2f);
        CHECK(position(ps, i) == before[i]);
        CHECK(penetration(w, ps, i) == 0.0f);
    }
    CHECK(ps.settings().radius == 0.3f);  // later spawns take it
}

TEST_CASE("ParticleSystem::set_radius: shrunk particles wake and settle on the floor at the new radius") {
    const World w = world_of(flat_floor(1, 20.0f));
    ParticleSettings st;
    st.radius = 0.3f;
    ParticleSystem ps(w, st);
    ps.spawn({0, 1, 0}, {0, 0, 0});
    for (int step = 0; step < 300; ++step) ps.step(1.0f / 60.0f);
    REQUIRE(ps.sleeping(0));
    CHECK(ps.set_radius(0.1f) == 0);
    CHECK_FALSE(ps.sleeping(0));
    for (int step = 0; step < 300; ++step) ps.step(1.0f / 60.0f);
    CHECK(position(ps, 0).y >= 0.1f);
    CHECK(position(ps, 0).y < 0.1f + 1e-3f);
}

TEST_CASE("ParticleSystem::set_radius: a radius that is not finite and > 0 changes nothing") {
    const World w = world_of(flat_floor(1, 20.0f));
    ParticleSettings st;
    ParticleSystem ps(w, st);
    ps.spawn({0, 1, 0}, {0, 0, 0}, 0.2f);
    for (const float bad :
         {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
        CHECK(ps.set_radius(bad) == 0);
        CHECK(ps.radii()[0] == 0.2f);
        CHECK(ps.settings().radius == st.radius);
    }
}
