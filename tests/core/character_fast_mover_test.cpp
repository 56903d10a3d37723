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

#include "capsule_reference.hpp"
#include "character_support.hpp"
#include "meshes.hpp"
#include "overlap_reference.hpp"
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

// The arena of tests/fuzz/moving_fuzz.cpp, for replaying what it found: rolling terrain over
// [-8, 8]^2 walled in by four 1 m thick boxes, and a still slab when `slab_lo` < `slab_hi`.
struct Arena {
    World w;
    MeshData ground;
    std::vector<std::uint32_t> still;
    Arena(Vec3 slab_lo, Vec3 slab_hi) {
        ground = heightfield(8, 16.0f, [](float x, float z) {
            return 0.5f * std::sin(0.5f * x) + 0.4f * std::cos(0.37f * z) + 0.15f * std::sin(1.3f * (x + z));
        });
        MeshData m = ground;
        add_box(m, {-9, -4, -9}, {-8, 8, 9});
        add_box(m, {8, -4, -9}, {9, 8, 9});
        add_box(m, {-8, -4, -9}, {8, 8, -8});
        add_box(m, {-8, -4, 8}, {8, 8, 9});
        still.push_back(w.add_mesh(m.positions, m.indices).object);
        if (slab_lo.x < slab_hi.x) still.push_back(add_box_object(w, slab_lo, slab_hi));
    }
    // The terrain's height under (x, z), in double from the triangle whose shadow holds the point.
    double terrain(double x, double z) const {
        for (std::size_t t = 0; t + 2 < ground.indices.size(); t += 3) {
            DVec3 v[3];
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t i = ground.indices[t + k];
                v[k] = {ground.positions[3 * i], ground.positions[3 * i + 1], ground.positions[3 * i + 2]};
            }
            const double det = (v[1].x - v[0].x) * (v[2].z - v[0].z) - (v[2].x - v[0].x) * (v[1].z - v[0].z);
            const double b1 = ((x - v[0].x) * (v[2].z - v[0].z) - (v[2].x - v[0].x) * (z - v[0].z)) / det;
            const double b2 = ((v[1].x - v[0].x) * (z - v[0].z) - (x - v[0].x) * (v[1].z - v[0].z)) / det;
            if (b1 >= -1e-12 && b2 >= -1e-12 && b1 + b2 <= 1 + 1e-12)
                return v[0].y + b1 * (v[1].y - v[0].y) + b2 * (v[2].y - v[0].y);
        }
        return -INFINITY;
    }
    // How deep the capsule at c is in what stays: its radius less the distance from its axis to the
    // nearest still triangle (double), or at least the radius when its centre is below the terrain
    // or inside a wall.
    double in_still(const CharacterSettings& s, Vec3 c) const {
        const double half = 0.5 * s.height - s.radius;
        const DVec3 p0{c.x, c.y - half, c.z}, p1{c.x, c.y + half, c.z};
        double dist = INFINITY;
        for (const std::uint32_t o : still)
            for (std::uint32_t k = 0; k < w.triangle_count(o); ++k)
                dist = std::fmin(dist, ref_segment_triangle(p0, p1, w.triangle(o, k)).dist);
        const float ax = std::fabs(c.x), az = std::fabs(c.z);
        const bool walls = (ax > 8.0f || az > 8.0f) && ax < 9.0f && az < 9.0f && c.y > -4.0f && c.y < 8.0f;
        const bool inside = c.y < terrain(c.x, c.z) || walls;
        return inside ? s.radius + dist : std::fmax(0.0, s.radius - dist);
    }
};

// One step of a replay: the mover's pose (set when `moved`), the step's dt and the character's
// displacement.
struct Step {
    Vec3 position;
    Quat rotation;
    float scale;
    bool moved;
    float dt;
    Vec3 displacement;
};

CharacterSettings replay_settings(float radius, float height, float step, float slope, float snap, float skin) {
    CharacterSettings s;
    s.radius = radius;
    s.height = height;
    s.step_height = step;
    s.max_slope_degrees = slope;
    s.snap_distance = snap;
    s.skin_width = skin;
    return s;
}

// How deep the capsule at c is inside the box of half extents `half` at pose t: its radius less the
// distance from its axis to the box's faces, or the radius when the axis meets the box (double).
double in_box(const CharacterSettings& s, Vec3 c, Vec3 half, const Transform& t) {
    const double h = 0.5 * s.height - s.radius;
    const DVec3 p0{c.x, c.y - h, c.z}, p1{c.x, c.y + h, c.z};
    const RefBox b = ref_box(OBB{t.position, t.rotation, half * t.scale});
    if (ref_segment_meets_box(p0, p1, b)) return s.radius;
    return std::fmax(0.0, s.radius - ref_segment_box_distance(p0, p1, b));
}

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
        CharacterController ch = settled(w, s, dt);
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
        CharacterController ch = settled(w, s, dt);
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

TEST_CASE(
    "character pushed: shoved under a still slab above its top sphere's centre, it is crushed short of the slab") {
    // A solid box slides 0.95 m in one step, past the axis of a character standing on a floor, and
    // the shortest way out of it is toward a still slab whose underside (1.5 m) lies between the
    // centre of the capsule's top sphere (1.36 m) and its top (1.71 m): the rays of the push's
    // crossing test pass below the slab, and that push would leave it 0.18 m inside the slab, with
    // no way out of it but down, through the floor (the shape of
    // tests/fuzz/corpus/moving/capsule-crush-into-slab.bin, where a capsule primitive pushed).
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f}) {
        INFO("dt = " << dt);
        World w;
        add_box_object(w, {-10, -1, -10}, {10, 0, 10});
        const Vec3 lo{1, 1.5f, -2}, hi{4, 1.8f, 2};
        add_box_object(w, lo, hi);
        const AddResult pusher = w.add_box({-1.4f, 1, 0}, {}, {1, 1, 2});  // its +x face at -0.4
        REQUIRE(pusher.ok);
        const CharacterSettings s = settings();
        CharacterController ch = settled(w, s, dt);
        REQUIRE(ch.grounded());
        w.set_transform(pusher.object, Transform{{-0.45f, 1, 0}, {}, 1.0f});  // the face at 0.55
        w.update(dt);
        const CharacterMove m = ch.move({0, -0.01f, 0}, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z << " crushed " << m.crushed);
        REQUIRE(is_finite(m.position));
        CHECK(m.crushed);
        CHECK(box_penetration(s, ch.position(), lo, hi) <= s.skin_width + 1e-4);
        CHECK(box_penetration(s, ch.position(), {-10, -1, -10}, {10, 0, 10}) <= s.skin_width + 1e-4);
    }
}

TEST_CASE("character crushed: swept toward a wall under a thin still slab, it is kept short of the slab") {
    // A 3 m box mesh comes 2.3 m in one step, its face ending 1.8 m past the axis of a character
    // standing on a floor; the way ahead of the face runs into a still wall at 2 m, and under it a
    // 0.2 m slab reaches from the wall to 0.5 m, between the heights of the capsule's end spheres'
    // centres (0.36 and 1.36 m), so rays from those centres along the way pass above and below it.
    // Kept a skin short of the wall along that way, the capsule would sit 1.1 m into the slab, and
    // be squeezed out of it through the wall.
    for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
        INFO("dt = " << dt);
        Sweeper sw(3.0f, -0.5f);
        const Vec3 wlo{2, 0, -3}, whi{3, 3, 3}, slo{0.5f, 0.8f, -2}, shi{2, 1, 2};
        add_box_object(sw.w, wlo, whi);
        add_box_object(sw.w, slo, shi);
        CharacterController ch = sw.stand(dt);
        REQUIRE(box_penetration(sw.s, ch.position(), slo, shi) == 0.0);
        const CharacterMove m = sw.sweep_to(ch, 1.8f, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z << " depth " << m.crush_depth);
        REQUIRE(is_finite(m.position));
        CHECK(m.crushed);
        CHECK(box_penetration(sw.s, ch.position(), slo, shi) <= sw.s.skin_width + 1e-4);
        CHECK(box_penetration(sw.s, ch.position(), wlo, whi) <= sw.s.skin_width + 1e-4);
        CHECK(ch.position().x < wlo.x);  // never through the wall
        CHECK(ch.position().y - 0.5f * sw.s.height >= -sw.s.skin_width - 1e-4f);
        // The mover stays: still crushed, and out of the slab.
        const CharacterMove m2 = sw.sweep_to(ch, 1.8f, dt);
        CHECK(m2.crushed);
        CHECK(box_penetration(sw.s, ch.position(), slo, shi) <= sw.s.skin_width + 1e-4);
        CHECK(ch.position().x < wlo.x);
    }
}

TEST_CASE("character spawned: inside a solid box beside a wall, it is never pushed out of the box into the wall") {
    // The shortest way out of the box (x in [-2, 1]) is +x, 0.95 m, which ends with the axis inside a
    // closed wall (x from 1.05): there it touches none of the wall's faces, and stays
    // (tests/fuzz/corpus/moving/spawn-box-into-wall.bin).
    World w;
    const AddResult box = w.add_box({-0.5f, 1, 0}, {}, {1.5f, 2, 2});
    REQUIRE(box.ok);
    const Vec3 lo{1.05f, -1, -3}, hi{3.05f, 3, 3};
    add_box_object(w, lo, hi);
    const CharacterSettings s = settings();
    CharacterController ch(w, s, {0.4f, 1, 0});
    w.update(1.0f / 60.0f);
    const CharacterMove m = ch.move({0, 0, 0}, 1.0f / 60.0f);
    INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z);
    REQUIRE(is_finite(m.position));
    CHECK(box_penetration(s, ch.position(), lo, hi) <= s.skin_width);
}

TEST_CASE("character pushed: wedged between a sphere and the terrain, a push the passes cannot clear is a crush") {
    // tests/fuzz/corpus/moving/wedged-below-terrain.bin: a 1.55 m sphere rolling down onto a
    // character by the arena's wall. On the third move the four passes go sphere, terrain, sphere,
    // wall: the last push out of the sphere left it 2 mm in the terrain (within the rounding
    // allowance of the contact depths), where the lift onto the ground stopped under the sphere.
    // It is pinned: crushed and squeezed out, its feet within a skin of the terrain at worst.
    Arena arena({}, {});
    arena.still.push_back(
        add_box_object(arena.w, {4.58548927f, 3.0926013f, -4.94452238f}, {6.38242149f, 3.50095224f, 1.58878756f}));
    const AddResult ball = arena.w.add_sphere({5.58517075f, 1.42623115f, 7.52196026f}, 1.33899879f);
    REQUIRE(ball.ok);
    arena.w.teleport(ball.object, Transform{{5.58517075f, 1.42623115f, 7.52196026f},
                                            {0.0272431169f, 0.0411441363f, -0.0166826341f, 0.998642385f},
                                            1.15535975f});
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.387449116f, 1.43441176f, 0.372069418f, 7.95822144f, 0.296919972f, 0.0324501581f);
    CharacterController ch(arena.w, s, {2.70608974f, 0.816457927f, 7.5f});
    const Step steps[] = {
        {{4.97375774f, 1.57927346f, 7.29445934f},
         {0.049098406f, -0.0516725071f, -0.0916535258f, 0.993236601f},
         1.15535975f,
         true,
         0.0166666675f,
         {0.0352481529f, 0.0434397273f, -0.0866469219f}},
        {{4.36234426f, 1.73231578f, 7.06695843f},
         {0.0729178637f, -0.155613929f, -0.174724489f, 0.969504356f},
         1.15535975f,
         true,
         0.00980035961f,
         {0.0f, -0.00094222161f, -0.0f}},
        {{3.75093102f, 1.8853581f, 6.83945704f},
         {0.0974126682f, -0.26601392f, -0.26186955f, 0.92258966f},
         1.15535975f,
         true,
         0.00416666688f,
         {0.0f, -0.000170312516f, -0.0f}},
    };
    for (const Step& st : steps) {
        arena.w.set_transform(ball.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        CHECK(arena.in_still(s, c) <= s.skin_width + 1e-4);
        const double feet = double(c.y) - 0.5 * s.height, ground = arena.terrain(c.x, c.z);
        CHECK(feet >= ground - (m.crushed ? s.skin_width + 1e-4 : 1e-4));
    }
}

TEST_CASE("character crushed: a box mesh turning 94 degrees in one step never leaves it inside the box") {
    // tests/fuzz/corpus/moving/fast-turn-through.bin: a 3.5 x 2.7 x 4.9 m box mesh rising
    // slowly beside a character it pins, then turning 94 degrees about a slanted axis in one step.
    // Swept as one chord with the capsule's axis kept upright (the mover's frame turns it by the
    // same 94 degrees), the face that the turn carried past the axis went unseen, and the
    // contacts at the end pose pushed the capsule on, wholly inside the box, not crushed.
    Arena arena({}, {});
    const Vec3 half{1.77102292f, 1.33364379f, 2.43885827f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{
        {5.25651932f, 1.51788783f, 5.35711288f}, {0.0786047876f, 0.143904105f, 0.0261543524f, 0.986118078f}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.322795957f, 1.63827991f, 0.469947577f, 51.748642f, 0.0929193795f, 0.0347430557f);
    CharacterController ch(arena.w, s, {7.5f, 0.594246149f, 4.97311831f});
    const Step steps[] = {
        {{5.25651932f, 1.51788783f, 5.35711288f},
         {0.0786047876f, 0.143904105f, 0.0261543524f, 0.986118078f},
         1.0f,
         false,
         0.0440939181f,
         {0.0f, -0.0190733261f, 0.0f}},
        {{5.29765797f, 1.53954935f, 5.3977375f},
         {0.0774381012f, 0.145083249f, 0.0271119662f, 0.986011744f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0594717897f, -0.00993435644f, 0.0114663681f}},
        {{5.33879662f, 1.56121075f, 5.43836212f},
         {0.0762710422f, 0.14626196f, 0.0280695595f, 0.985901773f},
         1.0f,
         true,
         0.0166666675f,
         {0.0124525232f, -0.0126593569f, 0.0873147249f}},
        {{5.37993526f, 1.58287227f, 5.47898674f},
         {0.0751036108f, 0.147440225f, 0.0290271193f, 0.985788167f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0199131574f, 0.0960477293f, 0.00397936627f}},
        {{5.42107391f, 1.60453379f, 5.51961136f},
         {0.0739358217f, 0.148618013f, 0.0299846362f, 0.985670865f},
         1.0f,
         true,
         0.0166666675f,
         {-0.108206324f, 0.0933227316f, 0.0244227927f}},
        {{5.46221256f, 1.62619519f, 5.56023598f},
         {0.0727676973f, 0.149795324f, 0.0309420973f, 0.985549986f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0502595678f, 0.0905977413f, -0.0202321541f}},
        {{5.50335121f, 1.64785671f, 5.6008606f},
         {0.0715992451f, 0.150972158f, 0.0318994969f, 0.985425472f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, 0.0878727436f, 0.0f}},
        {{5.54449034f, 1.66951823f, 5.64148569f},
         {0.0704304799f, 0.15214847f, 0.0328568183f, 0.985297322f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0766634643f, 0.0851477459f, 0.0718856826f}},
        {{5.58562899f, 1.69117963f, 5.68211031f},
         {0.0692614093f, 0.153324276f, 0.0338140577f, 0.985165536f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0125822714f, 0.0824227482f, 0.0933535323f}},
        {{5.62676764f, 1.71284115f, 5.72273493f},
         {0.0680920482f, 0.154499546f, 0.0347711965f, 0.985030115f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, 0.0796977505f, 0.0f}},
        {{5.66790628f, 1.73450267f, 5.76335955f},
         {0.0669224113f, 0.155674279f, 0.0357282311f, 0.984891057f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, 0.0769727528f, 0.0f}},
        {{5.70904493f, 1.75616407f, 5.80398417f},
         {0.0657525063f, 0.156848446f, 0.0366851464f, 0.984748363f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999999866f, 0.0742477551f, 0.0999999866f}},
        {{5.8522296f, 1.89640379f, 5.94123507f},
         {0.471490532f, 0.481404364f, 0.468327165f, 0.57150346f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0146539491f, 0.0715227574f, 0.0102786236f}},
    };
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        CHECK(arena.in_still(s, c) <= s.skin_width + 1e-4);
        if (!m.crushed) CHECK(in_box(s, c, half, arena.w.transform(mover.object)) <= s.skin_width + 1e-4);
    }
}

