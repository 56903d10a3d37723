// overlap.hpp, containment: points inside or on a sphere, box, capsule, oriented box, convex
// polygon (the Contains functions of Madhav, Game Programming in C++ ch. 10; the polygon by exact edge signs).
#include "catch_support.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "overlap_reference.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

bool poly_contains(const std::vector<Vec2>& v, Vec2 p) { return convex_polygon_contains_point({v}, p); }

std::vector<Vec2> reversed(std::vector<Vec2> v) { return {v.rbegin(), v.rend()}; }

}  // namespace

TEST_CASE("sphere_contains_point: inside, exactly on the surface, just outside, zero radius") {
    const Sphere s{{1, 2, 3}, 2};
    CHECK(sphere_contains_point(s, {1, 2, 3}));
    CHECK(sphere_contains_point(s, {3, 2, 3}));  // on the surface counts
    CHECK(sphere_contains_point(s, {1, 2, 1}));
    CHECK_FALSE(sphere_contains_point(s, {std::nextafter(3.0f, 4.0f), 2, 3}));
    CHECK(sphere_contains_point({{5, 5, 5}, 0}, {5, 5, 5}));
    CHECK_FALSE(sphere_contains_point({{5, 5, 5}, 0}, {5, 5, std::nextafter(5.0f, 6.0f)}));
    CHECK_FALSE(sphere_contains_point({{0, 0, 0}, -1}, {0, 0, 0}));  // a negative radius is no sphere
}

TEST_CASE("aabb_contains_point: faces and corners count, empty and flat boxes") {
    const AABB box{{-1, 0, 2}, {1, 4, 3}};
    CHECK(aabb_contains_point(box, {0, 2, 2.5f}));
    CHECK(aabb_contains_point(box, {1, 4, 3}));  // a corner
    CHECK(aabb_contains_point(box, {-1, 0, 2}));
    CHECK_FALSE(aabb_contains_point(box, {std::nextafter(1.0f, 2.0f), 2, 2.5f}));
    const AABB flat{{0, 0, 0}, {1, 0, 1}};
    CHECK(aabb_contains_point(flat, {0.5f, 0, 0.5f}));
    CHECK_FALSE(aabb_contains_point(flat, {0.5f, 1e-30f, 0.5f}));
    CHECK_FALSE(aabb_contains_point({{1, 1, 1}, {0, 2, 2}}, {0.5f, 1.5f, 1.5f}));  // min > max: empty
}

TEST_CASE("capsule_contains_point: the body, the end caps, a zero-length capsule is a sphere") {
    const Capsule c{{0, 0, 0}, {0, 4, 0}, 1};
    CHECK(capsule_contains_point(c, {1, 2, 0}));         // on the cylinder
    CHECK(capsule_contains_point(c, {0, 5, 0}));         // tip of the top cap
    CHECK(capsule_contains_point(c, {0, -1, 0}));        // tip of the bottom cap
    CHECK_FALSE(capsule_contains_point(c, {1, -1, 0}));  // beside the cap: sqrt 2 away from the start
    CHECK_FALSE(capsule_contains_point(c, {0, std::nextafter(5.0f, 6.0f), 0}));
    const Capsule point{{2, 2, 2}, {2, 2, 2}, 0.5f};
    CHECK(capsule_contains_point(point, {2.5f, 2, 2}));
    CHECK_FALSE(capsule_contains_point(point, {2.5f, 2.5f, 2}));
    CHECK(capsule_contains_point({{0, 0, 0}, {2, 0, 0}, 0}, {1, 0, 0}));  // zero radius: the segment
}

TEST_CASE("obb_contains_point: a rotated box, its faces, and flat boxes") {
    const OBB box{{10, 0, 0}, quat_from_axis_angle({0, 0, 1}, kPi / 4), {2, 1, 1}};
    const float r = std::sqrt(0.5f);
    CHECK(obb_contains_point(box, {10, 0, 0}));
    CHECK(obb_contains_point(box, {10 + 1.9f * r, 1.9f * r, 0}));  // along the rotated x axis
    CHECK_FALSE(obb_contains_point(box, {10 + 1.9f, 0, 0}));       // along world x it leaves at ~1.41
    CHECK(obb_contains_point(box, {10, 0, 1}));                    // on the top face
    CHECK_FALSE(obb_contains_point(box, {10, 0, std::nextafter(1.0f, 2.0f)}));
    const OBB flat{{0, 0, 0}, Quat{}, {1, 0, 1}};
    CHECK(obb_contains_point(flat, {0.5f, 0, -1}));
    CHECK_FALSE(obb_contains_point(flat, {0.5f, 1e-20f, 0}));
    CHECK_FALSE(obb_contains_point({{0, 0, 0}, Quat{}, {-1, 1, 1}}, {0, 0, 0}));  // negative extent
}

