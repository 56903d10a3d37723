// bounding.hpp: boxes from points and shapes, rotated and transformed boxes
// (Madhav, Game Programming in C++ ch. 10), and the bounding spheres of a triangle (marupeke296.com 3D collision no.
// 20).
#include "catch_support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kInf = INFINITY;

// A float answer against a double reference: a few units of float rounding at the magnitude
// of the coordinates involved (the results are rounded once, outward, from double).
double float_tol(double magnitude) { return 8.0 * kFloatEps * std::fmax(magnitude, 1e-30); }

double dmax_abs(DVec3 v) { return std::fmax(std::fabs(v.x), std::fmax(std::fabs(v.y), std::fabs(v.z))); }
double comp(DVec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }

struct DBox {
    DVec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
    void grow(DVec3 p) {
        lo = {std::fmin(lo.x, p.x), std::fmin(lo.y, p.y), std::fmin(lo.z, p.z)};
        hi = {std::fmax(hi.x, p.x), std::fmax(hi.y, p.y), std::fmax(hi.z, p.z)};
    }
};

// v' = v + 2 w (u x v) + 2 u x (u x v) in double: three.js' applyQuaternion, as
// Vector3::Transform in Madhav, Game Programming in C++ ch. 10, written independently of the library's matrices.
DVec3 ref_rotate(Quat q, DVec3 v) {
    const DVec3 u{q.x, q.y, q.z};
    const DVec3 t = dcross(u, v) * 2.0;
    return v + t * static_cast<double>(q.w) + dcross(u, t);
}

std::array<DVec3, 8> corners(const AABB& b) {
    std::array<DVec3, 8> c;
    for (int i = 0; i < 8; ++i)
        c[static_cast<std::size_t>(i)] = {(i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y,
                                          (i & 4) ? b.max.z : b.min.z};
    return c;
}

bool contains(const AABB& box, DVec3 p, double slack = 0.0) {
    return box.min.x <= p.x + slack && p.x - slack <= box.max.x && box.min.y <= p.y + slack &&
           p.y - slack <= box.max.y && box.min.z <= p.z + slack && p.z - slack <= box.max.z;
}

// |box - ref| per bound, relative to the magnitude of the reference.
double box_error(const AABB& box, const DBox& ref) {
    double err = 0.0;
    for (int i = 0; i < 3; ++i) {
        err = std::fmax(err, std::fabs(component(box.min, i) - comp(ref.lo, i)));
        err = std::fmax(err, std::fabs(component(box.max, i) - comp(ref.hi, i)));
    }
    return err;
}

// The six axis directions (where a round shape touches its box), then random unit directions.
DVec3 axis_or_random(Rng& rng, int k) {
    if (k < 6) {
        DVec3 u{0, 0, 0};
        const double s = k % 2 ? -1.0 : 1.0;
        if (k / 2 == 0)
            u.x = s;
        else if (k / 2 == 1)
            u.y = s;
        else
            u.z = s;
        return u;
    }
    const DVec3 u = d(rng.direction());
    return u * (1.0 / dlen(u));
}

AABB random_box(Rng& rng) {
    const float scale = rng.log_uniform(1e-3f, 1e4f);
    const Vec3 c = rng.vec(-scale, scale) * (rng.below(4) == 0 ? 10.0f : 1.0f);
    Vec3 h = rng.vec(0, scale);
    if (rng.below(10) == 0) set_component(h, rng.below(3), 0.0f);  // flat boxes
    return {c - h, c + h};
}

}  // namespace

// ---- boxes from points --------------------------------------------------------------------------

TEST_CASE("aabb_empty: holds nothing, grows into the first point, and has no area") {
    const AABB e = aabb_empty();
    CHECK(aabb_is_empty(e));
    CHECK(aabb_surface_area(e) == 0.0f);
    CHECK(aabb_is_empty(aabb_from_points({})));
    const AABB g = aabb_grow(e, {1, -2, 3});
    CHECK_FALSE(aabb_is_empty(g));
    CHECK(g.min == Vec3{1, -2, 3});
    CHECK(g.max == Vec3{1, -2, 3});
    CHECK(aabb_is_empty({{0, 0, std::nanf("")}, {1, 1, 1}}));
    CHECK_FALSE(aabb_is_empty({{0, 0, 0}, {0, 0, 0}}));  // a point is a box
}

