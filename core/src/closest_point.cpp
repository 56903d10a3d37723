// shototsu — closest points (closest_point.hpp).
#include "shototsu/closest_point.hpp"

#include "dvec.hpp"
#include "overlap_detail.hpp"
#include "shototsu/tolerance.hpp"
#include "triangle_region.hpp"

namespace shototsu {

using detail::clamp01;
using detail::dv;
using detail::DVec3;
using detail::fv;

const char* region_name(TriangleRegion region) {
    switch (region) {
        case TriangleRegion::A: return "A";
        case TriangleRegion::B: return "B";
        case TriangleRegion::C: return "C";
        case TriangleRegion::AB: return "AB";
        case TriangleRegion::BC: return "BC";
        case TriangleRegion::CA: return "CA";
        case TriangleRegion::Face: return "face";
    }
    return "face";
}

ClosestPointOnSegment closest_point_on_segment(Vec3 p, const Segment& s) {
    const Vec3 ab = s.end - s.start;
    const float num = dot(p - s.start, ab);
    if (num <= 0.0f) return {s.start, 0.0f};  // projects before start (or zero-length segment)
    const float den = dot(ab, ab);
    if (num >= den) return {s.end, 1.0f};  // projects past end
    const float t = num / den;
    return {s.start + ab * t, t};
}

float distance_sq_point_segment(Vec3 p, const Segment& s) {
    return distance_sq(p, closest_point_on_segment(p, s).point);
}

ClosestPointsSegmentSegment closest_points_segment_segment(const Segment& s1, const Segment& s2) {
    // Ericson RTCD 5.1.9 in double, in overlap.cpp (shared with the capsule contacts).
    const DVec3 a0 = dv(s1.start), a1 = dv(s1.end), b0 = dv(s2.start), b1 = dv(s2.end);
    const detail::SegmentPair pr = detail::closest_segments(a0, a1, b0, b1);
    ClosestPointsSegmentSegment out;
    out.point1 = fv(pr.p1);
    out.point2 = fv(pr.p2);
    out.t1 = static_cast<float>(pr.s);
    out.t2 = static_cast<float>(pr.t);
    out.distance_sq = static_cast<float>(detail::length_sq(pr.p1 - pr.p2));
    return out;
}

namespace {

// Records the region tests for explain_closest_point_on_triangle; the plain query passes a
// recorder that does nothing (detail::NoRecord), so both run the very same decision.
struct Record {
    ClosestPointExplanation* e;
    void test(TriangleRegion region, bool passed) { e->tests[e->test_count++] = {region, passed}; }
};

// Closest point of segment [p0, p1] to p in double, as (point, t).
struct DSegPoint {
    DVec3 point;
    double t;
};
DSegPoint closest_on_dsegment(DVec3 p, DVec3 p0, DVec3 p1) {
    const DVec3 d = p1 - p0;
    const double num = detail::dot(p - p0, d);
    if (num <= 0.0) return {p0, 0.0};
    const double den = detail::dot(d, d);
    if (num >= den) return {p1, 1.0};
    const double t = num / den;
    return {p0 + d * t, t};
}

// A zero-area triangle is the union of its three edges: take the nearest (ties: AB, BC, CA).
ClosestPointOnTriangle closest_on_degenerate(DVec3 p, DVec3 a, DVec3 b, DVec3 c) {
    const DSegPoint e[3] = {closest_on_dsegment(p, a, b), closest_on_dsegment(p, b, c), closest_on_dsegment(p, c, a)};
    int best = 0;
    double best_d = detail::length_sq(p - e[0].point);
    for (int i = 1; i < 3; ++i) {
        const double di = detail::length_sq(p - e[i].point);
        if (di < best_d) {
            best = i;
            best_d = di;
        }
    }
    static constexpr TriangleRegion kEdge[3] = {TriangleRegion::AB, TriangleRegion::BC, TriangleRegion::CA};
    static constexpr TriangleRegion kFrom[3] = {TriangleRegion::A, TriangleRegion::B, TriangleRegion::C};
    static constexpr TriangleRegion kTo[3] = {TriangleRegion::B, TriangleRegion::C, TriangleRegion::A};
    const double t = e[best].t;
    ClosestPointOnTriangle out;
    out.point = fv(e[best].point);
    out.degenerate = true;
    out.region = t <= 0.0 ? kFrom[best] : (t >= 1.0 ? kTo[best] : kEdge[best]);
    const float tf = static_cast<float>(t), sf = static_cast<float>(1.0 - t);
    out.barycentric = best == 0 ? Vec3{sf, tf, 0} : (best == 1 ? Vec3{0, sf, tf} : Vec3{tf, 0, sf});
    return out;
}

// num / den for an edge's parameter, where 0 <= num <= den in exact arithmetic (den is the edge's
// squared length). Both round to 0 when the edge is shorter than the rounding of p's offsets from
// its ends (a triangle ~1e-31 across seen from 0.1 away): then 0, not 0 / 0 = NaN — any point of
// such an edge is the answer to float precision.
double ratio(double num, double den) { return den > 0.0 ? num / den : 0.0; }

template <class Recorder>
ClosestPointOnTriangle closest_on_triangle(Vec3 pf, const Triangle& tri, ClosestPointExplanation* ex, Recorder rec) {
    const DVec3 a = dv(tri.a), b = dv(tri.b), c = dv(tri.c), p = dv(pf);
    const DVec3 ab = b - a, ac = c - a, bc = c - b;
    const DVec3 n = detail::cross(ab, ac);
    const double nn = detail::length_sq(n);
    double l2 = detail::length_sq(ab);
    if (detail::length_sq(ac) > l2) l2 = detail::length_sq(ac);
    if (detail::length_sq(bc) > l2) l2 = detail::length_sq(bc);

    const DVec3 ap = p - a;
    const detail::RegionProducts k = detail::region_products(a, b, c, p);
    if (ex) {
        ex->d1 = static_cast<float>(k.d1);
        ex->d2 = static_cast<float>(k.d2);
        ex->d3 = static_cast<float>(k.d3);
        ex->d4 = static_cast<float>(k.d4);
        ex->d5 = static_cast<float>(k.d5);
        ex->d6 = static_cast<float>(k.d6);
        ex->va = static_cast<float>(k.va);
        ex->vb = static_cast<float>(k.vb);
        ex->vc = static_cast<float>(k.vc);
    }

    // Written as !(x > y) so that NaN input also takes the (loop-free) degenerate path.
    if (!(nn > tol::kDegenerateSinSq * l2 * l2)) {
        if (ex) ex->degenerate = true;
        return closest_on_degenerate(p, a, b, c);
    }

    ClosestPointOnTriangle out;
    auto vertex = [&](TriangleRegion r, Vec3 v, Vec3 bary) {
        out.region = r;
        out.point = v;
        out.barycentric = bary;
        return out;
    };
    switch (detail::voronoi_region(k, rec)) {
        case TriangleRegion::A: return vertex(TriangleRegion::A, tri.a, {1, 0, 0});
        case TriangleRegion::B: return vertex(TriangleRegion::B, tri.b, {0, 1, 0});
        case TriangleRegion::C: return vertex(TriangleRegion::C, tri.c, {0, 0, 1});
        case TriangleRegion::AB: {
            const double t = ratio(k.d1, k.d1 - k.d3);
            const float tf = static_cast<float>(t);
            return vertex(TriangleRegion::AB, fv(a + ab * t), {static_cast<float>(1.0 - t), tf, 0});
        }
        case TriangleRegion::CA: {
            const double w = ratio(k.d2, k.d2 - k.d6);
            return vertex(TriangleRegion::CA, fv(a + ac * w), {static_cast<float>(1.0 - w), 0, static_cast<float>(w)});
        }
        case TriangleRegion::BC: {
            const double w = ratio(k.d4 - k.d3, (k.d4 - k.d3) + (k.d5 - k.d6));
            return vertex(TriangleRegion::BC, fv(b + bc * w), {0, static_cast<float>(1.0 - w), static_cast<float>(w)});
        }
        case TriangleRegion::Face: break;
    }
    // Inside the face: project onto the plane. Taking the point from va, vb, vc (Ericson's
    // u a + v b + w c) would square the triangle's condition number; the projection's error is
    // only ~ distance * 1e-16 * L / height.
    const DVec3 q = p - n * (detail::dot(ap, n) / nn);
    // Barycentrics of q from sub-triangle areas against n: Ericson's va/vb/vc ratios would again
    // square the condition number, and casts rebuild points from these on thin triangles.
    const double inv = 1.0 / nn;
    const double v = clamp01(detail::dot(detail::cross(c - q, a - q), n) * inv);
    const double w = clamp01(detail::dot(detail::cross(a - q, b - q), n) * inv);
    const double u = clamp01(1.0 - v - w);
    return vertex(TriangleRegion::Face, fv(q), {static_cast<float>(u), static_cast<float>(v), static_cast<float>(w)});
}

}  // namespace

ClosestPointOnTriangle closest_point_on_triangle(Vec3 p, const Triangle& tri) {
    return closest_on_triangle(p, tri, nullptr, detail::NoRecord{});
}

ClosestPointExplanation explain_closest_point_on_triangle(Vec3 p, const Triangle& tri) {
    ClosestPointExplanation ex;
    ex.result = closest_on_triangle(p, tri, &ex, Record{&ex});
    return ex;
}

Vec3 closest_point_on_aabb(Vec3 p, const AABB& box) {
    return {clampf(p.x, box.min.x, box.max.x), clampf(p.y, box.min.y, box.max.y), clampf(p.z, box.min.z, box.max.z)};
}

float distance_sq_point_aabb(Vec3 p, const AABB& box) {
    // Per axis, the part of p outside [min, max] ("each component separately" in
    // Madhav, Game Programming in C++ ch. 10).
    float d2 = 0.0f;
    for (int i = 0; i < 3; ++i) {
        const float v = component(p, i), lo = component(box.min, i), hi = component(box.max, i);
        const float excess = v < lo ? lo - v : (v > hi ? v - hi : 0.0f);
        d2 += excess * excess;
    }
    return d2;
}

Vec3 closest_point_on_obb(Vec3 p, const OBB& box) {
    // Normalised like every other OBB query's: a non-unit quaternion's matrix scales (and with
    // large components overflowed into NaN).
    const Mat3 r = mat3_from_quat(quat_normalize(box.rotation));
    const Vec3 local = mul_transpose(r, p - box.center);
    const Vec3 h = box.half_extents;
    const Vec3 clamped{clampf(local.x, -h.x, h.x), clampf(local.y, -h.y, h.y), clampf(local.z, -h.z, h.z)};
    return box.center + r * clamped;
}

Vec3 closest_point_on_plane(Vec3 p, const Plane& plane) { return p - plane.normal * signed_distance(plane, p); }

}  // namespace shototsu
