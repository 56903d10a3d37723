// shototsu — explain forms of the contacts (explain.hpp): the six ways out of two boxes, the 15
// separating axes of two oriented boxes, the edge signs of a polygon. Each evaluates the
// quantities of the query's decision the way the query does (overlap_box.cpp, overlap_obb.cpp,
// overlap_containment.cpp), all of them rather than up to the first that decides, and takes its
// `result` from the query itself.
#include <cmath>

#include "exact_detail.hpp"
#include "explain_detail.hpp"
#include "overlap_detail.hpp"
#include "shototsu/explain.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

using detail::dv;
using detail::DVec3;

namespace {

constexpr auto f = detail::shown;

// Per axis, b leaves a upward by a.max - b.min or downward by b.max - a.min.
BoxOverlapExplanation box_candidates(const AABB& a, const AABB& b) {
    BoxOverlapExplanation out;
    if (!detail::valid_aabb(a) || !detail::valid_aabb(b)) return out;
    double best = 0.0;
    for (int axis = 0; axis < 3; ++axis) {
        const double moves[2] = {static_cast<double>(component(a.max, axis)) - component(b.min, axis),
                                 static_cast<double>(component(b.max, axis)) - component(a.min, axis)};
        for (int k = 0; k < 2; ++k) {
            const int i = 2 * axis + k;
            out.candidates[i] = f(moves[k]);
            if (moves[k] < 0.0 && out.separating < 0) out.separating = i;
            if (i == 0 || moves[k] < best) {
                best = moves[k];
                out.chosen = i;
            }
        }
    }
    if (out.separating >= 0) out.chosen = -1;
    return out;
}

// Half the width of the shadow of the box (unit axes, half extents) on the unit axis l.
double shadow_radius(const detail::DMat3& axes, DVec3 half, DVec3 l) {
    const double h[3] = {half.x, half.y, half.z};
    double r = 0.0;
    for (int i = 0; i < 3; ++i) r += h[i] * std::fabs(detail::dot(axes.col[i], l));
    return r;
}

}  // namespace

AabbAabbExplanation explain_aabb_aabb(const AABB& a, const AABB& b) {
    AabbAabbExplanation out;
    static_cast<BoxOverlapExplanation&>(out) = box_candidates(a, b);
    out.result = aabb_aabb(a, b);
    return out;
}

PushOutExplanation explain_push_out_aabb_aabb(const AABB& fixed, const AABB& moving) {
    PushOutExplanation out;
    static_cast<BoxOverlapExplanation&>(out) = box_candidates(fixed, moving);
    out.result = push_out_aabb_aabb(fixed, moving);
    return out;
}

ObbObbExplanation explain_obb_obb(const OBB& oa, const OBB& ob) {
    ObbObbExplanation out;
    out.result = obb_obb(oa, ob);
    for (SatAxis& axis : out.axes) axis.skipped = true;
    if (!detail::valid_obb(oa) || !detail::valid_obb(ob)) return out;
    const detail::DMat3 ra = detail::rotation_of(oa.rotation), rb = detail::rotation_of(ob.rotation);
    const DVec3 ha = dv(oa.half_extents), hb = dv(ob.half_extents);
    const DVec3 t = dv(ob.center) - dv(oa.center);
    const double min_sin = static_cast<double>(tol::kSatAxisCushion);
    double least = 0.0;
    for (int k = 0; k < 15; ++k) {
        DVec3 l;
        if (k < 3) {
            l = ra.col[k];
        } else if (k < 6) {
            l = rb.col[k - 3];
        } else {
            const DVec3 c = detail::cross(ra.col[(k - 6) / 3], rb.col[(k - 6) % 3]);
            const double len = detail::dlength(c);
            if (!(len > min_sin)) continue;  // a rounding-noise axis: skipped, as obb_obb does
            l = c * (1.0 / len);
        }
        SatAxis& axis = out.axes[k];
        const double radius_a = shadow_radius(ra, ha, l), radius_b = shadow_radius(rb, hb, l);
        const double distance = detail::dot(t, l);
        const double overlap = radius_a + radius_b - std::fabs(distance);
        axis = {detail::fv(l), false, f(radius_a), f(radius_b), f(distance), f(overlap)};
        if (overlap < 0.0 && out.separating < 0) out.separating = k;
        if (k == 0 || overlap < least) {
            least = overlap;
            out.least = k;
        }
    }
    if (out.separating >= 0) out.least = -1;
    return out;
}

PolygonContainmentExplanation explain_convex_polygon_contains_point(const ConvexPolygon2D& poly, Vec2 p) {
    PolygonContainmentExplanation out;
    out.result = convex_polygon_contains_point(poly, p);
    const std::size_t n = poly.vertices.size();
    auto finite2 = [](Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); };
    if (n == 0 || !finite2(p)) return out;
    for (const Vec2& v : poly.vertices)
        if (!finite2(v)) return out;
    out.edge_signs.resize(n);
    out.collinear = true;
    for (std::size_t i = 0; i < n; ++i) {
        const int s = detail::orientation(poly.vertices[i], poly.vertices[(i + 1) % n], p);
        out.edge_signs[i] = static_cast<std::int8_t>(s);
        out.collinear = out.collinear && s == 0;
    }
    return out;
}

}  // namespace shototsu
