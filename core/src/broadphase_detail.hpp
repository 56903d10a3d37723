// shototsu (internal) — the broadphase's sort and sweep with its order kept between calls, for
// CharacterGroup (character_group.cpp). Never part of the public API.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "shototsu/broadphase.hpp"

namespace shototsu::detail {

/// pairs_sweep_and_prune's pairs, each once as (lower, higher index), in no particular order.
/// `order` is the usable boxes' indices by (min.x, index) from the last call with these boxes (or
/// empty), left sorted for the next: boxes that moved a little since come back nearly sorted, and
/// insertion sort puts them in order in about one pass. `listed` is working space.
void sweep_pairs(std::span<const AABB> boxes, std::vector<std::uint32_t>& order, std::vector<std::uint32_t>& listed,
                 std::vector<BoxPair>& out);

}  // namespace shototsu::detail
