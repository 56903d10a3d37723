// explain.hpp: every explain form returns its query's answer bit for bit, and its numbers are the
// ones that decide that answer (checked against the answer itself and against independent
// double-precision references), on 10^4 and more seeded cases per form plus hand cases.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "overlap_reference.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/explain.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

bool same_hit(const CastHit& a, const CastHit& b) {
    return a.hit == b.hit && same_bits(a.t, b.t) && same_bits(a.point, b.point) && same_bits(a.normal, b.normal);
}
bool same_contact(const Contact& a, const Contact& b) {
    return a.hit == b.hit && same_bits(a.depth, b.depth) && same_bits(a.point, b.point) &&
           same_bits(a.normal, b.normal);
}
bool same_sweep(const SweepHit& a, const SweepHit& b) {
    return a.hit == b.hit && same_bits(a.t, b.t) && same_bits(a.point, b.point) && same_bits(a.normal, b.normal) &&
           same_bits(a.contact, b.contact);
}

/// A segment from a random start, aimed near `target` (so hits and misses both occur).
Segment aimed(Rng& rng, Vec3 target, float reach) {
    const float spread = rng.below(6) == 0 ? 0.6f * reach : 3 * reach;  // sometimes starting inside
    const Vec3 start = target + rng.vec(-spread, spread);
    const Vec3 aim = target + rng.vec(-1.5f * reach, 1.5f * reach);
    const float len = rng.uniform(0.1f, 2.0f);
    Segment s{start, start + (aim - start) * len};
    if (rng.below(20) == 0) s.end = s.start;  // zero length
    if (rng.below(10) == 0) {                 // parallel to a slab
        const int k = rng.below(3);
        set_component(s.end, k, component(s.start, k));
    }
    return s;
}

Vec3 unit_axis(int axis, float sign) {
    Vec3 v{};
    set_component(v, axis, sign);
    return v;
}

}  // namespace

// ---- segment casts -----------------------------------------------------------------------------

TEST_CASE("explain_intersect_segment_plane: the answer, the signed distances and the case agree on 10^4 cases") {
    Rng rng(0xE1);
    int crosses = 0, one_side = 0;
    for (int i = 0; i < 20000; ++i) {
        const Vec3 n = rng.below(10) == 0 ? Vec3{0, 2, 0} : rng.direction() * rng.uniform(0.5f, 2);
        const Vec3 at = rng.vec(-2, 2);
        const Plane plane = plane_from_normal_point(n, at);
        Segment s = aimed(rng, at, 1.0f);
        if (rng.below(15) == 0) s.end = s.start + cross(plane.normal, rng.vec(-1, 1));  // parallel
        const SegmentPlaneExplanation e = explain_intersect_segment_plane(s, plane);
        INFO("case " << i);
        REQUIRE(same_hit(e.result, intersect_segment_plane(s, plane)));
        const DVec3 un = d(plane.normal) * (1.0 / dlen(d(plane.normal)));
        const double s0 = ddot(un, d(s.start)) - plane.d / dlen(d(plane.normal));
        const double s1 = ddot(un, d(s.end)) - plane.d / dlen(d(plane.normal));
        const double scale = 1.0 + dlen(d(s.start)) + dlen(d(s.end)) + std::fabs(plane.d);
        REQUIRE(std::fabs(e.start_distance - s0) <= 1e-6 * scale);
        REQUIRE(std::fabs(e.end_distance - s1) <= 1e-6 * scale);
        REQUIRE(std::fabs(e.approach - (s1 - s0)) <= 1e-6 * scale);
        switch (e.kind) {
            case SegmentPlaneCase::Crosses:
                ++crosses;
                REQUIRE(e.result.hit);
                REQUIRE(e.line_t >= 0.0f);
                REQUIRE(e.line_t <= 1.0f);
                REQUIRE(std::fabs(e.line_t - e.result.t) <= 1e-6f);
                break;
            case SegmentPlaneCase::StartsOnPlane:
            case SegmentPlaneCase::InPlane:
                REQUIRE(e.result.hit);
                REQUIRE(e.result.t == 0.0f);
                break;
            case SegmentPlaneCase::OneSide:
                ++one_side;
                REQUIRE_FALSE(e.result.hit);
                REQUIRE(((s0 > 0 && s1 > 0) || (s0 < 0 && s1 < 0)));
                break;
            case SegmentPlaneCase::Invalid: FAIL("a valid plane was called invalid");
        }
    }
    CHECK(crosses > 2000);
    CHECK(one_side > 2000);
}

