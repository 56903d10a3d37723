// shototsu — containment and overlap tests with their contact (the triangle–sphere of the
// DxLib tutorial (triangle–sphere) and the pairs of Madhav, Game Programming in C++ ch. 10),
// the player-vs-wall push-out.
//
// Every `x_y(A, B)` returns a Contact whose normal points from A toward B and whose depth is how
// far B must move along it to separate (results.hpp). The obstacle-like shape comes first.
// Inputs are float; every query computes in double (tolerance.hpp, PRECISION), so "touching"
// (hit, depth 0) is decided as exactly as the float inputs allow: spheres, capsules and triangles
// miss only when a lower bound of their exact distance exceeds the radii, so that a closest point
// rounded an ulp away never turns an exact touch into a miss. Non-finite input, a negative
// radius or half extent, and an empty AABB (min > max) are no shape: a miss (all fields zero),
// or false for containment. Zero radii, zero-length capsules and zero-extent boxes are points,
// segments and flat boxes, and work as such.
#pragma once

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

// ---- containment: points inside or on the surface --------------------------------------------
// (Contains in Madhav, Game Programming in C++ ch. 10)
/// |p - centre|^2 <= radius^2, in double. A zero radius contains only its centre.
bool sphere_contains_point(const Sphere& s, Vec3 p);
/// min <= p <= max on every axis (faces, edges and corners count; a flat box is its rectangle).
bool aabb_contains_point(const AABB& box, Vec3 p);
/// Squared distance to the capsule's segment compared with radius^2, in double. A zero-length
/// capsule is a sphere.
bool capsule_contains_point(const Capsule& c, Vec3 p);
/// p in the box's frame (rotation normalised, in double) within +-half_extents on every axis.
bool obb_contains_point(const OBB& box, Vec3 p);
/// Edge signs: p is inside when no edge has it on the other side from the rest — so either
/// winding works, and points on an edge or a vertex are inside. The signs are exact (products of
/// floats summed in expansion arithmetic, Shewchuk), at any scale. An empty polygon contains
/// nothing; fewer than 3 vertices, or zero area, is the segment or point they span (on it =
/// inside). This replaces the sum of acos angles of Madhav, Game Programming in C++ ch. 10,
/// which is slow and needs a tolerance.
bool convex_polygon_contains_point(const ConvexPolygon2D& poly, Vec2 p);

// ---- contacts ---------------------------------------------------------------------------------
/// Two spheres (Madhav, Game Programming in C++ ch. 10: centre distance against the sum of radii).
/// point: on a's surface toward b; depth = r_a + r_b - distance. Coincident centres (closer than
/// tol::kCoincidentRel times their coordinates): normal +Y, depth measured along it.
Contact sphere_sphere(const Sphere& a, const Sphere& b);

/// Two boxes (the interval test of Madhav, Game Programming in C++ ch. 10; touching counts).
/// normal: +-x, +-y or +-z, the face direction in which b leaves a by the shortest translation;
/// depth: that translation; point: the centre of the overlap region. Ties prefer x, then y, then z,
/// and + before -.
Contact aabb_aabb(const AABB& a, const AABB& b);

/// Box and sphere (the sphere–AABB of Madhav, Game Programming in C++ ch. 10, with the box distance
/// its listing meant; Ericson RTCD 5.2.5). Centre outside: point = the closest point of the box,
/// normal from it to the centre, depth = radius - distance. Centre inside or on the surface: the
/// nearest face's normal (ties: x, y, z, max face before min face), depth = radius + distance to
/// that face, point = the centre's projection onto that face.
Contact aabb_sphere(const AABB& box, const Sphere& s);

/// Two capsules (Madhav, Game Programming in C++ ch. 10: segment–segment distance against the sum
/// of radii; Ericson RTCD 5.1.9). point: on a's surface; depth = r_a + r_b - distance. When the
/// axes touch or cross (closest points within tol::kCoincidentRel of the coordinates) the normal is
/// perpendicular to both, oriented up (y > 0; then x > 0; then z > 0); for parallel axes it is the
/// perpendicular of a's axis nearest +Y (+X for vertical axes; b's axis when a is a point; +Y for
/// two points), and the depth is measured along it. Zero-length capsules give sphere_sphere's
/// answer exactly.
Contact capsule_capsule(const Capsule& a, const Capsule& b);

/// Capsule and sphere: capsule_capsule with the sphere as a zero-length capsule (same bits).
/// point: on the capsule's surface. Centre on the axis: the axis's perpendicular nearest +Y.
Contact capsule_sphere(const Capsule& c, const Sphere& s);

/// Two oriented boxes by the separating-axis theorem on 15 axes (Ericson RTCD 4.4.1), in double
/// on unit axes so that penetrations compare. normal: the axis of least penetration, from a
/// toward b (ties: a's faces, b's faces, then edge pairs); depth: that penetration; point: b's
/// corner deepest along -normal. Edge pairs within tol::kSatAxisCushion of parallel (sine of
/// their angle) give no axis: their cross product is rounding noise, the face axes cover them.
Contact obb_obb(const OBB& a, const OBB& b);

/// Oriented box and sphere: aabb_sphere in the box's frame (rotation normalised), turned back.
Contact obb_sphere(const OBB& box, const Sphere& s);

/// Triangle and sphere (Ericson RTCD 5.1.5; DxLib tutorial (triangle–sphere)): closest point of the
/// triangle to the centre (the region decided by closest_point_on_triangle, the point recomputed in
/// double), compared with the radius. point: that closest point; depth = radius - distance; normal:
/// from it toward the centre (over the face: the face normal on the centre's side). Centre on the
/// triangle (within tol::kCoincidentRel): the face normal normalize((b-a)x(c-a)), depth measured
/// along it; for a degenerate triangle the perpendicular of its segment nearest +Y (+X when
/// vertical), +Y for a point.
Contact triangle_sphere(const Triangle& tri, const Sphere& s);

/// Triangle and capsule: closest points of the triangle and the capsule's segment (its ends vs
/// the triangle, it vs the three edges, and its crossing of the face) compared with the radius.
/// point: on the triangle; normal: toward the capsule's axis, depth = radius - distance. When
/// the axis crosses or touches the triangle (within tol::kCoincidentRel) the normal is the face
/// normal on the side of the segment's start (the end's when the start is on the plane, within
/// the same tolerance; the front when both are), and
/// depth is how far the capsule must move along it for its lower end to be a radius above the
/// plane: the shortest way out along the normal when that end is over the triangle, an upper
/// bound otherwise. A zero-length capsule is triangle_sphere (same bits); a degenerate triangle
/// is its longest edge (a segment, as in capsule_capsule).
Contact triangle_capsule(const Triangle& tri, const Capsule& c);

/// The smallest translation that moves box `moving` out of box `fixed` (FixCollisions in
/// Madhav, Game Programming in C++ ch. 10: resolve along the axis of minimum overlap) —
/// aabb_aabb(fixed, moving)'s normal * depth, so one component is non-zero. The obstacle comes
/// first, as in every pair. Afterwards the boxes touch (up to the float rounding of adding it to
/// the box). Zero when they do not overlap or only touch. Ties prefer x, then y, then z, and +
/// before -.
Vec3 push_out_aabb_aabb(const AABB& fixed, const AABB& moving);

}  // namespace shototsu
