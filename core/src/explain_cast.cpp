// shototsu — explain forms of the segment casts (explain.hpp): the plane's signed distances, the
// sphere's quadratic, the boxes' slabs. Each records the quantities of cast.cpp's decision,
// evaluated the same way in double, and takes its `result` from the query itself.
#include <cmath>

#include "dvec.hpp"
#include "explain_detail.hpp"
#include "overlap_detail.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/explain.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

using detail::dabs;
using detail::dv;
using detail::DVec3;

namespace {

bool finite(const Segment& s) { return is_finite(s.start) && is_finite(s.end); }

constexpr auto f = detail::shown;

// The slabs of the box lo <= x <= hi against p + d t, in the box's frame (cast.cpp's slab test,
// every slab evaluated so that the view can show them all).
SegmentBoxExplanation explain_slabs(DVec3 p, DVec3 d, DVec3 lo, DVec3 hi) {
    SegmentBoxExplanation out;
    const double pv[3] = {p.x, p.y, p.z}, dv3[3] = {d.x, d.y, d.z};
    const double lv[3] = {lo.x, lo.y, lo.z}, hv[3] = {hi.x, hi.y, hi.z};
    bool inside = true;
    for (int i = 0; i < 3; ++i) {
        if (!(lv[i] <= hv[i])) return out;  // empty box: never hit
        inside = inside && lv[i] <= pv[i] && pv[i] <= hv[i];
    }
    out.starts_inside = inside;
    double t_enter = 0.0, t_exit = 1.0;
    for (int i = 0; i < 3; ++i) {
        Slab& slab = out.slabs[i];
        if (dv3[i] == 0.0) {
            slab.parallel = true;
            slab.holds = lv[i] <= pv[i] && pv[i] <= hv[i];
            if (!slab.holds && out.blocking_axis < 0) out.blocking_axis = i;
            continue;
        }
        const double t_lo = (lv[i] - pv[i]) / dv3[i], t_hi = (hv[i] - pv[i]) / dv3[i];
        const bool forward = dv3[i] > 0.0;
        const double entry = forward ? t_lo : t_hi, exit = forward ? t_hi : t_lo;
        slab.entry = f(entry);
        slab.exit = f(exit);
        // Strict comparisons: on ties the earlier axis keeps the face, as in the query.
        if (entry > t_enter) {
            t_enter = entry;
            out.enter_axis = i;
        }
        if (exit < t_exit) {
            t_exit = exit;
            out.exit_axis = i;
        }
    }
    out.t_enter = f(t_enter);
    out.t_exit = f(t_exit);
    return out;
}

}  // namespace

SegmentPlaneExplanation explain_intersect_segment_plane(const Segment& s, const Plane& plane) {
    SegmentPlaneExplanation out;
    out.result = intersect_segment_plane(s, plane);
    if (!finite(s) || !is_finite(plane.normal) || !is_finite(plane.d)) return out;
    if (normalize_or(plane.normal, Vec3{0, 0, 0}) == Vec3{0, 0, 0}) return out;
    // The side of each end, dot(n, x) - d, with the bound of its rounding (cast.cpp: plane_side):
    // a side within its bound is on the plane.
    const DVec3 n = dv(plane.normal), p = dv(s.start), q = dv(s.end);
    auto side = [&](DVec3 x) {
        return detail::Bounded{detail::dot(n, x) - plane.d,
                               tol::kDoubleEvalRelError * (detail::dot(dabs(n), dabs(x)) + std::fabs(plane.d))};
    };
    const detail::Bounded side0 = side(p), side1 = side(q);
    const double len = std::sqrt(detail::length_sq(n));
    out.start_distance = f(side0.value / len);
    out.end_distance = f(side1.value / len);
    const double approach = detail::dot(n, q - p) / len;
    out.approach = f(approach);
    if (approach != 0.0 && side0.value != side1.value) out.line_t = f(side0.value / (side0.value - side1.value));
    const double c0 = detail::certain(side0), c1 = detail::certain(side1);
    if ((c0 > 0.0 && c1 > 0.0) || (c0 < 0.0 && c1 < 0.0))
        out.kind = SegmentPlaneCase::OneSide;
    else if (c0 == 0.0)
        out.kind = c1 == 0.0 ? SegmentPlaneCase::InPlane : SegmentPlaneCase::StartsOnPlane;
    else
        out.kind = SegmentPlaneCase::Crosses;
    return out;
}

