// intersect_segment_triangle: hand cases, degenerate triangles, watertightness over shared edges
// and vertices, and 10^5 seeded cases against a double-precision plane + barycentric reference.
#include "catch_support.hpp"

#include <array>
#include <cmath>
#include <vector>

#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const Triangle kTri{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};  // z = 0, counter-clockwise about +z

void check_hit(const TriangleCastHit& h, float t, Vec3 point, Vec3 normal, Vec3 bary) {
    REQUIRE(h.hit);
    CHECK(h.t == Approx(t).margin(1e-6));
    check_near(h.point, point);
    check_near(h.normal, normal);
    check_near(h.barycentric, bary);
}

void check_miss(const TriangleCastHit& h) {
    CHECK_FALSE(h.hit);
    CHECK(h.t == 1.0f);
    CHECK(h.point == Vec3{});
    CHECK(h.normal == Vec3{});
    CHECK(h.barycentric == Vec3{});
}

// Distance from a point to a triangle, and from a segment to a triangle (a convex function of
// the fraction along the segment: golden-section search), in double.
double dist_point_triangle(DVec3 x, const Triangle& t) {
    return ddist(x, ref_closest_on_triangle(x, d(t.a), d(t.b), d(t.c)));
}
double dist_segment_triangle(const Segment& s, const Triangle& t) {
    const DVec3 p = d(s.start), dd = d(s.end) - p;
    auto f = [&](double u) { return dist_point_triangle(p + dd * u, t); };
    double lo = 0, hi = 1;
    const double g = 0.6180339887498949;
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo), f1 = f(x1), f2 = f(x2);
    for (int i = 0; i < 60; ++i) {
        if (f1 < f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = f(x2);
        }
    }
    return std::fmin(std::fmin(f(0.5 * (lo + hi)), f(0.0)), f(1.0));
}

}  // namespace

// ---- by hand --------------------------------------------------------------------------------------

TEST_CASE("intersect_segment_triangle: front and back hits face the start") {
    check_hit(intersect_segment_triangle({{0.5f, 0.5f, 1}, {0.5f, 0.5f, -1}}, kTri), 0.5f, {0.5f, 0.5f, 0}, {0, 0, 1},
              {0.5f, 0.25f, 0.25f});
    check_hit(intersect_segment_triangle({{1, 0.5f, -3}, {1, 0.5f, 1}}, kTri), 0.75f, {1, 0.5f, 0}, {0, 0, -1},
              {0.25f, 0.5f, 0.25f});
}

TEST_CASE("intersect_segment_triangle: misses — beside it, stopping short, parallel above it") {
    check_miss(intersect_segment_triangle({{1.5f, 1.5f, 1}, {1.5f, 1.5f, -1}}, kTri));
    check_miss(intersect_segment_triangle({{0.5f, 0.5f, 2}, {0.5f, 0.5f, 1}}, kTri));
    check_miss(intersect_segment_triangle({{-1, 0.5f, 1}, {3, 0.5f, 1}}, kTri));
}

TEST_CASE("intersect_segment_triangle: through an edge or a vertex touches (touching counts)") {
    check_hit(intersect_segment_triangle({{1, 0, 1}, {1, 0, -1}}, kTri), 0.5f, {1, 0, 0}, {0, 0, 1}, {0.5f, 0.5f, 0});
    check_hit(intersect_segment_triangle({{1, 1, -1}, {1, 1, 1}}, kTri), 0.5f, {1, 1, 0}, {0, 0, -1}, {0, 0.5f, 0.5f});
    check_hit(intersect_segment_triangle({{0, 2, 1}, {0, 2, -1}}, kTri), 0.5f, {0, 2, 0}, {0, 0, 1}, {0, 0, 1});
    check_miss(intersect_segment_triangle({{1.001f, 1, 1}, {1.001f, 1, -1}}, kTri));
}

TEST_CASE("intersect_segment_triangle: a segment ending exactly on the triangle hits at t = 1") {
    check_hit(intersect_segment_triangle({{0.5f, 0.5f, 4}, {0.5f, 0.5f, 0}}, kTri), 1.0f, {0.5f, 0.5f, 0}, {0, 0, 1},
              {0.5f, 0.25f, 0.25f});
}

