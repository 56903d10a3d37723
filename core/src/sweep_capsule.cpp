// shototsu — a capsule translating against a triangle (sweep.hpp: sweep_capsule_triangle).
//
// The first contact of a moving capsule (segment S = [a, b] with radius r) with a static
// triangle happens at one of:
//   1. an end sphere of the capsule touching the triangle (a sphere sweep; this covers the face,
//      because the closest point of a segment to a plane is always one of its ends),
//   2. a vertex of the triangle touching the capsule (the vertex cast backwards against it),
//   3. an edge of the triangle touching the interior of the capsule's axis. For non-parallel
//      lines the line–line distance is |w(t)·n| / |n| with n = u x v constant and w(t) linear in
//      t, so the time it falls to r is a linear equation; the contact counts when both closest
//      points are inside their segments. Parallel edges first touch at an end (cases 1–2).
// The earliest of the three is exact: no sampling, no iteration.
#include <cmath>

#include "dvec.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

using detail::DVec3;
using detail::dv;
using detail::fv;

namespace {

struct Candidate {
    bool hit = false;
    double t = 2.0;
    Vec3 contact, normal;
};

void keep_earlier(Candidate& best, double t, Vec3 contact, Vec3 normal) {
    if (!(t >= 0.0 && t <= 1.0)) return;
    if (!best.hit || t < best.t) best = {true, t, contact, normal};
}

// Case 3: edge e0–e1 against the interior of the moving axis a–b (+ t d).
void edge_against_axis(Candidate& best, DVec3 a, DVec3 b, DVec3 d, double r, DVec3 e0, DVec3 e1) {
    const DVec3 u = b - a, v = e1 - e0;
    const DVec3 n = detail::cross(u, v);
    const double nn = detail::length_sq(n);
    if (!(nn > static_cast<double>(tol::kParallelSinSq) * detail::length_sq(u) * detail::length_sq(v))) return;
    const double nlen = std::sqrt(nn);
    const double f0 = detail::dot(a - e0, n), dn = detail::dot(d, n);
    // Moving toward the other line, from farther than r: the time the distance reaches r.
    double t;
    if (f0 > r * nlen && dn < 0.0) t = (r * nlen - f0) / dn;
    else if (f0 < -r * nlen && dn > 0.0) t = (-r * nlen - f0) / dn;
    else return;
    if (!(t >= 0.0 && t <= 1.0) || (best.hit && t >= best.t)) return;
    // Closest points of the two lines at t; both must lie inside their segments.
    const DVec3 at = a + d * t;
    const DVec3 w = at - e0;
    const double uu = detail::dot(u, u), uv = detail::dot(u, v), vv = detail::dot(v, v);
    const double wu = detail::dot(w, u), wv = detail::dot(w, v);
    const double s = (uv * wv - vv * wu) / nn;  // along u (the axis)
    const double q = (uu * wv - uv * wu) / nn;  // along v (the edge)
    if (!(s >= 0.0 && s <= 1.0 && q >= 0.0 && q <= 1.0)) return;
    const DVec3 on_edge = e0 + v * q;
    const DVec3 on_axis = at + u * s;
    const Vec3 normal = normalize_or(fv(on_axis - on_edge), fv(n * (f0 > 0 ? 1.0 : -1.0)));
    keep_earlier(best, t, fv(on_edge), normal);
}

}  // namespace

SweepHit sweep_capsule_triangle(const Capsule& capsule, Vec3 motion, const Triangle& tri) {
    SweepHit out;
    const Vec3 center = (capsule.start + capsule.end) * 0.5f;
    out.point = center + motion;
    const float r = capsule.radius;
    if (!is_finite(capsule.start) || !is_finite(capsule.end) || !is_finite(motion) || !(r >= 0.0f) ||
        !std::isfinite(r) || !is_finite(tri.a) || !is_finite(tri.b) || !is_finite(tri.c))
        return out;

    // Touching or overlapping at the start: t = 0 (the conventions of results.hpp).
    const Contact start = triangle_capsule(tri, capsule);
    if (start.hit) {
        out.hit = true;
        out.t = 0.0f;
        out.point = center;
        out.contact = start.point;
        out.normal = start.normal;
        return out;
    }
    if (length_sq(motion) == 0.0f) return out;

    Candidate best;
    // 1. The two end spheres.
    for (const Vec3 end : {capsule.start, capsule.end}) {
        const TriangleSweepHit h = sweep_sphere_triangle(r, end, end + motion, tri);
        if (h.hit) keep_earlier(best, h.t, h.contact, h.normal);
    }
    // 2. Each vertex cast backwards against the capsule at rest.
    for (const Vec3 v : {tri.a, tri.b, tri.c}) {
        const CastHit h = intersect_segment_capsule({v, v - motion}, capsule);
        if (h.hit) keep_earlier(best, h.t, v, -h.normal);
    }
    // 3. Each edge against the axis' interior.
    const DVec3 a = dv(capsule.start), b = dv(capsule.end), d = dv(motion);
    const DVec3 ta = dv(tri.a), tb = dv(tri.b), tc = dv(tri.c);
    edge_against_axis(best, a, b, d, r, ta, tb);
    edge_against_axis(best, a, b, d, r, tb, tc);
    edge_against_axis(best, a, b, d, r, tc, ta);

    if (!best.hit) return out;
    out.hit = true;
    out.t = static_cast<float>(best.t);
    out.point = center + motion * out.t;
    out.contact = best.contact;
    out.normal = best.normal;
    return out;
}

}  // namespace shototsu