TEST_CASE("character crushed: squeezed by a box mesh's half turn, it ends clear of every triangle and the box") {
    // tests/fuzz/corpus/moving/moving-spawned-in-terrain-squeezed-back-under.bin: spawned 0.76 m
    // into the terrain (on a box mesh buried under it), pushed below the terrain and out under the
    // wall's foot, then crushed by the box turning 180 degrees in one step while it scales 1 to
    // 1.08, and squeezed 2.7 m back under the terrain. Under the terrain is not inside it from
    // there (the terrain is an open surface): the squeeze must end clear of every still triangle
    // (double-precision distances from the axis) and of the box.
    Arena arena({4.65100574f, 3.20939684f, 5.94113541f}, {5.43490648f, 4.13006067f, 8.79725075f});
    const Vec3 half{2.12356234f, 0.227816612f, 1.25485003f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{{5.54649544f, -1.46522725f, 7.45597553f}, {}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.550389528f, 1.49852717f, 0.0734817386f, 11.4978256f, 0.281406403f, 0.0415803f);
    CharacterController ch(arena.w, s, {4.71373129f, -0.328330636f, 6.28264904f});
    const Step steps[] = {
        {{5.54649544f, -1.46522725f, 7.45597553f},
         {0.0f, 0.0f, 0.0f, 1.0f},
         1.0f,
         false,
         0.0166666675f,
         {0.0531197898f, -0.00272500026f, -0.0635348707f}},
        {{5.31151676f, -1.25064898f, 6.81321478f},
         {0.0338652283f, 0.00238199974f, -0.0167346057f, 0.999283433f},
         1.0f,
         true,
         0.0166666675f,
         {0.0170459598f, -0.00272500026f, 0.0768433586f}},
        {{5.07653809f, -1.03607059f, 6.1704545f},
         {0.0680857673f, 0.00478899106f, -0.033644788f, 0.997100532f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0730337799f, -0.00545000052f, 0.0177148189f}},
        {{4.84155941f, -0.821492314f, 5.52769375f},
         {0.10251452f, 0.00721062813f, -0.0506578609f, 0.993414581f},
         1.0f,
         true,
         0.0166666675f,
         {0.0205874089f, -0.00817500055f, 0.0775786862f}},
        {{4.60658121f, -0.606914043f, 4.88493347f},
         {0.136997521f, 0.00963608082f, -0.0676977411f, 0.988208413f},
         1.0f,
         true,
         0.0596130788f,
         {0.0f, 0.284944624f, 0.0f}},
        {{4.37160254f, -0.392335773f, 4.24217272f},
         {0.171377301f, 0.0120542729f, -0.0846866071f, 0.98148495f},
         1.0f,
         true,
         0.0166663192f,
         {-0.0849982649f, 0.0769384727f, 0.0709790215f}},
        {{4.13662386f, -0.177757382f, 3.59941196f},
         {0.205496296f, 0.0144541226f, -0.101546623f, 0.973268032f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0515134111f, 0.0742150843f, 0.0956444666f}},
        {{3.90164542f, 0.0368207693f, 2.95665169f},
         {0.239200532f, 0.0168247987f, -0.118201666f, 0.963601768f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0637478977f, 0.0714900866f, -0.0121293552f}},
        {{3.66666675f, 0.251399159f, 2.31389093f},
         {0.272343069f, 0.0191559661f, -0.134579152f, 0.952549636f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0347337052f, 0.0687650889f, 0.0886110663f}},
        {{3.43168831f, 0.465977311f, 1.67113066f},
         {0.30478704f, 0.021437997f, -0.150611445f, 0.940192223f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, 0.0768450126f, 0.0f}},
        {{3.19670963f, 0.680555701f, 1.0283699f},
         {0.336408466f, 0.0236621741f, -0.166237265f, 0.926625371f},
         1.0f,
         true,
         0.0166666675f,
         {0.0731732696f, 0.0741200149f, -0.0162500143f}},
        {{2.89611101f, 0.74344629f, 0.924995661f},
         {0.318949401f, 0.0224341452f, -0.15760982f, 0.934305668f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0800973773f, 0.0713950172f, -0.0671131387f}},
        {{2.59551263f, 0.80633688f, 0.821621478f},
         {0.301220626f, 0.0211871453f, -0.148849085f, 0.941626906f},
         1.0f,
         true,
         0.0166666675f,
         {0.0783457607f, 0.0686700195f, 0.0370657295f}},
        {{2.28070283f, 0.875462413f, 0.892109454f},
         {0.288259774f, 0.0202755108f, -0.142444447f, 0.946680903f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, 0.0659450218f, 0.0f}},
        {{1.96589303f, 0.944588006f, 0.96259737f},
         {0.275167614f, 0.0193546377f, -0.135974914f, 0.951535106f},
         1.0f,
         true,
         0.0166666675f,
         {0.0172299147f, 0.0632200167f, -0.0716216117f}},
        {{1.65108323f, 1.0137136f, 1.03308535f},
         {0.261952102f, 0.0184250902f, -0.129444435f, 0.956182897f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0710830092f, 0.060495019f, -0.0754735768f}},
        {{1.33627343f, 1.08283913f, 1.10357332f},
         {0.248621628f, 0.0174874552f, -0.122857131f, 0.960618317f},
         1.0f,
         true,
         0.0166666675f,
         {0.0613802783f, 0.0577700175f, 0.0104900366f}},
        {{1.02146363f, 1.15196466f, 1.1740613f},
         {0.235184863f, 0.0165423471f, -0.116217315f, 0.964835703f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, 0.0550450161f, 0.0f}},
        {{0.706653833f, 1.2210902f, 1.24454927f},
         {0.221650884f, 0.0155903976f, -0.109529451f, 0.968829751f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0515636913f, 0.0364906862f, 0.0086704595f}},
        {{0.391844034f, 1.29021573f, 1.31503713f},
         {0.208028987f, 0.014632266f, -0.102798156f, 0.972595692f},
         1.0f,
         true,
         0.0286764689f,
         {-0.0886397958f, 0.059406884f, 0.0153869353f}},
        {{0.077034235f, 1.35934138f, 1.38552511f},
         {0.194328785f, 0.0136686256f, -0.0960281566f, 0.976129115f},
         1.0f,
         true,
         0.031850297f,
         {0.0403447337f, 0.0560301952f, -0.0676669553f}},
        {{-0.237775564f, 1.4284668f, 1.45601308f},
         {0.180560097f, 0.0127001693f, -0.0892243236f, 0.979426265f},
         1.0f,
         true,
         0.0166666675f,
         {0.0858517066f, 0.0265945569f, -0.0358766094f}},
        {{5.74490643f, -2.3923974f, -0.47632587f},
         {-0.0605150871f, -0.0604377314f, 0.0581432283f, 0.994637907f},
         1.0f,
         true,
         0.0453886688f,
         {0.221639872f, 0.0522155985f, -0.121309325f}},
        {{5.74490643f, -2.3923974f, -0.47632587f},
         {-0.0605150871f, -0.0604377314f, 0.0581432283f, 0.994637907f},
         1.0f,
         false,
         0.0166666675f,
         {0.0f, 0.0364906862f, 0.0f}},
        {{5.68020058f, -2.45710325f, -0.541031778f},
         {-0.0494232215f, -0.0517077595f, 0.0680376664f, 0.99511534f},
         1.0f,
         true,
         0.0286764689f,
         {0.0637732372f, 0.0547182821f, 0.0740397125f}},
        {{5.61549473f, -2.5218091f, -0.605737686f},
         {-0.0383067243f, -0.0429545864f, 0.0779206902f, 0.995296896f},
         1.0f,
         true,
         0.0166666675f,
         {-0.069039315f, 0.0290770829f, -0.0139635652f}},
        {{7.53051233f, -3.87141633f, -0.998646617f},
         {0.219314203f, -0.254585922f, -0.179657996f, 0.924559534f},
         1.0f,
         true,
         0.0166666675f,
         {0.0513725467f, 0.0263520814f, -0.0729682818f}},
        {{9.44552994f, -5.22102356f, -1.39155555f},
         {0.436908782f, -0.419753551f, -0.404447854f, 0.685083628f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0103462068f, 0.02362708f, -0.0826434493f}},
        {{9.50390053f, -5.33640814f, -1.3331871f},
         {0.446463197f, -0.398537397f, -0.406703234f, 0.690239847f},
         1.0f,
         true,
         0.0666665658f,
         {0.283921123f, 0.050908301f, 0.283921123f}},
        {{9.56227207f, -5.45179272f, -1.27481878f},
         {0.455821157f, -0.376953155f, -0.408737898f, 0.695030034f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00258896453f, 0.0f}},
        {{9.62064266f, -5.56717682f, -1.21645033f},
         {0.464962244f, -0.355033278f, -0.410544187f, 0.699438989f},
         1.0f,
         true,
         0.055192057f,
         {0.0450570695f, -0.0384562798f, 0.155526653f}},
        {{9.54170322f, -5.57520437f, -1.14367831f},
         {0.464141399f, -0.354595184f, -0.41718477f, 0.696269989f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0935675055f, -0.0143378675f, 0.0874441862f}},
        {{9.46276379f, -5.5832324f, -1.07090628f},
         {0.463294208f, -0.354137123f, -0.423808604f, 0.693059623f},
         1.0f,
         true,
         0.0166666675f,
         {0.0838954672f, -0.0170628671f, -0.0345656052f}},
        {{9.38382435f, -5.59125996f, -0.998134255f},
         {0.462420762f, -0.353659153f, -0.430414528f, 0.689808369f},
         1.0f,
         true,
         0.0166666675f,
         {0.0922188163f, -0.0197878685f, -0.0727790147f}},
        {{9.30488491f, -5.59928751f, -0.92536217f},
         {0.461521119f, -0.353161305f, -0.437001467f, 0.686516643f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.0225128699f, 0.0f}},
        {{8.86049366f, -5.16153193f, -0.170556068f},
         {4.74667854e-39f, -1.03784775e-38f, -1.0f, 2.01749102e-38f},
         1.08361697f,
         true,
         0.0166666675f,
         {-0.0f, -0.00272500026f, 0.0f}},
    };
    CharacterMove m;
    Vec3 before;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        before = ch.position();
        m = ch.move(st.displacement, st.dt);
        REQUIRE(is_finite(ch.position()));
    }
    const Vec3 c = ch.position();
    INFO("from " << before.x << ", " << before.y << ", " << before.z << " to " << c.x << ", " << c.y << ", " << c.z);
    // The half turn crushed it and the squeeze took it far.
    CHECK(m.crushed);
    CHECK(length(c - before) > 2.0f);
    const double h = 0.5 * s.height - s.radius;
    const DVec3 p0{c.x, c.y - h, c.z}, p1{c.x, c.y + h, c.z};
    double dist = INFINITY;
    for (const std::uint32_t id : arena.still)
        for (std::uint32_t k = 0; k < arena.w.triangle_count(id); ++k)
            dist = std::fmin(dist, ref_segment_triangle(p0, p1, arena.w.triangle(id, k)).dist);
    CHECK(dist >= s.radius - s.skin_width - 1e-4);
    CHECK(in_box(s, c, half, arena.w.transform(mover.object)) <= s.skin_width + 1e-4);
}

