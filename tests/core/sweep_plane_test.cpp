// sweep.hpp: sweep_sphere_plane — every case of marupeke296.com 3D collision no. 10, its defects, and a
// seeded comparison with a time-stepping reference.
#include "catch_support.hpp"

#include <cfloat>
#include <cmath>

#include "sweep_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const Vec3 kUp{0, 2, 0};  // deliberately not unit: the sweep normalises it
const Vec3 kOrigin{0, 0, 0};

// A miss must follow results.hpp: t = 1, point = end, normal zero, and no NaN anywhere.
void check_miss_fields(const SweepPlaneHit& h, Vec3 end) {
    CHECK_FALSE(h.hit);
    CHECK(h.t == 1.0f);
    CHECK(h.point == end);
    CHECK(h.normal == Vec3{0, 0, 0});
    CHECK(std::isfinite(h.contact_time));
    CHECK(std::isfinite(h.start_distance));
}

// A hit of this case at exactly this time and centre.
void check_plane_hit(const SweepPlaneHit& h, SweepPlaneCase kind, float t, Vec3 point) {
    CHECK(h.kind == kind);
    CHECK(h.hit);
    CHECK(h.t == t);
    CHECK(h.point == point);
}

}  // namespace

TEST_CASE("sweep_sphere_plane: HitFront — in front, moving toward, touching halfway") {
    const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 3, 0}, {0, -1, 0}, kUp, kOrigin);
    check_plane_hit(h, SweepPlaneCase::HitFront, 0.5f,
                    {0, 1, 0});  // distance 3 - radius 1 = 2, covered at 4 per unit t
    CHECK(h.normal == Vec3{0, 1, 0});
    CHECK(h.contact_time_valid);
    CHECK(h.contact_time == 0.5f);
    CHECK(h.start_distance == 3.0f);
}

TEST_CASE("sweep_sphere_plane: HitFront at t = 1 — touching exactly at the end counts") {
    const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 3, 0}, {0, 1, 0}, kUp, kOrigin);
    check_plane_hit(h, SweepPlaneCase::HitFront, 1.0f, {0, 1, 0});
}

TEST_CASE("sweep_sphere_plane: a tilted plane through an offset point") {
    // Normal (1, 1, 0)/sqrt2 through (1, 0, 0); a unit sphere from (5, 0, 0) moving by (-8, 0, 0).
    // Signed distance 4/sqrt2, approach 8/sqrt2 per unit t: t = (4/sqrt2 - 1)/(8/sqrt2).
    const SweepPlaneHit h = sweep_sphere_plane(1.0f, {5, 0, 0}, {-3, 0, 0}, {3, 3, 0}, {1, 0, 0});
    const double expected = (4.0 / std::sqrt(2.0) - 1.0) / (8.0 / std::sqrt(2.0));
    CHECK(h.kind == SweepPlaneCase::HitFront);
    CHECK(h.t == Approx(expected).epsilon(1e-6));
    CHECK(h.t <= expected);  // rounded down, never past the contact
    CHECK(h.normal.x == Approx(std::sqrt(0.5)).epsilon(1e-6));
    CHECK(h.normal.y == Approx(std::sqrt(0.5)).epsilon(1e-6));
    CHECK(h.start_distance == Approx(4.0 / std::sqrt(2.0)).epsilon(1e-6));
}

TEST_CASE("sweep_sphere_plane: Embedded — overlapping at the start is a hit at t = 0 either way it moves") {
    SECTION("moving further in: the contact time of marupeke296.com 3D collision no. 10 is in the past") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 0.5f, 0}, {0, -0.5f, 0}, kUp, kOrigin);
        check_plane_hit(h, SweepPlaneCase::Embedded, 0.0f, {0, 0.5f, 0});
        CHECK(h.normal == Vec3{0, 1, 0});
        CHECK(h.contact_time_valid);
        CHECK(h.contact_time == -0.5f);  // (r - dist0)/(d.n) = 0.5 / -1
    }
    SECTION("moving out: the contact time is when it clears the front face") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 0.75f, 0}, {0, 1.75f, 0}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::Embedded);
        CHECK(h.t == 0.0f);
        CHECK(h.contact_time == 0.25f);
    }
    SECTION("centre behind the plane but the sphere still reaching through it") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, -0.5f, 0}, {0, -0.5f, 1}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::EmbeddedParallel);
        CHECK(h.hit);
        CHECK(h.start_distance == -0.5f);
    }
}

