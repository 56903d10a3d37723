// sweep.hpp: sweep_sphere_triangle by hand — the face from either side, each edge and vertex,
// grazing incidence, the start conventions, degenerate triangles, points, shared edges.
#include "catch_support.hpp"

#include <array>
#include <cmath>

#include "sweep_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const Triangle kTri{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

// A hand-computed hit (check_sweep_near) on this feature.
void check_hit(const TriangleSweepHit& h, double t, Vec3 contact, Vec3 normal, TriangleFeature feature) {
    check_sweep_near(h, t, contact, normal);
    CHECK(h.feature == feature);
}

}  // namespace

TEST_CASE("sweep_sphere_triangle: falling onto the face from the front and from the back") {
    const TriangleSweepHit front = sweep_sphere_triangle(0.1f, {0.25f, 0.25f, 1}, {0.25f, 0.25f, -1}, kTri);
    check_hit(front, 0.45, {0.25f, 0.25f, 0}, {0, 0, 1}, TriangleFeature::Face);
    CHECK(distance(front.point, {0.25f, 0.25f, 0.1f}) <= 1e-6f);
    const TriangleSweepHit back = sweep_sphere_triangle(0.1f, {0.25f, 0.25f, -1}, {0.25f, 0.25f, 1}, kTri);
    check_hit(back, 0.45, {0.25f, 0.25f, 0}, {0, 0, -1}, TriangleFeature::Face);
}

TEST_CASE("sweep_sphere_triangle: each edge, approached in the plane and from above") {
    SECTION("AB, in the plane") {
        const auto h = sweep_sphere_triangle(0.5f, {0.5f, -2, 0}, {0.5f, 2, 0}, kTri);
        check_hit(h, 0.375, {0.5f, 0, 0}, {0, -1, 0}, TriangleFeature::EdgeAB);
    }
    SECTION("BC, in the plane, along its outward normal") {
        // The line x + y = 1 is 3/sqrt2 from (2, 2); contact after 3/sqrt2 - 0.5 of 2 sqrt2.
        const auto h = sweep_sphere_triangle(0.5f, {2, 2, 0}, {0, 0, 0}, kTri);
        const double s = std::sqrt(0.5);
        check_hit(h, (3.0 * s - 0.5) / (2.0 / s), {0.5f, 0.5f, 0}, {float(s), float(s), 0}, TriangleFeature::EdgeBC);
    }
    SECTION("CA, from above and outside: the sphere rolls onto the edge") {
        // Centre at x = -0.5 touches the line x = z = 0 when 0.25 + z^2 = 1.
        const auto h = sweep_sphere_triangle(1.0f, {-0.5f, 0.5f, 3}, {-0.5f, 0.5f, -3}, kTri);
        const double z = std::sqrt(0.75);
        check_hit(h, (3.0 - z) / 6.0, {0, 0.5f, 0}, {-0.5f, 0, float(z)}, TriangleFeature::EdgeCA);
    }
}

TEST_CASE("sweep_sphere_triangle: each vertex, approached from inside its Voronoi region") {
    struct Case {
        Vec3 vertex, outward;
        TriangleFeature feature;
    };
    const double s = std::sqrt(0.5);
    const Case cases[] = {
        {kTri.a, {-float(s), -float(s), 0}, TriangleFeature::VertexA},
        {kTri.b, {float(s), -float(s), 0}, TriangleFeature::VertexB},
        {kTri.c, {-float(s), float(s), 0}, TriangleFeature::VertexC},
        {kTri.a, {-0.6f, -0.48f, 0.64f}, TriangleFeature::VertexA},  // and out of the plane
    };
    for (const Case& c : cases) {
        // From 3 away straight at the vertex: the touch is after 3 - r of a motion of length 4.
        const Vec3 start = c.vertex + c.outward * 3.0f, end = c.vertex - c.outward * 1.0f;
        const auto h = sweep_sphere_triangle(0.5f, start, end, kTri);
        check_hit(h, (3.0 - 0.5) / 4.0, c.vertex, c.outward, c.feature);
    }
}

