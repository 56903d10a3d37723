// Characters among characters (character_neighbours.hpp, CharacterGroup): how far a character may
// move before it comes within a skin of another, against a double-precision reference (the two
// upright axes' distance minimised by golden-section search and its first crossing bisected, not
// the closed form under test), and a character stopped only by another never climbing onto it.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

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

namespace {

// push_out_of_obstacles as three full passes, every pass run (the reference for its early end).
template <class Cast>
Vec3 push_out_three_passes(const CharacterSettings& self, std::span<const detail::Obstacle> obstacles, Vec3 center,
                           Cast&& cast) {
    for (int pass = 0; pass < 3; ++pass)
        for (const detail::Obstacle& o : obstacles) {
            const detail::Push push = detail::push_away(self, center, o);
            if (!push.hit) continue;
            const WorldHit hit = cast(center, push.dir * push.length);
            const float travel = hit.hit ? std::max(hit.distance - self.skin_width, 0.0f) : push.length;
            center += push.dir * travel;
        }
    return center;
}

std::uint32_t bits(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

}  // namespace

TEST_CASE("push_out_of_obstacles: bit for bit the three full passes, its casts the same") {
    // Neighbours scattered around the character: well apart, overlapping, within rounding of
    // touching (the axes' distance the sum of the radii, nudged by a few ulps), coincident, right
    // above; a wall at x = wall stops some pushes (the cast). Each case compares the center's bits
    // and the sequence of casts with those of three passes always run.
    Rng rng(15015);
    int pushed_twice = 0, walls = 0, untouched = 0;
    for (int iter = 0; iter < 20000; ++iter) {
        CharacterSettings s = settings();
        if (rng.below(8) == 0) s.skin_width = 0.0f;
        const Vec3 p{rng.uniform(-1.0f, 1.0f), rng.uniform(0.0f, 1.0f), rng.uniform(-1.0f, 1.0f)};
        const int n = 1 + rng.below(6);
        std::vector<detail::Obstacle> obs;
        for (int k = 0; k < n; ++k) {
            detail::Obstacle o{p, rng.below(3) == 0 ? rng.uniform(0.0f, 0.6f) : s.radius, s.height};
            const int kind = rng.below(6);
            const float reach = s.radius + o.radius;
            if (kind == 0) {  // anywhere near
                o.center = p + Vec3{rng.uniform(-1.5f, 1.5f), rng.uniform(-2.0f, 2.0f), rng.uniform(-1.5f, 1.5f)};
            } else if (kind == 1 || kind == 2) {  // level, at the reach give or take a few ulps (or a bit)
                const float a = rng.uniform(0.0f, 6.2831853f);
                float d = reach;
                const int ulps = rng.below(9) - 4;
                for (int u = 0; u < std::abs(ulps); ++u) d = std::nextafter(d, ulps > 0 ? 1e9f : 0.0f);
                if (kind == 2) d *= rng.uniform(0.5f, 1.02f);
                o.center = p + Vec3{d * std::cos(a), 0.0f, d * std::sin(a)};
            } else if (kind == 3) {  // coincident
                o.center = p;
            } else if (kind == 4) {  // right above or below, about touching
                o.center = p + Vec3{0.0f, (rng.below(2) ? 1.0f : -1.0f) * rng.uniform(1.6f, 1.8f), 0.0f};
            } else {  // well apart
                o.center = p + Vec3{rng.uniform(2.0f, 4.0f), 0.0f, rng.uniform(-4.0f, 4.0f)};
            }
            obs.push_back(o);
        }
        const float wall = p.x + rng.uniform(0.0f, 0.8f);
        struct Call {
            Vec3 c, m;
        };
        auto caster = [&](std::vector<Call>& log) {
            return [&, wall](Vec3 c, Vec3 m) {
                log.push_back({c, m});
                WorldHit h;
                const float reach = c.x + s.radius;
                if (m.x > 0.0f && c.x + m.x + s.radius > wall) {
                    h.hit = true;
                    h.distance = std::max((wall - reach) / m.x, 0.0f) * length(m);
                    ++walls;
                }
                return h;
            };
        };
        std::vector<Call> got_log, want_log;
        const Vec3 got = detail::push_out_of_obstacles(s, obs, p, caster(got_log));
        const Vec3 want = push_out_three_passes(s, obs, p, caster(want_log));
        REQUIRE(bits(got.x) == bits(want.x));
        REQUIRE(bits(got.y) == bits(want.y));
        REQUIRE(bits(got.z) == bits(want.z));
        REQUIRE(got_log.size() == want_log.size());
        for (std::size_t i = 0; i < got_log.size(); ++i)
            for (int c = 0; c < 3; ++c) {
                REQUIRE(bits(component(got_log[i].c, c)) == bits(component(want_log[i].c, c)));
                REQUIRE(bits(component(got_log[i].m, c)) == bits(component(want_log[i].m, c)));
            }
        untouched += want_log.empty();
        pushed_twice += want_log.size() > static_cast<std::size_t>(n);
    }
    // The mix reaches every branch: nothing to push, pushes in later passes, walls in the way.
    CHECK(untouched > 2000);
    CHECK(pushed_twice > 500);
    CHECK(walls > 1000);
}
