// detail::sort_range (core/src/sort_detail.hpp), the core's one sort: against std::sort with the
// same total orders the core uses (a key, ties broken by an index), on random keys with many ties
// and on the orders that defeat a naive quicksort (sorted, reversed, all equal, organ pipe,
// sawtooth), at every small length and at lengths that reach the heapsort fallback.
#include "catch_support.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "sort_detail.hpp"

namespace {

struct Item {
    float key;
    std::uint32_t index;
};

bool by_key_then_index(const Item& a, const Item& b) { return a.key != b.key ? a.key < b.key : a.index < b.index; }

void check_against_std(std::vector<Item> items) {
    std::vector<Item> want = items;
    std::sort(want.begin(), want.end(), by_key_then_index);
    shototsu::detail::sort_range(items.data(), items.data() + items.size(), by_key_then_index);
    REQUIRE(items.size() == want.size());
    for (std::size_t k = 0; k < items.size(); ++k) {
        REQUIRE(items[k].index == want[k].index);
        REQUIRE(items[k].key == want[k].key);
    }
}

std::vector<Item> pattern(int kind, std::uint32_t n, std::mt19937& rng) {
    std::vector<Item> v(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        float key = 0.0f;
        switch (kind) {
            case 0: key = static_cast<float>(rng() % 7); break;  // many ties
            case 1: key = static_cast<float>(rng() % 100000) * 0.25f - 1000.0f; break;
            case 2: key = static_cast<float>(i); break;                      // sorted
            case 3: key = static_cast<float>(n - i); break;                  // reversed
            case 4: key = 1.0f; break;                                       // all equal: the index decides
            case 5: key = static_cast<float>(i < n / 2 ? i : n - i); break;  // organ pipe
            default: key = static_cast<float>(i % 13); break;                // sawtooth
        }
        v[i] = {key, i};
    }
    // The index is unique but need not follow the position: shuffle the positions.
    if (kind == 4 || kind == 0) std::shuffle(v.begin(), v.end(), rng);
    return v;
}

}  // namespace

TEST_CASE("sort_range: empty and single-element ranges are left alone", "[sort]") {
    std::vector<Item> none;
    shototsu::detail::sort_range(none.data(), none.data(), by_key_then_index);
    REQUIRE(none.empty());
    std::vector<Item> one{{3.0f, 9}};
    shototsu::detail::sort_range(one.data(), one.data() + 1, by_key_then_index);
    REQUIRE(one[0].index == 9);
}

TEST_CASE("sort_range: the permutation std::sort gives, every small length and pattern", "[sort]") {
    std::mt19937 rng(1234);
    for (int kind = 0; kind < 7; ++kind)
        for (std::uint32_t n = 0; n <= 70; ++n) check_against_std(pattern(kind, n, rng));
}

TEST_CASE("sort_range: the permutation std::sort gives on long ranges", "[sort]") {
    std::mt19937 rng(99);
    for (int kind = 0; kind < 7; ++kind)
        for (std::uint32_t n : {1000u, 4097u, 20000u}) check_against_std(pattern(kind, n, rng));
}

TEST_CASE("sort_range: unsigned indices by an outside key, as the broadphase sorts them", "[sort]") {
    std::mt19937 rng(7);
    std::vector<float> keys(5000);
    for (float& k : keys) k = static_cast<float>(rng() % 50);
    const auto less = [&](std::uint32_t a, std::uint32_t b) { return keys[a] != keys[b] ? keys[a] < keys[b] : a < b; };
    std::vector<std::uint32_t> got(keys.size());
    for (std::uint32_t i = 0; i < got.size(); ++i) got[i] = static_cast<std::uint32_t>(got.size() - 1 - i);
    std::vector<std::uint32_t> want = got;
    std::sort(want.begin(), want.end(), less);
    shototsu::detail::sort_range(got.data(), got.data() + got.size(), less);
    REQUIRE(got == want);
}

TEST_CASE("sort_range: an adversarial comparator still ends sorted in O(n log n) comparisons", "[sort]") {
    // Elements get their rank only when first compared, an unranked one being larger than every
    // ranked one (after McIlroy's quicksort adversary, simplified): a consistent total order that
    // pushes the pivots towards the ends. The count bound holds with or without the heapsort.
    const std::uint32_t n = 4096;
    std::vector<std::uint32_t> rank(n, 0xffffffffu);
    std::uint32_t next = 0;
    std::uint64_t comparisons = 0;
    const auto less = [&](std::uint32_t a, std::uint32_t b) {
        ++comparisons;
        if (rank[a] == 0xffffffffu && rank[b] == 0xffffffffu) rank[a] = next++;
        if (rank[a] == 0xffffffffu) return false;
        if (rank[b] == 0xffffffffu) return true;
        return rank[a] < rank[b];
    };
    std::vector<std::uint32_t> v(n);
    for (std::uint32_t i = 0; i < n; ++i) v[i] = i;
    shototsu::detail::sort_range(v.data(), v.data() + n, less);
    const std::uint64_t used = comparisons;
    for (std::uint32_t i = 0; i + 1 < n; ++i) REQUIRE(rank[v[i]] < rank[v[i + 1]]);
    REQUIRE(used < 8ull * n * 12);  // n log2 n is 12n here; n^2/2 would be 2048n
}
