// shototsu — sweeps (sweep.hpp): the first time of impact of a moving sphere against a plane
// (marupeke296.com 3D collision no. 10), a triangle (Ericson RTCD 5.5.6, Fauerby 2003) and
// another moving sphere (Madhav, Game Programming in C++ ch. 10).
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
#include "shototsu/tolerance.hpp"
#include "sweep_detail.hpp"
#include "sweep_features.hpp"

namespace shototsu {

using detail::dmax;
using detail::dmin;
using detail::dv;
using detail::DVec3;
using detail::fraction_down;
using detail::fv;
using detail::kNever;
using detail::max_abs;
using detail::unit_or;

namespace {

// Where the touching band sits: positions are rounded to float relative to the larger of the
// start's coordinates and the radius (see tol::kSweepContactSlop).
double contact_slop(Vec3 start, double radius) { return tol::kSweepContactSlop * dmax(max_abs(dv(start)), radius); }

}  // namespace

const char* sweep_plane_case_name(SweepPlaneCase kind) {
    switch (kind) {
        case SweepPlaneCase::HitFront: return "hitFront";
        case SweepPlaneCase::Embedded: return "embedded";
        case SweepPlaneCase::EmbeddedParallel: return "embeddedParallel";
        case SweepPlaneCase::MovingAway: return "movingAway";
        case SweepPlaneCase::Parallel: return "parallel";
        case SweepPlaneCase::TooFar: return "tooFar";
        case SweepPlaneCase::BehindPlane: return "behindPlane";
        case SweepPlaneCase::Invalid: return "invalid";
    }
    return "invalid";
}

const char* triangle_feature_name(TriangleFeature feature) {
    switch (feature) {
        case TriangleFeature::Face: return "face";
        case TriangleFeature::EdgeAB: return "AB";
        case TriangleFeature::EdgeBC: return "BC";
        case TriangleFeature::EdgeCA: return "CA";
        case TriangleFeature::VertexA: return "A";
        case TriangleFeature::VertexB: return "B";
        case TriangleFeature::VertexC: return "C";
    }
    return "face";
}

// ---- sphere vs plane (marupeke296.com 3D collision no. 10) ---------------------------------------

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
    // Free, in front. marupeke296.com 3D collision no. 10 divides by d.n before looking at it; we
    // decide first.
    if (dn > 0.0) return miss(SweepPlaneCase::MovingAway);
    if (dn == 0.0) return miss(SweepPlaneCase::Parallel);
    const double gap = s0 - r, approach = -sd;
    if (gap > approach) return miss(SweepPlaneCase::TooFar);
    return hit_at(gap / approach, SweepPlaneCase::HitFront);
}

// ---- sphere vs sphere (Madhav, Game Programming in C++ ch. 10) -----------------------------------

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
    const double slop = tol::kSweepContactSlop * dmax(dmax(max_abs(dv(p0)), max_abs(dv(q0))), r);
    // Centres closer than the float resolution have no meaningful direction: push p back
    // against its relative motion, or up when there is none.
    const DVec3 fallback = unit_or(-y, DVec3{0, 1, 0});

    double t = kNever;
    const double dist0 = detail::dlength(x);
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
        t = detail::ball_entry(x, y, r, tol::kSweepCushion * scale);
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

using detail::FeatureEntry;
using detail::TriangleFrame;

struct SphereContact {
    TriangleFeature feature = TriangleFeature::Face;
    DVec3 contact;
    bool face = false;  // the contact is on the face: its normal is the face normal
    double side = 1.0;  // for a face contact: +1 on the front (n) side, -1 behind
};
using FirstContact = detail::EarliestContact<SphereContact>;

void consider_face(FirstContact& best, const FeatureEntry& e) {
    best.consider(e.t, {TriangleFeature::Face, e.point, true, e.side});
}

template <bool kKnownFree, bool kFastPath = true>
TriangleSweepHit sweep_sphere(float radius, Vec3 start, Vec3 end, const Triangle& tri) {
    TriangleSweepHit out;
    out.point = end;
    if (!detail::all_finite(start, end, tri.a, tri.b, tri.c) || !(radius >= 0.0f) || !std::isfinite(radius)) return out;
    const TriangleFrame f = detail::make_frame(tri);
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
        const detail::StartContact sc = detail::closest_on_frame(f, tri, start);
        const DVec3 c0 = sc.point;
        const double dist0 = detail::dlength(s - c0);
        if (!free_start && dist0 <= r + slop) {
            const DVec3 n0 = dist0 > slop ? (s - c0) * (1.0 / dist0) : detail::on_triangle_normal(f, s, d);
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
    if (kFastPath && free_start) {
        const double margin = std::sqrt(2.0 * r * cushion + cushion * cushion) + 2.0 * cushion;
        consider_face(best, detail::face_entry(f, s, d, r, -margin));
    }
    if (!(best.t <= 1.0)) {
        if (!f.degenerate) consider_face(best, detail::face_entry(f, s, d, r, cushion));
        for (int i = 0; i < 3; ++i) {
            const FeatureEntry e = detail::edge_entry(f, i, s, d, r, cushion);
            best.consider(e.t, {detail::kEdgeFeature[i], e.point});
        }
        for (int i = 0; i < 3; ++i) {
            const double t = detail::ball_entry(s - f.v[i], d, r, cushion);
            if (t <= 1.0) best.consider(t, {detail::kVertexFeature[i], f.v[i]});
        }
    }
    if (!(best.t <= 1.0)) return out;

    out.hit = true;
    out.t = fraction_down(best.t);
    const DVec3 p = s + d * static_cast<double>(out.t);
    out.point = fv(p);
    out.contact = fv(best.info.contact);
    out.feature = best.info.feature;
    const DVec3 toward = s + d * best.t - best.info.contact;
    DVec3 n;
    if (best.info.face)
        n = f.n * (best.info.side / f.nlen);
    else if (detail::length_sq(toward) > slop * slop)
        n = unit_or(toward, detail::on_triangle_normal(f, s, d));
    else
        n = detail::on_triangle_normal(f, s, d);
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

TriangleSweepHit detail::sweep_sphere_triangle_exhaustive(float radius, Vec3 start, Vec3 end, const Triangle& tri) {
    return sweep_sphere<false, false>(radius, start, end, tri);
}

}  // namespace shototsu
