// cast.hpp by hand: segment vs plane, sphere, AABB, OBB, capsule (the segment tests of
// Madhav, Game Programming in C++ ch. 10),
// their defects pinned, and non-finite input. Triangles: cast_triangle_test.cpp; the seeded
// comparisons with independent references: cast_random_test.cpp.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// The miss convention of results.hpp: every field zero but t = 1.
void check_miss(const CastHit& h) {
    CHECK_FALSE(h.hit);
    CHECK(h.t == 1.0f);
    CHECK(h.point == Vec3{});
    CHECK(h.normal == Vec3{});
}

// A hit at t with point and normal, to within float rounding of small numbers.
void check_hit(const CastHit& h, float t, Vec3 point, Vec3 normal) {
    REQUIRE(h.hit);
    CHECK(h.t == Approx(t).margin(1e-6));
    check_near(h.point, point);
    check_near(h.normal, normal);
}

const Plane kGround = plane_from_normal_point({0, 1, 0}, {0, 0, 0});
const Sphere kBall{{1, 2, 3}, 2.0f};
const AABB kBox{{-1, -2, -3}, {1, 2, 3}};
const Capsule kPill{{0, 0, 0}, {0, 4, 0}, 1.0f};

}  // namespace

// ---- plane --------------------------------------------------------------------------------------

TEST_CASE("intersect_segment_plane: front and back crossings face the start") {
    check_hit(intersect_segment_plane({{0, 2, 0}, {0, -2, 0}}, kGround), 0.5f, {0, 0, 0}, {0, 1, 0});
    check_hit(intersect_segment_plane({{3, -1, 1}, {3, 3, 1}}, kGround), 0.25f, {3, 0, 1}, {0, -1, 0});
}

TEST_CASE("intersect_segment_plane: a segment that stops short misses") {
    check_miss(intersect_segment_plane({{0, 2, 0}, {0, 0.5f, 0}}, kGround));
    check_miss(intersect_segment_plane({{0, -2, 0}, {5, -0.5f, 0}}, kGround));
}

TEST_CASE("intersect_segment_plane: a segment ending exactly on the plane hits at t = 1") {
    const Plane p = plane_from_normal_point({0, 1, 0}, {0, 1.5f, 0});
    check_hit(intersect_segment_plane({{1, 4.5f, 2}, {1, 1.5f, 2}}, p), 1.0f, {1, 1.5f, 2}, {0, 1, 0});
}

TEST_CASE(
    "intersect_segment_plane: defect of Madhav, Game Programming in C++ ch. 10 — a zero denominator does not divide") {
    // The listing divides by dot(end - start, n) = 0 for a segment parallel to the plane.
    SECTION("parallel and off the plane: a miss") {
        check_miss(intersect_segment_plane({{0, 1, 0}, {5, 1, 0}}, kGround));
        check_miss(intersect_segment_plane({{0, -1, 0}, {5, -1, 7}}, kGround));
    }
    SECTION("lying in the plane: a hit at t = 0 with the plane's own normal") {
        check_hit(intersect_segment_plane({{0, 0, 0}, {5, 0, 0}}, kGround), 0.0f, {0, 0, 0}, {0, 1, 0});
    }
}

TEST_CASE("intersect_segment_plane: starting on the plane hits at t = 0 with the plane's own normal") {
    // Either way it leaves: a zero-thickness obstacle has no shorter way out (results.hpp fallback).
    const CastHit down = intersect_segment_plane({{1, 0, 1}, {1, -3, 1}}, kGround);
    check_hit(down, 0.0f, {1, 0, 1}, {0, 1, 0});
    check_hit(intersect_segment_plane({{1, 0, 1}, {1, 3, 1}}, kGround), 0.0f, {1, 0, 1}, {0, 1, 0});
}

TEST_CASE("intersect_segment_plane: zero-length segments are a point test") {
    check_hit(intersect_segment_plane({{4, 0, 4}, {4, 0, 4}}, kGround), 0.0f, {4, 0, 4}, {0, 1, 0});
    check_miss(intersect_segment_plane({{4, 1e-6f, 4}, {4, 1e-6f, 4}}, kGround));
}

