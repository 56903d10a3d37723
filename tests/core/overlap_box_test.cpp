// overlap.hpp, boxes: aabb_aabb, push_out_aabb_aabb (FixCollisions in Madhav, Game Programming in C++ ch. 10),
// aabb_sphere (the sphere–AABB of that book, with the box distance it meant) and obb_sphere.
#include "catch_support.hpp"

#include <cmath>
#include <limits>

#include "overlap_reference.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

AABB moved(const AABB& b, Vec3 by) { return {b.min + by, b.max + by}; }
const Vec3 kAxes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

// The reference: per axis, b leaves a by moving up (a.max - b.min) or down (b.max - a.min);
// the least of the six is how far b is in (negative: apart, 0: touching), in double.
double ref_exit(const AABB& a, const AABB& b) {
    double best = 1e300;
    for (int axis = 0; axis < 3; ++axis)
        best = std::min(
            {best, dcomp(d(a.max), axis) - dcomp(d(b.min), axis), dcomp(d(b.max), axis) - dcomp(d(a.min), axis)});
    return best;
}
AABB random_box(Rng& rng, float s, Vec3 base) {
    const Vec3 a = base + rng.vec(-s, s), b = base + rng.vec(-s, s);
    AABB box{vmin(a, b), vmax(a, b)};
    if (rng.below(10) == 0) box.max.z = box.min.z;  // flat
    return box;
}

}  // namespace

TEST_CASE("aabb_aabb: apart, touching exactly, overlapping, nested, flat") {
    const AABB unit{{0, 0, 0}, {1, 1, 1}};
    CHECK(is_miss(aabb_aabb(unit, {{1.5f, 0, 0}, {2, 1, 1}})));
    const Contact touch = aabb_aabb(unit, {{1, 0, 0}, {2, 1, 1}});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(touch.normal == Vec3{1, 0, 0});
    CHECK(touch.point == Vec3{1, 0.5f, 0.5f});
    const Contact c = aabb_aabb({{0, 0, 0}, {4, 4, 4}}, {{3, 1, 1}, {5, 2, 2}});
    CHECK(c.normal == Vec3{1, 0, 0});
    CHECK(c.depth == 1.0f);
    CHECK(c.point == Vec3{3.5f, 1.5f, 1.5f});
    const Contact below = aabb_aabb({{0, 0, 0}, {4, 4, 4}}, {{1, -1, 1}, {3, 0.5f, 3}});
    CHECK(below.normal == Vec3{0, -1, 0});
    CHECK(below.depth == 0.5f);
    // Nested and centred: every way out is as long; ties take +x.
    const Contact nested = aabb_aabb({{-2, -2, -2}, {2, 2, 2}}, {{-1, -1, -1}, {1, 1, 1}});
    CHECK(nested.normal == Vec3{1, 0, 0});
    CHECK(nested.depth == 3.0f);
    // A flat box (zero height) resting inside another is pushed out through the nearest face.
    const Contact flat = aabb_aabb({{0, 0, 0}, {4, 4, 4}}, {{1, 3.5f, 1}, {3, 3.5f, 3}});
    CHECK(flat.normal == Vec3{0, 1, 0});
    CHECK(flat.depth == 0.5f);
}

TEST_CASE("aabb_aabb: empty, NaN and infinite boxes miss") {
    const AABB unit{{0, 0, 0}, {1, 1, 1}};
    CHECK(is_miss(aabb_aabb(unit, {{1, 1, 1}, {0, 0, 0}})));
    CHECK(is_miss(aabb_aabb(unit, {{kNaN, 0, 0}, {1, 1, 1}})));
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(is_miss(aabb_aabb(unit, {{-inf, -inf, -inf}, {inf, inf, inf}})));
}

