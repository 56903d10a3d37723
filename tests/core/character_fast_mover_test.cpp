// character.hpp (MOVING WORLDS) with objects that move farther in one step than the capsule is
// wide: a ride carries the character rigidly with its ground, but never through what stays — a
// platform sliding into a wall, a lift sinking through the ground; and a crushed character is
// never squeezed out through an open ground; a wall or plate whose face passes the capsule's axis in one step
// pushes it ahead, never through, and crushes it against a wall beyond. Found by tests/fuzz/moving_fuzz.cpp
// (tests/fuzz/corpus/moving/ride-*.bin, crush-*.bin, spawn-*.bin). Penetrations are measured independently of
// the world's queries: the distance from the capsule's vertical axis to an axis-aligned box, in
// double.
#include "catch_support.hpp"

#include <cmath>

#include "character_support.hpp"
#include "meshes.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

std::uint32_t add_box_object(World& w, Vec3 lo, Vec3 hi) {
    MeshData m;
    add_box(m, lo, hi);
    const AddResult r = w.add_mesh(m.positions, m.indices);
    REQUIRE(r.ok);
    return r.object;
}

// How deep the upright capsule at c is in the solid axis-aligned box [lo, hi]: its radius less the
// distance from its axis to the box, or at least the radius when the axis meets the box.
double box_penetration(const CharacterSettings& s, Vec3 c, Vec3 lo, Vec3 hi) {
    const double half = 0.5 * s.height - s.radius;
    const double y0 = c.y - half, y1 = c.y + half;
    const double dx = std::fmax(std::fmax(lo.x - double(c.x), 0.0), double(c.x) - hi.x);
    const double dz = std::fmax(std::fmax(lo.z - double(c.z), 0.0), double(c.z) - hi.z);
    const double dy = std::fmax(std::fmax(lo.y - y1, 0.0), y0 - hi.y);
    return std::fmax(0.0, s.radius - std::sqrt(dx * dx + dy * dy + dz * dz));
}

// A 4 m platform 0.2 m thick whose top is at the origin of its pose, placed at `where`, and a
// character standing on it at rest (two settling steps).
struct Platform {
    World w;
    std::uint32_t platform = kNoIndex;
    CharacterSettings s = settings();
    Vec3 where;
    explicit Platform(Vec3 at) : where(at) { platform = add_box_object(w, {-2, -0.2f, -2}, {2, 0, 2}); }
    CharacterController start() {
        w.teleport(platform, Transform{where, {}, 1.0f});
        CharacterController ch(w, s, where + Vec3{0, 0.5f * s.height + s.skin_width, 0});
        for (int i = 0; i < 2; ++i) {
            w.set_transform(platform, Transform{where, {}, 1.0f});
            w.update(1.0f / 60.0f);
            ch.move({0, -0.01f, 0}, 1.0f / 60.0f);
        }
        REQUIRE(ch.grounded());
        return ch;
    }
    CharacterMove step(CharacterController& ch, Vec3 to, float dt) {
        w.set_transform(platform, Transform{to, {}, 1.0f});
        w.update(dt);
        return ch.move({0, -0.01f, 0}, dt);
    }
};

}  // namespace

TEST_CASE("character ride: a platform sliding into a wall in one step carries its rider up to the wall") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f}) {
        INFO("dt = " << dt);
        Platform p({0, 1, 0});
        const Vec3 lo{1.5f, -1, -3}, hi{4.5f, 4, 3};  // a 3 m thick wall
        add_box_object(p.w, lo, hi);
        CharacterController ch = p.start();
        REQUIRE(box_penetration(p.s, ch.position(), lo, hi) == 0.0);
        // 3 m in one step: the rigid carry would put the capsule wholly inside the wall.
        const CharacterMove m = p.step(ch, {3, 1, 0}, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z);
        REQUIRE(is_finite(m.position));
        CHECK(m.carried);
        CHECK(box_penetration(p.s, ch.position(), lo, hi) <= p.s.skin_width);
        CHECK(ch.position().x <= lo.x - p.s.radius + 1e-4f);
        // Carried as far as the wall lets it, a skin short.
        CHECK(ch.position().x >= lo.x - p.s.radius - 2.0f * p.s.skin_width);
    }
}