TEST_CASE("character crushed: carried up under a still slab, standing on its pusher never lifts it into the slab") {
    // tests/fuzz/corpus/moving/moving-sphere-carried-into-slab-crushed.bin: a character 0.2 m tall
    // (radius 0.1) riding a scaled capsule primitive up under the still slab is pinned against the
    // slab's underside; on the next move the capsule rises 0.51 m and crushes it. The pushes leave
    // it under the slab, but the ground probe then stood it on the risen capsule: 0.15 m up, its
    // centre 0.05 m inside the slab.
    const Vec3 slab_lo{4.65100574f, 2.24616432f, 2.03870296f};
    Arena arena(slab_lo, {12.6508904f, 3.24616432f, 10.038702f});
    const Vec3 axis{1.49999976f, 1.49999976f, 1.49999976f};
    const Vec3 at{4.56201077f, -1.1517539f, 4.04705811f};
    const AddResult mover = arena.w.add_capsule(at - axis, at + axis, 1.49999988f);
    REQUIRE(mover.ok);
    arena.w.teleport(mover.object, Transform{at, {0.417933106f, 0.417933106f, 0.417933106f, 0.689924479f}, 1.6294117f});
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.100000001f, 0.200000003f, 0.427450955f, 76.9411697f, 0.427450955f, 0.0430352911f);
    CharacterController ch(arena.w, s, {6.69142246f, 0.614562094f, 6.1764698f});
    const Step steps[] = {
        {{4.56201077f, -1.1517539f, 4.04705811f},
         {0.417933106f, 0.417933106f, 0.417933106f, 0.689924479f},
         1.6294117f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{4.56201077f, -1.1517539f, 4.04705811f},
         {0.417933106f, 0.417933106f, 0.417933106f, 0.689924479f},
         1.6294117f,
         false,
         0.0450310148f,
         {-0.255859673f, -0.0272552148f, 0.0589309558f}},
        {{4.56201077f, -1.1517539f, 4.04705811f},
         {0.417933106f, 0.417933106f, 0.417933106f, 0.689924479f},
         1.6294117f,
         false,
         0.0166666675f,
         {-0.0415249579f, -0.0128125725f, -0.0415249579f}},
        {{4.97835875f, -0.619721472f, 4.17572832f},
         {0.378762543f, 0.378762543f, 0.378762543f, 0.754729629f},
         1.6294117f,
         true,
         0.0166666675f,
         {0.0434076004f, -0.015537573f, 0.0995985419f}},
        {{5.31409645f, -0.106419146f, 4.60064745f},
         {0.223227307f, 0.128917098f, 0.872063637f, 0.415998757f},
         1.55947709f,
         true,
         0.0166666675f,
         {-0.0659614727f, -0.0182625744f, 0.0709803924f}},
        {{5.64983463f, 0.40688318f, 5.0255661f},
         {0.135003522f, 0.0146326441f, 0.963132262f, 0.232241735f},
         1.48954248f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{5.98557234f, 0.920185506f, 5.45048523f},
         {0.0916975066f, -0.0381056964f, 0.98471874f, 0.14306809f},
         1.41960776f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{6.32131004f, 1.43348789f, 5.87540436f},
         {0.0670129061f, -0.0673162565f, 0.991171956f, 0.0924985632f},
         1.34967315f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{6.65704775f, 1.94679046f, 6.30032349f},
         {0.0512504615f, -0.0856611729f, 0.993176401f, 0.0603011549f},
         1.27973855f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},

    };
    bool crushed = false;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        crushed = crushed || m.crushed;
        CHECK(arena.in_still(s, c) <= s.skin_width + 1e-4);
        // Under the slab (inside its footprint): the sphere's top at most a skin above its underside.
        CHECK(double(c.y) + s.radius <= double(slab_lo.y) + s.skin_width + 1e-4);
    }
    CHECK(crushed);
}

