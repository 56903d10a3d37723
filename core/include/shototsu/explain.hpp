// shototsu — explain forms: each query of the collision chapter of Madhav's "Game Programming in
// C++" (ch. 10) with the intermediate numbers that decided it, for teaching views (the
// playground's labs). Every explain_X returns, in `result`, exactly what X returns for the same
// input, bit for bit; the other fields are the quantities the query's decision is made of,
// computed in double as the query computes them and rounded to float for display.
// A field that does not apply to the case at hand (a root when there are none, an axis the test
// skipped) is 0, never NaN; finite input never gives an infinity.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "shototsu/broadphase.hpp"
#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

// ---- segment casts --------------------------------------------------------------------------

/// How intersect_segment_plane decided.
enum class SegmentPlaneCase : std::uint8_t {
    /// The ends are on opposite sides (or the end is on the plane): hit at line_t.
    Crosses,
    /// The start is on the plane (within the rounding of evaluating its side): hit at t = 0.
    StartsOnPlane,
    /// Both ends are on the plane: the segment lies in it, hit at t = 0.
    InPlane,
    /// Both ends are strictly on one side (parallel segments off the plane included): miss.
    OneSide,
    /// Zero plane normal or non-finite input: miss.
    Invalid,
};

/// intersect_segment_plane with its numbers. Distances are signed, along the unit normal.
struct SegmentPlaneExplanation {
    /// Signed distances of the start and the end from the plane.
    float start_distance = 0.0f, end_distance = 0.0f;
    /// n . (end - start) with n the unit normal: the denominator of t = -start_distance / approach,
    /// the chapter's formula; 0 when the segment is parallel to the plane (where it divides by 0).
    float approach = 0.0f;
    /// Where the infinite line through the segment meets the plane, as a fraction of the segment
    /// (outside [0, 1] when the crossing is beyond an end); 0 when parallel.
    float line_t = 0.0f;
    SegmentPlaneCase kind = SegmentPlaneCase::Invalid;
    CastHit result;
};
/// intersect_segment_plane(s, plane), explained.
SegmentPlaneExplanation explain_intersect_segment_plane(const Segment& s, const Plane& plane);

/// How intersect_segment_sphere decided.
enum class SegmentSphereCase : std::uint8_t {
    /// The line enters the ball at t_enter in [0, 1]: hit there.
    Hit,
    /// The start is inside or on the sphere: hit at t = 0 (the printed listing reports t_exit).
    StartsInside,
    /// The start is outside and the segment points away from the centre (b >= 0): miss.
    MovingAway,
    /// The line passes farther than the radius from the centre (discriminant < 0): miss.
    MissesLine,
    /// The line enters the ball after the segment ends (t_enter > 1): miss.
    BeyondEnd,
    /// A zero-length segment outside the sphere: miss.
    Point,
    /// Negative radius or non-finite input: miss.
    Invalid,
};

/// intersect_segment_sphere with its quadratic. With m = start - centre and d = end - start,
/// |m + d t|^2 = r^2 reads a t^2 + 2 b t + c = 0 with a = d.d, b = m.d, c = m.m - r^2; its roots
/// are (-b -+ sqrt(b^2 - a c)) / a.
struct SegmentSphereExplanation {
    float a = 0.0f, b = 0.0f, c = 0.0f;
    /// b^2 - a c, evaluated as a (r^2 - |h|^2) with h the line's closest approach to the centre
    /// (no cancellation at grazing incidence); 0 for a zero-length segment.
    float discriminant = 0.0f;
    /// Distance from the centre to the infinite line (|h|); |m| for a zero-length segment.
    float line_distance = 0.0f;
    /// a > 0 and discriminant >= 0: the line meets the sphere at the two roots below.
    bool has_roots = false;
    /// The smaller and larger root (entry and exit of the line), unclamped; 0 without roots.
    float t_enter = 0.0f, t_exit = 0.0f;
    SegmentSphereCase kind = SegmentSphereCase::Invalid;
    CastHit result;
};
/// intersect_segment_sphere(s, sphere), explained.
SegmentSphereExplanation explain_intersect_segment_sphere(const Segment& s, const Sphere& sphere);

