// overlap.hpp, oriented boxes: obb_obb by separating axes (Ericson RTCD 4.4.1).
#include "catch_support.hpp"

#include <cmath>
#include <limits>

#include "overlap_reference.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

OBB moved(const OBB& b, Vec3 by) { return {b.center + by, b.rotation, b.half_extents}; }
bool ref_hit(const OBB& a, const OBB& b, double grow = 0.0) {
    return ref_boxes_intersect(ref_box(a, grow), ref_box(b, grow));
}

}  // namespace

TEST_CASE("obb_obb: axis-aligned boxes touching, overlapping, coincident") {
    const OBB a{{0, 0, 0}, Quat{}, {1, 1, 1}};
    const Contact touch = obb_obb(a, {{2, 0, 0}, Quat{}, {1, 1, 1}});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(touch.normal == Vec3{1, 0, 0});
    CHECK(is_miss(obb_obb(a, {{2.001f, 0, 0}, Quat{}, {1, 1, 1}})));
    const Contact c = obb_obb(a, {{0.5f, 1.5f, 0}, Quat{}, {1, 1, 1}});
    CHECK(c.normal == Vec3{0, 1, 0});
    CHECK(c.depth == 0.5f);
    CHECK(c.point.y == 0.5f);  // b's lowest corner, inside a by the depth
    const Contact same = obb_obb(a, a);
    CHECK(same.normal == Vec3{1, 0, 0});  // all faces tie: a's x axis first
    CHECK(same.depth == 2.0f);
}

TEST_CASE("obb_obb: edges crossing at right angles are separated only by their cross axis") {
    // a turned 45 degrees about z has an edge along z at x = sqrt 2; b turned 45 degrees about y
    // has an edge along y at x = centre - sqrt 2. No face axis separates them; z x y does.
    const float r2 = std::sqrt(2.0f);
    const OBB a{{0, 0, 0}, quat_from_axis_angle({0, 0, 1}, kPi / 4), {1, 1, 1}};
    auto b_at = [&](float gap) {
        return OBB{{2 * r2 + gap, 0, 0}, quat_from_axis_angle({0, 1, 0}, kPi / 4), {1, 1, 1}};
    };
    CHECK(is_miss(obb_obb(a, b_at(0.01f))));
    CHECK(ref_hit(a, b_at(-0.01f)));
    CHECK_FALSE(ref_hit(a, b_at(0.01f)));
    const Contact c = obb_obb(a, b_at(-0.01f));
    REQUIRE(c.hit);
    check_vec(c.normal, {1, 0, 0}, 1e-5f);
    CHECK(c.depth == Approx(0.01f).margin(1e-5));
    // Its point is b's corner deepest against the normal: on b's crossing edge.
    CHECK(c.point.x == Approx(r2 - 0.01f).margin(1e-5));
}

TEST_CASE("obb_obb: equally turned boxes behave as axis-aligned ones in their frame") {
    // Every edge pair is parallel: the nine cross axes are rounding noise and must not decide.
    const Quat q = quat_from_axis_angle({1, 2, 3}, 0.7f);
    const OBB a{{5, 5, 5}, q, {1, 2, 3}};
    const OBB b{a.center + rotate(q, {0, 3.5f, 0.5f}), q, {1, 2, 3}};
    const Contact c = obb_obb(a, b);
    REQUIRE(c.hit);
    CHECK(c.depth == Approx(0.5f).margin(1e-5));
    check_vec(c.normal, rotate(q, {0, 1, 0}), 1e-5f);
    CHECK(is_miss(obb_obb(a, {a.center + rotate(q, {0, 4.01f, 0}), q, {1, 2, 3}})));
}

TEST_CASE("obb_obb: nearly parallel edges (the cushion) do not separate overlapping boxes") {
    const OBB a{{0, 0, 0}, Quat{}, {1, 1, 1}};
    for (float angle : {1e-7f, 1e-6f, 1e-5f, 1e-3f}) {
        INFO("angle " << angle);
        const OBB b{{1.5f, 0.3f, -0.2f}, quat_from_axis_angle({0.3f, 1, 0.2f}, angle), {1, 1, 1}};
        const Contact c = obb_obb(a, b);
        REQUIRE(c.hit);
        CHECK(c.depth == Approx(0.5f).margin(1e-3));
        check_vec(c.normal, {1, 0, 0}, 1e-3f);
    }
}

TEST_CASE("obb_obb: flat and point-like boxes, and invalid input") {
    const OBB a{{0, 0, 0}, quat_from_axis_angle({0, 0, 1}, 0.3f), {1, 1, 1}};
    const OBB sheet{{0, 0.5f, 0}, Quat{}, {3, 0, 3}};  // a zero-thickness plate through a
    const Contact c = obb_obb(a, sheet);
    REQUIRE(c.hit);
    CHECK(c.depth > 0.0f);
    const OBB dot_box{{0.1f, 0.2f, 0.3f}, Quat{}, {0, 0, 0}};
    const Contact inside = obb_obb(a, dot_box);
    REQUIRE(inside.hit);
    CHECK(inside.point == dot_box.center);
    CHECK(is_miss(obb_obb(a, {{5, 0, 0}, Quat{}, {0, 0, 0}})));
    CHECK(is_miss(obb_obb(a, {{0, 0, 0}, Quat{}, {1, -1, 1}})));
    CHECK(is_miss(obb_obb(a, {{0, kNaN, 0}, Quat{}, {1, 1, 1}})));
    CHECK(is_miss(obb_obb(a, {{0, 0, 0}, {kNaN, 0, 0, 1}, {1, 1, 1}})));
    CHECK(is_miss(obb_obb(a, {{0, 0, 0}, Quat{}, {std::numeric_limits<float>::infinity(), 1, 1}})));
}