TEST_CASE("explain_intersect_segment_plane: the chapter's parallel case and a degenerate plane") {
    const Plane floor = plane_from_normal_point({0, 1, 0}, {0, 0, 0});
    const SegmentPlaneExplanation parallel = explain_intersect_segment_plane({{0, 1, 0}, {3, 1, 0}}, floor);
    CHECK(parallel.kind == SegmentPlaneCase::OneSide);
    CHECK(parallel.approach == 0.0f);
    CHECK(parallel.line_t == 0.0f);  // no crossing: never a division by the zero approach
    const SegmentPlaneExplanation lying = explain_intersect_segment_plane({{0, 0, 0}, {3, 0, 0}}, floor);
    CHECK(lying.kind == SegmentPlaneCase::InPlane);
    CHECK(lying.result.t == 0.0f);
    const SegmentPlaneExplanation down = explain_intersect_segment_plane({{0, 2, 0}, {0, -2, 0}}, floor);
    CHECK(down.kind == SegmentPlaneCase::Crosses);
    CHECK(down.line_t == 0.5f);
    CHECK(down.start_distance == 2.0f);
    CHECK(down.approach == -4.0f);
    const SegmentPlaneExplanation none = explain_intersect_segment_plane({{0, 2, 0}, {0, -2, 0}}, Plane{{0, 0, 0}, 0});
    CHECK(none.kind == SegmentPlaneCase::Invalid);
    CHECK_FALSE(none.result.hit);
}

TEST_CASE("explain_intersect_segment_sphere: the quadratic's roots are the answer's t on 10^4 cases") {
    Rng rng(0xE2);
    int hits = 0, inside = 0, misses = 0;
    for (int i = 0; i < 20000; ++i) {
        const Sphere sphere{rng.vec(-3, 3), rng.below(20) == 0 ? 0.0f : rng.uniform(0.1f, 2)};
        const Segment s = aimed(rng, sphere.center, sphere.radius + 0.2f);
        const SegmentSphereExplanation e = explain_intersect_segment_sphere(s, sphere);
        INFO("case " << i);
        REQUIRE(same_hit(e.result, intersect_segment_sphere(s, sphere)));
        // Reference: the textbook quadratic in double, roots (-b -+ sqrt(b^2 - a c)) / a.
        const DVec3 m = d(s.start) - d(sphere.center), dd = d(s.end) - d(s.start);
        const double a = ddot(dd, dd), b = ddot(m, dd), c = ddot(m, m) - double(sphere.radius) * sphere.radius;
        const double scale = 1.0 + a + ddot(m, m);
        REQUIRE(std::fabs(e.a - a) <= 1e-6 * scale);
        REQUIRE(std::fabs(e.b - b) <= 1e-6 * scale);
        REQUIRE(std::fabs(e.c - c) <= 1e-6 * scale);
        if (a > 0) REQUIRE(std::fabs(e.discriminant - (b * b - a * c)) <= 1e-5 * scale * scale);
        if (e.has_roots) {
            const double root = std::sqrt(std::max(0.0, b * b - a * c));
            REQUIRE(std::fabs(e.t_enter - (-b - root) / a) <= 1e-4 * (1 + std::fabs(e.t_enter)));
            REQUIRE(std::fabs(e.t_exit - (-b + root) / a) <= 1e-4 * (1 + std::fabs(e.t_exit)));
        }
        switch (e.kind) {
            case SegmentSphereCase::Hit:
                ++hits;
                REQUIRE(e.result.hit);
                REQUIRE(e.result.t == e.t_enter);  // the same root, the same bits
                break;
            case SegmentSphereCase::StartsInside:
                ++inside;
                REQUIRE(e.result.hit);
                REQUIRE(e.result.t == 0.0f);
                // Where the chapter's listing stops instead: the exit, ahead of the start.
                if (e.has_roots) REQUIRE(e.t_exit >= 0.0f);
                break;
            case SegmentSphereCase::BeyondEnd: REQUIRE(e.t_enter > 1.0f); [[fallthrough]];
            case SegmentSphereCase::MovingAway:
            case SegmentSphereCase::MissesLine:
            case SegmentSphereCase::Point:
                ++misses;
                REQUIRE_FALSE(e.result.hit);
                break;
            case SegmentSphereCase::Invalid: FAIL("valid input was called invalid");
        }
        if (e.kind == SegmentSphereCase::MissesLine) REQUIRE(e.line_distance > sphere.radius * (1 - 1e-6f));
    }
    CHECK(hits > 3000);
    CHECK(inside > 1000);
    CHECK(misses > 3000);
}

