// closest_points_on_triangles: the four-lane batch against closest_point_on_triangle, bit for bit.
#include "catch_support.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "closest_pairs.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// Every answer of the batch has the bits of the single query on the same pair.
void require_same_as_single(const Pairs& in) {
    std::vector<float> out(in.points.size());
    closest_points_on_triangles(in.points.data(), 3, in.triangles.data(), 9, in.size(), out.data());
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Vec3 want = closest_point_on_triangle(at(in.points, i), tri_at(in.triangles, i)).point;
        const Triangle t = tri_at(in.triangles, i);
        INFO("pair " << i << ": p " << show_bits(at(in.points, i)) << ", triangle " << show_bits(t.a) << " "
                     << show_bits(t.b) << " " << show_bits(t.c));
        REQUIRE(same_bits(at(out, i), want));
    }
}

}  // namespace

TEST_CASE(
    "closest_points_on_triangles: 10^5 seeded pairs, degenerate ones included, equal the single query bit for bit") {
    Rng rng(0x5eed18);
    Pairs in;
    for (int k = 0; k < 100003; ++k) {  // not a multiple of four: the tail goes one by one
        const float scale = rng.log_uniform(1e-3f, 1e3f);
        const Triangle t = make_triangle(rng, pick_kind(rng), scale);
        // Points near the triangle, on it (vertices, edges, face), and far from it.
        const int mode = rng.below(3);
        const Vec3 p = mode == 0   ? rng.vec(-2 * scale, 2 * scale)
                       : mode == 1 ? pick_target(rng, t)
                                   : pick_target(rng, t) + rng.direction() * (scale * rng.uniform(0, 1));
        in.add(p, t);
    }
    require_same_as_single(in);
}

TEST_CASE(
    "closest_points_on_triangles: S3's kinds (collinear on a lattice, repeated vertex, needle) equal the single "
    "query") {
    Rng rng(0x53);
    Pairs in;
    const auto lattice = [&] { return std::round(rng.uniform(-1, 1) * 1024.0f) / 1024.0f; };
    for (int k = 0; k < 20000; ++k) {
        Triangle t{rng.vec(-1, 1), rng.vec(-1, 1), rng.vec(-1, 1)};
        switch (k % 4) {
            case 0: break;
            case 1: {  // exactly collinear: a, a + d, a + 2d on a 2^-10 lattice
                const Vec3 a{lattice(), lattice(), lattice()};
                const Vec3 d{lattice() / 4, lattice() / 4, lattice() / 4};
                t = {a, a + d, a + d * 2.0f};
                break;
            }
            case 2: t.c = t.a; break;
            case 3: t.c = lerp(t.a, t.b, 0.5f) + rng.direction() * 1e-5f; break;
        }
        in.add(rng.vec(-1, 1), t);
    }
    require_same_as_single(in);
}

