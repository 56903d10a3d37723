// sweep.hpp: sweep_sphere_sphere — the SweptSphere of Madhav, Game Programming in C++ ch. 10, its two defects,
// the touching convention, and a seeded comparison with a time-stepping reference.
#include "catch_support.hpp"

#include <cmath>

#include "sweep_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

TEST_CASE(
    "sweep_sphere_sphere: defect of Madhav, Game Programming in C++ ch. 10 — a hit at t = 0.5 is reported (the listing "
    "tests t <= 0)") {
    // p: unit sphere from the origin to (4, 0, 0); q: unit sphere resting at (4, 0, 0).
    const SweepHit h = sweep_sphere_sphere({0, 0, 0}, {4, 0, 0}, 1.0f, {4, 0, 0}, {4, 0, 0}, 1.0f);
    CHECK(h.hit);
    CHECK(h.t == 0.5f);
    CHECK(h.point == Vec3{2, 0, 0});
    CHECK(h.contact == Vec3{3, 0, 0});  // on q's surface
    CHECK(h.normal == Vec3{-1, 0, 0});  // from q toward p
}

TEST_CASE(
    "sweep_sphere_sphere: defect of Madhav, Game Programming in C++ ch. 10 — zero relative motion never divides by "
    "zero") {
    SECTION("apart, moving together: a miss with every field finite") {
        check_sweep_miss(sweep_sphere_sphere({0, 0, 0}, {1, 2, 3}, 1.0f, {5, 0, 0}, {6, 2, 3}, 1.0f), {1, 2, 3});
    }
    SECTION("both still and apart: a miss") {
        const SweepHit h = sweep_sphere_sphere({0, 0, 0}, {0, 0, 0}, 1.0f, {5, 0, 0}, {5, 0, 0}, 1.0f);
        CHECK_FALSE(h.hit);
    }
    SECTION("overlapping, moving together: a hit at t = 0") {
        const SweepHit h = sweep_sphere_sphere({0, 0, 0}, {1, 0, 0}, 1.0f, {1.5f, 0, 0}, {2.5f, 0, 0}, 1.0f);
        CHECK(h.hit);
        CHECK(h.t == 0.0f);
        CHECK(h.normal == Vec3{-1, 0, 0});
        CHECK(h.contact == Vec3{0.5f, 0, 0});
    }
}

TEST_CASE("sweep_sphere_sphere: both spheres moving meet where their relative motion closes the gap") {
    // Relative motion (4, 0, 0) - (-4, 0, 0) = (8, 0, 0) from x = -6: |x + 8 t| = 2 at t = 0.5.
    const SweepHit h = sweep_sphere_sphere({0, 0, 0}, {4, 0, 0}, 1.5f, {6, 0, 0}, {2, 0, 0}, 0.5f);
    CHECK(h.hit);
    CHECK(h.t == 0.5f);
    CHECK(h.point == Vec3{2, 0, 0});
    CHECK(h.contact == Vec3{3.5f, 0, 0});  // q is at 4 then, radius 0.5 toward p
    CHECK(h.normal == Vec3{-1, 0, 0});
}

TEST_CASE("sweep_sphere_sphere: grazing exactly at the sum of the radii is a touch, at its exact time") {
    // p passes q's centre (2, 0, 0) at closest distance 2 = rp + rq when x = 2, t = 0.5.
    const SweepHit h = sweep_sphere_sphere({0, 2, 0}, {4, 2, 0}, 1.0f, {2, 0, 0}, {2, 0, 0}, 1.0f);
    CHECK(h.hit);
    CHECK(h.t == 0.5f);
    CHECK(h.normal == Vec3{0, 1, 0});
    // One float ulp farther out it is a clean miss.
    const float y = std::nextafter(2.0f, 3.0f);
    CHECK_FALSE(sweep_sphere_sphere({0, y, 0}, {4, y, 0}, 1.0f, {2, 0, 0}, {2, 0, 0}, 1.0f).hit);
}

TEST_CASE("sweep_sphere_sphere: touching at the start hits at t = 0 only when approaching") {
    const Vec3 q{2, 0, 0};
    CHECK(sweep_sphere_sphere({0, 0, 0}, {1, 0, 0}, 1.0f, q, q, 1.0f).hit);
    CHECK(sweep_sphere_sphere({0, 0, 0}, {1, 0, 0}, 1.0f, q, q, 1.0f).t == 0.0f);
    CHECK_FALSE(sweep_sphere_sphere({0, 0, 0}, {-1, 0, 0}, 1.0f, q, q, 1.0f).hit);  // leaving
    CHECK_FALSE(sweep_sphere_sphere({0, 0, 0}, {0, 1, 0}, 1.0f, q, q, 1.0f).hit);   // tangential
    CHECK_FALSE(sweep_sphere_sphere({0, 0, 0}, {0, 0, 0}, 1.0f, q, q, 1.0f).hit);   // still
    // q moving away from a touching p is p leaving too.
    CHECK_FALSE(sweep_sphere_sphere({0, 0, 0}, {0, 0, 0}, 1.0f, q, {3, 0, 0}, 1.0f).hit);
}

