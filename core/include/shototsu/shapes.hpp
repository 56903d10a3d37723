// shototsu — the shapes every query takes. Plain aggregates; a few helpers that build them.
#pragma once

#include <span>

#include "shototsu/math.hpp"

namespace shototsu {

/// The points start + (end - start) t for t in [0, 1] (LineSegment in
/// Madhav, Game Programming in C++ ch. 10).
struct Segment {
    Vec3 start, end;
};
/// The point at fraction t (t = 0 is start, t = 1 is end); t outside [0, 1] extrapolates.
inline Vec3 point_at(const Segment& s, float t) { return s.start + (s.end - s.start) * t; }

/// origin + direction * d for d >= 0. `direction` need not be unit length unless a query says so.
struct Ray {
    Vec3 origin, direction;
};

/// The points x with dot(normal, x) = d. `normal` is unit length when built by the helpers
/// below; the signed distance is positive on the side the normal points to (the front).
struct Plane {
    Vec3 normal{0, 1, 0};
    float d = 0.0f;
};
/// The plane through `point` with the direction of `normal` (normalised here). A zero normal
/// gives the degenerate plane {0,0,0; 0}, whose signed distance is 0 everywhere.
Plane plane_from_normal_point(Vec3 normal, Vec3 point);
/// The plane of a triangle, normal = normalize((b - a) x (c - a)) (counter-clockwise front).
/// A zero-area triangle gives the degenerate plane {0,0,0; 0}.
Plane plane_from_triangle(Vec3 a, Vec3 b, Vec3 c);
/// dot(normal, p) - d: the signed distance for a unit normal.
inline float signed_distance(const Plane& plane, Vec3 p) { return dot(plane.normal, p) - plane.d; }

struct Triangle {
    Vec3 a, b, c;
};
/// (b - a) x (c - a): twice the area, pointing to the counter-clockwise front.
inline Vec3 triangle_normal_unnormalized(const Triangle& t) { return cross(t.b - t.a, t.c - t.a); }

struct Sphere {
    Vec3 center;
    float radius = 0.0f;
};

/// Axis-aligned box; empty when any min component exceeds max (see `aabb_empty`).
struct AABB {
    Vec3 min, max;
};

/// Oriented box: `rotation` turns the box's local axes into world axes; half_extents >= 0.
struct OBB {
    Vec3 center;
    Quat rotation;
    Vec3 half_extents;
};

/// A segment with a radius (three.js `Capsule(start, end, radius)`). A zero-length capsule is a
/// sphere; every query treats it as one.
struct Capsule {
    Vec3 start, end;
    float radius = 0.0f;
};

/// A convex polygon in the plane, vertices in order (either winding), not owned.
struct ConvexPolygon2D {
    std::span<const Vec2> vertices;
};

}  // namespace shototsu
