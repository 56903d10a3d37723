// shototsu (internal) — double-precision vectors for the intermediates of ill-conditioned
// formulas (see the PRECISION note in tolerance.hpp). Never part of the public API.
#pragma once

#include <cmath>

#include "shototsu/math.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu::detail {

struct DVec3 {
    double x = 0, y = 0, z = 0;
};
SHOTOTSU_TINY DVec3 dv(Vec3 v) { return {v.x, v.y, v.z}; }
SHOTOTSU_TINY Vec3 fv(DVec3 v) { return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)}; }
SHOTOTSU_TINY DVec3 operator+(DVec3 a, DVec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
SHOTOTSU_TINY DVec3 operator-(DVec3 a, DVec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
SHOTOTSU_TINY DVec3 operator-(DVec3 a) { return {-a.x, -a.y, -a.z}; }
SHOTOTSU_TINY DVec3 operator*(DVec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
SHOTOTSU_TINY double dot(DVec3 a, DVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
SHOTOTSU_TINY DVec3 cross(DVec3 a, DVec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
SHOTOTSU_TINY double length_sq(DVec3 a) { return dot(a, a); }
/// min/max by plain comparison. std::fmin/fmax are not used in the core: which zero they return
/// for (-0, +0) differs between glibc and Emscripten's libc (a sign-of-zero difference in the
/// golden tests), and natively they are libm calls.
/// In wasm, f64x2.pmin/pmax: the same selects without a branch (see minf in math.hpp).
#if defined(__wasm_simd128__)
SHOTOTSU_TINY double dmin(double a, double b) {
    return wasm_f64x2_extract_lane(wasm_f64x2_pmin(wasm_f64x2_splat(b), wasm_f64x2_splat(a)), 0);
}
SHOTOTSU_TINY double dmax(double a, double b) {
    return wasm_f64x2_extract_lane(wasm_f64x2_pmax(wasm_f64x2_splat(b), wasm_f64x2_splat(a)), 0);
}
#else
SHOTOTSU_TINY double dmin(double a, double b) { return a < b ? a : b; }
SHOTOTSU_TINY double dmax(double a, double b) { return a > b ? a : b; }
#endif
SHOTOTSU_TINY DVec3 dabs(DVec3 v) { return {std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}; }
SHOTOTSU_TINY double dlength(DVec3 v) { return std::sqrt(length_sq(v)); }
/// Largest absolute coordinate: the scale that rounding error is relative to.
SHOTOTSU_TINY double max_abs(DVec3 v) { return dmax(std::fabs(v.x), dmax(std::fabs(v.y), std::fabs(v.z))); }
SHOTOTSU_TINY double component(DVec3 v, int axis) { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); }
SHOTOTSU_TINY double clamp01(double x) { return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x); }
/// v / |v|, or `fallback` when v has no finite, non-zero length.
inline DVec3 unit_or(DVec3 v, DVec3 fallback) {
    const double l2 = length_sq(v);
    if (!(l2 > 0.0) || !std::isfinite(l2)) return fallback;
    return v * (1.0 / std::sqrt(l2));
}

/// Whether every coordinate of these float vectors is finite, in one comparison: x - x is +0 for
/// a finite x and NaN for an infinity or a NaN, and a NaN survives the sum. (The compiler may not
/// fold x - x to 0 without -ffast-math, which the core never uses.) The hot sweeps' form of
/// is_finite(a) && is_finite(b) && ...
template <class... V>
inline bool all_finite(V... v) {
    return (... + ((v.x - v.x) + (v.y - v.y) + (v.z - v.z))) == 0.0f;
}

// ---- sign-exact predicates (used where neighbouring triangles must agree: casts, rays) --------

/// The sum of products of the cross product x × y taken with absolute values: the magnitude
/// against which the rounding of a determinant built from x × y is measured (Shewchuk's
/// "permanent").
SHOTOTSU_TINY DVec3 cross_permanent(DVec3 x, DVec3 y) {
    const DVec3 ax = dabs(x), ay = dabs(y);
    return {ax.y * ay.z + ax.z * ay.y, ax.z * ay.x + ax.x * ay.z, ax.x * ay.y + ax.y * ay.x};
}

/// A value computed in double with the bound of its rounding error (tol::kDoubleEvalRelError).
struct Bounded {
    double value, bound;
};
/// The value when its sign is certain, else exactly 0.
inline double certain(Bounded b) { return std::fabs(b.value) > b.bound ? b.value : 0.0; }

/// Which side of the edge x -> y the line p + d t passes: the scalar triple product
/// [d, x - p, y - p] (Ericson RTCD 5.3.4), given px = x - p and py = y - p. It depends on the edge
/// alone, and swapping the ends negates the value exactly and leaves the bound unchanged (the
/// products commute and rounding is symmetric), so two triangles sharing an edge always agree on
/// the side. Taking an uncertain sign as 0 (on the edge, which counts as touching) keeps a line
/// through a shared vertex from slipping between the triangles of its fan, where every spoke's
/// value is exactly 0 and rounding noise could give them all one sign.
inline Bounded edge_side(DVec3 d, DVec3 px, DVec3 py) {
    return {dot(d, cross(px, py)), tol::kDoubleEvalRelError * dot(dabs(d), cross_permanent(px, py))};
}

}  // namespace shototsu::detail
