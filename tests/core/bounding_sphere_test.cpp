// bounding.hpp, second half: the minimum bounding sphere and the circumsphere of a triangle
// (marupeke296.com 3D collision no. 20).
#include "catch_support.hpp"

#include <array>
#include <cmath>

#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const std::array<int, 3> kPerms[] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};

Vec3 vertex(const Triangle& t, int i) { return i == 0 ? t.a : (i == 1 ? t.b : t.c); }
Triangle permuted(const Triangle& t, const std::array<int, 3>& p) {
    return {vertex(t, p[0]), vertex(t, p[1]), vertex(t, p[2])};
}

double max_dist(DVec3 c, const Triangle& t) {
    return std::fmax(ddist(c, d(t.a)), std::fmax(ddist(c, d(t.b)), ddist(c, d(t.c))));
}

// The circumcentre from barycentric weights a^2 (b^2 + c^2 - a^2), ... (a different formula
// from the library's cross products). `ok` is false when the weights sum to zero (collinear).
struct RefCircum {
    DVec3 center;
    bool ok = false;
};
RefCircum ref_circumcenter(const Triangle& t) {
    const DVec3 A = d(t.a), B = d(t.b), C = d(t.c);
    const double a2 = ddot(B - C, B - C), b2 = ddot(C - A, C - A), c2 = ddot(A - B, A - B);
    const double wa = a2 * (b2 + c2 - a2), wb = b2 * (c2 + a2 - b2), wc = c2 * (a2 + b2 - c2);
    const double s = wa + wb + wc;  // 16 area^2
    if (!(s > 0.0)) return {};
    return {(A * wa + B * wb + C * wc) * (1.0 / s), true};
}

// The minimum enclosing radius by brute force: the best of the four candidate centres (the
// three edge midpoints and the circumcentre). Any centre's farthest vertex is an upper bound of
// the minimum and the true centre is one of the four, so no case analysis is needed here.
double ref_min_radius(const Triangle& t) {
    double best = max_dist((d(t.a) + d(t.b)) * 0.5, t);
    best = std::fmin(best, max_dist((d(t.b) + d(t.c)) * 0.5, t));
    best = std::fmin(best, max_dist((d(t.c) + d(t.a)) * 0.5, t));
    const RefCircum rc = ref_circumcenter(t);
    if (rc.ok) best = std::fmin(best, max_dist(rc.center, t));
    return best;
}

// Float rounding of a centre and a radius at the magnitude of the triangle's coordinates.
double sphere_tol(const Triangle& t) { return 8.0 * kFloatEps * std::fmax(magnitude({t.a, t.b, t.c}), 1e-30f); }

bool contains_in_float(const Sphere& s, const Triangle& t) {
    return distance(s.center, t.a) <= s.radius && distance(s.center, t.b) <= s.radius &&
           distance(s.center, t.c) <= s.radius;
}
bool contains_in_double(const Sphere& s, const Triangle& t) { return max_dist(d(s.center), t) <= s.radius; }

}  // namespace

TEST_CASE("triangle_bounding_sphere: obtuse, right, acute and equilateral triangles by hand") {
    SECTION("obtuse at c: the sphere on ab") {
        const TriangleBoundingSphere s = triangle_bounding_sphere({{0, 0, 0}, {4, 0, 0}, {1, 1, 0}});
        CHECK(s.kind == BoundingSphereKind::RightOrObtuse);
        CHECK(s.opposite_vertex == 2);
        CHECK(s.sphere.center == Vec3{2, 0, 0});
        CHECK(s.sphere.radius == Approx(2.0f));
    }
    SECTION("right angle at a: the sphere on the hypotenuse bc") {
        const TriangleBoundingSphere s = triangle_bounding_sphere({{0, 0, 0}, {3, 0, 0}, {0, 4, 0}});
        CHECK(s.kind == BoundingSphereKind::RightOrObtuse);
        CHECK(s.opposite_vertex == 0);
        CHECK(s.sphere.center == Vec3{1.5f, 2, 0});
        CHECK(s.sphere.radius == Approx(2.5f));
    }
    SECTION("acute: the circumsphere, centre (2, 5/6) and radius 13/6") {
        const TriangleBoundingSphere s = triangle_bounding_sphere({{0, 0, 0}, {4, 0, 0}, {2, 3, 0}});
        CHECK(s.kind == BoundingSphereKind::Acute);
        CHECK(s.opposite_vertex == -1);
        CHECK(s.sphere.center.x == Approx(2.0f));
        CHECK(s.sphere.center.y == Approx(5.0f / 6.0f));
        CHECK(s.sphere.center.z == 0.0f);
        CHECK(s.sphere.radius == Approx(13.0f / 6.0f));
    }
    SECTION("equilateral, tilted: the centroid, radius side / sqrt(3)") {
        const Triangle t{{2, 0, 0}, {0, 2, 0}, {0, 0, 2}};  // side 2 sqrt(2)
        const TriangleBoundingSphere s = triangle_bounding_sphere(t);
        CHECK(s.kind == BoundingSphereKind::Acute);
        CHECK(s.sphere.center.x == Approx(2.0f / 3.0f));
        CHECK(s.sphere.center.y == Approx(2.0f / 3.0f));
        CHECK(s.sphere.center.z == Approx(2.0f / 3.0f));
        CHECK(s.sphere.radius == Approx(2.0 * std::sqrt(2.0) / std::sqrt(3.0)));
    }
}