TEST_CASE("intersect_segment_plane: a non-unit normal gives the same fraction and a unit normal") {
    const Plane y_is_1{{0, 2, 0}, 2.0f};  // 2y = 2
    check_hit(intersect_segment_plane({{0, 3, 0}, {0, -1, 0}}, y_is_1), 0.5f, {0, 1, 0}, {0, 1, 0});
}

TEST_CASE("intersect_segment_plane: a degenerate plane is never hit") {
    check_miss(intersect_segment_plane({{0, 1, 0}, {0, -1, 0}}, Plane{{0, 0, 0}, 0.0f}));
    check_miss(intersect_segment_plane({{0, 0, 0}, {0, 0, 0}}, plane_from_normal_point({0, 0, 0}, {0, 0, 0})));
}

TEST_CASE("intersect_segment_plane: a tilted plane is crossed where the signed distance changes sign") {
    const Plane p = plane_from_normal_point({1, 1, 1}, {1, 1, 1});  // x + y + z = 3
    const CastHit h = intersect_segment_plane({{0, 0, 0}, {3, 3, 3}}, p);
    REQUIRE(h.hit);
    CHECK(h.t == Approx(1.0 / 3.0).epsilon(1e-6));
    CHECK(std::fabs(signed_distance(p, h.point)) < 1e-6f);
    check_near(h.normal, Vec3{-1, -1, -1} * (1.0f / std::sqrt(3.0f)));
}

// ---- sphere -------------------------------------------------------------------------------------

TEST_CASE("intersect_segment_sphere: front and back hits, with the normal from the centre") {
    check_hit(intersect_segment_sphere({{1, 2, -3}, {1, 2, 9}}, kBall), 1.0f / 3.0f, {1, 2, 1}, {0, 0, -1});
    check_hit(intersect_segment_sphere({{1, 2, 9}, {1, 2, -3}}, kBall), 1.0f / 3.0f, {1, 2, 5}, {0, 0, 1});
    // Oblique, one unit off the centre: enters at x = 1 - sqrt(2^2 - 1^2).
    const Segment s{{-5, 3, 3}, {7, 3, 3}};
    const CastHit h = intersect_segment_sphere(s, kBall);
    REQUIRE(h.hit);
    CHECK(h.point.x == Approx(1.0 - std::sqrt(3.0)).epsilon(1e-6));
    check_near(h.normal, (h.point - kBall.center) * 0.5f);
}

TEST_CASE("intersect_segment_sphere: misses — passing by, stopping short, pointing away") {
    check_miss(intersect_segment_sphere({{-5, 4.5f, 3}, {7, 4.5f, 3}}, kBall));
    check_miss(intersect_segment_sphere({{1, 2, -3}, {1, 2, 0.5f}}, kBall));
    check_miss(intersect_segment_sphere({{1, 2, -3}, {1, 2, -9}}, kBall));
}

TEST_CASE("intersect_segment_sphere: a tangent segment touches (touching counts)") {
    check_hit(intersect_segment_sphere({{1, 4, -3}, {1, 4, 9}}, kBall), 0.5f, {1, 4, 3}, {0, 1, 0});
}

TEST_CASE("intersect_segment_sphere: a segment ending exactly on the surface hits at t = 1") {
    check_hit(intersect_segment_sphere({{1, 2, -3}, {1, 2, 1}}, kBall), 1.0f, {1, 2, 1}, {0, 0, -1});
}

TEST_CASE(
    "intersect_segment_sphere: defect of Madhav, Game Programming in C++ ch. 10 — starting inside reports t = 0, not "
    "the exit point") {
    const Segment s{{1, 2.5f, 3}, {1, 2.5f, 9}};
    // The listing takes the larger root when the smaller is negative: the exit at z = 3 + sqrt(3.75).
    const double listing_t = std::sqrt(3.75) / 6.0;
    const CastHit h = intersect_segment_sphere(s, kBall);
    check_hit(h, 0.0f, s.start, {0, 1, 0});  // shortest way out: from the centre through the start
    CHECK(h.t != Approx(listing_t));
    CHECK(h.point == s.start);
}

