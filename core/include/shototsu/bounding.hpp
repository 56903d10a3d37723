// shototsu — bounding volumes: boxes built from points and shapes, exact bounds of rotated and
// transformed boxes (seed 004), and the bounding spheres of a triangle (seed 001).
#pragma once

#include <span>

#include "shototsu/shapes.hpp"

namespace shototsu {

/// The empty box: min = +inf, max = -inf, so that growing it by a point gives that point.
AABB aabb_empty();
/// True when the box holds no point (some min component > max, or NaN).
bool aabb_is_empty(const AABB& box);
/// The smallest box holding every point (seed 004's UpdateMinMax loop); empty for no points.
AABB aabb_from_points(std::span<const Vec3> points);
/// The box grown to hold `p`.
AABB aabb_grow(const AABB& box, Vec3 p);
/// The smallest box holding both boxes.
AABB aabb_merge(const AABB& a, const AABB& b);
inline Vec3 aabb_center(const AABB& box) { return (box.min + box.max) * 0.5f; }
inline Vec3 aabb_half_extents(const AABB& box) { return (box.max - box.min) * 0.5f; }
/// 2 (xy + yz + zx): the cost measure of surface-area heuristics. 0 for an empty box.
float aabb_surface_area(const AABB& box);
/// True when the boxes share at least one point (touching counts) — seed 004's AABB–AABB
/// separating-axis test on the three coordinate axes.
bool overlap_aabb_aabb(const AABB& a, const AABB& b);

/// Exact bounds of the box rotated about the origin by `q`. Instead of rotating its eight
/// corners (seed 004's AABB::Rotate) we use the absolute rotation matrix (Arvo, Graphics Gems
/// 1990; Ericson RTCD 4.2.6): new half extents = |R| * half extents. Same box, fewer operations.
AABB aabb_rotate(const AABB& box, Quat q);
/// Exact bounds of the box transformed by the affine matrix `m` (rotation, scale, shear and
/// translation; the projective row is ignored).
AABB aabb_transform(const AABB& box, const Mat4& m);

AABB aabb_of_triangle(const Triangle& tri);
AABB aabb_of_sphere(const Sphere& s);
AABB aabb_of_capsule(const Capsule& c);
AABB aabb_of_obb(const OBB& box);
/// The box swept by a sphere moving from `start` to `end`.
AABB aabb_of_swept_sphere(Vec3 start, Vec3 end, float radius);

/// Which case decided a triangle's minimum bounding sphere.
enum class BoundingSphereKind : std::uint8_t {
    /// Every angle is below 90 degrees: the circumsphere.
    Acute,
    /// One angle is 90 degrees or more: the sphere on the opposite (longest) edge as diameter.
    RightOrObtuse,
    /// Zero area: the sphere on the longest edge (a point when all vertices coincide).
    Degenerate,
};

struct TriangleBoundingSphere {
    Sphere sphere;
    BoundingSphereKind kind = BoundingSphereKind::Acute;
    /// For RightOrObtuse and Degenerate: the vertex opposite the diameter edge (0 = a, 1 = b,
    /// 2 = c); -1 for Acute.
    int opposite_vertex = -1;
};

/// The smallest sphere holding the triangle (seed 001): right or obtuse triangles use their
/// longest edge as diameter, acute ones their circumsphere. Never larger than the circumsphere
/// nor than the sphere on the longest edge when that holds all three vertices.
TriangleBoundingSphere triangle_bounding_sphere(const Triangle& tri);

struct TriangleCircumsphere {
    /// The sphere through a, b and c centred in their plane; for a degenerate triangle (no
    /// finite circumsphere) the minimum bounding sphere instead, with exists = false.
    Sphere sphere;
    bool exists = false;
};

/// The sphere through the three vertices, centred in the triangle's plane (the intersection of
/// the perpendicular bisectors that seed 001 solves as a 2x2 system; here the closed form of
/// Ericson RTCD 4.3.4, computed relative to vertex a for precision).
TriangleCircumsphere triangle_circumsphere(const Triangle& tri);

}  // namespace shototsu
