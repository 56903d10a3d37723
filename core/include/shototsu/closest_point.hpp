// shototsu — closest points: point–segment, segment–segment, point–triangle (Ericson RTCD 5.1.5;
// DxLib tutorial (triangle–sphere)), point–box, point–plane.
#pragma once

#include <cstddef>

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

/// Closest point of segment `s` to `p`, with its fraction t in [0, 1] (the MinDistSq case analysis
/// of Madhav, Game Programming in C++ ch. 10; Ericson RTCD 5.1.2). A zero-length segment answers
/// its start with t = 0.
ClosestPointOnSegment closest_point_on_segment(Vec3 p, const Segment& s);

/// Squared distance from `p` to segment `s`.
float distance_sq_point_segment(Vec3 p, const Segment& s);

/// Closest points of two segments (Ericson RTCD 5.1.9), computed in double. Zero-length segments
/// are points. The lines' solution uses s = n.((b0 - a0) x d2) / |n|^2 with n = d1 x d2, exact
/// to a rounding per component however nearly parallel the segments are; exactly parallel ones
/// answer one of their closest pairs deterministically: the first segment's start (t1 = 0)
/// projected onto the second, clamped, then projected back.
ClosestPointsSegmentSegment closest_points_segment_segment(const Segment& s1, const Segment& s2);

/// Closest point of triangle `tri` to `p`, and the Voronoi region that decided it
/// (DxLib tutorial (triangle–sphere); Ericson RTCD 5.1.5, which uses the Lagrange identity
/// (AxB).(CxD) = (A.C)(B.D) - (A.D)(B.C) so that no cross product and no square root is needed).
/// Degenerate triangles (collinear or repeated vertices; see tol::kDegenerateSinSq) are
/// answered exactly as the segment or point they collapse to, with `degenerate = true` and
/// `region` the edge or vertex reached — never NaN from finite input.
ClosestPointOnTriangle closest_point_on_triangle(Vec3 p, const Triangle& tri);

/// closest_point_on_triangle's point for n pairs: points[i * point_stride ..] (3 floats) against
/// triangles[i * triangle_stride ..] (9 floats: a, b, c), into out[3 i ..]. A stride of 0 uses
/// one element for every pair. Each answer has the single query's bits (two pairs are decided
/// at once by masks; degenerate triangles go to the single query). `out` may be `points` itself.
void closest_points_on_triangles(const float* points, std::ptrdiff_t point_stride, const float* triangles,
                                 std::ptrdiff_t triangle_stride, std::size_t n, float* out);

/// closest_points_on_triangles computed in float32 (same arguments, strides and aliasing), four
/// pairs per SIMD step, regions chosen by masks; native and wasm give the same bits.
///
/// Fast lanes. With a, b, c, p the float inputs, L the longest edge, k = L^2 / |(b-a) x (c-a)|
/// (1.15 for an equilateral triangle; 1 / sin of the smallest angle and more) and R = |p - a|, a
/// pair is computed in float32 when k < 32, R <= 64 L and L^2 is in [2^-50, 2^56] (so that no
/// product of up to four lengths overflows or loses bits below float32's normal range). Every
/// other pair, the degenerate triangles, and NaN or infinite input get closest_point_on_triangle's
/// bits: the same answer as closest_points_on_triangles.
///
/// Bound. With u = 2^-24, S = max(L, R) and q* the exact closest point of the float inputs,
///     |q - q*| <= u (|q*| + (12 k^2 + 48 k + 24) S)      (< 1.4e4 u S + u |q*| as k < 32).
/// The error analysis: every difference (b - a, p - a, p - b, c - b, ...) is rounded once, so it
/// is off by u times its own length and the coordinates' distance from the origin never enters;
/// a three-term dot product of such differences is off by 5u |x| |y|; the normal n = ab x ac by
/// 4 sqrt(2) u |ab| |ac|, a direction error of at most 5.7 u / sin(the angle at a) <= 5.7 u k. In
/// units of distance, the vertex and edge-end tests (d1 = ab.ap, d3 = d1 - ab.ab, ...) are then
/// off by at most 18 u S, and the edge-side tests by at most (12 k + 18) u S. Those are cross
/// products rather than the Lagrange identity (which would cancel terms of |ab| |ac| R^2):
/// vc = n.(ab x ap) = ab.w and vb = n.(ap x ac) = -ac.w from one w = ap x n, off by
/// (5.7 k + 8) u R (n's direction, then w's and the dot's roundings); va = n.(bc x bp) by its own
/// cross product, off by (11.4 k + 15.7) u S (bp is up to 2 S long). (va = bc.w + n.n would carry
/// n.n's error, of u |ab| |ac| |n|, into a test of bc's scale, k times the bound.) A wrong region near a
/// boundary costs at most that decision error times the geometry's amplification: 1 when an edge
/// is taken for the face or a vertex for its edge (the answer lies on the triangle, and
/// |y - q*|^2 <= |p - y|^2 - |p - q*|^2), 2k for a vertex taken near an obtuse corner, k for the
/// face taken beyond an edge near a corner: k (12 k + 36) u S in all. Evaluating the chosen
/// region's point adds at most (12 k + 12) u S (the face's projection, through n's direction)
/// and the rounding of the answer, u |q*|. Measured on the suites of
/// tests/core/closest_point_fast_test.cpp (10^6 seeded pairs and the adversarial ones): at most
/// 11.7 u S beyond u |q*|.
void closest_points_on_triangles_fast(const float* points, std::ptrdiff_t point_stride, const float* triangles,
                                      std::ptrdiff_t triangle_stride, std::size_t n, float* out);

