// shototsu — segment casts: the first point where a segment from `start` (t = 0) to `end`
// (t = 1) meets an obstacle (seed 004's segment tests, corrected). Conventions in results.hpp:
// starting inside gives t = 0 with the shortest way out as normal; a miss gives t = 1.
#pragma once

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

/// Segment against a (two-sided) plane. normal: the plane normal flipped to face the start.
/// A segment lying in the plane (or starting on it) hits at t = 0 with the plane's own normal.
/// Parallel and off the plane: miss (seed 004 divides by the zero denominator here).
/// A degenerate plane (zero normal) is never hit.
CastHit intersect_segment_plane(const Segment& s, const Plane& plane);

/// Segment against a solid sphere (quadratic; Ericson RTCD 5.3.2). Starting inside: t = 0,
/// normal from the centre toward the start (seed 004 reports the exit point here instead;
/// that is a defect). Start at the exact centre: normal = -direction of the segment, or +Y for
/// a zero-length one. A zero radius sphere is a point, hit only when the segment passes
/// through it exactly.
CastHit intersect_segment_sphere(const Segment& s, const Sphere& sphere);

/// Segment against a solid box by slabs (Kay–Kajiya; Ericson RTCD 5.3.3) with the entry face's
/// normal (the face of the slab entered last). Starting inside: t = 0, the nearest face's normal.
/// A component of the direction that is exactly zero never divides: that slab is either always
/// or never satisfied.
CastHit intersect_segment_aabb(const Segment& s, const AABB& box);

/// Segment against a solid oriented box (the box's local frame, then slabs).
CastHit intersect_segment_obb(const Segment& s, const OBB& box);

/// Result of a segment–triangle cast: the CastHit fields plus where on the triangle it landed.
struct TriangleCastHit {
    bool hit = false;
    float t = 1.0f;
    Vec3 point;
    /// The face normal flipped to face the segment's start; zero on a miss.
    Vec3 normal;
    /// Barycentric (u, v, w) of `point` on the triangle.
    Vec3 barycentric;
};

/// Segment against a triangle, hit from either side (Möller–Trumbore, 1997, with the scalar
/// triple products of Ericson RTCD 5.3.6). A segment lying in the triangle's plane hits where it
/// first enters the triangle (clipped against the three edges in the plane); starting on the
/// triangle gives t = 0. Degenerate triangles behave as the segment or point they collapse to
/// (hit only when the cast passes through it within tolerance).
TriangleCastHit intersect_segment_triangle(const Segment& s, const Triangle& tri);

/// Segment against a solid capsule: the infinite cylinder clipped to the axis, then the two end
/// spheres (Ericson RTCD 5.3.7; Jolt's RayCapsule). Starting inside: t = 0, normal away from
/// the axis. A zero-length capsule is a sphere.
CastHit intersect_segment_capsule(const Segment& s, const Capsule& c);

}  // namespace shototsu