TEST_CASE("obb_obb: 10^5 seeded pairs against the exact edge-meets-box reference, with separating contacts") {
    // Reference: two solid boxes intersect iff an edge of one meets the other (slab clipping in
    // double). A case counts when the reference on boxes shrunk by `margin` says hit, or on
    // boxes grown by it says miss; between the two, rounding of the float inputs decides.
    // margin = 1e-5 of the size: it also covers what the skipped nearly-parallel edge axes
    // (sine below tol::kSatAxisCushion = 1e-6) could leave undetected.
    Rng rng(0x0BB0);
    int compared = 0, hits = 0, ambiguous = 0, axis_aligned = 0;
    for (int i = 0; i < 100000; ++i) {
        const float s = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 base = rng.vec(-1, 1) * (s * rng.log_uniform(1, 100));
        const int kind = rng.below(10);  // 0: A axis-aligned, 1: same rotation, 2: nearly parallel
        const Quat qa = kind == 0 ? Quat{} : quat_from_axis_angle(rng.direction(), rng.uniform(-4, 4));
        Quat qb = quat_from_axis_angle(rng.direction(), rng.uniform(-4, 4));
        if (kind == 1) qb = qa;
        if (kind == 2) qb = quat_mul(qa, quat_from_axis_angle(rng.direction(), rng.log_uniform(1e-7f, 1e-2f)));
        Vec3 ha = rng.vec(0, s), hb = rng.vec(0, s);
        if (rng.below(10) == 0) ha.y = 0;
        if (rng.below(10) == 0) hb = {hb.x, 0, 0};
        const OBB a{base, qa, ha}, b{base + rng.vec(-1.2f * s, 1.2f * s), qb, hb};
        const Contact c = obb_obb(a, b);
        const double M = magnitude({a.center, b.center});
        const double margin = 1e-5 * s + 16 * kFloatEps * M;
        const bool sure_hit = ref_hit(a, b, -margin), sure_miss = !ref_hit(a, b, margin);
        INFO("case " << i << " kind " << kind << " depth " << c.depth);
        if (!sure_hit && !sure_miss) {
            ++ambiguous;
            continue;
        }
        ++compared;
        REQUIRE(c.hit == sure_hit);
        if (!c.hit) {
            REQUIRE(is_miss(c));
            continue;
        }
        ++hits;
        REQUIRE(std::fabs(length(c.normal) - 1.0f) <= 1e-6f);
        // Moving b by depth + delta along the normal separates; by depth - delta it still overlaps.
        const double delta = 1e-4 * s + 64 * kFloatEps * M;
        REQUIRE_FALSE(ref_hit(a, moved(b, c.normal * float(c.depth + delta))));
        if (c.depth > delta) REQUIRE(ref_hit(a, moved(b, c.normal * float(c.depth - delta))));
        // The point is a corner of b.
        const DVec3 lp = ref_local(ref_box(b), d(c.point));
        for (int k = 0; k < 3; ++k)
            REQUIRE(std::fabs(std::fabs(dcomp(lp, k)) - dcomp(d(b.half_extents), k)) <= 16 * kFloatEps * (M + s));
        if (kind == 0) {
            // a is axis-aligned: turning the pair by any rotation turns the answer with it.
            ++axis_aligned;
            const Quat w = quat_from_axis_angle(rng.direction(), rng.uniform(-4, 4));
            const Contact t = obb_obb({rotate(w, a.center), w, ha}, {rotate(w, b.center), quat_mul(w, qb), hb});
            REQUIRE(t.hit);
            REQUIRE(std::fabs(t.depth - c.depth) <= delta);
        }
    }
    CHECK(compared > 99000);
    CHECK(hits > 30000);
    CHECK(compared - hits > 20000);
    CHECK(axis_aligned > 3000);
    CHECK(ambiguous < 1000);
}

TEST_CASE("obb_obb: with both boxes axis-aligned it agrees with aabb_aabb") {
    Rng rng(0xAAB);
    for (int i = 0; i < 20000; ++i) {
        const float s = rng.log_uniform(1e-3f, 1e4f);
        const OBB a{rng.vec(-s, s), Quat{}, rng.vec(0, s)}, b{rng.vec(-s, s), Quat{}, rng.vec(0, s)};
        const AABB aa{a.center - a.half_extents, a.center + a.half_extents};
        const AABB bb{b.center - b.half_extents, b.center + b.half_extents};
        const Contact o = obb_obb(a, b), x = aabb_aabb(aa, bb);
        const double tol = 8 * kFloatEps * magnitude({aa.min, aa.max, bb.min, bb.max});
        // The float corners aa, bb round the boxes: compare only away from touching.
        if (x.hit && x.depth <= tol) continue;
        if (!x.hit && o.hit && o.depth <= tol) continue;
        INFO("case " << i);
        REQUIRE(o.hit == x.hit);
        if (!o.hit) continue;
        REQUIRE(std::fabs(o.depth - x.depth) <= tol);
    }
}
