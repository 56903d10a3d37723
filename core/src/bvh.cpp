// shototsu — binned-SAH BVH build (bvh.hpp).
//
// Each node costs two passes over its primitives: one bins their centroids on all three axes at
// once (box and count per bin), the other partitions them and gathers the children's centroid
// bounds on the way; the children's boxes come from the chosen split's bins. The primitives are
// kept as one array of references (box, centroid, index) reordered in place, so every pass reads
// memory sequentially. Everything is deterministic: float min/max and counts do not depend on the
// order they are taken in, the partition is our own two-pointer loop, and the median fallback
// sorts on a total order.
#include "shototsu/bvh.hpp"

#include <algorithm>
#include <limits>
#if !defined(__EMSCRIPTEN__)
#include <thread>
#endif

#include "shototsu/bounding.hpp"
#include "sort_detail.hpp"

namespace shototsu {

namespace {

constexpr int kBins = 16;
// Nodes with more primitives than this are binned on their widest axis only. These are the few
// top levels, where a pass over the primitives runs out of cache; measured, they choose the same
// splits almost always (the tree's SAH cost rose by < 0.5% on terrains, rooms and soups) while
// the build of 10^6 triangles got about a quarter faster.
constexpr std::uint32_t kAllAxesMaxCount = 4096;
constexpr float kInf = std::numeric_limits<float>::infinity();

// A primitive during the build: its box (an empty box is +inf..-inf, which min/max ignore), its
// centroid, and its index.
// Four float lanes (x, y, z, unused): the generic vector extension of GCC and Clang, which
// compiles to SSE natively and to scalar code or SIMD128 in wasm. Only min and max are taken
// lane-wise, and they are exact, so the tree does not depend on how they are compiled.
typedef float F4 __attribute__((vector_size(16)));
F4 f4(Vec3 v) { return F4{v.x, v.y, v.z, 0.0f}; }
F4 min4(F4 a, F4 b) { return a < b ? a : b; }
F4 max4(F4 a, F4 b) { return a > b ? a : b; }

struct Ref {
    F4 lo, hi;  // the box
    Vec3 c;     // its centroid
    std::uint32_t id;
};

struct Box {
    F4 lo{kInf, kInf, kInf, kInf}, hi{-kInf, -kInf, -kInf, -kInf};
    void grow(F4 l, F4 h) {
        lo = min4(lo, l);
        hi = max4(hi, h);
    }
    void grow(const Box& b) { grow(b.lo, b.hi); }
    void grow(Vec3 p) { grow(f4(p), f4(p)); }
    Vec3 min() const { return {lo[0], lo[1], lo[2]}; }
    Vec3 max() const { return {hi[0], hi[1], hi[2]}; }
    bool empty() const { return !(lo[0] <= hi[0] && lo[1] <= hi[1] && lo[2] <= hi[2]); }
    AABB aabb() const { return empty() ? aabb_empty() : AABB{min(), max()}; }
};

// Half the surface area: the SAH only compares areas, so the factor 2 is dropped.
float half_area(const Box& b) {
    if (b.empty()) return 0.0f;
    const Vec3 e = b.max() - b.min();
    return e.x * e.y + e.y * e.z + e.z * e.x;
}

// The bin of a centroid coordinate c on an axis starting at lo: (c - lo) * scale truncated to
// [0, kBins - 1]. The SAH counts and the partition use this one expression, so they agree. A NaN
// (from the infinite centroid of a box near the float range's end) goes to bin 0 rather than
// into an undefined float-to-int conversion.
int bin_of(float c, float lo, float scale, int bins) {
    const float x = (c - lo) * scale;
    if (!(x > 0.0f)) return 0;
    if (x >= static_cast<float>(bins - 1)) return bins - 1;
    return static_cast<int>(x);
}

// Bins for a node of `count` primitives: kBins, or as many as there are primitives (at least 4)
// in small nodes, where sweeping 16 mostly empty bins would cost more than binning.
int bins_for(std::uint32_t count) { return count < kBins ? std::max(4, static_cast<int>(count)) : kBins; }

struct Work {
    std::uint32_t node, begin, end;
    int depth;
    Box box, cbox;  // the primitives' bounds and their centroids' bounds
};

struct Split {
    int axis = -1;
    int bin = 0;  // primitives in bins [0, bin] go left
    float cost = 0.0f;
    Box left, right;
};

// The best binned-SAH split of refs[begin, end) (Wald 2007), over the axes whose centroids spread.
Split best_split(const std::vector<Ref>& refs, const Work& w) {
    struct Bin {
        Box box;
        std::uint32_t count = 0;
    };
    Bin bins[3][kBins];
    const std::uint32_t count = w.end - w.begin;
    const int nb = bins_for(count);
    const Vec3 extent = w.cbox.max() - w.cbox.min();
    int widest = 0;
    if (extent.y > component(extent, widest)) widest = 1;
    if (extent.z > component(extent, widest)) widest = 2;
    const bool one_axis = count > kAllAxesMaxCount;
    float lo[3], scale[3];
    bool usable[3];
    for (int axis = 0; axis < 3; ++axis) {
        lo[axis] = component(w.cbox.min(), axis);
        const float ext = component(extent, axis);
        usable[axis] = ext > 0.0f && (!one_axis || axis == widest);
        scale[axis] = usable[axis] ? static_cast<float>(nb) / ext : 0.0f;
    }
    if (one_axis) {
        for (std::uint32_t k = w.begin; k < w.end; ++k) {
            const Ref& r = refs[k];
            Bin& b = bins[widest][bin_of(component(r.c, widest), lo[widest], scale[widest], nb)];
            b.box.grow(r.lo, r.hi);
            ++b.count;
        }
    } else {
        // All three axes in one pass (an axis whose centroids do not spread has scale 0:
        // everything lands in its bin 0, which is never used).
        for (std::uint32_t k = w.begin; k < w.end; ++k) {
            const Ref& r = refs[k];
            Bin& bx = bins[0][bin_of(r.c.x, lo[0], scale[0], nb)];
            Bin& by = bins[1][bin_of(r.c.y, lo[1], scale[1], nb)];
            Bin& bz = bins[2][bin_of(r.c.z, lo[2], scale[2], nb)];
            bx.box.grow(r.lo, r.hi);
            by.box.grow(r.lo, r.hi);
            bz.box.grow(r.lo, r.hi);
            ++bx.count;
            ++by.count;
            ++bz.count;
        }
    }
    Split best;
    for (int axis = 0; axis < 3; ++axis) {
        if (!usable[axis]) continue;
        // Right-to-left sweep gives the right side's box and count for each split.
        Box right_box[kBins];
        std::uint32_t right_count[kBins];
        Box acc;
        std::uint32_t c = 0;
        for (int b = nb - 1; b > 0; --b) {
            acc.grow(bins[axis][b].box);
            c += bins[axis][b].count;
            right_box[b] = acc;
            right_count[b] = c;
        }
        acc = Box{};
        c = 0;
        for (int b = 0; b < nb - 1; ++b) {
            acc.grow(bins[axis][b].box);
            c += bins[axis][b].count;
            if (c == 0 || right_count[b + 1] == 0) continue;
            const float cost = half_area(acc) * static_cast<float>(c) +
                               half_area(right_box[b + 1]) * static_cast<float>(right_count[b + 1]);
            if (best.axis < 0 || cost < best.cost) best = {axis, b, cost, acc, right_box[b + 1]};
        }
    }
    return best;
}

// Our own two-pointer partition (std::partition's output order differs between standard
// libraries, and the tree must be the same natively and in wasm), gathering each side's
// centroid bounds: every reference is tested exactly once.
template <class Pred>
std::uint32_t partition_refs(std::vector<Ref>& refs, std::uint32_t begin, std::uint32_t end, Pred left, Box& lc,
                             Box& rc) {
    std::uint32_t i = begin, j = end;
    while (i < j) {
        if (left(refs[i])) {
            lc.grow(refs[i].c);
            ++i;
        } else {
            rc.grow(refs[i].c);
            --j;
            std::swap(refs[i], refs[j]);
        }
    }
    return i;
}

}  // namespace

// Makes node w.node a leaf (false) or splits it: appends its two children to `nodes` and
// returns them (true). `depth` keeps the deepest level seen.
bool process(std::vector<Ref>& refs, const Work& w, std::vector<BvhNode>& nodes, int& depth, Work& left_work,
             Work& right_work) {
    depth = std::max(depth, w.depth);
    const std::uint32_t count = w.end - w.begin;
    nodes[w.node].box = w.box.aabb();

    auto make_leaf = [&] {
        nodes[w.node].first = w.begin;
        nodes[w.node].count = count;
    };
    if (count <= 2) {
        make_leaf();
        return false;
    }

    std::uint32_t mid = w.begin;
    Box left_box, right_box, left_cbox, right_cbox;
    if (w.depth < kBvhSahMaxDepth) {
        const Split best = best_split(refs, w);
        const float leaf_cost = half_area(w.box) * static_cast<float>(count);
        if (count <= kBvhMaxLeafSize && (best.axis < 0 || best.cost >= leaf_cost)) {
            make_leaf();
            return false;
        }
        if (best.axis >= 0) {
            const int axis = best.axis;
            const float lo = component(w.cbox.min(), axis);
            const int nb = bins_for(count);
            const float scale = static_cast<float>(nb) / (component(w.cbox.max(), axis) - lo);
            mid = partition_refs(
                refs, w.begin, w.end,
                [&](const Ref& r) { return bin_of(component(r.c, axis), lo, scale, nb) <= best.bin; }, left_cbox,
                right_cbox);
            left_box = best.left;
            right_box = best.right;
        }
    }
    if (mid == w.begin || mid == w.end) {
        // No usable SAH split (identical centroids, or too deep): split by count along the
        // widest axis, ordered by (centroid, index) — a total order, so every standard library
        // sorts it the same way.
        const Vec3 extent = w.cbox.max() - w.cbox.min();
        int axis = 0;
        if (extent.y > component(extent, axis)) axis = 1;
        if (extent.z > component(extent, axis)) axis = 2;
        detail::sort_range(refs.data() + w.begin, refs.data() + w.end, [axis](const Ref& a, const Ref& b) {
            const float ca = component(a.c, axis), cb = component(b.c, axis);
            return ca < cb || (!(cb < ca) && a.id < b.id);
        });
        mid = w.begin + count / 2;
        left_box = right_box = left_cbox = right_cbox = Box{};
        for (std::uint32_t k = w.begin; k < w.end; ++k) {
            const Ref& r = refs[k];
            (k < mid ? left_box : right_box).grow(r.lo, r.hi);
            (k < mid ? left_cbox : right_cbox).grow(r.c);
        }
    }

    const std::uint32_t left = static_cast<std::uint32_t>(nodes.size());
    nodes[w.node].first = left;
    nodes[w.node].count = 0;
    nodes.push_back({});
    nodes.push_back({});
    left_work = {left, w.begin, mid, w.depth + 1, left_box, left_cbox};
    right_work = {left + 1, mid, w.end, w.depth + 1, right_box, right_cbox};
    return true;
}

// Builds the subtree of `root` (whose node is already in `nodes`) depth-first: a node's two
// children are allocated together, then the whole left subtree, then the right one.
void build_subtree(std::vector<Ref>& refs, const Work& root, std::vector<BvhNode>& nodes, int& depth) {
    std::vector<Work> stack{root};
    while (!stack.empty()) {
        const Work w = stack.back();
        stack.pop_back();
        Work l, r;
        if (!process(refs, w, nodes, depth, l, r)) continue;
        stack.push_back(r);  // right first, so the left subtree is built (and laid out) first
        stack.push_back(l);
    }
}

Bvh build_bvh(std::span<const AABB> input, int threads) {
    Bvh bvh;
    const std::uint32_t n = static_cast<std::uint32_t>(input.size());
    if (n == 0) return bvh;

    // Boxes with NaN, or empty on any axis, become the empty box; their centroid is the origin so
    // they land somewhere harmless.
    std::vector<Ref> refs(n);
    Work root{0, 0, n, 1, {}, {}};
    for (std::uint32_t i = 0; i < n; ++i) {
        const AABB& b = input[i];
        Ref& r = refs[i];
        r.id = i;
        if (is_finite(b.min) && is_finite(b.max) && !aabb_is_empty(b)) {
            r.lo = f4(b.min);
            r.hi = f4(b.max);
            r.c = aabb_center(b);
        } else {
            r.lo = Box{}.lo;
            r.hi = Box{}.hi;
            r.c = {0, 0, 0};
        }
        root.box.grow(r.lo, r.hi);
        root.cbox.grow(r.c);
    }

    // A binary tree over n leaves of >= 1 primitive has at most 2n - 1 nodes; most have far fewer.
    bvh.nodes.reserve(n);
    bvh.nodes.push_back({});
    Work left, right;
#if defined(__EMSCRIPTEN__)
    (void)threads;  // no threads in the package's wasm
    (void)left;
    (void)right;
    build_subtree(refs, root, bvh.nodes, bvh.depth);
#else
    if (threads < 2 || n < kBvhParallelMinCount) {
        build_subtree(refs, root, bvh.nodes, bvh.depth);
    } else if (process(refs, root, bvh.nodes, bvh.depth, left, right)) {
        // The root's two subtrees in two threads, each into its own array with its root at 0,
        // spliced into exactly the layout one thread makes: root, its children (1, 2), every
        // descendant of 1, then every descendant of 2. They touch disjoint ranges of `refs`.
        std::vector<BvhNode> a{BvhNode{}}, b{BvhNode{}};
        int depth_a = 0, depth_b = 0;
        Work la = left, rb = right;
        la.node = 0;
        rb.node = 0;
        {
            std::thread other([&] { build_subtree(refs, rb, b, depth_b); });
            build_subtree(refs, la, a, depth_a);
            other.join();
        }
        const std::uint32_t base_b = static_cast<std::uint32_t>(3 + (a.size() - 1));
        // Local index k >= 1 of `a` lands at k + 2, of `b` at base_b + k - 1; an inner node's
        // `first` (its children's local index) moves with them, a leaf's (into refs) does not.
        auto place = [](BvhNode node, std::uint32_t offset) {
            if (node.count == 0) node.first += offset;
            return node;
        };
        bvh.nodes.resize(3 + (a.size() - 1) + (b.size() - 1));
        bvh.nodes[1] = place(a[0], 2);
        bvh.nodes[2] = place(b[0], base_b - 1);
        for (std::size_t k = 1; k < a.size(); ++k) bvh.nodes[k + 2] = place(a[k], 2);
        for (std::size_t k = 1; k < b.size(); ++k) bvh.nodes[base_b + k - 1] = place(b[k], base_b - 1);
        bvh.depth = std::max(bvh.depth, std::max(depth_a, depth_b));
    }
#endif
    bvh.nodes.shrink_to_fit();
    bvh.order.resize(n);
    for (std::uint32_t k = 0; k < n; ++k) bvh.order[k] = refs[k].id;
    return bvh;
}

void widen(Bvh& bvh) {
    bvh.wide.clear();
    bvh.wide_source.clear();
    if (bvh.nodes.empty()) return;
    const float inf = std::numeric_limits<float>::infinity();
    // (binary node whose children the wide node takes, the wide node). A binary root that is a
    // leaf becomes the one child of the wide root.
    struct Work {
        std::uint32_t binary, wide;
    };
    std::vector<Work> stack;
    bvh.wide.reserve(bvh.nodes.size() / 2 + 1);
    bvh.wide.emplace_back();
    stack.push_back({0, 0});
    while (!stack.empty()) {
        const Work w = stack.back();
        stack.pop_back();
        std::uint32_t kids[4];
        int n = 0;
        const BvhNode& top = bvh.nodes[w.binary];
        if (top.count > 0) {
            kids[n++] = w.binary;  // only the root is ever a leaf here
        } else {
            kids[n++] = top.first;
            kids[n++] = top.first + 1;
        }
        while (n < 4) {
            int pick = -1;
            float pick_area = -1.0f;
            for (int k = 0; k < n; ++k) {
                const BvhNode& c = bvh.nodes[kids[k]];
                if (c.count > 0) continue;
                const Vec3 e = c.box.max - c.box.min;
                const float area = c.box.min.x <= c.box.max.x ? e.x * e.y + e.y * e.z + e.z * e.x : 0.0f;
                if (area > pick_area) {
                    pick = k;
                    pick_area = area;
                }
            }
            if (pick < 0) break;
            const std::uint32_t first = bvh.nodes[kids[pick]].first;
            for (int k = n; k > pick + 1; --k) kids[k] = kids[k - 1];
            kids[pick] = first;
            kids[pick + 1] = first + 1;
            ++n;
        }
        BvhNode4 node;
        for (int k = 0; k < 4; ++k) {
            node.min_x[k] = node.min_y[k] = node.min_z[k] = inf;
            node.max_x[k] = node.max_y[k] = node.max_z[k] = -inf;
            node.child[k] = 0;
            node.count[k] = 0;
        }
        for (int k = 0; k < n; ++k) {
            const BvhNode& c = bvh.nodes[kids[k]];
            if (c.box.min.x <= c.box.max.x && c.box.min.y <= c.box.max.y && c.box.min.z <= c.box.max.z) {
                node.min_x[k] = c.box.min.x;
                node.min_y[k] = c.box.min.y;
                node.min_z[k] = c.box.min.z;
                node.max_x[k] = c.box.max.x;
                node.max_y[k] = c.box.max.y;
                node.max_z[k] = c.box.max.z;
            }
            if (c.count > 0) {
                node.child[k] = c.first;
                node.count[k] = c.count;
            } else {
                node.child[k] = static_cast<std::uint32_t>(bvh.wide.size());
                bvh.wide.emplace_back();
                stack.push_back({kids[k], node.child[k]});
            }
        }
        bvh.wide[w.wide] = node;
        if (bvh.wide_source.size() < 4 * bvh.wide.size()) bvh.wide_source.resize(4 * bvh.wide.size(), kBvhNoNode);
        for (int k = 0; k < 4; ++k) bvh.wide_source[4 * w.wide + k] = k < n ? kids[k] : kBvhNoNode;
    }
    bvh.wide.shrink_to_fit();
    bvh.wide_source.resize(4 * bvh.wide.size(), kBvhNoNode);
    bvh.wide_source.shrink_to_fit();
}

void refit_wide(Bvh& bvh) {
    const float inf = std::numeric_limits<float>::infinity();
    for (std::size_t w = 0; w < bvh.wide.size(); ++w) {
        BvhNode4& node = bvh.wide[w];
        for (int k = 0; k < 4; ++k) {
            const std::uint32_t src = bvh.wide_source[4 * w + k];
            if (src == kBvhNoNode) continue;
            const AABB& b = bvh.nodes[src].box;
            // Empty boxes (and the NaN-free "nothing finite" leaves) are absent children.
            const bool present = b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z;
            node.min_x[k] = present ? b.min.x : inf;
            node.min_y[k] = present ? b.min.y : inf;
            node.min_z[k] = present ? b.min.z : inf;
            node.max_x[k] = present ? b.max.x : -inf;
            node.max_y[k] = present ? b.max.y : -inf;
            node.max_z[k] = present ? b.max.z : -inf;
        }
    }
}

}  // namespace shototsu

