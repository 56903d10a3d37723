// sweep.hpp: sweep_capsule_triangle by hand — the face, an edge crossing the axis, a vertex
// against the side, an axis parallel or nearly parallel to an edge, the start conventions,
// zero-length capsules against the sphere sweep, degenerate triangles, non-finite input.
#include "catch_support.hpp"

#include <cmath>

#include "capsule_reference.hpp"
#include "sweep_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const Triangle kTri{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

// A hand-computed hit (check_sweep_near), with the capsule's centre at the hit.
void check_hit(const SweepHit& h, double t, Vec3 point, Vec3 contact, Vec3 normal) {
    check_sweep_near(h, t, contact, normal);
    CHECK(distance(h.point, point) <= 1e-6f);
}

Vec3 centre(const Capsule& c) { return (c.start + c.end) * 0.5f; }

}  // namespace

TEST_CASE("sweep_capsule_triangle: a lying capsule falls onto the face from the front and from the back") {
    const Capsule above{{0.2f, 0.2f, 1}, {0.4f, 0.2f, 1}, 0.1f};
    check_hit(sweep_capsule_triangle(above, {0, 0, -2}, kTri), 0.45, {0.3f, 0.2f, 0.1f}, {0.2f, 0.2f, 0}, {0, 0, 1});
    const Capsule below{{0.2f, 0.2f, -1}, {0.4f, 0.2f, -1}, 0.1f};
    check_hit(sweep_capsule_triangle(below, {0, 0, 2}, kTri), 0.45, {0.3f, 0.2f, -0.1f}, {0.2f, 0.2f, 0}, {0, 0, -1});
    SECTION("a tilted capsule lands on its lower end") {
        const Capsule tilted{{0.2f, 0.2f, 1}, {0.3f, 0.3f, 2}, 0.25f};
        check_hit(sweep_capsule_triangle(tilted, {0, 0, -4}, kTri), 0.75 / 4.0, {0.25f, 0.25f, 0.75f}, {0.2f, 0.2f, 0},
                  {0, 0, 1});
    }
}

TEST_CASE("sweep_capsule_triangle: an edge crossing under the axis touches its interior at the linear-equation time") {
    // Axis (0.5, -1, 0.5)-(0.5, 1, 1.5) falling straight down onto edge AB (the x axis). The lines
    // are 2/sqrt5 apart along n = u x v = (0, 1, -2), closing at 4/sqrt5 per unit of t: they are
    // r = 0.2 apart at t = (2 - 0.2 sqrt5) / 4, where the axis point above AB is s = 0.455 along.
    const Capsule cap{{0.5f, -1, 0.5f}, {0.5f, 1, 1.5f}, 0.2f};
    const double s5 = std::sqrt(5.0), t = (2.0 - 0.2 * s5) / 4.0;
    const auto h = sweep_capsule_triangle(cap, {0, 0, -2}, kTri);
    check_hit(h, t, {0.5f, 0, float(1.0 - 2.0 * t)}, {0.5f, 0, 0}, {0, float(-1 / s5), float(2 / s5)});
    // Both ends and every vertex are farther than r all along: only the edge–axis case can see it.
    for (const Vec3 end : {cap.start, cap.end})
        CHECK_FALSE(sweep_sphere_triangle(0.2f, end, end + Vec3{0, 0, -2}, kTri).hit);
}

TEST_CASE("sweep_capsule_triangle: a vertex meets the side of a standing capsule") {
    // Standing at x = 2, moving -x: vertex B = (1, 0, 0) touches the side when x = 1.25. The line
    // of edge BC is within r earlier (t = 0.32), but beyond B: that is no contact.
    const Capsule cap{{2, 0, -1}, {2, 0, 1}, 0.25f};
    check_hit(sweep_capsule_triangle(cap, {-2, 0, 0}, kTri), 0.375, {1.25f, 0, 0}, {1, 0, 0}, {1, 0, 0});
    SECTION("the same vertex above the capsule's end is met by the end's ball instead") {
        const Capsule low{{2, 0, -2}, {2, 0, -0.1f}, 0.25f};
        const auto h = sweep_capsule_triangle(low, {-2, 0, 0}, kTri);
        // The top end passes 0.1 below B: contact when its horizontal offset is sqrt(0.25^2 - 0.1^2).
        const double dx = std::sqrt(0.0625 - 0.01);
        check_hit(h, (1.0 - dx) / 2.0, {float(1 + dx), 0, -1.05f}, {1, 0, 0}, {float(dx / 0.25), 0, -0.4f});
    }
}