/// One slab of a box — the space between its two faces across one axis — against a segment.
struct Slab {
    /// The segment's direction has exactly no component across this slab.
    bool parallel = false;
    /// For a parallel slab: the segment lies between the faces all along (else it never does).
    bool holds = false;
    /// Fractions of the segment where its line enters and leaves the slab (entry <= exit),
    /// unclamped; 0 for a parallel slab.
    float entry = 0.0f, exit = 0.0f;
};

/// intersect_segment_aabb / _obb by slabs (Kay–Kajiya; Ericson RTCD 5.3.3): the segment is in the
/// box for t in [t_enter, t_exit], the latest entry and the earliest exit clipped to [0, 1].
struct SegmentBoxExplanation {
    /// x, y, z (for an oriented box: its own axes, in the box's frame).
    Slab slabs[3];
    /// The start is inside or on the box: hit at t = 0 through the nearest face (no slab runs).
    bool starts_inside = false;
    /// max(0, every entry) and min(1, every exit); a hit when t_enter <= t_exit and no parallel
    /// slab fails. Both 0 when the start is inside; t_enter = 0, t_exit = 1 for an empty box.
    float t_enter = 0.0f, t_exit = 1.0f;
    /// The slab whose entry is t_enter (its entry face is the normal), and the slab whose exit is
    /// t_exit; -1 when 0 (or 1) itself is the bound, or a parallel slab decided a miss.
    int enter_axis = -1, exit_axis = -1;
    /// The slab that rules out any hit by holding never (parallel and outside); -1 when none.
    int blocking_axis = -1;
    CastHit result;
};
/// intersect_segment_aabb(s, box), explained. An empty box (min > max) has no slabs run.
SegmentBoxExplanation explain_intersect_segment_aabb(const Segment& s, const AABB& box);
/// intersect_segment_obb(s, box), explained: the slabs of the box's own axes, in its frame (the
/// rotation normalised in double).
SegmentBoxExplanation explain_intersect_segment_obb(const Segment& s, const OBB& box);

// ---- contacts -------------------------------------------------------------------------------

/// aabb_aabb and push_out_aabb_aabb with their six candidate moves (the minimum-overlap rule of
/// the chapter's player-vs-wall FixCollisions).
struct BoxOverlapExplanation {
    /// How far the second box must move to leave the first along +x, -x, +y, -y, +z, -z:
    /// first.max - second.min and second.max - first.min per axis. A negative one means that
    /// axis already separates them. All 0 for invalid input.
    float candidates[6] = {0, 0, 0, 0, 0, 0};
    /// The first negative candidate, in the order above; -1 when they overlap or touch.
    int separating = -1;
    /// The least candidate (ties: the first in the order above) when none is negative: the
    /// direction and depth of the contact; -1 otherwise.
    int chosen = -1;
};
struct AabbAabbExplanation : BoxOverlapExplanation {
    Contact result;
};
struct PushOutExplanation : BoxOverlapExplanation {
    /// push_out_aabb_aabb's move (zero when separated or only touching).
    Vec3 result;
};
/// aabb_aabb(a, b), explained.
AabbAabbExplanation explain_aabb_aabb(const AABB& a, const AABB& b);
/// push_out_aabb_aabb(fixed, moving), explained: candidates of `moving` leaving `fixed`.
PushOutExplanation explain_push_out_aabb_aabb(const AABB& fixed, const AABB& moving);

/// One candidate axis of the separating-axis test of two oriented boxes.
struct SatAxis {
    /// Unit, in world space; zero when skipped.
    Vec3 axis;
    /// An edge pair within tol::kSatAxisCushion of parallel: no axis (the face axes cover it).
    bool skipped = false;
    /// Half widths of each box's shadow on the axis, and the signed distance from a's centre's
    /// shadow to b's: overlap = radius_a + radius_b - |distance|, negative when the axis separates.
    float radius_a = 0.0f, radius_b = 0.0f, distance = 0.0f, overlap = 0.0f;
};
/// obb_obb by 15 axes (Ericson RTCD 4.4.1), all evaluated: index 0..2 are a's face normals A0..A2,
/// 3..5 b's B0..B2, and 6 + 3 i + j the edge pair Ai x Bj.
struct ObbObbExplanation {
    SatAxis axes[15];
    /// The first axis, in that order, that separates the boxes (where obb_obb stops); -1 when none.
    int separating = -1;
    /// The axis of least overlap (ties: the earlier) when none separates: the contact's normal
    /// (turned from a toward b) and depth; -1 otherwise.
    int least = -1;
    Contact result;
};
/// obb_obb(a, b), explained. Invalid boxes evaluate no axis (all skipped, both indices -1).
ObbObbExplanation explain_obb_obb(const OBB& a, const OBB& b);