TEST_CASE("intersect_segment_sphere: starting on the surface hits at t = 0 whichever way it goes") {
    check_hit(intersect_segment_sphere({{3, 2, 3}, {9, 2, 3}}, kBall), 0.0f, {3, 2, 3}, {1, 0, 0});
    check_hit(intersect_segment_sphere({{3, 2, 3}, {0, 2, 3}}, kBall), 0.0f, {3, 2, 3}, {1, 0, 0});
}

TEST_CASE("intersect_segment_sphere: starting at the centre pushes out against the motion, +Y when still") {
    check_hit(intersect_segment_sphere({{1, 2, 3}, {1, 2, 9}}, kBall), 0.0f, {1, 2, 3}, {0, 0, -1});
    check_hit(intersect_segment_sphere({{1, 2, 3}, {1, 2, 3}}, kBall), 0.0f, {1, 2, 3}, {0, 1, 0});
}

TEST_CASE("intersect_segment_sphere: zero-length segments are a point test") {
    check_hit(intersect_segment_sphere({{1, 3, 3}, {1, 3, 3}}, kBall), 0.0f, {1, 3, 3}, {0, 1, 0});
    check_miss(intersect_segment_sphere({{1, 5, 3}, {1, 5, 3}}, kBall));
}

TEST_CASE("intersect_segment_sphere: a zero-radius sphere is hit only through its centre") {
    const Sphere dot{{1, 1, 1}, 0.0f};
    check_hit(intersect_segment_sphere({{1, 1, -1}, {1, 1, 3}}, dot), 0.5f, {1, 1, 1}, {0, 0, -1});
    check_miss(intersect_segment_sphere({{1, 1.001f, -1}, {1, 1.001f, 3}}, dot));
}

TEST_CASE("intersect_segment_sphere: a negative radius is an empty sphere") {
    check_miss(intersect_segment_sphere({{1, 2, 3}, {1, 2, 9}}, Sphere{{1, 2, 3}, -1.0f}));
}

// ---- AABB ---------------------------------------------------------------------------------------

TEST_CASE("intersect_segment_aabb: front and back hits name the entered face") {
    check_hit(intersect_segment_aabb({{-5, 0, 0}, {5, 0, 0}}, kBox), 0.4f, {-1, 0, 0}, {-1, 0, 0});
    check_hit(intersect_segment_aabb({{5, 0, 0}, {-5, 0, 0}}, kBox), 0.4f, {1, 0, 0}, {1, 0, 0});
    check_hit(intersect_segment_aabb({{0, 1, 7}, {0, 1, -1}}, kBox), 0.5f, {0, 1, 3}, {0, 0, 1});
    // Oblique: the slab entered last (y at t = 0.5, after x at t = 0.2) decides the face.
    check_hit(intersect_segment_aabb({{-2, -4, 0}, {3, 0, 0}}, kBox), 0.5f, {0.5f, -2, 0}, {0, -1, 0});
}

TEST_CASE("intersect_segment_aabb: misses — beside the box, stopping short, pointing away") {
    check_miss(intersect_segment_aabb({{-5, 3, 0}, {5, 3, 0}}, kBox));
    check_miss(intersect_segment_aabb({{-5, 0, 0}, {-1.5f, 0, 0}}, kBox));
    check_miss(intersect_segment_aabb({{-5, 0, 0}, {-9, 0, 0}}, kBox));
    // Passing the corner region: in each slab at some time, never in all at once.
    check_miss(intersect_segment_aabb({{-3, 0, 0}, {0, 5, 0}}, kBox));
}

TEST_CASE("intersect_segment_aabb: grazing a face or an edge touches (touching counts)") {
    check_hit(intersect_segment_aabb({{-5, 2, 0}, {5, 2, 0}}, kBox), 0.4f, {-1, 2, 0}, {-1, 0, 0});
    check_hit(intersect_segment_aabb({{-5, 2, 3}, {5, 2, 3}}, kBox), 0.4f, {-1, 2, 3}, {-1, 0, 0});
    // Through a corner: every slab is entered at t = 0.5; the face is one of the three there.
    const CastHit corner = intersect_segment_aabb({{-2, -3, -4}, {0, -1, -2}}, kBox);
    REQUIRE(corner.hit);
    CHECK(corner.t == 0.5f);
    check_near(corner.point, {-1, -2, -3});
    CHECK(std::fabs(corner.normal.x + corner.normal.y + corner.normal.z + 1.0f) < 1e-6f);
}

