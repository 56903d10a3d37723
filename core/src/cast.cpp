// shototsu — segment casts (cast.hpp): plane, sphere, boxes, triangle, capsule.
//
// Every query runs in double internally (see the PRECISION note in tolerance.hpp): a float
// coordinate difference is exact in double, a product of two floats is exact, and the quadratics
// of the round shapes square the condition number of grazing hits. Inputs and outputs are float.
#include "shototsu/cast.hpp"

#include <cmath>

#include "dvec.hpp"
#include "overlap_detail.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

using detail::Bounded;
using detail::certain;
using detail::clamp01;
using detail::cross_permanent;
using detail::dabs;
using detail::dv;
using detail::DVec3;
using detail::edge_side;
using detail::fv;

namespace {

constexpr double kTinyLenSq = static_cast<double>(tol::kTinyLengthSq);

bool finite(const Segment& s) { return is_finite(s.start) && is_finite(s.end); }

double sign_of(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

// v / |v|, or `fallback` when v is too short to give a direction (tol::kTinyLengthSq).
DVec3 unit_unless_tiny(DVec3 v, DVec3 fallback) {
    const double l2 = detail::length_sq(v);
    if (!(l2 > kTinyLenSq)) return fallback;
    return v * (1.0 / std::sqrt(l2));
}

// A unit vector perpendicular to e (non-zero): the cross product with the axis least aligned
// with e, so it never comes out near zero.
DVec3 any_perpendicular_d(DVec3 e) {
    const DVec3 m = dabs(e);
    const DVec3 axis = (m.x <= m.y && m.x <= m.z) ? DVec3{1, 0, 0} : (m.y <= m.z ? DVec3{0, 1, 0} : DVec3{0, 0, 1});
    const DVec3 c = detail::cross(e, axis);
    return c * (1.0 / std::sqrt(detail::length_sq(c)));
}

// A first contact of p + d t (t in [0, 1]) with a solid, in double; normal is unit when hit.
struct DHit {
    bool hit = false;
    double t = 1.0;
    DVec3 normal;
};

CastHit to_cast_hit(const DHit& h, const Segment& s, DVec3 p, DVec3 d) {
    CastHit out;
    if (!h.hit) return out;
    out.hit = true;
    out.t = static_cast<float>(h.t);
    out.point = h.t == 0.0 ? s.start : fv(p + d * h.t);
    out.normal = fv(h.normal);
    return out;
}

// ---- round shapes -----------------------------------------------------------------------------

// The solid ball |x - c| <= r. The quadratic |m + d t|^2 = r^2 (m = p - c) is solved in the
// form that cancels nothing: the discriminant as a (r^2 - |h|^2), with h the line's closest
// approach to the centre (instead of b^2 - a c, which loses everything at grazing incidence), and
// the smaller root as c / (-b + sqrt(disc)) (Ericson RTCD 5.3.2; "Precision Improvements for
// Ray/Sphere Intersection", Ray Tracing Gems ch. 7).
DHit cast_ball(DVec3 p, DVec3 d, DVec3 c, double r) {
    DHit out;
    const DVec3 m = p - c;
    const double r2 = r * r;
    const double mm = detail::length_sq(m);
    const DVec3 back = unit_unless_tiny(-d, {0, 1, 0});
    if (mm <= r2) {  // starts inside or on the surface: out along centre -> start
        out.hit = true;
        out.t = 0.0;
        out.normal = unit_unless_tiny(m, back);
        return out;
    }
    const double a = detail::length_sq(d);
    const double b = detail::dot(m, d);
    if (a == 0.0 || b >= 0.0) return out;  // a point outside, or moving away from the centre
    const DVec3 h = m - d * (b / a);
    const double half_chord_sq = r2 - detail::length_sq(h);
    if (half_chord_sq < 0.0) return out;
    const double sa = std::sqrt(a), half_chord = std::sqrt(half_chord_sq);
    const double t = (mm - r2) / (-b + sa * half_chord);
    if (t > 1.0) return out;
    out.hit = true;
    out.t = t;
    // The entry point relative to the centre is h minus half a chord along the direction: no
    // cancellation, unlike (p + d t) - c. A radius too small to give a direction (zero radius:
    // the segment passes through the centre) falls back to centre -> start.
    out.normal = unit_unless_tiny(h - d * (half_chord / sa), unit_unless_tiny(m, back));
    return out;
}

// The solid capsule: points within r of the axis a0 a1. Inside test by the closest axis point;
// else the first of: the infinite cylinder entry when it lands between the ends, and the two end
// balls (the union's first entry is the first entry of its convex parts; entries through a flat
// cap of the cylinder are inside an end ball, so the balls cover them). Ericson RTCD 5.3.7,
// Jolt's RayCapsule.
DHit cast_capsule_d(DVec3 p, DVec3 d, DVec3 a0, DVec3 a1, double r) {
    const DVec3 e = a1 - a0;
    const double ee = detail::length_sq(e);
    if (ee <= kTinyLenSq) return cast_ball(p, d, a0, r);  // zero length: a sphere
    auto perp = [&](DVec3 v) { return v - e * (detail::dot(v, e) / ee); };
    const DVec3 m = p - a0, mp = perp(m), dp = perp(d);
    const double r2 = r * r;
    // Away from the axis, across the motion: the fallback when a point is on the axis itself.
    const DVec3 across = unit_unless_tiny(-dp, any_perpendicular_d(e));

    const DVec3 radial = m - e * clamp01(detail::dot(m, e) / ee);
    if (detail::length_sq(radial) <= r2) return {true, 0.0, unit_unless_tiny(radial, across)};

    DHit best;
    const double a = detail::length_sq(dp);
    const double b = detail::dot(mp, dp);
    const double c = detail::length_sq(mp) - r2;
    if (a > 0.0 && b < 0.0 && c > 0.0) {  // outside the infinite cylinder, moving toward it
        const DVec3 h = mp - dp * (b / a);
        const double half_chord_sq = r2 - detail::length_sq(h);
        if (half_chord_sq >= 0.0) {
            const double sa = std::sqrt(a), half_chord = std::sqrt(half_chord_sq);
            const double t = c / (-b + sa * half_chord);
            const double axial = detail::dot(m + d * t, e) / ee;
            if (t <= 1.0 && axial >= 0.0 && axial <= 1.0)
                best = {true, t, unit_unless_tiny(h - dp * (half_chord / sa), across)};
        }
    }
    for (const DVec3 end : {a0, a1}) {
        const DHit h = cast_ball(p, d, end, r);
        if (h.hit && (!best.hit || h.t < best.t)) best = h;
    }
    return best;
}

// ---- boxes ------------------------------------------------------------------------------------

// A slab-test result: t, and the face as axis (0..2) and the sign of its outward normal.
struct SlabHit {
    bool hit = false;
    double t = 1.0;
    int axis = 0;
    double sign = 0.0;
};

// The solid box lo <= x <= hi (Kay–Kajiya slabs; Ericson RTCD 5.3.3). Runs in double so that
// the slab fractions (lo - p) / d are correctly rounded and never overflow. A direction component
// that is exactly zero never divides: that slab holds for the whole segment or never.
SlabHit cast_slabs(DVec3 p, DVec3 d, DVec3 lo, DVec3 hi) {
    SlabHit out;
    const double pv[3] = {p.x, p.y, p.z}, dv3[3] = {d.x, d.y, d.z};
    const double lv[3] = {lo.x, lo.y, lo.z}, hv[3] = {hi.x, hi.y, hi.z};
    bool inside = true;
    for (int i = 0; i < 3; ++i) {
        if (!(lv[i] <= hv[i])) return out;  // empty box
        inside = inside && lv[i] <= pv[i] && pv[i] <= hv[i];
    }
    if (inside) {
        // Shortest way out: the nearest face; ties go to the first of -x, +x, -y, +y, -z, +z.
        double best = pv[0] - lv[0];
        out = {true, 0.0, 0, -1.0};
        for (int i = 0; i < 3; ++i) {
            if (pv[i] - lv[i] < best) {
                best = pv[i] - lv[i];
                out.axis = i;
                out.sign = -1.0;
            }
            if (hv[i] - pv[i] < best) {
                best = hv[i] - pv[i];
                out.axis = i;
                out.sign = 1.0;
            }
        }
        return out;
    }
    // Starting outside, some slab excludes the start: its entry fraction is > 0, so the face
    // entered last is always set below when the segment hits.
    double t_enter = 0.0, t_exit = 1.0;
    for (int i = 0; i < 3; ++i) {
        if (dv3[i] == 0.0) {
            if (pv[i] < lv[i] || pv[i] > hv[i]) return out;
            continue;
        }
        const double t_lo = (lv[i] - pv[i]) / dv3[i], t_hi = (hv[i] - pv[i]) / dv3[i];
        const bool forward = dv3[i] > 0.0;
        const double enter = forward ? t_lo : t_hi, exit = forward ? t_hi : t_lo;
        if (enter > t_enter) {
            t_enter = enter;
            out.axis = i;
            out.sign = forward ? -1.0 : 1.0;
        }
        if (exit < t_exit) t_exit = exit;
        if (t_enter > t_exit) return out;  // equal is touching an edge or a face: a hit
    }
    out.hit = true;
    out.t = t_enter;
    return out;
}

DVec3 axis_vector(int axis, double sign) {
    return axis == 0 ? DVec3{sign, 0, 0} : (axis == 1 ? DVec3{0, sign, 0} : DVec3{0, 0, sign});
}

// ---- planes and triangles ---------------------------------------------------------------------

// dot(n, x) - dd: the side of the plane a point is on.
Bounded plane_side(DVec3 n, double dd, DVec3 x) {
    return {detail::dot(n, x) - dd, tol::kDoubleEvalRelError * (detail::dot(dabs(n), dabs(x)) + std::fabs(dd))};
}

// The orientation det[ab, ac, ap] = n · ap of a point against the triangle's plane (Shewchuk's
// orient3d, whose static filter gives the bound).
Bounded triangle_side(DVec3 n, DVec3 ab, DVec3 ac, DVec3 ap) {
    return {detail::dot(n, ap), tol::kDoubleEvalRelError * detail::dot(dabs(ap), cross_permanent(ab, ac))};
}

// Where a segment whose ends are on the sides side0, side1 of a surface first touches it, or -1
// when both ends are certainly on one side. A side within its rounding is on the surface: a start
// there touches at t = 0, an end there at t = 1 (touching counts); between, the crossing is
// interpolated from the computed values, which are the best estimate even when uncertain.
double crossing_fraction(Bounded side0, Bounded side1) {
    const double c0 = certain(side0), c1 = certain(side1);
    if ((c0 > 0.0 && c1 > 0.0) || (c0 < 0.0 && c1 < 0.0)) return -1.0;
    if (c0 == 0.0) return 0.0;
    const double r0 = side0.value, r1 = side1.value;
    if ((r0 > 0.0 && r1 < 0.0) || (r0 < 0.0 && r1 > 0.0) || r1 == 0.0) return clamp01(r0 / (r0 - r1));
    return 1.0;  // the end is on the surface within rounding, on the start's side
}

// The in-plane weights of x: f = n · (edge × (x - edge start)) for the edges bc, ca, ab, which
// weigh a, b, c; all >= 0 inside (n = ab × ac). Well conditioned whatever the cast's direction.
void in_plane_weights(DVec3 x, const DVec3 (&v)[3], DVec3 n, double (&f)[3]) {
    for (int i = 0; i < 3; ++i) {
        const DVec3 from = v[(i + 1) % 3], to = v[(i + 2) % 3];
        f[i] = detail::dot(n, detail::cross(to - from, x - from));
    }
}

// Barycentric coordinates of a hit point: its in-plane weights when it projects inside. A hit
// within rounding outside an edge has some weight below 0, and for a thin triangle clamping it
// would move the rebuilt point along the triangle by up to its length: take the closest point's.
Vec3 barycentric_at(DVec3 x, const DVec3 (&v)[3], DVec3 n) {
    double f[3];
    in_plane_weights(x, v, n, f);
    const double sum = f[0] + f[1] + f[2];
    if (f[0] >= 0.0 && f[1] >= 0.0 && f[2] >= 0.0 && sum > 0.0)
        return {static_cast<float>(f[0] / sum), static_cast<float>(f[1] / sum), static_cast<float>(f[2] / sum)};
    return closest_point_on_triangle(fv(x), Triangle{fv(v[0]), fv(v[1]), fv(v[2])}).barycentric;
}

// A zero-area triangle: the union of its edges is its longest edge (to within the triangle's
// height, below 1e-8 of that edge), so the cast hits the capsule of that radius around it. The
// normal must not come from where the segment passes inside that rounding-sized tube: it is the
// direction back toward the start, across the edge (as for a zero-radius capsule).
TriangleCastHit cast_degenerate_triangle(DVec3 p, DVec3 d, const DVec3 (&v)[3], double longest_sq) {
    TriangleCastHit out;
    int i0 = 0;
    for (int i = 1; i < 3; ++i)
        if (detail::length_sq(v[(i + 1) % 3] - v[i]) > detail::length_sq(v[(i0 + 1) % 3] - v[i0])) i0 = i;
    const int i1 = (i0 + 1) % 3;
    const double radius = std::sqrt(tol::kDegenerateSinSq * longest_sq);
    const DHit h = cast_capsule_d(p, d, v[i0], v[i1], radius);
    if (!h.hit) return out;
    const DVec3 x = p + d * h.t, e = v[i1] - v[i0];
    const double ee = detail::length_sq(e);
    const double s = ee > 0.0 ? clamp01(detail::dot(x - v[i0], e) / ee) : 0.0;
    double bary[3] = {0, 0, 0};
    bary[i0] = 1.0 - s;
    bary[i1] += s;
    const DVec3 back = unit_unless_tiny(-d, {0, 1, 0});
    const DVec3 across =
        ee > kTinyLenSq ? unit_unless_tiny(-(d - e * (detail::dot(d, e) / ee)), any_perpendicular_d(e)) : back;
    out.hit = true;
    out.t = static_cast<float>(h.t);
    out.point = h.t == 0.0 ? fv(p) : fv(x);
    out.normal = fv(across);
    out.barycentric = {static_cast<float>(bary[0]), static_cast<float>(bary[1]), static_cast<float>(bary[2])};
    return out;
}

// A segment in the triangle's plane: clip it against the three edges in the plane (Cyrus–Beck)
// and report where it first enters. The in-plane weight of edge i along the segment is linear in t.
TriangleCastHit cast_coplanar_triangle(DVec3 p, DVec3 d, const DVec3 (&v)[3], DVec3 n) {
    TriangleCastHit out;
    double f0[3], f1[3];
    in_plane_weights(p, v, n, f0);
    for (int i = 0; i < 3; ++i) {
        const DVec3 from = v[(i + 1) % 3], to = v[(i + 2) % 3];
        f1[i] = detail::dot(n, detail::cross(to - from, d));
    }
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 3; ++i) {
        if (f1[i] == 0.0) {
            if (f0[i] < 0.0) return out;
        } else if (f1[i] > 0.0) {
            // 0 - f0, not -f0: a start on the edge (f0 = +0) enters at t = +0, never -0, which
            // the wasm build's max could turn either way.
            lo = detail::dmax(lo, (0.0 - f0[i]) / f1[i]);
        } else {
            hi = detail::dmin(hi, (0.0 - f0[i]) / f1[i]);
        }
        if (lo > hi) return out;
    }
    const DVec3 x = p + d * lo;
    out.hit = true;
    out.t = static_cast<float>(lo);
    out.point = lo == 0.0 ? fv(p) : fv(x);
    out.normal = fv(n * (1.0 / std::sqrt(detail::length_sq(n))));
    out.barycentric = barycentric_at(x, v, n);
    return out;
}

}  // namespace

