// shototsu (internal) — the world's queries against one primitive collider (sphere, capsule,
// oriented box) given in world space. The World (world.cpp) calls these for its primitive
// objects after placing them at their pose; meshes go through the triangle queries instead.
//
// Primitives are SOLID: a query shape that starts inside one touches it at once (distance 0),
// and a point inside one is its own closest point (distance 0). Conventions otherwise as
// world.hpp: directions are unit length here (the World normalises them), distances are along
// them in world units, normals are unit and point from the primitive toward the query shape.
// Degenerate primitives (zero radius, zero-length capsule, zero half extents) are the point,
// segment or flat box they collapse to. Non-finite input is a miss.
#pragma once

#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu::detail {

/// A primitive collider in world space.
struct Primitive {
    enum class Kind : std::uint8_t { Sphere, Capsule, Box };
    Kind kind = Kind::Sphere;
    Sphere sphere;    // kind == Sphere
    Capsule capsule;  // kind == Capsule
    OBB box;          // kind == Box (rotation unit)
};

/// The first contact of a ray or swept shape with a primitive.
struct PrimitiveHit {
    bool hit = false;
    /// Distance travelled along the unit direction before contact (0 when starting in contact).
    float distance = 0.0f;
    /// The touching point on the primitive's surface (for a start inside: the query's own point).
    Vec3 point;
    /// The cast shape's position at contact: the ray point, the sphere's centre, or the capsule's
    /// centre (a + b) / 2 moved by distance.
    Vec3 position;
    /// Unit, from the primitive toward the query shape (for a start inside: the shortest way out).
    Vec3 normal;
};

/// The primitive's world box (exact for spheres and capsules; aabb_of_obb for boxes).
AABB primitive_box(const Primitive& p);

/// First hit of the ray origin + s dir (dir unit), 0 <= s <= max_distance (+inf allowed).
PrimitiveHit primitive_raycast(const Primitive& p, Vec3 origin, Vec3 dir, float max_distance);

/// First contact of a sphere (center, radius) moving along unit dir for max_distance (finite).
/// Touching at the start and moving away is free (sweep.hpp's rule).
PrimitiveHit primitive_sphere_cast(const Primitive& p, Vec3 center, float radius, Vec3 dir, float max_distance);

/// First contact of a capsule (segment a–b, radius) translating along unit dir for max_distance.
PrimitiveHit primitive_capsule_cast(const Primitive& p, const Capsule& c, Vec3 dir, float max_distance);

/// Overlap of a sphere with the primitive: point on the primitive, normal toward the sphere,
/// depth (0 touching). hit = false when apart.
Contact primitive_sphere_overlap(const Primitive& p, const Sphere& s);

/// Overlap of a capsule with the primitive (as primitive_sphere_overlap).
Contact primitive_capsule_overlap(const Primitive& p, const Capsule& c);

/// The closest point of the solid primitive to q (q itself when inside) and its distance.
struct PrimitiveClosest {
    Vec3 point;
    float distance = 0.0f;
};
PrimitiveClosest primitive_closest_point(const Primitive& p, Vec3 q);

/// The highest point of the primitive's surface on the vertical line through (x, z) whose height
/// is <= from_y (+inf allowed), with the surface's unit normal there turned to point up (y >= 0).
/// Both the upper and the lower surface count (as for a closed mesh's faces). hit = false when
/// the line misses the primitive or every surface point on it is above from_y.
struct PrimitiveFloor {
    bool hit = false;
    float height = 0.0f;
    Vec3 normal;
};
PrimitiveFloor primitive_floor(const Primitive& p, float x, float z, float from_y);

}  // namespace shototsu::detail
