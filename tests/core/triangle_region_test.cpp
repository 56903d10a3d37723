// triangle_capsule and triangle_sphere decide the Voronoi region of a triangle that is not zero-area
// from detail::voronoi_region over detail::region_products (overlap_triangle.cpp, closest_on),
// without closest_point_on_triangle: the region must be closest_point_on_triangle's, bit for bit the
// same decision, over seeded triangles of every kind (thin, needle-like, huge, nearly degenerate
// but above the zero-area test) and points near their vertices, edges and face.
#include "catch_support.hpp"

#include <cmath>

#include "dvec.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/tolerance.hpp"
#include "test_support.hpp"
#include "triangle_region.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// The zero-area test of closest_point_on_triangle and of triangle_capsule's dtriangle.
bool zero_area(const Triangle& t) {
    const detail::DVec3 a = detail::dv(t.a), b = detail::dv(t.b), c = detail::dv(t.c);
    const detail::DVec3 n = detail::cross(b - a, c - a);
    const double l2 =
        std::fmax(detail::length_sq(b - a), std::fmax(detail::length_sq(c - a), detail::length_sq(c - b)));
    return !(detail::length_sq(n) > tol::kDegenerateSinSq * l2 * l2);
}

}  // namespace

TEST_CASE("triangle region: voronoi_region of region_products is closest_point_on_triangle's region") {
    Rng rng(1511);
    int cases = 0, edges = 0, vertices = 0, faces = 0;
    for (int k = 0; k < 200000; ++k) {
        const float scale = rng.below(4) == 0 ? rng.log_uniform(1e-3f, 1e4f) : 1.0f;
        const Triangle tri = make_triangle(rng, pick_kind(rng), scale);
        if (zero_area(tri)) continue;  // closest_on asks closest_point_on_triangle for those
        // A point of the triangle, an edge or a vertex, moved off it by a random amount (often a
        // few ulps: on the boundaries between regions).
        const Vec3 target = pick_target(rng, tri);
        const float off = rng.below(3) == 0 ? rng.uniform(-1e-6f, 1e-6f) * scale : rng.uniform(-1.0f, 1.0f) * scale;
        const Vec3 p = rng.below(8) == 0 ? target : target + rng.direction() * off;
        const TriangleRegion want = closest_point_on_triangle(p, tri).region;
        const TriangleRegion got = detail::voronoi_region(
            detail::region_products(detail::dv(tri.a), detail::dv(tri.b), detail::dv(tri.c), detail::dv(p)));
        INFO("case " << k);
        REQUIRE(got == want);
        ++cases;
        faces += want == TriangleRegion::Face ? 1 : 0;
        vertices += (want == TriangleRegion::A || want == TriangleRegion::B || want == TriangleRegion::C) ? 1 : 0;
        edges += (want == TriangleRegion::AB || want == TriangleRegion::BC || want == TriangleRegion::CA) ? 1 : 0;
    }
    REQUIRE(cases > 150000);
    CHECK(faces > 10000);
    CHECK(edges > 10000);
    CHECK(vertices > 10000);
}

TEST_CASE("triangle_capsule and triangle_sphere: every region of a thin triangle, and zero-area ones") {
    // A capsule's ends and a sphere's centre over each region of a needle: the contact's point is
    // the region's feature (its vertex, its edge's line, the plane), independently computed.
    const Triangle needle{{0.0f, 0.0f, 0.0f}, {4.0f, 0.0f, 0.0f}, {2.0f, 1e-3f, 0.0f}};
    const Vec3 up{0.0f, 0.0f, 1.0f};
    struct Probe {
        Vec3 p;
        Vec3 expect;  // the closest point of the triangle
    };
    const Probe probes[] = {
        {{-0.2f, -0.1f, 0.1f}, {0.0f, 0.0f, 0.0f}},  // A
        {{4.2f, -0.1f, 0.1f}, {4.0f, 0.0f, 0.0f}},   // B
        {{2.0f, 0.2f, 0.1f}, {2.0f, 1e-3f, 0.0f}},   // C
        {{1.0f, -0.2f, 0.1f}, {1.0f, 0.0f, 0.0f}},   // AB
        {{2.0f, 5e-4f, 0.1f}, {2.0f, 5e-4f, 0.0f}},  // face
    };
    for (const Probe& pr : probes) {
        const Contact s = triangle_sphere(needle, {pr.p, 0.3f});
        INFO("probe " << pr.p.x << " " << pr.p.y << " " << pr.p.z);
        REQUIRE(s.hit);
        REQUIRE(std::fabs(s.point.x - pr.expect.x) < 1e-5f);
        REQUIRE(std::fabs(s.point.y - pr.expect.y) < 1e-5f);
        REQUIRE(std::fabs(s.point.z - pr.expect.z) < 1e-5f);
        const double dist = ddist(d(pr.p), d(pr.expect));
        REQUIRE(std::fabs(s.depth - static_cast<float>(0.3 - dist)) < 1e-5f);
        // The capsule standing on the probe point, reaching away from the triangle: its lower end
        // is the nearest point.
        const Contact c = triangle_capsule(needle, {pr.p, pr.p + up, 0.3f});
        REQUIRE(c.hit);
        REQUIRE(std::fabs(c.depth - s.depth) < 1e-5f);
    }
    // Zero-area triangles (a segment, a point) still meet a sphere at their nearest point.
    const Triangle segment{{0.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}};
    const Contact s = triangle_sphere(segment, {{1.5f, 0.2f, 0.0f}, 0.3f});
    REQUIRE(s.hit);
    REQUIRE(std::fabs(s.depth - 0.1f) < 1e-6f);
    const Triangle point{{1.0f, 1.0f, 1.0f}, {1.0f, 1.0f, 1.0f}, {1.0f, 1.0f, 1.0f}};
    REQUIRE(triangle_sphere(point, {{1.0f, 1.2f, 1.0f}, 0.3f}).hit);
    REQUIRE_FALSE(triangle_sphere(point, {{1.0f, 1.4f, 1.0f}, 0.3f}).hit);
}