TEST_CASE(
    "push_out_aabb_aabb: FixCollisions of Madhav, Game Programming in C++ ch. 10 — the player leaves along the least "
    "overlap and then just touches") {
    // Madhav, Game Programming in C++ ch. 10 moves the player by the smallest of the six overlaps (fixed.min -
    // player.max and fixed.max - player.min per axis). A player box walking into a wall from -x:
    const AABB wall{{0, -5, -5}, {1, 5, 5}};
    const AABB player{{-0.75f, 0, 0}, {0.25f, 2, 1}};
    const Vec3 push = push_out_aabb_aabb(wall, player);
    CHECK(push == Vec3{-0.25f, 0, 0});
    const AABB after = moved(player, push);
    CHECK(after.max.x == wall.min.x);  // touching, not overlapping
    CHECK(aabb_aabb(wall, after).depth == 0.0f);
    CHECK(push_out_aabb_aabb(wall, after) == Vec3{});
    // From above, on a floor: straight up.
    CHECK(push_out_aabb_aabb({{-10, -1, -10}, {10, 1, 10}}, {{0, 0.75f, 0}, {1, 2.75f, 1}}) == Vec3{0, 0.25f, 0});
    // Equal overlaps on x and y: x wins, then y before z.
    CHECK(push_out_aabb_aabb({{0, 0, -10}, {1, 1, 10}}, {{0.5f, 0.5f, -5}, {1.5f, 1.5f, 5}}) == Vec3{0.5f, 0, 0});
    CHECK(push_out_aabb_aabb({{-10, 0, 0}, {10, 1, 1}}, {{-5, 0.5f, 0.5f}, {5, 1.5f, 1.5f}}) == Vec3{0, 0.5f, 0});
    // Apart or only touching: no push.
    CHECK(push_out_aabb_aabb(wall, {{2, 0, 0}, {3, 1, 1}}) == Vec3{});
    CHECK(push_out_aabb_aabb(wall, {{1, 0, 0}, {3, 1, 1}}) == Vec3{});
    CHECK(push_out_aabb_aabb(wall, {{kNaN, 0, 0}, {3, 1, 1}}) == Vec3{});
}

TEST_CASE("aabb_aabb and push_out_aabb_aabb: 10^5 seeded boxes against the interval reference") {
    // Reference: closed intervals overlap on all three axes (ref_exit >= 0). The push is
    // compared with the rule of Madhav, Game Programming in C++ ch. 10 evaluated in double; after it the boxes touch
    // (within tol: one float rounding of the moved corners), and moving by less than the push along any of the six axis
    // directions would not separate them.
    Rng rng(0xB0C5);
    int hits = 0, touching = 0;
    for (int i = 0; i < 100000; ++i) {
        const float s = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 base = rng.vec(-1, 1) * (s * rng.log_uniform(1, 100));
        const AABB a = random_box(rng, s, base);
        AABB b = random_box(rng, s, base);
        if (rng.below(10) == 0) b = moved(b, {a.max.x - b.min.x, 0, 0});  // touching on x (exact in float)
        const Contact c = aabb_aabb(a, b);
        const double ref = ref_exit(a, b);
        INFO("case " << i << " ref exit " << ref);
        REQUIRE(c.hit == (ref >= 0));
        if (!c.hit) {
            REQUIRE(is_miss(c));
            REQUIRE(push_out_aabb_aabb(a, b) == Vec3{});
            continue;
        }
        ++hits;
        const double tol = 8 * kFloatEps * magnitude({a.min, a.max, b.min, b.max});
        // The rule of Madhav, Game Programming in C++ ch. 10: per axis the smaller of (fixed.min - moving.max) and
        // (fixed.max - moving.min) by magnitude (ties: the positive one), then the axis of least magnitude.
        double want = 0;
        int want_axis = 0;
        for (int axis = 0; axis < 3; ++axis) {
            const double dn = dcomp(d(a.min), axis) - dcomp(d(b.max), axis),
                         up = dcomp(d(a.max), axis) - dcomp(d(b.min), axis);
            const double v = std::fabs(dn) < std::fabs(up) ? dn : up;
            if (axis == 0 || std::fabs(v) < std::fabs(want)) {
                want = v;
                want_axis = axis;
            }
        }
        REQUIRE(std::fabs(c.depth - std::fabs(want)) <= tol);
        const Vec3 push = push_out_aabb_aabb(a, b);
        if (want == 0) {
            ++touching;
            REQUIRE(push == Vec3{});
            continue;
        }
        REQUIRE(std::fabs(component(push, want_axis) - want) <= tol);
        REQUIRE(length(push) == std::fabs(component(push, want_axis)));  // one axis only
        REQUIRE(push == c.normal * c.depth);
        // After the push they touch: overlap within rounding, never more.
        REQUIRE(std::fabs(ref_exit(a, moved(b, push))) <= tol);
        // Pushing by depth + delta separates, by depth - delta along any axis direction does not.
        const float delta = float(16 * tol);
        REQUIRE(ref_exit(a, moved(b, c.normal * (c.depth + delta))) < 0);
        if (c.depth > delta)
            for (const Vec3& e : kAxes) REQUIRE(ref_exit(a, moved(b, e * (c.depth - delta))) > 0);
        // The point is in the overlap region.
        REQUIRE(aabb_contains_point(
            {vmax(a.min, b.min) - Vec3{1, 1, 1} * float(tol), vmin(a.max, b.max) + Vec3{1, 1, 1} * float(tol)},
            c.point));
    }
    CHECK(hits > 20000);
    CHECK(touching > 1000);
}