TEST_CASE("character pushed: out of the ground across a fast mover's face, it never ends wholly inside it") {
    // tests/fuzz/corpus/moving/moving-half-turn-scaling-box.bin: a 3.5 x 2.7 x 4.9 m box mesh
    // turning 180 degrees in one step (move 36), then moving 3.7 m while it scales from 1.13 to
    // 1.25 (move 37), past a character on the terrain that rises toward where it is pushed. The
    // sweep put the capsule's axis a skin before the face it met, 0.31 m deep in the terrain; the
    // push out of the terrain along its slope took the axis 8 cm across that face, and the face's
    // contact then pushed the capsule wholly inside the box, where it touched nothing and was not
    // reported crushed. Pushes that end with the capsule inside a mesh that moved now count as a
    // crush from where they began, and the squeeze finds the free spot ahead of the face.
    Arena arena({}, {});
    const Vec3 half{1.77102292f, 1.33364379f, 2.43885827f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform =
        Transform{{-8.0f, 1.5178833f, 5.35711288f}, {0.077813372f, 0.142455235f, 0.0349676125f, 0.986118078f}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.322795957f, 1.63827991f, 0.469947577f, 51.748642f, 0.0929193795f, 0.0347430557f);
    CharacterController ch(arena.w, s, {-5.52932596f, 1.03159511f, 2.35718203f});
    const Step steps[] = {
        {{-7.84613228f, 1.5577842f, 5.22241354f},
         {0.0744731873f, 0.136340261f, 0.0334666073f, 0.987291753f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0344538987f, -0.00272500026f, 0.0426096916f}},
        {{-7.69226408f, 1.5976851f, 5.0877142f},
         {0.0711254254f, 0.130211413f, 0.0319621973f, 0.988415182f},
         1.0f,
         true,
         0.0512254871f,
         {-0.191553175f, -0.0257419366f, 0.241899878f}},
        {{-7.53839636f, 1.637586f, 4.95301485f},
         {0.0677705929f, 0.124069624f, 0.0304546077f, 0.989487946f},
         1.0f,
         true,
         0.0512254871f,
         {-0.213993385f, -0.0257419366f, 0.277392179f}},
        {{-7.38452864f, 1.6774869f, 4.81831551f},
         {0.0644091964f, 0.117915817f, 0.0289440714f, 0.990509748f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{-7.23066092f, 1.7173878f, 4.68361616f},
         {0.0610417575f, 0.111750945f, 0.0274308193f, 0.991480291f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{-7.07679272f, 1.75728869f, 4.54891682f},
         {0.0576687977f, 0.105575971f, 0.0259150863f, 0.992399335f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{-6.922925f, 1.79718959f, 4.41421747f},
         {0.0542908423f, 0.0993918478f, 0.0243971068f, 0.993266582f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709785372f}},
        {{-6.76905727f, 1.83709049f, 4.27951813f},
         {0.0509084128f, 0.0931995362f, 0.0228771176f, 0.994081914f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{-6.61518955f, 1.87699139f, 4.14481878f},
         {0.0475220531f, 0.0870000198f, 0.0213553607f, 0.994845033f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{-6.46132183f, 1.91689229f, 4.01011944f},
         {0.0441322848f, 0.0807942748f, 0.0198320746f, 0.995555758f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0912216604f, -0.00272500026f, 0.0419188626f}},
        {{-6.30745363f, 1.95679331f, 3.87542009f},
         {0.0407396443f, 0.0745832697f, 0.0183074977f, 0.996214032f},
         1.0f,
         true,
         0.0221727528f,
         {-0.0678200275f, -0.00482290005f, -0.00825123955f}},
        {{-6.15358591f, 1.99669409f, 3.74072075f},
         {0.0373446755f, 0.0683679953f, 0.0167818721f, 0.996819735f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0730371624f, -0.00272500026f, 0.025089059f}},
        {{-6.12529087f, 1.96223044f, 3.69576454f},
         {0.000982089783f, 0.00178767974f, 0.999654353f, 0.0262101088f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, 0.0561116673f, 0.0f}},
        {{-6.09699583f, 1.92776668f, 3.65080833f},
         {0.000453503366f, 0.000819975743f, 0.999926329f, 0.0121008558f},
         1.0f,
         true,
         0.0166666675f,
         {-0.00746893929f, 0.0897704139f, -0.00713269738f}},
        {{-6.06870031f, 1.89330304f, 3.60585213f},
         {0.000277175714f, 0.000497166242f, 0.999972522f, 0.0073942435f},
         1.0f,
         true,
         0.0166666675f,
         {0.0591877662f, 0.0870454162f, -0.00912335794f}},
        {{-6.04040527f, 1.85883939f, 3.56089568f},
         {0.000188993712f, 0.000335728313f, 0.999987245f, 0.00504045235f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0990568921f, 0.084320426f, 0.0234989151f}},
        {{-6.01211023f, 1.82437563f, 3.51593947f},
         {0.000136079543f, 0.00023885649f, 0.999993384f, 0.00362804509f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0199150834f, 0.0815954283f, 0.00419533392f}},
        {{-5.98381519f, 1.78991199f, 3.47098327f},
         {0.000100801561f, 0.000174271845f, 0.999996364f, 0.00268639042f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0716579929f, 0.0788704306f, -0.0239238124f}},
        {{-5.95551968f, 1.75544834f, 3.42602706f},
         {7.56021545e-05f, 0.000128138417f, 0.999997973f, 0.00201375713f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0358885191f, 0.0761454329f, 0.0541625693f}},
        {{-5.92722464f, 1.7209847f, 3.38107085f},
         {5.67021416e-05f, 9.35375137e-05f, 0.999998868f, 0.00150927005f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0237010252f, 0.0734204352f, 0.00311438972f}},
        {{-5.8989296f, 1.68652105f, 3.33611465f},
         {4.20018914e-05f, 6.66252599e-05f, 0.999999344f, 0.00111688476f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0371738933f, 0.0706954375f, 0.00401151692f}},
        {{-5.87063456f, 1.65205729f, 3.2911582f},
         {3.02415265e-05f, 4.50951593e-05f, 0.999999702f, 0.000802972179f},
         1.0f,
         true,
         0.0511853248f,
         {-0.209661916f, 0.191412523f, -0.00914566871f}},
        {{-5.84233952f, 1.61759365f, 3.24620199f},
         {2.06193199e-05f, 2.74794547e-05f, 0.999999821f, 0.000546132156f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0538092777f, 0.059601631f, 0.0574221797f}},
        {{-5.814044f, 1.58312988f, 3.20124578f},
         {1.26007399e-05f, 1.27995672e-05f, 0.99999994f, 0.000332096854f},
         1.0f,
         true,
         0.0166666675f,
         {0.0207883213f, 0.0568766296f, -0.0950080603f}},
        {{-5.78574896f, 1.54866624f, 3.15628958f},
         {5.81574659e-06f, 3.78049663e-07f, 1.0f, 0.00015098897f},
         1.0f,
         true,
         0.0644867569f,
         {0.0f, 0.179272056f, 0.0f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0849197656f, 0.0588586144f, 0.0016983978f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.0166666675f,
         {-0.062702924f, 0.0561336167f, -0.0568125173f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0566852465f, 0.0534086153f, 0.0999999866f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.0658112243f,
         {-0.243996724f, 0.199077621f, 0.29232201f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.0424019583f,
         {-0.205500498f, 0.110627413f, -0.0288817082f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.0512254871f,
         {-0.306107461f, 0.107906215f, -0.0388122015f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.0512254871f,
         {-0.397979051f, -0.0257401969f, -0.0431068726f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.00416666688f,
         {0.0f, -0.000340625033f, 0.0f}},
        {{-5.75745392f, 1.51420259f, 3.11133337f},
         {0.0f, -1.02690356e-05f, 1.0f, -4.24738573e-06f},
         1.0f,
         false,
         0.0638748035f,
         {-0.327994376f, -0.0452464744f, -0.285331845f}},
        {{-3.02785516f, 1.82456613f, 0.683829308f},
         {-2.39386888e-09f, -1.0f, -7.98390561e-27f, -2.97271708e-34f},
         1.12584472f,
         true,
         0.0166666675f,
         {0.035737928f, -0.0145310322f, -0.00354336132f}},
        {{-0.298256397f, 2.13492966f, -1.74367476f},
         {-2.39386888e-09f, -1.0f, -8.03056473e-27f, -9.90905692e-35f},
         1.25168943f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
    };
    int k = 0;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("move " << k++ << " position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        CHECK(arena.in_still(s, c) <= s.skin_width + 1e-4);
        if (!m.crushed) CHECK(in_box(s, c, half, arena.w.transform(mover.object)) <= s.skin_width + 1e-4);
    }
    // Squeezed out ahead of the box on move 37, not left inside it.
    CHECK(in_box(s, ch.position(), half, arena.w.transform(mover.object)) <= s.skin_width + 1e-4);
}

TEST_CASE("character crushed: pinned with a box's corner through its axis, it is never pushed wholly inside") {
    // tests/fuzz/corpus/moving/pinned-corner-pushed-in.bin: a 3.5 x 2.7 x 4.9 m box mesh sinking
    // and turning slowly onto a character on the terrain crushes it with the box's corner through
    // its axis (neither its centre nor an end inside the box). On the last step the mover edges on;
    // the contacts push the capsule deeper, four times, until it is wholly inside the box, where no
    // triangle touches it and it was reported free.
    Arena arena({}, {});
    const Vec3 half{1.77102292f, 1.33364379f, 2.43885827f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{
        {-2.74348068f, 1.51788783f, 5.35711288f}, {0.0786047876f, 0.143904105f, 0.0261543524f, 0.986118078f}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.322795957f, 1.63827991f, 0.469947577f, 51.748642f, 0.0929193795f, 0.0347430557f);
    CharacterController ch(arena.w, s, {-3.08685684f, 0.21841985f, 6.05447721f});
    const Step steps[] = {
        {{-2.74348068f, 1.51788783f, 5.35711288f},
         {0.0786047876f, 0.143904105f, 0.0261543524f, 0.986118078f},
         1.0f,
         false,
         0.0166666675f,
         {0.0671186149f, -0.00272500026f, 0.0184884798f}},
        {{-2.74348068f, 1.51788783f, 5.35711288f},
         {0.0786047876f, 0.143904105f, 0.0261543524f, 0.986118078f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0839026198f, -0.00545000052f, -0.0785095915f}},
        {{-2.72554278f, 1.09719992f, 4.73342371f},
         {-0.0224045739f, 0.0180193055f, -0.0156460945f, 0.999464154f},
         1.0f,
         true,
         0.0166666675f,
         {0.0330681019f, -0.00817500055f, -0.0919839665f}},
        {{-2.70851803f, 0.99829787f, 4.28490162f},
         {-0.0343050882f, 0.0144238975f, 0.00720924558f, 0.999281287f},
         1.0f,
         true,
         0.0166666675f,
         {0.020240847f, -0.010900001f, -0.0855792016f}},
        {{-2.66485095f, 0.993708909f, 4.52336311f},
         {-0.0408230908f, -0.0114395414f, 0.0357238241f, 0.998462021f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{-2.62118411f, 0.989119887f, 4.76182461f},
         {-0.0474075787f, -0.0378033482f, 0.0647537485f, 0.996057391f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{-2.57751703f, 0.984530926f, 5.0002861f},
         {-0.0540267378f, -0.0645534024f, 0.0941713303f, 0.991990805f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{-2.53384995f, 0.979941905f, 5.2387476f},
         {-0.0606465563f, -0.0915637687f, 0.123836353f, 0.986206174f},
         1.0f,
         true,
         0.0655766726f,
         {0.0f, -0.0421859473f, 0.0f}},
        {{-2.49018288f, 0.975352943f, 5.47720909f},
         {-0.0672315657f, -0.1186992f, 0.15359886f, 0.978671432f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{-2.7391088f, 0.687761843f, 5.34892702f},
         {-0.03658076f, -0.128677383f, 0.189630017f, 0.972699583f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0293460861f, -0.00272500026f, -0.0798705071f}},
        {{-2.98803496f, 0.400170743f, 5.22064495f},
         {-0.00576984603f, -0.138372883f, 0.22529538f, 0.964397013f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0173682105f, -0.00545000052f, -0.0378732346f}},
        {{-3.23696089f, 0.112579644f, 5.09236288f},
         {0.0249815732f, -0.147716612f, 0.26034075f, 0.95382303f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00817500055f, 0.0f}},
        {{-3.23696089f, 0.112579644f, 5.09236288f},
         {0.0249815732f, -0.147716612f, 0.26034075f, 0.95382303f},
         1.0f,
         false,
         0.0174422227f,
         {-0.0268502925f, -0.0115399174f, -0.0220910497f}},
        {{-3.23696089f, 0.112579644f, 5.09236288f},
         {0.0249815732f, -0.147716612f, 0.26034075f, 0.95382303f},
         1.0f,
         false,
         0.0633261278f,
         {0.0f, -0.0812371373f, 0.0f}},
        {{-3.23696089f, 0.112579644f, 5.09236288f},
         {0.0249815732f, -0.147716612f, 0.26034075f, 0.95382303f},
         1.0f,
         false,
         0.0166666675f,
         {-0.000809939753f, -0.024105629f, -0.0852921307f}},
        {{-3.23696089f, 0.112579644f, 5.09236288f},
         {0.0249815732f, -0.147716612f, 0.26034075f, 0.95382303f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0860743076f, -0.0268306304f, 0.0965687037f}},
        {{-3.28101897f, 0.170839235f, 4.81184721f},
         {0.0143947983f, -0.127305895f, 0.237036005f, 0.963016033f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0345428698f, -0.0295556318f, -0.0692482814f}},
        {{-3.32507706f, 0.229098827f, 4.53133106f},
         {0.00353495334f, -0.106249399f, 0.212884024f, 0.971276999f},
         1.0f,
         true,
         0.0404411741f,
         {0.0390138216f, -0.0877600089f, 0.0731360614f}},
    };
    // It starts inside the box: checked once a move has left it clear of everything (as the fuzz
    // target does).
    bool clear = false, pinned = false;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        const double still = arena.in_still(s, c), inside = in_box(s, c, half, arena.w.transform(mover.object));
        if (clear) {
            pinned = pinned || m.crushed;
            CHECK(still <= s.skin_width + 1e-4);
            if (!m.crushed) CHECK(inside <= s.skin_width + 1e-4);
        }
        clear = clear || (still <= 1e-4 && inside <= 1e-4);
    }
    CHECK(clear);
    CHECK(pinned);
}

TEST_CASE("character crushed: kept out of a wall and a sloped ground meeting in a corner, it is out of both") {
    // tests/fuzz/corpus/moving/crush-corner-wall-slope.bin: a 4.4 m box mesh (scaled 1.8 at first)
    // turning and sinking onto a character in the corner of the arena's +x wall and the terrain,
    // which slopes up toward the wall there. Crushed, the capsule is pushed out of what did not move
    // deepest first: out of the wall, then out of the ground (whose normal leans into the wall)
    // back into it, four times over, and the last push left it 0.4 mm deeper in the wall than the
    // skin. The pushes now slide along the surfaces the earlier ones left.
    Arena arena({-7.45787191f, 1.56407356f, 0.0161361694f}, {0.542127609f, 2.45466328f, 7.08005714f});
    const Vec3 half{2.20823526f, 1.32372546f, 2.20823526f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{
        {7.99999905f, 3.33138227f, 6.05490112f}, {0.540377676f, 0.540377676f, 0.540377676f, 0.352102041f}, 1.81764698f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.714901924f, 2.10291958f, 0.372059315f, 86.7060852f, 0.0065767765f, 0.0040272437f);
    CharacterController ch(arena.w, s, {7.5f, 0.954566538f, 6.43771076f});
    const Step steps[] = {
        {{7.62153292f, 3.23322821f, 6.12797976f},
         {0.497664392f, 0.555494845f, 0.570891678f, 0.343275905f},
         1.7746129f,
         true,
         0.0166666675f,
         {0.00575854816f, -0.00272500026f, -0.0844206214f}},
        {{7.24306679f, 3.13507414f, 6.20105839f},
         {0.448687822f, 0.570222557f, 0.60258007f, 0.332299083f},
         1.73157883f,
         true,
         0.0166666675f,
         {0.0999999866f, -0.00545000052f, 0.0999999866f}},
        {{7.99999905f, 3.99999952f, 7.99999905f},
         {0.00648251781f, 0.99997133f, -0.0039060791f, 0.0f},
         1.0f,
         true,
         0.0166666675f,
         {0.0259094704f, -0.00817500055f, 0.0557418726f}},
        {{7.99999905f, 3.99999952f, 7.99999905f},
         {0.00648251781f, 0.99997133f, -0.0039060791f, 0.0f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0986087099f, -0.010900001f, 0.0128143318f}},
        {{7.99999905f, 3.99999952f, 7.99999905f},
         {0.00648251781f, 0.99997133f, -0.0039060791f, 0.0f},
         1.0f,
         false,
         0.0629347414f,
         {0.0f, -0.0800146013f, 0.0f}},
        {{7.99999905f, 3.99999952f, 7.99999905f},
         {0.00648251781f, 0.99997133f, -0.0039060791f, 0.0f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0867526755f, 0.0856065974f, 0.0329436474f}},
        {{7.99999905f, 3.99999952f, 7.99999905f},
         {0.00648251781f, 0.99997133f, -0.0039060791f, 0.0f},
         1.0f,
         false,
         0.0166666675f,
         {0.0224564243f, 0.0828815997f, 0.0358891822f}},
        {{8.00030136f, 3.92776084f, 7.9775362f},
         {0.0204789992f, 0.999657512f, -0.0130257066f, -0.00978549384f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0197279938f, 0.080156602f, -0.0788351446f}},
        {{7.87633705f, 3.59978867f, 7.29481792f},
         {0.0155615276f, 0.995459378f, -0.0174573865f, -0.0922699496f},
         1.0f,
         true,
         0.0166666675f,
         {-0.096368961f, 0.0774316043f, -0.0487385057f}},
        {{7.75237322f, 3.27181649f, 6.61209917f},
         {0.00974232238f, 0.982082963f, -0.0224322043f, -0.186855301f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0896285325f, 0.0747066066f, -0.0167204142f}},
        {{7.62840891f, 2.94384432f, 5.92938042f},
         {0.0029610917f, 0.955647469f, -0.027881749f, -0.29317537f},
         1.0f,
         true,
         0.00416666688f,
         {0.0f, -0.000170312516f, -0.0f}},
        {{7.50444508f, 2.61587191f, 5.24666214f},
         {-0.00473291194f, 0.911956429f, -0.0336257815f, -0.408879459f},
         1.0f,
         true,
         0.0618863143f,
         {0.247297794f, -0.0401010811f, 0.0774648935f}},
        {{7.38048077f, 2.28789997f, 4.56394386f},
         {-0.013117278f, 0.847635686f, -0.0393496267f, -0.528954864f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.0135246646f, 0.0f}},
        {{7.25651693f, 1.95992768f, 3.88122511f},
         {-0.0217709132f, 0.761810064f, -0.0446342118f, -0.64589417f},
         1.0f,
         true,
         0.0166666675f,
         {0.036936745f, 0.0291903783f, 0.033164233f}},
        {{7.13255262f, 1.63195539f, 3.19850636f},
         {-0.0301380195f, 0.657468498f, -0.049059242f, -0.751278937f},
         1.0f,
         true,
         0.0166666675f,
         {-0.00740263658f, 0.0264653768f, -0.132288337f}},
    };
    bool clear = false;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        const double in_still = arena.in_still(s, c);
        if (clear) CHECK(in_still <= s.skin_width + 1e-4);
        clear = clear || in_still <= 1e-4;  // it starts a little inside the terrain
    }
}

TEST_CASE("character ride: a short carry into a wall by a ground that turned away is still pushed out") {
    // tests/fuzz/corpus/moving/ride-turn-into-wall.bin: a rider on a 1.3 x 0.9 x 4.2 m box mesh
    // against the arena's +z wall; the box turns 50 degrees in one step and carries the rider
    // 0.34 m (less than its 0.8 m radius, so not cast) 0.11 m into the wall. The box turned away
    // from the capsule: no object that moved was near it any more, and the pushes that clear a
    // short carry did not run.
    Arena arena({}, {});
    const Vec3 half{0.652947247f, 0.430701077f, 2.08582091f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{{4.87257767f, 2.33109236f, 7.99999905f}, {-0.5f, -0.5f, -0.5f, -0.5f}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.799999952f, 3.0999999f, 0.49999997f, 89.9999924f, 0.49999997f, 0.049999997f);
    CharacterController ch(arena.w, s, {5.64408207f, 4.68559647f, 7.77826738f});
    const Step steps[] = {
        {{4.87257767f, 2.33109236f, 7.99999905f},
         {-0.5f, -0.5f, -0.5f, -0.5f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0549102761f, -0.00272500026f, 0.0157813057f}},
        {{4.87257767f, 2.33109236f, 7.99999905f},
         {-0.5f, -0.5f, -0.5f, -0.5f},
         1.0f,
         false,
         0.0166666675f,
         {-0.000359593774f, -0.00545000052f, 0.000418618321f}},
        {{4.87257767f, 2.33109236f, 7.99999905f},
         {-0.5f, -0.5f, -0.5f, -0.5f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0137431631f, -0.00817500055f, 0.0285654869f}},
        {{4.87257767f, 2.33109236f, 7.99999905f},
         {-0.5f, -0.5f, -0.5f, -0.5f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0402700529f, -0.010900001f, 0.0477972142f}},
        {{4.85497761f, 2.42275357f, 7.99999905f},
         {-0.0924627334f, -0.574876964f, -0.574876964f, -0.574876964f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0246568825f, -0.0136250015f, 0.03024159f}},
        {{4.83737755f, 2.51441479f, 7.99999905f},
         {-0.0640184432f, -0.576165974f, -0.576165974f, -0.576165974f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0338867456f, -0.00272500026f, 0.0459986627f}},
        {{4.81977749f, 2.606076f, 7.99999905f},
         {-0.0537307374f, -0.576516271f, -0.576516271f, -0.576516271f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{4.80217743f, 2.69773722f, 7.99999905f},
         {-0.0484229252f, -0.576672971f, -0.576672971f, -0.576672971f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0156093519f, 0.0213328842f, 0.0212618541f}},
        {{4.78457785f, 2.78939867f, 7.99999905f},
         {-0.0451840125f, -0.57676059f, -0.57676059f, -0.57676059f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{4.76697779f, 2.88105989f, 7.99999905f},
         {-0.0430017225f, -0.576816201f, -0.576816201f, -0.576816201f},
         1.0f,
         true,
         0.0166666675f,
         {0.0573872291f, -0.00272500026f, -0.0407532938f}},
        {{4.74937773f, 2.9727211f, 7.99999905f},
         {-0.0414315425f, -0.576854527f, -0.576854527f, -0.576854527f},
         1.0f,
         true,
         0.0166666675f,
         {0.0479348376f, -0.00272500026f, -0.0273697544f}},
        {{4.73177767f, 3.06438231f, 7.99999905f},
         {-0.0402476154f, -0.576882482f, -0.576882482f, -0.576882482f},
         1.0f,
         true,
         0.0166666675f,
         {0.0987127498f, -0.00272500026f, 0.0550962165f}},
        {{4.71417761f, 3.15604353f, 7.99999905f},
         {-0.0393230319f, -0.576903701f, -0.576903701f, -0.576903701f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0820585191f, -0.00272500026f, 0.0872916579f}},
        {{4.69657755f, 3.24770474f, 7.99999905f},
         {-0.0385809913f, -0.57692039f, -0.57692039f, -0.57692039f},
         1.0f,
         true,
         0.0361751802f,
         {-0.210578561f, -0.0128377955f, 0.0685493648f}},
        {{4.67897749f, 3.33936596f, 7.99999905f},
         {-0.0379722938f, -0.576933861f, -0.576933861f, -0.576933861f},
         1.0f,
         true,
         0.0166666675f,
         {0.0258740596f, -0.00272500026f, 0.0124356756f}},
        {{4.66137791f, 3.43102741f, 7.99999905f},
         {-0.0374639593f, -0.576944947f, -0.576944947f, -0.576944947f},
         1.0f,
         true,
         0.0166666675f,
         {-0.033428289f, -0.00272500026f, 0.0743887275f}},
        {{4.64377785f, 3.52268839f, 7.99999905f},
         {-0.037033055f, -0.576954246f, -0.576954246f, -0.576954246f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999999866f, -0.00272500026f, 0.0999999866f}},
        {{4.85354185f, 3.55252028f, 7.99999905f},
         {-0.456437945f, -0.513700426f, -0.513700426f, -0.513700426f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999999866f, -0.00272500026f, 0.0999999866f}},
    };
    bool clear = false;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " carried " << m.carried);
        REQUIRE(is_finite(c));
        const double in_still = arena.in_still(s, c);
        if (clear) CHECK(in_still <= s.skin_width + 1e-4);
        clear = clear || (in_still <= 1e-4 && in_box(s, c, half, arena.w.transform(mover.object)) <= 1e-4);
    }
}

TEST_CASE("character crushed: pushed back into a capsule mover out of the ground, it stays crushed once it stops") {
    // tests/fuzz/corpus/moving/crush-capsule-stopped.bin: a capsule primitive (radius 0.81 m)
    // turning against a character by the arena's +z wall. The push out of it went into the
    // terrain, the push out of the terrain would have gone into the wall: crushed. Where the pushes
    // stopped it was clear of the mover, so nothing pinned it; kept out of the terrain and the wall it
    // was 7 cm back inside the mover, which then stopped, and the next move (nothing moved, nothing
    // pinned it) left it there, not crushed.
    Arena arena({}, {});
    const Vec3 axis{-0.886128545f, 0.899027824f, 0.0431470871f};
    const float radius = 0.807480216f;
    const Vec3 p0{-1.44166279f, 1.18053341f, 4.90647316f};
    const AddResult mover = arena.w.add_capsule(p0 - axis, p0 + axis, radius);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.614434958f, 1.31108105f, 0.278109282f, 15.4355497f, 0.248773485f, 0.00708424114f);
    CharacterController ch(arena.w, s, {-0.478821754f, 0.559217989f, 4.92750835f});
    const Step steps[] = {
        {{-1.36477208f, 1.24344015f, 4.91812849f},
         {0.0249105077f, 0.0397027917f, -0.0322906151f, 0.998378932f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0801811516f, -0.00272500026f, -0.000848905591f}},
        {{-1.28788126f, 1.30634689f, 4.92978382f},
         {0.0508041754f, 0.0809725672f, -0.065855667f, 0.99323988f},
         1.0f,
         true,
         0.0166666675f,
         {0.0194872152f, -0.00545000052f, -0.0410690568f}},
        {{-1.25354564f, 1.33545184f, 5.22585678f},
         {0.00111946766f, 0.128404081f, -0.102637172f, 0.986395836f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999965742f, -0.00817500055f, -0.0229865722f}},
        {{-1.21921003f, 1.36455679f, 5.52192926f},
         {-0.0495226011f, 0.175934523f, -0.139476106f, 0.973211706f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0652502701f, -0.010900001f, 0.0560496673f}},
        {{-1.1848743f, 1.39366174f, 5.81800222f},
         {-0.100171864f, 0.222641125f, -0.175656527f, 0.953698754f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0816292912f, -0.0136250015f, 0.00413107499f}},
        {{-1.15053868f, 1.42276669f, 6.11407471f},
         {-0.149859607f, 0.267630577f, -0.210486457f, 0.928230286f},
         1.0f,
         true,
         0.0166666675f,
         {-0.00265765213f, -0.0163500011f, -0.0268041622f}},
        {{-1.11620307f, 1.45187163f, 6.41014767f},
         {-0.197689176f, 0.310122609f, -0.243362576f, 0.897506356f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0493160971f, -0.0190750007f, -0.0720761791f}},
        {{-0.944965541f, 1.40893042f, 6.20567608f},
         {-0.201898545f, 0.167845666f, -0.307524323f, 0.914600253f},
         1.0f,
         true,
         0.0166666675f,
         {0.0485638492f, -0.0218000021f, -0.00394194946f}},
        {{-0.773728013f, 1.36598933f, 6.00120449f},
         {-0.200269848f, -0.0116145583f, -0.375601411f, 0.904809713f},
         1.0f,
         true,
         0.0204506479f,
         {0.120597556f, -0.00162299222f, -0.0955879167f}},
        {{-0.602490485f, 1.32304811f, 5.7967329f},
         {-0.189203247f, -0.217886776f, -0.436816514f, 0.8520087f},
         1.0f,
         true,
         0.0166666675f,
         {-0.102105901f, -0.00404769043f, 0.0227288734f}},
        {{-0.431252956f, 1.2801069f, 5.59226131f},
         {-0.167473644f, -0.423540592f, -0.478033394f, 0.75103265f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0999992564f, -0.00677269092f, 0.0875903666f}},
        {{-0.260015428f, 1.23716569f, 5.38778973f},
         {-0.13837643f, -0.597387552f, -0.493001282f, 0.617195129f},
         1.0f,
         true,
         0.0197199024f,
         {-0.0933128074f, -0.0118282679f, -0.0171469599f}},
        {{-0.0887778997f, 1.1942246f, 5.18331814f},
         {-0.107616551f, -0.724459946f, -0.48635906f, 0.4764781f},
         1.0f,
         true,
         0.0166666675f,
         {0.0194872152f, -0.00272500026f, -0.0410690568f}},
        {{-0.0544422604f, 1.22332954f, 5.4793911f},
         {-0.178382084f, -0.717552841f, -0.45835501f, 0.493161708f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999965742f, -0.00272500026f, -0.0229865722f}},
        {{-0.0201066211f, 1.25243449f, 5.77546358f},
         {-0.249378249f, -0.705996692f, -0.42693007f, 0.507060051f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0652502701f, -0.00272500026f, 0.0560496673f}},
        {{0.0142290145f, 1.28153944f, 6.07153654f},
         {-0.319229931f, -0.689836681f, -0.392564297f, 0.517794251f},
         1.0f,
         true,
         0.0227601454f,
         {0.0f, -0.00508181751f, 0.0f}},
        {{0.0485646576f, 1.31064439f, 6.36760902f},
         {-0.38660112f, -0.669381917f, -0.35591495f, 0.525159001f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0506855808f, -0.00644628424f, -0.0533206463f}},
        {{0.0829002857f, 1.33974934f, 6.66368198f},
         {-0.450319976f, -0.64517647f, -0.317755044f, 0.529141724f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0906573981f, 0.0916386172f, 0.0202784557f}},
        {{0.0829002857f, 1.33974934f, 6.66368198f},
         {-0.450319976f, -0.64517647f, -0.317755044f, 0.529141724f},
         1.0f,
         false,
         0.00652956637f,
         {-0.00197513937f, 0.0354833715f, -0.00135088712f}},
    };
    bool clear = false;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        // How deep the capsule is in the mover (double): its radius less its axis's distance to the
        // mover's, at the mover's pose.
        const Transform t = arena.w.transform(mover.object);
        const double half = 0.5 * s.height - s.radius;
        const DVec3 a0 = d(t.position) + ref_rotate(t.rotation, d(axis * -1.0f)) * double(t.scale);
        const DVec3 a1 = d(t.position) + ref_rotate(t.rotation, d(axis)) * double(t.scale);
        const double in_mover =
            std::fmax(0.0, s.radius - (ref_segment_distance({c.x, c.y - half, c.z}, {c.x, c.y + half, c.z}, a0, a1) -
                                       double(radius) * t.scale));
        const double in_still = arena.in_still(s, c);
        if (clear) {
            CHECK(in_still <= s.skin_width + 1e-4);
            if (!m.crushed) CHECK(in_mover <= s.skin_width + 1e-4);
        }
        clear = clear || (in_still <= 1e-4 && in_mover <= 1e-4);
    }
}

TEST_CASE("character crushed: pushed into a gap lower than itself under a slab, it stays out of the terrain") {
    // tests/fuzz/corpus/moving/crush-gap-lower-than-capsule.bin: a box mesh turning and rising
    // slowly pushes a 2.68 m character along the terrain under a still slab, where the gap between
    // them narrows below its height. Crushed from move 9 on, the pushes drove it where no spot is
    // out of both the terrain and the slab: kept there it ended 6 cm inside the terrain. Where the
    // move began is shallower in what did not move: it goes back there (inside the pusher).
    Arena arena({4.65100574f, 2.24616432f, 2.03870296f}, {10.9963589f, 2.71604061f, 8.13634968f});
    const Vec3 half{1.90705884f, 1.14176464f, 1.90705884f};
    const Transform start_pose{
        {7.99999905f, 2.21679664f, 4.04705811f}, {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f}, 1.0f};
    const CharacterSettings s =
        replay_settings(0.698431373f, 2.67921567f, 0.427450955f, 76.9411697f, 0.427450955f, 0.0430352911f);
    const Vec3 start{7.5f, 1.62944627f, 6.1764698f};
    const Step steps[] = {
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0999999866f}},
        {{7.99999905f, 2.32824683f, 4.29411697f},
         {0.502655447f, 0.502655447f, 0.502655447f, 0.491947591f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999999866f, -0.00272500026f, 0.0710937381f}},
        {{7.99999905f, 2.43969703f, 4.54117584f},
         {0.501317799f, 0.501317799f, 0.501317799f, 0.496025592f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.55114722f, 4.78823471f},
         {0.500833392f, 0.500833392f, 0.500833392f, 0.497491479f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.66259742f, 5.03529358f},
         {0.500583231f, 0.500583231f, 0.500583231f, 0.498246163f},
         1.0f,
         true,
         0.0166666675f,
         {0.0388110615f, -0.00272500026f, -0.092586644f}},
        {{7.99999905f, 2.77404761f, 5.28235245f},
         {0.500430524f, 0.500430524f, 0.500430524f, 0.498706162f},
         1.0f,
         true,
         0.050886333f,
         {0.0269860849f, -0.0337221138f, -0.0643060803f}},
        {{7.99999905f, 2.88549757f, 5.52941084f},
         {0.500327587f, 0.500327587f, 0.500327587f, 0.499015898f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0261477493f, 0.0145353498f, -0.077735886f}},
        {{7.99999905f, 2.99694777f, 5.77646971f},
         {0.500253499f, 0.500253499f, 0.500253499f, 0.49923867f},
         1.0f,
         true,
         0.0166666675f,
         {0.0306863077f, 0.0118103493f, -0.0635424182f}},
        {{7.62517738f, 2.9177959f, 5.91636992f},
         {0.463864744f, 0.463864744f, 0.463864744f, 0.595389366f},
         1.0f,
         true,
         0.0166666675f,
         {0.061117921f, 0.00908534881f, -0.0946975723f}},
        {{7.2503562f, 2.83864403f, 6.0562706f},
         {0.416309237f, 0.416309237f, 0.416309237f, 0.692863524f},
         1.0f,
         true,
         0.00651137577f,
         {-0.00297296699f, 0.00313356239f, -0.0501861721f}},
        {{7.3549037f, 3.07568479f, 5.94278765f},
         {0.42568624f, 0.416085243f, 0.412709236f, 0.689445734f},
         1.0f,
         true,
         0.0316940807f,
         {0.122025006f, 0.00539830513f, 0.189399526f}},
        {{6.62617588f, 2.79201007f, 5.07136345f},
         {0.442903608f, 0.433742315f, 0.430520892f, 0.656015038f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0113864746f, 0.000113755472f, -0.0345522948f}},
        {{5.89744806f, 2.50833535f, 4.19993925f},
         {0.459755719f, 0.451068759f, 0.44801414f, 0.620036304f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0352062583f, -0.0026112448f, -0.0735796168f}},
        {{5.16872025f, 2.22466063f, 3.32851505f},
         {0.476064354f, 0.467885822f, 0.465009987f, 0.58155936f},
         1.0f,
         true,
         0.0424019583f,
         {-0.124751411f, -0.0242809691f, -0.222870052f}},
        {{4.43999243f, 1.94098592f, 2.45709085f},
         {0.491645575f, 0.484008253f, 0.481322736f, 0.540693164f},
         1.0f,
         true,
         0.0512254871f,
         {-0.160863429f, -0.055075597f, -0.263308048f}},
        {{3.71126461f, 1.6573112f, 1.58566666f},
         {0.506316781f, 0.499251217f, 0.496766746f, 0.497608662f},
         1.0f,
         true,
         0.0512254871f,
         {-0.0f, -0.0257419366f, -0.0f}},
        {{2.98253679f, 1.37363648f, 0.714242458f},
         {0.519904256f, 0.513438046f, 0.511164308f, 0.452539504f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{2.25380898f, 1.08996177f, -0.15718174f},
         {0.532251596f, 0.526408434f, 0.524353743f, 0.405777723f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000165353413f, -0.0f}},
        {{1.52508116f, 0.80628705f, -1.02860594f},
         {0.543227077f, 0.538026094f, 0.536197245f, 0.357665747f},
         1.0f,
         true,
         0.00416666688f,
         {-0.00999245234f, -0.000335665944f, -0.0141378054f}},
        {{0.79635334f, 0.522612333f, -1.90003014f},
         {0.552730143f, 0.548185468f, 0.546587408f, 0.308584332f},
         1.0f,
         true,
         0.0166666675f,
         {0.0197817106f, -0.00406766403f, 0.011349869f}},
        {{0.0676255226f, 0.238937616f, -2.77145433f},
         {0.560696006f, 0.55681622f, 0.555451989f, 0.258937716f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0482334271f, -0.00679266453f, -0.0661187097f}},
        {{-0.661102772f, -0.0447371006f, -3.64287901f},
         {0.567097425f, 0.563885808f, 0.562756538f, 0.209137172f},
         1.0f,
         true,
         0.0166666675f,
         {0.000100612648f, -0.00951766409f, 0.0213097744f}},
        {{-1.38983011f, -0.328411818f, -4.51430273f},
         {0.571944833f, 0.569399059f, 0.568503857f, 0.159584597f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.0122426646f, 0.0f}},
        {{-2.11855745f, -0.612086535f, -5.38572645f},
         {0.575282991f, 0.57339561f, 0.572731972f, 0.110657401f},
         1.0f,
         true,
         0.0166666675f,
         {0.0207844023f, -0.0149676651f, -0.0659614727f}},
        {{-2.84728575f, -0.895761251f, -6.25715113f},
         {0.577186763f, 0.575945795f, 0.575509429f, 0.0626962557f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0f, -0.00272500026f, -0.0f}},
        {{-3.57601404f, -1.17943597f, -7.1285758f},
         {0.577755034f, 0.577144325f, 0.57692951f, 0.0159960445f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{-4.30474138f, -1.46311069f, -7.99999952f},
         {0.577104092f, 0.577104092f, 0.577104092f, -0.0291993078f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0999999866f}},
        {{7.99999905f, 2.32824683f, 4.29411697f},
         {0.502655447f, 0.502655447f, 0.502655447f, 0.491947591f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999999866f, -0.00272500026f, 0.0710937381f}},
        {{7.99999905f, 2.43969703f, 4.54117584f},
         {0.501317799f, 0.501317799f, 0.501317799f, 0.496025592f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.55114722f, 4.78823471f},
         {0.500833392f, 0.500833392f, 0.500833392f, 0.497491479f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.66259742f, 5.03529358f},
         {0.500583231f, 0.500583231f, 0.500583231f, 0.498246163f},
         1.0f,
         true,
         0.0166666675f,
         {0.0388110615f, -0.00272500026f, -0.092586644f}},
        {{7.99999905f, 2.77404761f, 5.28235245f},
         {0.500430524f, 0.500430524f, 0.500430524f, 0.498706162f},
         1.0f,
         true,
         0.050886333f,
         {0.0269860849f, -0.0337221138f, -0.0643060803f}},
        {{7.99999905f, 2.88549757f, 5.52941084f},
         {0.500327587f, 0.500327587f, 0.500327587f, 0.499015898f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0261477493f, 0.0145353498f, -0.077735886f}},
        {{7.99999905f, 2.99694777f, 5.77646971f},
         {0.500253499f, 0.500253499f, 0.500253499f, 0.49923867f},
         1.0f,
         true,
         0.0166666675f,
         {0.0306863077f, 0.0118103493f, -0.0635424182f}},
        {{7.62517738f, 2.9177959f, 5.91636992f},
         {0.463864744f, 0.463864744f, 0.463864744f, 0.595389366f},
         1.0f,
         true,
         0.0166666675f,
         {0.061117921f, 0.00908534881f, -0.0946975723f}},
        {{7.2503562f, 2.83864403f, 6.0562706f},
         {0.416309237f, 0.416309237f, 0.416309237f, 0.692863524f},
         1.0f,
         true,
         0.00651137577f,
         {-0.00297296699f, 0.00313356239f, -0.0501861721f}},
        {{7.3549037f, 3.07568479f, 5.94278765f},
         {0.42568624f, 0.416085243f, 0.412709236f, 0.689445734f},
         1.0f,
         true,
         0.0316940807f,
         {0.122025006f, 0.00539830513f, 0.189399526f}},
        {{6.62617588f, 2.79201007f, 5.07136345f},
         {0.442903608f, 0.433742315f, 0.430520892f, 0.656015038f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0113864746f, 0.000113755472f, -0.0345522948f}},
        {{5.89744806f, 2.50833535f, 4.19993925f},
         {0.459755719f, 0.451068759f, 0.44801414f, 0.620036304f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0352062583f, -0.0026112448f, -0.0735796168f}},
        {{5.16872025f, 2.22466063f, 3.32851505f},
         {0.476064354f, 0.467885822f, 0.465009987f, 0.58155936f},
         1.0f,
         true,
         0.0424019583f,
         {-0.124751411f, -0.0242809691f, -0.222870052f}},
        {{4.43999243f, 1.94098592f, 2.45709085f},
         {0.491645575f, 0.484008253f, 0.481322736f, 0.540693164f},
         1.0f,
         true,
         0.0512254871f,
         {-0.160863429f, -0.055075597f, -0.263308048f}},
        {{3.71126461f, 1.6573112f, 1.58566666f},
         {0.506316781f, 0.499251217f, 0.496766746f, 0.497608662f},
         1.0f,
         true,
         0.0512254871f,
         {-0.0f, -0.0257419366f, -0.0f}},
        {{2.98253679f, 1.37363648f, 0.714242458f},
         {0.519904256f, 0.513438046f, 0.511164308f, 0.452539504f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{2.25380898f, 1.08996177f, -0.15718174f},
         {0.532251596f, 0.526408434f, 0.524353743f, 0.405777723f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000165353413f, -0.0f}},
        {{1.52508116f, 0.80628705f, -1.02860594f},
         {0.543227077f, 0.538026094f, 0.536197245f, 0.357665747f},
         1.0f,
         true,
         0.00416666688f,
         {-0.00999245234f, -0.000335665944f, -0.0141378054f}},
        {{0.79635334f, 0.522612333f, -1.90003014f},
         {0.552730143f, 0.548185468f, 0.546587408f, 0.308584332f},
         1.0f,
         true,
         0.0166666675f,
         {0.0197817106f, -0.00406766403f, 0.011349869f}},
        {{0.0676255226f, 0.238937616f, -2.77145433f},
         {0.560696006f, 0.55681622f, 0.555451989f, 0.258937716f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0482334271f, -0.00679266453f, -0.0661187097f}},
        {{-0.661102772f, -0.0447371006f, -3.64287901f},
         {0.567097425f, 0.563885808f, 0.562756538f, 0.209137172f},
         1.0f,
         true,
         0.0166666675f,
         {0.000100612648f, -0.00951766409f, 0.0213097744f}},
        {{-1.38983011f, -0.328411818f, -4.51430273f},
         {0.571944833f, 0.569399059f, 0.568503857f, 0.159584597f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.0122426646f, 0.0f}},
        {{-2.11855745f, -0.612086535f, -5.38572645f},
         {0.575282991f, 0.57339561f, 0.572731972f, 0.110657401f},
         1.0f,
         true,
         0.0166666675f,
         {0.0207844023f, -0.0149676651f, -0.0659614727f}},
        {{-2.84728575f, -0.895761251f, -6.25715113f},
         {0.577186763f, 0.575945795f, 0.575509429f, 0.0626962557f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0f, -0.00272500026f, -0.0f}},
        {{-3.57601404f, -1.17943597f, -7.1285758f},
         {0.577755034f, 0.577144325f, 0.57692951f, 0.0159960445f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{-4.30474138f, -1.46311069f, -7.99999952f},
         {0.577104092f, 0.577104092f, 0.577104092f, -0.0291993078f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
    };
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = start_pose;
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    CharacterController ch(arena.w, s, start);
    // It starts with its top in the slab, and is checked once the first move has cleared it.
    bool clear = false;
    int k = 0;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("move " << k++ << " position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        const double still = arena.in_still(s, c);
        if (clear) {
            CHECK(still <= s.skin_width + 1e-4);
            const double feet = double(c.y) - 0.5 * s.height, ground = arena.terrain(c.x, c.z);
            CHECK(feet >= ground - (m.crushed ? s.skin_width + 1e-4 : 1e-4));
        }
        clear = clear || still <= 1e-4;
    }
    CHECK(clear);
}

TEST_CASE("character under a still slab: a room barely taller than the capsule holds it in its middle") {
    // tests/fuzz/corpus/moving/moving-below-terrain-after-crush*.bin: a crush left a character with
    // its feet 13 mm in the terrain and its top a skin under a still slab, in a room 30 mm taller
    // than the capsule; the ground lift, kept a skin under the slab, was 0 and the feet stayed in the
    // terrain on every move after. Here the spawn leaves it so: the push out of the floor would cross
    // the slab, so it is not made. A room between the capsule's height and two skins more holds it in
    // its middle, as far from the floor as from the slab; a lower one (by less than a skin) shares
    // the overlap between them; a tall one leaves it a skin above the floor. Walking back and forth
    // it keeps that height: it never creeps up into the slab. Measured in double from the floor's
    // top (y = 0) and the slab's underside.
    CharacterSettings s = settings();
    s.radius = 0.4f;
    s.height = 1.8f;
    s.skin_width = 0.04f;
    const float skin = s.skin_width;
    // Rooms up to a skin taller than the capsule (where the push out of the floor would cross the
    // slab), a room lower than it, and a tall one.
    for (const float slack : {0.03f, 0.0f, 0.039f, 0.01f, -0.5f * skin, -0.9f * skin, 0.3f}) {
        World w;
        add_box_object(w, {-20, -1, -20}, {20, 0, 20});
        const float underside = s.height + slack;
        add_box_object(w, {-5, underside, -5}, {5, underside + 0.5f, 5});
        // Feet 13 mm into the floor (deeper in a low room, to start with the top clear of the slab).
        CharacterController ch(w, s, {0, 0.5f * s.height + minf(-0.013f, slack - 0.005f), 0});
        // Where it belongs: the middle of a room less than two skins taller than the capsule, else
        // a skin above the floor.
        const double feet_want = slack < 2.0 * skin ? 0.5 * double(slack) : double(skin);
        double settled_y = 0.0;
        for (int k = 0; k < 240; ++k) {
            const float vx = (k / 40) % 2 == 0 ? 1.0f : -1.0f;  // 0.67 m one way, then back
            w.update(1.0f / 60.0f);
            const CharacterMove m = ch.move({vx / 60.0f, -9.81f / 3600.0f, 0}, 1.0f / 60.0f);
            const Vec3 c = ch.position();
            const double feet = double(c.y) - 0.5 * s.height, top = double(c.y) + 0.5 * s.height;
            INFO("slack " << slack << " move " << k << " feet " << feet << " top " << top << " underside "
                          << underside);
            REQUIRE(is_finite(c));
            CHECK(!m.crushed);
            if (k < 2) continue;  // the first move only finds the floor (it was not grounded)
            CHECK(m.grounded);
            CHECK(std::fabs(feet - feet_want) <= 2e-4);
            // Never nearer the slab than the floor (the room shared), never into it beyond half a
            // skin.
            CHECK(double(underside) - top >= feet - 2e-4);
            CHECK(top <= double(underside) + 0.5 * skin + 1e-4);
            if (k == 2) settled_y = c.y;
            CHECK(std::fabs(double(c.y) - settled_y) <= 1e-5);  // no creep
        }
    }
}

TEST_CASE("character crushed: kept with its top in a slab, the ground lift never sinks it deeper") {
    // tests/fuzz/corpus/moving/moving-crushed-top-in-slab-lifted.bin: a box mesh turning and
    // rising under a character beneath a still slab crushes it (moves 6 to 11); kept where the
    // crush let it be, its top is 0.0429 m in the slab (a skin is 0.0430) and its bottom 0.0433 m
    // above the terrain. The moves after, crushed or not, lifted it by the ground probe's 0.4 mm
    // (gap - skin, within the rounding allowance below which no ceiling is looked for) to 0.3 mm
    // deeper than a skin in the slab. Since a crush, until a move ends clear of every still surface
    // that does not face up, every ground lift is kept from sinking it deeper.
    Arena arena({4.65100574f, 2.24616432f, 2.03870296f}, {10.9963589f, 2.71604061f, 8.13634968f});
    const Vec3 half{1.90705884f, 1.14176464f, 1.90705884f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{
        {7.99999905f, 2.21679664f, 4.04705811f}, {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.698431373f, 2.67921567f, 0.427450955f, 76.9411697f, 0.427450955f, 0.0430352911f);
    CharacterController ch(arena.w, s, {7.5f, 1.62944627f, 6.1764698f});
    const Step steps[] = {
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0999999866f}},
        {{7.99999905f, 1.98449683f, 4.29411697f},
         {0.502655447f, 0.502655447f, 0.502655447f, 0.491947591f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999999866f, -0.00272500026f, 0.0710937381f}},
        {{7.99999905f, 1.75219703f, 4.54117584f},
         {0.501317799f, 0.501317799f, 0.501317799f, 0.496025592f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 1.51989734f, 4.78823471f},
         {0.500833392f, 0.500833392f, 0.500833392f, 0.497491479f},
         1.0f,
         true,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 1.28759754f, 5.03529358f},
         {0.500583231f, 0.500583231f, 0.500583231f, 0.498246163f},
         1.0f,
         true,
         0.0166666675f,
         {0.0387432836f, -0.00272500026f, -0.0926150307f}},
        {{7.99999905f, 1.05529773f, 5.28235245f},
         {0.500430524f, 0.500430524f, 0.500430524f, 0.498706162f},
         1.0f,
         true,
         0.050886333f,
         {0.0278853998f, -0.0254022013f, -0.063921243f}},
        {{7.99999905f, 0.822998047f, 5.52941084f},
         {0.500327587f, 0.500327587f, 0.500327587f, 0.499015898f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0261477493f, 0.0145353498f, -0.077735886f}},
        {{7.99999905f, 0.590698242f, 5.77646971f},
         {0.500253499f, 0.500253499f, 0.500253499f, 0.49923867f},
         1.0f,
         true,
         0.0166666675f,
         {0.0306863077f, 0.0118103493f, -0.0635424182f}},
        {{7.62138367f, 0.80927515f, 5.91674089f},
         {0.463864744f, 0.463864744f, 0.463864744f, 0.595389366f},
         1.0f,
         true,
         0.0166666675f,
         {0.061117921f, -0.00272500026f, -0.0946975723f}},
        {{7.24276781f, 1.02785206f, 6.05701208f},
         {0.416309237f, 0.416309237f, 0.416309237f, 0.692863524f},
         1.0f,
         true,
         0.00651137577f,
         {0.000463233766f, -0.00148053456f, -0.0502720103f}},
        {{7.34731531f, 1.26489282f, 5.94352913f},
         {0.42568624f, 0.416085243f, 0.412709236f, 0.689445734f},
         1.0f,
         true,
         0.0316940807f,
         {0.122025006f, -0.0170607828f, 0.189399526f}},
        {{6.61906147f, 1.09439254f, 5.07205868f},
         {0.442903608f, 0.433742315f, 0.430520892f, 0.656015038f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0102063278f, -0.0116965938f, -0.0349191055f}},
        {{5.89080811f, 0.923892379f, 4.20058823f},
         {0.459755719f, 0.451068759f, 0.44801414f, 0.620036304f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0335786119f, -0.00272500026f, -0.0743365139f}},
        {{5.16255474f, 0.75339216f, 3.3291173f},
         {0.476064354f, 0.467885822f, 0.465009987f, 0.58155936f},
         1.0f,
         true,
         0.0424019583f,
         {-0.121149823f, -0.0176376551f, -0.224848166f}},
        {{4.4343009f, 0.582891941f, 2.45764685f},
         {0.491645575f, 0.484008253f, 0.481322736f, 0.540693164f},
         1.0f,
         true,
         0.0512254871f,
         {-0.157520249f, -0.0257419366f, -0.265321553f}},
        {{3.7060473f, 0.412391722f, 1.5861764f},
         {0.506316781f, 0.499251217f, 0.496766746f, 0.497608662f},
         1.0f,
         true,
         0.0512254871f,
         {-0.0f, -0.0257419366f, -0.0f}},
        {{2.97779369f, 0.241891503f, 0.714705467f},
         {0.519904256f, 0.513438046f, 0.511164308f, 0.452539504f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{2.24953985f, 0.0713913441f, -0.156764984f},
         {0.532251596f, 0.526408434f, 0.524353743f, 0.405777723f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000165353413f, -0.0f}},
        {{1.52128649f, -0.0991089344f, -1.02823544f},
         {0.543227077f, 0.538026094f, 0.536197245f, 0.357665747f},
         1.0f,
         true,
         0.00416666688f,
         {-0.00989538804f, -0.000170312516f, -0.0142059103f}},
        {{0.793033123f, -0.269609213f, -1.89970589f},
         {0.552730143f, 0.548185468f, 0.546587408f, 0.308584332f},
         1.0f,
         true,
         0.0166666675f,
         {0.0197817106f, -0.00272500026f, 0.011349869f}},
        {{0.0647792816f, -0.440109372f, -2.77117634f},
         {0.560696006f, 0.55681622f, 0.555451989f, 0.258937716f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0478624329f, -0.00272500026f, -0.0663877577f}},
        {{-0.66347456f, -0.610609531f, -3.64264679f},
         {0.567097425f, 0.563885808f, 0.562756538f, 0.209137172f},
         1.0f,
         true,
         0.0166666675f,
         {0.000100612648f, -0.00272500026f, 0.0213097744f}},
        {{-1.39172792f, -0.78110981f, -4.51411819f},
         {0.571944833f, 0.569399059f, 0.568503857f, 0.159584597f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{-2.11998129f, -0.951610088f, -5.38558865f},
         {0.575282991f, 0.57339561f, 0.572731972f, 0.110657401f},
         1.0f,
         true,
         0.0166666675f,
         {0.0207844023f, -0.00272500026f, -0.0659614727f}},
        {{-2.16988039f, -0.951959789f, -5.41457558f},
         {0.568116724f, 0.566252828f, 0.565597475f, 0.191574201f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{-2.21977949f, -0.952309489f, -5.44356251f},
         {0.555292249f, 0.553470433f, 0.552829862f, 0.282312214f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0414018743f, -0.00272500026f, -0.055252254f}},
        {{-2.26967859f, -0.95265913f, -5.47254896f},
         {0.534968913f, 0.533213794f, 0.532596648f, 0.381879777f},
         1.0f,
         true,
         0.0166666675f,
         {0.0186488163f, -0.00272500026f, 0.046186801f}},
    };
    bool clear = false;
    int k = 0;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("move " << k++ << " position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        const double still = arena.in_still(s, c);
        if (clear) {
            CHECK(still <= s.skin_width + 1e-4);
            const double feet = double(c.y) - 0.5 * s.height, ground = arena.terrain(c.x, c.z);
            CHECK(feet >= ground - (m.crushed ? s.skin_width + 1e-4 : 1e-4));
            if (!m.crushed) CHECK(in_box(s, c, half, arena.w.transform(mover.object)) <= s.skin_width + 1e-4);
        }
        clear = clear || still <= 1e-4;
    }
    CHECK(clear);
}

TEST_CASE("character crushed: left in a gap lower than itself once the pusher is gone, it stays crushed") {
    // tests/fuzz/corpus/moving/moving-crushed-gap-pusher-gone.bin: a box mesh turning and rising
    // crushes a character under a still slab where the gap left to the terrain is lower than the
    // capsule (moves 6 to 19: its top 6 mm in the slab, its feet 31 mm in the terrain). The box then
    // moved off, nothing near it moved, and the pushes were skipped: move 20 reported it free with
    // its feet in the terrain. Since a crush, while it overlaps a still ceiling, the pushes run on
    // every move: it is cleared, squeezed out, or (here) reported crushed again.
    Arena arena({4.65100574f, 2.24616432f, 2.03870296f}, {10.9963589f, 2.71604061f, 8.13634968f});
    const Vec3 half{1.90705884f, 1.14176464f, 1.90705884f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{
        {7.99999905f, 2.21679664f, 4.04705811f}, {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.698431373f, 2.67921567f, 0.427450955f, 76.9411697f, 0.427450955f, 0.0430352911f);
    CharacterController ch(arena.w, s, {7.5f, 1.62944627f, 6.1764698f});
    const Step steps[] = {
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0f, -0.00272500026f, -0.0f}},
        {{7.81249905f, 2.02929664f, 3.89138985f},
         {0.544196188f, 0.53063482f, 0.485701352f, 0.431707531f},
         1.0f,
         true,
         0.0166666675f,
         {0.0197817106f, -0.00272500026f, 0.011349869f}},
        {{7.62499952f, 1.84179664f, 3.73572159f},
         {0.563980103f, 0.536715209f, 0.446377248f, 0.44114691f},
         1.0f,
         true,
         0.0166666675f,
         {0.0113124223f, -0.00272500026f, -0.0810566247f}},
        {{7.43749952f, 1.65429664f, 3.58005333f},
         {0.582751989f, 0.541725039f, 0.405788809f, 0.449743837f},
         1.0f,
         true,
         0.0166666675f,
         {0.0929503515f, -0.00272500026f, -0.0427550226f}},
        {{7.45807076f, 1.82130468f, 3.67167401f},
         {0.562027574f, 0.522459686f, 0.39135772f, 0.507937074f},
         1.0f,
         true,
         0.0166666675f,
         {0.0607843101f, -0.00272500026f, 0.0607843101f}},
        {{7.47864199f, 1.98831272f, 3.76329494f},
         {0.536992013f, 0.499186665f, 0.373924673f, 0.568007529f},
         1.0f,
         true,
         0.0166666675f,
         {0.0607843101f, -0.00272500026f, 0.0607843101f}},
        {{7.49921274f, 2.15532064f, 3.85491562f},
         {0.507279098f, 0.471565604f, 0.353234649f, 0.628903091f},
         1.0f,
         true,
         0.0166666675f,
         {0.0607843101f, -0.00272500026f, 0.0607843101f}},
        {{7.51978397f, 2.32232881f, 3.94653654f},
         {0.472706139f, 0.439426661f, 0.329160362f, 0.689279735f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, -0.0f}},
        {{7.54035521f, 2.48933697f, 4.03815746f},
         {0.433352828f, 0.402843893f, 0.301757395f, 0.747572482f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0764079615f, -0.00272500026f, 0.0236538425f}},
        {{7.56092644f, 2.65634489f, 4.12977791f},
         {0.389618456f, 0.362188518f, 0.271303773f, 0.802129149f},
         1.0f,
         true,
         0.00766152563f,
         {0.0012457571f, -0.000575836981f, 0.0426604263f}},
        {{7.58149719f, 2.82335281f, 4.22139883f},
         {0.342233986f, 0.31814f, 0.238308445f, 0.851394117f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0969152153f, -0.00272500026f, 0.0154216141f}},
        {{7.60206842f, 2.99036121f, 4.31301975f},
         {0.292213827f, 0.271641374f, 0.203477815f, 0.894102216f},
         1.0f,
         true,
         0.0166666675f,
         {0.0250584893f, -0.00272500026f, -0.112080276f}},
        {{7.62263966f, 3.15736914f, 4.4046402f},
         {0.240751579f, 0.223802164f, 0.167643011f, 0.929433763f},
         1.0f,
         true,
         0.0166666675f,
         {0.00126641023f, -0.00272500026f, -0.00529290549f}},
        {{7.1719861f, 3.05707169f, 4.2033782f},
         {0.237806484f, 0.222159088f, 0.170313969f, 0.930100322f},
         1.0f,
         true,
         0.051225353f,
         {0.0191734824f, -0.0257418025f, -0.307961106f}},
        {{6.72133255f, 2.95677423f, 4.0021162f},
         {0.234856263f, 0.220511466f, 0.172982261f, 0.930749357f},
         1.0f,
         true,
         0.0512254871f,
         {-0.00835564919f, -0.0257419366f, -0.0916704684f}},
        {{6.270679f, 2.85647678f, 3.80085421f},
         {0.231901094f, 0.218859375f, 0.175647736f, 0.931380868f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{5.82002544f, 2.75617933f, 3.59959221f},
         {0.228941128f, 0.217202902f, 0.178310215f, 0.931994796f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{5.36937237f, 2.65588188f, 3.39833021f},
         {0.225976542f, 0.215542167f, 0.180969581f, 0.93259114f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{4.91871834f, 2.55558443f, 3.19706845f},
         {0.223007485f, 0.213877246f, 0.183625653f, 0.933169782f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0181589555f, -0.00272500026f, -0.033422552f}},
        {{4.46806479f, 2.45528698f, 2.99580646f},
         {0.220034152f, 0.212208226f, 0.186278298f, 0.933730721f},
         1.0f,
         true,
         0.0166666675f,
         {0.0915541053f, 0.0746505857f, 0.0711036548f}},
        {{4.01741123f, 2.35498953f, 2.79454446f},
         {0.217056692f, 0.210535213f, 0.188927352f, 0.934273899f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0214071926f, -0.00272500026f, 0.0348513797f}},
        {{3.56675768f, 2.25469208f, 2.59328246f},
         {0.214075297f, 0.208858311f, 0.191572666f, 0.934799373f},
         1.0f,
         true,
         0.0166666675f,
         {-0.00338366046f, -0.00272500026f, 0.0911392123f}},
        {{3.1161046f, 2.15439463f, 2.39202046f},
         {0.211090118f, 0.207177594f, 0.194214106f, 0.935307086f},
         1.0f,
         true,
         0.0166666675f,
         {-0.035171438f, -0.00272500026f, 0.0162548386f}},
        {{2.66545105f, 2.05409741f, 2.19075871f},
         {0.208101317f, 0.205493182f, 0.196851507f, 0.935796916f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0584898964f, -0.00272500026f, 0.0709803924f}},
        {{2.2147975f, 1.95379996f, 1.98949671f},
         {0.205109105f, 0.203805149f, 0.199484721f, 0.936268985f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0f, -0.00272500026f, -0.0f}},
    };
    bool clear = false;
    int k = 0;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("move " << k++ << " position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        const double still = arena.in_still(s, c);
        if (clear) {
            CHECK(still <= s.skin_width + 1e-4);
            const double feet = double(c.y) - 0.5 * s.height, ground = arena.terrain(c.x, c.z);
            CHECK(feet >= ground - (m.crushed ? s.skin_width + 1e-4 : 1e-4));
            if (!m.crushed) CHECK(in_box(s, c, half, arena.w.transform(mover.object)) <= s.skin_width + 1e-4);
        }
        clear = clear || still <= 1e-4;
    }
    CHECK(clear);
}

TEST_CASE("character crushed: sent back inside the pusher, it stays pinned by it once it stops") {
    // tests/fuzz/corpus/moving/moving-crushed-back-in-stopped-pusher.bin: a box mesh coming down on
    // a character under a still slab pushes it 0.36 m deep; the push out of the box goes 0.18 m
    // into the terrain, and the push out of the terrain would cross the slab: crushed, with no free
    // spot, it went back where the move began (move 10), inside the box, which did not pin it. The
    // box stopped on the next move and so counted as still geometry, deeper at that start than where
    // the pushes left it: the capsule stayed there, 0.17 m in the terrain. Sent back inside the
    // pusher, it is pinned by it, which stays a pusher once it stops.
    Arena arena({4.65100574f, 2.24616432f, 2.03870296f}, {10.9963589f, 2.71604061f, 8.13634968f});
    const Vec3 half{1.90705884f, 1.14176464f, 1.90705884f};
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = Transform{
        {7.99999905f, 2.21679664f, 4.04705811f}, {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f}, 1.0f};
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    const CharacterSettings s =
        replay_settings(0.698431373f, 2.67921567f, 0.427450955f, 76.9411697f, 0.427450955f, 0.0430352911f);
    CharacterController ch(arena.w, s, {7.5f, 1.62944627f, 6.1764698f});
    const Step steps[] = {
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{7.99999905f, 2.21679664f, 4.04705811f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0325263515f, -0.00272500026f, -0.0949769542f}},
        {{7.96675205f, 2.2678628f, 4.0430131f},
         {0.520537615f, 0.52239126f, 0.533868432f, 0.413681597f},
         1.0f,
         true,
         0.0166666675f,
         {-0.000385808962f, -0.00272500026f, -0.0654793084f}},
        {{7.93350554f, 2.3189292f, 4.03896809f},
         {0.517415583f, 0.521129608f, 0.544126034f, 0.405748546f},
         1.0f,
         true,
         0.0166666675f,
         {0.0787990913f, -0.00272500026f, -0.0639215708f}},
        {{7.90025854f, 2.36999536f, 4.03492308f},
         {0.514189363f, 0.519769549f, 0.55432117f, 0.397714645f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0639215708f, -0.00272500026f, -0.0639215708f}},
        {{7.86701155f, 2.42106175f, 4.03087854f},
         {0.510859609f, 0.518310845f, 0.564447582f, 0.389583349f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0639215708f, -0.00272500026f, -0.0639215708f}},
        {{7.83376503f, 2.47212791f, 4.02683353f},
         {0.507427394f, 0.516753495f, 0.574498951f, 0.381358445f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0639215708f, -0.00272500026f, -0.0639215708f}},
        {{7.80051804f, 2.52319407f, 4.02278852f},
         {0.503893733f, 0.515097499f, 0.58446902f, 0.373043746f},
         1.0f,
         true,
         0.0166666675f,
         {0.0929474086f, -0.00272500026f, 0.0365050025f}},
        {{6.9483304f, 1.71605492f, 3.66393137f},
         {-0.583730996f, 0.522597551f, 0.620724738f, -0.029168088f},
         1.0f,
         true,
         0.0244303383f,
         {-0.0323341042f, -0.00585501501f, 0.111246973f}},
        {{6.9483304f, 1.71605492f, 3.66393137f},
         {-0.583730996f, 0.522597551f, 0.620724738f, -0.029168088f},
         1.0f,
         false,
         0.0463070311f,
         {0.220075786f, -0.0210359879f, -0.191685021f}},
        {{6.9483304f, 1.71605492f, 3.66393137f},
         {-0.583730996f, 0.522597551f, 0.620724738f, -0.029168088f},
         1.0f,
         false,
         0.0216930918f,
         {-0.101245403f, -0.0046164901f, -0.0949589759f}},
        {{6.9483304f, 1.71605492f, 3.66393137f},
         {-0.583730996f, 0.522597551f, 0.620724738f, -0.029168088f},
         1.0f,
         false,
         0.0166666675f,
         {-0.0546890758f, -0.00272500026f, -0.0538092777f}},
        {{6.9483304f, 1.71605492f, 3.66393137f},
         {-0.583730996f, 0.522597551f, 0.620724738f, -0.029168088f},
         1.0f,
         false,
         0.0403172113f,
         {0.169250041f, -0.0159459356f, -0.0535841696f}},
        {{7.28362465f, 2.05134892f, 3.99920583f},
         {-0.563888192f, 0.369147956f, 0.732831836f, -0.0933668688f},
         1.0f,
         true,
         0.0512254871f,
         {0.00391501701f, -0.0257419366f, -0.308533341f}},
        {{7.36793852f, 2.13566256f, 3.8429966f},
         {-0.557020843f, 0.335957795f, 0.752077579f, -0.106016159f},
         1.0f,
         true,
         0.00612745108f,
         {9.994016e-05f, -0.000368322915f, -0.00153461914f}},
        {{7.45225191f, 2.21997643f, 3.68678761f},
         {-0.549117029f, 0.301787376f, 0.770272493f, -0.118638791f},
         1.0f,
         true,
         0.00612745108f,
         {0.000143667567f, -0.000368322915f, -0.0015311446f}},
        {{7.53656578f, 2.30429006f, 3.53057837f},
         {-0.540186286f, 0.266789824f, 0.787284911f, -0.131165802f},
         1.0f,
         true,
         0.00612745108f,
         {0.000182140968f, -0.000368322915f, -0.00152704585f}},
        {{7.62087965f, 2.38860369f, 3.37436914f},
         {-0.530254722f, 0.231135458f, 0.802998185f, -0.143527865f},
         1.0f,
         true,
         0.00612745108f,
         {0.00154787628f, -0.000368322915f, -0.0109014837f}},
        {{7.70519304f, 2.47291756f, 3.21816015f},
         {-0.519364715f, 0.195007712f, 0.817314565f, -0.155657217f},
         1.0f,
         true,
         0.00416666688f,
         {-0.00897029694f, -0.000170312516f, 0.00139213412f}},
        {{7.78950691f, 2.55723119f, 3.06195092f},
         {-0.507574081f, 0.158598572f, 0.830158055f, -0.16748938f},
         1.0f,
         true,
         0.0166666675f,
         {0.0032527165f, -0.00272500026f, -0.0179820508f}},
        {{7.87382078f, 2.64154482f, 2.90574169f},
         {-0.494954705f, 0.12210343f, 0.841476142f, -0.178964958f},
         1.0f,
         true,
         0.0122158341f,
         {0.0172777828f, -0.00146391301f, -0.08738897f}},
        {{7.95813417f, 2.72585869f, 2.7495327f},
         {-0.481590182f, 0.0857159793f, 0.85124135f, -0.190031081f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0325592682f, -0.00272500026f, 0.0559228621f}},
        {{8.04244804f, 2.81017232f, 2.59332347f},
         {-0.467573494f, 0.0496231988f, 0.859450519f, -0.200642496f},
         1.0f,
         true,
         0.0166666675f,
         {0.0493870117f, -0.00272500026f, 0.0709803924f}},
        {{8.04244804f, 2.81017232f, 2.59332347f},
         {-0.467573494f, 0.0496231988f, 0.859450519f, -0.200642496f},
         1.0f,
         false,
         0.0166666675f,
         {0.0f, -0.00272500026f, -0.0f}},
        {{6.54244804f, 1.31017232f, 1.09332347f},
         {-0.293700218f, -0.297760457f, 0.862777472f, -0.284066796f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
    };
    bool clear = false;
    int k = 0;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("move " << k++ << " position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        const double still = arena.in_still(s, c);
        if (clear) {
            CHECK(still <= s.skin_width + 1e-4);
            const double feet = double(c.y) - 0.5 * s.height, ground = arena.terrain(c.x, c.z);
            CHECK(feet >= ground - (m.crushed ? s.skin_width + 1e-4 : 1e-4));
            if (!m.crushed) CHECK(in_box(s, c, half, arena.w.transform(mover.object)) <= s.skin_width + 1e-4);
        }
        clear = clear || still <= 1e-4;
    }
    CHECK(clear);
}

TEST_CASE("character crushed: lifted onto the mover it rides, it is never lifted into a slab above") {
    // tests/fuzz/corpus/moving/moving-crushed-into-high-slab.bin: a box mesh turning and rising
    // under a character carries it toward a still slab at 3.2 m, where the gap left is lower than
    // the capsule. Crushed on move 10, it went back where the move began (inside the mover); the
    // ground probe that follows then lifted it onto the mover's top, 0.31 m into the slab: the cast
    // upward that caps a lift met the mover the capsule overlaps first, at once, and not the slab
    // beyond. The lift now stops before it sinks the capsule into the slab.
    Arena arena({4.65100574f, 3.20939684f, 3.29411697f}, {10.7486525f, 3.98704386f, 9.39176369f});
    const Vec3 half{1.90705884f, 1.14176464f, 2.15176082f};
    const Transform start_pose{
        {5.67843056f, 3.20196056f, 5.67843056f}, {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f}, 1.0f};
    const CharacterSettings s =
        replay_settings(0.698431373f, 2.67921567f, 0.427450955f, 76.9411697f, 0.427450955f, 0.0430352911f);
    const Vec3 start{7.5f, 1.68135667f, 7.5f};
    const Step steps[] = {
        {{5.67843056f, 3.20196056f, 5.67843056f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0709803924f, -0.00272500026f, 0.0709803924f}},
        {{5.67843056f, 3.20196056f, 5.67843056f},
         {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f},
         1.0f,
         false,
         0.0166666675f,
         {0.0f, 0.072569117f, 0.0f}},
        {{6.43725395f, 3.96078396f, 6.43725395f},
         {0.561781466f, 0.561781466f, 0.561781466f, 0.230661526f},
         1.0f,
         true,
         0.0512254871f,
         {-0.0194927007f, -0.0252961088f, -0.0194927007f}},
        {{4.93725395f, 2.46078396f, 4.93725395f},
         {0.56929481f, 0.56929481f, 0.56929481f, -0.166463941f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},
        {{4.7229681f, 2.28287745f, 4.86587477f},
         {0.511145651f, 0.549275517f, 0.581240356f, -0.314938396f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0744508132f, -0.00340625038f, 0.0999999866f}},
        {{4.92778254f, 2.39019752f, 5.06175756f},
         {0.517802835f, 0.521935225f, 0.525399446f, 0.428274691f},
         1.0f,
         true,
         0.0166666675f,
         {0.0999999866f, 0.0746505857f, 0.0711036548f}},
        {{5.13259697f, 2.49751759f, 5.25764036f},
         {0.509074092f, 0.511084795f, 0.512770355f, 0.46551311f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0214071926f, 0.071925588f, 0.0348513797f}},
        {{5.3374114f, 2.60483789f, 5.45352316f},
         {0.505786955f, 0.507049084f, 0.508107126f, 0.478443235f},
         1.0f,
         true,
         0.0166666675f,
         {-0.00338366046f, 0.0692005903f, 0.0911392123f}},
        {{5.54222584f, 2.71215796f, 5.64940596f},
         {0.504066646f, 0.50494653f, 0.505684078f, 0.485004574f},
         1.0f,
         true,
         0.0166666675f,
         {-0.035171438f, 0.0664755926f, 0.0559215881f}},
        {{5.74704027f, 2.81947803f, 5.84528875f},
         {0.50300914f, 0.503657043f, 0.504200161f, 0.488971978f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0839883089f, -0.00272500026f, -0.0798384547f}},
        {{5.95185471f, 2.92679834f, 6.04117107f},
         {0.502293348f, 0.502785563f, 0.503198147f, 0.49162963f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0734540001f, -0.00272500026f, -0.0684331432f}},
        {{6.15666914f, 3.03411841f, 6.23705387f},
         {0.501776755f, 0.502157211f, 0.502476156f, 0.493534178f},
         1.0f,
         true,
         0.0512254871f,
         {-0.226281434f, -0.0257419366f, -0.209773436f}},

    };
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = start_pose;
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    CharacterController ch(arena.w, s, start);
    // Checked once a move has left it clear of what did not move (as the fuzz target does).
    bool clear = false, crushed = false;
    int k = 0;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("move " << k++ << " position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        crushed = crushed || m.crushed;
        const double still = arena.in_still(s, c);
        if (clear) {
            CHECK(still <= s.skin_width + 1e-4);
            // Its top under the slab's underside, by the skin at most.
            CHECK(double(c.y) + 0.5 * s.height <= double(3.20939684f) + s.skin_width + 1e-4);
        }
        clear = clear || still <= 1e-4;
    }
    CHECK(clear);
    CHECK(crushed);
}

TEST_CASE("character crushed: a box mesh jumping away under a crushed rider leaves it out of the terrain") {
    // tests/fuzz/corpus/moving/moving-crushed-through-slab.bin: a box mesh under a character
    // crushed against a still slab (its top touching the slab's underside) jumps 3.3 m down and
    // aside in one step, carrying it. The carry is cast, but the cast's first hit was the slab it
    // touched and left (no block), which hid the terrain beyond: the carry put its axis under the
    // terrain, and the squeeze then found "free" room 2.8 m below it, 2.4 m into still geometry.
    // A carry is now also kept from sinking the capsule more than a skin deeper into what did not
    // move (and since the lift under a ceiling goes halfway to it, this replay no longer rides the
    // box at move 13: the carry itself is tested on a platform below).
    Arena arena({4.65100574f, 2.24616432f, 2.03870296f}, {10.9963589f, 2.71604061f, 8.13634968f});
    const Vec3 half{1.90705884f, 1.14176464f, 1.90705884f};
    const Transform start_pose{
        {5.67822266f, 3.20196056f, 5.67843056f}, {0.523554742f, 0.523554742f, 0.523554742f, 0.421510428f}, 1.0f};
    const CharacterSettings s =
        replay_settings(0.698431373f, 2.67921567f, 0.427450955f, 76.9411697f, 0.427450955f, 0.0236320775f);
    const Vec3 start{7.5f, 1.82645464f, 7.5f};
    const Step steps[] = {
        {{4.866436f, 2.88661599f, 5.33813143f},
         {0.507234991f, 0.490956247f, 0.524341941f, 0.476172417f},
         1.0f,
         true,
         0.0424019583f,
         {-0.160398573f, -0.0176376551f, -0.13166973f}},
        {{4.05464983f, 2.57127142f, 4.99783182f},
         {0.48749876f, 0.454003602f, 0.522697985f, 0.531989217f},
         1.0f,
         true,
         0.0512254871f,
         {-0.251828849f, -0.0257419366f, -0.178298607f}},
        {{3.24286342f, 2.25592709f, 4.65753269f},
         {0.464131504f, 0.412671626f, 0.518209338f, 0.587999284f},
         1.0f,
         true,
         0.0512254871f,
         {-0.0f, -0.0256809685f, -0.0f}},
        {{2.43107677f, 1.94058239f, 4.31723309f},
         {0.437067032f, 0.367156208f, 0.510534465f, 0.643057764f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0147671374f, -0.000170312516f, -0.00903649721f}},
        {{1.61929035f, 1.62523794f, 3.97693396f},
         {0.40643096f, 0.317908555f, 0.499456853f, 0.695910096f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0538092777f, -0.00272500026f, 0.0574221797f}},
        {{0.807504177f, 1.30989349f, 3.63663459f},
         {0.372564524f, 0.26563713f, 0.484931737f, 0.745301127f},
         1.0f,
         true,
         0.0166666675f,
         {0.0207883213f, -0.00272500026f, -0.0950080603f}},
        {{-0.00428247452f, 0.994548798f, 3.29633522f},
         {0.336017877f, 0.211269245f, 0.467112958f, 0.790103018f},
         1.0f,
         true,
         0.0644867569f,
         {0.0f, -0.0407952964f, 0.0f}},
        {{-0.816069126f, 0.679204226f, 2.95603585f},
         {0.297509313f, 0.155873463f, 0.446350753f, 0.82943517f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0749003738f, 0.0588586144f, -0.0400522798f}},
        {{-1.6278553f, 0.363859892f, 2.61573672f},
         {0.257856309f, 0.100557007f, 0.42315802f, 0.862748921f},
         1.0f,
         true,
         0.0166666675f,
         {-0.062702924f, -0.00272500026f, -0.0568125173f}},
        {{-2.43964195f, 0.0485153198f, 2.27543736f},
         {0.217893362f, 0.0463603996f, 0.398152858f, 0.889858127f},
         1.0f,
         true,
         0.0166666675f,
         {-0.0566852465f, -0.00272500026f, 0.0999999866f}},
        {{2.78017855f, 2.02425742f, 5.0127182f},
         {-0.228211582f, 0.200955704f, -0.0423640832f, 0.951704562f},
         1.0f,
         true,
         0.0166666675f,
         {0.0f, -0.00272500026f, 0.0f}},
        {{7.99999905f, 3.99999952f, 7.74999905f},
         {-0.578287482f, 0.270990938f, -0.465054691f, 0.613083661f},
         1.0f,
         true,
         0.00416666688f,
         {0.0f, -0.000170312516f, 0.0f}},
        {{6.49999905f, 2.49999952f, 6.24999905f},
         {-0.56028372f, 0.361981064f, -0.0995597616f, 0.738335788f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, 0.0f}},
        {{4.99999905f, 0.999999523f, 4.74999905f},
         {-0.453823447f, 0.395822316f, 0.281653494f, 0.74702096f},
         1.0f,
         true,
         0.00416666688f,
         {-0.0f, -0.000170312516f, -0.0f}},

    };
    MeshData box;
    add_box(box, half * -1.0f, half);
    ObjectOptions o;
    o.transform = start_pose;
    const AddResult mover = arena.w.add_mesh(box.positions, box.indices, o);
    REQUIRE(mover.ok);
    arena.w.update(1.0f / 60.0f);
    CharacterController ch(arena.w, s, start);
    // Checked once a move has left it clear of what did not move (as the fuzz target does).
    bool clear = false;
    int k = 0;
    for (const Step& st : steps) {
        if (st.moved) arena.w.set_transform(mover.object, Transform{st.position, st.rotation, st.scale});
        arena.w.update(st.dt);
        const CharacterMove m = ch.move(st.displacement, st.dt);
        const Vec3 c = ch.position();
        INFO("move " << k++ << " position " << c.x << ", " << c.y << ", " << c.z << " crushed " << m.crushed);
        REQUIRE(is_finite(c));
        const double still = arena.in_still(s, c);
        if (clear) {
            CHECK(still <= s.skin_width + 1e-4);
            const double feet = double(c.y) - 0.5 * s.height, ground = arena.terrain(c.x, c.z);
            CHECK(feet >= ground - (m.crushed ? s.skin_width + 1e-4 : 1e-4));
        }
        clear = clear || still <= 1e-4;
    }
    CHECK(clear);
}

TEST_CASE("character ride: a carry away from a slab it touches still stops before the ground beyond") {
    // The carry's cast stops at its first hit: a slab the capsule's top is in, which the carry
    // leaves (no block), hid the ground below, and a platform sinking 3 m in one step carried its
    // rider through the ground.
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f}) {
        INFO("dt = " << dt);
        Platform p({0, 1, 0});
        MeshData ground;  // an open quad at y = 0 (one-sided, like a terrain), 20 m wide
        ground.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
        REQUIRE(p.w.add_mesh(ground.positions, ground.indices).ok);
        CharacterController ch = p.start();
        // A still slab whose underside the capsule's top is in by half a skin.
        const float top = ch.position().y + 0.5f * p.s.height - 0.5f * p.s.skin_width;
        const Vec3 lo{-3, top, -3}, hi{3, top + 0.5f, 3};
        add_box_object(p.w, lo, hi);
        const CharacterMove m = p.step(ch, {0.5f, -2, 0.3f}, dt);
        INFO("position " << m.position.x << ", " << m.position.y << ", " << m.position.z);
        REQUIRE(is_finite(m.position));
        CHECK(m.carried);
        CHECK(box_penetration(p.s, ch.position(), lo, hi) <= p.s.skin_width);
        // Its feet stay on or above the ground (a skin above, or snapped onto it).
        CHECK(ch.position().y - 0.5f * p.s.height >= -1e-4f);
        CHECK(ch.position().y - 0.5f * p.s.height <= 2.0f * p.s.skin_width);
    }
}