CastHit intersect_segment_plane(const Segment& s, const Plane& plane) {
    CastHit out;
    if (!finite(s) || !is_finite(plane.normal) || !is_finite(plane.d)) return out;
    const Vec3 unit = normalize_or(plane.normal, Vec3{0, 0, 0});
    if (unit == Vec3{0, 0, 0}) return out;  // degenerate plane
    // The sides of the ends (scaled by |normal|, which the fraction below does not see).
    const DVec3 n = dv(plane.normal), p = dv(s.start), d = dv(s.end) - p;
    const Bounded side0 = plane_side(n, plane.d, p), side1 = plane_side(n, plane.d, dv(s.end));
    const double t = crossing_fraction(side0, side1);  // never divides by a zero denominator
    if (t < 0.0) return out;                           // both ends on one side, parallel or not
    out.hit = true;
    const double c0 = certain(side0);
    if (c0 == 0.0) {  // on the plane (or in it): t = 0, the plane's own normal
        out.t = 0.0f;
        out.point = s.start;
        out.normal = unit;
        return out;
    }
    out.t = static_cast<float>(t);
    out.point = fv(p + d * t);
    out.normal = c0 > 0.0 ? unit : -unit;
    return out;
}

CastHit intersect_segment_sphere(const Segment& s, const Sphere& sphere) {
    if (!finite(s) || !is_finite(sphere.center) || !(sphere.radius >= 0.0f) || !is_finite(sphere.radius)) return {};
    const DVec3 p = dv(s.start), d = dv(s.end) - p;
    return to_cast_hit(cast_ball(p, d, dv(sphere.center), sphere.radius), s, p, d);
}

