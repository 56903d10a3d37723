// shototsu — a capsule translating against a triangle (sweep.hpp: sweep_capsule_triangle).
//
// The first contact of a moving capsule (axis segment [a, b], radius r, translated by t d) with
// a static triangle happens at one of:
//   1. an end sphere of the capsule touching the triangle: its face (which covers the face for
//      the whole capsule, because the closest point of a segment to a plane is one of its ends),
//      an edge (a cylinder around the edge) or a vertex (a ball around it);
//   2. a vertex of the triangle touching the side of the capsule: the vertex, moving by -d,
//      entering the cylinder around the axis where its closest axis point is inside [a, b];
//   3. an edge of the triangle touching the axis' interior: for non-parallel lines the line–line
//      distance is |w(t).n| / |n| with n = u x v constant and w(t) linear in t, so the time it
//      falls to r is a linear equation; the contact counts when both closest points are inside
//      their segments. Parallel edges first touch at an end (cases 1–2).
// The earliest of these is exact: no sampling, no iteration. Everything runs in double on the
// exact motion d (not on end + d rounded to float), and t is rounded down.
//
// Case 1 repeats sweep_sphere_triangle's arithmetic (sweep.cpp: face_contact, edge_contact,
// ball_entry, the start classification and its normal rules) on each end, so that a zero-length
// capsule gives the sphere sweep's answer bit for bit (tested) — keep the two in step.
#include <cmath>

#include "dvec.hpp"
#include "overlap_detail.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "sweep_detail.hpp"