TEST_CASE("intersect_segment_aabb: parallel to a face, a zero direction component never divides") {
    check_miss(intersect_segment_aabb({{2, -5, 0}, {2, 5, 0}}, kBox));
    check_hit(intersect_segment_aabb({{0.5f, -5, 0}, {0.5f, 5, 0}}, kBox), 0.3f, {0.5f, -2, 0}, {0, -1, 0});
}

TEST_CASE("intersect_segment_aabb: a segment ending exactly on a face hits at t = 1") {
    check_hit(intersect_segment_aabb({{-5, 0.25f, 0}, {-1, 0.25f, 0}}, kBox), 1.0f, {-1, 0.25f, 0}, {-1, 0, 0});
}

TEST_CASE("intersect_segment_aabb: starting inside gives t = 0 and the nearest face") {
    check_hit(intersect_segment_aabb({{0.5f, 0, 0}, {-9, 0, 0}}, kBox), 0.0f, {0.5f, 0, 0}, {1, 0, 0});
    check_hit(intersect_segment_aabb({{0, -1.75f, 1}, {0, 9, 9}}, kBox), 0.0f, {0, -1.75f, 1}, {0, -1, 0});
    check_hit(intersect_segment_aabb({{0, 0, 2.5f}, {0, 0, 2.5f}}, kBox), 0.0f, {0, 0, 2.5f}, {0, 0, 1});
    // On the surface and leaving: still touching at t = 0.
    check_hit(intersect_segment_aabb({{1, 0, 0}, {4, 0, 0}}, kBox), 0.0f, {1, 0, 0}, {1, 0, 0});
}

TEST_CASE("intersect_segment_aabb: zero-length segments are a point test") {
    check_hit(intersect_segment_aabb({{0, 1.5f, 0}, {0, 1.5f, 0}}, kBox), 0.0f, {0, 1.5f, 0}, {0, 1, 0});
    check_miss(intersect_segment_aabb({{0, 2.5f, 0}, {0, 2.5f, 0}}, kBox));
}

TEST_CASE("intersect_segment_aabb: a flat box is hit where a segment crosses it, an empty box never") {
    const AABB flat{{-1, -1, 0}, {1, 1, 0}};
    check_hit(intersect_segment_aabb({{0.25f, 0.5f, 2}, {0.25f, 0.5f, -2}}, flat), 0.5f, {0.25f, 0.5f, 0}, {0, 0, 1});
    check_miss(intersect_segment_aabb({{1.25f, 0.5f, 2}, {1.25f, 0.5f, -2}}, flat));
    check_miss(intersect_segment_aabb({{0, 0, -5}, {0, 0, 5}}, AABB{{1, 1, 1}, {-1, -1, -1}}));
}