/// One test of the region decision of `closest_point_on_triangle`, in the order it runs.
struct RegionTest {
    TriangleRegion region = TriangleRegion::Face;
    /// The test's condition held, so the decision stopped here.
    bool passed = false;
};

/// Every quantity the region decision of `closest_point_on_triangle` used, for step-by-step
/// teaching views. With ab = b-a, ac = c-a, ap = p-a, bp = p-b, cp = p-c:
///   d1 = ab.ap, d2 = ac.ap, d3 = ab.bp, d4 = ac.bp, d5 = ab.cp, d6 = ac.cp
///   vc = d1 d4 - d3 d2   (= (ab x ac).(ap x bp) by the Lagrange identity; <= 0 outside AB)
///   vb = d5 d2 - d1 d6   (= (ab x ac).(cp x ap); <= 0 outside CA)
///   va = d3 d6 - d5 d4   (= (ab x ac).(bp x cp); <= 0 outside BC)
/// The tests, in order: A (d1 <= 0 and d2 <= 0), B (d3 >= 0 and d4 <= d3),
/// AB (vc <= 0, d1 >= 0, d3 <= 0), C (d6 >= 0 and d5 <= d6), CA (vb <= 0, d2 >= 0, d6 <= 0),
/// BC (va <= 0, d4 - d3 >= 0, d5 - d6 >= 0), and otherwise the face.
struct ClosestPointExplanation {
    float d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0;
    float va = 0, vb = 0, vc = 0;
    /// The triangle was degenerate: no region test ran (test_count = 0) and the answer is the
    /// closest of its three edges.
    bool degenerate = false;
    RegionTest tests[7];
    int test_count = 0;
    /// Exactly what closest_point_on_triangle returns for the same input.
    ClosestPointOnTriangle result;
};

/// `closest_point_on_triangle` with the numbers that decided it.
ClosestPointExplanation explain_closest_point_on_triangle(Vec3 p, const Triangle& tri);

/// Closest point of an axis-aligned box to `p` (p itself when inside): clamp per axis.
Vec3 closest_point_on_aabb(Vec3 p, const AABB& box);
/// Squared distance from `p` to the box; 0 inside (the quantity the sphere–AABB test of
/// Madhav, Game Programming in C++ ch. 10 means where its listing prints LineSegment::MinDistSq).
float distance_sq_point_aabb(Vec3 p, const AABB& box);
/// Closest point of an oriented box to `p` (p itself when inside). The rotation is normalised
/// first, as in the other OBB queries.
Vec3 closest_point_on_obb(Vec3 p, const OBB& box);
/// Orthogonal projection of `p` onto the plane (p itself for a degenerate plane).
Vec3 closest_point_on_plane(Vec3 p, const Plane& plane);

}  // namespace shototsu
