// closest_points_on_triangles_fast: the float32 batch against a double-precision reference and
// its documented bound; the lanes it leaves to the single query bit-equal to it.
#include "catch_support.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "closest_pairs.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr double kU = 0x1p-24;

// The documented bound of a fast lane (closest_point.hpp), from the float inputs in double:
// u (|q*| + (12 k^2 + 48 k + 24) S), k = L^2 / |ab x ac|, S = max(L, |p - a|).
struct Conditioning {
    double kappa, L, R;
    bool finite;
};
Conditioning conditioning(Vec3 pf, const Triangle& t) {
    const DVec3 a = d(t.a), b = d(t.b), c = d(t.c), p = d(pf);
    const double L = std::max(dlen(b - a), std::max(dlen(c - a), dlen(c - b)));
    const double area2 = dlen(dcross(b - a, c - a));
    const bool finite = std::isfinite(L) && std::isfinite(dlen(p - a));
    return {area2 > 0 ? L * L / area2 : std::numeric_limits<double>::infinity(), L, dlen(p - a), finite};
}
double bound(const Conditioning& k, DVec3 want) {
    const double S = std::max(k.L, k.R);
    return kU * (dlen(want) + (12 * k.kappa * k.kappa + 48 * k.kappa + 24) * S);
}
// Clearly outside the fast lanes' conditions (kappa < 32, |p - a| <= 64 L, L^2 in
// [2^-50, 2^56]), with a margin for their evaluation in float32: the single query answers.
bool surely_exact(const Conditioning& k) {
    return !k.finite || !(k.kappa < 32.5) || k.R > 64.5 * k.L || k.L * k.L < 0x1p-51 || k.L * k.L > 0x1p57;
}

// Every answer of the fast batch: within the bound of the double reference, or (where the
// single query must answer) its bits; returns the largest error in units of u S.
double require_within_bound(const Pairs& in) {
    std::vector<float> out(in.points.size());
    closest_points_on_triangles_fast(in.points.data(), 3, in.triangles.data(), 9, in.size(), out.data());
    double worst = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Triangle t = tri_at(in.triangles, i);
        const Vec3 p = at(in.points, i);
        const Conditioning k = conditioning(p, t);
        INFO("pair " << i << ": p " << show_bits(p) << ", triangle " << show_bits(t.a) << " " << show_bits(t.b) << " "
                     << show_bits(t.c) << ", kappa " << k.kappa);
        if (surely_exact(k)) {
            REQUIRE(same_bits(at(out, i), closest_point_on_triangle(p, t).point));
            continue;
        }
        const DVec3 want = ref_closest_on_triangle(d(p), d(t.a), d(t.b), d(t.c));
        const double err = ddist(d(at(out, i)), want);
        INFO("error " << err << ", bound " << bound(k, want));
        REQUIRE(err <= bound(k, want));
        worst = std::max(worst, (err - kU * dlen(want)) / (kU * std::max(k.L, k.R)));
    }
    return worst;
}

}  // namespace

TEST_CASE("closest_points_on_triangles_fast: 10^6 seeded pairs within the documented bound of a double reference") {
    Rng rng(0xfa57);
    Pairs in;
    for (int k = 0; k < 1000003; ++k) {  // not a multiple of four: the tail too
        Triangle t{rng.vec(-1, 1), rng.vec(-1, 1), rng.vec(-1, 1)};
        Vec3 p = rng.vec(-1.5f, 1.5f);
        switch (rng.below(6)) {
            case 0: break;
            case 1: p = pick_target(rng, t); break;  // on a vertex, an edge or the face
            case 2: {                                // any scale from 1e-6 to 1e6, up to 1e3 scales off the origin
                const float s = rng.log_uniform(1e-6f, 1e6f);
                const Vec3 o = rng.vec(-1, 1) * (s * rng.log_uniform(1e-3f, 1e3f));
                t = {o + t.a * s, o + t.b * s, o + t.c * s};
                p = o + p * s;
                break;
            }
            case 3:  // needles and slivers of every thickness, degenerate ones included
                t.c = lerp(t.a, t.b, rng.uniform(-0.5f, 1.5f)) +
                      rng.direction() * (rng.log_uniform(1e-9f, 1.0f) * length(t.b - t.a));
                if (rng.below(2)) p = pick_target(rng, t);
                break;
            case 4: p = pick_target(rng, t) + rng.direction() * rng.log_uniform(1e-6f, 100.0f); break;
            case 5: t = make_triangle(rng, pick_kind(rng)); break;  // test_support's awkward kinds
        }
        in.add(p, t);
    }
    const double worst = require_within_bound(in);
    // The analysis is pessimistic: the largest error seen is a few u S.
    CHECK(worst < 64);
}

