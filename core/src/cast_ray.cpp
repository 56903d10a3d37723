// shototsu — ray against triangle (cast.hpp: intersect_ray_triangle), the mesh world's fast path.
#include <cmath>

#include "dvec.hpp"
#include "shototsu/cast.hpp"

namespace shototsu {

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
    return static_cast<float>(s);
}

}  // namespace shototsu