TEST_CASE("intersect_segment_triangle: starting on it hits at t = 0 with the face's own normal") {
    // Like intersect_segment_plane: a zero-thickness obstacle has no shorter way out on either side.
    check_hit(intersect_segment_triangle({{0.5f, 0.5f, 0}, {0.5f, 0.5f, 1}}, kTri), 0.0f, {0.5f, 0.5f, 0}, {0, 0, 1},
              {0.5f, 0.25f, 0.25f});
    check_hit(intersect_segment_triangle({{0.5f, 0.5f, 0}, {3, 2, -1}}, kTri), 0.0f, {0.5f, 0.5f, 0}, {0, 0, 1},
              {0.5f, 0.25f, 0.25f});
    // On the plane but outside the triangle, leaving it: a miss.
    check_miss(intersect_segment_triangle({{3, 3, 0}, {0.5f, 0.5f, 1}}, kTri));
}

TEST_CASE("intersect_segment_triangle: zero-length segments are a point test") {
    check_hit(intersect_segment_triangle({{1, 0.5f, 0}, {1, 0.5f, 0}}, kTri), 0.0f, {1, 0.5f, 0}, {0, 0, 1},
              {0.25f, 0.5f, 0.25f});
    check_miss(intersect_segment_triangle({{1, 0.5f, 1e-6f}, {1, 0.5f, 1e-6f}}, kTri));
    check_miss(intersect_segment_triangle({{3, 0.5f, 0}, {3, 0.5f, 0}}, kTri));
}

TEST_CASE("intersect_segment_triangle: a segment in its plane is clipped against the edges") {
    // Enters through edge CA (x = 0) a quarter of the way along.
    check_hit(intersect_segment_triangle({{-1, 0.5f, 0}, {3, 0.5f, 0}}, kTri), 0.25f, {0, 0.5f, 0}, {0, 0, 1},
              {0.75f, 0, 0.25f});
    // Starting inside: t = 0.
    check_hit(intersect_segment_triangle({{0.5f, 0.5f, 0}, {5, 5, 0}}, kTri), 0.0f, {0.5f, 0.5f, 0}, {0, 0, 1},
              {0.5f, 0.25f, 0.25f});
    // Touching only the vertex C.
    check_hit(intersect_segment_triangle({{-1, 2, 0}, {1, 2, 0}}, kTri), 0.5f, {0, 2, 0}, {0, 0, 1}, {0, 0, 1});
    // Running along edge AB (on the boundary: touching).
    check_hit(intersect_segment_triangle({{-1, 0, 0}, {3, 0, 0}}, kTri), 0.25f, {0, 0, 0}, {0, 0, 1}, {1, 0, 0});
    check_miss(intersect_segment_triangle({{-1, 3, 0}, {3, 3, 0}}, kTri));
    check_miss(intersect_segment_triangle({{-3, 0.5f, 0}, {-1, 0.5f, 0}}, kTri));
}

TEST_CASE("intersect_segment_triangle: a tilted triangle hit from either side") {
    const Triangle t{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};  // x + y + z = 1
    const float third = 1.0f / 3.0f;
    const Vec3 n = Vec3{1, 1, 1} * (1.0f / std::sqrt(3.0f));
    const TriangleCastHit front = intersect_segment_triangle({{1, 1, 1}, {0, 0, 0}}, t);
    check_hit(front, 2.0f / 3.0f, {third, third, third}, n, {third, third, third});
    const TriangleCastHit back = intersect_segment_triangle({{0, 0, 0}, {1, 1, 1}}, t);
    check_hit(back, third, {third, third, third}, -1.0f * n, {third, third, third});
}

// ---- degenerate triangles -------------------------------------------------------------------------