CastHit intersect_segment_aabb(const Segment& s, const AABB& box) {
    if (!finite(s) || !is_finite(box.min) || !is_finite(box.max)) return {};
    const DVec3 p = dv(s.start), d = dv(s.end) - p;
    const SlabHit h = cast_slabs(p, d, dv(box.min), dv(box.max));
    if (!h.hit) return {};
    CastHit out = to_cast_hit({true, h.t, axis_vector(h.axis, h.sign)}, s, p, d);
    if (h.t > 0.0) {
        // The exact entry point is on the entered face and within the other two slabs: put the
        // rounded point there too.
        set_component(out.point, h.axis, component(h.sign < 0.0 ? box.min : box.max, h.axis));
        out.point = vmin(vmax(out.point, box.min), box.max);
    }
    return out;
}

CastHit intersect_segment_obb(const Segment& s, const OBB& box) {
    if (!finite(s) || !is_finite(box.center) || !is_finite(box.half_extents) || !is_finite(box.rotation.x) ||
        !is_finite(box.rotation.y) || !is_finite(box.rotation.z) || !is_finite(box.rotation.w))
        return {};
    // Into the box's frame (the transpose of the rotation, normalised in double), then slabs.
    const detail::DMat3 r = detail::rotation_of(box.rotation);
    const DVec3 p = dv(s.start), d = dv(s.end) - p;
    const DVec3 h = dv(box.half_extents);
    const SlabHit hit = cast_slabs(detail::mul_transpose(r, p - dv(box.center)), detail::mul_transpose(r, d), -h, h);
    if (!hit.hit) return {};
    return to_cast_hit({true, hit.t, unit_unless_tiny(r.col[hit.axis] * hit.sign, axis_vector(hit.axis, hit.sign))}, s,
                       p, d);
}