TEST_CASE("sweep_sphere_sphere: overlapping at the start is a hit at t = 0 whatever the motion") {
    const SweepHit h = sweep_sphere_sphere({0, 1, 0}, {0, 5, 0}, 1.0f, {0, 0, 0}, {0, 0, 0}, 1.0f);
    CHECK(h.hit);
    CHECK(h.t == 0.0f);
    CHECK(h.point == Vec3{0, 1, 0});
    CHECK(h.normal == Vec3{0, 1, 0});
    CHECK(h.contact == Vec3{0, 1, 0});
    SECTION("coincident centres: pushed back against the relative motion, or up when there is none") {
        const SweepHit m = sweep_sphere_sphere({1, 1, 1}, {1, 1, 4}, 0.5f, {1, 1, 1}, {1, 1, 1}, 0.5f);
        CHECK(m.normal == Vec3{0, 0, -1});
        const SweepHit s = sweep_sphere_sphere({1, 1, 1}, {1, 1, 1}, 0.5f, {1, 1, 1}, {1, 1, 1}, 0.5f);
        CHECK(s.hit);
        CHECK(s.normal == Vec3{0, 1, 0});
    }
}

TEST_CASE("sweep_sphere_sphere: non-finite input and negative radii are misses") {
    const float nan = std::nanf(""), inf = INFINITY;
    const Vec3 o{0, 0, 0}, x{4, 0, 0};
    const SweepHit cases[] = {
        sweep_sphere_sphere({nan, 0, 0}, x, 1, x, x, 1), sweep_sphere_sphere(o, {inf, 0, 0}, 1, x, x, 1),
        sweep_sphere_sphere(o, x, nan, x, x, 1),         sweep_sphere_sphere(o, x, 1, {0, inf, 0}, x, 1),
        sweep_sphere_sphere(o, x, 1, x, {0, 0, nan}, 1), sweep_sphere_sphere(o, x, 1, x, x, inf),
        sweep_sphere_sphere(o, x, -1, x, x, 1),
    };
    for (const SweepHit& h : cases) {
        CHECK_FALSE(h.hit);
        CHECK(h.t == 1.0f);
        CHECK(h.normal == Vec3{0, 0, 0});
    }
}

TEST_CASE("sweep_sphere_sphere: 10^5 seeded cases agree with a time-stepping reference") {
    Rng rng(0x5EED004);
    int hits = 0, misses = 0, starts = 0, banded = 0;
    double worst = 0.0;  // |t - t_ref| closing speed / max|coordinate|, where well conditioned
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const float rp = rng.below(20) == 0 ? 0.0f : rng.log_uniform(1e-3f, 1.0f) * scale;
        const float rq = rng.below(20) == 0 ? 0.0f : rng.log_uniform(1e-3f, 1.0f) * scale;
        const Vec3 p0 = rng.vec(-2 * scale, 2 * scale), q0 = rng.vec(-2 * scale, 2 * scale);
        Vec3 p1 = rng.vec(-2 * scale, 2 * scale), q1 = rng.below(3) == 0 ? q0 : rng.vec(-2 * scale, 2 * scale);
        if (rng.below(4) == 0) p1 = q1 + rng.direction() * (rp + rq) * rng.uniform(0.0f, 1.2f);  // aimed
        if (rng.below(30) == 0) p1 = p0 + (q1 - q0);                                             // zero relative motion
        if (rng.below(10) == 0) p1 = p0 + (p1 - p0) * 100.0f;
        const SweepHit h = sweep_sphere_sphere(p0, p1, rp, q0, q1, rq);

        const DMotion mp(p0, p1), mq(q0, q1);
        const double r = static_cast<double>(rp) + rq;
        const auto gap = [&](double t) { return ddist(mp.at(t), mq.at(t)); };
        const double band = 2e-6 * std::fmax(dmagnitude({p0, q0}), r) + 1e-9 * dmagnitude({p0, p1, q0, q1});
        const RefContact ref = ref_first_contact(gap, r);
        if (std::fabs(ref.min_gap) <= band || std::fabs(gap(0.0) - r) <= band) {
            ++banded;
            continue;
        }
        INFO("case " << i << " ref " << ref.hit << " t " << ref.t << " got " << h.hit << " t " << h.t);
        REQUIRE(h.hit == ref.hit);
        if (!ref.hit) {
            REQUIRE(h.t == 1.0f);
            REQUIRE(h.point == p1);
            ++misses;
            continue;
        }
        REQUIRE(h.t <= ref.t + 1e-12);
        REQUIRE(std::fabs(dlen(d(h.normal)) - 1.0) <= 1e-6);
        if (ref.t == 0.0) {
            REQUIRE(h.t == 0.0f);
            ++starts;
            continue;
        }
        ++hits;
        // At the reported time the spheres touch (to the band), whatever the conditioning of t.
        // t was rounded down to float: at most one ulp of t times the relative speed early.
        REQUIRE(std::fabs(gap(h.t) - r) <= band + kFloatEps * dlen(mp.delta - mq.delta));
        const DVec3 pt = mp.at(h.t), qt = mq.at(h.t);
        const double sep = ddist(pt, qt);
        const double ftol = 4 * kFloatEps * dmagnitude({h.point, h.contact});
        if (sep > 1e3 * (band + ftol)) {  // the direction is meaningful
            const DVec3 dir = (pt - qt) * (1.0 / sep);
            REQUIRE(ddot(d(h.normal), dir) >= 1.0 - 1e-6);
            REQUIRE(std::fabs(ddist(d(h.contact), qt) - rq) <= band + ftol);
        }
        const double closing = -ddot(mp.delta - mq.delta, (pt - qt) * (1.0 / std::fmax(sep, 1e-300)));
        if (closing > 0.1 * dlen(mp.delta - mq.delta))
            worst = std::fmax(worst, std::fabs(h.t - ref.t) * closing / dmagnitude({p0, p1, q0, q1}));
    }
    WARN("sphere sweeps: " << hits << " hits, " << starts << " at t = 0, " << misses << " misses, " << banded
                           << " within the tangency band; worst |t - t_ref| closing / max|coordinate| = " << worst);
    CHECK(hits > 5000);
    CHECK(misses > 5000);
    CHECK(starts > 500);
}