namespace shototsu {

using detail::dv;
using detail::DVec3;
using detail::fv;

namespace {

// Larger than every valid fraction: "no contact from this feature".
constexpr double kNever = 2.0;

double max_abs(DVec3 v) { return detail::dmax(std::fabs(v.x), detail::dmax(std::fabs(v.y), std::fabs(v.z))); }
double clamp01(double s) { return s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s); }
double component(DVec3 v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

DVec3 unit_or(DVec3 v, DVec3 fallback) {
    const double l2 = detail::length_sq(v);
    if (!(l2 > 0.0) || !std::isfinite(l2)) return fallback;
    return v * (1.0 / std::sqrt(l2));
}

// The float nearest to t that is not above it (a contact reported early is safe, late is not).
float fraction_down(double t) {
    float f = static_cast<float>(t);
    if (static_cast<double>(f) > t) f = std::nextafter(f, 0.0f);
    return f;
}

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
    for (int i = 0; i < 3; ++i) l2 = detail::dmax(l2, detail::length_sq(f.e[i]));
    f.degenerate = !(nn > tol::kDegenerateSinSq * l2 * l2);  // closest_point_on_triangle's policy
    f.nlen = std::sqrt(nn);
    return f;
}

// The normal when the axis lies on the triangle (no direction between the closest points):
// the face normal turned against the motion (toward the centre's side when the motion runs
// along the face). A zero-area triangle uses the component of -d perpendicular to its longest
// edge, then any perpendicular of that edge, then -d, then +Y. (sweep.cpp: on_triangle_normal.)
DVec3 on_triangle_normal(const TriangleFrame& f, DVec3 centre, DVec3 d) {
    if (!f.degenerate) {
        const DVec3 unit = f.n * (1.0 / f.nlen);
        const double dn = detail::dot(d, f.n);
        if (dn > 0.0) return -unit;
        if (dn < 0.0) return unit;
        return detail::dot(centre - f.v[0], f.n) < 0.0 ? -unit : unit;
    }
    DVec3 axis;
    for (int i = 0; i < 3; ++i) {
        const DVec3 e = f.e[i];
        if (detail::length_sq(e) > detail::length_sq(axis)) axis = e;
    }
    const DVec3 back = unit_or(-d, DVec3{0, 1, 0});
    if (!(detail::length_sq(axis) > 0.0)) return back;
    const DVec3 u = axis * (1.0 / detail::dlength(axis));
    const DVec3 perp = -(d - u * detail::dot(d, u));
    if (detail::length_sq(perp) > 0.0) return unit_or(perp, back);
    return dv(any_perpendicular(fv(u)));
}

// ---- the start: the closest points of the axis and the triangle ----------------------------------

// Closest point of the triangle to an end: the Voronoi region from closest_point_on_triangle, the
// point recomputed on that feature in double (sweep.cpp: closest_on_frame).
DVec3 closest_on_frame(const TriangleFrame& f, const Triangle& tri, Vec3 pf) {
    const DVec3 p = dv(pf);
    auto on_edge = [&](int i) {
        const DVec3 a = f.v[i], e = f.e[i];
        const double ee = detail::length_sq(e);
        return a + e * clamp01(ee > 0.0 ? detail::dot(p - a, e) / ee : 0.0);
    };
    switch (f.degenerate ? closest_point_on_triangle(pf, tri).region : detail::triangle_region(f.v, p)) {
        case TriangleRegion::A: return f.v[0];
        case TriangleRegion::B: return f.v[1];
        case TriangleRegion::C: return f.v[2];
        case TriangleRegion::AB: return on_edge(0);
        case TriangleRegion::BC: return on_edge(1);
        case TriangleRegion::CA: return on_edge(2);
        case TriangleRegion::Face: break;
    }
    if (!(f.nlen > 0.0)) return on_edge(0);  // unreachable: both use the same zero-area test
    return p - f.n * (detail::dot(p - f.v[0], f.n) / (f.nlen * f.nlen));
}

struct Gap {
    double dist = INFINITY;
    DVec3 on_tri, on_axis;
    void consider(DVec3 tri_point, DVec3 axis_point) {
        const double dd = detail::dlength(axis_point - tri_point);
        if (dd < dist) {
            dist = dd;
            on_tri = tri_point;
            on_axis = axis_point;
        }
    }
};

// Closest points of segments [p0, p0 + u] and [q0, q0 + v]: the four end-to-segment pairs, and
// the closest points of the two lines when both are inside their segments. Those are written
// with the common normal n = u x v as s = n.(v x w) / |n|^2 and q = n.(u x w) / |n|^2
// (w = p0 - q0). Each component of n is a difference of two exact products of floats, so it is
// correct to one rounding however parallel the segments are, and the error of s is about
// 1e-16 |w| / (sin(angle) |u|): where it misplaces a pair near an end, the end pair next to it
// is as close to within 1e-16 |w|. (The normal equations lose 1 / sin^2 instead.)
void segment_pair(Gap& g, DVec3 p0, DVec3 u, DVec3 q0, DVec3 v) {
    g.consider(detail::closest_on_segment(p0, q0, q0 + v), p0);
    g.consider(detail::closest_on_segment(p0 + u, q0, q0 + v), p0 + u);
    g.consider(q0, detail::closest_on_segment(q0, p0, p0 + u));
    g.consider(q0 + v, detail::closest_on_segment(q0 + v, p0, p0 + u));
    const DVec3 n = detail::cross(u, v), w = p0 - q0;
    const double nn = detail::length_sq(n);
    if (!(nn > 0.0)) return;
    const double s = detail::dot(n, detail::cross(v, w)) / nn, q = detail::dot(n, detail::cross(u, w)) / nn;
    if (s > 0.0 && s < 1.0 && q > 0.0 && q < 1.0) g.consider(q0 + v * q, p0 + u * s);
}

// The closest points of the axis [a, b] and the triangle: the ends against the triangle, the axis
// against the three edges, and the axis crossing the face.
Gap axis_triangle_gap(const TriangleFrame& f, const Triangle& tri, Vec3 af, Vec3 bf) {
    const DVec3 a = dv(af), b = dv(bf);
    Gap g;
    g.consider(closest_on_frame(f, tri, af), a);
    if (af == bf) return g;  // a sphere: the end is the whole story
    g.consider(closest_on_frame(f, tri, bf), b);
    for (int i = 0; i < 3; ++i) segment_pair(g, a, b - a, f.v[i], f.e[i]);
    if (f.degenerate) return g;
    const double h0 = detail::dot(a - f.v[0], f.n), h1 = detail::dot(b - f.v[0], f.n);
    if (!((h0 < 0.0 && h1 > 0.0) || (h0 > 0.0 && h1 < 0.0))) return g;
    const DVec3 x = a + (b - a) * (h0 / (h0 - h1));
    for (int i = 0; i < 3; ++i) {
        const DVec3 v0 = f.v[i], e = f.e[i];
        if (detail::dot(detail::cross(e, x - v0), f.n) < 0.0) return g;
    }
    g.consider(x, x);
    return g;
}

// ---- first contacts after a free start ------------------------------------------------------------

// Earliest t >= 0 at which m + t d is within r of the origin (sweep.cpp: ball_entry). A line
// passing within r + kappa counts as tangent, so rounding never turns a touch into a miss.
double ball_entry(DVec3 m, DVec3 d, double r, double kappa) {
    const double c = detail::length_sq(m) - r * r;
    if (c <= 0.0) return 0.0;
    const double b = detail::dot(m, d);
    if (!(b < 0.0)) return kNever;
    const double dd = detail::length_sq(d);
    const double disc = r * r * dd - detail::length_sq(detail::cross(m, d));
    if (!(disc >= -(2.0 * r + kappa) * kappa * dd)) return kNever;
    return c / (-b + std::sqrt(detail::dmax(disc, 0.0)));
}

// Earliest t >= 0 at which m + t d is within r of the line through the origin with direction e
// (sweep.cpp: cylinder_entry; 0 when it already is).
double cylinder_entry(DVec3 m, DVec3 d, DVec3 e, double r, double kappa) {
    const DVec3 u = detail::cross(m, e), w = detail::cross(d, e);
    const double ee = detail::length_sq(e);
    const double c = detail::length_sq(u) - r * r * ee;
    if (c <= 0.0) return 0.0;
    const double b = detail::dot(u, w);
    if (!(b < 0.0)) return kNever;
    const double ww = detail::length_sq(w), triple = detail::dot(m, w);
    const double h = r * r * ww - triple * triple;
    if (!(h >= -(2.0 * r + kappa) * kappa * ww)) return kNever;
    return c / (-b + std::sqrt(ee) * std::sqrt(detail::dmax(h, 0.0)));
}

// Which rule gives a candidate's normal once the earliest is known.
enum class Kind : std::uint8_t { Face, EndSphere, TriangleVertex, EdgeAxis };

struct FirstContact {
    double t = kNever;
    Kind kind = Kind::Face;
    DVec3 contact;
    DVec3 from;    // EndSphere: the end's start position; TriangleVertex: the axis point at t
    DVec3 normal;  // Face and EdgeAxis: the exact normal
    void consider(double tc, Kind k, DVec3 c, DVec3 f, DVec3 n) {
        if (tc < t) {
            t = tc;
            kind = k;
            contact = c;
            from = f;
            normal = n;
        }
    }
};

// 1a. The face: the plane at distance r on the end's side, entered inside the triangle (its
// edges widened by `cushion`), with the bounding-box guard for needles (sweep.cpp: face_contact).
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
        if (detail::dot(detail::cross(e, q - a), f.n) < -cushion * detail::dlength(e) * f.nlen) return;
    }
    for (int k = 0; k < 3; ++k) {
        const double lo = detail::dmin(component(f.v[0], k), detail::dmin(component(f.v[1], k), component(f.v[2], k)));
        const double hi = detail::dmax(component(f.v[0], k), detail::dmax(component(f.v[1], k), component(f.v[2], k)));
        const double qc = component(q, k);
        if (qc < lo - cushion || qc > hi + cushion) return;
    }
    best.consider(t, Kind::Face, q, s, f.n * (side / f.nlen));
}

