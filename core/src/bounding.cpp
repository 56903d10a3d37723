// shototsu — bounding volumes (bounding.hpp): boxes, rotated and transformed boxes
// (Madhav, Game Programming in C++ ch. 10), and the bounding spheres of a triangle
// (marupeke296.com 3D collision no. 20).
#include "shototsu/bounding.hpp"

#include <cstdint>
#include <limits>
#include <utility>

#include "dvec.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

using detail::dv;
using detail::DVec3;

const char* bounding_sphere_kind_name(BoundingSphereKind kind) {
    switch (kind) {
        case BoundingSphereKind::Acute: return "acute";
        case BoundingSphereKind::RightOrObtuse: return "rightOrObtuse";
        case BoundingSphereKind::Degenerate: return "degenerate";
    }
    return "degenerate";
}

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr double kFloatMax = std::numeric_limits<float>::max();

// The float next to a finite f toward -inf (down) or +inf (up): std::nextafter's answer, one step
// of the bit pattern (a float's magnitude is monotone in its bits; from either zero the step is
// the smallest denormal of that direction's sign), without its call and its NaN and infinity cases.
float next_down(float f) {
    if (f == 0.0f) return -std::numeric_limits<float>::denorm_min();
    const std::uint32_t u = __builtin_bit_cast(std::uint32_t, f);
    return __builtin_bit_cast(float, f > 0.0f ? u - 1u : u + 1u);
}
float next_up(float f) {
    if (f == 0.0f) return std::numeric_limits<float>::denorm_min();
    const std::uint32_t u = __builtin_bit_cast(std::uint32_t, f);
    return __builtin_bit_cast(float, f > 0.0f ? u + 1u : u - 1u);
}

// Double to float rounded toward -inf / +inf, so that a box or radius computed in double and
// stored in float still holds every point it held in double. Out-of-range values are handled
// before the conversion (converting them is undefined behaviour in C++); the conversion of a
// value within range is finite, and rounded the wrong way it is never the largest float of the
// direction it steps toward.
float round_down(double x) {
    if (x > kFloatMax) return std::numeric_limits<float>::max();
    if (x < -kFloatMax) return -kInf;
    const float f = static_cast<float>(x);
    return static_cast<double>(f) > x ? next_down(f) : f;
}
float round_up(double x) {
    if (x > kFloatMax) return kInf;
    if (x < -kFloatMax) return std::numeric_limits<float>::lowest();
    const float f = static_cast<float>(x);
    return static_cast<double>(f) < x ? next_up(f) : f;
}

bool has_nan(Vec3 v) { return std::isnan(v.x) || std::isnan(v.y) || std::isnan(v.z); }
bool has_nan(Quat q) { return std::isnan(q.x) || std::isnan(q.y) || std::isnan(q.z) || std::isnan(q.w); }
bool is_finite_quat(Quat q) {
    return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

// The box [c - h, c + h] from double centre and half extents, rounded outward.
AABB outward_box(DVec3 c, DVec3 h) {
    return {{round_down(c.x - h.x), round_down(c.y - h.y), round_down(c.z - h.z)},
            {round_up(c.x + h.x), round_up(c.y + h.y), round_up(c.z + h.z)}};
}

// A linear map in double, as rows: m[i] is row i.
struct DMat3 {
    DVec3 row[3];
};
DMat3 dmat_from_quat(Quat q) {
    // The same polynomial as mat3_from_quat and rotate(): valid for any q, exact rotation for
    // a unit q. In double, the products of the float components are exact.
    const double x = q.x, y = q.y, z = q.z, w = q.w;
    return {{{1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y - w * z), 2.0 * (x * z + w * y)},
             {2.0 * (x * y + w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z - w * x)},
             {2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y)}}};
}

// Arvo's method: the image of a box under x -> m x + t is the box centred at m c + t with half
// extents |m| h. Inputs are already known to be finite.
AABB transform_box(const AABB& box, const DMat3& m, DVec3 t) {
    const DVec3 c = (dv(box.min) + dv(box.max)) * 0.5;
    const DVec3 h = (dv(box.max) - dv(box.min)) * 0.5;
    auto half = [&](const DVec3& r) { return std::fabs(r.x) * h.x + std::fabs(r.y) * h.y + std::fabs(r.z) * h.z; };
    const DVec3 nc{detail::dot(m.row[0], c) + t.x, detail::dot(m.row[1], c) + t.y, detail::dot(m.row[2], c) + t.z};
    return outward_box(nc, {half(m.row[0]), half(m.row[1]), half(m.row[2])});
}

// The policy for boxes that are not finite, shared by aabb_rotate and aabb_transform: the
// empty box stays empty, NaN gives the empty box (as aabb_is_empty already treats it), and an
// infinite box or map gives the whole space, the only answer that is sure to contain it.
enum class BoxInput { Finite, Empty, Everything };
BoxInput classify(const AABB& box, bool map_is_finite, bool map_has_nan) {
    if (aabb_is_empty(box) || map_has_nan) return BoxInput::Empty;
    if (!is_finite(box.min) || !is_finite(box.max) || !map_is_finite) return BoxInput::Everything;
    return BoxInput::Finite;
}
AABB everything() { return {{-kInf, -kInf, -kInf}, {kInf, kInf, kInf}}; }

