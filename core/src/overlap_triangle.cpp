// shototsu — triangle contacts (overlap.hpp): triangle–sphere (Ericson RTCD 5.1.5;
// DxLib tutorial (triangle–sphere)) and triangle–capsule.
#include <limits>

#include "overlap_detail.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/tolerance.hpp"
#include "triangle_region.hpp"

namespace shototsu {

namespace {

using detail::dv;
using detail::DVec3;

struct DTriangle {
    DVec3 a, b, c;
    DVec3 n;     // (b - a) x (c - a), not normalised
    DVec3 unit;  // n / |n|; zero for a degenerate triangle
    bool degenerate = false;
};

DTriangle dtriangle(const Triangle& tri) {
    DTriangle t{dv(tri.a), dv(tri.b), dv(tri.c), {}, {}, false};
    t.n = cross(t.b - t.a, t.c - t.a);
    // The same zero-area test as closest_point_on_triangle, so both take the same path.
    const double l2 = detail::dmax(detail::length_sq(t.b - t.a),
                                   detail::dmax(detail::length_sq(t.c - t.a), detail::length_sq(t.c - t.b)));
    const double nn = detail::length_sq(t.n);
    t.degenerate = !(nn > tol::kDegenerateSinSq * l2 * l2);
    if (!t.degenerate) t.unit = t.n * (1.0 / std::sqrt(nn));
    return t;
}

// The longest edge of a degenerate triangle: the segment the three vertices span.
void collapsed_segment(const DTriangle& t, DVec3& p0, DVec3& p1) {
    const double ab = detail::length_sq(t.b - t.a), bc = detail::length_sq(t.c - t.b),
                 ca = detail::length_sq(t.a - t.c);
    if (ab >= bc && ab >= ca) {
        p0 = t.a;
        p1 = t.b;
    } else if (bc >= ca) {
        p0 = t.b;
        p1 = t.c;
    } else {
        p0 = t.c;
        p1 = t.a;
    }
}

// Closest point of the triangle to p: closest_point_on_triangle's Voronoi region (one decision
// for the whole library), and the point recomputed in double from it, so that the direction from
// it to p is exact rather than float noise when p is near the triangle. For a triangle that is not
// zero-area the region is decided here by the same tests on the same double products
// (triangle_region.hpp; dtriangle's zero-area test is closest_point_on_triangle's), without the
// float point and barycentrics closest_point_on_triangle would also build.
struct TriangleClosest {
    DVec3 point;
    bool face = false;
    bool edge = false;
    DVec3 from, to;  // the edge's ends
};
TriangleClosest closest_on(const DTriangle& t, const Triangle& tri, Vec3 pf) {
    const DVec3 p = dv(pf);
    auto on_edge = [&](DVec3 from, DVec3 to) {
        return TriangleClosest{detail::closest_on_segment(p, from, to), false, true, from, to};
    };
    const TriangleRegion region = t.degenerate ? closest_point_on_triangle(pf, tri).region
                                               : detail::voronoi_region(detail::region_products(t.a, t.b, t.c, p));
    switch (region) {
        case TriangleRegion::A: return {t.a, false, false, {}, {}};
        case TriangleRegion::B: return {t.b, false, false, {}, {}};
        case TriangleRegion::C: return {t.c, false, false, {}, {}};
        case TriangleRegion::AB: return on_edge(t.a, t.b);
        case TriangleRegion::BC: return on_edge(t.b, t.c);
        case TriangleRegion::CA: return on_edge(t.c, t.a);
        case TriangleRegion::Face: break;
    }
    return {p - t.n * (dot(p - t.a, t.n) / detail::length_sq(t.n)), true, false, {}, {}};
}

// Whether p, at distance `dist` from its closest point q, is certainly farther than r from the
// triangle: so is the lower bound of its distance from q's feature (the plane, the edge's line, the
// vertex), as for segments in detail::beyond.
bool beyond(const DTriangle& t, const TriangleClosest& q, DVec3 p, double dist, double r) {
    if (!(dist > r)) return false;
    double lower;
    if (q.face)
        lower = detail::plane_distance_lower_bound(p - t.a, t.b - t.a, t.c - t.a);
    else if (q.edge)
        lower = detail::line_distance_lower_bound(p - q.from, q.to - q.from);
    else
        lower = dist * (1.0 - tol::kDoubleEvalRelError);
    return lower > r;
}

// The fallback normal when the closest points give no direction: the face normal, or for a
// degenerate triangle the perpendicular of its segment nearest +Y (+Y for a point).
DVec3 fallback_normal(const DTriangle& t) {
    if (!t.degenerate) return t.unit;
    DVec3 p0, p1;
    collapsed_segment(t, p0, p1);
    return detail::perpendicular_nearest_up(p1 - p0);
}

// Whether the capsule's axis [s0, s1] is certainly farther than r from the triangle, by more than
// every rounding of triangle_capsule's own candidates, so that each of them would be found beyond
// r and the answer is no contact: both ends beyond the reach on one side of the plane, or outside
// one edge within the plane, or the axis's box and the triangle's farther apart than the reach.
// Every candidate measures a distance from a point of the axis to a feature of the triangle (the
// plane, an edge's line or segment, a vertex) or between the axis's line and an edge's line; along
// a separating axis each is at least the separation, less:
// - the Voronoi region's rounding: closest_on decides it in double, and a wrong region needs a
//   region product's rounding (a few ulps of L^2 P^2, L the longest edge, P the farthest end from
//   a vertex) to exceed its value (|n| |e| times the distance outside the edge), so the foot it
//   gives is at most 32 eps L^2 P^2 / (|n| e_min) off — beside an edge a wrong "face" would
//   measure the plane (the plane's own axis bounds every feature from below anyway);
// - for an axis and an edge whose lines are nearly parallel, the rounding of the lines' common
//   perpendicular, which can put its feet outside the segments: such a pair (sine under 1e-6,
//   not exactly parallel) is left to the full test;
// - the lower bounds' own rounding (tol::kDoubleEvalRelError of the magnitudes, over the sine).
// The reach is r, plus the first, plus kClearRel of the magnitude: some fifty times the last two
// at their largest. A capsule beside the triangle (most of a character's overlap tests) ends
// here, before the closest points of its ends and of its axis against the three edges.
[[gnu::noinline]] bool clearly_apart(const DTriangle& t, DVec3 s0, DVec3 s1, double r, double magnitude) {
    constexpr double kClearRel = 1e-6, kNearParallelSinSq = 1e-12;
    const DVec3 v[3] = {t.a, t.b, t.c};
    const DVec3 d = s1 - s0;
    const double dd = detail::length_sq(d);
    DVec3 e[3];
    double ee[3], l2 = 0.0, emin2 = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 3; ++i) {
        e[i] = v[i == 2 ? 0 : i + 1] - v[i];
        ee[i] = detail::length_sq(e[i]);
        l2 = detail::dmax(l2, ee[i]);
        emin2 = detail::dmin(emin2, ee[i]);
        // The axis nearly parallel to this edge (not as parallel as closest_segments finds it,
        // |d x e|^2 = 0): left to the full test.
        const double mm = detail::length_sq(cross(d, e[i]));
        if (mm > 0.0 && !(mm > kNearParallelSinSq * dd * ee[i])) return false;
    }
    // P, the farthest end from a vertex, is at most the farther end from a plus the longest edge.
    const double pa = std::sqrt(detail::dmax(detail::length_sq(s0 - t.a), detail::length_sq(s1 - t.a))) + std::sqrt(l2);
    const double p2 = pa * pa;
    const double nlen = std::sqrt(detail::length_sq(t.n));
    const double reach =
        r + kClearRel * magnitude + 32.0 * std::numeric_limits<double>::epsilon() * l2 * p2 / (nlen * std::sqrt(emin2));
    if (!std::isfinite(reach)) return false;
    // The plane's normal (either side), then each edge's outward normal within the plane,
    // cross(e, n), of length |e| |n|.
    for (int i = -1; i < 3; ++i) {
        const DVec3 u = i < 0 ? t.n : cross(e[i], t.n);
        const DVec3 o = i < 0 ? t.a : v[i];
        const double scale = (i < 0 ? nlen : std::sqrt(ee[i]) * nlen) * reach;
        const double a0 = dot(u, s0 - o), a1 = dot(u, s1 - o);
        if ((a0 > scale && a1 > scale) || (i < 0 && a0 < -scale && a1 < -scale)) return true;
    }
    // The gap between the axis's box and the triangle's: every point of the axis is at least that
    // far from every point of the triangle, a stronger bound than a separating axis's (a capsule
    // beside a box's edge or corner, diagonally off every one of the four axes above). The
    // coordinates' differences and squares round by a few ulps, well within the margin taken.
    const auto gap = [](double p0, double p1, double a, double b, double c) {
        const double lo = detail::dmin(detail::dmin(a, b), c), hi = detail::dmax(detail::dmax(a, b), c);
        return detail::dmax(detail::dmax(lo - detail::dmax(p0, p1), detail::dmin(p0, p1) - hi), 0.0);
    };
    const double gx = gap(s0.x, s1.x, t.a.x, t.b.x, t.c.x), gy = gap(s0.y, s1.y, t.a.y, t.b.y, t.c.y),
                 gz = gap(s0.z, s1.z, t.a.z, t.b.z, t.c.z);
    return gx * gx + gy * gy + gz * gz > reach * reach * (1.0 + 1e-9);
}

bool valid(const Triangle& t) { return is_finite(t.a) && is_finite(t.b) && is_finite(t.c); }

}  // namespace