TEST_CASE("explain_intersect_segment_sphere: starting inside, the listing's exit point and the fix's t = 0") {
    const SegmentSphereExplanation e = explain_intersect_segment_sphere({{0, 0, 0}, {4, 0, 0}}, {{0, 0, 0}, 1});
    CHECK(e.kind == SegmentSphereCase::StartsInside);
    CHECK(e.result.t == 0.0f);
    CHECK(e.t_enter == -0.25f);
    CHECK(e.t_exit == 0.25f);  // the exit the chapter's listing reports as the hit
    const SegmentSphereExplanation past = explain_intersect_segment_sphere({{-4, 0, 0}, {-3, 0, 0}}, {{0, 0, 0}, 1});
    CHECK(past.kind == SegmentSphereCase::BeyondEnd);
    CHECK(past.t_enter == 3.0f);
    const SegmentSphereExplanation bad = explain_intersect_segment_sphere({{kNaN, 0, 0}, {1, 0, 0}}, {{0, 0, 0}, 1});
    CHECK(bad.kind == SegmentSphereCase::Invalid);
}

TEST_CASE("explain_intersect_segment_aabb: the deciding slab gives the answer's t and face on 10^4 cases") {
    Rng rng(0xE3);
    int hits = 0, misses = 0, inside = 0, parallel = 0;
    for (int i = 0; i < 20000; ++i) {
        const Vec3 c = rng.vec(-3, 3), h = rng.vec(0.0f, 1.5f);
        const AABB box{c - h, c + h};
        const Segment s = aimed(rng, c, length(h) + 0.1f);
        const SegmentBoxExplanation e = explain_intersect_segment_aabb(s, box);
        INFO("case " << i);
        REQUIRE(same_hit(e.result, intersect_segment_aabb(s, box)));
        // Each slab against its own double computation.
        for (int k = 0; k < 3; ++k) {
            const double p = component(s.start, k), dk = double(component(s.end, k)) - p;
            const Slab& slab = e.slabs[k];
            REQUIRE(slab.parallel == (dk == 0.0));
            if (slab.parallel) {
                ++parallel;
                REQUIRE(slab.holds == (p >= component(box.min, k) && p <= component(box.max, k)));
                continue;
            }
            const double t0 = (component(box.min, k) - p) / dk, t1 = (component(box.max, k) - p) / dk;
            REQUIRE(slab.entry == float(std::min(t0, t1)));
            REQUIRE(slab.exit == float(std::max(t0, t1)));
        }
        if (e.starts_inside) {
            ++inside;
            REQUIRE(e.result.hit);
            REQUIRE(e.result.t == 0.0f);
            continue;
        }
        const bool decided_hit = e.blocking_axis < 0 && e.t_enter <= e.t_exit;
        REQUIRE(decided_hit == e.result.hit);
        if (!e.result.hit) {
            ++misses;
            continue;
        }
        ++hits;
        REQUIRE(e.enter_axis >= 0);
        REQUIRE(e.result.t == e.t_enter);
        REQUIRE(e.result.t == e.slabs[e.enter_axis].entry);
        const float sign = component(s.end, e.enter_axis) > component(s.start, e.enter_axis) ? -1.0f : 1.0f;
        REQUIRE(e.result.normal == unit_axis(e.enter_axis, sign));
    }
    CHECK(hits > 2000);
    CHECK(misses > 3000);
    CHECK(inside > 500);
    CHECK(parallel > 500);
}

TEST_CASE("explain_intersect_segment_aabb: a parallel slab outside blocks, an empty box runs no slab") {
    const AABB box{{-1, -1, -1}, {1, 1, 1}};
    const SegmentBoxExplanation above = explain_intersect_segment_aabb({{-3, 2, 0}, {3, 2, 0}}, box);
    CHECK(above.slabs[1].parallel);
    CHECK_FALSE(above.slabs[1].holds);
    CHECK(above.blocking_axis == 1);
    CHECK_FALSE(above.result.hit);
    const SegmentBoxExplanation through = explain_intersect_segment_aabb({{-3, 0, 0}, {3, 0, 0}}, box);
    CHECK(through.enter_axis == 0);
    CHECK(through.exit_axis == 0);
    CHECK(through.t_enter == Approx(1.0 / 3));
    CHECK(through.t_exit == Approx(2.0 / 3));
    CHECK(through.result.normal == Vec3{-1, 0, 0});
    const SegmentBoxExplanation empty =
        explain_intersect_segment_aabb({{-3, 0, 0}, {3, 0, 0}}, {{1, 1, 1}, {-1, -1, -1}});
    CHECK(empty.enter_axis == -1);
    CHECK_FALSE(empty.result.hit);
}

