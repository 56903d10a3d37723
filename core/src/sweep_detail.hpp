// shototsu (internal) — a cheap rejection shared by the sphere and capsule sweeps (sweep.cpp,
// sweep_capsule.cpp). Never part of the public API.
#pragma once

#include "dvec.hpp"
#include "shototsu/closest_point.hpp"

namespace shototsu {
struct Capsule;
struct SweepHit;
struct Triangle;
struct TriangleSweepHit;
}  // namespace shototsu

namespace shototsu::detail {

/// sweep_capsule_triangle for a caller that knows the capsule starts farther from the triangle
/// than its radius plus the sweep's touching band (tol::kSweepContactSlop times the larger of its
/// ends' largest coordinate and the radius), say by a separating axis: the same answer, without
/// the start's closest points (sweep_capsule.cpp). Given a capsule that does not, its answer is
/// unspecified.
SweepHit sweep_capsule_triangle_free_start(const Capsule& capsule, Vec3 motion, const Triangle& tri);
/// sweep_capsule_triangle without its fast path for a lower end meeting a face (tests compare the
/// two bit for bit).
SweepHit sweep_capsule_triangle_exhaustive(const Capsule& capsule, Vec3 motion, const Triangle& tri);
/// sweep_sphere_triangle likewise, for a sphere known to start farther than its radius plus the
/// touching band (tol::kSweepContactSlop times the larger of the start's largest coordinate and
/// the radius) from the triangle (sweep.cpp).
TriangleSweepHit sweep_sphere_triangle_free_start(float radius, Vec3 start, Vec3 end, const Triangle& tri);

/// Whether the segment [a, a + u] translated by t d, 0 <= t <= 1, stays farther than `reach`
/// beyond one of the edges e[i] = v[i + 1] - v[i] of the triangle v (normal n = (v1 - v0) x (v2 - v0), not zero-area),
/// measured along that edge's outward normal in the triangle's plane, e x n. The triangle lies on
/// the inner side of that line, so then nothing of the triangle comes within `reach` of the
/// swept segment: a separating axis. The swept segment is the parallelogram a, a + u, a + d,
/// a + u + d, whose lowest value along the axis is a's plus the negative parts of u's and d's.
/// The axis is not normalised (|e x n| = |e| |n| since e is in the plane), so the comparison is
/// squared. A sphere is u = 0. The rounding of these double dot products is about 1e-16 of the
/// problem's scale: callers pass a reach widened by their cushions, which are far larger.
inline bool beyond_an_edge(const DVec3 v[3], const DVec3 e[3], DVec3 n, double nn, DVec3 a, DVec3 u, DVec3 d,
                           double reach) {
    for (int i = 0; i < 3; ++i) {
        const DVec3 m = cross(e[i], n);
        const double lo = dot(a - v[i], m) + dmin(dot(u, m), 0.0) + dmin(dot(d, m), 0.0);
        if (lo > 0.0 && lo * lo > reach * reach * length_sq(e[i]) * nn) return true;
    }
    return false;
}

/// The Voronoi region of the triangle v (not zero-area) that p lies in: closest_point_on_triangle's
/// decision (closest_point.cpp: closest_on_triangle), the same double products in the same order,
/// so always the same region — without the point and barycentrics it goes on to compute, which
/// the sweeps recompute on the feature themselves. Keep the two in step.
inline TriangleRegion triangle_region(const DVec3 v[3], DVec3 p) {
    const DVec3 ab = v[1] - v[0], ac = v[2] - v[0];
    const DVec3 ap = p - v[0], bp = p - v[1], cp = p - v[2];
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0) return TriangleRegion::A;
    const double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0.0 && d4 <= d3) return TriangleRegion::B;
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return TriangleRegion::AB;
    const double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0.0 && d5 <= d6) return TriangleRegion::C;
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return TriangleRegion::CA;
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) return TriangleRegion::BC;
    return TriangleRegion::Face;
}

}  // namespace shototsu::detail