SegmentSphereExplanation explain_intersect_segment_sphere(const Segment& s, const Sphere& sphere) {
    SegmentSphereExplanation out;
    out.result = intersect_segment_sphere(s, sphere);
    if (!finite(s) || !is_finite(sphere.center) || !(sphere.radius >= 0.0f) || !is_finite(sphere.radius)) return out;
    const DVec3 m = dv(s.start) - dv(sphere.center), d = dv(s.end) - dv(s.start);
    const double r = sphere.radius, r2 = r * r;
    const double a = detail::length_sq(d), b = detail::dot(m, d), c = detail::length_sq(m) - r2;
    out.a = f(a);
    out.b = f(b);
    out.c = f(c);
    out.line_distance = f(std::sqrt(detail::length_sq(m)));
    if (a > 0.0) {
        // The line's closest approach h and half a chord: b^2 - a c = a (r^2 - |h|^2).
        const DVec3 h = m - d * (b / a);
        const double half_chord_sq = r2 - detail::length_sq(h);
        out.line_distance = f(std::sqrt(detail::length_sq(h)));
        out.discriminant = f(a * half_chord_sq);
        if (half_chord_sq >= 0.0) {
            out.has_roots = true;
            // The root nearer to zero as c / q, the other as q / a, with q = -b -+ sqrt(disc) of b's
            // sign: no cancellation (the query's own form of the entry when b < 0).
            const double root = std::sqrt(a) * std::sqrt(half_chord_sq);
            const double q = b < 0.0 ? -b + root : -b - root;
            const double near = q != 0.0 ? c / q : 0.0, far = q / a;
            out.t_enter = f(b < 0.0 ? near : far);
            out.t_exit = f(b < 0.0 ? far : near);
        }
    }
    if (c <= 0.0)
        out.kind = SegmentSphereCase::StartsInside;
    else if (a == 0.0)
        out.kind = SegmentSphereCase::Point;
    else if (b >= 0.0)
        out.kind = SegmentSphereCase::MovingAway;
    else if (!out.has_roots)
        out.kind = SegmentSphereCase::MissesLine;
    else
        out.kind = out.result.hit ? SegmentSphereCase::Hit : SegmentSphereCase::BeyondEnd;
    return out;
}

SegmentBoxExplanation explain_intersect_segment_aabb(const Segment& s, const AABB& box) {
    SegmentBoxExplanation out;
    if (finite(s) && is_finite(box.min) && is_finite(box.max)) {
        const DVec3 p = dv(s.start);
        out = explain_slabs(p, dv(s.end) - p, dv(box.min), dv(box.max));
    }
    out.result = intersect_segment_aabb(s, box);
    return out;
}

SegmentBoxExplanation explain_intersect_segment_obb(const Segment& s, const OBB& box) {
    SegmentBoxExplanation out;
    if (finite(s) && detail::is_finite(box.rotation) && is_finite(box.center) && is_finite(box.half_extents)) {
        // Into the box's frame: the transpose of its rotation.
        const detail::DMat3 r = detail::rotation_of(box.rotation);
        const DVec3 p = dv(s.start), d = dv(s.end) - p, m = p - dv(box.center);
        const DVec3 h = dv(box.half_extents);
        out = explain_slabs(detail::mul_transpose(r, m), detail::mul_transpose(r, d), -h, h);
    }
    out.result = intersect_segment_obb(s, box);
    return out;
}

}  // namespace shototsu
