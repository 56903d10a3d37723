// Independent double-precision references for the overlap suites. Each is written differently
// from the library's algorithm (minimum over candidate features instead of a clamped solve,
// slab clipping of edges instead of separating axes, a crossing count instead of edge signs),
// so that agreement means something.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "test_support.hpp"

namespace shototsu::test {

inline DVec3 dneg(DVec3 a) { return {-a.x, -a.y, -a.z}; }
inline double dcomp(DVec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }

/// Distance between segments [a0, a1] and [b0, b1]: the least over the four end-to-segment
/// distances and, when the two lines' closest points fall inside both segments, theirs.
inline double ref_segment_distance(DVec3 a0, DVec3 a1, DVec3 b0, DVec3 b1) {
    double best = ddist(a0, ref_closest_on_segment(a0, b0, b1));
    best = std::min(best, ddist(a1, ref_closest_on_segment(a1, b0, b1)));
    best = std::min(best, ddist(b0, ref_closest_on_segment(b0, a0, a1)));
    best = std::min(best, ddist(b1, ref_closest_on_segment(b1, a0, a1)));
    const DVec3 u = a1 - a0, v = b1 - b0, w = a0 - b0;
    const double a = ddot(u, u), b = ddot(u, v), c = ddot(v, v), d = ddot(u, w), e = ddot(v, w);
    const double den = a * c - b * b;
    if (den > 1e-12 * a * c) {
        const double s = (b * e - c * d) / den, t = (a * e - b * d) / den;
        if (s >= 0 && s <= 1 && t >= 0 && t <= 1) best = std::min(best, ddist(a0 + u * s, b0 + v * t));
    }
    return best;
}

/// The segment [p, q] passes through the triangle (closed), by signed volumes.
inline bool ref_segment_crosses_triangle(DVec3 p, DVec3 q, DVec3 a, DVec3 b, DVec3 c) {
    auto vol = [](DVec3 o, DVec3 x, DVec3 y, DVec3 z) { return ddot(dcross(x - o, y - o), z - o); };
    const double sp = vol(a, b, c, p), sq = vol(a, b, c, q);
    if ((sp > 0 && sq > 0) || (sp < 0 && sq < 0) || (sp == 0 && sq == 0)) return false;
    const double u = vol(p, q, b, c), v = vol(p, q, c, a), w = vol(p, q, a, b);
    return (u >= 0 && v >= 0 && w >= 0) || (u <= 0 && v <= 0 && w <= 0);
}

/// Distance between segment [p, q] and triangle abc.
inline double ref_segment_triangle_distance(DVec3 p, DVec3 q, DVec3 a, DVec3 b, DVec3 c) {
    if (ref_segment_crosses_triangle(p, q, a, b, c)) return 0.0;
    double best =
        std::min(ddist(p, ref_closest_on_triangle(p, a, b, c)), ddist(q, ref_closest_on_triangle(q, a, b, c)));
    best = std::min(best, ref_segment_distance(p, q, a, b));
    best = std::min(best, ref_segment_distance(p, q, b, c));
    best = std::min(best, ref_segment_distance(p, q, c, a));
    return best;
}

/// v rotated by the quaternion q (normalised here), as q v q* with explicit Hamilton products.
inline DVec3 ref_rotate(Quat qf, DVec3 v) {
    double w = qf.w, x = qf.x, y = qf.y, z = qf.z;
    const double n = std::sqrt(w * w + x * x + y * y + z * z);
    if (n == 0) return v;
    w /= n;
    x /= n;
    y /= n;
    z /= n;
    // t = q * (0, v)
    const double tw = -x * v.x - y * v.y - z * v.z;
    const double tx = w * v.x + y * v.z - z * v.y;
    const double ty = w * v.y + z * v.x - x * v.z;
    const double tz = w * v.z + x * v.y - y * v.x;
    // t * conj(q)
    return {-tw * x + tx * w - ty * z + tz * y, -tw * y + ty * w - tz * x + tx * z, -tw * z + tz * w - tx * y + ty * x};
}

/// An oriented box in double: centre, unit axes, half extents.
struct RefBox {
    DVec3 c, axis[3];
    double h[3];
};
inline RefBox ref_box(const OBB& b, double grow = 0.0) {
    RefBox r;
    r.c = d(b.center);
    r.axis[0] = ref_rotate(b.rotation, {1, 0, 0});
    r.axis[1] = ref_rotate(b.rotation, {0, 1, 0});
    r.axis[2] = ref_rotate(b.rotation, {0, 0, 1});
    const double h[3] = {b.half_extents.x, b.half_extents.y, b.half_extents.z};
    for (int i = 0; i < 3; ++i) r.h[i] = std::max(0.0, h[i] + grow);
    return r;
}
inline DVec3 ref_local(const RefBox& b, DVec3 p) {
    const DVec3 q = p - b.c;
    return {ddot(q, b.axis[0]), ddot(q, b.axis[1]), ddot(q, b.axis[2])};
}

/// The segment [p, q] meets the solid box (Liang–Barsky clipping in the box's frame).
inline bool ref_segment_meets_box(DVec3 p, DVec3 q, const RefBox& b) {
    const DVec3 lp = ref_local(b, p), lq = ref_local(b, q);
    double t0 = 0, t1 = 1;
    for (int i = 0; i < 3; ++i) {
        const double s = dcomp(lp, i), dir = dcomp(lq, i) - s;
        if (dir == 0) {
            if (std::fabs(s) > b.h[i]) return false;
            continue;
        }
        double ta = (-b.h[i] - s) / dir, tb = (b.h[i] - s) / dir;
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
        if (t0 > t1) return false;
    }
    return true;
}

/// The distance from the segment [p, q] to the surface of the box (0 when the segment meets the
/// solid box): the least over its six faces, each as two triangles.
inline double ref_segment_box_distance(DVec3 p, DVec3 q, const RefBox& b) {
    if (ref_segment_meets_box(p, q, b)) return 0.0;
    DVec3 corner[8];
    for (int i = 0; i < 8; ++i)
        corner[i] = b.c + b.axis[0] * ((i & 1) ? b.h[0] : -b.h[0]) + b.axis[1] * ((i & 2) ? b.h[1] : -b.h[1]) +
                    b.axis[2] * ((i & 4) ? b.h[2] : -b.h[2]);
    const int faces[6][4] = {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}};
    double dist = INFINITY;
    for (const auto& f : faces) {
        dist = std::fmin(dist, ref_segment_triangle_distance(p, q, corner[f[0]], corner[f[1]], corner[f[2]]));
        dist = std::fmin(dist, ref_segment_triangle_distance(p, q, corner[f[0]], corner[f[2]], corner[f[3]]));
    }
    return dist;
}

