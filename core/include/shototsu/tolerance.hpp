// shototsu — the library's shared tolerances, named, each with its reason. (Tolerances that only
// one part of the core uses sit in that part's private header: the character's in
// core/src/character_detail.hpp and triangle_cache.hpp, the particles' skin in particle_skin.hpp.)
//
// Query bodies never contain a bare epsilon. Tolerances are relative to the size of the shapes
// involved unless a comment says otherwise: the library is tested from 1e-3 to 1e4.
//
// PRECISION. Queries take and return float32. Where a formula squares the condition number of the
// geometry (Lagrange-identity products, circumcentres, quadratic discriminants), its intermediates
// run in double: float inputs and their products are exact there, and double is as deterministic
// natively as in wasm.
#pragma once

namespace shototsu::tol {

/// A triangle is zero-area when |ab x ac|^2 <= kDegenerateSinSq L^4 (L its longest edge, in
/// double): below a height of 1e-8 L its normal is rounding noise, and its segment is as good.
inline constexpr double kDegenerateSinSq = 1e-16;

/// Two directions are parallel when |a x b|^2 <= kParallelSinSq |a|^2 |b|^2 (sine below ~1e-5):
/// segment closest points and slab tests would only amplify rounding with a smaller denominator.
inline constexpr float kParallelSinSq = 1e-10f;

/// OBB separating axes: edge pairs whose sine is at most this give no cross-product axis, which
/// would be rounding noise "separating" overlapping boxes (Ericson, RTCD 4.4.1).
inline constexpr float kSatAxisCushion = 1e-6f;

/// A squared length below this (absolute, m^2) is a zero vector: no direction is taken from it.
/// Far below any length that matters, well above the denormals where normalising overflows.
inline constexpr float kTinyLengthSq = 1e-30f;

/// Slab tests replace an exactly zero direction component by this before inverting it, so that
/// 0 * inf never makes a NaN: the slab is then "always inside" or "never inside".
inline constexpr float kSlabTinyDirection = 1e-30f;

/// BVH traversal grows node boxes and the best distance by this times the scene's magnitude: a
/// float slab test is exact to about an ulp of that, and culling must never drop a touching triangle.
inline constexpr float kTraversalSlopRel = 4e-7f;

/// Sweeps: a start within kSweepContactSlop * max(|start|, radius) of touching is touching, so a
/// sphere put back at a contact rounded to float lifts off, or stops at once, instead of creeping.
inline constexpr double kSweepContactSlop = 1e-6;

/// Sweeps: the rounding cushion is this times the problem's length scale; features are widened by
/// it so that double rounding near tangency opens no pinhole. 600 times under float resolution.
inline constexpr double kSweepCushion = 1e-10;

/// Relative error bound of a short sum of products evaluated in double from float inputs (after
/// Shewchuk's orient3d filter, with margin): a value within it has no reliable sign and counts as 0.
inline constexpr double kDoubleEvalRelError = 2e-15;

/// Closest points nearer than this times the largest coordinate give no direction (their
/// difference is rounding): overlap contacts then take the normal from the shapes.
inline constexpr double kCoincidentRel = 1e-9;

/// Queries carried into a transformed object's space grow its boxes by this times the magnitudes
/// involved: a rotation and scale applied in float move a point by a few ulps of them.
inline constexpr float kTransformSlopRel = 4e-6f;

/// A matrix is rigid with uniform scale when its columns' lengths agree and they are orthogonal
/// to this relative tolerance: float matrices from three.js carry ~1e-7 of rounding.
inline constexpr double kRigidScaleRel = 1e-4;

/// A rotation quaternion whose squared length is within this of 1 is used as it is: normalising
/// in float leaves about 1e-7, and normalising again would change its bits.
inline constexpr float kUnitQuatSq = 1e-5f;

/// A refitted mesh hierarchy is rebuilt when its SAH cost exceeds its cost at the last build by
/// this factor (a deformation has stretched its boxes over much empty space).
inline constexpr float kRefitRebuildRatio = 1.5f;

/// The same for the top level over the objects' boxes after objects moved.
inline constexpr float kTopRebuildRatio = 1.5f;

}  // namespace shototsu::tol