AABB sphere_box(Vec3 center, float radius) {
    if (has_nan(center) || std::isnan(radius)) return aabb_empty();
    const double r = radius > 0.0f ? radius : 0.0;
    return outward_box(dv(center), {r, r, r});
}

}  // namespace

// ---- boxes ------------------------------------------------------------------------------------

AABB aabb_empty() { return {{kInf, kInf, kInf}, {-kInf, -kInf, -kInf}}; }

bool aabb_is_empty(const AABB& box) {
    // Written as !(min <= max) so that NaN counts as empty.
    return !(box.min.x <= box.max.x && box.min.y <= box.max.y && box.min.z <= box.max.z);
}

AABB aabb_grow(const AABB& box, Vec3 p) {
    // The comparisons keep the box's own value when p's is NaN, so a NaN coordinate is skipped
    // rather than poisoning the box (vmin/vmax would let it in or drop it depending on order).
    AABB out = box;
    for (int i = 0; i < 3; ++i) {
        const float v = component(p, i);
        if (v < component(out.min, i)) set_component(out.min, i, v);
        if (v > component(out.max, i)) set_component(out.max, i, v);
    }
    return out;
}

AABB aabb_from_points(std::span<const Vec3> points) {
    AABB box = aabb_empty();
    for (const Vec3& p : points) box = aabb_grow(box, p);
    return box;
}

AABB aabb_merge(const AABB& a, const AABB& b) {
    if (aabb_is_empty(b)) return aabb_is_empty(a) ? aabb_empty() : a;
    if (aabb_is_empty(a)) return b;
    return {vmin(a.min, b.min), vmax(a.max, b.max)};
}

float aabb_surface_area(const AABB& box) {
    if (aabb_is_empty(box)) return 0.0f;
    const Vec3 e = box.max - box.min;
    return 2.0f * (e.x * e.y + e.y * e.z + e.z * e.x);
}

AABB aabb_rotate(const AABB& box, Quat q) {
    switch (classify(box, is_finite_quat(q), has_nan(q))) {
        case BoxInput::Empty: return aabb_empty();
        case BoxInput::Everything: return everything();
        case BoxInput::Finite: break;
    }
    return transform_box(box, dmat_from_quat(q), {0, 0, 0});
}

AABB aabb_transform(const AABB& box, const Mat4& m) {
    bool m_nan = false, m_finite = true;
    for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14}) {
        m_nan = m_nan || std::isnan(m.e[k]);
        m_finite = m_finite && std::isfinite(m.e[k]);
    }
    switch (classify(box, m_finite, m_nan)) {
        case BoxInput::Empty: return aabb_empty();
        case BoxInput::Everything: return everything();
        case BoxInput::Finite: break;
    }
    const DMat3 lin{{{m.e[0], m.e[4], m.e[8]}, {m.e[1], m.e[5], m.e[9]}, {m.e[2], m.e[6], m.e[10]}}};
    return transform_box(box, lin, {m.e[12], m.e[13], m.e[14]});
}

AABB aabb_of_triangle(const Triangle& tri) {
    const Vec3 pts[3] = {tri.a, tri.b, tri.c};
    return aabb_from_points(pts);
}

AABB aabb_of_sphere(const Sphere& s) { return sphere_box(s.center, s.radius); }

AABB aabb_of_capsule(const Capsule& c) {
    if (has_nan(c.start) || has_nan(c.end)) return aabb_empty();
    return aabb_merge(sphere_box(c.start, c.radius), sphere_box(c.end, c.radius));
}

AABB aabb_of_obb(const OBB& box) {
    // The OBB is its local box [-h, h] rotated, then moved to its centre.
    const Vec3 h = vabs(box.half_extents);
    const bool finite = is_finite(box.center) && is_finite_quat(box.rotation);
    switch (classify({-1.0f * h, h}, finite, has_nan(box.rotation) || has_nan(box.center))) {
        case BoxInput::Empty: return aabb_empty();
        case BoxInput::Everything: return everything();
        case BoxInput::Finite: break;
    }
    return transform_box({-1.0f * h, h}, dmat_from_quat(box.rotation), dv(box.center));
}

AABB aabb_of_swept_sphere(Vec3 start, Vec3 end, float radius) { return aabb_of_capsule({start, end, radius}); }

// ---- triangle spheres ---------------------------------------------------------------------------