/// The twelve edges of a box (degenerate ones included: a flat box's edges still bound it).
inline void ref_box_edges(const RefBox& b, DVec3 (&from)[12], DVec3 (&to)[12]) {
    int k = 0;
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (int su = -1; su <= 1; su += 2)
            for (int sv = -1; sv <= 1; sv += 2) {
                const DVec3 base = b.c + b.axis[u] * (su * b.h[u]) + b.axis[v] * (sv * b.h[v]);
                from[k] = base - b.axis[axis] * b.h[axis];
                to[k] = base + b.axis[axis] * b.h[axis];
                ++k;
            }
    }
}

/// Two solid boxes intersect iff an edge of one meets the other: the intersection, when not
/// empty, is a polytope whose vertices are vertices of one box inside the other or points where
/// an edge of one crosses a face of the other — all on some edge.
inline bool ref_boxes_intersect(const RefBox& a, const RefBox& b) {
    DVec3 from[12], to[12];
    ref_box_edges(a, from, to);
    for (int k = 0; k < 12; ++k)
        if (ref_segment_meets_box(from[k], to[k], b)) return true;
    ref_box_edges(b, from, to);
    for (int k = 0; k < 12; ++k)
        if (ref_segment_meets_box(from[k], to[k], a)) return true;
    return false;
}

/// Distance from p to the solid box [lo, hi] (0 inside), and from inside to its surface.
inline double ref_distance_to_box(DVec3 p, DVec3 lo, DVec3 hi) {
    double s = 0;
    for (int i = 0; i < 3; ++i) {
        const double v = dcomp(p, i), e = std::max({dcomp(lo, i) - v, v - dcomp(hi, i), 0.0});
        s += e * e;
    }
    return std::sqrt(s);
}
inline double ref_depth_inside_box(DVec3 p, DVec3 lo, DVec3 hi) {
    double best = 1e300;
    for (int i = 0; i < 3; ++i) best = std::min({best, dcomp(p, i) - dcomp(lo, i), dcomp(hi, i) - dcomp(p, i)});
    return best;
}