/// convex_polygon_contains_point with its edge signs.
struct PolygonContainmentExplanation {
    /// Per edge i (vertex i to vertex i + 1, the last back to the first): the exact sign of
    /// cross(v[i+1] - v[i], p - v[i]) — +1 when p is left of the edge, -1 right, 0 on its line.
    /// p is inside when no two edges disagree (+1 and -1). Empty for invalid input.
    std::vector<std::int8_t> edge_signs;
    /// Every sign is 0: p and the polygon lie on one line, and the answer is whether p is
    /// within the vertices' bounding box.
    bool collinear = false;
    bool result = false;
};
/// convex_polygon_contains_point(poly, p), explained.
PolygonContainmentExplanation explain_convex_polygon_contains_point(const ConvexPolygon2D& poly, Vec2 p);

// ---- sweeps ---------------------------------------------------------------------------------

/// How a sweep's start was classified (sweep.hpp: the touching band).
enum class SweepStart : std::uint8_t { Free, Touching, Overlapping, Invalid };

/// sweep_sphere_sphere in q's frame: p starts at x = p0 - q0 and moves by y = (p1 - p0) -
/// (q1 - q0); they touch when |x + y t| = r = rp + rq, i.e. a t^2 + 2 b t + c = 0 with a = y.y,
/// b = x.y, c = x.x - r^2.
struct SweepSphereSphereExplanation {
    Vec3 relative_start, relative_motion;
    float radius_sum = 0.0f;
    float a = 0.0f, b = 0.0f, c = 0.0f;
    /// b^2 - a c, evaluated as r^2 |y|^2 - |x cross y|^2 (no cancellation).
    float discriminant = 0.0f;
    /// a > 0 and discriminant >= 0: the centres come within r, between the two roots.
    bool has_roots = false;
    /// The smaller and larger root, unclamped; 0 without roots.
    float t_enter = 0.0f, t_exit = 0.0f;
    SweepStart start = SweepStart::Invalid;
    /// The printed SweptSphere listing's answer for the same input: it accepts the root only when
    /// t >= 0 && t <= 0 (meant: t <= 1), so only a contact at exactly t = 0 hits.
    bool listing_hit = false;
    /// The listing divides by 2a = 0 here (no relative motion) and its t is not a number.
    bool listing_divides_by_zero = false;
    SweepHit result;
};
/// sweep_sphere_sphere(p0, p1, rp, q0, q1, rq), explained.
SweepSphereSphereExplanation explain_sweep_sphere_sphere(Vec3 p0, Vec3 p1, float rp, Vec3 q0, Vec3 q1, float rq);

// ---- broadphase -----------------------------------------------------------------------------

/// pairs_sweep_and_prune step by step.
struct SweepAndPruneExplanation {
    /// The indices of the usable boxes (finite, not empty) sorted by min.x, ties by index: the
    /// order of the sweep.
    std::vector<std::uint32_t> order;
    /// Every pair whose x intervals overlap, in the order the sweep meets them (a < b): the only
    /// pairs it tests in full.
    std::vector<BoxPair> x_overlaps;
    /// The overlapping pairs: pairs_sweep_and_prune's answer.
    std::vector<BoxPair> result;
    /// How many pairs all-pairs tests: n (n - 1) / 2 over the usable boxes.
    std::uint64_t all_pairs_tests = 0;
};
/// pairs_sweep_and_prune(boxes), explained.
SweepAndPruneExplanation explain_pairs_sweep_and_prune(std::span<const AABB> boxes);

}  // namespace shototsu
