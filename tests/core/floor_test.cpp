// floor.hpp: the height of a floor triangle under a point seen from above
// (marupeke296.com 3D collision no. 8).
#include "catch_support.hpp"

#include <cmath>

#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// A ramp rising along +x: y = x / 2 over the right triangle (0,0)-(10,0)-(0,10) of the XZ plane.
// (b - a) x (c - a) points down for this order, so the flip of
// marupeke296.com 3D collision no. 8 is needed.
const Triangle kRamp{{0, 0, 0}, {10, 5, 0}, {0, 0, 10}};
const Triangle kRampOtherWinding{kRamp.a, kRamp.c, kRamp.b};

bool is_miss(const FloorHeight& f) { return !f.hit && f.height == 0.0f && f.normal == Vec3{0, 0, 0}; }

// Where (x, z) falls in the projection, by Cramer's rule on P - A = u (B - A) + v (C - A) — a
// different formula from the library's edge signs. `rel_height` is the projection's height
// over its longest edge (how far from vertical the triangle is).
struct RefFloor {
    double u = 0, v = 0, height = 0, rel_height = 0;
    double edge_margin() const { return std::fmin(u, std::fmin(v, 1.0 - u - v)); }
};
RefFloor ref_floor(const Triangle& t, double x, double z) {
    const double ex = double(t.b.x) - t.a.x, ez = double(t.b.z) - t.a.z;
    const double fx = double(t.c.x) - t.a.x, fz = double(t.c.z) - t.a.z;
    const double px = x - t.a.x, pz = z - t.a.z;
    const double det = ex * fz - ez * fx;
    RefFloor r;
    const double gx = fx - ex, gz = fz - ez;
    const double l2 = std::fmax(ex * ex + ez * ez, std::fmax(fx * fx + fz * fz, gx * gx + gz * gz));
    r.rel_height = l2 > 0 ? std::fabs(det) / l2 : 0.0;
    if (det == 0.0) return r;
    r.u = (px * fz - pz * fx) / det;
    r.v = (ex * pz - ez * px) / det;
    r.height = t.a.y + r.u * (double(t.b.y) - t.a.y) + r.v * (double(t.c.y) - t.a.y);
    return r;
}

// Float rounding of the height at the magnitude of the vertex heights, plus the conditioning of
// a steep triangle: u and v carry an error ~1e-16 / rel_height, times the height range.
double height_tol(const Triangle& t, const RefFloor& r) {
    const double ymag = std::fmax(std::fabs(t.a.y), std::fmax(std::fabs(t.b.y), std::fabs(t.c.y)));
    const double range = std::fmax(t.a.y, std::fmax(t.b.y, t.c.y)) - std::fmin(t.a.y, std::fmin(t.b.y, t.c.y));
    return 4.0 * kFloatEps * ymag + 1e-14 * range / r.rel_height;
}

}  // namespace

TEST_CASE(
    "floor_height: the sloped triangle of marupeke296.com 3D collision no. 8, either winding, with the normal turned "
    "up") {
    for (const Triangle& t : {kRamp, kRampOtherWinding}) {
        for (auto method : {floor_height, floor_height_by_area}) {
            const FloorHeight f = method(t, 2, 3);
            CHECK(f.hit);
            CHECK(f.height == Approx(1.0f));
            // (-1, 2, 0) / sqrt(5): up, and tilted back against the slope.
            CHECK(f.normal.x == Approx(-1.0 / std::sqrt(5.0)));
            CHECK(f.normal.y == Approx(2.0 / std::sqrt(5.0)));
            CHECK(f.normal.z == 0.0f);
        }
    }
    // A flat floor: the same height everywhere inside.
    const FloorHeight flat = floor_height({{-1, 3, -1}, {5, 3, 0}, {0, 3, 5}}, 1, 1);
    CHECK(flat.hit);
    CHECK(flat.height == 3.0f);
    CHECK(flat.normal == Vec3{0, 1, 0});
}