TEST_CASE("character ride: a lift sinking through the ground in one step leaves its rider on the ground") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f}) {
        INFO("dt = " << dt);
        Platform p({0, 1, 0});
        // The ground: an open quad at y = 0 (one-sided, like a terrain), 20 m wide.
        MeshData ground;
        ground.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
        REQUIRE(p.w.add_mesh(ground.positions, ground.indices).ok);
        CharacterController ch = p.start();
        const CharacterMove m = p.step(ch, {0, -2, 0}, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z);
        REQUIRE(is_finite(m.position));
        CHECK(m.carried);
        // Its feet stay on or above the ground (a skin above, or snapped onto it).
        CHECK(ch.position().y - 0.5f * p.s.height >= -1e-4f);
        CHECK(ch.position().y - 0.5f * p.s.height <= 2.0f * p.s.skin_width);
    }
}

TEST_CASE("character ride: a long carry with nothing in the way stays the ground's rigid motion") {
    Platform p({0, 1, 0});
    CharacterController ch = p.start();
    const Vec3 before = ch.position();
    // 3 m sideways and 0.5 m up in one step, nothing in the way.
    const CharacterMove m = p.step(ch, {-3, 1.5f, 0.5f}, 1.0f / 15.0f);
    CHECK(m.carried);
    CHECK(m.position.x == Approx(before.x - 3.0f).margin(1e-5));
    CHECK(m.position.z == Approx(before.z + 0.5f).margin(1e-5));
    CHECK(m.position.y == Approx(before.y + 0.5f).margin(p.s.skin_width));
}

TEST_CASE("character crushed: a sphere dropped onto it over an open ground never squeezes it under the ground") {
    // A squat capsule standing on a one-sided ground quad; a 0.94 m sphere comes down 2.6 m in one
    // step to overlap it from above, slightly off its axis: the push out of the sphere points
    // down, through the ground, where the capsule would overlap nothing.
    World w;
    MeshData ground;
    ground.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
    REQUIRE(w.add_mesh(ground.positions, ground.indices).ok);
    const AddResult ball = w.add_sphere({0.1f, 3.5f, 0.1f}, 0.94f);
    REQUIRE(ball.ok);
    CharacterSettings s = settings();
    s.height = 0.7f;
    CharacterController ch(w, s, {0, 0.5f * s.height + s.skin_width, 0});
    for (int i = 0; i < 2; ++i) {
        w.update(1.0f / 60.0f);
        ch.move({0, -0.01f, 0}, 1.0f / 60.0f);
    }
    REQUIRE(ch.grounded());
    w.set_transform(ball.object, Transform{{0.1f, 0.9f, 0.1f}, {}, 1.0f});
    w.update(1.0f / 15.0f);
    const CharacterMove m = ch.move({0, -0.01f, 0}, 1.0f / 15.0f);
    INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z);
    REQUIRE(is_finite(m.position));
    CHECK(m.crushed);
    // Kept out of the ground (what did not move): its feet on or above it.
    CHECK(ch.position().y - 0.5f * s.height >= -1e-4f);
}

