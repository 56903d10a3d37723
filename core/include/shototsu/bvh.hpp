// shototsu — a bounding volume hierarchy over boxes: binned surface-area-heuristic build into a
// flat node array. The mesh world (world.hpp) and the tree broadphase (broadphase.hpp) stand on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <vector>

#include "shototsu/shapes.hpp"

namespace shototsu {

/// One node of a Bvh: 32 bytes. A leaf holds `count > 0` primitives starting at `first` in
/// Bvh::order; an inner node has count == 0 and its children at `first` and `first + 1`.
struct BvhNode {
    AABB box;
    std::uint32_t first = 0;
    std::uint32_t count = 0;
};

/// One node of a four-wide hierarchy (Bvh::wide): the boxes of up to four children side by side,
/// coordinate by coordinate, so one pass of four-lane arithmetic tests them all; 128 bytes, two
/// cache lines. Child k is a leaf of `count[k] > 0` primitives starting at `child[k]` in
/// Bvh::order, an inner node `wide[child[k]]` when count[k] == 0, or absent when its box is empty
/// (min > max: unused slots and the empty boxes of non-finite primitives).
struct alignas(64) BvhNode4 {
    float min_x[4], min_y[4], min_z[4];
    float max_x[4], max_y[4], max_z[4];
    std::uint32_t child[4];
    std::uint32_t count[4];
};

/// A std::allocator that aligns to 64 bytes (a cache line), so that a BvhNode4 never straddles
/// more lines than it must, whatever the platform's operator new guarantees.
template <class T>
struct CacheLineAllocator {
    using value_type = T;
    CacheLineAllocator() = default;
    template <class U>
    CacheLineAllocator(const CacheLineAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{64})); }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete (p, std::align_val_t{64}); }
    template <class U>
    bool operator==(const CacheLineAllocator<U>&) const noexcept {
        return true;
    }
};

/// A hierarchy over primitives given by their boxes. Deterministic: the same boxes give the same
/// tree on every platform and with any number of build threads (no unordered containers, ties
/// broken by index, a fixed split of the work).
struct Bvh {
    /// nodes[0] is the root (absent when there are no primitives).
    std::vector<BvhNode> nodes;
    /// Primitive indices in leaf order: leaf n holds order[first .. first + count).
    std::vector<std::uint32_t> order;
    /// Depth of the deepest leaf (the root is depth 1); traversal stacks are sized from it.
    int depth = 0;
    /// The same tree collapsed to four children per node (widen()): half as many levels between
    /// the root and a leaf, which is what a ray or cast waits on when the tree is out of cache.
    /// Empty until widen() is called; wide[0] is the root.
    std::vector<BvhNode4, CacheLineAllocator<BvhNode4>> wide;
    /// For each wide node, the binary node behind each of its four children (kBvhNoNode for an
    /// unused slot): what refit_wide copies the boxes from.
    std::vector<std::uint32_t> wide_source;
};

inline constexpr std::uint32_t kBvhNoNode = 0xFFFFFFFFu;

/// Builds the hierarchy with a binned SAH (Wald, "On fast construction of SAH-based bounding
/// volume hierarchies", 2007): 16 bins per axis (as many as primitives, at least 4, in smaller
/// nodes) on the three axes (the widest only in nodes of more than 4096 primitives), leaves of up
/// to kBvhMaxLeafSize primitives, split only when the SAH says it pays. Boxes with NaN, infinite
/// or empty are treated as empty and end up in some leaf (queries never reach them). Past a depth
/// of kBvhSahMaxDepth it splits by median instead, so no leaf is deeper than kBvhMaxDepth.
/// With `threads` >= 2 and at least kBvhParallelMinCount boxes (natively; the wasm build has no
/// threads) the root's two subtrees are built on two threads, into exactly the nodes one thread
/// makes. About 0.5 s for 10^6 triangles on two cores (bench/native, section W).
Bvh build_bvh(std::span<const AABB> boxes, int threads = 2);

/// Boxes below which build_bvh stays on one thread (starting one costs more than it saves).
inline constexpr std::uint32_t kBvhParallelMinCount = 1u << 16;

/// Fills bvh.wide from bvh.nodes: each wide node takes the children of a binary node and, while
/// it has fewer than four, replaces the inner child of largest surface area by its two children
/// (ties to the first). Leaves and their primitives stay as they are. Deterministic; linear time.
void widen(Bvh& bvh);

inline constexpr std::uint32_t kBvhMaxLeafSize = 8;
/// Depth past which the build stops trusting the SAH and splits by count (median), bounding the
/// traversal stack for hostile input (thousands of identical boxes).
inline constexpr int kBvhSahMaxDepth = 48;
/// The deepest leaf build_bvh can make: kBvhSahMaxDepth levels of SAH splits, then median splits,
/// which halve the count, until at most 2 primitives are left — at most 31 more levels for the
/// 2^32 - 1 primitives a Bvh can index — and the leaf itself.
inline constexpr int kBvhMaxDepth = kBvhSahMaxDepth + 32;
/// Entries a depth-first traversal stack needs: popping an inner node pushes its two children,
/// so at most one waiting sibling per level plus the node at hand.
inline constexpr int kTraversalStack = 128;
static_assert(kTraversalStack > kBvhMaxDepth + 1, "traversal stacks must hold a path of the deepest tree");
/// Entries a depth-first traversal of Bvh::wide needs: popping a node pushes up to four children,
/// so at most three waiting siblings per level of the binary tree plus the four at hand.
inline constexpr int kWideTraversalStack = 3 * kBvhMaxDepth + 4;

}  // namespace shototsu

namespace shototsu {

/// The surface-area-heuristic cost of a tree: the areas of its inner nodes plus each leaf's area
/// times its count, over the root's area (Wald 2007's measure with unit costs). 0 when empty.
float bvh_sah_cost(const Bvh& bvh);

/// Copies the binary nodes' (refitted) boxes into the four-wide form made by widen(), keeping its
/// shape: linear time, no allocation.
void refit_wide(Bvh& bvh);

/// Fits the binary nodes' boxes to new primitive boxes, keeping the tree's shape: `boxes[k]` is
/// the box of the k-th primitive in leaf order (the order Bvh::order lists them in). Children
/// follow their parents in `nodes`, so one backward pass does it. Call widen() after it when
/// the four-wide form is used.
void refit_bvh(Bvh& bvh, std::span<const AABB> boxes);

}  // namespace shototsu