TEST_CASE("triangle_bounding_sphere: collinear, repeated and coincident vertices are degenerate") {
    SECTION("collinear: the sphere on the longest edge, opposite the middle vertex") {
        const TriangleBoundingSphere s = triangle_bounding_sphere({{0, 0, 0}, {1, 1, 1}, {3, 3, 3}});
        CHECK(s.kind == BoundingSphereKind::Degenerate);
        CHECK(s.opposite_vertex == 1);
        CHECK(s.sphere.center == Vec3{1.5f, 1.5f, 1.5f});
        CHECK(s.sphere.radius == Approx(1.5 * std::sqrt(3.0)));
    }
    SECTION("a repeated vertex: the sphere on the two distinct ones") {
        const TriangleBoundingSphere s = triangle_bounding_sphere({{1, 2, 3}, {1, 2, 3}, {5, 2, 3}});
        CHECK(s.kind == BoundingSphereKind::Degenerate);
        CHECK((s.opposite_vertex == 0 || s.opposite_vertex == 1));
        CHECK(s.sphere.center == Vec3{3, 2, 3});
        CHECK(s.sphere.radius == 2.0f);
    }
    SECTION("all three equal: the point, radius 0") {
        const Vec3 v{-7, 0.25f, 1e4f};
        const TriangleBoundingSphere s = triangle_bounding_sphere({v, v, v});
        CHECK(s.kind == BoundingSphereKind::Degenerate);
        CHECK(s.sphere.center == v);
        CHECK(s.sphere.radius == 0.0f);
    }
    SECTION("the circumsphere does not exist and falls back to the bounding sphere") {
        const Triangle t{{0, 0, 0}, {1, 1, 1}, {3, 3, 3}};
        const TriangleCircumsphere c = triangle_circumsphere(t);
        CHECK_FALSE(c.exists);
        CHECK(c.sphere.center == triangle_bounding_sphere(t).sphere.center);
        CHECK(c.sphere.radius == triangle_bounding_sphere(t).sphere.radius);
    }
}

TEST_CASE("triangle_bounding_sphere: a height below 1e-8 of the longest edge is degenerate, above is not") {
    // tol::kDegenerateSinSq: the face of such a sliver is rounding noise, so no circumsphere.
    const Triangle sliver{{0, 0, 0}, {1, 0, 0}, {0.5f, 1e-10f, 0}};
    CHECK(triangle_bounding_sphere(sliver).kind == BoundingSphereKind::Degenerate);
    CHECK(triangle_bounding_sphere(sliver).opposite_vertex == 2);
    CHECK_FALSE(triangle_circumsphere(sliver).exists);
    const Triangle thin{{0, 0, 0}, {1, 0, 0}, {0.5f, 1e-6f, 0}};
    CHECK(triangle_bounding_sphere(thin).kind == BoundingSphereKind::RightOrObtuse);
    CHECK(triangle_bounding_sphere(thin).opposite_vertex == 2);
    const TriangleCircumsphere c = triangle_circumsphere(thin);
    CHECK(c.exists);
    CHECK(c.sphere.radius == Approx(0.125 / 1e-6).epsilon(1e-4));  // R = L^2 / (8 h) for this isosceles
}

TEST_CASE("triangle_bounding_sphere: non-finite vertices give the unbounded sphere, never a hang") {
    const Triangle tris[] = {{{std::nanf(""), 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, 0}, {INFINITY, 0, 0}, {0, 1, 0}}};
    for (const Triangle& t : tris) {
        const TriangleBoundingSphere s = triangle_bounding_sphere(t);
        CHECK(s.kind == BoundingSphereKind::Degenerate);
        CHECK(s.opposite_vertex == -1);
        CHECK(s.sphere.radius == INFINITY);
        CHECK(is_finite(s.sphere.center));
        CHECK_FALSE(triangle_circumsphere(t).exists);
    }
}