TEST_CASE("sweep_capsule_triangle: an axis parallel to an edge reaches it along their overlap") {
    const Capsule cap{{0.25f, -1, 0}, {0.75f, -1, 0}, 0.25f};
    const auto h = sweep_capsule_triangle(cap, {0, 2, 0}, kTri);
    check_hit(h, 0.375, {0.5f, -0.25f, 0}, {0.25f, 0, 0}, {0, -1, 0});
    SECTION("sliding along the edge at a distance is a miss, touching it is a miss, nearer is a hit at t = 0") {
        check_sweep_miss(sweep_capsule_triangle(cap, {3, 0, 0}, kTri), centre(cap) + Vec3{3, 0, 0});
        const Capsule touching{{0.25f, -0.25f, 0}, {0.75f, -0.25f, 0}, 0.25f};
        check_sweep_miss(sweep_capsule_triangle(touching, {3, 0, 0}, kTri), centre(touching) + Vec3{3, 0, 0});
        const Capsule closer{{0.25f, -0.2f, 0}, {0.75f, -0.2f, 0}, 0.25f};
        const auto o = sweep_capsule_triangle(closer, {3, 0, 0}, kTri);
        CHECK(o.hit);
        CHECK(o.t == 0.0f);
        CHECK(distance(o.normal, {0, -1, 0}) <= 1e-6f);
    }
}

TEST_CASE(
    "sweep_capsule_triangle: an axis nearly parallel to an edge, tilted through the plane, is stopped by the edge") {
    // Radius 0: a segment along x, tilted 2e-6 through z = 0, sweeping +y across edge AB. Its ends
    // pass 1e-6 above and below the edge, so only the edge–axis case meets it: at its middle,
    // at t = 0.5, even though the lines are nearly parallel.
    const float e = 1e-6f;
    const Capsule seg{{0.25f, -1, -e}, {0.75f, -1, e}, 0.0f};
    const auto h = sweep_capsule_triangle(seg, {0, 2, 0}, kTri);
    check_hit(h, 0.5, {0.5f, 0, 0}, {0.5f, 0, 0}, {0, -1, 0});
    SECTION("radius 0, the axis along edge BC up to rounding") {
        const Capsule c{
            {-0x1.10071ep+4f, 0x1.5d72fcp+4f, -0x1.b1fbdp+4f}, {-0x1.1109cep+4f, 0x1.6268fap+4f, -0x1.c1df1ap+4f}, 0};
        const Vec3 motion{-0x1.0ab53cp+5f, -0x1.000a1p+4f, 0x1.b7d1e6p+4f};
        const Triangle t{{-0x1.f2a11cp+4f, 0x1.8a4e04p+3f, -0x1.02779cp+2f},
                         {-0x1.089f64p+4f, 0x1.ac7b58p+3f, -0x1.c1415p-1f},
                         {-0x1.22b7fap+4f, 0x1.565b24p+4f, -0x1.a85706p+4f}};
        const DCapsuleMotion m(c, motion);
        const RefContact ref =
            ref_first_contact([&](double s) { return ref_segment_triangle_distance(m.a(s), m.b(s), t); }, 0.0);
        const auto got = sweep_capsule_triangle(c, motion, t);
        REQUIRE(ref.hit);
        CHECK(got.hit);
        CHECK(got.t <= ref.t + 1e-12);
        CHECK(got.t >= ref.t - 1e-7);
    }
}