TriangleCastHit intersect_segment_triangle(const Segment& s, const Triangle& tri) {
    TriangleCastHit out;
    if (!finite(s) || !is_finite(tri.a) || !is_finite(tri.b) || !is_finite(tri.c)) return out;
    const DVec3 p = dv(s.start), q = dv(s.end), d = q - p;
    const DVec3 v[3] = {dv(tri.a), dv(tri.b), dv(tri.c)};
    const DVec3 ab = v[1] - v[0], ac = v[2] - v[0];
    const DVec3 n = detail::cross(ab, ac);
    const double nn = detail::length_sq(n);
    double longest_sq = detail::length_sq(ab);
    longest_sq = detail::dmax(longest_sq, detail::length_sq(ac));
    longest_sq = detail::dmax(longest_sq, detail::length_sq(v[2] - v[1]));
    if (!(nn > tol::kDegenerateSinSq * longest_sq * longest_sq)) return cast_degenerate_triangle(p, d, v, longest_sq);

    const Bounded side0 = triangle_side(n, ab, ac, p - v[0]), side1 = triangle_side(n, ab, ac, q - v[0]);
    const double c0 = certain(side0);
    if (c0 == 0.0 && certain(side1) == 0.0) return cast_coplanar_triangle(p, d, v, n);
    const double t = crossing_fraction(side0, side1);
    if (t < 0.0) return out;  // both ends on one side
    const DVec3 x = p + d * t;
    // Where the line crosses, relative to the edges: u, v, w weigh a, b, c (edges bc, ca, ab);
    // their sum is n · d.
    const DVec3 pa = v[0] - p, pb = v[1] - p, pc = v[2] - p;
    const Bounded u = edge_side(d, pc, pb), w_b = edge_side(d, pa, pc), w_c = edge_side(d, pb, pa);
    bool inside;
    if (std::fabs(u.value + w_b.value + w_c.value) > u.bound + w_b.bound + w_c.bound) {
        const double cu = certain(u), cv = certain(w_b), cw = certain(w_c);
        inside = (cu >= 0.0 && cv >= 0.0 && cw >= 0.0) || (cu <= 0.0 && cv <= 0.0 && cw <= 0.0);
    } else {
        // The direction is within rounding of the plane: which side of the edges the line passes
        // is noise, but where the segment crosses the plane (from the end distances) is not.
        double f[3];
        in_plane_weights(x, v, n, f);
        inside = f[0] >= 0.0 && f[1] >= 0.0 && f[2] >= 0.0;
    }
    if (!inside) return out;
    const DVec3 unit = n * (1.0 / std::sqrt(nn));
    out.hit = true;
    out.t = static_cast<float>(t);
    out.point = t == 0.0 ? s.start : fv(x);
    // Facing the start; a start on the plane takes the face's own (counter-clockwise) normal,
    // as intersect_segment_plane does.
    out.normal = fv(c0 == 0.0 ? unit : unit * sign_of(c0));
    out.barycentric = barycentric_at(x, v, n);
    return out;
}

CastHit intersect_segment_capsule(const Segment& s, const Capsule& c) {
    if (!finite(s) || !is_finite(c.start) || !is_finite(c.end) || !(c.radius >= 0.0f) || !is_finite(c.radius))
        return {};
    const DVec3 p = dv(s.start), d = dv(s.end) - p;
    return to_cast_hit(cast_capsule_d(p, d, dv(c.start), dv(c.end), c.radius), s, p, d);
}

}  // namespace shototsu
