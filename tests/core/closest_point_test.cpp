// closest_point.hpp: point–segment, segment–segment, point–triangle (Ericson RTCD 5.1.5;
// DxLib tutorial (triangle–sphere)), boxes, planes.
#include "catch_support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const Triangle kRight{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

// Tolerance for comparing a float answer with a double reference: a few units of float
// rounding at the magnitude of the coordinates involved.
float float_tol(std::initializer_list<Vec3> pts) { return 8.0f * kFloatEps * std::fmax(magnitude(pts), 1e-30f); }

}  // namespace

TEST_CASE("closest_point_on_triangle: each of the seven regions, by hand") {
    struct Case {
        Vec3 p;
        TriangleRegion region;
        Vec3 expected;
    };
    const Case cases[] = {
        {{-1, -1, 1}, TriangleRegion::A, {0, 0, 0}},
        {{2, -0.5f, 0}, TriangleRegion::B, {1, 0, 0}},
        {{-0.5f, 2, 0}, TriangleRegion::C, {0, 1, 0}},
        {{0.5f, -1, 0.25f}, TriangleRegion::AB, {0.5f, 0, 0}},
        {{1, 1, -2}, TriangleRegion::BC, {0.5f, 0.5f, 0}},
        {{-1, 0.5f, 0}, TriangleRegion::CA, {0, 0.5f, 0}},
        {{0.25f, 0.25f, 5}, TriangleRegion::Face, {0.25f, 0.25f, 0}},
    };
    for (const Case& c : cases) {
        INFO("expected region " << region_name(c.region));
        const ClosestPointOnTriangle r = closest_point_on_triangle(c.p, kRight);
        CHECK(r.region == c.region);
        CHECK_FALSE(r.degenerate);
        CHECK(r.point.x == Approx(c.expected.x).margin(1e-7));
        CHECK(r.point.y == Approx(c.expected.y).margin(1e-7));
        CHECK(r.point.z == Approx(c.expected.z).margin(1e-7));
        const Vec3 rebuilt = kRight.a * r.barycentric.x + kRight.b * r.barycentric.y + kRight.c * r.barycentric.z;
        CHECK(distance(rebuilt, r.point) < 1e-6f);
    }
}

TEST_CASE("closest_point_on_triangle: every vertex permutation names the same feature") {
    // Relabelling the vertices must relabel the region and leave the point unchanged.
    const Vec3 v[3] = {{0, 0, 0}, {2, 0, 0}, {0, 3, 1}};
    const Vec3 probes[] = {{-1, -1, 0}, {3, -1, 0},    {0.2f, 5, 2},   {1, -2, 0},
                           {2, 2, 1},   {-2, 1, 0.5f}, {0.4f, 0.6f, 3}};
    const std::array<int, 3> perms[] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    const char* vertex_name = "ABC";
    for (const Vec3& p : probes) {
        const ClosestPointOnTriangle ref = closest_point_on_triangle(p, {v[0], v[1], v[2]});
        for (const auto& pm : perms) {
            const Triangle t{v[pm[0]], v[pm[1]], v[pm[2]]};
            const ClosestPointOnTriangle r = closest_point_on_triangle(p, t);
            CHECK(distance(r.point, ref.point) < 1e-6f);
            // Map the permuted region name back to original vertex indices and compare as sets.
            auto original_vertices = [&](TriangleRegion reg, const std::array<int, 3>& map) {
                std::string s;
                for (char ch : std::string(region_name(reg))) {
                    if (ch == 'f') return std::string("face");
                    s += vertex_name[map[static_cast<std::size_t>(ch - 'A')]];
                }
                std::sort(s.begin(), s.end());
                return s;
            };
            CHECK(original_vertices(r.region, pm) == original_vertices(ref.region, {0, 1, 2}));
        }
    }
}