TEST_CASE(
    "aabb_sphere: defect of Madhav, Game Programming in C++ ch. 10 — the box distance, not a segment's, near a "
    "corner") {
    // The listing of Madhav, Game Programming in C++ ch. 10 computes LineSegment::MinDistSq where box.MinDistSq is
    // meant. Treating the box's min-max diagonal as a segment, this sphere near corner (1, 0, 0) is 1.14 away and would
    // miss; the box itself is sqrt(0.12) = 0.346 away, inside the radius 0.5.
    const AABB box{{0, 0, 0}, {1, 1, 1}};
    const Sphere s{{1.2f, -0.2f, -0.2f}, 0.5f};
    const double diagonal = ddist(d(s.center), ref_closest_on_segment(d(s.center), d(box.min), d(box.max)));
    CHECK(diagonal > 1.1);  // what the misprinted listing would compare with the radius
    const Contact c = aabb_sphere(box, s);
    REQUIRE(c.hit);
    CHECK(c.depth == Approx(0.5 - std::sqrt(0.12)).margin(1e-6));
    const float k = 1.0f / std::sqrt(3.0f);
    check_vec(c.normal, {k, -k, -k});
    check_vec(c.point, {1, 0, 0});
}

TEST_CASE("aabb_sphere: outside a face, touching exactly, centre inside, on a face, flat boxes") {
    const AABB box{{0, 0, 0}, {4, 2, 4}};
    const Contact face = aabb_sphere(box, {{2, 2.5f, 1}, 1});
    CHECK(face.normal == Vec3{0, 1, 0});
    CHECK(face.depth == 0.5f);
    CHECK(face.point == Vec3{2, 2, 1});
    const Contact touch = aabb_sphere(box, {{7, 1, 1}, 3});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(touch.normal == Vec3{1, 0, 0});
    CHECK(is_miss(aabb_sphere(box, {{7, 1, 1}, std::nextafter(3.0f, 0.0f)})));
    // Centre inside, 0.2 below the top face: out through the top, radius + 0.2.
    const Contact inside = aabb_sphere(box, {{2, 1.8f, 2}, 0.5f});
    CHECK(inside.normal == Vec3{0, 1, 0});
    CHECK(inside.depth == Approx(0.7f));
    check_vec(inside.point, {2, 2, 2});
    // Centre exactly on a face: that face, depth = radius (continuous with both sides).
    const Contact on = aabb_sphere(box, {{0, 1, 2}, 0.5f});
    CHECK(on.normal == Vec3{-1, 0, 0});
    CHECK(on.depth == 0.5f);
    // Centred in a cube: ties take +x. A zero radius sphere is a point.
    CHECK(aabb_sphere({{-1, -1, -1}, {1, 1, 1}}, {{0, 0, 0}, 0}).normal == Vec3{1, 0, 0});
    CHECK(aabb_sphere({{-1, -1, -1}, {1, 1, 1}}, {{0, 0, 0}, 0}).depth == 1.0f);
    // A flat box: centre above it, and centre on it.
    const AABB flat{{0, 0, 0}, {1, 0, 1}};
    const Contact above = aabb_sphere(flat, {{0.5f, 0.25f, 0.5f}, 0.5f});
    CHECK(above.normal == Vec3{0, 1, 0});
    CHECK(above.depth == 0.25f);
    const Contact on_flat = aabb_sphere(flat, {{0.5f, 0, 0.5f}, 0.5f});
    CHECK(on_flat.normal == Vec3{0, 1, 0});
    CHECK(on_flat.depth == 0.5f);
    CHECK(is_miss(aabb_sphere(box, {{kNaN, 0, 0}, 1})));
    CHECK(is_miss(aabb_sphere(box, {{1, 1, 1}, -1})));
}

TEST_CASE("obb_sphere: a rotated box's corner and faces") {
    // The unit cube turned 45 degrees about z: its +x/+y edge is at x = sqrt 2 on the x axis.
    const OBB box{{0, 0, 0}, quat_from_axis_angle({0, 0, 1}, kPi / 4), {1, 1, 1}};
    const float r2 = std::sqrt(2.0f);
    const Contact edge = obb_sphere(box, {{r2 + 0.5f, 0, 0}, 1});
    REQUIRE(edge.hit);
    CHECK(edge.depth == Approx(0.5f).margin(1e-6));
    check_vec(edge.normal, {1, 0, 0});
    check_vec(edge.point, {r2, 0, 0});
    CHECK_FALSE(obb_sphere(box, {{r2 + 1.01f, 0, 0}, 1}).hit);
    const Contact top = obb_sphere(box, {{0.2f, 0.1f, 0.75f}, 0.5f});
    check_vec(top.normal, {0, 0, 1});
    CHECK(top.depth == Approx(0.75f));
    const Contact touch = obb_sphere({{1, 2, 3}, Quat{}, {1, 1, 1}}, {{1, 2, 6}, 2});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(touch.normal == Vec3{0, 0, 1});
    const Contact centred = obb_sphere(box, {{0, 0, 0}, 0.25f});  // deep: out through a face
    CHECK(centred.depth == Approx(1.25f));
    CHECK(is_miss(obb_sphere({{0, 0, 0}, Quat{}, {1, -1, 1}}, {{0, 0, 0}, 1})));
    CHECK(is_miss(obb_sphere({{0, 0, 0}, {0, 0, 0, kNaN}, {1, 1, 1}}, {{0, 0, 0}, 1})));
}

