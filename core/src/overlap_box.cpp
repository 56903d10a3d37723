// shototsu — axis-aligned box contacts (overlap.hpp): AABB–AABB and the minimum-overlap push-out
// of Madhav, Game Programming in C++ ch. 10, box–sphere for AABBs and OBBs (Ericson RTCD 5.2.5,
// with the nearest face when the centre is inside).
#include <cmath>

#include "overlap_detail.hpp"
#include "shototsu/overlap.hpp"

namespace shototsu {

namespace {

using detail::dv;
using detail::DVec3;

DVec3 unit_axis(int axis, double sign) {
    return {axis == 0 ? sign : 0.0, axis == 1 ? sign : 0.0, axis == 2 ? sign : 0.0};
}

// The shortest way out of a box found so far: how far, along which axis, and which way (+1 through
// the axis' max face, -1 through its min face). Only a strictly shorter offer replaces it, so among
// equal ones the first offered wins.
struct ShortestExit {
    double amount = INFINITY;
    int axis = 0;
    double sign = 1.0;
    void offer(double a, int ax, double s) {
        if (a < amount) {
            amount = a;
            axis = ax;
            sign = s;
        }
    }
};

// A sphere (centre c, radius r) against the box [lo, hi], all in the box's own frame.
Contact box_sphere_local(DVec3 c, DVec3 lo, DVec3 hi, double r, const detail::DMat3* frame, DVec3 origin) {
    auto to_world = [&](DVec3 point, DVec3 normal, double depth) {
        if (frame) {
            point = origin + detail::mul(*frame, point);
            normal = detail::mul(*frame, normal);
        }
        return detail::make_contact(point, normal, depth);
    };
    // Clamping is exact, so the difference c - q is the true offset from the box: its
    // direction is a face, edge or corner direction however small it is.
    const DVec3 q{detail::dmin(detail::dmax(c.x, lo.x), hi.x), detail::dmin(detail::dmax(c.y, lo.y), hi.y),
                  detail::dmin(detail::dmax(c.z, lo.z), hi.z)};
    const DVec3 diff = c - q;
    const double d2 = detail::length_sq(diff);
    if (d2 > r * r) return {};
    if (d2 > 0.0) {
        const double dist = std::sqrt(d2);
        return to_world(q, diff * (1.0 / dist), r - dist);
    }
    // Centre inside or on the surface: leave through the nearest face (ties: x, y, z; max face
    // before min face), so the depth is the radius plus the centre's distance to that face.
    ShortestExit exit;
    for (int axis = 0; axis < 3; ++axis) {
        exit.offer(component(hi, axis) - component(c, axis), axis, 1.0);
        exit.offer(component(c, axis) - component(lo, axis), axis, -1.0);
    }
    const DVec3 n = unit_axis(exit.axis, exit.sign);
    const double face = exit.sign > 0.0 ? component(hi, exit.axis) : component(lo, exit.axis);
    const DVec3 point = c + unit_axis(exit.axis, 1.0) * (face - component(c, exit.axis));  // onto that face
    return to_world(point, n, r + exit.amount);
}

bool valid(const Sphere& s) { return is_finite(s.center) && detail::valid_radius(s.radius); }

}  // namespace

Contact aabb_aabb(const AABB& a, const AABB& b) {
    if (!detail::valid_aabb(a) || !detail::valid_aabb(b)) return {};
    const DVec3 amin = dv(a.min), amax = dv(a.max), bmin = dv(b.min), bmax = dv(b.max);
    // Per axis, b leaves a by moving up (a.max - b.min) or down (b.max - a.min); a negative
    // amount means that axis already separates them. The least of the six is the shortest way
    // out; ties prefer x, y, z and up before down (the order of FixCollisions in
    // Madhav, Game Programming in C++ ch. 10).
    ShortestExit exit;
    for (int axis = 0; axis < 3; ++axis) {
        const double up = component(amax, axis) - component(bmin, axis),
                     down = component(bmax, axis) - component(amin, axis);
        if (up < 0.0 || down < 0.0) return {};
        exit.offer(up, axis, 1.0);
        exit.offer(down, axis, -1.0);
    }
    const DVec3 lo{detail::dmax(amin.x, bmin.x), detail::dmax(amin.y, bmin.y), detail::dmax(amin.z, bmin.z)};
    const DVec3 hi{detail::dmin(amax.x, bmax.x), detail::dmin(amax.y, bmax.y), detail::dmin(amax.z, bmax.z)};
    return detail::make_contact((lo + hi) * 0.5, unit_axis(exit.axis, exit.sign), exit.amount);
}

Vec3 push_out_aabb_aabb(const AABB& fixed, const AABB& moving) {
    const Contact c = aabb_aabb(fixed, moving);
    if (!c.hit || c.depth == 0.0f) return {};
    return c.normal * c.depth;  // one component is +-depth, the others exactly 0
}

Contact aabb_sphere(const AABB& box, const Sphere& s) {
    if (!detail::valid_aabb(box) || !valid(s)) return {};
    return box_sphere_local(dv(s.center), dv(box.min), dv(box.max), s.radius, nullptr, {});
}

Contact obb_sphere(const OBB& box, const Sphere& s) {
    if (!detail::valid_obb(box) || !valid(s)) return {};
    const detail::DMat3 r = detail::rotation_of(box.rotation);
    const DVec3 origin = dv(box.center), h = dv(box.half_extents);
    const DVec3 local = detail::mul_transpose(r, dv(s.center) - origin);
    return box_sphere_local(local, -h, h, s.radius, &r, origin);
}

}  // namespace shototsu
