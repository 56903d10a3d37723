// shototsu — sweeps: the first time of impact of a moving sphere (continuous collision), from
// seed 002 (sphere vs plane) and seed 004 (moving sphere vs moving sphere), extended to
// triangles for particles. Conventions in results.hpp.
#pragma once

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

/// How sweep_sphere_plane decided (seed 002's cases, each named).
enum class SweepPlaneCase : std::uint8_t {
    /// In front, moving toward the plane, touching within the motion: hit at t.
    HitFront,
    /// |signed distance| < radius at the start: already embedded, hit at t = 0.
    Embedded,
    /// Embedded and moving parallel to the plane: never gets out (seed 002 returns FLT_MAX).
    EmbeddedParallel,
    /// In front and moving away from the plane: miss.
    MovingAway,
    /// In front and moving parallel to it (seed 002 divides by zero here): miss.
    Parallel,
    /// In front, moving toward it, but the contact is after t = 1: miss.
    TooFar,
    /// Behind the plane (signed distance <= -radius): back faces are ignored by design.
    BehindPlane,
    /// Zero plane normal or non-finite input: miss.
    Invalid,
};

struct SweepPlaneHit {
    bool hit = false;
    /// 0 when embedded; the contact fraction in [0, 1] for HitFront; 1 on a miss.
    float t = 1.0f;
    /// Centre at t (the start when embedded); the end on a miss.
    Vec3 point;
    /// Unit plane normal (normalised), when hit.
    Vec3 normal;
    SweepPlaneCase kind = SweepPlaneCase::Invalid;
    /// Seed 002's signed time at which the sphere touches the FRONT face, (r - dist0) / (d.n),
    /// on the infinite line of motion: negative means "in the past" (the embedded sphere was
    /// touching before the motion began), > 1 "after this step". Valid only when
    /// `contact_time_valid` (motion not parallel to the plane).
    float contact_time = 0.0f;
    bool contact_time_valid = false;
    /// Signed distance of the start centre from the plane.
    float start_distance = 0.0f;
};

/// A sphere of `radius` moving from `start` to `end` against the one-sided plane through
/// `plane_point` with normal `plane_normal` (any non-zero length; normalised here) (seed 002).
/// Front face only: a sphere entirely behind the plane never hits. Touching at t = 0 while
/// moving toward the plane is a HitFront at t = 0.
SweepPlaneHit sweep_sphere_plane(float radius, Vec3 start, Vec3 end, Vec3 plane_normal, Vec3 plane_point);

/// Which feature of the triangle the swept sphere touched first.
enum class TriangleFeature : std::uint8_t { Face, EdgeAB, EdgeBC, EdgeCA, VertexA, VertexB, VertexC };

struct TriangleSweepHit {
    bool hit = false;
    float t = 1.0f;
    /// Centre at t; the end on a miss.
    Vec3 point;
    /// Touching point on the triangle.
    Vec3 contact;
    /// Unit, from `contact` toward the centre.
    Vec3 normal;
    TriangleFeature feature = TriangleFeature::Face;
};

/// A sphere of `radius` moving from `start` to `end` against a triangle, from either side: the
/// earliest of the face contact, the three edge (cylinder) contacts and the three vertex
/// (sphere) contacts (Ericson RTCD 5.5.6; Fauerby, "Improved collision detection and response",
/// 2003). Starting with the sphere touching or overlapping the triangle: t = 0 and the normal
/// from the closest point toward the centre (the face normal facing against the motion if the
/// centre is on the triangle). Degenerate triangles reduce to their edges and vertices; a zero
/// radius is a moving point (a segment cast). Zero motion: the start test alone.
TriangleSweepHit sweep_sphere_triangle(float radius, Vec3 start, Vec3 end, const Triangle& tri);

/// Two spheres moving linearly during the same interval: p from p0 to p1 with radius rp, q from
/// q0 to q1 with radius rq (seed 004's SweptSphere, corrected: it tested t <= 0 instead of
/// t <= 1 and divided by zero when the relative motion is zero).
/// hit, t = first time in [0, 1] at which |p(t) - q(t)| = rp + rq; overlapping at the start:
/// t = 0. point = p's centre at t, contact = the touching point, normal = from q toward p.
SweepHit swept_sphere_sphere(Vec3 p0, Vec3 p1, float rp, Vec3 q0, Vec3 q1, float rq);

}  // namespace shototsu