TEST_CASE("sweep_sphere_triangle: grazing exactly at the radius touches at the exact time") {
    SECTION("sliding over the plane at height r, entering over edge CA") {
        // The line of motion is tangent to CA's cylinder: discriminant exactly 0.
        const auto h = sweep_sphere_triangle(1.0f, {-1, 0.25f, 1}, {1, 0.25f, 1}, kTri);
        check_hit(h, 0.5, {0, 0.25f, 0}, {0, 0, 1}, TriangleFeature::EdgeCA);
        CHECK(h.t == 0.5f);
    }
    SECTION("passing vertex A at distance r, parallel to edge AB") {
        const auto h = sweep_sphere_triangle(1.0f, {-3, -1, 0}, {3, -1, 0}, kTri);
        CHECK(h.hit);
        CHECK(h.t == 0.5f);
        CHECK(h.contact == Vec3{0, 0, 0});
        CHECK(h.normal == Vec3{0, -1, 0});
        // One float ulp farther away it is a clean miss.
        const float y = -std::nextafter(1.0f, 2.0f);
        check_sweep_miss(sweep_sphere_triangle(1.0f, {-3, y, 0}, {3, y, 0}, kTri), {3, y, 0});
    }
}

TEST_CASE("sweep_sphere_triangle: touching at the start hits at t = 0 only when moving toward the triangle") {
    const Vec3 on_face{0.25f, 0.25f, 0.5f};
    SECTION("face: toward") {
        const auto h = sweep_sphere_triangle(0.5f, on_face, {0.25f, 0.25f, -1}, kTri);
        check_hit(h, 0.0, {0.25f, 0.25f, 0}, {0, 0, 1}, TriangleFeature::Face);
        CHECK(h.point == on_face);
    }
    SECTION("face: away, along, and not moving are misses") {
        check_sweep_miss(sweep_sphere_triangle(0.5f, on_face, {0.25f, 0.25f, 2}, kTri), {0.25f, 0.25f, 2});
        check_sweep_miss(sweep_sphere_triangle(0.5f, on_face, {0.3f, 0.1f, 0.5f}, kTri), {0.3f, 0.1f, 0.5f});
        check_sweep_miss(sweep_sphere_triangle(0.5f, on_face, on_face, kTri), on_face);
    }
    SECTION("edge AB: toward hits, away misses") {
        const Vec3 s{0.5f, -0.5f, 0};
        check_hit(sweep_sphere_triangle(0.5f, s, {0.5f, 1, 0}, kTri), 0.0, {0.5f, 0, 0}, {0, -1, 0},
                  TriangleFeature::EdgeAB);
        check_sweep_miss(sweep_sphere_triangle(0.5f, s, {0.5f, -3, 1}, kTri), {0.5f, -3, 1});
    }
    SECTION("vertex A: toward hits, tangential misses") {
        const Vec3 s{-0.3f, -0.4f, 0};  // 0.5 from A up to float rounding
        const auto h = sweep_sphere_triangle(0.5f, s, {0, 0, 0}, kTri);
        check_hit(h, 0.0, {0, 0, 0}, {-0.6f, -0.8f, 0}, TriangleFeature::VertexA);
        check_sweep_miss(sweep_sphere_triangle(0.5f, s, {-0.3f, -0.4f, 3}, kTri), {-0.3f, -0.4f, 3});
    }
    SECTION("put back a float ulp inside the face and lifting off: a miss, not stuck") {
        const Vec3 s{0.25f, 0.25f, std::nextafter(0.5f, 0.0f)};
        check_sweep_miss(sweep_sphere_triangle(0.5f, s, {0.25f, 0.25f, 3}, kTri), {0.25f, 0.25f, 3});
    }
}

TEST_CASE("sweep_sphere_triangle: overlapping at the start is a hit at t = 0 whatever the motion") {
    SECTION("centre above the face: normal from the closest point") {
        const auto h = sweep_sphere_triangle(0.5f, {0.25f, 0.25f, 0.2f}, {0.25f, 0.25f, 3}, kTri);
        check_hit(h, 0.0, {0.25f, 0.25f, 0}, {0, 0, 1}, TriangleFeature::Face);
    }
    SECTION("centre on the face: the face normal against the motion") {
        const Vec3 c{0.25f, 0.25f, 0};
        CHECK(sweep_sphere_triangle(0.5f, c, {0.25f, 0.25f, 1}, kTri).normal == Vec3{0, 0, -1});
        CHECK(sweep_sphere_triangle(0.5f, c, {0.25f, 0.25f, -1}, kTri).normal == Vec3{0, 0, 1});
        CHECK(sweep_sphere_triangle(0.5f, c, {0.5f, 0.1f, 0}, kTri).normal == Vec3{0, 0, 1});  // along: front
        const auto still = sweep_sphere_triangle(0.5f, c, c, kTri);
        CHECK(still.hit);
        CHECK(still.t == 0.0f);
        CHECK(still.normal == Vec3{0, 0, 1});
    }
    SECTION("centre beyond edge BC, inside the sphere") {
        const auto h = sweep_sphere_triangle(0.5f, {0.75f, 0.75f, 0}, {5, 5, 5}, kTri);
        const float s = std::sqrt(0.5f);
        check_hit(h, 0.0, {0.5f, 0.5f, 0}, {s, s, 0}, TriangleFeature::EdgeBC);
    }
}