TEST_CASE(
    "floor_height: defect of marupeke296.com 3D collision no. 8 — a vertical wall is a miss, not a division by N.y = "
    "0") {
    const Triangle walls[] = {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},    // the XY plane
                              {{0, 0, 0}, {1, 2, 1}, {2, 0, 2}},    // a diagonal wall
                              {{3, 0, 3}, {3, 5, 3}, {3, -1, 3}}};  // every vertex above one point
    for (const Triangle& w : walls) {
        for (auto method : {floor_height, floor_height_by_area}) {
            CHECK(is_miss(method(w, 0.5f, 0.0f)));
            CHECK(is_miss(method(w, 0.0f, 0.0f)));  // even exactly under an edge or a vertex
            CHECK(is_miss(method(w, 3.0f, 3.0f)));
        }
    }
}

TEST_CASE(
    "floor_height: defect of marupeke296.com 3D collision no. 8 — a point outside the projection is rejected before "
    "interpolating") {
    // Interpolating first would give the plane's height out there (e.g. 6 at x = 12).
    const float outside[][2] = {{12, 1}, {-0.001f, 5}, {5, -0.001f}, {5.001f, 5}, {20, 20}, {-3, -3}};
    for (const auto& p : outside) {
        INFO("x " << p[0] << " z " << p[1]);
        CHECK(is_miss(floor_height(kRamp, p[0], p[1])));
        CHECK(is_miss(floor_height_by_area(kRampOtherWinding, p[0], p[1])));
    }
}

TEST_CASE("floor_height: points on the edges and vertices are inside") {
    // Vertex, mid-edge on each of the three edges (the hypotenuse included), exact in float.
    const float on[][3] = {{0, 0, 0}, {10, 0, 5},   {0, 10, 0},         {5, 0, 2.5f},
                           {0, 5, 0}, {5, 5, 2.5f}, {2.5f, 7.5f, 1.25f}};
    for (const auto& p : on) {
        for (const Triangle& t : {kRamp, kRampOtherWinding}) {
            const FloorHeight a = floor_height(t, p[0], p[1]), b = floor_height_by_area(t, p[0], p[1]);
            CHECK(a.hit);
            CHECK(b.hit);
            CHECK(a.height == Approx(p[2]).margin(1e-6));
            CHECK(b.height == Approx(p[2]).margin(1e-6));
        }
    }
}

TEST_CASE("floor_height: seeded points exactly on the edges of integer triangles are inside") {
    // Integer vertices and fractions k/8: every coordinate of the edge point is exact in float.
    Rng rng(0xED6E);
    for (int i = 0; i < 20000; ++i) {
        Triangle t;
        auto coord = [&] { return float(rng.below(201) - 100); };
        for (Vec3* v : {&t.a, &t.b, &t.c}) *v = {coord(), coord(), coord()};
        const RefFloor shape = ref_floor(t, 0, 0);
        if (shape.rel_height == 0.0) continue;  // vertical (both methods must miss: tested above)
        const Vec3 ends[4] = {t.a, t.b, t.c, t.a};
        const Vec3 p0 = ends[i % 3], p1 = ends[i % 3 + 1];
        const float k = float(rng.below(9)) / 8.0f;
        const float x = p0.x + (p1.x - p0.x) * k, z = p0.z + (p1.z - p0.z) * k;
        const RefFloor r = ref_floor(t, x, z);
        for (auto method : {floor_height, floor_height_by_area}) {
            const FloorHeight f = method(t, x, z);
            INFO("case " << i << " k " << k);
            REQUIRE(f.hit);
            REQUIRE(std::fabs(f.height - r.height) <= height_tol(t, r));
        }
    }
}