namespace {

// The vertices in lexicographic order, so that every ordering and winding of the same triangle
// runs the very same arithmetic and gets the same bits.
struct Canonical {
    Vec3 v[3];
    int original[3];
};
bool lex_less(Vec3 a, Vec3 b) {
    if (a.x != b.x) return a.x < b.x;
    if (a.y != b.y) return a.y < b.y;
    return a.z < b.z;
}
// -0 becomes +0 (x + 0 is +0 for x = -0 and x otherwise): the order below sees -0 == +0, so two
// vertices differing only in the sign of a zero would otherwise keep the caller's order, and the
// centre's zero the sign of whichever came first.
Vec3 without_negative_zero(Vec3 v) { return {v.x + 0.0f, v.y + 0.0f, v.z + 0.0f}; }
Canonical canonical(const Triangle& tri) {
    Canonical k{{without_negative_zero(tri.a), without_negative_zero(tri.b), without_negative_zero(tri.c)}, {0, 1, 2}};
    auto order = [&](int i, int j) {
        if (lex_less(k.v[j], k.v[i])) {
            std::swap(k.v[i], k.v[j]);
            std::swap(k.original[i], k.original[j]);
        }
    };
    order(0, 1);
    order(1, 2);
    order(0, 1);
    return k;
}

// A radius that holds the three vertices around a float centre both in exact arithmetic (the
// double distance rounded up) and as a caller checks it in float (`distance(center, v)`, whose
// rounding can exceed the exact distance by an ulp). A float distance that overflows is left
// out: the double one, rounded up to +inf if need be, still covers the vertex.
float covering_radius(Vec3 center, const Vec3 v[3]) {
    double r2 = 0.0;
    float rf = 0.0f;
    for (int i = 0; i < 3; ++i) {
        const DVec3 d = dv(v[i]) - dv(center);
        r2 = detail::dmax(r2, detail::length_sq(d));
        const float f = distance(center, v[i]);
        if (std::isfinite(f) && f > rf) rf = f;
    }
    return maxf(round_up(std::sqrt(r2)), rf);
}

bool fits_float(DVec3 p) {
    return std::fabs(p.x) <= kFloatMax && std::fabs(p.y) <= kFloatMax && std::fabs(p.z) <= kFloatMax;
}

// Everything both sphere queries need, from the canonical vertices, in double.
struct SphereSolution {
    TriangleBoundingSphere bounding;
    bool circum_exists = false;
    DVec3 circum_center;
};

SphereSolution solve_spheres(const Triangle& tri) {
    SphereSolution out;
    if (!is_finite(tri.a) || !is_finite(tri.b) || !is_finite(tri.c)) {
        // No finite sphere holds a non-finite vertex: answer with the unbounded sphere.
        out.bounding = {{{0, 0, 0}, kInf}, BoundingSphereKind::Degenerate, -1};
        return out;
    }
    const Canonical k = canonical(tri);
    const DVec3 p[3] = {dv(k.v[0]), dv(k.v[1]), dv(k.v[2])};
    // Edge i is the one opposite vertex i.
    const double e2[3] = {detail::length_sq(p[2] - p[1]), detail::length_sq(p[0] - p[2]),
                          detail::length_sq(p[1] - p[0])};
    int opp = 2;
    if (e2[0] > e2[opp]) opp = 0;
    if (e2[1] > e2[opp]) opp = 1;
    const double longest2 = e2[opp];
    const DVec3 ab = p[1] - p[0], ac = p[2] - p[0];
    const DVec3 n = detail::cross(ab, ac);
    const double nn = detail::length_sq(n);
    const DVec3 q0 = p[(opp + 1) % 3], q1 = p[(opp + 2) % 3];

    // Any angle of 90 degrees or more is the one opposite the longest edge, so that is the only
    // angle to test (marupeke296.com 3D collision no. 20 tests all three in turn).
    const bool degenerate = !(nn > tol::kDegenerateSinSq * longest2 * longest2);
    const bool obtuse = detail::dot(q0 - p[opp], q1 - p[opp]) <= 0.0;
    if (!degenerate) {
        // Circumcentre relative to p[0] (Ericson RTCD 4.3.4's closed form of the 2x2 system of
        // marupeke296.com 3D collision no. 20).
        const DVec3 off = (detail::cross(n, ab) * e2[1] + detail::cross(ac, n) * e2[2]) * (0.5 / nn);
        out.circum_center = p[0] + off;
        out.circum_exists = fits_float(out.circum_center);
    }
    TriangleBoundingSphere& b = out.bounding;
    Vec3 center;
    if (degenerate || obtuse) {
        center = detail::fv((q0 + q1) * 0.5);
        b.kind = degenerate ? BoundingSphereKind::Degenerate : BoundingSphereKind::RightOrObtuse;
        b.opposite_vertex = k.original[opp];
    } else {
        center = detail::fv(out.circum_center);  // inside the triangle, so it fits in float
        b.kind = BoundingSphereKind::Acute;
        b.opposite_vertex = -1;
    }
    b.sphere = {center, covering_radius(center, k.v)};
    return out;
}

}  // namespace

TriangleBoundingSphere triangle_bounding_sphere(const Triangle& tri) { return solve_spheres(tri).bounding; }

TriangleCircumsphere triangle_circumsphere(const Triangle& tri) {
    const SphereSolution s = solve_spheres(tri);
    if (s.circum_exists) {
        const Vec3 center = detail::fv(s.circum_center);
        const Vec3 v[3] = {tri.a, tri.b, tri.c};
        const float radius = covering_radius(center, v);
        if (std::isfinite(radius)) return {{center, radius}, true};
    }
    return {s.bounding.sphere, false};
}
}  // namespace shototsu