TEST_CASE(
    "closest_point_on_triangle: defect of the DxLib tutorial (triangle–sphere) — the collinear fallback gives the "
    "exact point, not the nearest vertex") {
    // The fallback of the DxLib tutorial (triangle–sphere) for collinear vertices returns the nearest vertex (and its
    // check for that case compares a normalised vector with (-1,-1,-1), so it never fires). The right answer is the
    // closest point of the segment the triangle collapses to.
    const Triangle line{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    const ClosestPointOnTriangle r = closest_point_on_triangle({1.5f, 1, 0}, line);
    CHECK(r.degenerate);
    CHECK(r.region == TriangleRegion::BC);
    CHECK(r.point == Vec3{1.5f, 0, 0});
    CHECK(r.barycentric.y == Approx(0.5f));
    CHECK(r.barycentric.z == Approx(0.5f));
}

TEST_CASE(
    "closest_point_on_triangle: defect of the DxLib tutorial (triangle–sphere) — the Lagrange-identity BC branch "
    "(misspelled in the listing) is right") {
    // The optimised DxLib listing's BC block uses undeclared names (Dot2PH, Dot2PI) and does not
    // compile; the region it meant must give the projection onto BC.
    const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    const ClosestPointOnTriangle r = closest_point_on_triangle({3, 3, 1}, t);
    CHECK(r.region == TriangleRegion::BC);
    CHECK(r.point.x == Approx(2.0f));
    CHECK(r.point.y == Approx(2.0f));
    CHECK(r.point.z == 0.0f);
}

TEST_CASE(
    "closest_point_on_triangle: defect of the DxLib tutorial (triangle–sphere) — every path returns a point (no "
    "fall-through)") {
    // The readable listing's blocks end without returning on some paths. Sweep a grid of query
    // points around the triangle: every answer is on the triangle and finite.
    for (int i = -4; i <= 4; ++i)
        for (int j = -4; j <= 4; ++j)
            for (int k = -1; k <= 1; ++k) {
                const Vec3 p{i * 0.5f, j * 0.5f, static_cast<float>(k)};
                const ClosestPointOnTriangle r = closest_point_on_triangle(p, kRight);
                REQUIRE(is_finite(r.point));
                CHECK(r.point.z == 0.0f);
                CHECK(r.point.x >= 0.0f);
                CHECK(r.point.y >= 0.0f);
                CHECK(r.point.x + r.point.y <= 1.0f + 1e-6f);
            }
}

TEST_CASE("closest_point_on_triangle: zero-area triangles collapse to their segment or point") {
    SECTION("all three vertices equal: the vertex, region A") {
        const Vec3 v{1, 2, 3};
        const ClosestPointOnTriangle r = closest_point_on_triangle({5, 5, 5}, {v, v, v});
        CHECK(r.degenerate);
        CHECK(r.point == v);
        CHECK(r.region == TriangleRegion::A);
    }
    SECTION("a repeated vertex: the segment between the two distinct ones") {
        const Triangle t{{0, 0, 0}, {0, 0, 0}, {0, 2, 0}};
        const ClosestPointOnTriangle r = closest_point_on_triangle({1, 1, 0}, t);
        CHECK(r.degenerate);
        CHECK(r.point == Vec3{0, 1, 0});
        CHECK((r.region == TriangleRegion::BC || r.region == TriangleRegion::CA));
    }
    SECTION("a collinear triangle whose middle vertex is C: beyond the end, the end vertex") {
        const Triangle t{{0, 0, 0}, {2, 0, 0}, {1, 0, 0}};
        const ClosestPointOnTriangle r = closest_point_on_triangle({3, 1, 0}, t);
        CHECK(r.point == Vec3{2, 0, 0});
        CHECK(r.region == TriangleRegion::B);
    }
}

TEST_CASE("closest_point_on_triangle: 10^5 seeded cases agree with a double-precision reference") {
    Rng rng(0x5107070);
    int checked = 0;
    for (int i = 0; i < 100000; ++i) {
        const TriangleKind kind = pick_kind(rng);
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const Triangle t = make_triangle(rng, kind, scale);
        const Vec3 p = rng.vec(-2 * scale, 2 * scale) * (kind == TriangleKind::Huge ? 1e4f : 1.0f);
        const ClosestPointOnTriangle r = closest_point_on_triangle(p, t);
        const DVec3 ref = ref_closest_on_triangle(d(p), d(t.a), d(t.b), d(t.c));
        const double err = ddist(d(r.point), ref);
        // Float rounding of the answer, plus (degenerate answers only) the height they ignore.
        const double tol = float_tol({p, t.a, t.b, t.c}) + (r.degenerate ? 1e-8 * triangle_scale(t) : 0.0);
        if (err > tol) {
            INFO("case " << i << " kind " << static_cast<int>(kind) << " err " << err << " tol " << tol);
            REQUIRE(err <= tol);
        }
        // Never farther than the reference (beyond rounding).
        REQUIRE(ddist(d(p), d(r.point)) <= ddist(d(p), ref) + tol);
        // The barycentrics rebuild the point and sum to one.
        const Vec3 bc = r.barycentric;
        REQUIRE(bc.x >= 0.0f);
        REQUIRE(bc.y >= 0.0f);
        REQUIRE(bc.z >= 0.0f);
        REQUIRE(std::fabs(bc.x + bc.y + bc.z - 1.0f) < 1e-5f);
        ++checked;
    }
    CHECK(checked == 100000);
}

TEST_CASE("closest_point_on_triangle: no sampled point of the triangle is closer (brute force)") {
    Rng rng(42);
    for (int i = 0; i < 3000; ++i) {
        const Triangle t = make_triangle(rng, rng.below(10) ? TriangleKind::Random : TriangleKind::Needle, 1.0f);
        const Vec3 p = rng.vec(-2, 2);
        const ClosestPointOnTriangle r = closest_point_on_triangle(p, t);
        const double best = ddist(d(p), d(r.point));
        constexpr int kSteps = 40;
        for (int u = 0; u <= kSteps; ++u)
            for (int v = 0; u + v <= kSteps; ++v) {
                const double bu = u / double(kSteps), bv = v / double(kSteps), bw = 1.0 - bu - bv;
                const DVec3 s = d(t.a) * bu + d(t.b) * bv + d(t.c) * bw;
                REQUIRE(ddist(d(p), s) >= best - 1e-5);
            }
    }
}

TEST_CASE("explain_closest_point_on_triangle: the recorded decision matches the query and its own numbers") {
    Rng rng(7);
    for (int i = 0; i < 20000; ++i) {
        const Triangle t = make_triangle(rng, pick_kind(rng), 1.0f);
        const Vec3 p = rng.vec(-2, 2);
        const ClosestPointExplanation ex = explain_closest_point_on_triangle(p, t);
        const ClosestPointOnTriangle r = closest_point_on_triangle(p, t);
        REQUIRE(ex.result.point == r.point);
        REQUIRE(ex.result.region == r.region);
        if (ex.degenerate) {
            REQUIRE(ex.test_count == 0);
            continue;
        }
        REQUIRE(ex.test_count >= 1);
        // Only the last test passed, and it names the region.
        for (int k = 0; k + 1 < ex.test_count; ++k) REQUIRE_FALSE(ex.tests[k].passed);
        REQUIRE(ex.tests[ex.test_count - 1].passed);
        REQUIRE(ex.tests[ex.test_count - 1].region == r.region);
        // The dot products are the ones documented (float recomputation, loose tolerance).
        const Vec3 ab = t.b - t.a, ac = t.c - t.a;
        const float s = std::fmax(1.0f, length_sq(ab) + length_sq(ac) + length_sq(p - t.a));
        REQUIRE(std::fabs(ex.d1 - dot(ab, p - t.a)) <= 1e-5f * s);
        REQUIRE(std::fabs(ex.d6 - dot(ac, p - t.c)) <= 1e-5f * s);
        REQUIRE(std::fabs(ex.vc - (ex.d1 * ex.d4 - ex.d3 * ex.d2)) <= 1e-4f * s * s);
    }
}

TEST_CASE("explain_closest_point_on_triangle: tests run in Ericson's order A, B, AB, C, CA, BC, face") {
    const ClosestPointExplanation ex = explain_closest_point_on_triangle({0.25f, 0.25f, 1}, kRight);
    const TriangleRegion order[] = {TriangleRegion::A,  TriangleRegion::B,  TriangleRegion::AB,  TriangleRegion::C,
                                    TriangleRegion::CA, TriangleRegion::BC, TriangleRegion::Face};
    REQUIRE(ex.test_count == 7);
    for (int k = 0; k < 7; ++k) CHECK(ex.tests[k].region == order[k]);
    CHECK(ex.va > 0.0f);
    CHECK(ex.vb > 0.0f);
    CHECK(ex.vc > 0.0f);
}

TEST_CASE("closest_point_on_triangle: NaN input returns without hanging") {
    const float nan = std::nanf("");
    const ClosestPointOnTriangle r1 = closest_point_on_triangle({nan, 0, 0}, kRight);
    CHECK_FALSE(is_finite(r1.point));
    const ClosestPointOnTriangle r2 = closest_point_on_triangle({0, 0, 0}, {{nan, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    CHECK(r2.degenerate);  // documented: non-finite triangles take the degenerate path
}

TEST_CASE("closest_point_on_segment: before, after and between the ends, and zero length") {
    const Segment s{{0, 0, 0}, {2, 0, 0}};
    CHECK(closest_point_on_segment({-1, 1, 0}, s).t == 0.0f);
    CHECK(closest_point_on_segment({3, 1, 0}, s).point == Vec3{2, 0, 0});
    const ClosestPointOnSegment mid = closest_point_on_segment({0.5f, 7, 0}, s);
    CHECK(mid.t == 0.25f);
    CHECK(mid.point == Vec3{0.5f, 0, 0});
    const ClosestPointOnSegment z = closest_point_on_segment({1, 1, 1}, {{3, 3, 3}, {3, 3, 3}});
    CHECK(z.t == 0.0f);
    CHECK(z.point == Vec3{3, 3, 3});
    CHECK(distance_sq_point_segment({1, 1, 0}, s) == 1.0f);
}

TEST_CASE("closest_point_on_segment: 10^5 seeded cases agree with a double-precision reference") {
    Rng rng(99);
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        Segment s{rng.vec(-scale, scale), rng.vec(-scale, scale)};
        if (rng.below(20) == 0) s.end = s.start;
        const Vec3 p = rng.vec(-2 * scale, 2 * scale);
        const ClosestPointOnSegment r = closest_point_on_segment(p, s);
        const DVec3 ref = ref_closest_on_segment(d(p), d(s.start), d(s.end));
        REQUIRE(r.t >= 0.0f);
        REQUIRE(r.t <= 1.0f);
        REQUIRE(ddist(d(r.point), ref) <= float_tol({p, s.start, s.end}));
    }
}

TEST_CASE("closest_points_segment_segment: crossing, parallel, point-like and skew segments") {
    SECTION("crossing at right angles") {
        const auto r = closest_points_segment_segment({{-1, 0, 0}, {1, 0, 0}}, {{0, -1, 1}, {0, 1, 1}});
        CHECK(r.point1 == Vec3{0, 0, 0});
        CHECK(r.point2 == Vec3{0, 0, 1});
        CHECK(r.t1 == 0.5f);
        CHECK(r.distance_sq == 1.0f);
    }
    SECTION("parallel overlapping: distance is the gap") {
        const auto r = closest_points_segment_segment({{0, 0, 0}, {2, 0, 0}}, {{1, 1, 0}, {3, 1, 0}});
        CHECK(r.distance_sq == Approx(1.0f));
        CHECK(r.point2.y == 1.0f);
    }
    SECTION("both points") {
        const auto r = closest_points_segment_segment({{0, 0, 0}, {0, 0, 0}}, {{3, 4, 0}, {3, 4, 0}});
        CHECK(r.distance_sq == 25.0f);
    }
    SECTION("one point") {
        const auto r = closest_points_segment_segment({{1, 5, 0}, {1, 5, 0}}, {{0, 0, 0}, {2, 0, 0}});
        CHECK(r.point2 == Vec3{1, 0, 0});
        CHECK(r.t2 == 0.5f);
    }
}

TEST_CASE("closest_points_segment_segment: 10^5 seeded cases are no farther than brute-force sampling") {
    Rng rng(1234);
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-2f, 1e3f);
        Segment a{rng.vec(-scale, scale), rng.vec(-scale, scale)};
        Segment b{rng.vec(-scale, scale), rng.vec(-scale, scale)};
        const int kind = rng.below(10);
        if (kind == 0) b = {a.start + Vec3{0, scale * 0.1f, 0}, a.end + Vec3{0, scale * 0.1f, 0}};  // parallel
        if (kind == 1) a.end = a.start;                                                             // point
        const auto r = closest_points_segment_segment(a, b);
        REQUIRE(r.t1 >= 0.0f);
        REQUIRE(r.t1 <= 1.0f);
        REQUIRE(r.t2 >= 0.0f);
        REQUIRE(r.t2 <= 1.0f);
        const double got = std::sqrt(static_cast<double>(r.distance_sq));
        // Reference: minimise over a fine sampling of segment a of the exact point–segment distance.
        double best = 1e300;
        constexpr int kSamples = 64;
        for (int k = 0; k <= kSamples; ++k) {
            const DVec3 pa = d(a.start) + (d(a.end) - d(a.start)) * (k / double(kSamples));
            best = std::fmin(best, ddist(pa, ref_closest_on_segment(pa, d(b.start), d(b.end))));
        }
        const double tol = float_tol({a.start, a.end, b.start, b.end});
        REQUIRE(got <= best + tol);
        // And the reported points really are that far apart, on their segments.
        REQUIRE(std::fabs(ddist(d(r.point1), d(r.point2)) - got) <= tol);
        REQUIRE(ddist(d(r.point1), ref_closest_on_segment(d(r.point1), d(a.start), d(a.end))) <= tol);
    }
}

TEST_CASE("closest_point_on_aabb and distance_sq_point_aabb: inside, on a face, outside a corner") {
    const AABB box{{-1, -1, -1}, {1, 2, 3}};
    CHECK(closest_point_on_aabb({0, 0, 0}, box) == Vec3{0, 0, 0});
    CHECK(closest_point_on_aabb({5, 0, 0}, box) == Vec3{1, 0, 0});
    CHECK(closest_point_on_aabb({5, 5, 5}, box) == Vec3{1, 2, 3});
    CHECK(distance_sq_point_aabb({0, 0, 0}, box) == 0.0f);
    CHECK(distance_sq_point_aabb({2, 3, 3}, box) == 2.0f);
}

TEST_CASE("closest_point_on_obb: agrees with the AABB answer in the box's frame") {
    Rng rng(5);
    for (int i = 0; i < 10000; ++i) {
        const OBB box{rng.vec(-5, 5), quat_from_axis_angle(rng.direction(), rng.uniform(-3, 3)), rng.vec(0, 2)};
        const Vec3 p = rng.vec(-8, 8);
        const Vec3 q = closest_point_on_obb(p, box);
        const Mat3 r = mat3_from_quat(box.rotation);
        const Vec3 local = mul_transpose(r, q - box.center);
        REQUIRE(std::fabs(local.x) <= box.half_extents.x + 1e-4f);
        REQUIRE(std::fabs(local.y) <= box.half_extents.y + 1e-4f);
        REQUIRE(std::fabs(local.z) <= box.half_extents.z + 1e-4f);
        const Vec3 lp = mul_transpose(r, p - box.center);
        const AABB local_box{-1.0f * box.half_extents, box.half_extents};
        REQUIRE(std::fabs(distance_sq(p, q) - distance_sq_point_aabb(lp, local_box)) <= 1e-3f);
    }
}

TEST_CASE(
    "closest_point_on_triangle: a triangle far smaller than its distance never gives NaN (regression, found by "
    "fuzzing)") {
    // 1e-31 across, seen from 0.18 away: p - a rounds to p - b in double, both d1 and d3 round to
    // 0, the AB test passes and t was 0 / 0.
    const float e = 0x1p-103f;
    const Vec3 p{0.125f, 0.125f, 0};
    for (const Triangle& t : {Triangle{{-e, 0, 0}, {0, -e, 0}, {0, 0, 0}}, Triangle{{0, 0, 0}, {-e, 0, 0}, {0, -e, 0}},
                              Triangle{{0, -e, 0}, {0, 0, 0}, {-e, 0, 0}}}) {
        const ClosestPointOnTriangle r = closest_point_on_triangle(p, t);
        REQUIRE(is_finite(r.point));
        REQUIRE(is_finite(r.barycentric));
        CHECK(distance(r.point, Vec3{0, 0, 0}) <= 2 * e);
        CHECK(r.barycentric.x + r.barycentric.y + r.barycentric.z == 1.0f);
    }
}

TEST_CASE(
    "closest_point_on_obb: a non-unit rotation is normalised, as in the other OBB queries (regression, found by "
    "fuzzing)") {
    // Unnormalised, the quaternion's matrix scaled the box (here by 4) and, with components near
    // 2^55, overflowed into NaN.
    const OBB unit{{0, 0, 0}, quat_from_axis_angle({0, 0, 1}, 0.5f), {1, 2, 0.5f}};
    const Quat q = unit.rotation;
    const OBB scaled{unit.center, {2 * q.x, 2 * q.y, 2 * q.z, 2 * q.w}, unit.half_extents};
    const Vec3 p{3, -1, 2};
    CHECK(distance(closest_point_on_obb(p, scaled), closest_point_on_obb(p, unit)) < 1e-6f);
    const OBB huge{{0.0103759766f, 0, 0}, {0, 0.0134191168f, -0x1p55f, -0x1p55f}, {1, 1, 1}};
    const Vec3 r = closest_point_on_obb({-0x1p55f, -0x1p55f, 3}, huge);
    CHECK(is_finite(r));
}

TEST_CASE("closest_point_on_plane: projects along the normal, and a degenerate plane leaves the point") {
    const Plane pl = plane_from_normal_point({0, 2, 0}, {0, 1, 0});
    CHECK(closest_point_on_plane({3, 5, 4}, pl) == Vec3{3, 1, 4});
    const Plane zero = plane_from_normal_point({0, 0, 0}, {1, 1, 1});
    CHECK(closest_point_on_plane({3, 5, 4}, zero) == Vec3{3, 5, 4});
}

TEST_CASE("closest_points_segment_segment: nearly parallel segments are placed exactly") {
    // The Lagrange form with a "parallel" cut-off (sine below 1e-5) answered an endpoint pair here,
    // 2e-5 apart, where the true distance is 1e-6 — and triangle_capsule missed the overlap.
    const Segment axis{{0, -1e-6f, -2e-5f}, {10, -1e-6f, 2e-5f}};
    const Segment edge{{0, 0, 0}, {10, 0, 0}};
    const auto r = closest_points_segment_segment(axis, edge);
    CHECK(std::sqrt(r.distance_sq) == Approx(1e-6).epsilon(1e-3));
    CHECK(r.t1 == Approx(0.5f).margin(1e-4));
    const Contact c = triangle_capsule({{0, 0, 0}, {10, 0, 0}, {0, 10, 0}}, {axis.start, axis.end, 1e-5f});
    CHECK(c.hit);
}