TEST_CASE(
    "triangle_bounding_sphere: defect of marupeke296.com 3D collision no. 20 — every vertex permutation gives the same "
    "sphere") {
    // The listing of marupeke296.com 3D collision no. 20 pairs its bisector vectors with shifted indices ("ご愛嬌"):
    // whichever vertex is first must not matter. The library sorts the vertices, so the bits are equal.
    Rng rng(0x001);
    for (int i = 0; i < 20000; ++i) {
        const Triangle t = make_triangle(rng, pick_kind(rng), rng.log_uniform(1e-3f, 1e4f));
        const TriangleBoundingSphere ref = triangle_bounding_sphere(t);
        const TriangleCircumsphere cref = triangle_circumsphere(t);
        for (const auto& p : kPerms) {
            const TriangleBoundingSphere s = triangle_bounding_sphere(permuted(t, p));
            REQUIRE(s.sphere.center == ref.sphere.center);
            REQUIRE(s.sphere.radius == ref.sphere.radius);
            REQUIRE(s.kind == ref.kind);
            // The same vertex is named, under its new index (any of the tied ones for ties).
            if (s.opposite_vertex >= 0) {
                const Vec3 named = vertex(t, p[static_cast<std::size_t>(s.opposite_vertex)]);
                REQUIRE(named == vertex(t, ref.opposite_vertex));
            }
            const TriangleCircumsphere c = triangle_circumsphere(permuted(t, p));
            REQUIRE(c.exists == cref.exists);
            REQUIRE(c.sphere.center == cref.sphere.center);
        }
    }
}

TEST_CASE(
    "triangle_bounding_sphere: vertices differing only in the sign of a zero give the same bits in every order "
    "(regression, found by fuzzing)") {
    // -0 == +0 in the lexicographic sort, so the caller's order decided which came first and the
    // centre's x was -0 or +0 with it.
    const Triangle t{{-0.0f, 10.0f, -0.0f}, {-0.0f, -0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}};
    const TriangleBoundingSphere ref = triangle_bounding_sphere(t);
    for (const auto& p : kPerms) {
        const TriangleBoundingSphere s = triangle_bounding_sphere(permuted(t, p));
        REQUIRE(std::signbit(s.sphere.center.x) == std::signbit(ref.sphere.center.x));
        REQUIRE(std::signbit(s.sphere.center.z) == std::signbit(ref.sphere.center.z));
        REQUIRE(s.sphere.center == ref.sphere.center);
        REQUIRE(s.sphere.radius == ref.sphere.radius);
    }
}

TEST_CASE(
    "triangle_circumsphere: defect of marupeke296.com 3D collision no. 20 — the centre is on all three bisectors, not "
    "only one") {
    // marupeke296.com 3D collision no. 20 computes the second line's parameter t and never uses it; the centre comes
    // from one bisector alone. Ours must be equidistant from all three vertices, in their plane.
    const Triangle t{{0, 0, 0}, {4, 0, 1}, {1, 3, -2}};
    const TriangleCircumsphere c = triangle_circumsphere(t);
    REQUIRE(c.exists);
    const double da = ddist(d(c.sphere.center), d(t.a)), db = ddist(d(c.sphere.center), d(t.b)),
                 dc = ddist(d(c.sphere.center), d(t.c));
    CHECK(std::fabs(da - db) < 1e-6 * da);
    CHECK(std::fabs(db - dc) < 1e-6 * da);
    const DVec3 n = dcross(d(t.b) - d(t.a), d(t.c) - d(t.a));
    CHECK(std::fabs(ddot(d(c.sphere.center) - d(t.a), n)) < 1e-6 * dlen(n) * da);
}