TEST_CASE("aabb_from_points and aabb_grow: the tightest box, and NaN coordinates are skipped") {
    const std::vector<Vec3> pts{{1, 2, 3}, {-1, 5, 0}, {0, 0, 7}};
    const AABB b = aabb_from_points(pts);
    CHECK(b.min == Vec3{-1, 0, 0});
    CHECK(b.max == Vec3{1, 5, 7});
    // Madhav, Game Programming in C++ ch. 10 starts from the first point; starting from the empty box gives the same
    // box.
    AABB seed{pts[0], pts[0]};
    for (std::size_t i = 1; i < pts.size(); ++i) seed = aabb_grow(seed, pts[i]);
    CHECK(seed.min == b.min);
    CHECK(seed.max == b.max);
    // A NaN coordinate does not poison the box, in either order.
    const AABB n1 = aabb_grow(aabb_grow(aabb_empty(), {std::nanf(""), 1, 1}), {2, 2, 2});
    const AABB n2 = aabb_grow(aabb_grow(aabb_empty(), {2, 2, 2}), {std::nanf(""), 1, 1});
    CHECK(n1.min == Vec3{2, 1, 1});
    CHECK(n2.min == Vec3{2, 1, 1});
    CHECK(n1.max == Vec3{2, 2, 2});
}

TEST_CASE("aabb_merge, aabb_surface_area and the centre and half extents") {
    const AABB a{{0, 0, 0}, {1, 2, 3}}, b{{-1, 1, 1}, {0.5f, 4, 2}};
    const AABB m = aabb_merge(a, b);
    CHECK(m.min == Vec3{-1, 0, 0});
    CHECK(m.max == Vec3{1, 4, 3});
    CHECK(aabb_merge(a, aabb_empty()).max == a.max);
    CHECK(aabb_merge(aabb_empty(), b).min == b.min);
    CHECK(aabb_is_empty(aabb_merge(aabb_empty(), aabb_empty())));
    CHECK(aabb_surface_area(a) == 22.0f);  // 2 (1*2 + 2*3 + 3*1)
    CHECK(aabb_surface_area({{1, 1, 1}, {1, 1, 1}}) == 0.0f);
    CHECK(aabb_center(a) == Vec3{0.5f, 1, 1.5f});
    CHECK(aabb_half_extents(a) == Vec3{0.5f, 1, 1.5f});
}

TEST_CASE("aabb_overlaps_aabb: touching counts, a gap on any one axis separates, empty and NaN boxes overlap nothing") {
    const AABB a{{0, 0, 0}, {1, 1, 1}};
    CHECK(aabb_overlaps_aabb(a, {{0.5f, 0.5f, 0.5f}, {2, 2, 2}}));
    CHECK(aabb_overlaps_aabb(a, {{1, 1, 1}, {2, 2, 2}}));                    // corner contact
    CHECK(aabb_overlaps_aabb(a, {{0.2f, 0.2f, 0.2f}, {0.3f, 0.3f, 0.3f}}));  // contained
    for (int axis = 0; axis < 3; ++axis) {
        AABB b{{0, 0, 0}, {1, 1, 1}};
        set_component(b.min, axis, 1.01f);
        set_component(b.max, axis, 2.0f);
        CHECK_FALSE(aabb_overlaps_aabb(a, b));
        CHECK_FALSE(aabb_overlaps_aabb(b, a));
    }
    CHECK_FALSE(aabb_overlaps_aabb(a, aabb_empty()));
    CHECK_FALSE(aabb_overlaps_aabb(aabb_empty(), aabb_empty()));
    CHECK_FALSE(aabb_overlaps_aabb(a, {{std::nanf(""), 0, 0}, {1, 1, 1}}));
}

// ---- rotated and transformed boxes -------------------------------------------------------------

