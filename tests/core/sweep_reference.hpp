// Independent double-precision references for the sweep suites: the first time at which the
// distance from a moving centre to an obstacle falls to the radius, found by time-stepping and
// bisection on the distance itself (no quadratic, no feature logic).
#pragma once

#include <cmath>

#include "test_support.hpp"

namespace shototsu::test {

/// The moving centre in double: start + (end - start) t, from the float inputs.
struct DMotion {
    DVec3 start, delta;
    DMotion(Vec3 s, Vec3 e) : start(d(s)), delta(d(e) - d(s)) {}
    DVec3 at(double t) const { return start + delta * t; }
    double length() const { return dlen(delta); }
};

/// What the reference found for g(t) = distance(t) - radius on [0, 1].
struct RefContact {
    bool hit = false;
    /// First t with g(t) <= 0 (0 when the start already touches); 1 on a miss.
    double t = 1.0;
    /// min of g over [0, 1] and where it is: how clear a miss or how deep a hit is.
    double min_gap = 0.0;
    double t_min = 0.0;
};

inline constexpr int kRefSteps = 256;

/// `dist(t)` must be convex in t (the distance from a point moving on a line to a convex set
/// is): the samples bracket its minimum, a golden-section search polishes it (so a grazing
/// contact shorter than one step is not skipped), and bisection finds the first crossing.
template <class Dist>
RefContact ref_first_contact(Dist dist, double radius) {
    RefContact out;
    double best_t = 0.0, best = dist(0.0);
    for (int i = 1; i <= kRefSteps; ++i) {
        const double t = static_cast<double>(i) / kRefSteps, g = dist(t);
        if (g < best) {
            best = g;
            best_t = t;
        }
    }
    double lo = std::fmax(0.0, best_t - 1.0 / kRefSteps), hi = std::fmin(1.0, best_t + 1.0 / kRefSteps);
    const double phi = 0.6180339887498949;
    for (int i = 0; i < 60; ++i) {  // shrinks the bracket by 0.618^60 = 3e-13
        const double m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
        if (dist(m1) < dist(m2))
            hi = m2;
        else
            lo = m1;
    }
    const double polished = 0.5 * (lo + hi);
    if (dist(polished) < best) {
        best = dist(polished);
        best_t = polished;
    }
    out.min_gap = best - radius;
    out.t_min = best_t;
    if (dist(0.0) <= radius) {
        out.hit = true;
        out.t = 0.0;
        return out;
    }
    if (best > radius) return out;
    double a = 0.0, b = best_t;     // g(a) > 0 >= g(b), g decreasing on [0, t_min] by convexity
    for (int i = 0; i < 64; ++i) {  // 2^-64: below double resolution of t
        const double m = 0.5 * (a + b);
        if (dist(m) <= radius)
            b = m;
        else
            a = m;
    }
    out.hit = true;
    out.t = b;
    return out;
}

/// Largest absolute coordinate of the inputs, as a double.
inline double dmagnitude(std::initializer_list<Vec3> pts) { return static_cast<double>(magnitude(pts)); }

}  // namespace shototsu::test