TEST_CASE("containment: NaN or infinite input is never inside") {
    CHECK_FALSE(sphere_contains_point({{0, 0, 0}, 1}, {kNaN, 0, 0}));
    CHECK_FALSE(sphere_contains_point({{0, 0, 0}, kInf}, {0, 0, 0}));
    CHECK_FALSE(aabb_contains_point({{0, 0, 0}, {1, 1, 1}}, {0.5f, kNaN, 0.5f}));
    CHECK_FALSE(aabb_contains_point({{-kInf, -kInf, -kInf}, {kInf, kInf, kInf}}, {0, 0, 0}));
    CHECK_FALSE(capsule_contains_point({{0, 0, 0}, {kNaN, 0, 0}, 1}, {0, 0, 0}));
    CHECK_FALSE(obb_contains_point({{0, 0, 0}, {kNaN, 0, 0, 1}, {1, 1, 1}}, {0, 0, 0}));
    const std::vector<Vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    CHECK_FALSE(poly_contains(square, {kNaN, 0.5f}));
    CHECK_FALSE(poly_contains({{0, 0}, {kInf, 0}, {0, 1}}, {0.1f, 0.1f}));
}

TEST_CASE("convex_polygon_contains_point: either winding, interior, exterior") {
    const std::vector<Vec2> ccw{{0, 0}, {4, 0}, {5, 3}, {2, 5}, {-1, 3}};
    for (const auto& poly : {ccw, reversed(ccw)}) {
        CHECK(poly_contains(poly, {2, 2}));
        CHECK(poly_contains(poly, {0, 2}));
        CHECK_FALSE(poly_contains(poly, {5, 0}));
        CHECK_FALSE(poly_contains(poly, {2, -0.01f}));
        CHECK_FALSE(poly_contains(poly, {-1, 0}));
    }
}

TEST_CASE(
    "convex_polygon_contains_point: defect of Madhav, Game Programming in C++ ch. 10 — points exactly on edges and "
    "vertices are inside at any scale") {
    // Madhav, Game Programming in C++ ch. 10 sums acos of the angles the edges subtend and compares with 2 pi
    // "approximately": on a vertex the direction to it is a zero vector (the normalised angle is NaN), and the
    // tolerance decides edges. Edge signs are exact: 0 on the boundary.
    for (float scale : {1e-3f, 1.0f, 1e4f, 1e6f}) {
        INFO("scale " << scale);
        const std::vector<Vec2> tri{{0, 0}, {4 * scale, 0}, {0, 4 * scale}};
        for (const auto& poly : {tri, reversed(tri)}) {
            CHECK(poly_contains(poly, {0, 0}));  // a vertex
            CHECK(poly_contains(poly, {4 * scale, 0}));
            CHECK(poly_contains(poly, {2 * scale, 0}));          // an axis-aligned edge
            CHECK(poly_contains(poly, {2 * scale, 2 * scale}));  // the slanted edge x + y = 4 scale
            CHECK(poly_contains(poly, {1 * scale, 3 * scale}));
        }
    }
    // A slanted edge of slope 1/3 at coordinates near 1e6, its points exact in float.
    const std::vector<Vec2> big{{3e6f, 1e6f}, {6e6f, 2e6f}, {3e6f, 2e6f}};
    CHECK(poly_contains(big, {4.5e6f, 1.5e6f}));
    CHECK(poly_contains(reversed(big), {4.5e6f, 1.5e6f}));
}

TEST_CASE(
    "convex_polygon_contains_point: defect of Madhav, Game Programming in C++ ch. 10 — a point one float step outside "
    "an edge is outside") {
    // The angle sum there differs from 2 pi by ~1e-7 relative: any tolerance that accepts the
    // boundary points above accepts these too. The signs see the step.
    for (float scale : {1.0f, 1e4f}) {
        const std::vector<Vec2> tri{{0, 0}, {4 * scale, 0}, {0, 4 * scale}};
        const float h = 2 * scale;
        CHECK_FALSE(poly_contains(tri, {h, std::nextafter(h, 8 * scale)}));  // beyond x + y = 4 scale
        CHECK(poly_contains(tri, {h, std::nextafter(h, 0.0f)}));
        CHECK_FALSE(poly_contains(tri, {h, -std::numeric_limits<float>::denorm_min()}));
        CHECK_FALSE(poly_contains(reversed(tri), {std::nextafter(4 * scale, 8 * scale), 0}));
    }
}

TEST_CASE("convex_polygon_contains_point: degenerate polygons are the segment or point they span") {
    CHECK_FALSE(poly_contains({}, {0, 0}));
    CHECK(poly_contains({{1, 2}}, {1, 2}));
    CHECK_FALSE(poly_contains({{1, 2}}, {1, std::nextafter(2.0f, 3.0f)}));
    const std::vector<Vec2> seg{{0, 0}, {4, 2}};
    CHECK(poly_contains(seg, {2, 1}));
    CHECK(poly_contains(seg, {4, 2}));
    CHECK_FALSE(poly_contains(seg, {6, 3}));  // on the line, past the end
    CHECK_FALSE(poly_contains(seg, {2, 1.001f}));
    const std::vector<Vec2> collinear{{0, 0}, {1, 1}, {3, 3}, {2, 2}};
    CHECK(poly_contains(collinear, {2.5f, 2.5f}));
    CHECK_FALSE(poly_contains(collinear, {-1, -1}));
    CHECK_FALSE(poly_contains(collinear, {1, 2}));
    const std::vector<Vec2> repeated{{0, 0}, {0, 0}, {2, 0}, {2, 0}, {2, 2}, {0, 2}};
    CHECK(poly_contains(repeated, {1, 1}));
    CHECK(poly_contains(repeated, {2, 1}));
    CHECK_FALSE(poly_contains(repeated, {3, 1}));
}