Contact triangle_sphere(const Triangle& tri, const Sphere& s) {
    if (!valid(tri) || !is_finite(s.center) || !detail::valid_radius(s.radius)) return {};
    const DTriangle t = dtriangle(tri);
    const DVec3 p = dv(s.center);
    const TriangleClosest q = closest_on(t, tri, s.center);
    const DVec3 diff = p - q.point;
    const double r = s.radius, dist = detail::dlength(diff);
    if (beyond(t, q, p, dist, r)) return {};
    const double noise = tol::kCoincidentRel * detail::max_abs({tri.a, tri.b, tri.c, s.center});
    if (dist > noise) {
        // Over the face the direction is the face normal itself, on the centre's side.
        const DVec3 n = q.face ? (dot(diff, t.n) < 0.0 ? -t.unit : t.unit) : diff * (1.0 / dist);
        return detail::make_contact(q.point, n, r - dist);
    }
    // The centre is on the triangle: the front face pushes it out (both sides are as short).
    const DVec3 n = fallback_normal(t);
    return detail::make_contact(q.point, n, r - dot(n, diff));
}

// triangle_capsule, with (kScreen) or without the clearly_apart screen (detail::
// triangle_capsule_unscreened, which the tests compare it with).
namespace {

template <bool kScreen>
Contact triangle_capsule_impl(const Triangle& tri, const Capsule& cap) {
    if (!valid(tri) || !is_finite(cap.start) || !is_finite(cap.end) || !detail::valid_radius(cap.radius)) return {};
    if (cap.start == cap.end) return triangle_sphere(tri, Sphere{cap.start, cap.radius});
    const DTriangle t = dtriangle(tri);
    const double magnitude = detail::max_abs({tri.a, tri.b, tri.c, cap.start, cap.end});
    if (t.degenerate) {
        DVec3 p0, p1;
        collapsed_segment(t, p0, p1);
        return detail::round_contact({p0, p1, 0.0}, detail::round_of(cap), magnitude);
    }
    const DVec3 s0 = dv(cap.start), s1 = dv(cap.end);
    const double r = cap.radius;
    // Heights of the ends over the plane, as signs; within rounding noise of it counts as on it.
    const double noise = tol::kCoincidentRel * magnitude;
    auto height_sign = [&](DVec3 p) {
        const double h = dot(t.unit, p - t.a);
        return h > noise ? 1 : (h < -noise ? -1 : 0);
    };
    const int side0 = height_sign(s0), side1 = height_sign(s1);
    if (kScreen && clearly_apart(t, s0, s1, r, magnitude)) return {};
    // The side the capsule is pushed to when its axis meets the face: its start's side (the end's
    // when the start is on the plane; the front when both are).
    const DVec3 side = side0 < 0 || (side0 == 0 && side1 < 0) ? -t.unit : t.unit;
    // Moving along `side` until the lower end is r above the plane clears the whole capsule.
    auto lift = [&](DVec3 point) {
        return detail::make_contact(point, side, r - detail::dmin(dot(side, s0 - t.a), dot(side, s1 - t.a)));
    };

    if (side0 * side1 < 0) {
        const double h0 = dot(t.unit, s0 - t.a), h1 = dot(t.unit, s1 - t.a);
        const DVec3 x = s0 + (s1 - s0) * (h0 / (h0 - h1));
        // x is on the face when it is on the inner side of all three edges.
        const bool inside = dot(cross(t.b - t.a, x - t.a), t.n) >= 0.0 && dot(cross(t.c - t.b, x - t.b), t.n) >= 0.0 &&
                            dot(cross(t.a - t.c, x - t.c), t.n) >= 0.0;
        if (inside) return lift(x);
    }

    // Otherwise the closest points are an end against the triangle or the axis against an edge.
    // Each candidate keeps the direction it would push along, if it has one.
    DVec3 on_tri, normal;
    double best = 0.0;
    bool within = false;  // some candidate may be within r, even where its distance rounds above r
    for (int k = 0; k < 2; ++k) {
        const DVec3 end = k == 0 ? s0 : s1;
        const TriangleClosest q = closest_on(t, tri, k == 0 ? cap.start : cap.end);
        const DVec3 diff = end - q.point;
        const double d = detail::dlength(diff);
        within = within || !beyond(t, q, end, d, r);
        if (k == 1 && !(d < best)) continue;
        best = d;
        on_tri = q.point;
        // Over the face the face normal on the end's side is exact; elsewhere the offset's
        // direction (used only when d is above the noise).
        normal = q.face ? (dot(diff, t.n) < 0.0 ? -t.unit : t.unit) : diff * (d > 0.0 ? 1.0 / d : 0.0);
    }
    const DVec3 edges[4] = {t.a, t.b, t.c, t.a};
    for (int e = 0; e < 3; ++e) {
        const detail::Separation sep = detail::separation(edges[e], edges[e + 1], s0, s1, magnitude);
        within = within || !detail::beyond(sep, edges[e], edges[e + 1], s0, s1, r);
        if (!(sep.dist < best)) continue;
        best = sep.dist;
        on_tri = sep.pair.p1;
        normal = sep.normal;
    }
    if (!within) return {};
    if (best > noise) return detail::make_contact(on_tri, normal, r - best);
    // The axis touches the triangle: no direction between the points; leave along the face.
    return lift(on_tri);
}

}  // namespace

Contact triangle_capsule(const Triangle& tri, const Capsule& cap) { return triangle_capsule_impl<true>(tri, cap); }

namespace detail {

Contact triangle_capsule_unscreened(const Triangle& tri, const Capsule& cap) {
    return triangle_capsule_impl<false>(tri, cap);
}

}  // namespace detail

}  // namespace shototsu