TEST_CASE("intersect_segment_triangle: a collinear triangle is its longest edge") {
    const Triangle line{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    const TriangleCastHit h = intersect_segment_triangle({{1.5f, 0, 1}, {1.5f, 0, -1}}, line);
    REQUIRE(h.hit);
    CHECK(h.t == Approx(0.5f).margin(1e-7));  // the collapsed edge is 1e-8 L thick
    check_near(h.point, {1.5f, 0, 0}, 1e-7f);
    check_near(h.normal, {0, 0, 1});
    const Vec3 rebuilt = line.a * h.barycentric.x + line.b * h.barycentric.y + line.c * h.barycentric.z;
    check_near(rebuilt, {1.5f, 0, 0}, 1e-6f);
    CHECK(h.barycentric.x + h.barycentric.y + h.barycentric.z == Approx(1.0f));
    check_miss(intersect_segment_triangle({{1.5f, 0.001f, 1}, {1.5f, 0.001f, -1}}, line));
    check_miss(intersect_segment_triangle({{2.5f, 0, 1}, {2.5f, 0, -1}}, line));
}

TEST_CASE("intersect_segment_triangle: a triangle with all vertices equal is a point") {
    const Triangle dot{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    const TriangleCastHit h = intersect_segment_triangle({{1, 1, 3}, {1, 1, -1}}, dot);
    check_hit(h, 0.5f, {1, 1, 1}, {0, 0, 1}, h.barycentric);
    CHECK(h.barycentric.x + h.barycentric.y + h.barycentric.z == 1.0f);
    check_miss(intersect_segment_triangle({{1, 1.0001f, 3}, {1, 1.0001f, -1}}, dot));
}

TEST_CASE("intersect_segment_triangle: crossing a sliver hits just above and just below the degenerate threshold") {
    // Heights 2e-8 (a face: |n|^2 = 4e-16 > 1e-16 L^4) and 5e-9 (degenerate: its longest edge):
    // a segment through the middle of the sliver hits either way, so a mesh does not leak there.
    for (float height : {2e-8f, 5e-9f}) {
        INFO("height " << height);
        const Triangle sliver{{0, 0, 0}, {1, 0, 0}, {0.5f, height, 0}};
        const TriangleCastHit h = intersect_segment_triangle({{0.5f, height / 2, 1}, {0.5f, height / 2, -1}}, sliver);
        REQUIRE(h.hit);
        CHECK(h.t == Approx(0.5f).margin(1e-7));
        CHECK(std::fabs(h.normal.z) == Approx(1.0f));
    }
}

// ---- watertightness -------------------------------------------------------------------------------

TEST_CASE("intersect_segment_triangle: segments through shared edges and vertices of a grid hit") {
    // A height field on an integer grid, two triangles per cell; vertical and oblique segments
    // through every vertex and every edge midpoint (all exact in float) hit at least one triangle.
    Rng rng(11);
    constexpr int kN = 6;
    float height[kN + 1][kN + 1];
    for (auto& row : height)
        for (float& h : row) h = rng.below(9) * 0.25f - 1.0f;
    std::vector<Triangle> mesh;
    auto v = [&](int i, int j) { return Vec3{float(i), float(j), height[i][j]}; };
    for (int i = 0; i < kN; ++i)
        for (int j = 0; j < kN; ++j) {
            const bool flip = (i + j) % 2;
            mesh.push_back({v(i, j), v(i + 1, j), flip ? v(i + 1, j + 1) : v(i, j + 1)});
            mesh.push_back(flip ? Triangle{v(i, j), v(i + 1, j + 1), v(i, j + 1)}
                                : Triangle{v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)});
        }
    auto hits = [&](const Segment& s) {
        int n = 0;
        for (const Triangle& t : mesh) n += intersect_segment_triangle(s, t).hit ? 1 : 0;
        return n;
    };
    int checked = 0;
    for (int i = 1; i < 2 * kN; ++i)
        for (int j = 1; j < 2 * kN; ++j) {
            // Grid vertices (i, j even), edge midpoints and cell diagonals' midpoints, on the mesh:
            // their heights are averages of quarter-integers, so every coordinate below is exact.
            const float x = i * 0.5f, y = j * 0.5f;
            const int i0 = i / 2, j0 = j / 2, i1 = (i + 1) / 2, j1 = (j + 1) / 2;
            const bool diagonal_up = i % 2 && j % 2 && (i0 + j0) % 2;  // that cell's diagonal
            const float z =
                diagonal_up ? 0.5f * (height[i0][j0] + height[i1][j1]) : 0.5f * (height[i0][j1] + height[i1][j0]);
            const Vec3 target{x, y, z};
            const Vec3 dirs[] = {{0, 0, 1}, {0.25f, 0.5f, 1}, {-0.5f, 0.125f, 1}, {0.375f, -0.25f, -1}};
            for (const Vec3& dir : dirs) {
                const Segment down{target + dir * 8.0f, target - dir * 8.0f};
                const Segment up{down.end, down.start};
                INFO("target " << x << ", " << y << " dir " << dir.x << ", " << dir.y << ", " << dir.z);
                CHECK(hits(down) >= 1);
                CHECK(hits(up) >= 1);
                checked += 2;
            }
        }
    CHECK(checked == 968);
}

TEST_CASE("intersect_segment_triangle: segments through the shared vertex of a random fan hit") {
    // A fan of 3..10 triangles around a vertex (a non-planar disk); segments through that exact
    // vertex, and through points of its spokes, within 27 degrees of the fan's axis.
    Rng rng(0xFA2);
    for (int i = 0; i < 20000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 center = rng.vec(-1, 1) * (scale * rng.uniform(0, 4));
        const int k = 3 + rng.below(8);
        std::vector<Vec3> ring;
        float angle = rng.uniform(0, 1);
        const float step = 2 * kPi / k;
        for (int j = 0; j < k; ++j) {
            const float a = angle + step * rng.uniform(0.6f, 1.0f);
            angle += step;
            const float r = scale * rng.uniform(0.3f, 1.0f);
            ring.push_back(center + Vec3{r * std::cos(a), r * std::sin(a), scale * rng.uniform(-0.1f, 0.1f)});
        }
        const Vec3 hub = center + Vec3{0, 0, scale * rng.uniform(-0.05f, 0.05f)};
        // Steeper than any facet (slopes below 0.15 / 0.3): the line crosses the fan, never just
        // grazes its hub (a tangent line could pass rounding-close above a peak and rightly miss).
        const Vec3 flat = rng.direction();
        const Vec3 dir = normalize_or({flat.x * 0.5f, flat.y * 0.5f, flat.z < 0 ? -1.0f : 1.0f}, {0, 0, 1});
        // Through the hub, or through a point of a spoke (a shared edge).
        const int spoke = rng.below(k + 1);
        const Vec3 target = spoke == k ? hub : lerp(hub, ring[spoke], rng.uniform(0.0f, 0.9f));
        const Segment s{target + dir * (2 * scale), target - dir * (2 * scale)};
        int n = 0;
        for (int j = 0; j < k; ++j) n += intersect_segment_triangle(s, {hub, ring[j], ring[(j + 1) % k]}).hit ? 1 : 0;
        INFO("case " << i);
        REQUIRE(n >= 1);
    }
}

TEST_CASE(
    "intersect_segment_triangle: a segment exactly through a fan's hub hits, whatever sign rounding gives the spokes") {
    // Ends exactly symmetric about the hub make every spoke's triple product [d, hub - p, ring - p]
    // exactly 0, yet not exactly computable in double. Taken at face value its rounding noise can
    // have one sign on every spoke, and then each triangle of the fan rejects the segment.
    SECTION("a fan far from the origin, the segment through its hub from above") {
        const Vec3 hub{378.699524f, 2878.15137f, 3234.82397f};
        const Vec3 ring[3] = {{-196.973511f, 3176.16724f, 3269.81616f},
                              {235.088913f, 2569.65552f, 3287.03101f},
                              {857.54126f, 2896.45605f, 3325.85693f}};
        const Segment s{{943.493958f, 3034.32495f, 1566.33887f}, {-186.09491f, 2721.97778f, 4903.30908f}};
        REQUIRE(s.start - hub == hub - s.end);
        int n = 0;
        for (int j = 0; j < 3; ++j) n += intersect_segment_triangle(s, {hub, ring[j], ring[(j + 1) % 3]}).hit ? 1 : 0;
        CHECK(n >= 1);
    }
    SECTION("20000 seeded fans, ends drawn until hub +- e is exact") {
        // Without the edge values' error bound, some of these would slip between the fan's triangles.
        Rng rng(0x5A3E);
        for (int i = 0; i < 20000; ++i) {
            const float range = rng.below(2) ? 4.0f : 4000.0f, scale = range / 4;
            Vec3 hub, e;
            do {
                hub = rng.vec(-range, range);
                const Vec3 flat = rng.direction();
                e = normalize_or({flat.x * 0.5f, flat.y * 0.5f, flat.z < 0 ? -1.0f : 1.0f}, {0, 0, 1}) *
                    (scale * rng.uniform(1.0f, 2.0f));
            } while (!((hub + e) - hub == e && hub - (hub - e) == e));
            const int k = 3 + rng.below(6);
            std::vector<Vec3> ring;
            for (int j = 0; j < k; ++j) {
                const float a = 2 * kPi * (j + rng.uniform(0.0f, 0.4f)) / k, r = scale * rng.uniform(0.3f, 1.0f);
                ring.push_back(hub + Vec3{r * std::cos(a), r * std::sin(a), rng.uniform(-0.1f, 0.1f) * r});
            }
            const Segment s{hub + e, hub - e};
            int n = 0;
            for (int j = 0; j < k; ++j)
                n += intersect_segment_triangle(s, {hub, ring[j], ring[(j + 1) % k]}).hit ? 1 : 0;
            INFO("case " << i);
            REQUIRE(n >= 1);
        }
    }
}

TEST_CASE("intersect_segment_triangle: a closed star-shaped mesh is never escaped from its centre") {
    // A lat-long sphere with random radii is star-shaped about its centre: every segment from the
    // centre to beyond the surface crosses it. Aimed at vertices, edge points and anywhere.
    Rng rng(0x5EA1);
    constexpr int kLat = 6, kLon = 10;
    for (int trial = 0; trial < 20; ++trial) {
        const float scale = rng.log_uniform(1e-2f, 1e3f);
        const Vec3 center = rng.vec(-scale, scale);
        std::vector<Vec3> verts;
        verts.push_back(center + Vec3{0, 0, scale * rng.uniform(0.5f, 1.5f)});  // north pole
        for (int i = 1; i < kLat; ++i)
            for (int j = 0; j < kLon; ++j) {
                const float th = kPi * i / kLat, ph = 2 * kPi * j / kLon;
                const float r = scale * rng.uniform(0.5f, 1.5f);
                verts.push_back(center +
                                Vec3{std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th)} * r);
            }
        verts.push_back(center - Vec3{0, 0, scale * rng.uniform(0.5f, 1.5f)});  // south pole
        const int south = int(verts.size()) - 1;
        auto at = [&](int i, int j) { return 1 + (i - 1) * kLon + (j % kLon); };
        std::vector<std::array<int, 3>> faces;
        for (int j = 0; j < kLon; ++j) {
            faces.push_back({0, at(1, j), at(1, j + 1)});
            faces.push_back({south, at(kLat - 1, j + 1), at(kLat - 1, j)});
            for (int i = 1; i + 1 < kLat; ++i) {
                faces.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
                faces.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
            }
        }
        for (int k = 0; k < 1000; ++k) {
            const std::array<int, 3>& f = faces[std::size_t(rng.below(int(faces.size())))];
            const int kind = rng.below(3);
            const Vec3 target =
                kind == 0 ? verts[std::size_t(f[0])]
                          : (kind == 1 ? lerp(verts[std::size_t(f[0])], verts[std::size_t(f[1])], rng.uniform(0, 1))
                                       : center + rng.direction() * scale);
            const Segment out{center, center + (target - center) *
                                                   (3.0f * 1.5f * scale / std::fmax(distance(target, center), 1e-30f))};
            const Segment in{out.end, out.start};
            int n_out = 0, n_in = 0;
            for (const auto& g : faces) {
                const Triangle t{verts[std::size_t(g[0])], verts[std::size_t(g[1])], verts[std::size_t(g[2])]};
                n_out += intersect_segment_triangle(out, t).hit ? 1 : 0;
                n_in += intersect_segment_triangle(in, t).hit ? 1 : 0;
            }
            INFO("trial " << trial << " case " << k << " kind " << kind);
            REQUIRE(n_out >= 1);
            REQUIRE(n_in >= 1);
        }
    }
}