TEST_CASE("convex_polygon_contains_point: 10^5 seeded cases agree with a double crossing-number reference") {
    // Convex polygons: vertices at sorted angles on an ellipse, either winding, at scales 1e-3..1e4.
    // Points closer to the boundary than 1e-9 of the scale are skipped (a crossing count cannot
    // be trusted there; the exact cases are the hand tests above).
    Rng rng(0xC0);
    int compared = 0, inside = 0;
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const Vec2 centre{rng.uniform(-scale, scale), rng.uniform(-scale, scale)};
        const int n = 3 + rng.below(8);
        std::vector<double> angles(static_cast<std::size_t>(n));
        for (double& a : angles) a = rng.unit() * 6.283185307179586;
        std::sort(angles.begin(), angles.end());
        const float rx = scale * rng.uniform(0.1f, 1.0f), ry = scale * rng.uniform(0.1f, 1.0f);
        std::vector<Vec2> poly;
        for (double a : angles)
            poly.push_back({centre.x + rx * float(std::cos(a)), centre.y + ry * float(std::sin(a))});
        if (rng.below(2)) poly = reversed(poly);
        const Vec2 p{centre.x + rng.uniform(-1.2f, 1.2f) * rx, centre.y + rng.uniform(-1.2f, 1.2f) * ry};
        if (ref_polygon_boundary_distance(poly, p.x, p.y) <= 1e-9 * scale) continue;
        const bool ref = ref_polygon_crossings(poly, p.x, p.y);
        INFO("case " << i);
        REQUIRE(poly_contains(poly, p) == ref);
        ++compared;
        inside += ref;
    }
    CHECK(compared > 99000);
    CHECK(inside > 20000);  // both answers are well represented
    CHECK(compared - inside > 20000);
}

TEST_CASE("sphere, box, capsule and obb containment: 10^5 seeded cases agree with double references") {
    // References: Euclidean distance against the radius, per-axis distance to the box, the
    // distance to the segment (test_support), and the point's coordinates in the box's frame by
    // an explicit quaternion sandwich. Points within 1e-9 of the scale of the boundary are
    // skipped: float rounding of the inputs decides those, not the algorithm.
    Rng rng(0xC1);
    int compared = 0, inside = 0;
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 p = rng.vec(-scale, scale);
        const double margin = 1e-9 * 4 * scale;
        const int which = i % 4;
        bool ref = false, got = false;
        double gap = 0.0;  // signed distance of p from the boundary
        if (which == 0) {
            const Sphere s{rng.vec(-scale, scale), rng.uniform(0, scale) * (rng.below(20) ? 1.0f : 0.0f)};
            gap = ddist(d(p), d(s.center)) - s.radius;
            got = sphere_contains_point(s, p);
        } else if (which == 1) {
            const Vec3 a = rng.vec(-scale, scale), b = rng.vec(-scale, scale);
            AABB box{vmin(a, b), vmax(a, b)};
            if (rng.below(10) == 0) box.max.y = box.min.y;  // flat
            gap = ref_distance_to_box(d(p), d(box.min), d(box.max));
            if (gap == 0) gap = -ref_depth_inside_box(d(p), d(box.min), d(box.max));
            got = aabb_contains_point(box, p);
        } else if (which == 2) {
            Capsule c{rng.vec(-scale, scale), rng.vec(-scale, scale), rng.uniform(0, scale)};
            if (rng.below(10) == 0) c.end = c.start;
            gap = ddist(d(p), ref_closest_on_segment(d(p), d(c.start), d(c.end))) - c.radius;
            got = capsule_contains_point(c, p);
        } else {
            const OBB box{rng.vec(-scale, scale), quat_from_axis_angle(rng.direction(), rng.uniform(-4, 4)),
                          rng.vec(0, scale)};
            const DVec3 local = ref_local(ref_box(box), d(p));
            gap = -1e300;
            for (int k = 0; k < 3; ++k) gap = std::max(gap, std::fabs(dcomp(local, k)) - dcomp(d(box.half_extents), k));
            got = obb_contains_point(box, p);
        }
        if (std::fabs(gap) <= margin) continue;
        ref = gap < 0;
        INFO("case " << i << " shape " << which << " gap " << gap);
        REQUIRE(got == ref);
        ++compared;
        inside += ref;
    }
    CHECK(compared > 99000);
    CHECK(inside > 5000);  // both answers are well represented
    CHECK(compared - inside > 5000);
}
