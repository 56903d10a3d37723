// broadphase.hpp: sweep and prune and the tree give exactly the all-pairs answer.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "broadphase_detail.hpp"
#include "shototsu/broadphase.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

AABB random_box(Rng& rng, float world, float size) {
    const Vec3 c = rng.vec(-world, world);
    const Vec3 h{rng.uniform(0, size), rng.uniform(0, size), rng.uniform(0, size)};
    return {c - h, c + h};
}

void check_all_agree(const std::vector<AABB>& boxes) {
    std::vector<BoxPair> all, sap, tree;
    pairs_all(boxes, all);
    pairs_sweep_and_prune(boxes, sap);
    pairs_tree(boxes, tree);
    REQUIRE(sap == all);
    REQUIRE(tree == all);
    for (const BoxPair& p : all) REQUIRE(p.a < p.b);
}

}  // namespace

TEST_CASE("broadphase: sweep and prune and the tree equal all pairs on random boxes") {
    Rng rng(77);
    std::size_t total_pairs = 0;
    for (int round = 0; round < 200; ++round) {
        std::vector<AABB> boxes(static_cast<std::size_t>(rng.below(300)));
        for (AABB& b : boxes) b = random_box(rng, 20.0f, rng.uniform(0.1f, 3.0f));
        check_all_agree(boxes);
        std::vector<BoxPair> all;
        pairs_all(boxes, all);
        total_pairs += all.size();
    }
    CHECK(total_pairs > 1000);  // the boxes do overlap often enough to test something
}

TEST_CASE("broadphase: many boxes stacked on the sweep axis give the same pairs") {
    // All boxes share one x range: the case where the sweep and prune of
    // Madhav, Game Programming in C++ ch. 10 degrades to O(n^2).
    Rng rng(78);
    std::vector<AABB> boxes(1500);
    for (AABB& b : boxes) {
        const Vec3 c{0.0f, rng.uniform(-200, 200), rng.uniform(-200, 200)};
        b = {c - Vec3{5, 0.5f, 0.5f}, c + Vec3{5, 0.5f, 0.5f}};
    }
    check_all_agree(boxes);
}

TEST_CASE("broadphase: touching boxes pair up, empty and NaN boxes pair with nothing") {
    const float nan = std::nanf("");
    const std::vector<AABB> boxes = {
        {{0, 0, 0}, {1, 1, 1}},
        {{1, 0, 0}, {2, 1, 1}},                    // touches box 0 on a face
        {{5, 5, 5}, {4, 4, 4}},                    // empty (min > max)
        {{nan, 0, 0}, {1, 1, 1}},                  // NaN
        {{0.5f, 0.5f, 0.5f}, {0.5f, 0.5f, 0.5f}},  // a point inside box 0
    };
    std::vector<BoxPair> all;
    pairs_all(boxes, all);
    const std::vector<BoxPair> expected = {{0, 1}, {0, 4}};
    CHECK(all == expected);
    check_all_agree(boxes);
}

TEST_CASE(
    "broadphase: the sweep with its order kept between calls gives all pairs as boxes move, jump, vanish, come and "
    "go") {
    // CharacterGroup's sweep (broadphase_detail.hpp) over 300 seeded steps of up to 300 boxes:
    // most move a little each step (the kept order nearly sorted), some jump across the world
    // (shuffled: insertion sort gives up to sort_range), some turn NaN or empty and back, and the
    // count grows and shrinks. Its pairs, sorted, equal pairs_all's; the order it keeps lists the
    // usable boxes by (min.x, index).
    Rng rng(0x5EEB);
    std::vector<AABB> boxes;
    std::vector<std::uint32_t> order, listed;
    std::vector<BoxPair> got, all;
    std::size_t total_pairs = 0;
    int shuffled_steps = 0;
    for (int step = 0; step < 300; ++step) {
        if (step % 40 == 0) boxes.resize(static_cast<std::size_t>(rng.below(300)));
        for (AABB& b : boxes) {
            if (!(b.min.x <= b.max.x) || rng.below(200) == 0) {
                b = random_box(rng, 8.0f, rng.uniform(0.1f, 2.0f));
            } else {
                const Vec3 d = rng.vec(-0.1f, 0.1f);
                b = {b.min + d, b.max + d};
            }
        }
        const bool shuffle = step % 25 == 24;
        shuffled_steps += shuffle;
        for (AABB& b : boxes) {
            if (shuffle) b = random_box(rng, 8.0f, rng.uniform(0.1f, 2.0f));
            const int odd = rng.below(100);
            if (odd == 0) b.min.x = std::numeric_limits<float>::quiet_NaN();
            if (odd == 1) b = aabb_empty();
            if (odd == 2) b.max.y = b.min.y;  // flat: touching still counts
        }
        detail::sweep_pairs(boxes, order, listed, got);
        for (const BoxPair& p : got) REQUIRE(p.a < p.b);
        std::sort(got.begin(), got.end(),
                  [](const BoxPair& x, const BoxPair& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
        pairs_all(boxes, all);
        INFO("step " << step << " boxes " << boxes.size());
        REQUIRE(got == all);
        total_pairs += all.size();
        std::vector<std::uint32_t> usable;
        for (std::uint32_t i = 0; i < boxes.size(); ++i) {
            const AABB& b = boxes[i];
            if (is_finite(b.min) && is_finite(b.max) && !aabb_is_empty(b)) usable.push_back(i);
        }
        std::vector<std::uint32_t> expect = usable;
        std::sort(expect.begin(), expect.end(), [&](std::uint32_t a, std::uint32_t b) {
            return boxes[a].min.x != boxes[b].min.x ? boxes[a].min.x < boxes[b].min.x : a < b;
        });
        REQUIRE(order == expect);
    }
    CHECK(total_pairs > 10000);
    CHECK(shuffled_steps >= 10);
}