TEST_CASE("explain_intersect_segment_obb: the slabs in the box's frame give the answer's t and face on 10^4 cases") {
    // The query and its explanation turn into the box's frame by the same rotation in double, so
    // the deciding slab gives the answer exactly; the slabs are checked against the reference frame
    // (the quaternion applied by Hamilton products).
    Rng rng(0xE4);
    int hits = 0, misses = 0, inside = 0;
    for (int i = 0; i < 20000; ++i) {
        const Vec3 c = rng.vec(-3, 3), h = rng.vec(0.05f, 1.5f);
        const OBB box{c, quat_from_axis_angle(rng.direction(), rng.uniform(-3.2f, 3.2f)), h};
        const Segment s = aimed(rng, c, length(h));
        const SegmentBoxExplanation e = explain_intersect_segment_obb(s, box);
        INFO("case " << i);
        REQUIRE(same_hit(e.result, intersect_segment_obb(s, box)));
        const RefBox rb = ref_box(box);
        const DVec3 lp = ref_local(rb, d(s.start)), lq = ref_local(rb, d(s.end));
        const double scale = 1.0 + dlen(d(s.end) - d(s.start));
        for (int k = 0; k < 3; ++k) {
            const double dk = dcomp(lq, k) - dcomp(lp, k);
            if (e.slabs[k].parallel || std::fabs(dk) < 1e-3) continue;
            const double t0 = (-rb.h[k] - dcomp(lp, k)) / dk, t1 = (rb.h[k] - dcomp(lp, k)) / dk;
            REQUIRE(std::fabs(e.slabs[k].entry - std::min(t0, t1)) <= 1e-6 * scale / std::fabs(dk));
            REQUIRE(std::fabs(e.slabs[k].exit - std::max(t0, t1)) <= 1e-6 * scale / std::fabs(dk));
        }
        if (e.starts_inside) {
            ++inside;
            REQUIRE(e.result.hit);
            REQUIRE(e.result.t == 0.0f);
            continue;
        }
        const bool decided_hit = e.blocking_axis < 0 && e.t_enter <= e.t_exit;
        REQUIRE(decided_hit == e.result.hit);
        if (!e.result.hit) {
            ++misses;
            continue;
        }
        ++hits;
        REQUIRE(e.enter_axis >= 0);
        REQUIRE(e.result.t == e.t_enter);
        REQUIRE(e.result.t == e.slabs[e.enter_axis].entry);
        // The entered face's normal: the box's axis, against the motion.
        const DVec3 axis = rb.axis[e.enter_axis];
        const double sign = ddot(axis, d(s.end) - d(s.start)) > 0.0 ? -1.0 : 1.0;
        REQUIRE(ddist(d(e.result.normal), axis * sign) <= 1e-6);
    }
    CHECK(hits > 3000);
    CHECK(misses > 3000);
    CHECK(inside > 500);
}

