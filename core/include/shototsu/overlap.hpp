// shototsu — containment and overlap tests with their contact (seed 000's triangle–sphere and
// seed 004's pairs), the player-vs-wall push-out.
//
// Every `x_y(A, B)` returns a Contact whose normal points from A toward B and whose depth is how
// far B must move along it to separate (results.hpp). The obstacle-like shape comes first.
#pragma once

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

// ---- containment: points inside or on the surface ---------------------------------------------
bool sphere_contains_point(const Sphere& s, Vec3 p);
bool aabb_contains_point(const AABB& box, Vec3 p);
/// Squared distance to the capsule's segment compared with radius^2.
bool capsule_contains_point(const Capsule& c, Vec3 p);
bool obb_contains_point(const OBB& box, Vec3 p);
/// Edge signs: p is inside when it is on the inner side of (or on) every edge. Works for either
/// winding. Fewer than 3 vertices, or zero area, is the segment or point they span (on it =
/// inside). This replaces seed 004's sum of acos angles, which is slow and needs a tolerance.
bool convex_polygon_contains_point(const ConvexPolygon2D& poly, Vec2 p);

// ---- contacts ---------------------------------------------------------------------------------
/// Two spheres. point: on a's surface toward b. Coincident centres: normal +Y.
Contact sphere_sphere(const Sphere& a, const Sphere& b);

/// Two boxes (touching counts). normal: the axis of least overlap, from a toward b; depth: that
/// overlap; point: the centre of the overlap region.
Contact aabb_aabb(const AABB& a, const AABB& b);

/// Box and sphere (seed 004's sphere–AABB, with the box distance its listing meant).
/// point: the closest point of the box to the centre. Centre inside the box: the normal is
/// the nearest face's and depth = radius + distance to that face.
Contact aabb_sphere(const AABB& box, const Sphere& s);

/// Two capsules (seed 004: segment–segment distance against the sum of radii). point: on a's
/// surface. Intersecting axes: normal perpendicular to both (or +Y for collinear ones).
Contact capsule_capsule(const Capsule& a, const Capsule& b);

/// Capsule and sphere. point: on the capsule's surface.
Contact capsule_sphere(const Capsule& c, const Sphere& s);

/// Two oriented boxes by the separating-axis theorem on 15 axes (Ericson RTCD 4.4.1, with the
/// parallel-edge cushion tol::kSatAxisCushion). normal: the axis of least penetration, from a
/// toward b; depth: that penetration; point: the support point of b's deepest corner along -normal.
Contact obb_obb(const OBB& a, const OBB& b);

/// Oriented box and sphere. point: the closest point of the box. Centre inside: as aabb_sphere.
Contact obb_sphere(const OBB& box, const Sphere& s);

/// Triangle and sphere (seed 000): closest point of the triangle to the centre, compared with
/// the radius. point: that closest point; normal: from it toward the centre, or the face
/// normal (b-a)x(c-a) when the centre lies on the triangle (for a degenerate triangle, a
/// deterministic perpendicular of its segment, or +Y for a point); depth = radius - distance.
Contact triangle_sphere(const Triangle& tri, const Sphere& s);

/// Triangle and capsule: closest points of the triangle and the capsule's segment (segment vs
/// the three edges, and the segment's crossing of the face) compared with the radius.
/// point: on the triangle; normal: toward the capsule's axis (the face normal, oriented toward
/// the segment's start side, when the axis crosses the triangle; depth then measures the
/// shortest way out along it).
Contact triangle_capsule(const Triangle& tri, const Capsule& c);

/// The smallest translation that moves box `moving` out of box `fixed` (seed 004's
/// FixCollisions: resolve along the axis of minimum overlap). Zero when they do not overlap or
/// only touch. Ties prefer x, then y, then z.
Vec3 push_out_aabb_aabb(const AABB& moving, const AABB& fixed);

}  // namespace shototsu