TEST_CASE(
    "sweep_sphere_plane: EmbeddedParallel — marupeke296.com 3D collision no. 10 returns FLT_MAX, we return a hit at t "
    "= 0") {
    const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 0.5f, 0}, {3, 0.5f, -2}, kUp, kOrigin);
    check_plane_hit(h, SweepPlaneCase::EmbeddedParallel, 0.0f, {0, 0.5f, 0});
    CHECK(h.normal == Vec3{0, 1, 0});
    CHECK_FALSE(h.contact_time_valid);
    CHECK(h.contact_time == 0.0f);
}

TEST_CASE("sweep_sphere_plane: MovingAway — in front and leaving is a miss") {
    const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 3, 0}, {1, 5, 0}, kUp, kOrigin);
    CHECK(h.kind == SweepPlaneCase::MovingAway);
    check_miss_fields(h, {1, 5, 0});
    CHECK(h.contact_time_valid);
    CHECK(h.contact_time == -1.0f);  // it touched one step ago, on the line of motion
}

TEST_CASE(
    "sweep_sphere_plane: defect of marupeke296.com 3D collision no. 10 — Parallel and not embedded never divides by "
    "zero") {
    // marupeke296.com 3D collision no. 10 computes t = (r - dist)/Dot before checking Dot, which is 0 here.
    SECTION("axis-aligned") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 3, 0}, {5, 3, -4}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::Parallel);
        check_miss_fields(h, {5, 3, -4});
        CHECK_FALSE(h.contact_time_valid);
        CHECK(h.contact_time == 0.0f);
    }
    SECTION("a tilted normal with a motion exactly perpendicular to it") {
        // (3, 0, -1) . (1, 2, 3) = 0 exactly in float.
        const SweepPlaneHit h = sweep_sphere_plane(0.5f, {0, 10, 0}, {3, 10, -1}, {1, 2, 3}, kOrigin);
        CHECK(h.kind == SweepPlaneCase::Parallel);
        check_miss_fields(h, {3, 10, -1});
        CHECK_FALSE(h.contact_time_valid);
    }
}

TEST_CASE("sweep_sphere_plane: TooFar — moving toward but touching only after t = 1") {
    const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, 3, 0}, {0, 2.5f, 0}, kUp, kOrigin);
    CHECK(h.kind == SweepPlaneCase::TooFar);
    check_miss_fields(h, {0, 2.5f, 0});
    CHECK(h.contact_time == 4.0f);  // 2 to go at 0.5 per step
}

TEST_CASE(
    "sweep_sphere_plane: defect of marupeke296.com 3D collision no. 10 — back faces are ignored by design "
    "(BehindPlane)") {
    SECTION("passing through from behind is a miss") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, -3, 0}, {0, 3, 0}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::BehindPlane);
        check_miss_fields(h, {0, 3, 0});
        CHECK(h.start_distance == -3.0f);
    }
    SECTION("touching the plane from behind (signed distance = -radius) is behind") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {0, -1, 0}, {0, 0, 0}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::BehindPlane);
        CHECK_FALSE(h.hit);
    }
}