// ---- vertex order -------------------------------------------------------------------------------

TEST_CASE("intersect_segment_triangle: every vertex order gives the same hit") {
    Rng rng(6);
    const std::array<int, 3> perms[] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    for (int i = 0; i < 5000; ++i) {
        const Triangle t = make_triangle(rng, rng.below(5) ? TriangleKind::Random : TriangleKind::Needle, 1.0f);
        const Vec3 v[3] = {t.a, t.b, t.c};
        const Vec3 target = t.a * 0.2f + t.b * 0.3f + t.c * 0.5f + rng.vec(-0.3f, 0.3f);
        const Vec3 dir = rng.direction();
        const Segment s{target + dir * 2.0f, target - dir * 2.0f};
        const TriangleCastHit ref = intersect_segment_triangle(s, t);
        const float bref[3] = {ref.barycentric.x, ref.barycentric.y, ref.barycentric.z};
        for (const auto& p : perms) {
            const TriangleCastHit h = intersect_segment_triangle(s, {v[p[0]], v[p[1]], v[p[2]]});
            INFO("case " << i);
            REQUIRE(h.hit == ref.hit);
            if (!h.hit) continue;
            REQUIRE(h.t == Approx(ref.t).margin(1e-6));
            REQUIRE(distance(h.normal, ref.normal) <= 1e-6f);
            REQUIRE(h.barycentric.x == Approx(bref[p[0]]).margin(1e-6));
            REQUIRE(h.barycentric.y == Approx(bref[p[1]]).margin(1e-6));
            REQUIRE(h.barycentric.z == Approx(bref[p[2]]).margin(1e-6));
        }
    }
}