TEST_CASE("floor_height: 10^5 seeded cases — both methods match a double plane and an independent inside test") {
    Rng rng(0xF100);
    int hits = 0, misses = 0, banded = 0;
    double worst = 0.0;
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 offset = rng.below(4) == 0 ? rng.vec(-1e4f, 1e4f) : Vec3{0, 0, 0};
        Triangle t{offset + rng.vec(-scale, scale), offset + rng.vec(-scale, scale), offset + rng.vec(-scale, scale)};
        const int kind = rng.below(10);
        if (kind == 0) {  // a steep sliver: c seen from above near the middle of ab, 1e-9..1e-2 away
            const float gap = rng.log_uniform(1e-9f, 1e-2f) * scale;
            t.c.x = t.a.x + (t.b.x - t.a.x) * 0.5f + rng.uniform(-gap, gap);
            t.c.z = t.a.z + (t.b.z - t.a.z) * 0.5f + rng.uniform(-gap, gap);
        }
        if (kind == 1) t = {t.a, t.b, {t.a.x, t.c.y, t.a.z}};  // vertical
        float x, z;
        if (rng.below(10) < 7) {  // inside, by barycentric weights rounded to float
            const double u = rng.unit(), v = rng.unit() * (1.0 - u);
            x = float(t.a.x + u * (double(t.b.x) - t.a.x) + v * (double(t.c.x) - t.a.x));
            z = float(t.a.z + u * (double(t.b.z) - t.a.z) + v * (double(t.c.z) - t.a.z));
        } else {
            x = offset.x + rng.uniform(-1.5f * scale, 1.5f * scale);
            z = offset.z + rng.uniform(-1.5f * scale, 1.5f * scale);
        }
        const FloorHeight fn = floor_height(t, x, z), fa = floor_height_by_area(t, x, z);
        // The same decision and normal from both methods.
        REQUIRE(fn.hit == fa.hit);
        REQUIRE(fn.normal == fa.normal);
        const RefFloor r = ref_floor(t, x, z);
        // The library calls a projection vertical below rel_height 1e-8 (tol::kDegenerateSinSq);
        // the reference is only trusted clear of that threshold and of the edges (1e-6 in
        // barycentric units, far above the reference's own rounding of ~1e-16 / rel_height).
        if (r.rel_height < 1e-9) {
            REQUIRE_FALSE(fn.hit);
            continue;
        }
        if (r.rel_height < 1e-7 || std::fabs(r.edge_margin()) < 1e-6) {
            ++banded;
            continue;
        }
        const bool inside = r.edge_margin() > 0.0;
        INFO("case " << i << " x " << x << " z " << z);
        REQUIRE(fn.hit == inside);
        if (!inside) {
            REQUIRE(is_miss(fn));
            ++misses;
            continue;
        }
        ++hits;
        const double tol = height_tol(t, r);
        const double e1 = std::fabs(fn.height - r.height), e2 = std::fabs(fa.height - r.height);
        worst = std::fmax(worst, std::fmax(e1, e2) / tol);
        REQUIRE(e1 <= tol);
        REQUIRE(e2 <= tol);
        REQUIRE(std::fabs(fn.height - fa.height) <= tol);
        // The normal: unit, up, and perpendicular to the triangle's edges.
        const DVec3 n = d(fn.normal);
        REQUIRE(std::fabs(dlen(n) - 1.0) <= 4 * kFloatEps);
        REQUIRE(n.y > 0.0);
        const DVec3 e[2] = {d(t.b) - d(t.a), d(t.c) - d(t.a)};
        for (const DVec3& edge : e) REQUIRE(std::fabs(ddot(n, edge)) <= 4 * kFloatEps * dlen(edge));
    }
    INFO("hits " << hits << " misses " << misses << " banded " << banded << " worst error / tolerance " << worst);
    CHECK(hits > 50000);
    CHECK(misses > 10000);
    CHECK(banded < 5000);  // mostly the slivers drawn within the 1e-9..1e-7 threshold band (~3%)
}

