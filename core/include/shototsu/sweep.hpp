// shototsu — sweeps: the first time of impact of a moving sphere (continuous collision), from
// marupeke296.com 3D collision no. 10 (sphere vs plane) and
// Madhav, Game Programming in C++ ch. 10 (moving sphere vs moving sphere), extended to triangles
// for particles. Conventions in results.hpp, refined for sweeps:
//
// * TOUCHING AT THE START. A sphere whose distance from the obstacle is its radius within the
//   touching band tol::kSweepContactSlop * max(max |start coordinate|, radius) is touching.
//   It hits at t = 0 only when its motion approaches the obstacle (d . normal < 0); moving away,
//   along the surface, or not at all is a miss. A particle put back at its contact (rounded to
//   float32) can then lift off instead of being stuck, and one pressed on stops at once. Deeper
//   overlap is a hit at t = 0 whatever the motion. (results.hpp says touching always hits; for
//   sweeps that would freeze every resting particle.)
// * CONSERVATIVE. The contact is computed in double and t rounded DOWN to float, so the reported
//   t is never later than the exact first contact of the float inputs (up to double rounding,
//   ~1e-15 of the motion; a zero-area triangle is the segment it collapses to). Features are
//   widened by the rounding cushion tol::kSweepCushion, so grazing contacts and contacts where
//   two features (or two triangles) meet are never lost; the price is that the reported centre
//   may be up to that cushion (at t = 0: the touching band) short of touching.
// * Negative radii and non-finite input are misses.
#pragma once

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

/// How sweep_sphere_plane decided (the cases of marupeke296.com 3D collision no. 10, each named).
enum class SweepPlaneCase : std::uint8_t {
    /// In front, moving toward the plane, touching within the motion: hit at t (t = 0 when it
    /// starts touching the front face, within the touching band).
    HitFront,
    /// -radius < signed distance < radius - band at the start: already embedded, hit at t = 0.
    Embedded,
    /// Embedded and moving exactly parallel to the plane: never gets out
    /// (marupeke296.com 3D collision no. 10 returns FLT_MAX as t; we return the hit at t = 0
    /// like any embedded start).
    EmbeddedParallel,
    /// In front (or touching) and moving away from the plane: miss.
    MovingAway,
    /// In front (or touching) and moving exactly parallel to it, or not moving: miss.
    /// marupeke296.com 3D collision no. 10 divides by the zero d . n here.
    Parallel,
    /// In front, moving toward it, but the contact is after t = 1: miss.
    TooFar,
    /// Behind the plane (signed distance <= -radius; for radius 0, strictly below it): back
    /// faces are ignored by design.
    BehindPlane,
    /// Zero plane normal, negative radius or non-finite input: miss.
    Invalid,
};

/// "hitFront", "embedded", "embeddedParallel", "movingAway", "parallel", "tooFar", "behindPlane"
/// or "invalid".
const char* sweep_plane_case_name(SweepPlaneCase kind);

struct SweepPlaneHit {
    bool hit = false;
    /// 0 when embedded; the contact fraction in [0, 1] for HitFront; 1 on a miss.
    float t = 1.0f;
    /// Centre at t (the start when embedded); the end on a miss.
    Vec3 point;
    /// Unit plane normal (normalised), when hit.
    Vec3 normal;
    SweepPlaneCase kind = SweepPlaneCase::Invalid;
    /// The signed time of marupeke296.com 3D collision no. 10 at which the sphere touches the
    /// FRONT face, (r - dist0) / (d.n), on the infinite line of motion: negative means "in the
    /// past" (the embedded sphere was touching before the motion began), > 1 "after this step".
    /// Valid only when `contact_time_valid` (motion not exactly parallel to the plane); clamped to
    /// +/-FLT_MAX.
    float contact_time = 0.0f;
    bool contact_time_valid = false;
    /// Signed distance of the start centre from the plane.
    float start_distance = 0.0f;
};

/// A sphere of `radius` (>= 0, metres) moving from `start` to `end` against the one-sided plane
/// through `plane_point` with normal `plane_normal` (any non-zero length; normalised here)
/// (marupeke296.com 3D collision no. 10). Front face only: a sphere entirely behind the plane
/// never hits. Touching the front face at the start (the touching band, capped at the radius so
/// it never reaches behind the plane) is a HitFront at t = 0 when moving toward the plane, else a
/// miss. Computed in double; "parallel" means d . n is exactly 0, a nearly parallel motion gets its
/// exact (large) contact time. The kind always says which case decided; see SweepPlaneCase.
SweepPlaneHit sweep_sphere_plane(float radius, Vec3 start, Vec3 end, Vec3 plane_normal, Vec3 plane_point);

/// Which feature of the triangle the swept sphere touched first.
enum class TriangleFeature : std::uint8_t { Face, EdgeAB, EdgeBC, EdgeCA, VertexA, VertexB, VertexC };