TEST_CASE(
    "closest_points_on_triangles_fast: points exactly on region boundaries, collinear and repeated vertices, "
    "huge offsets, non-finite input") {
    Rng rng(0x18fa);
    // A lattice of quarters: the region tests' quantities are exact there, so points sit exactly
    // on region boundaries (d = 0, d1 = ab.ab, v = 0) and on edges and vertices.
    const auto lattice = [&] { return lattice_quarter(rng); };
    const auto lattice_vec = [&] { return lattice_quarter_vec(rng); };
    Pairs in;
    for (int k = 0; k < 200001; ++k) {
        Triangle t{lattice_vec(), lattice_vec(), lattice_vec()};
        Vec3 p = lattice_vec();
        const int kind = rng.below(8);
        switch (kind) {
            case 0: break;
            case 1:  // exactly collinear, the middle vertex anywhere in the order
                make_lattice_collinear(rng, t);
                break;
            case 2:  // a repeated vertex, or all three the same
                repeat_a_vertex(rng, t);
                break;
            case 3:  // near-collinear: heights around the fast lanes' limit (1/32 of L^2 / L)
                t.c = lerp(t.a, t.b, rng.uniform(-0.5f, 1.5f)) +
                      rng.direction() * (rng.log_uniform(1e-3f, 0.2f) * length(t.b - t.a));
                break;
            case 4: {  // huge offsets from the origin, and huge and tiny scales
                const float s = rng.below(2) ? 0x1p20f : 0x1p-20f;
                const Vec3 o = rng.vec(-1, 1) * (rng.below(2) ? 1e6f : s * 1e4f);
                t = {o + t.a * s, o + t.b * s, o + t.c * s};
                p = o + p * s;
                break;
            }
            case 5: p = pick_target(rng, t); break;
            case 6: {  // points exactly on an edge's perpendicular through a vertex (d = 0)
                const Vec3 e = t.b - t.a;
                const Vec3 side = Vec3{-e.y, e.x, 0.0f};
                p = t.a + side * lattice();
                break;
            }
            case 7: break;  // a non-finite coordinate, below
        }
        in.add(p, t);
        if (kind == 7) poison_last_pair(rng, in);
    }
    require_within_bound(in);
    // Non-finite input: the exact batch's answer, bit for bit (degenerate lanes are checked by
    // require_within_bound already).
    std::vector<float> fast(in.points.size()), exact(in.points.size());
    closest_points_on_triangles_fast(in.points.data(), 3, in.triangles.data(), 9, in.size(), fast.data());
    closest_points_on_triangles(in.points.data(), 3, in.triangles.data(), 9, in.size(), exact.data());
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (conditioning(at(in.points, i), tri_at(in.triangles, i)).finite) continue;
        REQUIRE(same_bits(at(fast, i), at(exact, i)));
    }
}

TEST_CASE("closest_points_on_triangles_fast: degenerate triangles give the single query's bits") {
    Rng rng(0xde9);
    Pairs in;
    for (int k = 0; k < 100000; ++k) {
        const float s = rng.log_uniform(1e-3f, 1e3f);
        Triangle t = make_triangle(rng, rng.below(2) ? TriangleKind::Collinear : TriangleKind::Repeated, s);
        if (rng.below(4) == 0) t.c = lerp(t.a, t.b, rng.uniform(0, 1)) + rng.direction() * (s * 1e-9f);
        in.add(rng.vec(-2 * s, 2 * s), t);
    }
    std::vector<float> out(in.points.size());
    closest_points_on_triangles_fast(in.points.data(), 3, in.triangles.data(), 9, in.size(), out.data());
    for (std::size_t i = 0; i < in.size(); ++i)
        REQUIRE(same_bits(at(out, i), closest_point_on_triangle(at(in.points, i), tri_at(in.triangles, i)).point));
}

TEST_CASE(
    "closest_points_on_triangles_fast: an answer depends only on its pair: position in the batch, strides of 0, "
    "the output over the points") {
    Rng rng(0x5a);
    Pairs in;
    for (int k = 0; k < 1001; ++k) in.add(rng.vec(-2, 2), make_triangle(rng, pick_kind(rng)));
    std::vector<float> all(in.points.size());
    closest_points_on_triangles_fast(in.points.data(), 3, in.triangles.data(), 9, in.size(), all.data());
    // Every pair alone (the tail's path) and at every offset of a group of four.
    for (std::size_t i = 0; i < in.size(); ++i) {
        float one[3];
        closest_points_on_triangles_fast(in.points.data() + 3 * i, 3, in.triangles.data() + 9 * i, 9, 1, one);
        REQUIRE(same_bits(Vec3{one[0], one[1], one[2]}, at(all, i)));
    }
    for (std::size_t from = 1; from < 4; ++from) {
        std::vector<float> part(3 * (in.size() - from));
        closest_points_on_triangles_fast(in.points.data() + 3 * from, 3, in.triangles.data() + 9 * from, 9,
                                         in.size() - from, part.data());
        for (std::size_t i = from; i < in.size(); ++i) REQUIRE(same_bits(at(part, i - from), at(all, i)));
    }
    // One triangle for every point, and one point for every triangle: as the packed copies.
    const float* t0 = in.triangles.data() + 9 * 5;
    Pairs copies;
    for (std::size_t i = 0; i < in.size(); ++i) copies.add(at(in.points, i), tri_at(in.triangles, 5));
    std::vector<float> broadcast(in.points.size()), packed(in.points.size());
    closest_points_on_triangles_fast(in.points.data(), 3, t0, 0, in.size(), broadcast.data());
    closest_points_on_triangles_fast(copies.points.data(), 3, copies.triangles.data(), 9, in.size(), packed.data());
    REQUIRE(broadcast == packed);
    const float p0[3] = {0.3f, 2.0f, -0.7f};
    Pairs copies2;
    for (std::size_t i = 0; i < in.size(); ++i) copies2.add({p0[0], p0[1], p0[2]}, tri_at(in.triangles, i));
    closest_points_on_triangles_fast(p0, 0, in.triangles.data(), 9, in.size(), broadcast.data());
    closest_points_on_triangles_fast(copies2.points.data(), 3, copies2.triangles.data(), 9, in.size(), packed.data());
    for (std::size_t i = 0; i < in.size(); ++i) REQUIRE(same_bits(at(broadcast, i), at(packed, i)));
    // In place.
    std::vector<float> io = in.points;
    closest_points_on_triangles_fast(io.data(), 3, in.triangles.data(), 9, in.size(), io.data());
    for (std::size_t i = 0; i < in.size(); ++i) REQUIRE(same_bits(at(io, i), at(all, i)));
}

