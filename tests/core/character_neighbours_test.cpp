// Characters among characters (character_neighbours.hpp, CharacterGroup): how far a character may
// move before it comes within a skin of another, against a double-precision reference (the two
// upright axes' distance minimised by golden-section search and its first crossing bisected, not
// the closed form under test), and a character stopped only by another never climbing onto it.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>

#include "character_neighbours.hpp"
#include "meshes.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

CharacterSettings settings() {
    CharacterSettings s;
    s.radius = 0.35f;
    s.height = 1.7f;
    s.skin_width = 0.01f;
    return s;
}

// The distance between the axes of the upright capsules centred at a and b (half axes ha, hb).
double axis_distance(double ax, double ay, double az, double bx, double by, double bz, double ha, double hb) {
    const double v = std::max(std::fabs(ay - by) - (ha + hb), 0.0);
    return std::sqrt((ax - bx) * (ax - bx) + (az - bz) * (az - bz) + v * v);
}

// The first t in [0, travel] at which the character moving from p along dir comes within
// `touch` of the obstacle's axis, or travel when it never does.
double reference_first_touch(const CharacterSettings& s, Vec3 p, Vec3 dir, double travel, const detail::Obstacle& o,
                             double touch) {
    const double ha = 0.5 * s.height - s.radius, hb = 0.5 * o.height - o.radius;
    const auto dist = [&](double t) {
        return axis_distance(p.x + dir.x * t, p.y + dir.y * t, p.z + dir.z * t, o.center.x, o.center.y, o.center.z, ha,
                             hb);
    };
    double lo = 0.0, hi = travel;
    for (int k = 0; k < 200; ++k) {  // golden-section search for the nearest point (convex)
        const double a = hi - 0.6180339887498949 * (hi - lo), b = lo + 0.6180339887498949 * (hi - lo);
        if (dist(a) <= dist(b))
            hi = b;
        else
            lo = a;
    }
    const double nearest = 0.5 * (lo + hi);
    if (dist(nearest) >= touch) return travel;
    lo = 0.0, hi = nearest;
    for (int k = 0; k < 200; ++k) {
        const double mid = 0.5 * (lo + hi);
        (dist(mid) < touch ? hi : lo) = mid;
    }
    return lo;
}

}  // namespace

TEST_CASE("obstacle_limit: stops within microns before the reference's first touch, never past it") {
    const CharacterSettings s = settings();
    const double touch = 2.0 * s.radius + s.skin_width;
    Rng rng(1509);
    int stopped = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        const detail::Obstacle o{rng.vec(-50.0f, 50.0f), s.radius, s.height};
        // Starts clear of it (within three metres); heads roughly at it, or anywhere, or straight
        // up or down (aligned axes: no horizontal way out), or grazing.
        Vec3 p;
        do {
            p = o.center + rng.vec(-3.0f, 3.0f);
        } while (detail::overlaps_obstacle(s, p, o, nullptr));
        Vec3 dir;
        const int kind = rng.below(4);
        if (kind == 0)
            dir = normalize_or(o.center + rng.vec(-0.5f, 0.5f) - p, Vec3{1, 0, 0});
        else if (kind == 1)
            dir = rng.direction();
        else if (kind == 2) {
            p.x = o.center.x + (rng.below(2) ? 0.0f : rng.uniform(-0.2f, 0.2f));
            p.z = o.center.z;
            p.y = o.center.y + (rng.below(2) ? 1.0f : -1.0f) * rng.uniform(1.72f, 3.0f);
            dir = Vec3{0, p.y > o.center.y ? -1.0f : 1.0f, 0};
        } else {  // passing by at about the reach, level with it
            p = o.center + Vec3{-2.0f, rng.uniform(-0.3f, 0.3f), rng.uniform(0.70f, 0.72f)};
            dir = Vec3{1, 0, 0};
        }
        const float travel = rng.uniform(0.0f, 4.0f);
        INFO("trial " << trial << " p " << p << " dir " << dir << " travel " << travel << " obstacle " << o.center);
        Vec3 normal{};
        const float limit = detail::obstacle_limit(s, std::span(&o, 1), p, dir, travel, normal);
        const double first = reference_first_touch(s, p, dir, travel, o, touch);
        REQUIRE(limit >= 0.0f);
        REQUIRE(limit <= travel);
        CHECK_FALSE(detail::overlaps_obstacle(s, p + dir * limit, o, nullptr));
        if (first >= travel) {
            // A graze within rounding of the reach may stop it a hair short; otherwise it goes all the way.
            CHECK(limit >= travel - 1e-3f);
            continue;
        }
        ++stopped;
        CHECK(limit <= first + 1e-5);
        CHECK(limit >= first - 5e-5);  // the backoff (10 microns) and the positions' rounding
        // The normal turns it away: horizontal from the obstacle's axis, or vertical when aligned.
        CHECK(std::fabs(length(normal) - 1.0f) < 1e-5f);
        if (normal.y == 0.0f) {
            const Vec3 off = p + dir * limit - o.center;
            CHECK(dot(Vec3{off.x, 0.0f, off.z}, normal) > 0.0f);
        }
    }
    CHECK(stopped > 1000);
}

