// shototsu — segment casts: the first point where a segment from `start` (t = 0) to `end`
// (t = 1) meets an obstacle (the segment tests of Madhav, Game Programming in C++ ch. 10,
// corrected). Conventions in results.hpp: starting inside gives t = 0 with the shortest way out
// as normal; a miss gives t = 1 and zeros.
// For every cast here: a zero-length segment (start == end) is a point test (t = 0 when the point
// is inside or on the obstacle, else a miss); non-finite input is a miss; the arithmetic runs in
// double, so t, point and normal are correctly rounded floats of a near-exact answer.
#pragma once

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

/// Segment against a (two-sided) plane. normal: the plane normal (made unit; it need not be)
/// flipped to face the start. A segment lying in the plane, or starting on it, hits at t = 0 with
/// the plane's own normal; "on" means within the rounding of the double evaluation
/// (tol::kDoubleEvalRelError), so an end on the plane hits at t = 1 whatever the evaluation order.
/// Parallel and off the plane: miss (the listing in Madhav, Game Programming in C++ ch. 10
/// divides by the zero denominator here). A degenerate plane (zero normal) is never hit.
CastHit intersect_segment_plane(const Segment& s, const Plane& plane);

/// Segment against a solid sphere (quadratic in the cancellation-free form of Ericson RTCD 5.3.2
/// and Ray Tracing Gems ch. 7). Starting inside or on it: t = 0, normal from the centre toward the
/// start (the listing in Madhav, Game Programming in C++ ch. 10 reports the exit point here
/// instead; that is a defect). Start at the centre (|start - centre|^2 <= tol::kTinyLengthSq):
/// normal = -direction of the segment, or +Y for a zero-length one. A zero-radius sphere is a
/// point, hit only when the segment passes exactly through it (normal toward the start). A negative
/// radius is an empty sphere: never hit.
CastHit intersect_segment_sphere(const Segment& s, const Sphere& sphere);

/// Segment against a solid box by slabs (Kay–Kajiya; Ericson RTCD 5.3.3) with the entry face's
/// normal (the face of the slab entered last; through an edge or corner, the first axis x, y, z
/// among those entered then). The point is put exactly on that face. Starting inside or on it:
/// t = 0, the nearest face's normal (ties: -x, +x, -y, +y, -z, +z). A component of the direction
/// that is exactly zero never divides: that slab is either always or never satisfied. A flat box
/// (min == max on an axis) is hit where the segment crosses it; an empty box (min > max) never.
CastHit intersect_segment_aabb(const Segment& s, const AABB& box);

/// Segment against a solid oriented box (into the box's local frame, then slabs as
/// intersect_segment_aabb, normal rotated back). The rotation is normalised and applied in double,
/// as by the other oriented-box queries; negative half-extents make an empty box, never hit.
CastHit intersect_segment_obb(const Segment& s, const OBB& box);

/// Result of a segment–triangle cast: the CastHit fields plus where on the triangle it landed.
struct TriangleCastHit {
    bool hit = false;
    float t = 1.0f;
    Vec3 point;
    /// The face normal flipped to face the segment's start; the face's own (counter-clockwise)
    /// normal when the segment starts on the plane or lies in it; for a degenerate triangle, the
    /// direction back toward the start across the collapsed edge. Zero on a miss.
    Vec3 normal;
    /// Barycentric (u, v, w) of `point` on the triangle: each in [0, 1], summing to 1 (for a hit
    /// within rounding outside an edge, those of the nearest point of the triangle).
    Vec3 barycentric;
};

/// Segment against a triangle, hit from either side (Möller–Trumbore, 1997, with the scalar
/// triple products of Ericson RTCD 5.3.4–5.3.6). Watertight over meshes: each edge's triple
/// product depends on that edge alone and changes sign exactly with its direction, and a value
/// within its rounding bound counts as on the edge (touching), so a segment through a shared edge or
/// vertex hits at least one of the triangles there. A segment lying in the triangle's plane hits
/// where it first enters the triangle (clipped against the three edges in the plane); starting on
/// the triangle gives t = 0. Degenerate triangles (tol::kDegenerateSinSq) behave as the longest
/// edge they collapse to, thickened by their height bound (1e-8 of that edge): hit only when the
/// cast passes that close.
TriangleCastHit intersect_segment_triangle(const Segment& s, const Triangle& tri);

/// Ray origin + s dir (s >= 0) against a triangle from either side: the s of the hit with
/// s <= max_s (in units of |dir|; +inf allowed), or -1 on a miss. Watertight like
/// intersect_segment_triangle: the side of each edge is a scalar triple product in double whose
/// sign is taken as 0 (on the edge, which counts) when within its rounding bound, so a ray
/// through a shared edge or vertex of a mesh always hits one of the triangles there. A ray
/// parallel to the plane (within rounding) and a zero-area triangle miss; so does a line so near
/// the plane that its distance along it would put the hit outside the triangle's box (by more
/// than 5e-8 of the magnitudes): a hit always lies in that box, which the world culls by. The
/// fast path of the mesh world's raycasts; non-finite input misses.
float intersect_ray_triangle(Vec3 origin, Vec3 dir, const Triangle& tri, float max_s);

/// Segment against a solid capsule: the infinite cylinder clipped to the axis, then the two end
/// spheres (Ericson RTCD 5.3.7; Jolt's RayCapsule). Starting inside or on it: t = 0, normal away
/// from the nearest axis point; starting on the axis itself, against the motion's part across the
/// axis, else some unit direction across it. A zero-length capsule is a sphere
/// (intersect_segment_sphere), a zero-radius one its axis segment, a negative radius empty.
CastHit intersect_segment_capsule(const Segment& s, const Capsule& c);

}  // namespace shototsu