namespace shototsu {

float bvh_sah_cost(const Bvh& bvh) {
    if (bvh.nodes.empty()) return 0.0f;
    const float root = aabb_surface_area(bvh.nodes[0].box);
    if (!(root > 0.0f)) return 0.0f;
    double sum = 0.0;
    for (const BvhNode& n : bvh.nodes) {
        if (aabb_is_empty(n.box)) continue;
        sum += static_cast<double>(aabb_surface_area(n.box)) * (n.count > 0 ? n.count : 1);
    }
    return static_cast<float>(sum / root);
}

void refit_bvh(Bvh& bvh, std::span<const AABB> boxes) {
    for (std::size_t i = bvh.nodes.size(); i-- > 0;) {
        BvhNode& n = bvh.nodes[i];
        AABB b = aabb_empty();
        if (n.count > 0) {
            for (std::uint32_t k = n.first; k < n.first + n.count; ++k)
                if (!aabb_is_empty(boxes[k])) b = aabb_merge(b, boxes[k]);
        } else {
            const AABB& l = bvh.nodes[n.first].box;
            const AABB& r = bvh.nodes[n.first + 1].box;
            if (!aabb_is_empty(l)) b = aabb_merge(b, l);
            if (!aabb_is_empty(r)) b = aabb_merge(b, r);
        }
        n.box = b;
    }
}

}  // namespace shototsu