TEST_CASE("closest_points_on_triangles: non-finite input and signed zeros give the single query's bits") {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const Triangle right{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const Triangle neg_zero{{-0.0f, -0.0f, -0.0f}, {1, -0.0f, 0}, {-0.0f, 1, -0.0f}};
    Pairs in;
    for (const Vec3 p : {Vec3{nan, 0, 0}, Vec3{inf, 0, 0}, Vec3{-inf, 1, 2}, Vec3{-1, -1, 0}, Vec3{0.25f, 0.25f, -0.0f},
                         Vec3{2, 2, 0}, Vec3{0.5f, -1, 0}})
        for (const Triangle& t :
             {right, neg_zero, Triangle{{nan, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Triangle{{0, 0, 0}, {inf, 0, 0}, {0, 1, 0}},
              Triangle{{1e30f, 0, 0}, {0, 1e30f, 0}, {0, 0, 1e30f}},
              Triangle{{1e-30f, 0, 0}, {0, 1e-30f, 0}, {0, 0, 1e-30f}}})
            in.add(p, t);
    require_same_as_single(in);
}

TEST_CASE("closest_points_on_triangles: a stride of 0 repeats one triangle, or one point, for every pair") {
    Rng rng(7);
    const Triangle t{{-1, 0, -1}, {2, 0.5f, 0}, {0, -0.5f, 2}};
    const float tf[9] = {t.a.x, t.a.y, t.a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z};
    Pairs in;
    for (int k = 0; k < 1001; ++k) in.add(rng.vec(-3, 3), make_triangle(rng, pick_kind(rng)));
    std::vector<float> out(in.points.size());
    closest_points_on_triangles(in.points.data(), 3, tf, 0, in.size(), out.data());
    for (std::size_t i = 0; i < in.size(); ++i)
        REQUIRE(same_bits(at(out, i), closest_point_on_triangle(at(in.points, i), t).point));
    const float p[3] = {0.3f, 2.0f, -0.7f};
    closest_points_on_triangles(p, 0, in.triangles.data(), 9, in.size(), out.data());
    for (std::size_t i = 0; i < in.size(); ++i)
        REQUIRE(same_bits(at(out, i), closest_point_on_triangle({p[0], p[1], p[2]}, tri_at(in.triangles, i)).point));
}

TEST_CASE("closest_points_on_triangles: the output may be the points array itself") {
    Rng rng(11);
    Pairs in;
    for (int k = 0; k < 999; ++k) in.add(rng.vec(-2, 2), make_triangle(rng, pick_kind(rng)));
    std::vector<float> io = in.points;
    closest_points_on_triangles(io.data(), 3, in.triangles.data(), 9, in.size(), io.data());
    for (std::size_t i = 0; i < in.size(); ++i)
        REQUIRE(same_bits(at(io, i), closest_point_on_triangle(at(in.points, i), tri_at(in.triangles, i)).point));
}

TEST_CASE(
    "closest_points_on_triangles: near-degenerate triangles, points on region boundaries, huge and tiny scales, "
    "mixed in every group of four, equal the single query bit for bit") {
    Rng rng(0x18b0);
    // Coordinates on a lattice of quarters (lattice_quarter): many points sit exactly on a region
    // boundary (d = 0, d4 = d3, v = 0).
    const auto lattice_vec = [&] { return lattice_quarter_vec(rng); };
    Pairs in;
    for (int k = 0; k < 60001; ++k) {
        Triangle t{lattice_vec(), lattice_vec(), lattice_vec()};
        Vec3 p = lattice_vec();
        const int kind = rng.below(8);
        switch (kind) {
            case 0: break;  // lattice triangle and point: boundaries and exact ties
            case 1:         // exactly collinear, the middle vertex anywhere in the order
                make_lattice_collinear(rng, t);
                break;
            case 2:  // a repeated vertex, or all three the same
                repeat_a_vertex(rng, t);
                break;
            case 3: {  // needles on both sides of the zero-area threshold (height ~1e-8 of the length)
                const float h = rng.log_uniform(1e-10f, 1e-6f);
                t.c = lerp(t.a, t.b, rng.uniform(-0.5f, 1.5f)) + rng.direction() * (h * length(t.b - t.a));
                p = rng.vec(-3, 3);
                break;
            }
            case 4: {  // huge or tiny scale, and far off the origin
                const float s = rng.below(2) ? 0x1p60f : 0x1p-60f;
                const Vec3 o = rng.vec(-1, 1) * (rng.below(2) ? s * 1e3f : 0.0f);
                t = {o + t.a * s, o + t.b * s, o + t.c * s};
                p = o + p * s;
                break;
            }
            case 5: {  // a triangle ~1e-31 across seen from far: edge denominators round to 0
                const Vec3 o = rng.vec(-1, 1);
                t = {o, o + rng.vec(-1e-31f, 1e-31f), o + rng.vec(-1e-31f, 1e-31f)};
                p = o + rng.direction() * 0.1f;
                break;
            }
            case 6:  // random, with the point on a vertex, an edge or the face
                t = {rng.vec(-1, 1), rng.vec(-1, 1), rng.vec(-1, 1)};
                p = pick_target(rng, t);
                break;
            case 7: break;  // one non-finite coordinate somewhere, below
        }
        in.add(p, t);
        if (kind == 7) poison_last_pair(rng, in);
    }
    require_same_as_single(in);
}