TEST_CASE(
    "aabb_rotate: 10^5 seeded boxes equal the eight rotated corners of Madhav, Game Programming in C++ ch. 10 and "
    "contain them") {
    Rng rng(0xB0C5);
    double worst = 0.0;
    for (int i = 0; i < 100000; ++i) {
        const AABB box = random_box(rng);
        const Quat q = quat_from_axis_angle(rng.direction(), rng.uniform(-kPi, kPi));
        const AABB r = aabb_rotate(box, q);
        DBox exact;                // the corners rotated in double
        AABB seed = aabb_empty();  // the listing of Madhav, Game Programming in C++ ch. 10, in float
        for (const DVec3& c : corners(box)) {
            const DVec3 rc = ref_rotate(q, c);
            exact.grow(rc);
            seed = aabb_grow(seed, rotate(q, Vec3{float(c.x), float(c.y), float(c.z)}));
            REQUIRE(contains(r, rc));  // no slack: the result is rounded outward
        }
        const double mag = std::fmax(dmax_abs(exact.lo), dmax_abs(exact.hi));
        const double err = box_error(r, exact);
        worst = std::fmax(worst, err / mag);
        REQUIRE(err <= float_tol(mag));
        DBox seed_d;
        seed_d.grow(d(seed.min));
        seed_d.grow(d(seed.max));
        REQUIRE(box_error(r, seed_d) <= float_tol(mag));
    }
    INFO("worst error relative to the magnitude " << worst);
    CHECK(worst < 4 * kFloatEps);
}

TEST_CASE("aabb_rotate: the identity keeps the box, a quarter turn swaps extents, non-finite input is documented") {
    const AABB box{{-1, 2, -3}, {4, 5, 6}};
    const AABB same = aabb_rotate(box, Quat{});
    CHECK(same.min == box.min);
    CHECK(same.max == box.max);
    // A quarter turn about +z: (x, y) -> (-y, x).
    const AABB q = aabb_rotate(box, quat_from_axis_angle({0, 0, 1}, kPi / 2));
    CHECK(q.min.x == Approx(-5.0f));
    CHECK(q.max.x == Approx(-2.0f));
    CHECK(q.min.y == Approx(-1.0f));
    CHECK(q.max.y == Approx(4.0f));
    CHECK(q.min.z == -3.0f);
    CHECK(q.max.z == 6.0f);
    CHECK(aabb_is_empty(aabb_rotate(aabb_empty(), Quat{})));
    CHECK(aabb_is_empty(aabb_rotate(box, Quat{std::nanf(""), 0, 0, 1})));
    const AABB inf = aabb_rotate({{-kInf, 0, 0}, {0, 1, 1}}, Quat{});
    CHECK((inf.min.x == -kInf && inf.max.y == kInf));  // an unbounded box bounds to everything
}

TEST_CASE("aabb_transform: 10^5 seeded affine maps (with scale and shear) equal the transformed corners") {
    Rng rng(0x7A45);
    for (int i = 0; i < 100000; ++i) {
        const AABB box = random_box(rng);
        Mat4 m;
        if (rng.below(2)) {
            Vec3 s = rng.vec(-3, 3);
            if (rng.below(10) == 0) s.y = 0.0f;  // a flattening scale
            m = mat4_compose(rng.vec(-1e3f, 1e3f), quat_from_axis_angle(rng.direction(), rng.uniform(-kPi, kPi)), s);
        } else {  // any linear part: shear included
            for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10}) m.e[k] = rng.uniform(-2, 2);
            for (int k : {12, 13, 14}) m.e[k] = rng.uniform(-1e3f, 1e3f);
        }
        const AABB r = aabb_transform(box, m);
        DBox exact;
        double mag = 0.0;
        for (const DVec3& c : corners(box)) {
            const DVec3 t{m.e[0] * c.x + m.e[4] * c.y + m.e[8] * c.z + m.e[12],
                          m.e[1] * c.x + m.e[5] * c.y + m.e[9] * c.z + m.e[13],
                          m.e[2] * c.x + m.e[6] * c.y + m.e[10] * c.z + m.e[14]};
            exact.grow(t);
            REQUIRE(contains(r, t));
            // Rounding is relative to the terms summed, not only to the result.
            mag = std::fmax(mag, dmax_abs(c) * 6.0 + 1e3);
        }
        REQUIRE(box_error(r, exact) <= float_tol(mag));
    }
    // The projective row is ignored.
    Mat4 p;
    p.e[3] = 5.0f;
    const AABB same = aabb_transform({{0, 0, 0}, {1, 1, 1}}, p);
    CHECK(same.max == Vec3{1, 1, 1});
}