TEST_CASE("sweep_sphere_triangle: zero radius is a moving point (a segment cast)") {
    check_hit(sweep_sphere_triangle(0.0f, {0.25f, 0.25f, 1}, {0.25f, 0.25f, -1}, kTri), 0.5, {0.25f, 0.25f, 0},
              {0, 0, 1}, TriangleFeature::Face);
    const auto edge = sweep_sphere_triangle(0.0f, {0.5f, 0, -1}, {0.5f, 0, 1}, kTri);  // through edge AB
    CHECK(edge.hit);
    CHECK(edge.t == 0.5f);
    CHECK(std::fabs(edge.normal.z) == 1.0f);
    check_sweep_miss(sweep_sphere_triangle(0.0f, {0.5f, -1e-6f, -1}, {0.5f, -1e-6f, 1}, kTri), {0.5f, -1e-6f, 1});
    SECTION("starting on the triangle: a hit when leaving through the face, a miss when sliding in it") {
        const Vec3 on{0.2f, 0.2f, 0};
        const auto through = sweep_sphere_triangle(0.0f, on, {0.2f, 0.2f, -1}, kTri);
        CHECK(through.hit);
        CHECK(through.t == 0.0f);
        CHECK(through.normal == Vec3{0, 0, 1});
        check_sweep_miss(sweep_sphere_triangle(0.0f, on, {0.3f, 0.3f, 0}, kTri), {0.3f, 0.3f, 0});
    }
}

TEST_CASE("sweep_sphere_triangle: zero motion is the start test alone") {
    const Vec3 far{3, 3, 3};
    check_sweep_miss(sweep_sphere_triangle(0.5f, far, far, kTri), far);
    const Vec3 near{0.2f, 0.2f, 0.3f};
    const auto h = sweep_sphere_triangle(0.5f, near, near, kTri);
    CHECK(h.hit);
    CHECK(h.t == 0.0f);
    CHECK(h.normal == Vec3{0, 0, 1});
}