/// The feature by the name of its triangle region (region_name): "face", "AB", "BC", "CA", "A",
/// "B" or "C".
const char* triangle_feature_name(TriangleFeature feature);

struct TriangleSweepHit {
    bool hit = false;
    /// Fraction of the motion in [0, 1]; 1 on a miss.
    float t = 1.0f;
    /// Centre at t; the end on a miss.
    Vec3 point;
    /// Touching point on the triangle (the closest point to the centre when starting inside);
    /// zero on a miss.
    Vec3 contact;
    /// Unit, from `contact` toward the centre: the face normal on the centre's side for face
    /// contacts (also with radius 0); zero on a miss.
    Vec3 normal;
    /// The feature touched first; at t = 0, the one holding the closest point. Face on a miss.
    TriangleFeature feature = TriangleFeature::Face;
};

/// The SweepHit fields of a triangle sweep (without the feature).
inline SweepHit as_sweep_hit(const TriangleSweepHit& h) {
    SweepHit s;
    s.hit = h.hit;
    s.t = h.t;
    s.point = h.point;
    s.contact = h.contact;
    s.normal = h.normal;
    return s;
}

/// A sphere of `radius` (>= 0, metres) moving from `start` to `end` against a triangle, from
/// either side: the earliest of the face contact, the three edge (cylinder) contacts and the
/// three vertex (sphere) contacts (Ericson RTCD 5.5.6; Fauerby, "Improved collision detection
/// and response", 2003), in double. Overlapping at the start: t = 0 whatever the motion;
/// touching at the start: t = 0 only when moving toward the triangle, else a miss (see the top
/// of this header). The normal at t = 0 points from the closest point toward the centre; when
/// the centre is on the triangle (within the touching band) it is the face normal facing
/// against the motion (the start's side, or the front, when the motion runs along the face or
/// is zero). Zero-area triangles (tol::kDegenerateSinSq, as closest_point_on_triangle) are their
/// edges and vertices; a centre on one gets the component of -motion perpendicular to it (then
/// any perpendicular, then +Y). A zero radius is a moving point (a segment cast). Zero motion:
/// the start test alone, so only an overlap hits. Never later than the exact first contact.
TriangleSweepHit sweep_sphere_triangle(float radius, Vec3 start, Vec3 end, const Triangle& tri);

/// Two spheres moving linearly during the same interval: p from p0 to p1 with radius rp, q from
/// q0 to q1 with radius rq (SweptSphere of Madhav, Game Programming in C++ ch. 10, corrected:
/// its printed listing tests t <= 0 instead of t <= 1 and divides by zero when the relative
/// motion is zero).
/// hit, t = first time in [0, 1] at which |p(t) - q(t)| = rp + rq, in double; overlapping at the
/// start: t = 0; touching at the start: t = 0 only when the relative motion approaches (see the
/// top of this header). point = p's centre at t, contact = the touching point on q's surface,
/// normal = unit, from q toward p; centres closer than the touching band have no direction and
/// use minus the relative motion, or +Y when there is none. The touching band is taken from both
/// starts and rp + rq. A miss leaves point = p1.
SweepHit sweep_sphere_sphere(Vec3 p0, Vec3 p1, float rp, Vec3 q0, Vec3 q1, float rq);

/// A capsule translating by `motion` (t in [0, 1]) against a triangle, from either side: the
/// earliest of its end spheres touching the triangle (face, edges, vertices, as
/// sweep_sphere_triangle), a triangle vertex touching the capsule's side (the vertex moving by
/// -motion into the cylinder around the axis), and a triangle edge touching the axis' interior (a
/// linear equation in t for the line–line distance, exact up to rounding even for nearly parallel
/// lines). Exact, no iteration, in double on the exact motion; never later than the exact first
/// contact (t rounded down; features widened by tol::kSweepCushion as for spheres).
/// point = the capsule's centre (start + end) / 2 at t; contact on the triangle; normal unit, from
/// contact toward the nearest axis point (when they are closer than the touching band: the face
/// normal against the motion, as for spheres). The start follows the sweep conventions at the top
/// of this header, with the capsule's distance from the triangle and the touching band
/// tol::kSweepContactSlop * max(|axis end coordinates|, radius): overlapping is a hit at t = 0
/// whatever the motion; touching is a hit at t = 0 only when the motion approaches the
/// triangle, else a miss (resting capsules can lift off and slide). A zero-length capsule is a
/// sphere: the same answer as sweep_sphere_triangle(radius, start, start + motion) bit for bit
/// when start + motion is exact in float. Negative radii and non-finite input are misses; on a
/// miss point = the centre moved by the whole motion.
SweepHit sweep_capsule_triangle(const Capsule& capsule, Vec3 motion, const Triangle& tri);

}  // namespace shototsu
