// shototsu — containment: is a point inside or on the surface of a shape (overlap.hpp; the
// Contains functions of Madhav, Game Programming in C++ ch. 10, the convex polygon by exact edge
// signs instead of summed angles).
#include "exact_detail.hpp"
#include "overlap_detail.hpp"
#include "shototsu/overlap.hpp"

namespace shototsu {

namespace {

using detail::dv;
using detail::DVec3;

bool finite2(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

}  // namespace

bool sphere_contains_point(const Sphere& s, Vec3 p) {
    if (!is_finite(s.center) || !detail::valid_radius(s.radius) || !is_finite(p)) return false;
    const double r = s.radius;
    return detail::length_sq(dv(p) - dv(s.center)) <= r * r;
}

bool aabb_contains_point(const AABB& box, Vec3 p) {
    if (!detail::valid_aabb(box) || !is_finite(p)) return false;
    return p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y && p.y <= box.max.y && p.z >= box.min.z &&
           p.z <= box.max.z;
}

bool capsule_contains_point(const Capsule& c, Vec3 p) {
    if (!is_finite(c.start) || !is_finite(c.end) || !detail::valid_radius(c.radius) || !is_finite(p)) return false;
    const DVec3 q = detail::closest_on_segment(dv(p), dv(c.start), dv(c.end));
    const double r = c.radius;
    return detail::length_sq(dv(p) - q) <= r * r;
}

bool obb_contains_point(const OBB& box, Vec3 p) {
    if (!detail::valid_obb(box) || !is_finite(p)) return false;
    const DVec3 local = detail::mul_transpose(detail::rotation_of(box.rotation), dv(p) - dv(box.center));
    const Vec3 h = box.half_extents;
    return std::fabs(local.x) <= h.x && std::fabs(local.y) <= h.y && std::fabs(local.z) <= h.z;
}

bool convex_polygon_contains_point(const ConvexPolygon2D& poly, Vec2 p) {
    const std::size_t n = poly.vertices.size();
    if (n == 0 || !finite2(p)) return false;
    for (const Vec2& v : poly.vertices)
        if (!finite2(v)) return false;
    // The signed areas of (v_i, v_i+1, p) add up to the polygon's, for every p. Inside a convex
    // polygon none has the opposite sign of the others; outside, at least one does. Signs are
    // exact, so points on an edge or a vertex (sign 0) count as inside at any scale.
    bool left = false, right = false;
    for (std::size_t i = 0; i < n; ++i) {
        const int s = detail::orientation(poly.vertices[i], poly.vertices[(i + 1) % n], p);
        left = left || s > 0;
        right = right || s < 0;
    }
    if (left && right) return false;
    if (left || right) return true;
    // Every sign is zero: p and all the vertices lie on one line (a polygon with area cannot do
    // that), so the polygon is the segment or point they span, and p is on it when it is within
    // their bounding box.
    Vec2 lo = poly.vertices[0], hi = poly.vertices[0];
    for (const Vec2& v : poly.vertices) {
        lo = {minf(lo.x, v.x), minf(lo.y, v.y)};
        hi = {maxf(hi.x, v.x), maxf(hi.y, v.y)};
    }
    return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
}

}  // namespace shototsu