TEST_CASE("obstacle_limit: a path that never comes within reach goes all the way") {
    const CharacterSettings s = settings();
    const detail::Obstacle o{{0.0f, 0.86f, 0.0f}, s.radius, s.height};
    Vec3 normal{};
    // Level, passing 1 m off its axis; overhead, its feet 1 cm above the other's head.
    CHECK(detail::obstacle_limit(s, std::span(&o, 1), {-3.0f, 0.86f, 1.0f}, {1, 0, 0}, 6.0f, normal) == 6.0f);
    CHECK(detail::obstacle_limit(s, std::span(&o, 1), {-3.0f, 0.86f + 1.72f, 0.0f}, {1, 0, 0}, 6.0f, normal) == 6.0f);
    // Starting within a skin and moving away is free; moving closer is not.
    CHECK(detail::obstacle_limit(s, std::span(&o, 1), {0.705f, 0.86f, 0.0f}, {1, 0, 0}, 1.0f, normal) == 1.0f);
    CHECK(detail::obstacle_limit(s, std::span(&o, 1), {0.705f, 0.86f, 0.0f}, {-1, 0, 0}, 1.0f, normal) == 0.0f);
}

TEST_CASE("CharacterGroup: a character stopped only by another does not climb over it") {
    // The other stands in a trench 0.72 m wide and 1.6 m deep: its head is 0.11 m above the floor
    // the walker is on, and the far side is a ledge 0.2 m high. A step up would lift the walker
    // over the other's head onto the ledge; a character is no ledge, so it stops in front.
    MeshData m;
    add_box(m, {-10.0f, -2.0f, -5.0f}, {0.0f, 0.0f, 5.0f});
    add_box(m, {0.0f, -2.0f, -5.0f}, {0.72f, -1.6f, 5.0f});
    add_box(m, {0.72f, -2.0f, -5.0f}, {10.0f, 0.2f, 5.0f});
    World w;
    REQUIRE(w.add_mesh(m.positions, m.indices).ok);
    CharacterSettings s = settings();
    s.step_height = 0.3f;
    s.snap_distance = 0.3f;
    CharacterGroup g(w, s, 2);
    g.add({-1.0f, 0.86f, 0.0f});
    g.add({0.36f, -1.6f + 0.86f, 0.0f});
    const float settle[6] = {0, -0.02f, 0, 0, -0.02f, 0};
    g.move_all(settle, 1.0f / 60.0f);
    REQUIRE(g.last_move(0).grounded);
    REQUIRE(g.last_move(1).grounded);
    const float walk[6] = {2.0f, -0.02f, 0, 0, -0.02f, 0};
    g.move_all(walk, 1.0f / 15.0f);
    const CharacterMove& mv = g.last_move(0);
    CHECK_FALSE(mv.stepped_up);
    CHECK(mv.grounded);
    CHECK(mv.hit_wall);
    CHECK(mv.position.x < 0.0f);  // in front of the trench, its bottom against the other's head
    CHECK(mv.position.x > -0.1f);
    CHECK(mv.position.y == Approx(0.86f).margin(1e-3f));
    // Without the other the same walk crosses the trench and steps up onto the ledge.
    CharacterController alone(w, s, {-1.0f, 0.86f, 0.0f});
    alone.move({0, -0.02f, 0}, 1.0f / 60.0f);
    REQUIRE(alone.grounded());
    const CharacterMove solo = alone.move({2.0f, -0.02f, 0}, 1.0f / 15.0f);
    CHECK(solo.stepped_up);
    CHECK(solo.position.x > 0.72f);
    CHECK(solo.position.y == Approx(1.06f).margin(1e-3f));
}