TEST_CASE(
    "closest_points_on_triangles_fast: every mix of fast and single-query lanes in a group: the slow lanes get the "
    "single query's bits, the fast ones their bits alone, in place too") {
    // Slow lanes of every kind the fast lanes refuse: thin but regular (kappa ~ 10^3 .. 10^6), collinear, a
    // repeated vertex, a point far beyond 64 L, a non-finite coordinate; each of the 16 patterns of a group.
    Rng rng(0x3e1);
    Pairs in;
    std::vector<bool> slow;
    for (int round = 0; round < 4000; ++round) {
        const int pattern = round % 16;
        for (int k = 0; k < 4; ++k) {
            Triangle t = make_triangle(rng, TriangleKind::Random);
            Vec3 p = rng.vec(-2, 2);
            const bool s = (pattern >> k) & 1;
            const int kind = s ? rng.below(5) : -1;
            if (s) {
                switch (kind) {
                    case 0:
                        t.c = lerp(t.a, t.b, rng.uniform(-0.5f, 1.5f)) +
                              rng.direction() * (rng.log_uniform(1e-6f, 1e-3f) * length(t.b - t.a));
                        break;
                    case 1: t = make_triangle(rng, TriangleKind::Collinear); break;
                    case 2: t = make_triangle(rng, TriangleKind::Repeated); break;
                    case 3: p = t.a + rng.direction() * (200.0f * length(t.b - t.a)); break;
                    case 4: break;  // poisoned below
                }
            }
            in.add(p, t);
            if (kind == 4) poison_last_pair(rng, in);
            slow.push_back(s);
        }
    }
    std::vector<float> out(in.points.size());
    closest_points_on_triangles_fast(in.points.data(), 3, in.triangles.data(), 9, in.size(), out.data());
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Conditioning k = conditioning(at(in.points, i), tri_at(in.triangles, i));
        INFO("pair " << i << ", kappa " << k.kappa << ", slow " << slow[i]);
        if (surely_exact(k)) {
            REQUIRE(same_bits(at(out, i), closest_point_on_triangle(at(in.points, i), tri_at(in.triangles, i)).point));
        } else {
            float one[3];
            closest_points_on_triangles_fast(in.points.data() + 3 * i, 3, in.triangles.data() + 9 * i, 9, 1, one);
            REQUIRE(same_bits(at(out, i), Vec3{one[0], one[1], one[2]}));
        }
    }
    std::vector<float> io = in.points;
    closest_points_on_triangles_fast(io.data(), 3, in.triangles.data(), 9, in.size(), io.data());
    for (std::size_t i = 0; i < in.size(); ++i) REQUIRE(same_bits(at(io, i), at(out, i)));
}

TEST_CASE("closest_points_on_triangles_fast: triangles with 17 < k < 31 are answered in float32, within the bound") {
    // Thin triangles between the old fast lanes' limit (k < 16) and the present one (k < 32):
    // their answers come from the float32 kernel (most face points differ from the exact query's
    // bits in some place) and stay within the documented bound.
    Rng rng(0x1832);
    Pairs in;
    while (in.size() < 2000) {
        const Triangle t = make_triangle(rng, TriangleKind::Random);
        const Vec3 p = pick_target(rng, t) + rng.vec(-0.01f, 0.01f);
        const Conditioning k = conditioning(p, t);
        if (k.kappa > 17 && k.kappa < 31 && k.R <= 60 * k.L) in.add(p, t);
    }
    const double worst = require_within_bound(in);
    CHECK(worst < 64);
    std::vector<float> fast(in.points.size()), exact(in.points.size());
    closest_points_on_triangles_fast(in.points.data(), 3, in.triangles.data(), 9, in.size(), fast.data());
    closest_points_on_triangles(in.points.data(), 3, in.triangles.data(), 9, in.size(), exact.data());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < in.size(); ++i) differ += !same_bits(at(fast, i), at(exact, i));
    INFO(differ << " of " << in.size() << " answers differ from the exact query's bits");
    CHECK(differ > in.size() / 4);
}
