// sweep.hpp: sweep_sphere_triangle as the continuous collision of particles — fast spheres
// fired at a thin wall (aimed at its face, edges and vertices) never get past it, and points or
// spheres dropped on the shared edges and vertex of a height-field patch never slip through.
#include "catch_support.hpp"

#include <cmath>

#include "sweep_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

double ref_distance(DVec3 p, const Triangle& t) { return ddist(p, ref_closest_on_triangle(p, d(t.a), d(t.b), d(t.c))); }

Vec3 point_on(Rng& rng, const Triangle& t, int mode) {
    if (mode == 0) {  // a vertex
        const int k = rng.below(3);
        return k == 0 ? t.a : (k == 1 ? t.b : t.c);
    }
    if (mode == 1) {  // an edge
        const float u = rng.uniform(0, 1);
        const int k = rng.below(3);
        return k == 0 ? lerp(t.a, t.b, u) : (k == 1 ? lerp(t.b, t.c, u) : lerp(t.c, t.a, u));
    }
    float u = rng.uniform(0, 1), v = rng.uniform(0, 1);
    if (u + v > 1) {
        u = 1 - u;
        v = 1 - v;
    }
    return t.a + (t.b - t.a) * u + (t.c - t.a) * v;
}

}  // namespace

TEST_CASE("sweep_sphere_triangle: 10^4 fast spheres fired at a thin wall stop on their own side of it") {
    // Speeds up to 1000 m/s over a 1/60 s step (motions up to 16.7 m), radii 0.01 to 0.5 m; a
    // third aimed at the wall's vertices, a third at its edges (some a hair outside), a third at
    // its face. Whenever the centre's path crosses the wall's plane within r of the wall, the
    // sweep must report a hit no later than the crossing, with the centre still on its side.
    Rng rng(0x7A11);
    Triangle wall;
    DVec3 unit;
    int through = 0, by_feature[3] = {0, 0, 0};
    for (int i = 0; i < 10000; ++i) {
        if (i % 500 == 0) {  // a new wall: 0.5 to 3 m across, within 10 m of the origin
            const Vec3 centre = rng.vec(-10, 10);
            const float size = rng.uniform(0.5f, 3.0f);
            wall = {centre + rng.vec(-size, size), centre + rng.vec(-size, size), centre + rng.vec(-size, size)};
            const DVec3 n = dcross(d(wall.b) - d(wall.a), d(wall.c) - d(wall.a));
            unit = n * (1.0 / dlen(n));
        }
        const float r = rng.uniform(0.01f, 0.5f);
        const float len = rng.uniform(1.0f, 1000.0f) / 60.0f;
        const int mode = rng.below(3);
        Vec3 target = point_on(rng, wall, mode);
        if (rng.below(4) == 0) target += rng.direction() * 1e-6f;
        Vec3 dir = rng.direction();
        if (std::fabs(ddot(d(dir), unit)) < 0.02) continue;
        const Vec3 start = target - dir * (len * rng.uniform(0.02f, 0.98f));
        const Vec3 end = start + dir * len;

        const auto side = [&](DVec3 p) { return ddot(p - d(wall.a), unit); };
        const double s0 = side(d(start)), s1 = side(d(end));
        if (std::fabs(s0) <= r || (s0 > 0) == (s1 > 0)) continue;  // starts against it, or no crossing
        const DMotion m(start, end);
        const double tc = s0 / (s0 - s1);
        if (ref_distance(m.at(tc), wall) > r) continue;  // passes beside the wall
        ++through;
        const TriangleSweepHit h = sweep_sphere_triangle(r, start, end, wall);
        INFO("shot " << i << " mode " << mode << " r " << r << " len " << len << " crossing t " << tc);
        REQUIRE(h.hit);
        REQUIRE(h.t <= tc);
        // On the start side: at least the radius minus float rounding of the returned centre.
        const double ftol = 4 * kFloatEps * dmagnitude({start, end, wall.a, wall.b, wall.c});
        REQUIRE(side(d(h.point)) * (s0 > 0 ? 1.0 : -1.0) >= -ftol);
        REQUIRE(ref_distance(d(h.point), wall) >= r - ftol - 2e-6 * dmagnitude({start}));
        const int f = h.feature == TriangleFeature::Face ? 0 : (h.feature >= TriangleFeature::VertexA ? 2 : 1);
        ++by_feature[f];
    }
    WARN("thin wall: " << through << " shots through the wall's extent, stopped on the face " << by_feature[0]
                       << ", an edge " << by_feature[1] << ", a vertex " << by_feature[2]);
    CHECK(through > 5000);
    CHECK(by_feature[1] > 500);
    CHECK(by_feature[2] > 500);
}