// 1b. Edge i against an end sphere: the cylinder around the edge's line, entered where the
// closest point of the line lies on the edge, its ends widened by `cushion`.
void edge_contact(const TriangleFrame& f, int i, DVec3 s, DVec3 d, double r, double cushion, FirstContact& best) {
    const DVec3 a = f.v[i], e = f.e[i];
    const double ee = detail::length_sq(e);
    if (!(ee > 0.0)) return;  // a repeated vertex: the vertex balls cover it
    const double t = cylinder_entry(s - a, d, e, r, cushion);
    if (!(t <= 1.0)) return;
    const double along = detail::dot(s + d * t - a, e), slack = cushion * std::sqrt(ee);
    if (along < -slack || along > ee + slack) return;
    const double u = along < 0.0 ? 0.0 : (along > ee ? 1.0 : along / ee);
    best.consider(t, Kind::EndSphere, a + e * u, s, {});
}

// 1. Everything an end sphere (centre s) can touch, in sweep_sphere_triangle's order.
void end_sphere(const TriangleFrame& f, DVec3 s, DVec3 d, double r, double cushion, FirstContact& best) {
    if (!f.degenerate) face_contact(f, s, d, r, cushion, best);
    for (int i = 0; i < 3; ++i) edge_contact(f, i, s, d, r, cushion, best);
    for (int i = 0; i < 3; ++i) {
        const double t = ball_entry(s - f.v[i], d, r, cushion);
        if (t <= 1.0) best.consider(t, Kind::EndSphere, f.v[i], s, {});
    }
}

