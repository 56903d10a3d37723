// shototsu (internal) — the double-precision pieces the overlap queries share: closest points of
// segments, rotation matrices, and the contact of two "round" shapes (a segment or a point
// swollen by a radius: spheres and capsules). Never part of the public API.
//
// Every overlap query computes in double from its float inputs (the PRECISION note of
// tolerance.hpp): differences of floats are exact there for our coordinate range, so the
// decision "touching or not" is as exact as double rounding allows, and directions between
// nearby points are not float noise.
#pragma once

#include <cmath>
#include <initializer_list>

#include "dvec.hpp"
#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu::detail {

/// Largest absolute coordinate of the points: the scale that rounding error is relative to.
inline double max_abs(std::initializer_list<Vec3> points) {
    double m = 0.0;
    for (const Vec3& p : points) {
        m = detail::dmax(m, detail::dmax(std::fabs(p.x), detail::dmax(std::fabs(p.y), std::fabs(p.z))));
    }
    return m;
}

/// A radius that describes a shape: finite and not negative.
inline bool valid_radius(float r) { return std::isfinite(r) && r >= 0.0f; }
inline bool is_finite(Quat q) {
    return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}
/// A box with finite centre, rotation and half extents >= 0.
inline bool valid_obb(const OBB& box) {
    const Vec3 h = box.half_extents;
    return shototsu::is_finite(box.center) && is_finite(box.rotation) && shototsu::is_finite(h) && h.x >= 0.0f &&
           h.y >= 0.0f && h.z >= 0.0f;
}
/// A finite, non-empty box (a zero extent is a flat or point-like box, still valid).
inline bool valid_aabb(const AABB& box) {
    return shototsu::is_finite(box.min) && shototsu::is_finite(box.max) && box.min.x <= box.max.x &&
           box.min.y <= box.max.y && box.min.z <= box.max.z;
}

/// Closest point of segment [a, b] to p (a for a zero-length segment).
DVec3 closest_on_segment(DVec3 p, DVec3 a, DVec3 b);

/// Closest points of segments [a0, a1] and [b0, b1] (Ericson RTCD 5.1.9), with a flag telling
/// that both lie strictly inside their (non-parallel) segments: the points are then those of
/// the two infinite lines, whose common perpendicular is exactly (a1 - a0) x (b1 - b0).
struct SegmentPair {
    DVec3 p1, p2;
    bool interior = false;
    /// Fractions of p1 along [a0, a1] and of p2 along [b0, b1], in [0, 1].
    double s = 0.0, t = 0.0;
};
SegmentPair closest_segments(DVec3 a0, DVec3 a1, DVec3 b0, DVec3 b1);

/// How far apart the closest points of segments [a0, a1] and [b0, b1] are, and the unit
/// direction from the first toward the second — unless they are within tol::kCoincidentRel of
/// `magnitude`, where that direction would be rounding noise (has_normal = false). Interior
/// pairs take the direction from the cross product of the segments, not from the rounded points.
struct Separation {
    SegmentPair pair;
    double dist = 0.0;
    DVec3 normal;
    bool has_normal = false;
};
Separation separation(DVec3 a0, DVec3 a1, DVec3 b0, DVec3 b1, double magnitude);

/// Lower bounds of exact distances, for deciding whether shapes touch: the distance evaluated by
/// cross products of differences of floats (exact in double), less its rounding bound
/// (tol::kDoubleEvalRelError). A distance measured between rounded closest points can come out an
/// ulp above an exact touch, which must count as hitting.
/// From the point a + w to the line through a along d (to a itself when d is zero).
double line_distance_lower_bound(DVec3 w, DVec3 d);
/// From the point a + w to the plane through a spanned by e1 and e2 (not parallel); equally, between
/// the line through a along e1 and the line through a + w along e2.
double plane_distance_lower_bound(DVec3 w, DVec3 e1, DVec3 e2);

/// Whether segments [a0, a1] and [b0, b1], separated as `sep`, are certainly farther apart than
/// `reach`: sep.dist is, and so is the lower bound of the distance of the features that gave it
/// (the two lines, an end and the other segment's line, or two ends).
bool beyond(const Separation& sep, DVec3 a0, DVec3 a1, DVec3 b0, DVec3 b1, double reach);

/// A 3x3 rotation in double, as three columns (the rotated local axes).
struct DMat3 {
    DVec3 col[3];
};
/// The rotation of q, normalised in double (identity for a zero quaternion, like
/// quat_normalize).
DMat3 rotation_of(Quat q);
inline DVec3 mul(const DMat3& m, DVec3 v) { return m.col[0] * v.x + m.col[1] * v.y + m.col[2] * v.z; }
inline DVec3 mul_transpose(const DMat3& m, DVec3 v) { return {dot(m.col[0], v), dot(m.col[1], v), dot(m.col[2], v)}; }

/// The unit perpendicular of `axis` nearest to +Y (nearest to +X when the axis is within
/// tol::kParallelSinSq of vertical); +Y for a zero axis. Deterministic, so that the fallback
/// normals of symmetric contacts do not depend on rounding.
DVec3 perpendicular_nearest_up(DVec3 axis);

/// A contact direction with no preferred side (a cross product of two segments) flipped to
/// point up: y > 0, or y = 0 and x > 0, or y = x = 0 and z > 0.
DVec3 orient_up(DVec3 n);

/// A segment (or a point, when start == end) swollen by a radius.
struct Round {
    DVec3 start, end;
    double radius = 0.0;
};
inline Round round_of(const Capsule& c) { return {dv(c.start), dv(c.end), c.radius}; }
inline Round round_of(const Sphere& s) { return {dv(s.center), dv(s.center), s.radius}; }

/// The contact of two round shapes (finite, radii >= 0): normal from a toward b, point on a's
/// surface. Closest points that give no direction (see Separation) take the segments' common
/// perpendicular oriented up, or the perpendicular of a's axis (b's, if a is a point) nearest
/// +Y when the segments are parallel, or +Y for two points; depth is then measured along it.
/// `magnitude` is the largest coordinate involved.
Contact round_contact(const Round& a, const Round& b, double magnitude);

/// The contact made of a point, a unit normal and a depth (clamped to >= 0), in float.
Contact make_contact(DVec3 point, DVec3 normal, double depth);

/// triangle_capsule without its early exit for a capsule clearly apart from the triangle (every
/// candidate still measured): the same contact, bit for bit (the tests compare them).
Contact triangle_capsule_unscreened(const Triangle& tri, const Capsule& cap);

}  // namespace shototsu::detail