TEST_CASE(
    "intersect_segment_aabb: the six side planes of Madhav, Game Programming in C++ ch. 10 sorted by t agree with the "
    "slabs") {
    // The listing tests the six face planes (TestSidePlane), sorts the fractions and keeps the first
    // whose point the box contains. Written here afresh in double as an independent reference; it
    // is only meaningful from outside (from inside it reports the exit face: our t = 0 instead).
    struct Candidate {
        double t;
        Vec3 normal;
    };
    auto six_planes = [](const Segment& s, const AABB& b, Candidate& out) {
        std::vector<Candidate> ts;
        const DVec3 p = d(s.start), q = d(s.end);
        const double ps[3] = {p.x, p.y, p.z}, qs[3] = {q.x, q.y, q.z};
        for (int axis = 0; axis < 3; ++axis)
            for (int side = 0; side < 2; ++side) {
                const double plane = component(side ? b.max : b.min, axis);
                const double denom = qs[axis] - ps[axis];
                if (denom == 0.0) continue;
                const double t = (plane - ps[axis]) / denom;
                Vec3 n;
                set_component(n, axis, side ? 1.0f : -1.0f);
                if (t >= 0.0 && t <= 1.0) ts.push_back({t, n});
            }
        std::sort(ts.begin(), ts.end(), [](const Candidate& x, const Candidate& y) { return x.t < y.t; });
        const double slack = 1e-9;  // the point is computed in double: contain it up to rounding
        for (const Candidate& c : ts) {
            const DVec3 x = p + (q - p) * c.t;
            if (x.x >= b.min.x - slack && x.x <= b.max.x + slack && x.y >= b.min.y - slack && x.y <= b.max.y + slack &&
                x.z >= b.min.z - slack && x.z <= b.max.z + slack) {
                out = c;
                return true;
            }
        }
        return false;
    };
    Rng rng(0x004AAB);
    int hits = 0;
    for (int i = 0; i < 20000; ++i) {
        // Small integer coordinates make ties (edges, corners, grazing faces) common.
        const Vec3 lo{float(rng.below(5) - 2), float(rng.below(5) - 2), float(rng.below(5) - 2)};
        const AABB box{lo, lo + Vec3{float(rng.below(5)), float(rng.below(5)), float(rng.below(5))}};
        Segment s{{float(rng.below(9) - 4), float(rng.below(9) - 4), float(rng.below(9) - 4)},
                  {float(rng.below(9) - 4), float(rng.below(9) - 4), float(rng.below(9) - 4)}};
        if (rng.below(2)) s = {rng.vec(-4, 4), rng.vec(-4, 4)};
        const bool start_inside = closest_point_on_aabb(s.start, box) == s.start;
        if (start_inside) continue;
        Candidate ref{};
        const bool ref_hit = six_planes(s, box, ref);
        const CastHit h = intersect_segment_aabb(s, box);
        INFO("case " << i);
        REQUIRE(h.hit == ref_hit);
        if (!h.hit) continue;
        ++hits;
        REQUIRE(h.t == Approx(ref.t).margin(1e-6));
        // At an edge or corner several faces share the entry t; the slab's face must be one of them.
        const int axis = std::fabs(h.normal.x) == 1.0f ? 0 : (std::fabs(h.normal.y) == 1.0f ? 1 : 2);
        REQUIRE(std::fabs(component(h.normal, axis)) == 1.0f);
        const float face = component(h.normal, axis) > 0 ? component(box.max, axis) : component(box.min, axis);
        const double start_c = component(s.start, axis), end_c = component(s.end, axis);
        REQUIRE(std::fabs(start_c + (end_c - start_c) * ref.t - face) < 1e-5);
        // On the same axis the sign must agree, unless the box is flat there (both faces at that t).
        const bool flat = component(box.min, axis) == component(box.max, axis);
        if (std::fabs(component(ref.normal, axis)) == 1.0f && !flat) CHECK(ref.normal == h.normal);
    }
    CHECK(hits > 1000);  // 1608 with this seed: the comparison is not vacuous
}

// ---- OBB ----------------------------------------------------------------------------------------

TEST_CASE("intersect_segment_obb: a rotated box is entered through its rotated face") {
    const Quat q = quat_from_axis_angle({0, 0, 1}, kPi / 4);
    const OBB box{{1, 1, 1}, q, {1, 2, 3}};
    const Vec3 ax = rotate(q, {1, 0, 0}), ay = rotate(q, {0, 1, 0});
    const CastHit front = intersect_segment_obb({box.center - ax * 5.0f, box.center + ax * 5.0f}, box);
    check_hit(front, 0.4f, box.center - ax, -1.0f * ax);
    const CastHit back = intersect_segment_obb({box.center + ay * 4.0f, box.center - ay * 4.0f}, box);
    check_hit(back, 0.25f, box.center + ay * 2.0f, ay);
    check_miss(intersect_segment_obb({box.center + ay * 2.5f - ax * 5.0f, box.center + ay * 2.5f + ax * 5.0f}, box));
}