// Whether the end sphere centred at s (moving by d) stays farther than `reach` from the
// triangle's plane until after fraction t_best: everything end_sphere reports lies in the plane
// within r plus one cushion of the centre, so with reach a few cushions wider it could report
// nothing earlier than t_best, nor tie it.
bool end_sphere_later(const TriangleFrame& f, DVec3 s, DVec3 d, double reach, double t_best) {
    if (f.degenerate || !(t_best <= 1.0)) return false;
    const double h = detail::dot(s - f.v[0], f.n), hd = detail::dot(d, f.n);  // times |n|
    const double gap = std::fabs(h) - reach * f.nlen;
    if (!(gap > 0.0)) return false;
    const double approach = h > 0.0 ? -hd : hd;
    return !(approach > 0.0) || gap > t_best * approach;
}

// The fast path of an upright capsule meeting a floor-like face with its lower end: end a lies
// on the plane's near side, end b farther out on the same side (by more than the touching band
// and the cushions), and a's face contact lands inside the triangle by a margin. Then that
// contact is the first. Until it a is the capsule's nearest point to the plane (the axis rises
// away from it), so nothing of the capsule is within r of the plane, hence of the triangle; and
// the margin keeps every feature's widening (the edge cylinders and vertex balls of r + kappa
// around a, the side of the axis reaching an edge or a vertex next to a, b's features) from
// reaching it early: at the contact a is sqrt(r^2 + margin^2) > r + 4 kappa from every edge
// line, and in the kappa / approach of time before it when a is within r + kappa of the plane,
// a moves sideways by kappa times the sideways-to-approach speed ratio, added to the margin. The
// full search considers a's face first and keeps it on ties: the same contact, normal and
// fraction, without the other features. (A wall meets the capsule's side, both ends at once: the
// full search.)
bool lower_end_face_first(const TriangleFrame& f, DVec3 a, DVec3 u, DVec3 d, double r, double slop, double cushion,
                          FirstContact& best) {
    const DVec3 unit = f.n * (1.0 / f.nlen);
    const double ha = detail::dot(a - f.v[0], unit), hu = detail::dot(u, unit), hd = detail::dot(d, unit);
    const double side = ha < 0.0 ? -1.0 : 1.0;  // face_contact's side for a
    if (!(side * hu > slop + 16.0 * cushion)) return false;
    const double approach = -side * hd;
    if (!(approach > 0.0)) return false;
    const double sideways = detail::dlength(d - unit * hd);
    const double k = 4.0 * cushion;
    const double margin = std::sqrt(2.0 * r * k + k * k) + 2.0 * k + 2.0 * k * (sideways / approach);
    if (!std::isfinite(margin)) return false;
    face_contact(f, a, d, r, -margin, best);
    return best.t <= 1.0;
}

// 2. Vertex v against the side of the capsule: relative to the capsule it moves by -d and enters
// the cylinder around the axis a + s u where 0 <= s <= 1 (widened by `cushion`). A vertex already
// within r of the axis' line (but beyond an end, the start being free) can only enter through
// that end's ball: case 1.
void vertex_against_axis(DVec3 v, DVec3 a, DVec3 u, DVec3 d, double r, double cushion, FirstContact& best) {
    const DVec3 m = v - a;
    const double t = cylinder_entry(m, -d, u, r, cushion);
    if (!(t > 0.0 && t <= 1.0)) return;
    const double uu = detail::length_sq(u);
    const double along = detail::dot(m - d * t, u), slack = cushion * std::sqrt(uu);
    if (along < -slack || along > uu + slack) return;
    const DVec3 axis_point = a + d * t + u * clamp01(along / uu);
    best.consider(t, Kind::TriangleVertex, v, axis_point, {});
}