TEST_CASE("floor_height: over steep slivers the height stays within the vertex heights, and is exact at a vertex") {
    // Inside the projection the exact height is a weighted mean of the vertex heights. Steep
    // slivers amplify rounding (the plane method divides by a small N.y): at a vertex or on an
    // edge the unclamped formula can step an ulp outside, which the library must not.
    Rng rng(0x57EE9);
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        Triangle t{rng.vec(-scale, scale), rng.vec(-scale, scale), rng.vec(-scale, scale)};
        const float gap = rng.log_uniform(1e-7f, 1e-2f) * scale;
        t.c.x = t.a.x + (t.b.x - t.a.x) * 0.5f + rng.uniform(-gap, gap);
        t.c.z = t.a.z + (t.b.z - t.a.z) * 0.5f + rng.uniform(-gap, gap);
        const bool at_vertex = rng.below(2) == 0;
        const double u = at_vertex ? 1.0 : rng.unit();
        const float x = at_vertex ? t.b.x : float(t.a.x + u * (double(t.b.x) - t.a.x));
        const float z = at_vertex ? t.b.z : float(t.a.z + u * (double(t.b.z) - t.a.z));
        const float lo = std::fmin(t.a.y, std::fmin(t.b.y, t.c.y)), hi = std::fmax(t.a.y, std::fmax(t.b.y, t.c.y));
        for (auto method : {floor_height, floor_height_by_area}) {
            const FloorHeight f = method(t, x, z);
            if (!f.hit) continue;  // a point rounded off the edge, or a projection called vertical
            REQUIRE(f.height >= lo);
            REQUIRE(f.height <= hi);
        }
        // The area method's weights at a vertex are exactly (0, 1, 0).
        if (at_vertex) {
            const FloorHeight f = floor_height_by_area(t, x, z);
            if (f.hit) REQUIRE(f.height == t.b.y);
        }
    }
}

TEST_CASE("floor_height: NaN or infinite input is a miss") {
    const float nan = std::nanf(""), inf = INFINITY;
    for (auto method : {floor_height, floor_height_by_area}) {
        CHECK(is_miss(method(kRamp, nan, 1)));
        CHECK(is_miss(method(kRamp, 1, nan)));
        CHECK(is_miss(method(kRamp, inf, 1)));
        CHECK(is_miss(method({{nan, 0, 0}, {10, 5, 0}, {0, 0, 10}}, 1, 1)));
        CHECK(is_miss(method({{0, inf, 0}, {10, 5, 0}, {0, 0, 10}}, 1, 1)));
    }
}

namespace {

// An exact reference for the edge signs, by a different method from the library's (which sums
// float products as a floating-point expansion): every float is an integer multiple of 2^-149,
// so with coordinates below 2^10 the scaled coordinates are integers below 2^159 and the cross
// product of their differences an integer below 2^321, computed here in 384-bit two's complement.
struct Wide {
    static constexpr int kLimbs = 12;
    std::uint32_t limb[kLimbs] = {};