TEST_CASE("intersect_segment_obb: grazing a face touches (a half turn, exact in float)") {
    const OBB box{{1, 1, 1}, Quat{0, 0, 1, 0}, {1, 2, 3}};  // x -> -x, y -> -y
    check_hit(intersect_segment_obb({{-4, 3, 1}, {6, 3, 1}}, box), 0.4f, {0, 3, 1}, {-1, 0, 0});
    check_miss(intersect_segment_obb({{-4, 3.001f, 1}, {6, 3.001f, 1}}, box));
}

TEST_CASE("intersect_segment_obb: starting inside gives t = 0 and the nearest rotated face") {
    const Quat q = quat_from_axis_angle({0, 0, 1}, kPi / 4);
    const OBB box{{1, 1, 1}, q, {1, 2, 3}};
    const Vec3 ax = rotate(q, {1, 0, 0});
    const Vec3 start = box.center + ax * 0.5f;
    check_hit(intersect_segment_obb({start, start + Vec3{0, 0, 9}}, box), 0.0f, start, ax);
    check_hit(intersect_segment_obb({start, start}, box), 0.0f, start, ax);
}

TEST_CASE("intersect_segment_obb: with the identity rotation it answers as the AABB") {
    Rng rng(77);
    for (int i = 0; i < 5000; ++i) {
        // Dyadic centres and extents: min = centre - half is exact, so both see the same box.
        const Vec3 c{rng.below(64) / 8.0f - 4, rng.below(64) / 8.0f - 4, rng.below(64) / 8.0f - 4};
        const Vec3 h{rng.below(24) / 8.0f, rng.below(24) / 8.0f, rng.below(24) / 8.0f};
        const Segment s{rng.vec(-8, 8), rng.below(10) ? rng.vec(-8, 8) : Vec3{}};
        const CastHit a = intersect_segment_aabb(s, {c - h, c + h});
        const CastHit o = intersect_segment_obb(s, {c, Quat{}, h});
        REQUIRE(a.hit == o.hit);
        REQUIRE(a.t == o.t);
        REQUIRE(a.normal == o.normal);
        REQUIRE(distance(a.point, o.point) <= 1e-5f);
    }
}

TEST_CASE("intersect_segment_obb: a non-unit quaternion is normalised, negative extents are empty") {
    const OBB unit{{0, 0, 0}, quat_from_axis_angle({0, 1, 0}, 0.3f), {1, 1, 1}};
    OBB scaled = unit;
    scaled.rotation = {unit.rotation.x * 3, unit.rotation.y * 3, unit.rotation.z * 3, unit.rotation.w * 3};
    const Segment s{{-5, 0.2f, 0.1f}, {5, 0.2f, 0.1f}};
    const CastHit a = intersect_segment_obb(s, unit), b = intersect_segment_obb(s, scaled);
    REQUIRE(a.hit);
    CHECK(b.t == Approx(a.t).margin(1e-6));
    check_near(b.normal, a.normal, 1e-5f);
    check_miss(intersect_segment_obb(s, OBB{{0, 0, 0}, Quat{}, {1, -1, 1}}));
}

// ---- capsule ------------------------------------------------------------------------------------

TEST_CASE("intersect_segment_capsule: the side, front and back, with the normal away from the axis") {
    check_hit(intersect_segment_capsule({{-3, 2, 0}, {3, 2, 0}}, kPill), 1.0f / 3.0f, {-1, 2, 0}, {-1, 0, 0});
    check_hit(intersect_segment_capsule({{3, 2, 0}, {-3, 2, 0}}, kPill), 1.0f / 3.0f, {1, 2, 0}, {1, 0, 0});
}

TEST_CASE("intersect_segment_capsule: the end caps are spheres") {
    check_hit(intersect_segment_capsule({{0, -3, 0}, {0, 1, 0}}, kPill), 0.5f, {0, -1, 0}, {0, -1, 0});
    check_hit(intersect_segment_capsule({{0, 9, 0}, {0, 1, 0}}, kPill), 0.5f, {0, 5, 0}, {0, 1, 0});
    // Obliquely onto the top cap, 45 degrees off the axis.
    const float r = std::sqrt(0.5f);
    const CastHit h = intersect_segment_capsule({{r, 8, 0}, {r, 4, 0}}, kPill);
    check_hit(h, 1.0f - r / 4.0f, {r, 4 + r, 0}, {r, r, 0});  // enters at y = 4 + sqrt(1 - r^2)
}

