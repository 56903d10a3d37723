// triangle_capsule's early exit for a capsule clearly apart from the triangle (overlap_triangle.cpp,
// clearly_apart: the plane, the edges within it, and the gap between the axis's box and the
// triangle's) against the same test without it (detail::triangle_capsule_unscreened), bit for bit:
// seeded triangles of every kind (degenerate, needle, tiny, huge, far from the origin) and the faces
// of axis-aligned and turned boxes, with capsules a radius from a random point, edge or vertex,
// give or take a few ulps, a skin or more: upright, lying, along an edge or nearly so, collapsed to
// a point, of zero radius.
#include "catch_support.hpp"

#include <cmath>

#include "overlap_detail.hpp"
#include "shototsu/overlap.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// A face triangle of the box [lo, hi] turned by `yaw` about +Y around its centre.
Triangle box_triangle(Rng& rng, Vec3 lo, Vec3 hi, float yaw) {
    const Vec3 c[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {lo.x, hi.y, lo.z},
                       {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
    static constexpr int kFaces[12][3] = {{0, 3, 2}, {0, 2, 1}, {4, 5, 6}, {4, 6, 7}, {0, 4, 7}, {0, 7, 3},
                                          {1, 2, 6}, {1, 6, 5}, {0, 1, 5}, {0, 5, 4}, {3, 7, 6}, {3, 6, 2}};
    const int* f = kFaces[rng.below(12)];
    const Vec3 mid = (lo + hi) * 0.5f;
    const Quat q{0.0f, std::sin(0.5f * yaw), 0.0f, std::cos(0.5f * yaw)};
    const auto turn = [&](Vec3 v) { return yaw == 0.0f ? v : rotate(q, v - mid) + mid; };
    return {turn(c[f[0]]), turn(c[f[1]]), turn(c[f[2]])};
}

Vec3 axis_for(Rng& rng, const Triangle& t) {
    switch (rng.below(6)) {
        case 0: return {0.0f, 1.0f, 0.0f};
        case 1: return normalize_or(t.b - t.a, {1.0f, 0.0f, 0.0f});                            // along an edge
        case 2: return normalize_or(t.c - t.b + rng.direction() * 1e-7f, {1.0f, 0.0f, 0.0f});  // nearly
        case 3: return {1.0f, 0.0f, 0.0f};
        default: return rng.direction();
    }
}

float gap_for(Rng& rng, float r) {
    switch (rng.below(6)) {
        case 0: return 0.0f;
        case 1: return std::nextafter(r, 2.0f * r + 1.0f) - r;  // an ulp of the radius
        case 2: return rng.uniform(-1e-6f, 1e-6f);
        case 3: return rng.uniform(0.0f, 0.02f);
        case 4: return rng.uniform(-0.05f, 0.1f);
        default: return rng.uniform(0.0f, 1.0f);
    }
}

// The gap between the boxes of the capsule's axis and of the triangle (an independent lower bound
// of their distance), in double.
double box_gap(const Triangle& t, const Capsule& c) {
    double g2 = 0.0;
    for (int i = 0; i < 3; ++i) {
        const double tlo = std::fmin(std::fmin(component(t.a, i), component(t.b, i)), component(t.c, i));
        const double thi = std::fmax(std::fmax(component(t.a, i), component(t.b, i)), component(t.c, i));
        const double slo = std::fmin(component(c.start, i), component(c.end, i));
        const double shi = std::fmax(component(c.start, i), component(c.end, i));
        const double g = std::fmax(std::fmax(tlo - shi, slo - thi), 0.0);
        g2 += g * g;
    }
    return std::sqrt(g2);
}

}  // namespace

TEST_CASE("triangle_capsule: its early exit gives the contact of the full test, bit for bit") {
    Rng rng(4242);
    int apart_by_box = 0, near_misses = 0, hits = 0;
    for (int k = 0; k < 200000; ++k) {
        Triangle tri;
        if (rng.below(2) == 0) {
            const Vec3 lo = rng.vec(-5.0f, 5.0f), size = rng.vec(0.05f, 3.0f);
            tri = box_triangle(rng, lo, lo + size, rng.below(3) == 0 ? rng.uniform(-3.0f, 3.0f) : 0.0f);
        } else {
            tri = make_triangle(rng, pick_kind(rng), rng.below(4) == 0 ? rng.log_uniform(1e-3f, 1e3f) : 1.0f);
            if (rng.below(8) == 0) tri = {tri.a + Vec3{1e4f, 0, 0}, tri.b + Vec3{1e4f, 0, 0}, tri.c + Vec3{1e4f, 0, 0}};
        }
        const float r = rng.below(12) == 0 ? 0.0f : rng.uniform(0.01f, 0.6f);
        const float half = rng.below(8) == 0 ? 0.0f : rng.uniform(0.0f, 1.0f);
        const Vec3 axis = axis_for(rng, tri);
        const Vec3 target = pick_target(rng, tri);
        const float along = rng.below(3) == 0 ? half : rng.uniform(-half, half);
        const Vec3 center = target + rng.direction() * (r + gap_for(rng, r)) - axis * along;
        const Capsule cap{center - axis * half, center + axis * half, r};
        const Contact full = detail::triangle_capsule_unscreened(tri, cap);
        const Contact got = triangle_capsule(tri, cap);
        INFO("case " << k);
        REQUIRE(got.hit == full.hit);
        REQUIRE(same_bits(got, full));
        hits += full.hit ? 1 : 0;
        if (!full.hit) {
            const double gap = box_gap(tri, cap);
            apart_by_box += gap > r ? 1 : 0;
            near_misses += gap <= r + 0.01 ? 1 : 0;
        }
    }
    // Contacts, misses near touching, and misses apart by the boxes' gap were all common.
    CHECK(hits > 20000);
    CHECK(near_misses > 20000);
    CHECK(apart_by_box > 5000);
}