// ---- seeded cases against a reference ---------------------------------------------------------------

TEST_CASE("intersect_segment_triangle: 10^5 seeded cases agree with a plane + barycentric reference") {
    // Reference, in double: the signed distances of the ends to the triangle's plane give the
    // crossing; in-plane distances to the three edge lines say whether it is inside. Hit/miss must
    // agree unless the crossing is within tol (16 float ulps of the largest coordinate) of an edge
    // or the ends are within tol of the plane; a segment farther than tol from the whole triangle
    // (golden-section search on the point–triangle distance) must miss, degenerate or not.
    Rng rng(0x7C457);
    int clear_hits = 0, clear_misses = 0, band = 0, degenerate = 0;
    double max_t_err = 0, max_bary_err = 0, max_rebuild_err = 0;
    for (int i = 0; i < 100000; ++i) {
        const TriangleKind kind = pick_kind(rng);
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        Triangle t = make_triangle(rng, kind, scale);
        const Vec3 offset = rng.vec(-1, 1) * (scale * rng.uniform(0.0f, 4.0f));
        t = {t.a + offset, t.b + offset, t.c + offset};
        const float size = triangle_scale(t) > 0.0f ? triangle_scale(t) : scale;
        const Vec3 unit_n = normalize_or(triangle_normal_unnormalized(t), rng.direction());
        float u = rng.uniform(0, 1), v = rng.uniform(0, 1);
        if (u + v > 1) {
            u = 1 - u;
            v = 1 - v;
        }
        const int on = rng.below(8);  // sometimes exactly on an edge or a vertex
        if (on == 0) u = 0;
        if (on == 1) v = 1 - u;
        if (on == 2) {
            u = 1;
            v = 0;
        }
        const Vec3 target = t.a + (t.b - t.a) * u + (t.c - t.a) * v;
        Segment s;
        const int mode = rng.below(10);
        if (mode < 6) {  // aimed at the triangle, one in five nearly parallel to its plane
            Vec3 dir = rng.direction();
            if (rng.below(5) == 0)
                dir = normalize_or(dir - unit_n * dot(dir, unit_n) + unit_n * rng.uniform(-1e-3f, 1e-3f), dir);
            const float len = size * rng.log_uniform(0.01f, 4.0f), before = rng.uniform(-0.2f, 1.2f);
            s = {target - dir * (len * before), target + dir * (len * (1.0f - before))};
        } else if (mode < 8) {  // anywhere near
            s = {target + rng.vec(-1.5f, 1.5f) * size, target + rng.vec(-1.5f, 1.5f) * size};
        } else if (mode == 8) {  // a point on or next to the triangle
            s.start = s.end = target + unit_n * (size * (rng.below(2) ? 0.0f : rng.uniform(-1e-3f, 1e-3f)));
        } else {  // in its plane, to within float rounding
            auto in_plane = [&] {
                return t.a + (t.b - t.a) * rng.uniform(-0.5f, 1.5f) + (t.c - t.a) * rng.uniform(-0.5f, 1.5f);
            };
            s = {in_plane(), in_plane()};
        }

        const TriangleCastHit h = intersect_segment_triangle(s, t);
        const DVec3 A = d(t.a), B = d(t.b), C = d(t.c), P = d(s.start), Q = d(s.end);
        const DVec3 n = dcross(B - A, C - A);
        const double nn = ddot(n, n);
        const double l2 = std::fmax(ddot(B - A, B - A), std::fmax(ddot(C - A, C - A), ddot(C - B, C - B)));
        const bool deg = !(nn > tol::kDegenerateSinSq * l2 * l2);
        const double thick = deg ? std::sqrt(tol::kDegenerateSinSq * l2) : 0.0;  // documented
        const double tol = 16.0 * kFloatEps * magnitude({t.a, t.b, t.c, s.start, s.end});
        INFO("case " << i << " kind " << int(kind) << " mode " << mode);

        require_cast_conventions(h);
        if (h.hit) {
            // On the triangle, barycentrics that sum to one and rebuild the point.
            REQUIRE(dist_point_triangle(d(h.point), t) <= tol + thick);
            const Vec3 b = h.barycentric;
            REQUIRE((b.x >= 0 && b.y >= 0 && b.z >= 0));
            REQUIRE(std::fabs(b.x + b.y + b.z - 1.0f) <= 1e-6f);
            const double rebuild = ddist(A * b.x + B * b.y + C * b.z, d(h.point));
            max_rebuild_err = std::fmax(max_rebuild_err, rebuild / (tol + 1e-6 * size));
            REQUIRE(rebuild <= tol + 1e-6 * size);
        }
        if (dist_segment_triangle(s, t) > tol + thick) {
            ++clear_misses;
            REQUIRE_FALSE(h.hit);
            continue;
        }
        if (deg) {
            ++degenerate;
            continue;
        }
        const DVec3 nh = n * (1.0 / std::sqrt(nn));
        const double s0 = ddot(nh, P - A), s1 = ddot(nh, Q - A);
        if (h.hit && std::fabs(s0) > tol) REQUIRE(ddist(d(h.normal), nh * (s0 > 0 ? 1.0 : -1.0)) <= 1e-6);
        bool clear_hit = false;
        double t_ref = 0, bary_ref[3] = {0, 0, 0};
        if ((s0 > tol && s1 < -tol) || (s0 < -tol && s1 > tol)) {
            t_ref = s0 / (s0 - s1);
            const DVec3 x = P + (Q - P) * t_ref, vs[3] = {A, B, C};
            double inner = 1e300;
            for (int e = 0; e < 3; ++e) {
                const DVec3 edge = vs[(e + 1) % 3] - vs[e];
                const double area = ddot(nh, dcross(edge, x - vs[e]));
                inner = std::fmin(inner, area / dlen(edge));
                bary_ref[(e + 2) % 3] = ddot(n, dcross(edge, x - vs[e])) / nn;  // edge ab weighs c
            }
            clear_hit = inner > tol;
        }
        if (!clear_hit) {
            ++band;
            continue;
        }
        ++clear_hits;
        REQUIRE(h.hit);
        // t, as the distance along the normal between our crossing and the reference's.
        const double t_err = std::fabs(h.t - t_ref) * std::fabs(s0 - s1);
        max_t_err = std::fmax(max_t_err, t_err / tol);
        REQUIRE(t_err <= tol);
        const double bary_err =
            std::fmax(std::fabs(h.barycentric.x - bary_ref[0]),
                      std::fmax(std::fabs(h.barycentric.y - bary_ref[1]), std::fabs(h.barycentric.z - bary_ref[2])));
        max_bary_err = std::fmax(max_bary_err, bary_err);
        REQUIRE(bary_err <= 1e-5);
    }
    // The band holds the aimed segments that go exactly through an edge or a vertex.
    INFO("clear hits " << clear_hits << " clear misses " << clear_misses << " band " << band << " degenerate "
                       << degenerate << " max t err/tol " << max_t_err << " bary " << max_bary_err << " rebuild/tol "
                       << max_rebuild_err);
    CHECK(clear_hits > 20000);
    CHECK(clear_misses > 30000);
    CHECK(max_t_err <= 0.25);
    CHECK(max_bary_err <= 1e-6);
}