TEST_CASE("intersect_segment_capsule: misses — beside it, stopping short, parallel outside") {
    check_miss(intersect_segment_capsule({{-3, 2, 2}, {3, 2, 2}}, kPill));
    check_miss(intersect_segment_capsule({{-3, 2, 0}, {-1.5f, 2, 0}}, kPill));
    check_miss(intersect_segment_capsule({{2, -5, 0}, {2, 9, 0}}, kPill));
    check_miss(intersect_segment_capsule({{0.9f, 5.9f, 0}, {5, 9, 0}}, kPill));  // past the top cap
}

TEST_CASE("intersect_segment_capsule: tangent to the side, and parallel at the radius, touch") {
    check_hit(intersect_segment_capsule({{-3, 2, 1}, {3, 2, 1}}, kPill), 0.5f, {0, 2, 1}, {0, 0, 1});
    // Parallel to the axis at exactly the radius: first touches the bottom ball's equator.
    check_hit(intersect_segment_capsule({{1, -5, 0}, {1, 9, 0}}, kPill), 5.0f / 14.0f, {1, 0, 0}, {1, 0, 0});
}

TEST_CASE("intersect_segment_capsule: a segment ending exactly on the surface hits at t = 1") {
    check_hit(intersect_segment_capsule({{0, 2, -4}, {0, 2, -1}}, kPill), 1.0f, {0, 2, -1}, {0, 0, -1});
}

TEST_CASE("intersect_segment_capsule: starting inside gives t = 0 and the way out from the axis") {
    check_hit(intersect_segment_capsule({{0.5f, 2, 0}, {-5, 2, 0}}, kPill), 0.0f, {0.5f, 2, 0}, {1, 0, 0});
    check_hit(intersect_segment_capsule({{0, -0.5f, 0}, {0, 3, 0}}, kPill), 0.0f, {0, -0.5f, 0}, {0, -1, 0});
    // On the axis: against the motion's part across the axis ...
    check_hit(intersect_segment_capsule({{0, 2, 0}, {3, 5, 0}}, kPill), 0.0f, {0, 2, 0}, {-1, 0, 0});
    // ... or, moving along the axis (or not at all), some unit direction across it.
    for (const Segment& s : {Segment{{0, 2, 0}, {0, 3, 0}}, Segment{{0, 2, 0}, {0, 2, 0}}}) {
        const CastHit h = intersect_segment_capsule(s, kPill);
        REQUIRE(h.hit);
        CHECK(h.t == 0.0f);
        CHECK(std::fabs(length(h.normal) - 1.0f) < 1e-6f);
        CHECK(h.normal.y == 0.0f);
    }
}

TEST_CASE("intersect_segment_capsule: zero-length segments are a point test") {
    check_hit(intersect_segment_capsule({{0, 4.5f, 0}, {0, 4.5f, 0}}, kPill), 0.0f, {0, 4.5f, 0}, {0, 1, 0});
    check_miss(intersect_segment_capsule({{0, 5.5f, 0}, {0, 5.5f, 0}}, kPill));
}

TEST_CASE("intersect_segment_capsule: a zero-length capsule answers as a sphere") {
    const Capsule point_pill{{1, 2, 3}, {1, 2, 3}, 2.0f};
    Rng rng(3);
    for (int i = 0; i < 2000; ++i) {
        const Segment s{rng.vec(-6, 8), rng.vec(-6, 8)};
        const CastHit c = intersect_segment_capsule(s, point_pill), b = intersect_segment_sphere(s, kBall);
        REQUIRE(c.hit == b.hit);
        REQUIRE(c.t == b.t);
        REQUIRE(c.normal == b.normal);
    }
}

