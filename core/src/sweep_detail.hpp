// shototsu (internal) — a cheap rejection shared by the sphere and capsule sweeps (sweep.cpp,
// sweep_capsule.cpp). Never part of the public API.
#pragma once

#include "dvec.hpp"

namespace shototsu::detail {

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

}  // namespace shototsu::detail