// ---- boxes of shapes ----------------------------------------------------------------------------

TEST_CASE("aabb_of_sphere, capsule, swept sphere, triangle and obb: hold sampled points of the shape, tightly") {
    Rng rng(0x5A3);
    for (int i = 0; i < 20000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 p0 = rng.vec(-scale, scale), p1 = rng.vec(-scale, scale);
        const float radius = rng.uniform(0, scale);
        const double slack = 1e-12 * (dmax_abs(d(p0)) + dmax_abs(d(p1)) + radius);  // double rounding of the samples
        const AABB sb = aabb_of_sphere({p0, radius});
        const AABB cb = aabb_of_capsule({p0, p1, radius});
        const AABB wb = aabb_of_swept_sphere(p0, p1, radius);
        for (int k = 0; k < 12; ++k) {
            const DVec3 u = axis_or_random(rng, k);
            REQUIRE(contains(sb, d(p0) + u * radius, slack));
            const DVec3 on_axis = d(p0) + (d(p1) - d(p0)) * rng.unit();
            REQUIRE(contains(cb, on_axis + u * radius, slack));
            REQUIRE(contains(wb, on_axis + u * radius, slack));
        }
        // Tight: the sphere's box is its centre +- r up to float rounding.
        REQUIRE(std::fabs(sb.max.x - (double(p0.x) + radius)) <= float_tol(std::fabs(p0.x) + radius));
        REQUIRE(std::fabs(cb.min.y - (std::fmin(p0.y, p1.y) - double(radius))) <= float_tol(scale + radius));

        const Triangle t{p0, p1, rng.vec(-scale, scale)};
        const AABB tb = aabb_of_triangle(t);
        const double bu = rng.unit(), bv = rng.unit() * (1 - bu);
        REQUIRE(contains(tb, d(t.a) * (1 - bu - bv) + d(t.b) * bu + d(t.c) * bv, slack));
        REQUIRE(tb.min == vmin(t.a, vmin(t.b, t.c)));  // exact: no arithmetic
        REQUIRE(tb.max == vmax(t.a, vmax(t.b, t.c)));

        const OBB ob{p0, quat_from_axis_angle(rng.direction(), rng.uniform(-kPi, kPi)), rng.vec(0, scale)};
        const AABB obox = aabb_of_obb(ob);
        DBox exact;
        for (int k = 0; k < 8; ++k) {
            const DVec3 local{(k & 1 ? 1.0 : -1.0) * ob.half_extents.x, (k & 2 ? 1.0 : -1.0) * ob.half_extents.y,
                              (k & 4 ? 1.0 : -1.0) * ob.half_extents.z};
            const DVec3 w = d(ob.center) + ref_rotate(ob.rotation, local);
            exact.grow(w);
            REQUIRE(contains(obox, w));
        }
        REQUIRE(box_error(obox, exact) <= float_tol(3.0 * scale));
    }
}

TEST_CASE("aabb_of_sphere and friends: zero radius is the point, NaN gives the empty box") {
    const AABB p = aabb_of_sphere({{1, 2, 3}, 0.0f});
    CHECK(p.min == Vec3{1, 2, 3});
    CHECK(p.max == Vec3{1, 2, 3});
    const AABB neg = aabb_of_sphere({{1, 2, 3}, -5.0f});  // a negative radius counts as zero
    CHECK(neg.max == Vec3{1, 2, 3});
    CHECK(aabb_is_empty(aabb_of_sphere({{1, 2, 3}, std::nanf("")})));
    CHECK(aabb_is_empty(aabb_of_capsule({{0, 0, 0}, {std::nanf(""), 0, 0}, 1.0f})));
    CHECK(aabb_is_empty(aabb_of_obb({{0, 0, 0}, Quat{0, 0, 0, std::nanf("")}, {1, 1, 1}})));
    const AABB c = aabb_of_capsule({{0, 0, 0}, {2, 0, 0}, 1.0f});
    CHECK(c.min == Vec3{-1, -1, -1});
    CHECK(c.max == Vec3{3, 1, 1});
}