TEST_CASE("sweep_sphere_plane: Invalid — zero normal, negative radius and non-finite input are misses") {
    const float nan = std::nanf(""), inf = INFINITY;
    const Vec3 end{0, -1, 0};
    const SweepPlaneHit cases[] = {
        sweep_sphere_plane(1.0f, {0, 3, 0}, end, {0, 0, 0}, kOrigin),
        sweep_sphere_plane(-1.0f, {0, 3, 0}, end, kUp, kOrigin),
        sweep_sphere_plane(nan, {0, 3, 0}, end, kUp, kOrigin),
        sweep_sphere_plane(inf, {0, 3, 0}, end, kUp, kOrigin),
        sweep_sphere_plane(1.0f, {0, nan, 0}, end, kUp, kOrigin),
        sweep_sphere_plane(1.0f, {0, 3, 0}, {inf, -1, 0}, kUp, kOrigin),
        sweep_sphere_plane(1.0f, {0, 3, 0}, end, {0, nan, 0}, kOrigin),
        sweep_sphere_plane(1.0f, {0, 3, 0}, end, kUp, {0, -inf, 0}),
    };
    for (const SweepPlaneHit& h : cases) {
        CHECK(h.kind == SweepPlaneCase::Invalid);
        CHECK_FALSE(h.hit);
        CHECK(h.t == 1.0f);
        CHECK(h.normal == Vec3{0, 0, 0});
        CHECK_FALSE(h.contact_time_valid);
    }
}

TEST_CASE("sweep_sphere_plane: a sphere exactly touching hits at t = 0 only when it moves toward the plane") {
    SECTION("toward: HitFront at t = 0") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {2, 1, 0}, {2, 0, 0}, kUp, kOrigin);
        check_plane_hit(h, SweepPlaneCase::HitFront, 0.0f, {2, 1, 0});
    }
    SECTION("away: a miss") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {2, 1, 0}, {2, 2, 0}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::MovingAway);
        CHECK_FALSE(h.hit);
    }
    SECTION("sliding along it: a miss") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {2, 1, 0}, {7, 1, 3}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::Parallel);
        CHECK_FALSE(h.hit);
    }
    SECTION("not moving: a miss (nothing to stop)") {
        const SweepPlaneHit h = sweep_sphere_plane(1.0f, {2, 1, 0}, {2, 1, 0}, kUp, kOrigin);
        CHECK_FALSE(h.hit);
    }
    SECTION("put back one float ulp inside and lifting off: still a miss, not stuck") {
        const float y = std::nextafter(100.0f, 0.0f);  // 100 - 7.6e-6 with radius 100
        const SweepPlaneHit h = sweep_sphere_plane(100.0f, {0, y, 0}, {0, 150, 0}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::MovingAway);
        CHECK_FALSE(h.hit);
    }
    SECTION("clearly overlapping (1e-4 of the radius) and lifting off: Embedded, a hit") {
        const SweepPlaneHit h = sweep_sphere_plane(100.0f, {0, 99.99f, 0}, {0, 150, 0}, kUp, kOrigin);
        CHECK(h.kind == SweepPlaneCase::Embedded);
        CHECK(h.hit);
    }
}

TEST_CASE("sweep_sphere_plane: a zero radius sphere is a moving point") {
    const SweepPlaneHit h = sweep_sphere_plane(0.0f, {1, 1, 1}, {1, -3, 1}, kUp, kOrigin);
    CHECK(h.kind == SweepPlaneCase::HitFront);
    CHECK(h.t == 0.25f);
    CHECK(h.point == Vec3{1, 0, 1});
    const SweepPlaneHit on = sweep_sphere_plane(0.0f, {1, 0, 1}, {1, -3, 1}, kUp, kOrigin);
    CHECK(on.kind == SweepPlaneCase::HitFront);  // on the plane, moving through the front
    CHECK(on.t == 0.0f);
    const SweepPlaneHit below = sweep_sphere_plane(0.0f, {1, -1e-6f, 1}, {1, 3, 1}, kUp, kOrigin);
    CHECK(below.kind == SweepPlaneCase::BehindPlane);
}

