// shototsu — binned-SAH BVH build (bvh.hpp).
#include "shototsu/bvh.hpp"

#include <algorithm>

#include "shototsu/bounding.hpp"

namespace shototsu {

namespace {

constexpr int kBins = 16;

struct Bin {
    AABB box = aabb_empty();
    std::uint32_t count = 0;
};

struct Work {
    std::uint32_t node, begin, end;
    int depth;
};

// Half the surface area: the SAH only compares areas, so the factor 2 is dropped.
float half_area(const AABB& b) {
    if (aabb_is_empty(b)) return 0.0f;
    const Vec3 e = b.max - b.min;
    return e.x * e.y + e.y * e.z + e.z * e.x;
}

// The bin of a centroid coordinate c on an axis starting at lo: (c - lo) * scale truncated to
// [0, kBins - 1]. The SAH counts and the partition use this one expression, so they agree. A NaN
// (from the infinite centroid of a box near the float range's end) goes to bin 0 rather than
// into an undefined float-to-int conversion.
int bin_of(float c, float lo, float scale) {
    const float x = (c - lo) * scale;
    if (!(x > 0.0f)) return 0;
    if (x >= static_cast<float>(kBins - 1)) return kBins - 1;
    return static_cast<int>(x);
}

struct Split {
    int axis = -1;
    int bin = 0;  // primitives in bins [0, bin] go left
    float cost = 0.0f;
};

// Our own two-pointer partition: std::partition's output order differs between libstdc++ and
// libc++, and the tree must be the same natively and in wasm.
template <class Pred>
std::uint32_t partition_range(std::vector<std::uint32_t>& order, std::uint32_t begin, std::uint32_t end, Pred left) {
    std::uint32_t i = begin, j = end;
    while (i < j) {
        if (left(order[i])) {
            ++i;
        } else {
            --j;
            std::swap(order[i], order[j]);
        }
    }
    return i;
}

}  // namespace

Bvh build_bvh(std::span<const AABB> input) {
    Bvh bvh;
    const std::uint32_t n = static_cast<std::uint32_t>(input.size());
    if (n == 0) return bvh;

    // Boxes with NaN become empty; their centroid is the origin so they land somewhere harmless.
    std::vector<AABB> boxes(input.begin(), input.end());
    std::vector<Vec3> centroids(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        AABB& b = boxes[i];
        if (!is_finite(b.min) || !is_finite(b.max)) b = aabb_empty();
        centroids[i] = aabb_is_empty(b) ? Vec3{0, 0, 0} : aabb_center(b);
    }

    bvh.order.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) bvh.order[i] = i;
    bvh.nodes.reserve(2 * static_cast<std::size_t>(n) / 2 + 1);
    bvh.nodes.push_back({});

    std::vector<Work> stack;
    stack.push_back({0, 0, n, 1});
    while (!stack.empty()) {
        const Work w = stack.back();
        stack.pop_back();
        bvh.depth = std::max(bvh.depth, w.depth);
        const std::uint32_t count = w.end - w.begin;

        AABB box = aabb_empty();
        AABB cbox = aabb_empty();
        for (std::uint32_t k = w.begin; k < w.end; ++k) {
            const std::uint32_t p = bvh.order[k];
            box = aabb_merge(box, boxes[p]);
            cbox = aabb_grow(cbox, centroids[p]);
        }
        bvh.nodes[w.node].box = box;

        auto make_leaf = [&] {
            bvh.nodes[w.node].first = w.begin;
            bvh.nodes[w.node].count = count;
        };
        if (count <= 2) {
            make_leaf();
            continue;
        }

        std::uint32_t mid = w.begin;
        const Vec3 extent = cbox.max - cbox.min;
        if (w.depth < kBvhSahMaxDepth) {
            // Binned SAH on each axis whose centroids spread out.
            Split best;
            for (int axis = 0; axis < 3; ++axis) {
                const float lo = component(cbox.min, axis), ext = component(extent, axis);
                if (!(ext > 0.0f)) continue;
                const float scale = static_cast<float>(kBins) / ext;
                Bin bins[kBins];
                for (std::uint32_t k = w.begin; k < w.end; ++k) {
                    const std::uint32_t p = bvh.order[k];
                    const int b = bin_of(component(centroids[p], axis), lo, scale);
                    bins[b].box = aabb_merge(bins[b].box, boxes[p]);
                    ++bins[b].count;
                }
                // Right-to-left sweep gives the right side's area and count for each split.
                float right_area[kBins];
                std::uint32_t right_count[kBins];
                AABB acc = aabb_empty();
                std::uint32_t c = 0;
                for (int b = kBins - 1; b > 0; --b) {
                    acc = aabb_merge(acc, bins[b].box);
                    c += bins[b].count;
                    right_area[b] = half_area(acc);
                    right_count[b] = c;
                }
                acc = aabb_empty();
                c = 0;
                for (int b = 0; b < kBins - 1; ++b) {
                    acc = aabb_merge(acc, bins[b].box);
                    c += bins[b].count;
                    if (c == 0 || right_count[b + 1] == 0) continue;
                    const float cost = half_area(acc) * static_cast<float>(c) +
                                       right_area[b + 1] * static_cast<float>(right_count[b + 1]);
                    if (best.axis < 0 || cost < best.cost) best = {axis, b, cost};
                }
            }
            const float leaf_cost = half_area(box) * static_cast<float>(count);
            if (best.axis < 0 || (best.cost >= leaf_cost && count <= kBvhMaxLeafSize)) {
                if (count <= kBvhMaxLeafSize) {
                    make_leaf();
                    continue;
                }
            }
            if (best.axis >= 0) {
                const int axis = best.axis;
                const float lo = component(cbox.min, axis);
                const float scale = static_cast<float>(kBins) / component(extent, axis);
                mid = partition_range(bvh.order, w.begin, w.end, [&](std::uint32_t p) {
                    return bin_of(component(centroids[p], axis), lo, scale) <= best.bin;
                });
            }
        }
        if (mid == w.begin || mid == w.end) {
            // No usable SAH split (identical centroids, or too deep): split by count along the
            // widest axis, ordered by (centroid, index) — a total order, so every standard library
            // sorts it the same way.
            int axis = 0;
            if (extent.y > component(extent, axis)) axis = 1;
            if (extent.z > component(extent, axis)) axis = 2;
            std::sort(bvh.order.begin() + w.begin, bvh.order.begin() + w.end, [&](std::uint32_t a, std::uint32_t b) {
                const float ca = component(centroids[a], axis), cb = component(centroids[b], axis);
                return ca < cb || (!(cb < ca) && a < b);
            });
            mid = w.begin + count / 2;
        }

        const std::uint32_t left = static_cast<std::uint32_t>(bvh.nodes.size());
        bvh.nodes[w.node].first = left;
        bvh.nodes[w.node].count = 0;
        bvh.nodes.push_back({});
        bvh.nodes.push_back({});
        // Right first so the left subtree is built (and laid out) first: better locality.
        stack.push_back({left + 1, mid, w.end, w.depth + 1});
        stack.push_back({left, w.begin, mid, w.depth + 1});
    }
    return bvh;
}

}  // namespace shototsu
