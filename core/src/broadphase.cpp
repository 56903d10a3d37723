// shototsu — broadphase (broadphase.hpp).
#include "shototsu/broadphase.hpp"

#include <algorithm>

#include "broadphase_detail.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/bvh.hpp"
#include "sort_detail.hpp"

namespace shototsu {

namespace {

bool usable(const AABB& b) { return is_finite(b.min) && is_finite(b.max) && !aabb_is_empty(b); }

void sort_pairs(std::vector<BoxPair>& out) {
    detail::sort_range(out.data(), out.data() + out.size(),
                       [](const BoxPair& x, const BoxPair& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
}

}  // namespace

void pairs_all(std::span<const AABB> boxes, std::vector<BoxPair>& out) {
    out.clear();
    const std::uint32_t n = static_cast<std::uint32_t>(boxes.size());
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!usable(boxes[i])) continue;
        for (std::uint32_t j = i + 1; j < n; ++j)
            if (usable(boxes[j]) && aabb_overlaps_aabb(boxes[i], boxes[j])) out.push_back({i, j});
    }
}

void detail::sweep_pairs(std::span<const AABB> boxes, std::vector<std::uint32_t>& order,
                         std::vector<std::uint32_t>& listed, std::vector<BoxPair>& out) {
    out.clear();
    const std::uint32_t n = static_cast<std::uint32_t>(boxes.size());
    const bool kept_order = !order.empty();
    // The usable boxes: those of `order` first, in its order, then the others by index.
    listed.assign(n, 0);
    std::size_t kept = 0;
    for (const std::uint32_t i : order) {
        if (i >= n || listed[i] || !usable(boxes[i])) continue;
        listed[i] = 1;
        order[kept++] = i;
    }
    order.resize(kept);
    for (std::uint32_t i = 0; i < n; ++i)
        if (!listed[i] && usable(boxes[i])) order.push_back(i);
    // (min.x, index) is a total order: the same on every standard library, whatever sorts it.
    // A kept order by insertion sort while it has little to do, else sort_range.
    const auto less = [&](std::uint32_t a, std::uint32_t b) {
        return boxes[a].min.x != boxes[b].min.x ? boxes[a].min.x < boxes[b].min.x : a < b;
    };
    const std::size_t m = order.size();
    bool sorted = kept_order;
    if (kept_order) {
        std::size_t shifted = 0;
        for (std::size_t i = 1; i < m && sorted; ++i) {
            const std::uint32_t x = order[i];
            std::size_t j = i;
            for (; j > 0 && less(x, order[j - 1]); --j) order[j] = order[j - 1];
            order[j] = x;
            shifted += i - j;
            sorted = shifted <= 8 * m;
        }
    }
    if (!sorted) detail::sort_range(order.data(), order.data() + m, less);
    for (std::size_t i = 0; i < m; ++i) {
        const AABB& a = boxes[order[i]];
        for (std::size_t j = i + 1; j < m; ++j) {
            const AABB& b = boxes[order[j]];
            if (b.min.x > a.max.x) break;  // sorted by min.x: no later box overlaps a on x
            if (aabb_overlaps_aabb(a, b)) {
                const std::uint32_t x = order[i], y = order[j];
                out.push_back({std::min(x, y), std::max(x, y)});
            }
        }
    }
}

void pairs_sweep_and_prune(std::span<const AABB> boxes, std::vector<BoxPair>& out) {
    std::vector<std::uint32_t> order, listed;
    detail::sweep_pairs(boxes, order, listed, out);
    sort_pairs(out);
}

void pairs_tree(std::span<const AABB> boxes, std::vector<BoxPair>& out) {
    out.clear();
    std::vector<AABB> clean(boxes.begin(), boxes.end());
    for (AABB& b : clean)
        if (!usable(b)) b = aabb_empty();
    const Bvh bvh = build_bvh(clean);
    if (bvh.nodes.empty()) return;
    std::vector<std::uint32_t> stack;
    for (std::uint32_t i = 0; i < clean.size(); ++i) {
        const AABB& q = clean[i];
        if (aabb_is_empty(q)) continue;
        stack.assign(1, 0);
        while (!stack.empty()) {
            const BvhNode& node = bvh.nodes[stack.back()];
            stack.pop_back();
            if (aabb_is_empty(node.box) || !aabb_overlaps_aabb(node.box, q)) continue;
            if (node.count > 0) {
                for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                    const std::uint32_t j = bvh.order[k];
                    if (j > i && !aabb_is_empty(clean[j]) && aabb_overlaps_aabb(clean[j], q)) out.push_back({i, j});
                }
            } else {
                stack.push_back(node.first + 1);
                stack.push_back(node.first);
            }
        }
    }
    sort_pairs(out);
}

}  // namespace shototsu
