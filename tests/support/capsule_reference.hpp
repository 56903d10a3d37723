// An independent double-precision distance between a segment (a capsule's axis) and a triangle,
// for the capsule sweep suites. Built from candidates only — no Voronoi regions, no tolerances:
// every candidate is the distance between two actual points of the two sets, so a badly
// conditioned candidate can only be too large, and the smallest is the true distance.
#pragma once

#include <cmath>

#include "test_support.hpp"

namespace shototsu::test {

/// A double vector rounded to float.
inline Vec3 fv3(DVec3 v) { return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)}; }

/// Distance from the point p to the triangle.
inline double ref_point_triangle_distance(DVec3 p, const Triangle& t) {
    return ddist(p, ref_closest_on_triangle(p, d(t.a), d(t.b), d(t.c)));
}

/// The closest points of segment [p0, p1] and the triangle, and their distance.
struct RefSegmentTriangle {
    double dist = INFINITY;
    DVec3 on_segment, on_triangle;
    double dist_sq = INFINITY;
    void consider(DVec3 s, DVec3 t) {
        const DVec3 diff = s - t;
        const double dd = ddot(diff, diff);
        if (dd < dist_sq) {
            dist_sq = dd;
            on_segment = s;
            on_triangle = t;
        }
    }
};

/// Its ends against the triangle, it against the three edges (the edges' ends against it, and the
/// lines' closest points when inside both; its ends against the edges are part of the first), and, when its ends are on
/// opposite sides of the plane, the point where it crosses the plane against the triangle (0 when that point is
/// inside).
inline RefSegmentTriangle ref_segment_triangle(DVec3 p0, DVec3 p1, const Triangle& t) {
    const DVec3 v[3] = {d(t.a), d(t.b), d(t.c)};
    RefSegmentTriangle out;
    out.consider(p0, ref_closest_on_triangle(p0, v[0], v[1], v[2]));
    out.consider(p1, ref_closest_on_triangle(p1, v[0], v[1], v[2]));
    for (int i = 0; i < 3; ++i) {
        const DVec3 q0 = v[i], q1 = v[(i + 1) % 3];
        out.consider(ref_closest_on_segment(q0, p0, p1), q0);
        out.consider(ref_closest_on_segment(q1, p0, p1), q1);
        const DVec3 u = p1 - p0, e = q1 - q0, w = p0 - q0;
        const DVec3 n = dcross(u, e);
        const double den = ddot(n, n);  // = |u|^2 |e|^2 - (u.e)^2, without the cancellation
        if (den > 0.0) {
            const double s = (ddot(u, e) * ddot(e, w) - ddot(e, e) * ddot(u, w)) / den;
            const double q = (ddot(u, u) * ddot(e, w) - ddot(u, e) * ddot(u, w)) / den;
            if (s > 0.0 && s < 1.0 && q > 0.0 && q < 1.0) out.consider(p0 + u * s, q0 + e * q);
        }
    }
    const DVec3 n = dcross(v[1] - v[0], v[2] - v[0]);
    const double h0 = ddot(p0 - v[0], n), h1 = ddot(p1 - v[0], n);
    if ((h0 < 0.0 && h1 > 0.0) || (h0 > 0.0 && h1 < 0.0)) {
        const DVec3 x = p0 + (p1 - p0) * (h0 / (h0 - h1));
        out.consider(x, ref_closest_on_triangle(x, v[0], v[1], v[2]));
    }
    out.dist = std::sqrt(out.dist_sq);
    return out;
}

inline double ref_segment_triangle_distance(DVec3 p0, DVec3 p1, const Triangle& t) {
    return ref_segment_triangle(p0, p1, t).dist;
}

/// A capsule's axis translated by `motion` * t, in double from the float inputs.
struct DCapsuleMotion {
    DVec3 start, end, delta;
    DCapsuleMotion(const Capsule& c, Vec3 motion) : start(d(c.start)), end(d(c.end)), delta(d(motion)) {}
    DVec3 a(double t) const { return start + delta * t; }
    DVec3 b(double t) const { return end + delta * t; }
    double length() const { return dlen(delta); }
};

}  // namespace shototsu::test
