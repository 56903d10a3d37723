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

/// Particles: after a contact a particle is set back from the surface along the normal by
/// max(kParticleSkinRadiusRel * radius, kParticleSkinCoordRel * max(max |coordinate|, radius)),
/// so that the next sweep starts FREE of it rather than within the sweeps' touching band
/// (kSweepContactSlop of the same magnitude, which the second term exceeds 4 times): a particle
/// at rest then falls by the skin, stops, and is set back to the same place — a fixed point, no
/// creeping up or down — and slides tangentially without re-touching. 1e-4 of a 15 cm radius is
/// 15 microns; at 30 m from the origin the skin is 0.12 mm.
inline constexpr float kParticleSkinRadiusRel = 1e-4f;
inline constexpr float kParticleSkinCoordRel = 4.0f * static_cast<float>(kSweepContactSlop);

/// Character controller: a slide stops when what is left of the motion is below this fraction
/// of the skin width (a hundredth of a millimetre for a 1 cm skin): nothing visible remains, and
/// chasing it would spend the pass budget on rounding.
inline constexpr float kCharacterMinMoveSkinRel = 1e-3f;
/// Character controller: a step up is kept only when it gets the character farther horizontally
/// than plain walking by this fraction of the intended move; a step that gains nothing (a wall
/// too high to step onto, a steep ramp) is discarded, so walls never cause hops.
inline constexpr float kCharacterStepGain = 0.01f;
/// Character controller: contact normals this close to horizontal (y below this) are treated as
/// this steep when converting a gap along the normal into a vertical distance, which would
/// otherwise blow up at vertical walls; and no surface this steep is walkable (84.3 degrees,
/// whatever max_slope_degrees says).
inline constexpr float kCharacterMinNormalY = 0.1f;
/// Character controller: how far inside a step's edge (as a fraction of the radius, toward the
/// capsule's centre) the floor is probed to decide that a rounded contact on the edge stands on
/// the step's top.
inline constexpr float kCharacterEdgeProbe = 0.1f;

/// Character controller: bisection steps when stopping short of another character: 16 halvings
/// of a move of at most a few decimetres leave a few microns of unused motion — invisible.
inline constexpr int kCharacterObstacleBisections = 16;

/// Character controller: the triangle cache's box is what one move can reach grown by this
/// fraction of the character's height on every side, so that walking refills it every several
/// moves rather than every move (S2: every 8th at 4 m/s), while a larger box would hold more
/// triangles to box-test per cast (0.1-0.35 measured: 0.2-0.25 cost least).
inline constexpr float kCharacterCacheMargin = 0.2f;
/// Character controller: a cached cast tests each triangle's box against the swept shape's box
/// grown by its radius plus this fraction of the magnitudes involved — a hundred times the sweeps'
/// touching band (tol::kSweepContactSlop), so no triangle a sweep could touch is ever skipped.
inline constexpr float kCharacterCacheBoxPadRel = 1e-4f;
/// Character controller: a cached cast's earliest contact time from a triangle's normal paired with
/// an edge's normal (the root of a quadratic) is taken this fraction earlier before it is checked
/// by direct evaluation, so that the root's own rounding (~1e-16 relative) never puts it past the
/// check; far below anything that matters for the order in which triangles are swept.
inline constexpr double kCharacterPairBoundEarly = 1e-9;

/// Character controller cache: a triangle whose earliest possible contact (from its separating
/// axis, a fraction of the cast) lies more than this beyond the best hit found so far is not
/// swept. A sweep's fraction is its double contact time rounded down to float32, at most one ulp
/// (< 6e-8 for t <= 1) earlier; the rest is margin for the double arithmetic of both.
inline constexpr double kCharacterCastOrderSlack = 1e-6;

}  // namespace shototsu::tol