// 3. Edge e0–e1 against the interior of the axis a + s u, the axis moving by t d. The signed
// distance between the lines, (a + t d - e0) . n / |n| with n = u x v, is linear in t; it is
// solved for r + cushion. n is correct to one rounding per component (see segment_pair), so that
// distance is good to about 1e-16 |a - e0| even for nearly parallel lines, and the cushion keeps
// its rounding from making the contact late. The closest points are inside their segments within
// the cushion, by segment_pair's cross-product forms; for nearly parallel lines those are
// uncertain only next to an end, where cases 1 and 2 give the same contact to within rounding.
// Exactly parallel lines first touch at an end: cases 1 and 2.
void edge_against_axis(const TriangleFrame& f, int i, DVec3 a, DVec3 u, DVec3 d, double r, double cushion,
                       FirstContact& best) {
    const DVec3 e0 = f.v[i], v = f.e[i];
    const DVec3 n = detail::cross(u, v);
    const double nn = detail::length_sq(n);
    if (!(nn > 0.0)) return;
    const double nlen = std::sqrt(nn);
    const DVec3 w0 = a - e0;
    const double f0 = detail::dot(w0, n), dn = detail::dot(d, n);
    const double reach = (r + cushion) * nlen;
    const double side = f0 > 0.0 ? 1.0 : -1.0;
    // Already within reach: an interior contact would have been at the start (which was free).
    if (!(std::fabs(f0) > reach) || !(side * dn < 0.0)) return;
    const double t = (std::fabs(f0) - reach) / (-side * dn);
    if (!(t <= 1.0) || t >= best.t) return;
    const DVec3 w = w0 + d * t;
    const double s = detail::dot(n, detail::cross(v, w)) / nn;  // along the axis
    const double q = detail::dot(n, detail::cross(u, w)) / nn;  // along the edge
    const double slack_s = cushion / std::sqrt(detail::length_sq(u)),
                 slack_q = cushion / std::sqrt(detail::length_sq(v));
    if (!(s >= -slack_s && s <= 1.0 + slack_s && q >= -slack_q && q <= 1.0 + slack_q)) return;
    best.consider(t, Kind::EdgeAxis, e0 + v * clamp01(q), {}, n * (side / nlen));
}

}  // namespace

