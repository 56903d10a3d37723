// shototsu — the result structs, and the conventions they follow (written once, here).
//
// CONVENTIONS
// * Casts and sweeps move a query shape along a segment from `start` (t = 0) to `end` (t = 1).
//   `t` is always that fraction, in [0, 1]; never a distance.
// * A cast or sweep that STARTS inside or touching the obstacle reports hit = true at t = 0,
//   point = the start, and normal = the direction that pushes the query shape out of the
//   obstacle by the shortest way (a documented fallback when that is undefined).
// * On a miss every field is zero except t = 1 (the whole motion is free) and, for sweeps,
//   `point` = the end position.
// * Normals are unit length whenever hit is true, and point from the obstacle toward the query
//   shape. For overlap tests named `x_y(A, B)` the normal points from A toward B: translating B
//   by normal * depth separates the two (we put the obstacle first: `triangle_sphere`,
//   `aabb_sphere`).
// * Touching counts as hitting: distance == sum of radii gives hit = true with depth = 0.
//   Sweeps refine this for a START that is exactly touching (within tol::kSweepContactSlop):
//   it hits at t = 0 only when the motion approaches the obstacle; moving away, sliding along
//   or standing still is free — otherwise a resting particle put back at its rounded contact
//   point could never lift off. A start that overlaps deeper always hits at t = 0.
// * Non-finite input (NaN, +/-inf) never crashes or loops; the result is a miss (hit = false)
//   or, for closest-point queries, a point whose coordinates may be NaN.
#pragma once

#include <cstdint>

#include "shototsu/math.hpp"

namespace shototsu {

/// The Voronoi region of a triangle that holds a query point's projection (Ericson RTCD 5.1.5;
/// DxLib tutorial (triangle–sphere)): a vertex, an edge, or the interior of the face.
enum class TriangleRegion : std::uint8_t { A, B, C, AB, BC, CA, Face };

/// "A", "B", "C", "AB", "BC", "CA" or "face".
const char* region_name(TriangleRegion region);

/// The closest point of a triangle to a query point.
struct ClosestPointOnTriangle {
    Vec3 point;
    /// (u, v, w) with point = u a + v b + w c, u + v + w = 1, each in [0, 1].
    Vec3 barycentric;
    TriangleRegion region = TriangleRegion::Face;
    /// The triangle has (numerically) zero area and was answered as the segment or point it
    /// collapses to; `region` is then that edge or vertex.
    bool degenerate = false;
};

/// The closest point of a segment to a query point.
struct ClosestPointOnSegment {
    Vec3 point;
    /// Fraction along the segment, in [0, 1] (0 for a zero-length segment).
    float t = 0.0f;
};

/// The closest pair of points of two segments.
struct ClosestPointsSegmentSegment {
    Vec3 point1, point2;
    float t1 = 0.0f, t2 = 0.0f;
    float distance_sq = 0.0f;
};

/// An overlap between two shapes A and B (see the conventions above).
struct Contact {
    bool hit = false;
    /// A point of the contact, on A's surface (documented per query).
    Vec3 point;
    /// Unit, from A toward B.
    Vec3 normal;
    /// How far B must move along `normal` to separate; 0 when touching.
    float depth = 0.0f;
};

/// The first hit of a segment cast (a ray of finite length) against an obstacle.
struct CastHit {
    bool hit = false;
    /// Fraction of the segment in [0, 1]; 1 on a miss.
    float t = 1.0f;
    /// The point of the segment at t (on the obstacle's surface when hit).
    Vec3 point;
    /// Unit, from the obstacle toward the segment's start; zero on a miss.
    Vec3 normal;
};

/// The first time of impact of a shape moving along a segment.
struct SweepHit {
    bool hit = false;
    /// Fraction of the motion in [0, 1]; 1 on a miss.
    float t = 1.0f;
    /// The moving shape's position (a sphere's centre) at t; the end position on a miss.
    Vec3 point;
    /// Where the two shapes touch at t, on the obstacle's surface.
    Vec3 contact;
    /// Unit, from the obstacle toward the moving shape; zero on a miss.
    Vec3 normal;
};

}  // namespace shototsu