TEST_CASE("sweep_sphere_triangle: degenerate triangles reduce to their edges and vertices") {
    SECTION("collinear: the segment from (0,0,0) to (2,0,0)") {
        const Triangle line{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
        const auto h = sweep_sphere_triangle(0.5f, {1.5f, 0, 2}, {1.5f, 0, -2}, line);
        CHECK(h.hit);
        CHECK(h.t == 0.375f);
        CHECK(h.contact == Vec3{1.5f, 0, 0});
        CHECK(h.normal == Vec3{0, 0, 1});
        CHECK((h.feature == TriangleFeature::EdgeBC || h.feature == TriangleFeature::EdgeCA));
    }
    SECTION("all vertices equal: a sphere") {
        const Triangle point{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
        const auto h = sweep_sphere_triangle(1.0f, {1, 1, 4}, {1, 1, -2}, point);
        CHECK(h.hit);
        CHECK(h.t == Approx(1.0 / 3.0).epsilon(1e-6));
        CHECK(h.contact == Vec3{1, 1, 1});
        CHECK(h.normal == Vec3{0, 0, 1});
        CHECK(h.feature == TriangleFeature::VertexA);
    }
    SECTION("centre on a segment triangle: pushed back against the motion, perpendicular to it") {
        const Triangle line{{0, 0, 0}, {2, 0, 0}, {2, 0, 0}};
        const auto h = sweep_sphere_triangle(0.5f, {1, 0, 0}, {3, 0, -2}, line);
        CHECK(h.hit);
        CHECK(h.t == 0.0f);
        CHECK(h.normal == Vec3{0, 0, 1});
    }
}

TEST_CASE("sweep_sphere_triangle: relabelling the vertices changes only the feature's name") {
    const Vec3 v[3] = {{0, 0, 0}, {2, 0.5f, 0}, {0.3f, 2, 0.4f}};
    const std::array<int, 3> perms[] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    const Vec3 starts[] = {{0.5f, 0.5f, 3}, {-2, -1, 0.1f}, {1, 0.8f, 3}, {1, -2, -1}};
    const Vec3 ends[] = {{0.6f, 0.7f, -3}, {2, 1, 0}, {0.5f, 0.5f, -1}, {1, 2, 1}};
    for (int k = 0; k < 4; ++k) {
        const auto ref = sweep_sphere_triangle(0.3f, starts[k], ends[k], {v[0], v[1], v[2]});
        REQUIRE(ref.hit);
        for (const auto& p : perms) {
            const auto h = sweep_sphere_triangle(0.3f, starts[k], ends[k], {v[p[0]], v[p[1]], v[p[2]]});
            CHECK(h.hit);
            CHECK(std::fabs(h.t - ref.t) <= 2e-7f);
            CHECK(distance(h.contact, ref.contact) <= 1e-6f);
            CHECK(distance(h.normal, ref.normal) <= 1e-6f);
        }
    }
}

TEST_CASE("sweep_sphere_triangle: two triangles sharing an edge both stop a sphere dropped on it") {
    const Triangle t1{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, t2{{1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    for (const float r : {0.0f, 0.1f}) {
        const Vec3 start{0.5f, 0.5f, 1}, end{0.5f, 0.5f, -1};
        const auto h1 = sweep_sphere_triangle(r, start, end, t1), h2 = sweep_sphere_triangle(r, start, end, t2);
        CHECK(h1.hit);
        CHECK(h2.hit);
        const double expected = (1.0 - r) / 2.0;
        CHECK(h1.t == Approx(expected).epsilon(1e-6));
        CHECK(h2.t == Approx(expected).epsilon(1e-6));
        CHECK(h1.normal == Vec3{0, 0, 1});
        CHECK(h2.normal == Vec3{0, 0, 1});
    }
}

TEST_CASE("sweep_sphere_triangle: a needle's face does not reach past its tip") {
    // A nearly collinear float triangle (height 2e-7 of its length): a point crossing its plane
    // 0.97 beyond the tip lies within rounding of all three edge lines. It must be a miss.
    const Triangle needle{{0x1.00a3b4p+4f, 0x1.e05194p+2f, 0x1.dbae7ep+1f},
                          {0x1.15a45p+4f, 0x1.4c58c4p+3f, 0x1.2782d6p+3f},
                          {0x1.fe2e0ap+3f, 0x1.d2b73p+2f, 0x1.a7910ap+1f}};
    const Vec3 start{0x1.19e284p+9f, 0x1.3f201cp+7f, -0x1.2ed758p+6f},
        end{-0x1.75efap+9f, -0x1.8b374p+7f, 0x1.04901cp+7f};
    check_sweep_miss(sweep_sphere_triangle(0.0f, start, end, needle), end);
    // With a radius reaching past the tip it is a hit on an edge or a vertex, not on the face.
    const auto h = sweep_sphere_triangle(1.0f, start, end, needle);
    CHECK(h.hit);
    CHECK(h.feature != TriangleFeature::Face);
}

TEST_CASE("sweep_sphere_triangle: a huge fast motion with a small sphere") {
    // 1000 m/s for 1/60 s, radius 0.01, through the face.
    const float len = 1000.0f / 60.0f;
    const auto h = sweep_sphere_triangle(0.01f, {0.25f, 0.25f, 8}, {0.25f, 0.25f, 8 - len}, kTri);
    check_hit(h, (8.0 - 0.01) / double(len), {0.25f, 0.25f, 0}, {0, 0, 1}, TriangleFeature::Face);
    CHECK(h.point.z >= 0.01f - 1e-6f);
}

TEST_CASE("sweep_sphere_triangle: a tiny motion just clear of the face touches halfway") {
    // 2^-20 above touching, moving 2^-19 down: every value is exact in float.
    const float r = 0.125f, eps = 0x1p-20f;
    const auto h = sweep_sphere_triangle(r, {0.25f, 0.25f, r + eps}, {0.25f, 0.25f, r - eps}, kTri);
    check_hit(h, 0.5, {0.25f, 0.25f, 0}, {0, 0, 1}, TriangleFeature::Face);
    CHECK(h.t == 0.5f);
    CHECK(h.point.z == r);
}

TEST_CASE("sweep_sphere_triangle: non-finite input and a negative radius are misses without hanging") {
    const float nan = std::nanf(""), inf = INFINITY;
    const Vec3 s{0.25f, 0.25f, 1}, e{0.25f, 0.25f, -1};
    const TriangleSweepHit cases[] = {
        sweep_sphere_triangle(nan, s, e, kTri),
        sweep_sphere_triangle(inf, s, e, kTri),
        sweep_sphere_triangle(-0.5f, s, e, kTri),
        sweep_sphere_triangle(0.1f, {nan, 0, 0}, e, kTri),
        sweep_sphere_triangle(0.1f, s, {0, -inf, 0}, kTri),
        sweep_sphere_triangle(0.1f, s, e, {{0, 0, nan}, {1, 0, 0}, {0, 1, 0}}),
        sweep_sphere_triangle(0.1f, s, e, {{0, 0, 0}, {inf, 0, 0}, {0, 1, 0}}),
        sweep_sphere_triangle(0.1f, s, e, {{0, 0, 0}, {1, 0, 0}, {0, -inf, 0}}),
    };
    for (const TriangleSweepHit& h : cases) {
        CHECK_FALSE(h.hit);
        CHECK(h.t == 1.0f);
        CHECK(h.normal == Vec3{0, 0, 0});
    }
}

TEST_CASE("sweeps: extreme but finite input gives finite results") {
    const float big = 1e38f;
    const Triangle huge{{-big, -big, 0}, {big, -big, 0}, {0, big, 0}};
    const auto t = sweep_sphere_triangle(big, {0, 0, big}, {0, 0, -big}, huge);
    CHECK(t.hit);
    CHECK(std::isfinite(t.t));
    CHECK(is_finite(t.point));
    CHECK(is_finite(t.normal));
    CHECK(is_finite(t.contact));
    const auto p = sweep_sphere_plane(big, {0, big, 0}, {0, -big, 0}, {0, 1e-30f, 0}, {0, 0, 0});
    CHECK(std::isfinite(p.t));
    CHECK(std::isfinite(p.contact_time));
    CHECK(is_finite(p.normal));
    const auto s = sweep_sphere_sphere({-big, 0, 0}, {big, 0, 0}, big, {big, 0, 0}, {-big, 0, 0}, big);
    CHECK(s.hit);
    CHECK(std::isfinite(s.t));
    CHECK(is_finite(s.contact));
    const auto tiny = sweep_sphere_plane(1e-40f, {0, 1e-38f, 0}, {0, -1e-38f, 0}, {0, 1, 0}, {0, 0, 0});
    CHECK(std::isfinite(tiny.contact_time));
    CHECK(tiny.hit);
}

TEST_CASE("sweep_sphere_triangle: a point starting on an edge's line beyond the edge, moving away, never touches") {
    // A sliver (a == c) whose edge AB, from (2^-120, 0, 3) to (0, 0, 0.75), has a line through the
    // origin within 2^-120: a point (radius 0) leaving the origin across that line comes no closer
    // than 0.75 to the triangle (its distance to B grows from 0.75). Its tangency test is within
    // the cushion at the start only, off the edge, so there is no contact; the root taken for a
    // double one put it at t = 7.5e-4, 0.75 from the triangle (found by the world fuzzer).
    const Triangle sliver{{0x1p-120f, 0, 3}, {0, 0, 0.75f}, {0x1p-120f, 0, 3}};
    for (const float len : {1.0f, 1410.0f}) {
        const Vec3 end = Vec3{0, 1, 1} * (len / std::sqrt(2.0f));
        const TriangleSweepHit h = sweep_sphere_triangle(0.0f, {0, 0, 0}, end, sliver);
        INFO("length " << len << " t " << h.t);
        CHECK_FALSE(h.hit);
    }
    // The same with the edge's line exactly through the origin.
    const Triangle exact{{0, 0, 3}, {0, 0, 0.75f}, {0, 0, 3}};
    CHECK_FALSE(sweep_sphere_triangle(0.0f, {0, 0, 0}, {0, 997, 997}, exact).hit);
}
