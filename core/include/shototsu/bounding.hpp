// shototsu — bounding volumes: boxes built from points and shapes, exact bounds of rotated and
// transformed boxes (Madhav, Game Programming in C++ ch. 10), and the bounding spheres of a
// triangle (marupeke296.com 3D collision no. 20).
#pragma once

#include <span>

#include "shototsu/shapes.hpp"

namespace shototsu {

/// The empty box: min = +inf, max = -inf, so that growing it by a point gives that point.
AABB aabb_empty();
/// True when the box holds no point (some min component > max, or NaN).
bool aabb_is_empty(const AABB& box);
/// The smallest box holding every point (the UpdateMinMax loop of
/// Madhav, Game Programming in C++ ch. 10); empty for no points. NaN coordinates are skipped, as
/// in aabb_grow.
AABB aabb_from_points(std::span<const Vec3> points);
/// The box grown to hold `p`. A NaN coordinate of `p` leaves that axis unchanged (rather than
/// making the box NaN or not depending on the order of the points).
AABB aabb_grow(const AABB& box, Vec3 p);
/// The smallest box holding both boxes; an empty (or NaN) box contributes nothing.
AABB aabb_merge(const AABB& a, const AABB& b);
/// Centre and half extents; meaningless for an empty box (NaN and -inf): test aabb_is_empty first.
inline Vec3 aabb_center(const AABB& box) { return (box.min + box.max) * 0.5f; }
inline Vec3 aabb_half_extents(const AABB& box) { return (box.max - box.min) * 0.5f; }
/// 2 (xy + yz + zx): the cost measure of surface-area heuristics. 0 for an empty box.
float aabb_surface_area(const AABB& box);
/// True when the boxes share at least one point (touching counts) — the AABB–AABB separating-axis
/// test of Madhav, Game Programming in C++ ch. 10 on the three coordinate axes, written positive so
/// that a NaN or empty box overlaps nothing. Inline: the broadphase's and the characters' inner
/// loops call it.
inline bool aabb_overlaps_aabb(const AABB& a, const AABB& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y && a.min.z <= b.max.z &&
           b.min.z <= a.max.z;
}

/// Exact bounds of the box rotated about the origin by `q`. Instead of rotating its eight corners
/// (AABB::Rotate in Madhav, Game Programming in C++ ch. 10) we use the absolute rotation matrix
/// (Arvo, Graphics Gems 1990; Ericson RTCD 4.2.6): new half extents = |R| * half extents. Same box,
/// fewer operations. `q` is used as given, like `rotate(q, v)` (unit expected). Computed in double
/// and rounded outward to float: the result holds every corner rotated in double and is looser than
/// the exact bounds by at most one float ulp plus double rounding (~1e-16 of the box's
/// coordinates). The identity keeps the box exactly unless an axis's min and max differ in
/// magnitude by more than 2^28. Non-finite input: an empty or NaN box, or a NaN in `q`, gives the
/// empty box; an infinite box or quaternion gives the whole space (-inf..+inf), the only box sure
/// to hold it.
AABB aabb_rotate(const AABB& box, Quat q);
/// Exact bounds of the box transformed by the affine matrix `m` (rotation, scale, shear and
/// translation; the projective row is ignored). Same method, rounding and non-finite policy as
/// aabb_rotate.
AABB aabb_transform(const AABB& box, const Mat4& m);

/// The boxes of shapes. Exact for the triangle (min/max of the vertices); for the round shapes
/// and the OBB computed in double and rounded outward, so that they hold every point of the
/// shape. A negative radius counts as 0 and negative half extents as their absolute value; a
/// NaN anywhere gives the empty box.
AABB aabb_of_triangle(const Triangle& tri);
AABB aabb_of_sphere(const Sphere& s);
AABB aabb_of_capsule(const Capsule& c);
AABB aabb_of_obb(const OBB& box);
/// The box swept by a sphere moving from `start` to `end` (the capsule's box).
AABB aabb_of_swept_sphere(Vec3 start, Vec3 end, float radius);

/// Which case decided a triangle's minimum bounding sphere.
enum class BoundingSphereKind : std::uint8_t {
    /// Every angle is below 90 degrees: the circumsphere.
    Acute,
    /// One angle is 90 degrees or more: the sphere on the opposite (longest) edge as diameter.
    RightOrObtuse,
    /// Zero area (height below 1e-8 of the longest edge, tol::kDegenerateSinSq): the sphere on
    /// the longest edge (a point when all vertices coincide). Also non-finite input.
    Degenerate,
};

/// "acute", "rightOrObtuse" or "degenerate".
const char* bounding_sphere_kind_name(BoundingSphereKind kind);

struct TriangleBoundingSphere {
    Sphere sphere;
    BoundingSphereKind kind = BoundingSphereKind::Acute;
    /// For RightOrObtuse and Degenerate: the vertex opposite the diameter edge (0 = a, 1 = b,
    /// 2 = c; one of the tied vertices when edges tie); -1 for Acute and for non-finite input.
    int opposite_vertex = -1;
};

/// The smallest sphere holding the triangle (marupeke296.com 3D collision no. 20): right or obtuse
/// triangles use their longest edge as diameter, acute ones their circumsphere. Never larger than
/// the circumsphere nor than the sphere on the longest edge when that holds all three vertices. The
/// centre is computed in double and rounded to float; the radius is then the farthest vertex,
/// rounded up so that `distance(center, v) <= radius` holds for every vertex both in float and in
/// double. The vertices are sorted first, so every order and winding gives the same bits. A
/// non-finite vertex gives the unbounded sphere: centre (0, 0, 0), radius +inf, kind Degenerate.
TriangleBoundingSphere triangle_bounding_sphere(const Triangle& tri);

struct TriangleCircumsphere {
    /// The sphere through a, b and c centred in their plane (radius: the farthest vertex,
    /// rounded up); for a degenerate triangle (no finite circumsphere), a non-finite one, or a
    /// centre or radius beyond float range, the minimum bounding sphere instead, with
    /// exists = false.
    Sphere sphere;
    bool exists = false;
};

/// The sphere through the three vertices, centred in the triangle's plane (the intersection of the
/// perpendicular bisectors that marupeke296.com 3D collision no. 20 solves as a 2x2 system; here
/// the closed form of Ericson RTCD 4.3.4, in double, relative to the lexicographically smallest
/// vertex so that every vertex order gives the same bits).
TriangleCircumsphere triangle_circumsphere(const Triangle& tri);

}  // namespace shototsu