namespace {

template <bool kKnownFree, bool kFastPath = true>
SweepHit sweep_capsule(const Capsule& capsule, Vec3 motion, const Triangle& tri) {
    SweepHit out;
    const DVec3 a = dv(capsule.start), b = dv(capsule.end), d = dv(motion);
    const DVec3 centre = (a + b) * 0.5;
    out.point = fv(centre + d);
    const float rf = capsule.radius;
    if (!detail::all_finite(capsule.start, capsule.end, motion, tri.a, tri.b, tri.c) || !(rf >= 0.0f) ||
        !std::isfinite(rf))
        return out;
    const double r = rf;
    const TriangleFrame f = make_frame(tri);
    const bool sphere = capsule.start == capsule.end;
    // The touching band (tol::kSweepContactSlop), from both ends' coordinates and the radius.
    const double slop = tol::kSweepContactSlop * detail::dmax(detail::dmax(max_abs(a), max_abs(b)), r);

    const DVec3 u = b - a;
    double scale = detail::dmax(detail::dmax(max_abs(a - f.v[0]), max_abs(u)), detail::dmax(max_abs(d), r));
    for (int i = 0; i < 3; ++i) scale = detail::dmax(scale, max_abs(f.e[i]));
    const double cushion = tol::kSweepCushion * scale;

    // Early out: the capsule's axis stays on one side of the triangle's plane over the whole
    // motion, farther than the radius plus every widening used below — nothing can be reached.
    // (The swept axis is the parallelogram a, b, a + d, b + d; its extreme distances are at
    // those corners.) A character walking on a floor keeps one skin above it: its floor's
    // triangles all end here, before the costly start test.
    if (!f.degenerate) {
        const double reach = (r + slop + cushion) * f.nlen;
        const double da = detail::dot(a - f.v[0], f.n), db = detail::dot(b - f.v[0], f.n), dd = detail::dot(d, f.n);
        const double lo = detail::dmin(detail::dmin(da, db), detail::dmin(da + dd, db + dd));
        const double hi = detail::dmax(detail::dmax(da, db), detail::dmax(da + dd, db + dd));
        if (lo > reach || hi < -reach) return out;
        // Likewise beyond one of its edges, in its plane: a wall's neighbouring triangles, which
        // the capsule approaches but never reaches sideways. The reach is the tangent test's
        // below, so this rejects only what the exact search would reject.
        if (detail::beyond_an_edge(f.v, f.e, f.n, f.nlen * f.nlen, a, u, d, r + slop + 8.0 * cushion)) return out;
    }

    // The start: overlapping is a hit whatever the motion; touching is a hit only when moving
    // toward the triangle. The distance between a translating convex set and a fixed one is
    // convex in t, so a touching capsule whose motion does not approach never comes closer.
    // kKnownFree: the caller knows the start is free, and the tangent test below only skips
    // work (every feature test would report nothing either): both are left out.
    if constexpr (!kKnownFree) {
        const Gap g = axis_triangle_gap(f, tri, capsule.start, capsule.end);
        if (g.dist <= r + slop) {
            const DVec3 n0 = g.dist > slop ? (g.on_axis - g.on_tri) * (1.0 / g.dist) : on_triangle_normal(f, centre, d);
            if (g.dist >= r - slop && !(detail::dot(d, n0) < 0.0)) return out;
            out.hit = true;
            out.t = 0.0f;
            out.point = fv(centre);
            out.contact = fv(g.on_tri);
            out.normal = fv(n0);
            return out;
        }

        // Free at the start. The distance between the translating capsule axis and the triangle is
        // convex in t, so it never falls below g.dist + t (d . n0), n0 the unit direction between the
        // closest points (unique for two convex sets). Every feature test below reports a contact only
        // where that distance comes within r plus a few cushions: when the tangent stays farther (with
        // the touching band on top, for the rounding of the gap), nothing can be hit.
        if (g.dist > 0.0) {
            const double slope = detail::dot(d, g.on_axis - g.on_tri) / g.dist;
            if (g.dist + detail::dmin(slope, 0.0) > r + slop + 8.0 * cushion) return out;
        }
    }
    // Free at the start: the earliest contact, each feature widened by the rounding cushion.
    FirstContact best;
    bool first = false;
    if constexpr (kFastPath) {
        if (!sphere && !f.degenerate) first = lower_end_face_first(f, a, u, d, r, slop, cushion, best);
    }
    if (!first) {
        best = FirstContact{};
        end_sphere(f, a, d, r, cushion, best);
        if (!sphere) {
            // The other end only when its plane allows it to come first (an upright capsule meeting
            // a floor with its bottom: the top is a height above).
            if (!end_sphere_later(f, b, d, r + slop + 8.0 * cushion, best.t)) end_sphere(f, b, d, r, cushion, best);
            for (int i = 0; i < 3; ++i) vertex_against_axis(f.v[i], a, u, d, r, cushion, best);
            for (int i = 0; i < 3; ++i) edge_against_axis(f, i, a, u, d, r, cushion, best);
        }
    }
    if (!(best.t <= 1.0)) return out;

    out.hit = true;
    out.t = fraction_down(best.t);
    out.point = fv(centre + d * static_cast<double>(out.t));
    out.contact = fv(best.contact);
    DVec3 n;
    if (best.kind == Kind::Face || best.kind == Kind::EdgeAxis) {
        n = best.normal;
    } else {
        // From the contact toward the axis point it touches (the end sphere's centre, or the
        // axis point facing the vertex), unless they are closer than the touching band.
        const DVec3 axis_point = best.kind == Kind::EndSphere ? best.from + d * best.t : best.from;
        const DVec3 toward = axis_point - best.contact;
        const DVec3 fallback = on_triangle_normal(f, best.kind == Kind::EndSphere ? best.from : centre, d);
        n = detail::length_sq(toward) > slop * slop ? unit_or(toward, fallback) : fallback;
    }
    out.normal = fv(n);
    return out;
}

}  // namespace

SweepHit sweep_capsule_triangle(const Capsule& capsule, Vec3 motion, const Triangle& tri) {
    return sweep_capsule<false>(capsule, motion, tri);
}

SweepHit detail::sweep_capsule_triangle_free_start(const Capsule& capsule, Vec3 motion, const Triangle& tri) {
    return sweep_capsule<true>(capsule, motion, tri);
}

SweepHit detail::sweep_capsule_triangle_exhaustive(const Capsule& capsule, Vec3 motion, const Triangle& tri) {
    return sweep_capsule<false, false>(capsule, motion, tri);
}

}  // namespace shototsu
