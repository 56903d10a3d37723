// shototsu — broadphase: which boxes of a set overlap (touching counts), as sorted index pairs.
// Three answers to the same question, which must agree exactly (tested):
//   pairs_all              every pair tested: O(n^2), the reference (TestPairwise
//                          in Madhav, Game Programming in C++ ch. 10);
//   pairs_sweep_and_prune  that book's sort-and-sweep on x: fast while few boxes share x ranges,
//                          O(n^2) when many do (stacked on one axis);
//   pairs_tree             a BVH over the boxes queried by each box: O(n log n + pairs) however
//                          the boxes are arranged.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "shototsu/shapes.hpp"

namespace shototsu {

struct BoxPair {
    std::uint32_t a = 0, b = 0;  // a < b
    friend bool operator==(const BoxPair& x, const BoxPair& y) { return x.a == y.a && x.b == y.b; }
};

/// Every overlapping pair (a < b), sorted by (a, b), written to `out` (cleared first). Boxes with
/// NaN or empty boxes overlap nothing.
void pairs_all(std::span<const AABB> boxes, std::vector<BoxPair>& out);
/// The same set by sweep and prune along x (TestSweepAndPrune in
/// Madhav, Game Programming in C++ ch. 10, which sorted the boxes themselves; here an index
/// order, so callers' indices stay valid).
void pairs_sweep_and_prune(std::span<const AABB> boxes, std::vector<BoxPair>& out);
/// The same set through a bounding volume hierarchy over the boxes.
void pairs_tree(std::span<const AABB> boxes, std::vector<BoxPair>& out);

}  // namespace shototsu