TEST_CASE("character spawned: a sphere coming down on it on its first move never pushes it under the ground") {
    // As above, but the sphere lands on the move right after the spawn, whose push out of what the
    // capsule overlaps (after a spawn or a teleport) must leave what moved to the pushes.
    World w;
    MeshData ground;
    ground.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
    REQUIRE(w.add_mesh(ground.positions, ground.indices).ok);
    const AddResult ball = w.add_sphere({0.1f, 3.5f, 0.1f}, 0.94f);
    REQUIRE(ball.ok);
    CharacterSettings s = settings();
    s.height = 0.7f;
    CharacterController ch(w, s, {0, 0.5f * s.height + s.skin_width, 0});
    w.set_transform(ball.object, Transform{{0.1f, 0.9f, 0.1f}, {}, 1.0f});
    w.update(1.0f / 15.0f);
    const CharacterMove m = ch.move({0, -0.01f, 0}, 1.0f / 15.0f);
    INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z);
    REQUIRE(is_finite(m.position));
    CHECK(m.crushed);
    CHECK(ch.position().y - 0.5f * s.height >= -1e-4f);
}

TEST_CASE("character crushed: pushed under a low still beam, it is never pushed out of the beam through the floor") {
    // A solid box slides 1 m in one step into a character standing on an open floor and pushes it
    // under a beam lying between the heights of its end spheres' centres (which the push's
    // crossing test follows). The beam crosses its axis nearer the feet, so the deeper of the two
    // ways out of the beam is down, through the floor.
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f}) {
        INFO("dt = " << dt);
        World w;
        MeshData floor;
        floor.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
        REQUIRE(w.add_mesh(floor.positions, floor.indices).ok);
        const Vec3 lo{0.5f, 0.5f, -2}, hi{3, 0.7f, 2};
        add_box_object(w, lo, hi);
        const AddResult pusher = w.add_box({-2.4f, 1, 0}, {}, {2, 1, 2});  // its +x face at -0.4
        REQUIRE(pusher.ok);
        const CharacterSettings s = settings();
        CharacterController ch(w, s, {0, 0.5f * s.height + s.skin_width, 0});
        for (int i = 0; i < 2; ++i) {
            w.update(dt);
            ch.move({0, -0.01f, 0}, dt);
        }
        REQUIRE(ch.grounded());
        w.set_transform(pusher.object, Transform{{-1.4f, 1, 0}, {}, 1.0f});  // the face at 0.6
        w.update(dt);
        const CharacterMove m = ch.move({0, -0.01f, 0}, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z << " crushed " << m.crushed
                         << " depth " << m.crush_depth);
        REQUIRE(is_finite(m.position));
        CHECK(m.crushed);
        // Never below the floor; squeezed out of the beam too (onto it).
        CHECK(ch.position().y - 0.5f * s.height >= -s.skin_width);
        CHECK(box_penetration(s, ch.position(), lo, hi) <= s.skin_width);
    }
}

namespace {

// A character standing at the origin on an open floor, and a box mesh (x from -thickness to 0 in
// its own frame, 3 m tall, 6 m wide) placed with that face at `face` along +x.
struct Sweeper {
    World w;
    CharacterSettings s = settings();
    std::uint32_t mover = kNoIndex;
    float thickness;
    Sweeper(float thick, float face) : thickness(thick) {
        MeshData floor;
        floor.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
        REQUIRE(w.add_mesh(floor.positions, floor.indices).ok);
        mover = add_box_object(w, {-thick, 0.05f, -3}, {0, 3, 3});
        w.teleport(mover, Transform{{face, 0, 0}, {}, 1.0f});
    }
    CharacterController stand(float dt) {
        CharacterController ch(w, s, {0, 0.5f * s.height + s.skin_width, 0});
        for (int i = 0; i < 2; ++i) {
            w.update(dt);
            ch.move({0, -0.01f, 0}, dt);
        }
        REQUIRE(ch.grounded());
        return ch;
    }
    CharacterMove sweep_to(CharacterController& ch, float face, float dt) {
        w.set_transform(mover, Transform{{face, 0, 0}, {}, 1.0f});
        w.update(dt);
        return ch.move({0, -0.01f, 0}, dt);
    }
    Vec3 lo(float face) const { return {face - thickness, 0.05f, -3}; }
    Vec3 hi(float face) const { return {face, 3, 3}; }
};

}  // namespace