TEST_CASE("explain_aabb_aabb and explain_push_out_aabb_aabb: the least of six moves is the contact on 10^4 cases") {
    Rng rng(0xE5);
    int hits = 0, misses = 0;
    for (int i = 0; i < 20000; ++i) {
        const Vec3 ca = rng.vec(-2, 2), ha = rng.vec(0, 1.5f), cb = ca + rng.vec(-2.5f, 2.5f), hb = rng.vec(0, 1.5f);
        AABB a{ca - ha, ca + ha}, b{cb - hb, cb + hb};
        if (rng.below(10) == 0) {  // touching faces
            b.min.x = a.max.x;
            b.max.x = std::max(b.max.x, b.min.x);
        }
        const AabbAabbExplanation e = explain_aabb_aabb(a, b);
        const PushOutExplanation push = explain_push_out_aabb_aabb(a, b);
        INFO("case " << i);
        REQUIRE(same_contact(e.result, aabb_aabb(a, b)));
        REQUIRE(same_bits(push.result, push_out_aabb_aabb(a, b)));
        for (int k = 0; k < 6; ++k) {
            const int axis = k / 2;
            const double want = k % 2 == 0 ? double(component(a.max, axis)) - component(b.min, axis)
                                           : double(component(b.max, axis)) - component(a.min, axis);
            REQUIRE(e.candidates[k] == float(want));
            REQUIRE(push.candidates[k] == e.candidates[k]);
        }
        REQUIRE(push.chosen == e.chosen);
        REQUIRE((e.separating >= 0) == !e.result.hit);
        if (!e.result.hit) {
            ++misses;
            REQUIRE(e.candidates[e.separating] < 0.0f);
            REQUIRE(push.result == Vec3{});
            continue;
        }
        ++hits;
        const float least = *std::min_element(std::begin(e.candidates), std::end(e.candidates));
        REQUIRE(e.candidates[e.chosen] == least);
        REQUIRE(e.result.depth == least);
        REQUIRE(e.result.normal == unit_axis(e.chosen / 2, e.chosen % 2 == 0 ? 1.0f : -1.0f));
        // Moving b by the chosen candidate separates the boxes to touching.
        REQUIRE(same_bits(push.result, least == 0.0f ? Vec3{} : e.result.normal * least));
    }
    CHECK(hits > 3000);
    CHECK(misses > 3000);
}

TEST_CASE("explain_push_out_aabb_aabb: a player overlapping a wall's right face leaves through +x") {
    const AABB wall{{0, 0, 0}, {1, 3, 10}}, player{{0.8f, 0.5f, 4}, {1.8f, 2.5f, 5}};
    const PushOutExplanation e = explain_push_out_aabb_aabb(wall, player);
    CHECK(e.candidates[0] == Approx(0.2f));  // +x: wall.max.x - player.min.x
    CHECK(e.candidates[1] == Approx(1.8f));  // -x
    CHECK(e.chosen == 0);
    CHECK(e.result.x == Approx(0.2f));
    CHECK(e.result.y == 0.0f);
    const PushOutExplanation apart = explain_push_out_aabb_aabb(wall, {{2, 0, 0}, {3, 1, 1}});
    CHECK(apart.separating == 0);
    CHECK(apart.chosen == -1);
}

TEST_CASE("explain_obb_obb: the 15 axes' overlaps are the boxes' shadows, and decide the contact, on 10^4 cases") {
    Rng rng(0xE6);
    int hits = 0, misses = 0, skipped = 0;
    for (int i = 0; i < 20000; ++i) {
        const float s = rng.uniform(0.2f, 2);
        const Vec3 ca = rng.vec(-2, 2);
        const Quat qa = rng.below(8) == 0 ? Quat{} : quat_from_axis_angle(rng.direction(), rng.uniform(-4, 4));
        Quat qb = quat_from_axis_angle(rng.direction(), rng.uniform(-4, 4));
        if (rng.below(8) == 0) qb = qa;  // parallel edges: skipped cross axes
        const OBB a{ca, qa, rng.vec(0.05f, s)}, b{ca + rng.vec(-2 * s, 2 * s), qb, rng.vec(0.05f, s)};
        const ObbObbExplanation e = explain_obb_obb(a, b);
        INFO("case " << i);
        REQUIRE(same_contact(e.result, obb_obb(a, b)));
        // Each axis: the shadows of the eight corners of each box, in double.
        const RefBox ra = ref_box(a), rb = ref_box(b);
        for (int k = 0; k < 15; ++k) {
            const SatAxis& ax = e.axes[k];
            if (ax.skipped) {
                ++skipped;
                REQUIRE(k >= 6);
                continue;
            }
            REQUIRE(std::fabs(length(ax.axis) - 1.0f) <= 1e-6f);
            auto shadow = [&](const RefBox& box, double& lo, double& hi) {
                lo = 1e300, hi = -1e300;
                for (int corner = 0; corner < 8; ++corner) {
                    DVec3 p = box.c;
                    for (int j = 0; j < 3; ++j) p = p + box.axis[j] * (((corner >> j) & 1) ? box.h[j] : -box.h[j]);
                    lo = std::min(lo, ddot(p, d(ax.axis)));
                    hi = std::max(hi, ddot(p, d(ax.axis)));
                }
            };
            double alo, ahi, blo, bhi;
            shadow(ra, alo, ahi);
            shadow(rb, blo, bhi);
            const double overlap = std::min(ahi - blo, bhi - alo);  // how far either must move to part
            REQUIRE(std::fabs(ax.overlap - overlap) <= 1e-5 * (1 + 4 * s));
            REQUIRE(std::fabs(ax.radius_a - (ahi - alo) / 2) <= 1e-5 * (1 + s));
        }
        REQUIRE((e.separating >= 0) == !e.result.hit);
        if (!e.result.hit) {
            ++misses;
            REQUIRE(e.axes[e.separating].overlap < 0.0f);
            for (int k = 0; k < e.separating; ++k) REQUIRE((e.axes[k].skipped || e.axes[k].overlap >= 0.0f));
            continue;
        }
        ++hits;
        const SatAxis& least = e.axes[e.least];
        for (const SatAxis& ax : e.axes) REQUIRE((ax.skipped || ax.overlap >= least.overlap));
        REQUIRE(e.result.depth == least.overlap);
        REQUIRE(std::fabs(std::fabs(dot(e.result.normal, least.axis)) - 1.0f) <= 1e-6f);
        // The normal points from a toward b.
        REQUIRE(dot(e.result.normal, b.center - a.center) >= -1e-6f);
    }
    CHECK(hits > 3000);
    CHECK(misses > 3000);
    CHECK(skipped > 1000);
}