TEST_CASE("sweep_sphere_plane: 10^5 seeded cases agree with a time-stepping reference") {
    Rng rng(0x5EED002);
    int hits = 0, misses = 0, behind = 0, embedded = 0, banded = 0;
    double worst_t_error = 0.0;  // |t - t_ref| |d.n| / largest coordinate: relative distance error
    for (int i = 0; i < 100000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 normal = rng.direction() * rng.log_uniform(1e-3f, 1e3f);
        const Vec3 on_plane = rng.vec(-scale, scale);
        const float radius = rng.below(20) == 0 ? 0.0f : rng.log_uniform(1e-3f, 1.0f) * scale;
        const Vec3 start = rng.vec(-2 * scale, 2 * scale);
        Vec3 end = rng.below(30) == 0 ? start : rng.vec(-2 * scale, 2 * scale);
        if (rng.below(10) == 0) end = start + (end - start) * 100.0f;  // a very long motion
        const SweepPlaneHit h = sweep_sphere_plane(radius, start, end, normal, on_plane);

        const DVec3 n = d(normal) * (1.0 / dlen(d(normal)));
        const DMotion m(start, end);
        const auto signed_dist = [&](double t) { return ddot(m.at(t) - d(on_plane), n); };
        const double s0 = signed_dist(0.0), r = radius;
        // The float inputs are exact; what differs is double rounding (1e-15 of the coordinates)
        // and the documented touching band kSweepContactSlop * max(|start|, r).
        const double band = 2e-6 * std::fmax(dmagnitude({start}), r) + 1e-12 * dmagnitude({start, end, on_plane});
        REQUIRE(std::isfinite(h.contact_time));
        REQUIRE(std::fabs(h.start_distance - s0) <= 1e-6 * dmagnitude({start, on_plane}) + 1e-30);
        if (s0 <= -r - band) {
            REQUIRE(h.kind == SweepPlaneCase::BehindPlane);
            REQUIRE_FALSE(h.hit);
            ++behind;
            continue;
        }
        if (s0 < r - band && s0 > -r + band) {
            REQUIRE(h.hit);
            REQUIRE(h.t == 0.0f);
            REQUIRE((h.kind == SweepPlaneCase::Embedded || h.kind == SweepPlaneCase::EmbeddedParallel));
            ++embedded;
            continue;
        }
        if (s0 < r + band) {
            ++banded;
            continue;
        }  // touching: decided by the slope, tested by hand
        const RefContact ref = ref_first_contact(signed_dist, r);
        if (std::fabs(ref.min_gap) <= band) {
            ++banded;
            continue;
        }
        INFO("case " << i << " s0 " << s0 << " r " << r << " ref t " << ref.t << " got t " << h.t);
        REQUIRE(h.hit == ref.hit);
        if (!ref.hit) {
            REQUIRE(h.t == 1.0f);
            REQUIRE(h.point == end);
            ++misses;
            continue;
        }
        ++hits;
        REQUIRE(h.kind == SweepPlaneCase::HitFront);
        REQUIRE(h.t <= ref.t + 1e-12);  // never later than the contact
        const double approach = std::fabs(ddot(m.delta, n));
        const double err = std::fabs(h.t - ref.t) * approach;
        worst_t_error = std::fmax(worst_t_error, err / dmagnitude({start, end, on_plane}));
        REQUIRE(err <= band + 1.2e-7 * approach);  // plus one float ulp of t
        REQUIRE(std::fabs(ddot(d(h.point) - d(on_plane), n) - r) <=
                band + 4 * kFloatEps * dmagnitude({h.point, on_plane}));
        REQUIRE(std::fabs(dlen(d(h.normal)) - 1.0) <= 1e-6);
        REQUIRE(ddot(d(h.normal), n) >= 1.0 - 1e-6);
    }
    WARN("plane sweeps: " << hits << " hits, " << misses << " misses, " << embedded << " embedded, " << behind
                          << " behind, " << banded
                          << " in the touching band; worst |t - t_ref| |d.n| / max|coordinate| = " << worst_t_error);
    CHECK(hits > 5000);
    CHECK(misses > 5000);
    CHECK(embedded > 500);
    CHECK(behind > 5000);
}
