// broadphase.hpp: sweep and prune and the tree give exactly the all-pairs answer.
#include "catch_support.hpp"

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