TEST_CASE("sweep_capsule_triangle: touching at the start hits at t = 0 only when moving toward the triangle") {
    const Capsule resting{{0.2f, 0.2f, 0.5f}, {0.4f, 0.2f, 0.5f}, 0.5f};
    SECTION("lying on the face: pressing down hits, lifting off, sliding and standing still are free") {
        const auto h = sweep_capsule_triangle(resting, {0, 0, -1}, kTri);
        check_hit(h, 0.0, centre(resting), {0.2f, 0.2f, 0}, {0, 0, 1});
        CHECK(h.t == 0.0f);
        for (const Vec3 m : {Vec3{0, 0, 1}, Vec3{0.3f, 0.1f, 0}, Vec3{0, 0, 0}, Vec3{0.2f, 0, 0.01f}})
            check_sweep_miss(sweep_capsule_triangle(resting, m, kTri), centre(resting) + m);
    }
    SECTION("put back a float ulp inside the face and lifting off: free, not stuck") {
        const float z = std::nextafter(0.5f, 0.0f);
        const Capsule sunk{{0.2f, 0.2f, z}, {0.4f, 0.2f, z}, 0.5f};
        check_sweep_miss(sweep_capsule_triangle(sunk, {0, 0, 1}, kTri), centre(sunk) + Vec3{0, 0, 1});
        CHECK(sweep_capsule_triangle(sunk, {0, 0, -1}, kTri).hit);
    }
    SECTION("the axis interior touching edge AB: toward hits, away misses") {
        // Axis along z at (0.5, -0.5): 0.5 from AB.
        const Capsule standing{{0.5f, -0.5f, -1}, {0.5f, -0.5f, 1}, 0.5f};
        const auto h = sweep_capsule_triangle(standing, {0, 1, 0}, kTri);
        check_hit(h, 0.0, centre(standing), {0.5f, 0, 0}, {0, -1, 0});
        check_sweep_miss(sweep_capsule_triangle(standing, {0, -1, 0.5f}, kTri), centre(standing) + Vec3{0, -1, 0.5f});
    }
    SECTION("a vertex touching the side: toward hits, tangential misses") {
        const Capsule side{{-0.5f, 0, -1}, {-0.5f, 0, 1}, 0.5f};
        check_hit(sweep_capsule_triangle(side, {1, 0, 0}, kTri), 0.0, centre(side), {0, 0, 0}, {-1, 0, 0});
        check_sweep_miss(sweep_capsule_triangle(side, {0, -1, 0}, kTri), centre(side) + Vec3{0, -1, 0});
    }
}

TEST_CASE("sweep_capsule_triangle: the touching band is taken from both ends of the axis") {
    // A long capsule lying on a big triangle, end b 1000 from the origin: the band is 1e-6 of
    // that, 1e-3. Lying 4e-4 above touching it is in touch: pressing down stops at once, lifting
    // off is free.
    const Triangle big{{-2000, -2000, 0}, {2000, -2000, 0}, {0, 2000, 0}};
    const float z = 0.5f + 4e-4f;
    const Capsule lying{{0, 0, z}, {1000, 0, z}, 0.5f};
    const auto down = sweep_capsule_triangle(lying, {0, 0, -1}, big);
    CHECK(down.hit);
    CHECK(down.t == 0.0f);
    CHECK(down.normal == Vec3{0, 0, 1});
    check_sweep_miss(sweep_capsule_triangle(lying, {0, 0, 1}, big), centre(lying) + Vec3{0, 0, 1});
}

TEST_CASE("sweep_capsule_triangle: overlapping at the start is a hit at t = 0 whatever the motion") {
    SECTION("lying half a radius above the face: the normal from the closest point") {
        const Capsule cap{{0.2f, 0.2f, 0.25f}, {0.4f, 0.2f, 0.25f}, 0.5f};
        for (const Vec3 m : {Vec3{0, 0, 1}, Vec3{0, 0, -1}, Vec3{1, 0, 0}, Vec3{0, 0, 0}}) {
            const auto h = sweep_capsule_triangle(cap, m, kTri);
            CHECK(h.hit);
            CHECK(h.t == 0.0f);
            CHECK(h.point == centre(cap));
            CHECK(h.normal == Vec3{0, 0, 1});
            CHECK(std::fabs(h.contact.z) <= 1e-7f);
        }
    }
    SECTION("the axis through the face: the face normal against the motion") {
        const Capsule through{{0.25f, 0.25f, -1}, {0.25f, 0.25f, 1}, 0.1f};
        const auto up = sweep_capsule_triangle(through, {0, 0, 1}, kTri);
        CHECK(up.hit);
        CHECK(up.t == 0.0f);
        CHECK(up.normal == Vec3{0, 0, -1});
        CHECK(up.contact == Vec3{0.25f, 0.25f, 0});
        CHECK(sweep_capsule_triangle(through, {0, 0, -1}, kTri).normal == Vec3{0, 0, 1});
        CHECK(sweep_capsule_triangle(through, {0.5f, 0, 0}, kTri).normal == Vec3{0, 0, 1});  // along: the centre's side
    }
}

