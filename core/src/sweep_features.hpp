// shototsu (internal) — the arithmetic the sphere and capsule sweeps share (sweep.cpp,
// sweep_capsule.cpp): the triangle in double, the start's closest feature, and the first entry
// of a moving ball into each feature's reach (the face's slab, an edge's cylinder, a vertex's
// ball). The capsule sweep runs the sphere sweep's tests on each end sphere, so a zero-length
// capsule gives the sphere's answer bit for bit. Never part of the public API.
#pragma once

#include <cmath>

#include "dvec.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "triangle_region.hpp"

namespace shototsu::detail {

/// Larger than every valid fraction: "no contact from this feature".
inline constexpr double kNever = 2.0;

/// The float nearest to t that is not above it: rounding a time of impact up would let the
/// shape a little past the contact, rounding it down never does.
inline float fraction_down(double t) {
    float f = static_cast<float>(t);
    if (static_cast<double>(f) > t) f = std::nextafter(f, 0.0f);
    return f;
}

inline constexpr TriangleFeature kEdgeFeature[3] = {TriangleFeature::EdgeAB, TriangleFeature::EdgeBC,
                                                    TriangleFeature::EdgeCA};
inline constexpr TriangleFeature kVertexFeature[3] = {TriangleFeature::VertexA, TriangleFeature::VertexB,
                                                      TriangleFeature::VertexC};

/// A triangle in double: vertices, edges e[i] = v[i + 1] - v[i], the unnormalised normal
/// n = (b - a) x (c - a) and its length, and whether it counts as zero-area.
struct TriangleFrame {
    DVec3 v[3];
    DVec3 e[3];
    DVec3 n;
    double nlen = 0.0;
    bool degenerate = false;
};

inline TriangleFrame make_frame(const Triangle& tri) {
    TriangleFrame f;
    f.v[0] = dv(tri.a);
    f.v[1] = dv(tri.b);
    f.v[2] = dv(tri.c);
    for (int i = 0; i < 3; ++i) f.e[i] = f.v[(i + 1) % 3] - f.v[i];
    f.n = cross(f.e[0], f.v[2] - f.v[0]);
    const double nn = length_sq(f.n);
    double l2 = 0.0;
    for (int i = 0; i < 3; ++i) l2 = dmax(l2, length_sq(f.e[i]));
    // The same zero-area policy as closest_point_on_triangle: such a triangle is its edges.
    f.degenerate = !(nn > tol::kDegenerateSinSq * l2 * l2);
    f.nlen = std::sqrt(nn);
    return f;
}

/// Whether the segment [a, a + u] translated by t d, 0 <= t <= 1, stays farther than `reach`
/// beyond one of the edges e[i] = v[i + 1] - v[i] of the triangle v (normal n = (v1 - v0) x (v2 - v0), not zero-area),
/// measured along that edge's outward normal in the triangle's plane, e x n. The triangle lies on
/// the inner side of that line, so then nothing of the triangle comes within `reach` of the
/// swept segment: a separating axis. The swept segment is the parallelogram a, a + u, a + d,
/// a + u + d, whose lowest value along the axis is a's plus the negative parts of u's and d's.
/// The axis is not normalised (|e x n| = |e| |n| since e is in the plane), so the comparison is
/// squared. A sphere is u = 0. The rounding of these double dot products is about 1e-16 of the
/// problem's scale: callers pass a reach widened by their cushions, which are far larger.
inline bool beyond_an_edge(const DVec3 v[3], const DVec3 e[3], DVec3 n, double nn, DVec3 a, DVec3 u, DVec3 d,
                           double reach) {
    for (int i = 0; i < 3; ++i) {
        const DVec3 m = cross(e[i], n);
        const double lo = dot(a - v[i], m) + dmin(dot(u, m), 0.0) + dmin(dot(d, m), 0.0);
        if (lo > 0.0 && lo * lo > reach * reach * length_sq(e[i]) * nn) return true;
    }
    return false;
}

/// The normal for a centre lying on the triangle, where "from the contact toward the centre" has
/// no direction: the face normal turned against the motion d (toward `centre`'s side when the
/// motion runs along the face). A zero-area triangle uses the component of -d perpendicular to
/// its longest edge, then any perpendicular of that edge, then -d, then +Y.
inline DVec3 on_triangle_normal(const TriangleFrame& f, DVec3 centre, DVec3 d) {
    if (!f.degenerate) {
        const DVec3 unit = f.n * (1.0 / f.nlen);
        const double dn = dot(d, f.n);
        if (dn > 0.0) return -unit;
        if (dn < 0.0) return unit;
        return dot(centre - f.v[0], f.n) < 0.0 ? -unit : unit;
    }
    DVec3 axis;
    for (int i = 0; i < 3; ++i) {
        const DVec3 e = f.e[i];
        if (length_sq(e) > length_sq(axis)) axis = e;
    }
    const DVec3 back = unit_or(-d, DVec3{0, 1, 0});
    if (!(length_sq(axis) > 0.0)) return back;
    const DVec3 u = axis * (1.0 / dlength(axis));
    const DVec3 perp = -(d - u * dot(d, u));
    if (length_sq(perp) > 0.0) return unit_or(perp, back);
    return dv(any_perpendicular(fv(u)));
}

/// The closest point of the triangle to a point and the feature it lies on.
struct StartContact {
    DVec3 point;
    TriangleFeature feature = TriangleFeature::Face;
};

/// The closest point of the triangle to `pf` in double: the Voronoi region comes from
/// closest_point_on_triangle, the point is then recomputed on that feature so that the contact
/// normal at the start carries no float32 rounding.
inline StartContact closest_on_frame(const TriangleFrame& f, const Triangle& tri, Vec3 pf) {
    const DVec3 p = dv(pf);
    auto on_edge = [&](int i) {
        const DVec3 a = f.v[i], e = f.e[i];
        const double ee = length_sq(e);
        return StartContact{a + e * clamp01(ee > 0.0 ? dot(p - a, e) / ee : 0.0), kEdgeFeature[i]};
    };
    switch (f.degenerate ? closest_point_on_triangle(pf, tri).region
                         : voronoi_region(region_products(f.v[0], f.v[1], f.v[2], p))) {
        case TriangleRegion::A: return {f.v[0], TriangleFeature::VertexA};
        case TriangleRegion::B: return {f.v[1], TriangleFeature::VertexB};
        case TriangleRegion::C: return {f.v[2], TriangleFeature::VertexC};
        case TriangleRegion::AB: return on_edge(0);
        case TriangleRegion::BC: return on_edge(1);
        case TriangleRegion::CA: return on_edge(2);
        case TriangleRegion::Face: break;
    }
    if (!(f.nlen > 0.0)) return on_edge(0);  // unreachable: both use the same zero-area test
    return {p - f.n * (dot(p - f.v[0], f.n) / (f.nlen * f.nlen)), TriangleFeature::Face};
}

/// Earliest t >= 0 at which m + t d is within r of the origin: 0 when it already is, kNever
/// when the line misses the ball or moves away from it. disc = r^2 |d|^2 - |m x d|^2 is the
/// Lagrange form of b^2 - a c, free of the cancellation of |m|^2 |d|^2 terms. A line passing
/// within r + kappa (kappa: the rounding cushion) counts as tangent, and the disc is clamped to 0:
/// exact tangency then gives the exact touching time, and a rounding-negative disc never
/// turns a touch into a miss.
inline double ball_entry(DVec3 m, DVec3 d, double r, double kappa) {
    const double c = length_sq(m) - r * r;
    if (c <= 0.0) return 0.0;
    const double b = dot(m, d);
    if (!(b < 0.0)) return kNever;
    const double dd = length_sq(d);
    const double disc = r * r * dd - length_sq(cross(m, d));
    if (!(disc >= -(2.0 * r + kappa) * kappa * dd)) return kNever;
    // Passing within kappa of the ball but not into it: the time of closest approach (c / -b is
    // that time only for a double root).
    if (disc < 0.0) return -b / dd;
    return c / (-b + std::sqrt(disc));
}

/// Earliest t >= 0 at which m + t d is within r of the infinite line through the origin with
/// direction e (|e| > 0); 0 when it already is. With u = m x e and w = d x e the quadratic is
/// |w|^2 t^2 + 2 (u.w) t + |u|^2 - r^2 |e|^2, and its discriminant is |e|^2 h with
/// h = r^2 |w|^2 - (m.w)^2, (m.w)/|w| being the distance between the line of motion and the
/// edge's line. Tangency within kappa as in ball_entry.
inline double cylinder_entry(DVec3 m, DVec3 d, DVec3 e, double r, double kappa) {
    const DVec3 u = cross(m, e), w = cross(d, e);
    const double ee = length_sq(e);
    const double c = length_sq(u) - r * r * ee;
    if (c <= 0.0) return 0.0;
    const double b = dot(u, w);
    if (!(b < 0.0)) return kNever;  // also motion parallel to the edge (w = 0)
    const double ww = length_sq(w), triple = dot(m, w);
    const double h = r * r * ww - triple * triple;
    if (!(h >= -(2.0 * r + kappa) * kappa * ww)) return kNever;
    // Passing within kappa of the cylinder but not into it: the time of closest approach (c / -b
    // is that time only for a double root, and far later when c and b are tiny: a start on the
    // edge's line).
    if (h < 0.0) return -b / ww;
    return c / (-b + std::sqrt(ee) * std::sqrt(h));
}

/// The earliest of the contacts offered so far, with what the caller needs to finish it (the
/// feature, the point, how to take the normal); among equal times the first offered stays.
template <class Info>
struct EarliestContact {
    double t = kNever;
    Info info{};
    void consider(double tc, const Info& i) {
        if (tc < t) {
            t = tc;
            info = i;
        }
    }
};

/// Where a moving ball first touches a feature: t (kNever when it does not within the motion),
/// the contact point, and for the face the side of the plane the ball comes from (+1 the front,
/// the side n points to; -1 behind).
struct FeatureEntry {
    double t = kNever;
    DVec3 point;
    double side = 1.0;
};

/// The face of a non-degenerate triangle against a ball (centre s moving by d, radius r): the
/// plane at distance r on the start's side, entered inside the triangle (its edges widened by
/// `cushion`; a negative cushion shrinks them instead, for a contact strictly inside). A centre
/// already between the two planes can only enter through an edge or a vertex first, unless it is
/// over the triangle already (t = 0).
inline FeatureEntry face_entry(const TriangleFrame& f, DVec3 s, DVec3 d, double r, double cushion) {
    const DVec3 unit = f.n * (1.0 / f.nlen);
    const double s0 = dot(s - f.v[0], unit), sd = dot(d, unit);
    const double side = s0 < 0.0 ? -1.0 : 1.0;
    const double gap = std::fabs(s0) - r, approach = -side * sd;
    double t = 0.0;
    if (gap > 0.0) {
        if (!(approach > 0.0) || gap > approach) return {};
        t = gap / approach;
    }
    const DVec3 q = s + d * t - unit * (side * (gap > 0.0 ? r : s0 * side));
    for (int i = 0; i < 3; ++i) {
        const DVec3 a = f.v[i], e = f.e[i];
        if (dot(cross(e, q - a), f.n) < -cushion * dlength(e) * f.nlen) return {};
    }
    // The edge tests are a distance to each edge's line; on a needle, whose three lines almost
    // coincide, a point far beyond its tip passes all three within the cushion. The bounding
    // box (never violated by a true contact) cuts that off. The box is widened by the cushion's
    // size whatever its sign: a point inside the shrunk edges is inside the triangle, and a box
    // shrunk along an axis the triangle has no extent on (a floor's y) would reject every point.
    const double box_slack = std::fabs(cushion);
    for (int k = 0; k < 3; ++k) {
        const double lo = dmin(component(f.v[0], k), dmin(component(f.v[1], k), component(f.v[2], k)));
        const double hi = dmax(component(f.v[0], k), dmax(component(f.v[1], k), component(f.v[2], k)));
        const double qc = component(q, k);
        if (qc < lo - box_slack || qc > hi + box_slack) return {};
    }
    return {t, q, side};
}

/// Edge i (from vertex i to vertex i + 1) against a ball: the cylinder of radius r around its
/// line, entered where the closest point of the line lies on the edge (its ends widened by
/// `cushion`). A repeated vertex has no edge (the vertex balls cover it).
inline FeatureEntry edge_entry(const TriangleFrame& f, int i, DVec3 s, DVec3 d, double r, double cushion) {
    const DVec3 a = f.v[i], e = f.e[i];
    const double ee = length_sq(e);
    if (!(ee > 0.0)) return {};
    const double t = cylinder_entry(s - a, d, e, r, cushion);
    if (!(t <= 1.0)) return {};
    const double along = dot(s + d * t - a, e), slack = cushion * std::sqrt(ee);
    if (along < -slack || along > ee + slack) return {};
    const double u = along < 0.0 ? 0.0 : (along > ee ? 1.0 : along / ee);
    return {t, a + e * u};
}

}  // namespace shototsu::detail