TEST_CASE("explain_obb_obb: crossed edges are separated only by their cross axis A0 x B2") {
    // Two long bars with diamond cross-sections, a along x, b along z, one above the other: their
    // facing edges are 0.3 apart in y, their shadows on y only 0.1 sqrt 2 each. No face axis
    // separates them; y = A0 x B2 does.
    const OBB a{{0, 0, 0}, quat_from_axis_angle({1, 0, 0}, kPi / 4), {2, 0.1f, 0.1f}};
    const OBB b{{0, 0.3f, 0}, quat_from_axis_angle({0, 0, 1}, kPi / 4), {0.1f, 0.1f, 2}};
    const ObbObbExplanation e = explain_obb_obb(a, b);
    CHECK(e.separating == 8);
    for (int k = 0; k < 6; ++k) CHECK(e.axes[k].overlap >= 0.0f);
    CHECK(e.axes[8].overlap == Approx(0.2 * std::sqrt(2.0) - 0.3).margin(1e-6));
    CHECK_FALSE(e.result.hit);
    // Lowered until the edges meet 0.01 deep: a contact along y, of that depth.
    const OBB lower{{0, 0.2828427f - 0.01f, 0}, b.rotation, b.half_extents};
    const ObbObbExplanation hit = explain_obb_obb(a, lower);
    CHECK(hit.result.hit);
    CHECK(hit.least == 8);
    CHECK(hit.result.depth == Approx(0.01).margin(1e-6));
    const ObbObbExplanation invalid = explain_obb_obb(a, {{0, 0, 0}, Quat{}, {-1, 1, 1}});
    CHECK(invalid.separating == -1);
    CHECK(invalid.least == -1);
    CHECK(invalid.axes[0].skipped);
}

TEST_CASE("explain_convex_polygon_contains_point: no two edges disagree exactly when inside, on 10^4 cases") {
    Rng rng(0xE7);
    int in = 0, out = 0;
    for (int i = 0; i < 20000; ++i) {
        // A convex polygon: points on a circle in angle order, either winding.
        const int n = 3 + rng.below(6);
        std::vector<float> angles(n);
        for (float& a : angles) a = rng.uniform(0, 2 * kPi);
        std::sort(angles.begin(), angles.end());
        if (rng.below(2)) std::reverse(angles.begin(), angles.end());
        const Vec2 c{rng.uniform(-2, 2), rng.uniform(-2, 2)};
        const float r = rng.uniform(0.5f, 2);
        std::vector<Vec2> poly;
        for (float a : angles) poly.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
        Vec2 p{c.x + rng.uniform(-1.5f * r, 1.5f * r), c.y + rng.uniform(-1.5f * r, 1.5f * r)};
        if (rng.below(10) == 0) p = poly[0];  // on a vertex
        const PolygonContainmentExplanation e = explain_convex_polygon_contains_point({poly}, p);
        INFO("case " << i);
        REQUIRE(e.result == convex_polygon_contains_point({poly}, p));
        REQUIRE(e.edge_signs.size() == poly.size());
        bool left = false, right = false;
        for (std::size_t k = 0; k < poly.size(); ++k) {
            const Vec2 a = poly[k], b = poly[(k + 1) % poly.size()];
            const double cr = (double(b.x) - a.x) * (double(p.y) - a.y) - (double(b.y) - a.y) * (double(p.x) - a.x);
            if (std::fabs(cr) > 1e-9) REQUIRE(e.edge_signs[k] == (cr > 0 ? 1 : -1));
            left = left || e.edge_signs[k] > 0;
            right = right || e.edge_signs[k] < 0;
        }
        REQUIRE_FALSE(e.collinear);
        REQUIRE(e.result == !(left && right));
        (e.result ? in : out)++;
    }
    CHECK(in > 3000);
    CHECK(out > 3000);
}