    static Wide of(float f) {
        Wide w;
        if (f == 0.0f) return w;
        int e = 0;
        const double m = std::frexp(std::fabs(static_cast<double>(f)), &e);  // |f| = m 2^e, m in [0.5, 1)
        std::uint64_t mant = static_cast<std::uint64_t>(std::ldexp(m, 24));  // |f| = mant 2^(e - 24)
        int shift = e - 24 + 149;                                            // |f| 2^149 = mant 2^shift
        if (shift < 0) mant >>= -shift, shift = 0;  // a denormal: the bits shifted out are zero
        for (int bit = 0; bit < 64; ++bit)
            if ((mant >> bit) & 1u) w.limb[(bit + shift) / 32] |= 1u << ((bit + shift) % 32);
        return f < 0.0f ? -w : w;
    }
    Wide operator-() const {
        Wide r;
        std::uint64_t carry = 1;
        for (int i = 0; i < kLimbs; ++i) {
            const std::uint64_t v = static_cast<std::uint64_t>(~limb[i]) + carry;
            r.limb[i] = static_cast<std::uint32_t>(v);
            carry = v >> 32;
        }
        return r;
    }
    Wide operator+(const Wide& o) const {
        Wide r;
        std::uint64_t carry = 0;
        for (int i = 0; i < kLimbs; ++i) {
            const std::uint64_t v = static_cast<std::uint64_t>(limb[i]) + o.limb[i] + carry;
            r.limb[i] = static_cast<std::uint32_t>(v);
            carry = v >> 32;
        }
        return r;
    }
    Wide operator-(const Wide& o) const { return *this + -o; }
    bool negative() const { return (limb[kLimbs - 1] >> 31) != 0; }
    int sign() const {
        if (negative()) return -1;
        for (const std::uint32_t l : limb)
            if (l != 0) return 1;
        return 0;
    }
    Wide operator*(const Wide& o) const {
        const Wide a = negative() ? -*this : *this, b = o.negative() ? -o : o;
        Wide r;
        for (int i = 0; i < kLimbs; ++i) {
            std::uint64_t carry = 0;
            for (int j = 0; i + j < kLimbs; ++j) {
                const std::uint64_t v = static_cast<std::uint64_t>(a.limb[i]) * b.limb[j] + r.limb[i + j] + carry;
                r.limb[i + j] = static_cast<std::uint32_t>(v);
                carry = v >> 32;
            }
        }
        return negative() != o.negative() ? -r : r;
    }
};

// The exact sign of cross(v - u, p - u) in the XZ plane.
int exact_edge_sign(float ux, float uz, float vx, float vz, float px, float pz) {
    const Wide u_x = Wide::of(ux), u_z = Wide::of(uz);
    return ((Wide::of(vx) - u_x) * (Wide::of(pz) - u_z) - (Wide::of(vz) - u_z) * (Wide::of(px) - u_x)).sign();
}

// (x, z) in the closed projection of t, exactly.
bool exactly_inside(const Triangle& t, float x, float z) {
    const int s0 = exact_edge_sign(t.b.x, t.b.z, t.c.x, t.c.z, x, z);
    const int s1 = exact_edge_sign(t.c.x, t.c.z, t.a.x, t.a.z, x, z);
    const int s2 = exact_edge_sign(t.a.x, t.a.z, t.b.x, t.b.z, x, z);
    return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

// The edge signs as plain double arithmetic gives them (differences and products rounded).
bool inside_by_double(const Triangle& t, double x, double z) {
    auto edge = [&](Vec3 u, Vec3 v) { return (double(v.x) - u.x) * (z - u.z) - (double(v.z) - u.z) * (x - u.x); };
    const double s0 = edge(t.b, t.c), s1 = edge(t.c, t.a), s2 = edge(t.a, t.b);
    return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

}  // namespace

TEST_CASE("floor_height: a point outside the triangle by less than double rounding is a miss") {
    // Found by the world fuzz target: from (0, 0) the vertex b = (2^-101, 0) of this triangle's
    // projection lies 2^-101 away along its edge bc (z = 0), so (0, 0) is outside (left of the
    // box), but 1 - 2^-101 rounds to 1 in double, and the edge ab then reads as passing through
    // the point.
    const Triangle sliver{{1, 1, 0x1p-9f}, {0x1p-101f, 1, 0}, {1, 1, 0}};
    // Found by the same target: (-0, 3.8e-39) is above the vertex (0, 0) of a projection that
    // ends at z = 0; z - c.z rounds to -c.z in double.
    const Triangle corner{{-0.0f, -0.0f, -0.0f}, {-0.0f, -8.125f, -8.125f}, {-8.125f, -8.125f, -8.125f}};
    const float corner_z = 0x1.480178p-128f;
    for (auto method : {floor_height, floor_height_by_area}) {
        CHECK(is_miss(method(sliver, 0.0f, 0.0f)));
        CHECK(is_miss(method(corner, -0.0f, corner_z)));
        // The vertices themselves are on the boundary.
        CHECK(method(sliver, 0x1p-101f, 0.0f).hit);
        CHECK(method(corner, 0.0f, 0.0f).hit);
    }
    CHECK_FALSE(exactly_inside(sliver, 0.0f, 0.0f));
    CHECK_FALSE(exactly_inside(corner, -0.0f, corner_z));
}

TEST_CASE("floor_height: at mixed scales (denormals beside metres) the inside test is exact") {
    // Coordinates drawn from zero, denormals, tiny and moderate scales, and points on, next to and
    // beyond the vertices and edges, where double differences and products round. The reference
    // is the exact integer sign above; only projections clear of the vertical threshold (1e-8)
    // are compared, the others must miss.
    Rng rng(0x3D1CE);
    auto coord = [&]() -> float {
        const float sign = rng.below(2) == 0 ? 1.0f : -1.0f;
        switch (rng.below(6)) {
            case 0: return 0.0f;
            case 1: return sign * static_cast<float>(std::ldexp(double(1 + rng.below(1 << 20)), -149));  // denormal
            case 2: return sign * rng.log_uniform(1e-38f, 1e-20f);
            case 3: return sign * rng.log_uniform(1e-8f, 1e-2f);
            default: return sign * rng.log_uniform(0.1f, 500.0f);
        }
    };
    int hits = 0, misses = 0, double_wrong = 0, degenerate = 0;
    for (int i = 0; i < 200000; ++i) {
        Triangle t{{coord(), coord(), coord()}, {coord(), coord(), coord()}, {coord(), coord(), coord()}};
        if (rng.below(3) == 0) t.b.z = t.a.z;  // an axis-aligned edge, like the fuzz finding's
        if (rng.below(3) == 0) t.c.x = t.b.x;
        const Vec3 v[3] = {t.a, t.b, t.c};
        const Vec3 p0 = v[rng.below(3)], p1 = v[rng.below(3)];
        float x = p0.x, z = p0.z;
        switch (rng.below(5)) {
            case 0: break;                         // a vertex
            case 1: x = p0.x, z = p1.z; break;     // a box corner or an axis-aligned edge's end
            case 2: x = coord(), z = p0.z; break;  // along a vertex's z
            case 3: x = p0.x, z = coord(); break;  // along a vertex's x
            default: x = coord(), z = coord(); break;
        }
        if (rng.below(2) == 0) x = std::nextafter(x, rng.below(2) == 0 ? -INFINITY : INFINITY);
        if (rng.below(2) == 0) z = std::nextafter(z, rng.below(2) == 0 ? -INFINITY : INFINITY);
        const RefFloor r = ref_floor(t, 0, 0);
        INFO("case " << i << " x " << x << " z " << z);
        for (auto method : {floor_height, floor_height_by_area}) {
            const FloorHeight f = method(t, x, z);
            if (r.rel_height < 1e-9) {
                REQUIRE_FALSE(f.hit);
                continue;
            }
            if (r.rel_height < 1e-7) continue;  // the threshold band
            const bool inside = exactly_inside(t, x, z);
            REQUIRE(f.hit == inside);
            if (f.hit) {
                const float lo = std::fmin(t.a.y, std::fmin(t.b.y, t.c.y));
                const float hi = std::fmax(t.a.y, std::fmax(t.b.y, t.c.y));
                REQUIRE(f.height >= lo);
                REQUIRE(f.height <= hi);
            }
        }
        if (r.rel_height < 1e-7) {
            ++degenerate;
            continue;
        }
        const bool inside = exactly_inside(t, x, z);
        inside ? ++hits : ++misses;
        if (inside_by_double(t, x, z) != inside) ++double_wrong;
    }
    INFO("hits " << hits << " misses " << misses << " double wrong " << double_wrong << " degenerate " << degenerate);
    CHECK(hits > 20000);
    CHECK(misses > 20000);
    CHECK(double_wrong > 100);  // cases that plain double edge signs get wrong
}