TEST_CASE("intersect_segment_capsule: a zero-radius capsule is its axis, a negative radius is empty") {
    const Capsule stick{{0, 0, 0}, {0, 4, 0}, 0.0f};
    check_hit(intersect_segment_capsule({{-1, 1, 0}, {1, 1, 0}}, stick), 0.5f, {0, 1, 0}, {-1, 0, 0});
    check_miss(intersect_segment_capsule({{-1, 1, 0.01f}, {1, 1, 0.01f}}, stick));
    check_hit(intersect_segment_capsule({{0, 6, 0}, {0, 2, 0}}, stick), 0.5f, {0, 4, 0}, {0, 1, 0});
    check_miss(intersect_segment_capsule({{0, 2, 0}, {0, 2, 0}}, Capsule{{0, 0, 0}, {0, 4, 0}, -1.0f}));
}

// ---- non-finite input ---------------------------------------------------------------------------

TEST_CASE("segment casts: NaN and infinite input miss without hanging") {
    const float bad[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                         -std::numeric_limits<float>::infinity()};
    for (float x : bad) {
        INFO("value " << x);
        const Vec3 v{x, 0, 0};
        const Segment good{{-5, 0.5f, 0.5f}, {5, 0.5f, 0.5f}};
        const Segment bad_start{v, good.end}, bad_end{good.start, v};
        for (const Segment& s : {bad_start, bad_end}) {
            check_miss(intersect_segment_plane(s, plane_from_normal_point({1, 0, 0}, {0, 0, 0})));
            check_miss(intersect_segment_sphere(s, Sphere{{0, 0, 0}, 1}));
            check_miss(intersect_segment_aabb(s, kBox));
            check_miss(intersect_segment_obb(s, OBB{{0, 0, 0}, Quat{}, {1, 1, 1}}));
            check_miss(intersect_segment_capsule(s, kPill));
            CHECK_FALSE(intersect_segment_triangle(s, {{0, -1, -1}, {0, 2, -1}, {0, -1, 2}}).hit);
        }
        check_miss(intersect_segment_plane(good, Plane{v, 0}));
        check_miss(intersect_segment_plane(good, Plane{{1, 0, 0}, x}));
        check_miss(intersect_segment_sphere(good, Sphere{v, 1}));
        check_miss(intersect_segment_sphere(good, Sphere{{0, 0, 0}, x}));
        check_miss(intersect_segment_aabb(good, AABB{v, {1, 1, 1}}));
        check_miss(intersect_segment_aabb(good, AABB{{-1, -1, -1}, v}));
        check_miss(intersect_segment_obb(good, OBB{v, Quat{}, {1, 1, 1}}));
        check_miss(intersect_segment_obb(good, OBB{{0, 0, 0}, Quat{x, 0, 0, 1}, {1, 1, 1}}));
        check_miss(intersect_segment_obb(good, OBB{{0, 0, 0}, Quat{}, v}));
        check_miss(intersect_segment_capsule(good, Capsule{v, {0, 1, 0}, 1}));
        check_miss(intersect_segment_capsule(good, Capsule{{0, 0, 0}, {0, 1, 0}, x}));
        CHECK_FALSE(intersect_segment_triangle(good, {v, {0, 2, -1}, {0, -1, 2}}).hit);
    }
}

TEST_CASE("segment casts: the largest finite floats give finite answers") {
    const float big = std::numeric_limits<float>::max();
    const Segment s{{-big, 0, 0}, {big, 0, 0}};
    const CastHit b = intersect_segment_aabb(s, kBox);
    REQUIRE(b.hit);
    CHECK(b.t == 0.5f);
    const CastHit sp = intersect_segment_sphere(s, Sphere{{0, 0, 0}, big});
    REQUIRE(sp.hit);
    CHECK(sp.t == 0.0f);
    const CastHit c = intersect_segment_capsule(s, Capsule{{0, -big, 0}, {0, big, 0}, 1});
    REQUIRE(c.hit);
    CHECK(is_finite(c.point));
    CHECK(is_finite(c.normal));
    const TriangleCastHit t = intersect_segment_triangle(s, {{0, -big, -big}, {0, big, -big}, {0, 0, big}});
    REQUIRE(t.hit);
    CHECK(is_finite(t.barycentric));
    CHECK(t.t == 0.5f);
}