TEST_CASE("explain_convex_polygon_contains_point: collinear input, a point on an edge, invalid input") {
    const std::vector<Vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const PolygonContainmentExplanation edge = explain_convex_polygon_contains_point({square}, {0.5f, 0});
    CHECK(edge.result);
    CHECK(edge.edge_signs == std::vector<std::int8_t>{0, 1, 1, 1});
    const std::vector<Vec2> line{{0, 0}, {2, 2}, {1, 1}};
    const PolygonContainmentExplanation on = explain_convex_polygon_contains_point({line}, {0.5f, 0.5f});
    CHECK(on.collinear);
    CHECK(on.result);
    const PolygonContainmentExplanation bad = explain_convex_polygon_contains_point({square}, {kNaN, 0});
    CHECK(bad.edge_signs.empty());
    CHECK_FALSE(bad.result);
}

// ---- sweeps ------------------------------------------------------------------------------------

TEST_CASE("explain_sweep_sphere_sphere: the relative motion's first root is the answer's t on 10^4 cases") {
    Rng rng(0xE8);
    int free_hits = 0, starts = 0, misses = 0, listing = 0;
    for (int i = 0; i < 20000; ++i) {
        const Vec3 q0 = rng.vec(-3, 3), p0 = q0 + rng.vec(-2.5f, 2.5f);
        const float rp = rng.uniform(0, 1), rq = rng.uniform(0, 1);
        const Vec3 p1 = rng.below(20) == 0 ? p0 : q0 + rng.vec(-2, 2);
        const Vec3 q1 = rng.below(3) == 0 ? q0 : q0 + rng.vec(-1, 1);
        const SweepSphereSphereExplanation e = explain_sweep_sphere_sphere(p0, p1, rp, q0, q1, rq);
        INFO("case " << i);
        REQUIRE(same_sweep(e.result, sweep_sphere_sphere(p0, p1, rp, q0, q1, rq)));
        // Reference quadratic in double.
        const DVec3 x = d(p0) - d(q0), y = (d(p1) - d(p0)) - (d(q1) - d(q0));
        const double r = double(rp) + rq, a = ddot(y, y), b = ddot(x, y), c = ddot(x, x) - r * r;
        REQUIRE(std::fabs(e.radius_sum - r) <= 1e-7 * (1 + r));
        REQUIRE(std::fabs(e.b - b) <= 1e-5 * (1 + a + ddot(x, x)));
        REQUIRE(std::fabs(e.c - c) <= 1e-5 * (1 + ddot(x, x)));
        if (e.has_roots) {
            const double root = std::sqrt(std::max(0.0, b * b - a * c));
            REQUIRE(std::fabs(e.t_enter - (-b - root) / a) <= 1e-4 * (1 + std::fabs(e.t_enter)));
            REQUIRE(std::fabs(e.t_exit - (-b + root) / a) <= 1e-4 * (1 + std::fabs(e.t_exit)));
        }
        if (e.listing_hit) ++listing;
        REQUIRE(e.listing_divides_by_zero == (a == 0.0));
        if (e.start == SweepStart::Overlapping) {
            ++starts;
            REQUIRE(e.result.hit);
            REQUIRE(e.result.t == 0.0f);
            continue;
        }
        if (e.start == SweepStart::Touching) continue;
        REQUIRE(e.start == SweepStart::Free);
        // Free: a hit exactly when the first root lies in [0, 1] while approaching (away from
        // tangency, where the query's rounding cushion decides).
        const bool grazing = e.has_roots && e.discriminant <= 1e-9f * (1 + e.a) * (1 + e.a);
        if (!e.result.hit) {
            ++misses;
            if (!grazing) REQUIRE_FALSE((e.has_roots && e.b < 0 && e.t_enter <= 1.0f && e.t_enter >= 0.0f));
            continue;
        }
        ++free_hits;
        REQUIRE(e.b < 0.0f);
        if (!grazing) REQUIRE(std::fabs(e.result.t - e.t_enter) <= 1e-6f);
        REQUIRE(e.result.t <= e.t_enter);  // rounded down, never later
    }
    CHECK(free_hits > 2000);
    CHECK(starts > 1000);
    CHECK(misses > 3000);
    CHECK(listing < 50);  // the listing's t <= 0 accepts almost nothing
}