/// Point in polygon by counting crossings of a ray toward +x (even-odd), in double; plus the
/// distance from the point to the polygon's boundary, so callers can skip points too close to
/// it for a crossing count to be trusted.
inline bool ref_polygon_crossings(const std::vector<Vec2>& poly, double px, double py) {
    bool inside = false;
    const std::size_t n = poly.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const double xi = poly[i].x, yi = poly[i].y, xj = poly[j].x, yj = poly[j].y;
        if ((yi > py) != (yj > py)) {
            const double x = xj + (py - yj) * (xi - xj) / (yi - yj);
            if (px < x) inside = !inside;
        }
    }
    return inside;
}
inline double ref_polygon_boundary_distance(const std::vector<Vec2>& poly, double px, double py) {
    double best = 1e300;
    const std::size_t n = poly.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Vec2 a = poly[i], b = poly[(i + 1) % n];
        const DVec3 q = ref_closest_on_segment({px, py, 0}, {a.x, a.y, 0}, {b.x, b.y, 0});
        best = std::min(best, std::hypot(q.x - px, q.y - py));
    }
    return best;
}

/// Whether a triangle and a box share a point (touching counts): the 13 separating axes of
/// Akenine-Moller's test. The box's own 3 axes compare the triangle's box with it exactly, in
/// float: measured from the box's centre in double they lose a vertex's digits far below the
/// box's size (a point 3.9e-37 beyond a 64 m box's face reads as on it). The other 10 in
/// double. An infinite side is taken just beyond the triangle (the same answer, without losing
/// the triangle's digits to a huge box).
inline bool ref_triangle_meets_box(const Triangle& t, const AABB& box) {
    using D3 = std::array<double, 3>;
    const auto d3 = [](Vec3 v) { return D3{v.x, v.y, v.z}; };
    const AABB tb = aabb_of_triangle(t);
    if (tb.min.x > box.max.x || tb.max.x < box.min.x || tb.min.y > box.max.y || tb.max.y < box.min.y ||
        tb.min.z > box.max.z || tb.max.z < box.min.z)
        return false;
    const auto low = [](float b, float tri_min, float other) {
        return b == -INFINITY ? std::min(double(tri_min), double(other)) - 1.0 : double(b);
    };
    const auto high = [](float b, float tri_max, float other) {
        return b == INFINITY ? std::max(double(tri_max), double(other)) + 1.0 : double(b);
    };
    const D3 lo{low(box.min.x, tb.min.x, box.max.x), low(box.min.y, tb.min.y, box.max.y),
                low(box.min.z, tb.min.z, box.max.z)};
    const D3 hi{high(box.max.x, tb.max.x, box.min.x), high(box.max.y, tb.max.y, box.min.y),
                high(box.max.z, tb.max.z, box.min.z)};
    const D3 c{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
    const D3 h{(hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2};
    if (!(h[0] >= 0.0 && h[1] >= 0.0 && h[2] >= 0.0)) return false;  // an empty (or NaN) box
    D3 v[3] = {d3(t.a), d3(t.b), d3(t.c)};
    for (auto& p : v)
        for (int i = 0; i < 3; ++i) p[i] -= c[i];
    const auto sub = [](D3 a, D3 b) { return D3{a[0] - b[0], a[1] - b[1], a[2] - b[2]}; };
    const auto crs = [](D3 a, D3 b) {
        return D3{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    };
    const auto dt = [](D3 a, D3 b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
    const auto separated = [&](D3 axis) {
        const double p0 = dt(v[0], axis), p1 = dt(v[1], axis), p2 = dt(v[2], axis);
        const double r = h[0] * std::fabs(axis[0]) + h[1] * std::fabs(axis[1]) + h[2] * std::fabs(axis[2]);
        return std::min({p0, p1, p2}) > r * (1 + 1e-12) || std::max({p0, p1, p2}) < -r * (1 + 1e-12);
    };
    const D3 e[3] = {sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])};
    const D3 u[3] = {D3{1, 0, 0}, D3{0, 1, 0}, D3{0, 0, 1}};
    if (separated(crs(e[0], e[1]))) return false;
    for (const D3& a : u)
        for (const D3& b : e)
            if (separated(crs(a, b))) return false;
    return true;
}

}  // namespace shototsu::test