TEST_CASE("sweep_capsule_triangle: a zero-length capsule gives the sphere sweep's answer bit for bit") {
    // Starts and motions on a 1/64 grid, so that start + motion is exact in float and both
    // queries see the same motion; triangles of every awkward kind.
    Rng rng(0x5EED);
    int hits = 0, starts = 0;
    for (int i = 0; i < 20000; ++i) {
        const Triangle tri = make_triangle(rng, pick_kind(rng), 2.0f);
        const auto grid = [&] { return static_cast<float>(rng.below(512) - 256) / 64.0f; };
        const Vec3 s{grid(), grid(), grid()};
        // Mostly aimed at a point of the triangle (rounded to the grid), sometimes anywhere.
        const auto snap = [](float x) { return std::round(x * 64.0f) / 64.0f; };
        const Vec3 aim =
            (lerp(tri.a, lerp(tri.b, tri.c, rng.uniform(0, 1)), rng.uniform(0, 1)) - s) * rng.uniform(0.5f, 2.0f);
        Vec3 m = rng.below(3) == 0 ? Vec3{grid(), grid(), grid()} : Vec3{snap(aim.x), snap(aim.y), snap(aim.z)};
        if (rng.below(20) == 0) m = {0, 0, 0};
        const float r = rng.below(10) == 0 ? 0.0f : rng.uniform(0.0f, 1.5f);
        const SweepHit c = sweep_capsule_triangle({s, s, r}, m, tri);
        const TriangleSweepHit p = sweep_sphere_triangle(r, s, s + m, tri);
        INFO("case " << i);
        REQUIRE(c.hit == p.hit);
        REQUIRE(c.t == p.t);
        REQUIRE(c.point == p.point);
        REQUIRE(c.contact == p.contact);
        REQUIRE(c.normal == p.normal);
        hits += c.hit;
        starts += c.hit && c.t == 0.0f;
    }
    CHECK(hits > 2000);
    CHECK(starts > 300);
    CHECK(hits - starts > 1000);
}

