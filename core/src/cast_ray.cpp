// shototsu — ray against triangle (cast.hpp: intersect_ray_triangle), the mesh world's fast path.
#include <cmath>

#include "dvec.hpp"
#include "shototsu/cast.hpp"

namespace shototsu {

namespace {

detail::DVec3 dmin3(detail::DVec3 a, detail::DVec3 b, detail::DVec3 c) {
    using detail::dmin;
    return {dmin(dmin(a.x, b.x), c.x), dmin(dmin(a.y, b.y), c.y), dmin(dmin(a.z, b.z), c.z)};
}
detail::DVec3 dmax3(detail::DVec3 a, detail::DVec3 b, detail::DVec3 c) {
    using detail::dmax;
    return {dmax(dmax(a.x, b.x), c.x), dmax(dmax(a.y, b.y), c.y), dmax(dmax(a.z, b.z), c.z)};
}

}  // namespace

float intersect_ray_triangle(Vec3 origin, Vec3 dir, const Triangle& tri, float max_s) {
    using namespace detail;
    if (!is_finite(origin) || !is_finite(dir) || !(max_s >= 0.0f)) return -1.0f;
    const DVec3 p = dv(origin), d = dv(dir);
    const DVec3 pa = dv(tri.a) - p, pb = dv(tri.b) - p, pc = dv(tri.c) - p;
    // Which side of each edge the line passes (weights of a, b, c: edges bc, ca, ab).
    const Bounded u = edge_side(d, pc, pb), v = edge_side(d, pa, pc);
    const double cu = certain(u), cv = certain(v);
    // Two edges certainly on opposite sides: outside, which the full test below would also
    // answer (-1 whether or not the line is parallel), so the third edge need not be computed.
    if ((cu > 0.0 && cv < 0.0) || (cu < 0.0 && cv > 0.0)) return -1.0f;
    const Bounded w = edge_side(d, pb, pa);
    const double sum = u.value + v.value + w.value;                     // = n . d, n = (b - a) x (c - a)
    if (!(std::fabs(sum) > u.bound + v.bound + w.bound)) return -1.0f;  // parallel, or zero area
    const double cw = certain(w);
    const bool inside = (cu >= 0.0 && cv >= 0.0 && cw >= 0.0) || (cu <= 0.0 && cv <= 0.0 && cw <= 0.0);
    if (!inside) return -1.0f;
    const DVec3 n = cross(pb - pa, pc - pa);
    const double s = dot(n, pa) / dot(n, d);
    if (!(s >= 0.0 && s <= static_cast<double>(max_s))) return -1.0f;
    // The hit must lie in the triangle's box. For a line within rounding of the plane the edge
    // signs can read as inside while the distance along it is rounding (a line 1e-40 off the
    // plane through a vertex 2 m behind the origin hits at s = 0); that is a parallel line, a
    // miss. The slack, 5e-8 of the magnitudes (relative to the origin), is far above the rounding
    // of a real hit and below the world's traversal slop, so a box the world culls never hits.
    const DVec3 q = d * s, lo = dmin3(pa, pb, pc), hi = dmax3(pa, pb, pc);
    const double slack = 5e-8 * (max_abs(p) + dmax(max_abs(lo), max_abs(hi)));
    if (q.x < lo.x - slack || q.x > hi.x + slack || q.y < lo.y - slack || q.y > hi.y + slack || q.z < lo.z - slack ||
        q.z > hi.z + slack)
        return -1.0f;
    return static_cast<float>(s);
}

}  // namespace shototsu
