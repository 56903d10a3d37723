// shototsu — every tolerance of the library, named, with the reason it exists.
//
// Query bodies never contain a bare epsilon: they use one of these. Tolerances are relative
// (scaled by the size of the shapes involved) unless the comment says otherwise, because the
// library is tested with coordinates from 1e-3 to 1e4.
//
// PRECISION. Queries take and return float32. Where a formula squares the condition number of
// the geometry (the Lagrange-identity products of closest_point_on_triangle, circumcentres,
// quadratic discriminants), its intermediates run in double: float inputs are exact in double,
// products of two floats are exact, and IEEE double is as deterministic natively and in wasm
// and as fast for scalar code. three.js computes these in double too; we must not be less
// correct than it.
#pragma once

namespace shototsu::tol {

/// A triangle is treated as zero-area when |ab x ac|^2 <= kDegenerateSinSq * L^4, L its
/// longest edge — when its height is below 1e-8 L. (Evaluated in double.)
/// Float coordinates allow heights down to ~1e-14 L; below 1e-8 L the face's normal is rounding
/// noise, and answering with the segment the triangle collapses to is off by at most that
/// height — under float32's own resolution (6e-8 L) of the answer.
inline constexpr double kDegenerateSinSq = 1e-16;

/// Two directions are treated as parallel when |a x b|^2 <= kParallelSinSq |a|^2 |b|^2
/// (sine of their angle below ~1e-5). Used by segment–segment closest points and slab tests,
/// where a smaller denominator only amplifies rounding error.
inline constexpr float kParallelSinSq = 1e-10f;

/// Relative size of the cushion added to separating-axis tests on OBBs whose edges are
/// (nearly) parallel: the cross product of two parallel edges is a rounding-noise axis that
/// would otherwise "separate" overlapping boxes (Ericson, RTCD 4.4.1).
inline constexpr float kSatAxisCushion = 1e-6f;

/// A squared length below this (absolute, in m^2) is a zero vector: directions are not taken
/// from it. 1e-30 is far below any meaningful length at our scales yet well above the float
/// denormal range, where normalising would overflow.
inline constexpr float kTinyLengthSq = 1e-30f;

/// Closest points of two shapes nearer than kCoincidentRel times the largest coordinate involved
/// give no direction: their difference is within the rounding error of computing them (double
/// intermediates, ~1e-16 relative, amplified a few orders near the parallel threshold), so
/// overlap contacts take their normal from the shapes instead (a face normal, or a perpendicular
/// of both segments) and measure the depth along it. 1e-9 is far above that noise and far below
/// float32's resolution of the coordinates (6e-8), so the switch changes no float position.
inline constexpr double kCoincidentRel = 1e-9;

}  // namespace shototsu::tol