TEST_CASE("sweep_capsule_triangle: degenerate triangles reduce to their edges and vertices") {
    SECTION("collinear: a standing capsule meets the segment from (0,0,0) to (2,0,0) with its side") {
        const Triangle line{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
        const Capsule cap{{1.5f, 2, -1}, {1.5f, 2, 1}, 0.5f};
        check_hit(sweep_capsule_triangle(cap, {0, -4, 0}, line), 0.375, {1.5f, 0.5f, 0}, {1.5f, 0, 0}, {0, 1, 0});
    }
    SECTION("all vertices equal: a point, met by the side or by an end") {
        const Triangle point{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
        const Capsule cap{{3, 1, 0}, {3, 1, 2}, 0.5f};
        check_hit(sweep_capsule_triangle(cap, {-4, 0, 0}, point), 0.375, {1.5f, 1, 1}, {1, 1, 1}, {1, 0, 0});
        const Capsule over{{1, 1, 3}, {1, 1, 5}, 0.5f};
        check_hit(sweep_capsule_triangle(over, {0, 0, -4}, point), 0.375, {1, 1, 2.5f}, {1, 1, 1}, {0, 0, 1});
    }
}

TEST_CASE("sweep_capsule_triangle: swapping the capsule's ends or relabelling the vertices keeps the time") {
    const Vec3 v[3] = {{0, 0, 0}, {2, 0.5f, 0}, {0.3f, 2, 0.4f}};
    const int perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    const Capsule caps[] = {{{0.5f, 0.5f, 3}, {1, 0.2f, 3.5f}, 0.3f},
                            {{-2, -1, 0.1f}, {-2, 1, 0.3f}, 0.2f},
                            {{1, -1, -1}, {1.5f, -1, 1}, 0.4f},
                            {{3, 1, 0.2f}, {3, 1, 2}, 0.1f}};
    const Vec3 motions[] = {{0.1f, 0.2f, -6}, {4, 1, 0}, {-0.5f, 3, 0.5f}, {-4, 0, 0}};
    for (int k = 0; k < 4; ++k) {
        const auto ref = sweep_capsule_triangle(caps[k], motions[k], {v[0], v[1], v[2]});
        REQUIRE(ref.hit);
        const Capsule flipped{caps[k].end, caps[k].start, caps[k].radius};
        for (const auto& p : perms) {
            for (const Capsule& c : {caps[k], flipped}) {
                const auto h = sweep_capsule_triangle(c, motions[k], {v[p[0]], v[p[1]], v[p[2]]});
                CHECK(h.hit);
                CHECK(std::fabs(h.t - ref.t) <= 2e-7f);
                CHECK(distance(h.contact, ref.contact) <= 1e-5f);
                CHECK(distance(h.normal, ref.normal) <= 1e-5f);
            }
        }
    }
}

TEST_CASE("sweep_capsule_triangle: a capsule lying across two triangles that share an edge is stopped by both") {
    const Triangle t1{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, t2{{1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    for (const float r : {0.0f, 0.1f}) {
        // The axis crosses the shared edge x + y = 1 at right angles, at height 1.
        const Capsule cap{{0.25f, 0.25f, 1}, {0.75f, 0.75f, 1}, r};
        const auto h1 = sweep_capsule_triangle(cap, {0, 0, -2}, t1), h2 = sweep_capsule_triangle(cap, {0, 0, -2}, t2);
        CHECK(h1.hit);
        CHECK(h2.hit);
        CHECK(h1.t == Approx((1.0 - r) / 2.0).epsilon(1e-6));
        CHECK(h2.t == Approx((1.0 - r) / 2.0).epsilon(1e-6));
        CHECK(h1.normal == Vec3{0, 0, 1});
        CHECK(h2.normal == Vec3{0, 0, 1});
    }
}

TEST_CASE("sweep_capsule_triangle: non-finite input and a negative radius are misses without hanging") {
    const float nan = std::nanf(""), inf = INFINITY;
    const Capsule ok{{0.2f, 0.2f, 1}, {0.4f, 0.2f, 1}, 0.1f};
    const Vec3 m{0, 0, -2};
    const SweepHit cases[] = {
        sweep_capsule_triangle({ok.start, ok.end, nan}, m, kTri),
        sweep_capsule_triangle({ok.start, ok.end, inf}, m, kTri),
        sweep_capsule_triangle({ok.start, ok.end, -0.1f}, m, kTri),
        sweep_capsule_triangle({{nan, 0, 0}, ok.end, 0.1f}, m, kTri),
        sweep_capsule_triangle({ok.start, {0, inf, 0}, 0.1f}, m, kTri),
        sweep_capsule_triangle(ok, {0, nan, -2}, kTri),
        sweep_capsule_triangle(ok, {0, 0, -inf}, kTri),
        sweep_capsule_triangle(ok, m, {{0, 0, nan}, {1, 0, 0}, {0, 1, 0}}),
        sweep_capsule_triangle(ok, m, {{0, 0, 0}, {inf, 0, 0}, {0, 1, 0}}),
    };
    for (const SweepHit& h : cases) {
        CHECK_FALSE(h.hit);
        CHECK(h.t == 1.0f);
        CHECK(h.normal == Vec3{0, 0, 0});
        CHECK(h.contact == Vec3{0, 0, 0});
    }
}

TEST_CASE("sweep_capsule_triangle: extreme but finite input gives finite results") {
    const float big = 1e37f;
    const Triangle huge{{-big, -big, 0}, {big, -big, 0}, {0, big, 0}};
    const auto h = sweep_capsule_triangle({{0, 0, big}, {big, 0, big}, big}, {0, 0, -4 * big}, huge);
    CHECK(h.hit);
    CHECK(std::isfinite(h.t));
    CHECK(is_finite(h.point));
    CHECK(is_finite(h.normal));
    CHECK(is_finite(h.contact));
    const Triangle tiny{{0, 0, 0}, {1e-30f, 0, 0}, {0, 1e-30f, 0}};
    const auto t =
        sweep_capsule_triangle({{1e-31f, 1e-31f, 1e-30f}, {2e-31f, 1e-31f, 1e-30f}, 1e-31f}, {0, 0, -2e-30f}, tiny);
    CHECK(t.hit);
    CHECK(std::isfinite(t.t));
    CHECK(is_finite(t.normal));
    CHECK(std::fabs(length(t.normal) - 1.0f) <= 1e-6f);
}
