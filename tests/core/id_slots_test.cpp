// detail::IdSlots (world.hpp), the World's map from object id to slot: against std::unordered_map
// under seeded random sequences of sets, replacements and erasures, on the ids a World hands out
// (increasing, removed in any order) and on ids chosen to share a home entry (long probe runs,
// erasures that shift entries back across the table's end), plus the degenerate calls.
#include "catch_support.hpp"

#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include "shototsu/world.hpp"

using shototsu::kNoIndex;
using shototsu::detail::IdSlots;

namespace {

void check_same(const IdSlots& t, const std::unordered_map<std::uint32_t, std::uint32_t>& ref,
                const std::vector<std::uint32_t>& probe) {
    REQUIRE(t.size() == ref.size());
    for (const std::uint32_t id : probe) {
        const auto it = ref.find(id);
        REQUIRE(t.find(id) == (it == ref.end() ? kNoIndex : it->second));
    }
}

// Random operations over `ids`: set (new or replacing), erase (present or absent), checking every
// id after each step.
void run(const std::vector<std::uint32_t>& ids, unsigned seed, int steps) {
    std::mt19937 rng(seed);
    IdSlots t;
    std::unordered_map<std::uint32_t, std::uint32_t> ref;
    for (int s = 0; s < steps; ++s) {
        const std::uint32_t id = ids[rng() % ids.size()];
        if (rng() % 3 == 0) {
            t.erase(id);
            ref.erase(id);
        } else {
            const std::uint32_t slot = rng() % 1000;
            t.set(id, slot);
            ref[id] = slot;
        }
        INFO("step " << s << " id " << id);
        check_same(t, ref, ids);
    }
}

// The ids in [0, 2^32 - 1) whose home entry in a table of 2^bits entries is `home`.
std::vector<std::uint32_t> sharing_home(unsigned bits, std::uint32_t home, std::size_t count) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t id = 0; out.size() < count; ++id)
        if (((id * 0x9E3779B9u) >> (32 - bits)) == home) out.push_back(id);
    return out;
}

}  // namespace

TEST_CASE("IdSlots: empty table, kNoIndex and absent ids") {
    IdSlots t;
    CHECK(t.size() == 0);
    CHECK(t.memory_bytes() == 0);
    CHECK(t.find(0) == kNoIndex);
    CHECK(t.find(kNoIndex) == kNoIndex);
    t.erase(0);
    t.erase(kNoIndex);
    CHECK(t.size() == 0);
    t.set(7, 3);
    CHECK(t.find(7) == 3);
    CHECK(t.find(kNoIndex) == kNoIndex);  // the empty marker is never an id
    CHECK(t.find(8) == kNoIndex);
    t.erase(kNoIndex);
    t.erase(8);
    CHECK(t.size() == 1);
    t.set(7, 9);  // replaces
    CHECK(t.size() == 1);
    CHECK(t.find(7) == 9);
    t.erase(7);
    CHECK(t.size() == 0);
    CHECK(t.find(7) == kNoIndex);
    t.set(0xFFFFFFFEu, 0);  // the largest id a World hands out
    CHECK(t.find(0xFFFFFFFEu) == 0);
}

TEST_CASE("IdSlots: a World's increasing ids, added and removed in random order") {
    std::mt19937 rng(0x1D5);
    IdSlots t;
    std::unordered_map<std::uint32_t, std::uint32_t> ref;
    std::vector<std::uint32_t> live, all;
    std::uint32_t next = 0;
    for (int s = 0; s < 20000; ++s) {
        if (live.empty() || rng() % 5 < 3) {
            t.set(next, static_cast<std::uint32_t>(live.size()));
            ref[next] = static_cast<std::uint32_t>(live.size());
            live.push_back(next);
            all.push_back(next++);
        } else {
            const std::size_t k = rng() % live.size();
            t.erase(live[k]);
            ref.erase(live[k]);
            live[k] = live.back();
            live.pop_back();
            if (k < live.size()) {  // as World::remove: the last object moves into the hole
                t.set(live[k], static_cast<std::uint32_t>(k));
                ref[live[k]] = static_cast<std::uint32_t>(k);
            }
        }
        if (s % 97 == 0) check_same(t, ref, all);
    }
    check_same(t, ref, all);
    CHECK(t.memory_bytes() >= 8 * t.size());
    CHECK(t.memory_bytes() <= 8 * 4 * (t.size() + 16));
}

TEST_CASE("IdSlots: random sets and erasures match std::unordered_map") {
    std::vector<std::uint32_t> ids;
    std::mt19937 rng(0xA11);
    for (int k = 0; k < 300; ++k) ids.push_back(rng() % 0xFFFFFFFFu);
    run(ids, 1, 6000);
    std::vector<std::uint32_t> small;
    for (std::uint32_t k = 0; k < 40; ++k) small.push_back(k * 1024);  // one stride, many bits clear
    run(small, 2, 4000);
}

TEST_CASE("IdSlots: ids sharing one home entry, at the table's start and end") {
    // 12 ids stay in a 16-entry table (the table grows past three quarters full): one probe run
    // of up to 12 entries, which wraps around the end when the home is the last entry.
    for (const std::uint32_t home : {0u, 7u, 15u}) {
        const std::vector<std::uint32_t> ids = sharing_home(4, home, 12);
        INFO("home " << home);
        run(ids, 3 + home, 3000);
    }
    // Two homes next to each other: erasing from one run shifts entries of the other back.
    std::vector<std::uint32_t> ids = sharing_home(4, 14, 5);
    for (const std::uint32_t id : sharing_home(4, 15, 6)) ids.push_back(id);
    run(ids, 9, 3000);
}