TEST_CASE("sweep_sphere_triangle: points and spheres dropped on a patch's shared edges and vertex never slip through") {
    // Six triangles around a centre vertex, a height field (|z| <= 0.3 over a unit hexagon),
    // random windings, scaled and moved. Every drop aims at the shared centre vertex or a point
    // of a shared spoke and goes from above the patch to below it, so it must hit some
    // triangle, no later than reaching its aim, and touch none before the first reported time.
    Rng rng(0xFA7C);
    int drops = 0, zero_radius = 0;
    for (int patch = 0; patch < 2000; ++patch) {
        const float scale = rng.log_uniform(1e-2f, 1e3f);
        const Vec3 offset = rng.vec(-1, 1) * (scale * rng.uniform(0, 5));
        const auto place = [&](Vec3 p) { return p * scale + offset; };
        const Vec3 centre = place({0, 0, rng.uniform(-0.3f, 0.3f)});
        Vec3 ring[6];
        for (int k = 0; k < 6; ++k) {
            const float a = k * (kPi / 3.0f);
            ring[k] = place({det_cos(a), det_sin(a), rng.uniform(-0.3f, 0.3f)});
        }
        Triangle tris[6];
        for (int k = 0; k < 6; ++k)
            tris[k] = rng.below(2) ? Triangle{centre, ring[k], ring[(k + 1) % 6]}
                                   : Triangle{centre, ring[(k + 1) % 6], ring[k]};
        for (int drop = 0; drop < 5; ++drop, ++drops) {
            const Vec3 aim = rng.below(3) == 0 ? centre : lerp(centre, ring[rng.below(6)], rng.uniform(0.05f, 0.6f));
            const float r = rng.below(3) == 0 ? 0.0f : rng.log_uniform(1e-4f, 0.05f) * scale;
            zero_radius += r == 0.0f;
            const Vec3 dir = normalize_or({rng.uniform(-0.1f, 0.1f), rng.uniform(-0.1f, 0.1f), -1}, {0, 0, -1});
            const Vec3 start = aim - dir * (scale + r), end = aim + dir * scale;
            const DMotion m(start, end);
            double first = 2.0;
            for (const Triangle& t : tris) {
                const TriangleSweepHit h = sweep_sphere_triangle(r, start, end, t);
                if (h.hit) first = std::fmin(first, h.t);
            }
            INFO("patch " << patch << " drop " << drop << " r " << r << " scale " << scale);
            REQUIRE(first <= 1.0);
            const double mag = dmagnitude({start, end, centre, ring[0], ring[3]});
            const double slack = 8 * kFloatEps * mag + 2e-6 * std::fmax(dmagnitude({start}), r);
            const double t_aim = ddist(m.start, d(aim)) / m.length();
            REQUIRE(first <= t_aim + slack / m.length());
            double closest_before = INFINITY;
            for (int k = 0; k < kRefSteps; ++k) {
                const DVec3 p = m.at(first * k / double(kRefSteps));
                for (const Triangle& t : tris) closest_before = std::fmin(closest_before, ref_distance(p, t));
            }
            REQUIRE(closest_before >= r - slack);
        }
    }
    CHECK(drops == 10000);
    CHECK(zero_radius > 2000);
}
