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

/// Separating-axis tests on OBBs: edge pairs whose sine is at most this give no cross-product
/// axis. The cross product of two (nearly) parallel edges is a rounding-noise axis that would
/// otherwise "separate" overlapping boxes (Ericson, RTCD 4.4.1); the face axes cover that case.
inline constexpr float kSatAxisCushion = 1e-6f;

/// A squared length below this (absolute, in m^2) is a zero vector: directions are not taken
/// from it. 1e-30 is far below any meaningful length at our scales yet well above the float
/// denormal range, where normalising would overflow.
inline constexpr float kTinyLengthSq = 1e-30f;

/// Slab tests replace a direction component that is exactly zero by this before inverting it,
/// so that 0 * inf never makes a NaN: the slab then spans (-1e30 .. +1e30) times the offset,
/// i.e. "always inside" or "never inside" for any distance a scene can have.
inline constexpr float kSlabTinyDirection = 1e-30f;

/// BVH traversal: node boxes are grown, and the current best distance is extended, by this times
/// the magnitude of the scene (largest |coordinate| of the ray's origin and the mesh's bounds,
/// plus the query's length and size). A float slab test is exact to about one ulp of that
/// magnitude in position: without the slop a triangle touching the query could be culled when
/// its node's computed entry lands a rounding error past the current best (and with it an
/// earlier hit, or the lower-index triangle of an exact tie). Culling only; every surviving
/// triangle is still decided exactly, so results equal brute force.
inline constexpr float kTraversalSlopRel = 4e-7f;

/// Sweeps: a sphere whose distance from the obstacle at the start is within
/// kSweepContactSlop * max(max |start coordinate|, radius) of its radius is TOUCHING rather than
/// free or overlapping. A centre that an earlier sweep returned was rounded to float32 (half an
/// ulp, ~6e-8 relative, per coordinate), so a sphere put back at its contact lands a little
/// inside or outside; 1e-6 (about 8 ulps) covers that. Then a resting sphere can lift off
/// (touching and moving away is a miss) and one pressed on stops at once (touching and
/// approaching is a hit at t = 0) instead of sinking one rounding error per step.
inline constexpr double kSweepContactSlop = 1e-6;

/// Sweeps: the rounding cushion kappa = kSweepCushion times the problem's length scale (start to
/// triangle, motion, edge length, radius). A line of motion passing within radius + kappa of a
/// vertex or an edge's line counts as tangent (touching at its closest approach), and the
/// triangle's edges bounding the face and the ends of each edge are widened by kappa. The tests
/// run in double; its rounding (1e-16 relative, grown by cancellation near tangency) could
/// otherwise open pinholes at grazing incidence and where two features meet, and a particle
/// would slip through. Widening only makes a contact earlier or turns a near-miss by less than
/// kappa into a touch: 1e-10 of the scale, still 600 times under float32's resolution.
inline constexpr double kSweepCushion = 1e-10;

/// Relative error bound of a short sum of products (a dot product, a 3x3 determinant) evaluated
/// in double from float inputs: |computed - exact| <= kDoubleEvalRelError * (the same sum with
/// every product taken in absolute value). Shewchuk's orient3d filter proves 7.8e-16 when the
/// coordinate differences are exact; the margin covers differences of floats whose exponents are
/// more than 29 apart, which round. A value within the bound has no reliable sign, so casts take it
/// as exactly zero: a point on the plane of float inputs is on it whatever the evaluation order
/// (touching counts). Far below float resolution (6e-8), so it never thickens a surface visibly.
inline constexpr double kDoubleEvalRelError = 2e-15;

/// Closest points of two shapes nearer than kCoincidentRel times the largest coordinate involved
/// give no direction: their difference is within the rounding error of computing them (double
/// intermediates, ~1e-16 relative, amplified a few orders near the parallel threshold), so
/// overlap contacts take their normal from the shapes instead (a face normal, or a perpendicular
/// of both segments) and measure the depth along it. 1e-9 is far above that noise and far below
/// float32's resolution of the coordinates (6e-8), so the switch changes no float position.
inline constexpr double kCoincidentRel = 1e-9;

}  // namespace shototsu::tol
