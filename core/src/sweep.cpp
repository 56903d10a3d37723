// shototsu — sweeps (sweep.hpp): the first time of impact of a moving sphere against a plane
// (seed 002), a triangle (Ericson RTCD 5.5.6, Fauerby 2003) and another moving sphere (seed 004).
//
// Every sweep first classifies the start (overlapping, touching, free; see
// tol::kSweepContactSlop), then solves for the first contact in double: the distance from a
// moving centre to a plane is linear in t and to a point or a line it is the root of a
// quadratic, whose discriminant we write as a difference of squares of cross and triple
// products (no cancellation of |m|^2 |d|^2 terms). The first root is taken in the stable form
// t = c / (-b + sqrt(disc)), which never divides by the quadratic coefficient, so zero or
// parallel motion needs no special case there.
#include "shototsu/sweep.hpp"

#include <cfloat>
#include <cmath>

#include "dvec.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/tolerance.hpp"
#include "sweep_detail.hpp"

namespace shototsu {

using detail::dmax;
using detail::dmin;
using detail::dv;
using detail::DVec3;
using detail::fv;

namespace {

// Larger than every valid fraction: "no contact from this feature".
constexpr double kNever = 2.0;

double max_abs(Vec3 v) { return dmax(std::fabs(v.x), dmax(std::fabs(v.y), std::fabs(v.z))); }
double max_abs(DVec3 v) { return dmax(std::fabs(v.x), dmax(std::fabs(v.y), std::fabs(v.z))); }
double dlength(DVec3 v) { return std::sqrt(detail::length_sq(v)); }

DVec3 unit_or(DVec3 v, DVec3 fallback) {
    const double l2 = detail::length_sq(v);
    if (!(l2 > 0.0) || !std::isfinite(l2)) return fallback;
    return v * (1.0 / std::sqrt(l2));
}

// The float nearest to t that is not above it: rounding a time of impact up would let the
// sphere a little past the contact, rounding it down never does.
float fraction_down(double t) {
    float f = static_cast<float>(t);
    if (static_cast<double>(f) > t) f = std::nextafter(f, 0.0f);
    return f;
}

// Where the touching band sits: positions are rounded to float relative to the larger of the
// start's coordinates and the radius (see tol::kSweepContactSlop).
double contact_slop(Vec3 start, double radius) { return tol::kSweepContactSlop * dmax(max_abs(start), radius); }

// Earliest t >= 0 at which m + t d is within r of the origin: 0 when it already is, kNever
// when the line misses the ball or moves away from it. disc = r^2 |d|^2 - |m x d|^2 is the
// Lagrange form of b^2 - a c, free of the cancellation of |m|^2 |d|^2 terms. A line passing
// within r + kappa (kappa: the rounding cushion) counts as tangent, and the disc is clamped to 0:
// exact tangency then gives the exact touching time, and a rounding-negative disc never
// turns a touch into a miss.
double ball_entry(DVec3 m, DVec3 d, double r, double kappa) {
    const double c = detail::length_sq(m) - r * r;
    if (c <= 0.0) return 0.0;
    const double b = detail::dot(m, d);
    if (!(b < 0.0)) return kNever;
    const double dd = detail::length_sq(d);
    const double disc = r * r * dd - detail::length_sq(detail::cross(m, d));
    if (!(disc >= -(2.0 * r + kappa) * kappa * dd)) return kNever;
    return c / (-b + std::sqrt(dmax(disc, 0.0)));
}

// Earliest t >= 0 at which m + t d is within r of the infinite line through the origin with
// direction e (|e| > 0); 0 when it already is. With u = m x e and w = d x e the quadratic is
// |w|^2 t^2 + 2 (u.w) t + |u|^2 - r^2 |e|^2, and its discriminant is |e|^2 h with
// h = r^2 |w|^2 - (m.w)^2, (m.w)/|w| being the distance between the line of motion and the
// edge's line. Tangency within kappa as in ball_entry.
double cylinder_entry(DVec3 m, DVec3 d, DVec3 e, double r, double kappa) {
    const DVec3 u = detail::cross(m, e), w = detail::cross(d, e);
    const double ee = detail::length_sq(e);
    const double c = detail::length_sq(u) - r * r * ee;
    if (c <= 0.0) return 0.0;
    const double b = detail::dot(u, w);
    if (!(b < 0.0)) return kNever;  // also motion parallel to the edge (w = 0)
    const double ww = detail::length_sq(w), triple = detail::dot(m, w);
    const double h = r * r * ww - triple * triple;
    if (!(h >= -(2.0 * r + kappa) * kappa * ww)) return kNever;
    return c / (-b + std::sqrt(ee) * std::sqrt(dmax(h, 0.0)));
}

}  // namespace

// ---- sphere vs plane (seed 002) ------------------------------------------------------------------

SweepPlaneHit sweep_sphere_plane(float radius, Vec3 start, Vec3 end, Vec3 plane_normal, Vec3 plane_point) {
    SweepPlaneHit out;
    out.point = end;
    out.kind = SweepPlaneCase::Invalid;
    if (!is_finite(start) || !is_finite(end) || !is_finite(plane_normal) || !is_finite(plane_point) ||
        !(radius >= 0.0f) || !std::isfinite(radius))
        return out;
    const DVec3 n = dv(plane_normal);
    const double nn = detail::length_sq(n);
    if (!(nn > 0.0)) return out;
    const double len = std::sqrt(nn);
    const DVec3 s = dv(start), d = dv(end) - s;
    const double r = radius;
    const double s0 = detail::dot(s - dv(plane_point), n) / len;
    // Only the sign of the approach decides the cases, so test it before the division by |n|:
    // a motion whose components are exactly perpendicular to the normal gives exactly 0.
    const double dn = detail::dot(d, n);
    const double sd = dn / len;
    out.start_distance = static_cast<float>(s0);
    if (dn != 0.0) {
        const double ct = (r - s0) / sd;
        out.contact_time = static_cast<float>(dmax(-static_cast<double>(FLT_MAX), dmin(ct, FLT_MAX)));
        out.contact_time_valid = true;
    }
    auto hit_at = [&](double t, SweepPlaneCase kind) {
        out.hit = true;
        out.t = fraction_down(t);
        out.point = fv(s + d * static_cast<double>(out.t));
        out.normal = fv(n * (1.0 / len));
        out.kind = kind;
        return out;
    };
    auto miss = [&](SweepPlaneCase kind) {
        out.kind = kind;
        return out;
    };
    // The touching band is capped at the radius so that it never reaches behind the plane.
    const double slop = dmin(contact_slop(start, r), r);
    if (std::fabs(s0 - r) <= slop) {
        if (dn < 0.0) return hit_at(0.0, SweepPlaneCase::HitFront);
        return miss(dn > 0.0 ? SweepPlaneCase::MovingAway : SweepPlaneCase::Parallel);
    }
    if (s0 <= -r) return miss(SweepPlaneCase::BehindPlane);
    if (s0 < r) return hit_at(0.0, dn == 0.0 ? SweepPlaneCase::EmbeddedParallel : SweepPlaneCase::Embedded);
    // Free, in front. Seed 002 divides by d.n before looking at it; we decide first.
    if (dn > 0.0) return miss(SweepPlaneCase::MovingAway);
    if (dn == 0.0) return miss(SweepPlaneCase::Parallel);
    const double gap = s0 - r, approach = -sd;
    if (gap > approach) return miss(SweepPlaneCase::TooFar);
    return hit_at(gap / approach, SweepPlaneCase::HitFront);
}

// ---- sphere vs sphere (seed 004) -----------------------------------------------------------------

SweepHit sweep_sphere_sphere(Vec3 p0, Vec3 p1, float rp, Vec3 q0, Vec3 q1, float rq) {
    SweepHit out;
    out.point = p1;
    if (!is_finite(p0) || !is_finite(p1) || !is_finite(q0) || !is_finite(q1) || !(rp >= 0.0f) || !(rq >= 0.0f) ||
        !std::isfinite(rp) || !std::isfinite(rq))
        return out;
    // In q's frame p moves by y = (p1 - p0) - (q1 - q0) from x = p0 - q0.
    const DVec3 dp = dv(p1) - dv(p0), dq = dv(q1) - dv(q0);
    const DVec3 x = dv(p0) - dv(q0), y = dp - dq;
    const double r = static_cast<double>(rp) + static_cast<double>(rq);
    const double slop = tol::kSweepContactSlop * dmax(dmax(max_abs(p0), max_abs(q0)), r);
    // Centres closer than the float resolution have no meaningful direction: push p back
    // against its relative motion, or up when there is none.
    const DVec3 fallback = unit_or(-y, DVec3{0, 1, 0});

    double t = kNever;
    const double dist0 = dlength(x);
    if (dist0 < r - slop) {
        t = 0.0;  // overlapping: hit whatever the motion
    } else if (dist0 <= r + slop) {
        const DVec3 n0 = dist0 > slop ? x * (1.0 / dist0) : fallback;
        if (detail::dot(n0, y) < 0.0)
            t = 0.0;  // touching: a hit only when approaching
        else
            return out;
    } else {
        const double scale = dmax(dmax(max_abs(x), max_abs(y)), r);
        t = ball_entry(x, y, r, tol::kSweepCushion * scale);
    }
    if (!(t <= 1.0)) return out;
    out.hit = true;
    out.t = fraction_down(t);
    const double tf = out.t;
    const DVec3 pt = dv(p0) + dp * tf, qt = dv(q0) + dq * tf;
    const DVec3 gap = pt - qt;
    const DVec3 n = detail::length_sq(gap) > slop * slop ? unit_or(gap, fallback) : fallback;
    out.point = fv(pt);
    out.normal = fv(n);
    out.contact = fv(qt + n * static_cast<double>(rq));
    return out;
}

// ---- sphere vs triangle (Ericson RTCD 5.5.6, Fauerby 2003) --------------------------------------

namespace {

constexpr TriangleFeature kEdgeFeature[3] = {TriangleFeature::EdgeAB, TriangleFeature::EdgeBC, TriangleFeature::EdgeCA};
constexpr TriangleFeature kVertexFeature[3] = {TriangleFeature::VertexA, TriangleFeature::VertexB,
                                               TriangleFeature::VertexC};

struct TriangleFrame {
    DVec3 v[3];
    DVec3 e[3];  // e[i] = v[i + 1] - v[i]
    DVec3 n;     // (b - a) x (c - a)
    double nlen = 0.0;
    bool degenerate = false;
};

TriangleFrame make_frame(const Triangle& tri) {
    TriangleFrame f;
    f.v[0] = dv(tri.a);
    f.v[1] = dv(tri.b);
    f.v[2] = dv(tri.c);
    for (int i = 0; i < 3; ++i) f.e[i] = f.v[(i + 1) % 3] - f.v[i];
    f.n = detail::cross(f.e[0], f.v[2] - f.v[0]);
    const double nn = detail::length_sq(f.n);
    double l2 = 0.0;
    for (int i = 0; i < 3; ++i) l2 = dmax(l2, detail::length_sq(f.e[i]));
    // The same zero-area policy as closest_point_on_triangle: such a triangle is its edges.
    f.degenerate = !(nn > tol::kDegenerateSinSq * l2 * l2);
    f.nlen = std::sqrt(nn);
    return f;
}

// The normal for a centre lying on the triangle, where "from the contact toward the centre" has
// no direction: the face normal turned against the motion (toward the start's side when the
// motion runs along the face). A zero-area triangle uses the component of -d perpendicular to
// its longest edge, then any perpendicular of that edge, then -d, then +Y.
DVec3 on_triangle_normal(const TriangleFrame& f, DVec3 s, DVec3 d) {
    if (!f.degenerate) {
        const DVec3 unit = f.n * (1.0 / f.nlen);
        const double dn = detail::dot(d, f.n);
        if (dn > 0.0) return -unit;
        if (dn < 0.0) return unit;
        return detail::dot(s - f.v[0], f.n) < 0.0 ? -unit : unit;
    }
    DVec3 axis;
    for (int i = 0; i < 3; ++i) {
        const DVec3 e = f.e[i];
        if (detail::length_sq(e) > detail::length_sq(axis)) axis = e;
    }
    const DVec3 back = unit_or(-d, DVec3{0, 1, 0});
    if (!(detail::length_sq(axis) > 0.0)) return back;
    const DVec3 u = axis * (1.0 / dlength(axis));
    const DVec3 perp = -(d - u * detail::dot(d, u));
    if (detail::length_sq(perp) > 0.0) return unit_or(perp, back);
    return dv(any_perpendicular(fv(u)));
}

// The closest point of the triangle to `p` in double, and the feature it lies on: the Voronoi
// region comes from closest_point_on_triangle, the point is then recomputed on that feature so
// that the contact normal at the start carries no float32 rounding.
struct StartContact {
    DVec3 point;
    TriangleFeature feature = TriangleFeature::Face;
};

StartContact closest_on_frame(const TriangleFrame& f, const Triangle& tri, Vec3 pf) {
    const DVec3 p = dv(pf);
    auto on_edge = [&](int i) {
        const DVec3 a = f.v[i], e = f.e[i];
        const double ee = detail::length_sq(e);
        const double u = ee > 0.0 ? detail::dot(p - a, e) / ee : 0.0;
        return StartContact{a + e * (u < 0.0 ? 0.0 : (u > 1.0 ? 1.0 : u)), kEdgeFeature[i]};
    };
    switch (f.degenerate ? closest_point_on_triangle(pf, tri).region : detail::triangle_region(f.v, p)) {
        case TriangleRegion::A: return {f.v[0], TriangleFeature::VertexA};
        case TriangleRegion::B: return {f.v[1], TriangleFeature::VertexB};
        case TriangleRegion::C: return {f.v[2], TriangleFeature::VertexC};
        case TriangleRegion::AB: return on_edge(0);
        case TriangleRegion::BC: return on_edge(1);
        case TriangleRegion::CA: return on_edge(2);
        case TriangleRegion::Face: break;
    }
    if (!(f.nlen > 0.0)) return on_edge(0);  // unreachable: both use the same zero-area test
    return {p - f.n * (detail::dot(p - f.v[0], f.n) / (f.nlen * f.nlen)), TriangleFeature::Face};
}

struct FirstContact {
    double t = kNever;
    TriangleFeature feature = TriangleFeature::Face;
    DVec3 contact;
    bool face = false;  // the contact is on the face: its normal is the face normal
    double side = 1.0;  // for a face contact: +1 on the front (n) side, -1 behind
    void consider(double tc, TriangleFeature fe, DVec3 c, bool on_face = false, double sd = 1.0) {
        if (tc < t) {
            t = tc;
            feature = fe;
            contact = c;
            face = on_face;
            side = sd;
        }
    }
};

// The face: the plane at distance r on the start's side, entered inside the triangle (its
// edges widened by `cushion`). A centre already between the two planes can only enter through
// an edge or a vertex first, unless it is over the triangle already (t = 0).
// `cushion` widens the triangle's edges; a negative value shrinks them instead (the fast path of
// sweep_sphere_triangle asks for a contact strictly inside).
void face_contact(const TriangleFrame& f, DVec3 s, DVec3 d, double r, double cushion, FirstContact& best) {
    const DVec3 unit = f.n * (1.0 / f.nlen);
    const double s0 = detail::dot(s - f.v[0], unit), sd = detail::dot(d, unit);
    const double side = s0 < 0.0 ? -1.0 : 1.0;
    const double gap = std::fabs(s0) - r, approach = -side * sd;
    double t = 0.0;
    if (gap > 0.0) {
        if (!(approach > 0.0) || gap > approach) return;
        t = gap / approach;
    }
    const DVec3 q = s + d * t - unit * (side * (gap > 0.0 ? r : s0 * side));
    for (int i = 0; i < 3; ++i) {
        const DVec3 a = f.v[i], e = f.e[i];
        if (detail::dot(detail::cross(e, q - a), f.n) < -cushion * dlength(e) * f.nlen) return;
    }
    // The edge tests are a distance to each edge's line; on a needle, whose three lines almost
    // coincide, a point far beyond its tip passes all three within the cushion. The bounding
    // box (never violated by a true contact) cuts that off.
    const double lo[3] = {dmin(f.v[0].x, dmin(f.v[1].x, f.v[2].x)), dmin(f.v[0].y, dmin(f.v[1].y, f.v[2].y)),
                          dmin(f.v[0].z, dmin(f.v[1].z, f.v[2].z))};
    const double hi[3] = {dmax(f.v[0].x, dmax(f.v[1].x, f.v[2].x)), dmax(f.v[0].y, dmax(f.v[1].y, f.v[2].y)),
                          dmax(f.v[0].z, dmax(f.v[1].z, f.v[2].z))};
    const double qc[3] = {q.x, q.y, q.z};
    for (int k = 0; k < 3; ++k)
        if (qc[k] < lo[k] - cushion || qc[k] > hi[k] + cushion) return;
    best.consider(t, TriangleFeature::Face, q, true, side);
}

// Edge i (from vertex i to vertex i + 1): the cylinder of radius r around its line, entered
// where the closest point of the line lies on the edge (its ends widened by `cushion`).
void edge_contact(const TriangleFrame& f, int i, DVec3 s, DVec3 d, double r, double cushion, FirstContact& best) {
    const DVec3 a = f.v[i], e = f.e[i];
    const double ee = detail::length_sq(e);
    if (!(ee > 0.0)) return;  // a repeated vertex: the vertex spheres cover it
    const double t = cylinder_entry(s - a, d, e, r, cushion);
    if (!(t <= 1.0)) return;
    const double along = detail::dot(s + d * t - a, e), slack = cushion * std::sqrt(ee);
    if (along < -slack || along > ee + slack) return;
    const double u = along < 0.0 ? 0.0 : (along > ee ? 1.0 : along / ee);
    best.consider(t, kEdgeFeature[i], a + e * u);
}

}  // namespace

namespace {

template <bool kKnownFree>
TriangleSweepHit sweep_sphere(float radius, Vec3 start, Vec3 end, const Triangle& tri) {
    TriangleSweepHit out;
    out.point = end;
    if (!detail::all_finite(start, end, tri.a, tri.b, tri.c) || !(radius >= 0.0f) || !std::isfinite(radius)) return out;
    const TriangleFrame f = make_frame(tri);
    const DVec3 s = dv(start), d = dv(end) - s;
    const double r = radius;
    const double slop = contact_slop(start, r);

    // Early out: the whole motion stays on one side of the triangle's plane, farther than the
    // radius plus every widening used below (touching band and cushion) — no feature can be
    // reached. Most candidate triangles of a mesh are rejected here, before the closest point.
    double scale = dmax(max_abs(s - f.v[0]), dmax(max_abs(d), r));
    for (int i = 0; i < 3; ++i) scale = dmax(scale, max_abs(f.e[i]));
    const double cushion = tol::kSweepCushion * scale;
    bool free_start = false;
    if (!f.degenerate) {
        const double reach = (r + slop + cushion) * f.nlen;
        const double d0 = detail::dot(s - f.v[0], f.n), d1 = d0 + detail::dot(d, f.n);
        if ((d0 > reach && d1 > reach) || (d0 < -reach && d1 < -reach)) return out;
        // Farther from the plane than the touching band: farther from the triangle too.
        free_start = std::fabs(d0) > (r + slop) * f.nlen;
    }

    // The start: overlapping is a hit whatever the motion; touching is a hit only when moving
    // toward the triangle. The distance to a convex set is convex along a line, so a touching
    // sphere whose motion does not approach (d . n >= 0) never comes closer. kKnownFree: the
    // caller knows the start is free, and the tangent test below only skips work (every feature
    // test would report nothing either): both are left out.
    if constexpr (!kKnownFree) {
        const StartContact sc = closest_on_frame(f, tri, start);
        const DVec3 c0 = sc.point;
        const double dist0 = dlength(s - c0);
        if (!free_start && dist0 <= r + slop) {
            const DVec3 n0 = dist0 > slop ? (s - c0) * (1.0 / dist0) : on_triangle_normal(f, s, d);
            if (dist0 >= r - slop && !(detail::dot(d, n0) < 0.0)) return out;
            out.hit = true;
            out.t = 0.0f;
            out.point = start;
            out.contact = fv(c0);
            out.normal = fv(n0);
            out.feature = sc.feature;
            return out;
        }

        // Free at the start. The distance from the centre to the triangle is convex along the motion,
        // so it never falls below dist0 + t (d . n0), n0 the unit direction from the closest point
        // toward the centre (the tangent at t = 0). Every feature test below reports a contact only
        // where that distance comes within r plus a few cushions; when the tangent stays farther than
        // that (with the touching band on top, for the rounding of dist0), nothing can be hit.
        if (dist0 > 0.0) {
            const double slope = detail::dot(d, s - c0) / dist0;
            if (dist0 + dmin(slope, 0.0) > r + slop + 8.0 * cushion) return out;
        }
    }
    // Free at the start: the earliest of the seven features, each widened by the cushion.
    FirstContact best;
    // Fast path: a face contact inside the triangle by more than the widening of its edges and
    // vertices can reach (the centre is then sqrt(r^2 + margin^2) > r + cushion from every edge
    // line) is the first contact: until it the sphere is farther from the triangle than from its
    // plane. Most hits of a particle or a character's probe end here, without the edge and vertex
    // quadratics.
    if (free_start) {
        const double margin = std::sqrt(2.0 * r * cushion + cushion * cushion) + 2.0 * cushion;
        face_contact(f, s, d, r, -margin, best);
    }
    if (!(best.t <= 1.0)) {
        if (!f.degenerate) face_contact(f, s, d, r, cushion, best);
        for (int i = 0; i < 3; ++i) edge_contact(f, i, s, d, r, cushion, best);
        for (int i = 0; i < 3; ++i) {
            const double t = ball_entry(s - f.v[i], d, r, cushion);
            if (t <= 1.0) best.consider(t, kVertexFeature[i], f.v[i]);
        }
    }
    if (!(best.t <= 1.0)) return out;

    out.hit = true;
    out.t = fraction_down(best.t);
    const DVec3 p = s + d * static_cast<double>(out.t);
    out.point = fv(p);
    out.contact = fv(best.contact);
    out.feature = best.feature;
    const DVec3 toward = s + d * best.t - best.contact;
    DVec3 n;
    if (best.face)
        n = f.n * (best.side / f.nlen);
    else if (detail::length_sq(toward) > slop * slop)
        n = unit_or(toward, on_triangle_normal(f, s, d));
    else
        n = on_triangle_normal(f, s, d);
    out.normal = fv(n);
    return out;
}

}  // namespace

TriangleSweepHit sweep_sphere_triangle(float radius, Vec3 start, Vec3 end, const Triangle& tri) {
    return sweep_sphere<false>(radius, start, end, tri);
}

TriangleSweepHit detail::sweep_sphere_triangle_free_start(float radius, Vec3 start, Vec3 end, const Triangle& tri) {
    return sweep_sphere<true>(radius, start, end, tri);
}

}  // namespace shototsu