TEST_CASE("explain_sweep_sphere_sphere: the listing's t <= 0 misses a head-on hit at t = 0.5, the fix finds it") {
    const SweepSphereSphereExplanation e =
        explain_sweep_sphere_sphere({-3, 0, 0}, {1, 0, 0}, 1, {0, 0, 0}, {0, 0, 0}, 0);
    CHECK(e.start == SweepStart::Free);
    CHECK(e.has_roots);
    CHECK(e.t_enter == 0.5f);
    CHECK(e.t_exit == 1.0f);
    CHECK_FALSE(e.listing_hit);
    CHECK(e.result.hit);
    CHECK(e.result.t == 0.5f);
    const SweepSphereSphereExplanation still =
        explain_sweep_sphere_sphere({3, 0, 0}, {3, 0, 0}, 1, {0, 0, 0}, {0, 0, 0}, 1);
    CHECK(still.listing_divides_by_zero);
    CHECK_FALSE(still.has_roots);
    CHECK_FALSE(still.result.hit);
}

// ---- broadphase --------------------------------------------------------------------------------

TEST_CASE("explain_pairs_sweep_and_prune: the sweep tests exactly the x-overlapping pairs, 10^4 box sets") {
    Rng rng(0xE9);
    for (int i = 0; i < 10000; ++i) {
        const int n = rng.below(14);
        std::vector<AABB> boxes;
        for (int k = 0; k < n; ++k) {
            const Vec3 c = rng.vec(-4, 4), h = rng.vec(0, 1.2f);
            boxes.push_back({c - h, c + h});
            if (rng.below(15) == 0) boxes.back().min.y = kNaN;
            if (rng.below(15) == 0) boxes.back() = {{1, 1, 1}, {0, 0, 0}};             // empty
            if (k > 0 && rng.below(10) == 0) boxes.back().min.x = boxes[k - 1].min.x;  // a tie in the order
        }
        const SweepAndPruneExplanation e = explain_pairs_sweep_and_prune(boxes);
        std::vector<BoxPair> sap, all;
        pairs_sweep_and_prune(boxes, sap);
        pairs_all(boxes, all);
        INFO("case " << i);
        REQUIRE(e.result == sap);
        REQUIRE(e.result == all);
        // The order: the usable boxes, by min.x then index.
        std::vector<std::uint32_t> usable;
        for (std::uint32_t k = 0; k < boxes.size(); ++k)
            if (is_finite(boxes[k].min) && is_finite(boxes[k].max) && boxes[k].min.x <= boxes[k].max.x &&
                boxes[k].min.y <= boxes[k].max.y && boxes[k].min.z <= boxes[k].max.z)
                usable.push_back(k);
        REQUIRE(e.order.size() == usable.size());
        REQUIRE(std::is_permutation(e.order.begin(), e.order.end(), usable.begin()));
        for (std::size_t k = 1; k < e.order.size(); ++k) {
            const AABB &u = boxes[e.order[k - 1]], &v = boxes[e.order[k]];
            REQUIRE((u.min.x < v.min.x || (u.min.x == v.min.x && e.order[k - 1] < e.order[k])));
        }
        REQUIRE(e.all_pairs_tests == usable.size() * (usable.size() - (usable.empty() ? 0 : 1)) / 2);
        // The pairs it tests: exactly those whose x intervals overlap (brute force).
        std::vector<BoxPair> x_ref, tested = e.x_overlaps;
        for (std::size_t u = 0; u < usable.size(); ++u)
            for (std::size_t v = u + 1; v < usable.size(); ++v) {
                const AABB &p = boxes[usable[u]], &q = boxes[usable[v]];
                if (p.min.x <= q.max.x && q.min.x <= p.max.x) x_ref.push_back({usable[u], usable[v]});
            }
        auto by_index = [](const BoxPair& x, const BoxPair& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; };
        std::sort(tested.begin(), tested.end(), by_index);
        REQUIRE(tested == x_ref);
        for (const BoxPair& pair : e.result) REQUIRE(std::binary_search(tested.begin(), tested.end(), pair, by_index));
    }
}