TEST_CASE("triangle_bounding_sphere: 10^5 seeded triangles get the brute-force minimum sphere, holding every vertex") {
    Rng rng(0xB5);
    double worst = 0.0;
    int kinds[3] = {0, 0, 0};
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        Triangle t = make_triangle(rng, pick_kind(rng), scale);
        const int extra = rng.below(20);
        if (extra == 0) {  // an exact right angle at a: legs along x and in the yz plane
            t.b = {t.a.x + rng.uniform(0, scale), t.a.y, t.a.z};
            t.c = {t.a.x, t.a.y + rng.uniform(-scale, scale), t.a.z + rng.uniform(-scale, scale)};
        }
        if (extra == 1) {  // tiny (1e-3) and far from the origin (1e4), where the float grid is coarse
            const Vec3 o = rng.vec(-1e4f, 1e4f);
            t = {o + rng.vec(-1e-3f, 1e-3f), o + rng.vec(-1e-3f, 1e-3f), o + rng.vec(-1e-3f, 1e-3f)};
        }
        const TriangleBoundingSphere s = triangle_bounding_sphere(t);
        kinds[static_cast<int>(s.kind)]++;
        const double tol = sphere_tol(t);
        // Holds every vertex, as a caller checks it in float, and exactly.
        REQUIRE(contains_in_float(s.sphere, t));
        REQUIRE(contains_in_double(s.sphere, t));
        // The minimum.
        const double ref = ref_min_radius(t);
        worst = std::fmax(worst, std::fabs(s.sphere.radius - ref) / std::fmax(tol / 8.0, 1e-300));
        REQUIRE(std::fabs(s.sphere.radius - ref) <= tol);
        // Never larger than the circumsphere, nor than the longest-edge sphere that holds all.
        const RefCircum rc = ref_circumcenter(t);
        if (rc.ok) REQUIRE(s.sphere.radius <= max_dist(rc.center, t) + tol);
        const DVec3 mids[3] = {(d(t.b) + d(t.c)) * 0.5, (d(t.c) + d(t.a)) * 0.5, (d(t.a) + d(t.b)) * 0.5};
        const double half[3] = {ddist(d(t.b), d(t.c)) / 2, ddist(d(t.c), d(t.a)) / 2, ddist(d(t.a), d(t.b)) / 2};
        for (int e = 0; e < 3; ++e)
            if (max_dist(mids[e], t) <= half[e]) REQUIRE(s.sphere.radius <= half[e] + tol);
        // Degenerate exactly when the height is below 1e-8 of the longest edge (clear of the
        // threshold by a factor 10 either way, where the double reference is exact enough).
        const double longest = 2.0 * std::fmax(half[0], std::fmax(half[1], half[2]));
        const double rel_height = dlen(dcross(d(t.b) - d(t.a), d(t.c) - d(t.a))) / (longest * longest);
        if (rel_height < 1e-9) REQUIRE(s.kind == BoundingSphereKind::Degenerate);
        if (rel_height > 1e-7) REQUIRE(s.kind != BoundingSphereKind::Degenerate);
        // The named vertex is opposite the diameter edge.
        if (s.kind != BoundingSphereKind::Acute) {
            REQUIRE(s.opposite_vertex >= 0);
            REQUIRE(ddist(d(s.sphere.center), mids[s.opposite_vertex]) <= tol);
        }
    }
    INFO("worst |radius - reference| in units of float rounding of the coordinates " << worst);
    CHECK(worst <= 8.0);
    // The mix really exercised every case.
    CHECK(kinds[0] > 1000);
    CHECK(kinds[1] > 1000);
    CHECK(kinds[2] > 1000);
}

TEST_CASE("triangle_circumsphere: 10^5 seeded triangles — equidistant, in the plane, exists unless degenerate") {
    Rng rng(0xC1);
    for (int i = 0; i < 100000; ++i) {
        const Triangle t = make_triangle(rng, pick_kind(rng), rng.log_uniform(1e-3f, 1e4f));
        const TriangleCircumsphere c = triangle_circumsphere(t);
        const TriangleBoundingSphere b = triangle_bounding_sphere(t);
        REQUIRE(c.exists == (b.kind != BoundingSphereKind::Degenerate));
        if (!c.exists) {
            REQUIRE(c.sphere.center == b.sphere.center);
            continue;
        }
        const DVec3 o = d(c.sphere.center);
        const double da = ddist(o, d(t.a)), db = ddist(o, d(t.b)), dc = ddist(o, d(t.c));
        // The centre is rounded to float: each distance moves by up to that rounding.
        const double tol = 8.0 * kFloatEps * std::fmax(magnitude({t.a, t.b, t.c, c.sphere.center}), 1e-30f);
        REQUIRE(std::fabs(da - db) <= tol);
        REQUIRE(std::fabs(db - dc) <= tol);
        REQUIRE(c.sphere.radius >= std::fmax(da, std::fmax(db, dc)));
        REQUIRE(c.sphere.radius <= std::fmax(da, std::fmax(db, dc)) + tol);
        const DVec3 n = dcross(d(t.b) - d(t.a), d(t.c) - d(t.a));
        REQUIRE(std::fabs(ddot(o - d(t.a), n)) / dlen(n) <= tol);
        // The acute case of the bounding sphere is this very sphere.
        if (b.kind == BoundingSphereKind::Acute) REQUIRE(b.sphere.center == c.sphere.center);
    }
}