TEST_CASE("aabb_sphere and obb_sphere: 10^5 seeded cases against the box distance, obb in its axis-aligned frame") {
    // aabb_sphere: reference distance by per-axis excess (or, inside, the nearest face). The OBB
    // cases are built in the box's axis-aligned frame and turned by a random rotation; the
    // reference re-expresses the (float) world centre in the box's frame by a quaternion
    // sandwich, and the normal must be the frame's answer turned by the same rotation.
    Rng rng(0x0BB5);
    int compared = 0, hits = 0, inside = 0;
    for (int i = 0; i < 100000; ++i) {
        const float s = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 base = rng.vec(-1, 1) * (s * rng.log_uniform(1, 100));
        const bool oriented = i % 2 == 1;
        Vec3 h = rng.vec(0, s);
        if (rng.below(10) == 0) h.y = 0;
        const Vec3 local_centre = rng.vec(-1.5f * s, 1.5f * s);
        const float r = rng.below(20) ? rng.uniform(0, s) : 0.0f;
        const Quat q = oriented ? quat_from_axis_angle(rng.direction(), rng.uniform(-4, 4)) : Quat{};
        const OBB obb{base, q, h};
        const Sphere sphere{oriented ? base + rotate(q, local_centre) : base + local_centre, r};
        const AABB aabb{base - h, base + h};
        const Contact c = oriented ? obb_sphere(obb, sphere) : aabb_sphere(aabb, sphere);
        // Reference in the box's frame (for the AABB: its own min and max).
        const RefBox rb = ref_box(oriented ? obb : OBB{{0, 0, 0}, Quat{}, {}});
        const DVec3 lc = oriented ? ref_local(rb, d(sphere.center)) : d(sphere.center);
        const DVec3 lo = oriented ? dneg(d(h)) : d(aabb.min), hi = oriented ? d(h) : d(aabb.max);
        const double dist = ref_distance_to_box(lc, lo, hi);
        const double tol = 16 * kFloatEps * std::fmax(magnitude({sphere.center, aabb.min, aabb.max}), r);
        INFO("case " << i << " dist " << dist << " r " << r);
        if (std::fabs(dist - r) <= tol) continue;
        ++compared;
        REQUIRE(c.hit == (dist < r));
        if (!c.hit) {
            REQUIRE(is_miss(c));
            continue;
        }
        ++hits;
        const double want = dist > 0 ? r - dist : r + ref_depth_inside_box(lc, lo, hi);
        inside += dist == 0;
        REQUIRE(std::fabs(c.depth - want) <= tol);
        REQUIRE(std::fabs(length(c.normal) - 1.0f) <= 1e-6f);
        // Moving the sphere by depth + delta separates it; by depth - delta it still overlaps.
        auto gap_after = [&](double by) {
            const Vec3 moved_centre = sphere.center + c.normal * float(by);
            const DVec3 l = oriented ? ref_local(rb, d(moved_centre)) : d(moved_centre);
            return ref_distance_to_box(l, lo, hi) - r;
        };
        const double delta = 16 * tol;
        REQUIRE(gap_after(c.depth + delta) > 0);
        if (c.depth > delta) REQUIRE(gap_after(c.depth - delta) < 0);
        if (oriented) {
            // The same query in the axis-aligned frame, turned: the same depth and normal
            // (compared only away from ties between faces, edges and corners).
            const Contact f = aabb_sphere({-1.0f * h, h}, {local_centre, r});
            REQUIRE(f.hit);
            REQUIRE(std::fabs(f.depth - c.depth) <= 2 * tol);
            const Vec3 turned = rotate(q, f.normal);
            if (dist > 1e3 * tol || (dist == 0 && ref_depth_inside_box(lc, lo, hi) > 1e3 * tol))
                REQUIRE(ddist(d(turned), d(c.normal)) <= 1e-4);
        }
    }
    CHECK(compared > 99000);
    CHECK(hits > 20000);
    CHECK(inside > 2000);
}