TEST_CASE("character pushed: a wall sweeping past its axis in one step pushes it ahead, never through") {
    // 30 and 60 m/s at 60 and 15 steps a second: 0.5 to 4 m in one step, farther than the 0.35 m
    // radius. The 0.6 m wall's face ends the step past the capsule's axis, nearer the wall's back
    // face than its front from 1 m on (the contacts at the end pose alone push it out backwards).
    for (const float speed : {30.0f, 60.0f})
        for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
            const float travel = speed * dt;
            const float end = std::fmin(0.45f, travel - 0.4f);
            INFO("speed " << speed << " dt " << dt << " face " << end - travel << " -> " << end);
            Sweeper sw(0.6f, end - travel);
            CharacterController ch = sw.stand(dt);
            REQUIRE(box_penetration(sw.s, ch.position(), sw.lo(end - travel), sw.hi(end - travel)) == 0.0);
            const CharacterMove m = sw.sweep_to(ch, end, dt);
            INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z << " crushed "
                             << m.crushed);
            REQUIRE(is_finite(m.position));
            CHECK(m.pushed);
            CHECK_FALSE(m.crushed);
            CHECK(box_penetration(sw.s, ch.position(), sw.lo(end), sw.hi(end)) <= sw.s.skin_width);
            // Ahead of the face, within a few skins; still on the floor.
            CHECK(ch.position().x >= end + sw.s.radius - 1e-4f);
            CHECK(ch.position().x <= end + sw.s.radius + 3.0f * sw.s.skin_width);
            CHECK(ch.position().y - 0.5f * sw.s.height >= -1e-4f);
        }
}

TEST_CASE("character pushed: a thin plate crossing its axis in one step takes it along ahead") {
    // A 0.1 m plate moving 0.7 m (42 m/s at dt 1/60) from 0.4 m behind the axis to 0.3 m past it:
    // at the end pose the capsule overlaps the plate only from behind.
    for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
        INFO("dt = " << dt);
        Sweeper sw(0.1f, -0.4f);
        CharacterController ch = sw.stand(dt);
        const CharacterMove m = sw.sweep_to(ch, 0.3f, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z);
        REQUIRE(is_finite(m.position));
        CHECK(m.pushed);
        CHECK_FALSE(m.crushed);
        CHECK(box_penetration(sw.s, ch.position(), sw.lo(0.3f), sw.hi(0.3f)) <= sw.s.skin_width);
        CHECK(ch.position().x >= 0.3f + sw.s.radius - 1e-4f);
    }
}

TEST_CASE("character crushed: a fast mover sweeping it into a wall keeps it out of the wall and says so") {
    // A still 1 m wall 0.25 m beyond the capsule; a 1 m box comes 2 m in one step, its face ending
    // 0.45 m past the axis, 0.15 m short of the wall: no room for the capsule between them.
    for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
        INFO("dt = " << dt);
        Sweeper sw(1.0f, -1.55f);
        const Vec3 wlo{0.6f, 0, -3}, whi{1.6f, 3, 3};
        add_box_object(sw.w, wlo, whi);
        CharacterController ch = sw.stand(dt);
        const CharacterMove m = sw.sweep_to(ch, 0.45f, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z << " depth " << m.crush_depth);
        REQUIRE(is_finite(m.position));
        CHECK(m.crushed);
        CHECK(m.crush_depth > 0.0f);
        CHECK(box_penetration(sw.s, ch.position(), wlo, whi) <= sw.s.skin_width);
        // Never pushed out backwards through the mover.
        CHECK(ch.position().x > 0.45f - 1.0f);
        // The mover stops there: the character stays crushed (its centre inside the mover, which
        // no face touches) and out of the wall.
        const CharacterMove m2 = sw.sweep_to(ch, 0.45f, dt);
        CHECK(m2.crushed);
        CHECK(box_penetration(sw.s, ch.position(), wlo, whi) <= sw.s.skin_width);
    }
}
