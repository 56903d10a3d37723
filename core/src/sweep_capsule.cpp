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
// Case 1 runs sweep_sphere_triangle's feature tests (sweep_features.hpp) on each end, so that a
// zero-length capsule gives the sphere sweep's answer bit for bit (tested).
#include <cmath>

#include "dvec.hpp"
#include "overlap_detail.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "sweep_detail.hpp"
#include "sweep_features.hpp"

namespace shototsu {

using detail::clamp01;
using detail::dv;
using detail::DVec3;
using detail::fv;
using detail::max_abs;
using detail::TriangleFrame;

namespace {

// ---- the start: the closest points of the axis and the triangle ----------------------------------

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
    g.consider(detail::closest_on_frame(f, tri, af).point, a);
    if (af == bf) return g;  // a sphere: the end is the whole story
    g.consider(detail::closest_on_frame(f, tri, bf).point, b);
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

// Which rule gives a candidate's normal once the earliest is known.
enum class Kind : std::uint8_t { Face, EndSphere, TriangleVertex, EdgeAxis };

struct CapsuleContact {
    Kind kind = Kind::Face;
    DVec3 contact;
    DVec3 from;    // EndSphere: the end's start position; TriangleVertex: the axis point at t
    DVec3 normal;  // Face and EdgeAxis: the exact normal
};
using FirstContact = detail::EarliestContact<CapsuleContact>;

// The face entry of the end sphere centred at s.
void consider_face(FirstContact& best, const detail::FeatureEntry& e, DVec3 s, const TriangleFrame& f) {
    if (e.t < best.t) best.consider(e.t, {Kind::Face, e.point, s, f.n * (e.side / f.nlen)});
}

// 1. Everything an end sphere (centre s) can touch, in sweep_sphere_triangle's order: the face,
// the edges' cylinders, the vertices' balls.
void end_sphere(const TriangleFrame& f, DVec3 s, DVec3 d, double r, double cushion, FirstContact& best) {
    if (!f.degenerate) consider_face(best, detail::face_entry(f, s, d, r, cushion), s, f);
    for (int i = 0; i < 3; ++i) {
        const detail::FeatureEntry e = detail::edge_entry(f, i, s, d, r, cushion);
        best.consider(e.t, {Kind::EndSphere, e.point, s, {}});
    }
    for (int i = 0; i < 3; ++i) {
        const double t = detail::ball_entry(s - f.v[i], d, r, cushion);
        if (t <= 1.0) best.consider(t, {Kind::EndSphere, f.v[i], s, {}});
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
// fraction, without the other features. (A wall meets the capsule's side, both ends at once:
// side_face_first.)
bool lower_end_face_first(const TriangleFrame& f, DVec3 a, DVec3 u, DVec3 d, double r, double slop, double cushion,
                          FirstContact& best) {
    const DVec3 unit = f.n * (1.0 / f.nlen);
    const double ha = detail::dot(a - f.v[0], unit), hu = detail::dot(u, unit), hd = detail::dot(d, unit);
    const double side = ha < 0.0 ? -1.0 : 1.0;  // face_entry's side for a
    if (!(side * hu > slop + 16.0 * cushion)) return false;
    const double approach = -side * hd;
    if (!(approach > 0.0)) return false;
    const double sideways = detail::dlength(d - unit * hd);
    const double k = 4.0 * cushion;
    const double margin = std::sqrt(2.0 * r * k + k * k) + 2.0 * k + 2.0 * k * (sideways / approach);
    if (!std::isfinite(margin)) return false;
    consider_face(best, detail::face_entry(f, a, d, r, -margin), a, f);
    return best.t <= 1.0;
}

// The fast path of a capsule meeting a face with its side, both ends at about the same height
// over the plane (an upright capsule walking into a wall): both ends start beyond r on the same
// side and their face contacts land inside the triangle by a margin; then the earlier of the two
// is the first contact (a's on a tie, as the full search offers a's face first). Every other
// candidate (either end's edge cylinders and vertex balls, a vertex against the axis, an edge
// against the axis) reports a contact only where a point p of the axis, extended by kappa at each
// end, is within r + kappa of an edge's line; that line lies in the plane, so the distance is
// sqrt(h^2 + l^2) with h the height of p over the plane and l its in-plane distance to the line.
// Until the earlier face contact the nearer end is at least r above the plane (heights are linear
// along the axis), so h >= r - kappa, and only while that end is within r + 2 kappa — the last
// 2 kappa / approach of time — can h be r + kappa or less. Each end is then within
// (2 kappa + |hu|) / approach of time of its own face contact (the ends' heights differ by |hu|),
// so its projection has moved sideways by at most that times sideways / approach: still inside
// the triangle by more than sqrt(2 r k + k^2) + k (k = 4 kappa), and so is the projection of the
// whole axis (the shrunk triangle is convex), p within kappa of it. Then
// h^2 + l^2 > (r - kappa)^2 + 2 r k > (r + kappa)^2: no other candidate is that early, nor ties.
bool side_face_first(const TriangleFrame& f, DVec3 a, DVec3 b, DVec3 u, DVec3 d, double r, double cushion,
                     FirstContact& best) {
    const DVec3 unit = f.n * (1.0 / f.nlen);
    const double hu = detail::dot(u, unit), hd = detail::dot(d, unit);
    const double sideways = detail::dlength(d - unit * hd), approach = std::fabs(hd);
    if (!(approach > 0.0)) return false;
    const double k = 4.0 * cushion;
    const double margin = std::sqrt(2.0 * r * k + k * k) + 2.0 * k + (2.0 * k + std::fabs(hu)) * (sideways / approach);
    if (!std::isfinite(margin)) return false;
    const detail::FeatureEntry ea = detail::face_entry(f, a, d, r, -margin);
    if (!(ea.t > 0.0 && ea.t <= 1.0)) return false;
    const detail::FeatureEntry eb = detail::face_entry(f, b, d, r, -margin);
    if (!(eb.t > 0.0 && eb.t <= 1.0) || eb.side != ea.side) return false;
    consider_face(best, ea, a, f);
    consider_face(best, eb, b, f);
    return true;
}

// 2. Vertex v against the side of the capsule: relative to the capsule it moves by -d and enters
// the cylinder around the axis a + s u where 0 <= s <= 1 (widened by `cushion`). A vertex already
// within r of the axis' line (but beyond an end, the start being free) can only enter through
// that end's ball: case 1.
void vertex_against_axis(DVec3 v, DVec3 a, DVec3 u, DVec3 d, double r, double cushion, FirstContact& best) {
    const DVec3 m = v - a;
    const double t = detail::cylinder_entry(m, -d, u, r, cushion);
    if (!(t > 0.0 && t <= 1.0)) return;
    const double uu = detail::length_sq(u);
    const double along = detail::dot(m - d * t, u), slack = cushion * std::sqrt(uu);
    if (along < -slack || along > uu + slack) return;
    const DVec3 axis_point = a + d * t + u * clamp01(along / uu);
    best.consider(t, {Kind::TriangleVertex, v, axis_point, {}});
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
    best.consider(t, {Kind::EdgeAxis, e0 + v * clamp01(q), {}, n * (side / nlen)});
}

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
    const TriangleFrame f = detail::make_frame(tri);
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
            const DVec3 n0 =
                g.dist > slop ? (g.on_axis - g.on_tri) * (1.0 / g.dist) : detail::on_triangle_normal(f, centre, d);
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
        if (!sphere && !f.degenerate) {
            first = lower_end_face_first(f, a, u, d, r, slop, cushion, best) ||
                    side_face_first(f, a, b, u, d, r, cushion, best);
        }
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
    out.t = detail::fraction_down(best.t);
    out.point = fv(centre + d * static_cast<double>(out.t));
    out.contact = fv(best.info.contact);
    DVec3 n;
    if (best.info.kind == Kind::Face || best.info.kind == Kind::EdgeAxis) {
        n = best.info.normal;
    } else {
        // From the contact toward the axis point it touches (the end sphere's centre, or the
        // axis point facing the vertex), unless they are closer than the touching band.
        const DVec3 axis_point = best.info.kind == Kind::EndSphere ? best.info.from + d * best.t : best.info.from;
        const DVec3 toward = axis_point - best.info.contact;
        const DVec3 fallback =
            detail::on_triangle_normal(f, best.info.kind == Kind::EndSphere ? best.info.from : centre, d);
        n = detail::length_sq(toward) > slop * slop ? detail::unit_or(toward, fallback) : fallback;
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
