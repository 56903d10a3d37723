// shototsu (internal) — ray setup and ordered BVH traversal shared by the world's ray and cast
// queries.
#pragma once

#include <cmath>
#include <cstring>
#if defined(__SSE__)
#include <xmmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif
#include <limits>
#include <type_traits>

#include "shototsu/bvh.hpp"
#include "shototsu/results.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"

namespace shototsu::detail {

struct RaySetup {
    Vec3 origin, dir, inv;

    /// False (a miss) for a non-finite origin, a zero or non-finite direction, or a max
    /// distance that is negative or NaN (+inf is allowed).
    bool init(Vec3 o, Vec3 d, float max_distance) {
        if (!is_finite(o) || !is_finite(d) || !(max_distance >= 0.0f)) return false;
        dir = normalize_or(d, Vec3{0, 0, 0});
        if (dir == Vec3{0, 0, 0}) return false;
        origin = o;
        auto inverse = [](float c) { return 1.0f / (c == 0.0f ? tol::kSlabTinyDirection : c); };
        inv = {inverse(dir.x), inverse(dir.y), inverse(dir.z)};
        return true;
    }
};

/// Distance along the ray at which it enters `box` grown by `grow` on every side, clamped to
/// [0, limit]; +inf when it misses within that range (or the box is empty).
inline float ray_box_entry(const RaySetup& r, const AABB& box, Vec3 grow, float limit) {
    if (box.min.x > box.max.x) return std::numeric_limits<float>::infinity();
    const float t1x = (box.min.x - grow.x - r.origin.x) * r.inv.x, t2x = (box.max.x + grow.x - r.origin.x) * r.inv.x;
    const float t1y = (box.min.y - grow.y - r.origin.y) * r.inv.y, t2y = (box.max.y + grow.y - r.origin.y) * r.inv.y;
    const float t1z = (box.min.z - grow.z - r.origin.z) * r.inv.z, t2z = (box.max.z + grow.z - r.origin.z) * r.inv.z;
    const float lo = maxf(maxf(minf(t1x, t2x), minf(t1y, t2y)), maxf(minf(t1z, t2z), 0.0f));
    const float hi = minf(minf(maxf(t1x, t2x), maxf(t1y, t2y)), minf(maxf(t1z, t2z), limit));
    return lo <= hi ? lo : std::numeric_limits<float>::infinity();
}

/// The exact box of a triangle (min and max of its vertices); NaN coordinates make comparisons
/// with it false, so callers' "outside" tests keep such a triangle for the exact test to reject.
inline AABB triangle_box(const Triangle& t) { return {vmin(vmin(t.a, t.b), t.c), vmax(vmax(t.a, t.b), t.c)}; }

/// The box World::overlap_sphere and World::overlap_capsule walk for a shape whose box is `b`, in a
/// world of magnitude `scene` (World::scene_magnitude): `b` grown by the traversal slop and by the
/// contacts' touching noise, so that every triangle the contact test finds touching meets it.
AABB grown_query_box(const AABB& b, float scene);

/// The traversal slop (tol::kTraversalSlopRel) for a query near `origin` of length `length` and
/// half size `grow` against a hierarchy: in distance units. Not inlined: it runs once per query and
/// per mesh, and its copies in every cast and query walk cost 2 kB of wasm gzip with
/// placement_margin.
[[gnu::noinline]] inline float traversal_slop(const Bvh& bvh, Vec3 origin, float length, Vec3 grow) {
    if (bvh.nodes.empty()) return 0.0f;
    const AABB& b = bvh.nodes[0].box;
    const Vec3 m = vmax(vmax(vabs(b.min), vabs(b.max)), vabs(origin));
    const float mag =
        maxf(maxf(m.x, m.y), m.z) + (std::isfinite(length) ? length : 0.0f) + maxf(maxf(grow.x, grow.y), grow.z);
    return tol::kTraversalSlopRel * mag;
}

/// Four float lanes: the generic vector extension of GCC and Clang (SSE natively; SIMD128 or
/// scalar code in wasm). Only exact operations are used on it (+, -, *, comparisons and selects),
/// so every lane holds the same bits as the scalar expression would.
typedef float F4 __attribute__((vector_size(16)));
typedef int I4 __attribute__((vector_size(16)));
inline F4 f4_load(const float (&v)[4]) {
    F4 r;
    std::memcpy(&r, v, sizeof r);
    return r;
}
/// Bit k set when lane k of the comparison result `m` is true.
inline unsigned i4_mask(I4 m) {
#if defined(__SSE__)
    return static_cast<unsigned>(_mm_movemask_ps(reinterpret_cast<__m128>(m)));
#elif defined(__wasm_simd128__)
    return static_cast<unsigned>(wasm_i32x4_bitmask(reinterpret_cast<v128_t>(m)));
#else
    return (m[0] != 0 ? 1u : 0u) | (m[1] != 0 ? 2u : 0u) | (m[2] != 0 ? 4u : 0u) | (m[3] != 0 ? 8u : 0u);
#endif
}
/// Asks for the cache lines of `p` (`bytes` > 0 long) ahead of use. wasm has no prefetch
/// instruction: a load whose value is dropped does the same there, as the CPU goes on past it.
inline void prefetch(const void* p, std::size_t bytes) {
    const char* c = static_cast<const char*>(p);
    const auto touch = [](const char* a) {
#if defined(__wasm__)
        (void)*static_cast<const volatile char*>(a);
#else
        __builtin_prefetch(a);
#endif
    };
    touch(c);  // then the first byte of every further line the range reaches
    for (std::size_t k = 64 - (reinterpret_cast<std::uintptr_t>(c) & 63); k < bytes; k += 64) touch(c + k);
}
inline int lowest_bit(unsigned m) { return __builtin_ctz(m); }
inline F4 f4_splat(float v) { return F4{v, v, v, v}; }
/// Lane-wise a < b ? a : b (SSE's minps). In wasm, written as SIMD128's pmin with the operands
/// swapped (pmin(x, y) is y < x ? y : x): the same bits in every case, NaN and signed zeros
/// included, in one instruction where the compare-and-select it would otherwise compile to costs
/// V8 a handful.
inline F4 f4_min(F4 a, F4 b) {
#if defined(__wasm_simd128__)
    return reinterpret_cast<F4>(wasm_f32x4_pmin(reinterpret_cast<v128_t>(b), reinterpret_cast<v128_t>(a)));
#else
    return a < b ? a : b;
#endif
}
/// Lane-wise a > b ? a : b (SSE's maxps); in wasm pmax(b, a), which is a > b ? a : b exactly.
inline F4 f4_max(F4 a, F4 b) {
#if defined(__wasm_simd128__)
    return reinterpret_cast<F4>(wasm_f32x4_pmax(reinterpret_cast<v128_t>(b), reinterpret_cast<v128_t>(a)));
#else
    return a > b ? a : b;
#endif
}

/// triangle_box(t) on lanes x, y, z (the fourth is 0): f4_min and f4_max are vmin's and vmax's
/// selects, applied in the same order, so the same bits (NaN and signed zeros included).
inline void triangle_box_lanes(const Triangle& t, F4& lo, F4& hi) {
    const F4 a{t.a.x, t.a.y, t.a.z, 0.0f}, b{t.b.x, t.b.y, t.b.z, 0.0f}, c{t.c.x, t.c.y, t.c.z, 0.0f};
    lo = f4_min(f4_min(a, b), c);
    hi = f4_max(f4_max(a, b), c);
}

/// The depth-first walk of a binary hierarchy (Bvh::nodes or the top level; an inner node's
/// children at first and first + 1) that the box, point and column queries share. `enter(node)`
/// says whether a node may hold anything for the query, `leaf(node)` visits a leaf entered, and
/// `left_first(left, right)` whether an inner node's left child is visited before its right one
/// (the nearer first tightens a best-so-far sooner). Bvh nodes hold at most kBvhMaxDepth levels,
/// so the stack never overflows.
template <class Enter, class Leaf, class LeftFirst>
void walk_tree(const BvhNode* nodes, Enter&& enter, Leaf&& leaf, LeftFirst&& left_first) {
    std::uint32_t stack[kTraversalStack];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const BvhNode& node = nodes[stack[--top]];
        if (!enter(node)) continue;
        if (node.count > 0) {
            leaf(node);
        } else {
            const bool lf = left_first(nodes[node.first], nodes[node.first + 1]);
            stack[top++] = lf ? node.first + 1 : node.first;
            stack[top++] = lf ? node.first : node.first + 1;
        }
    }
}

/// One query's ordered walk through the four-wide tree (Bvh::wide, which must have been made by
/// widen()), a node or a leaf per step(): traverse_ray runs one to its end; a batch can advance
/// two in turn, so that the cache misses of one overlap the work of the other (each step asks
/// for the node it will test next before returning). Visits the leaves whose boxes, grown by
/// `grow` and the slop, the ray enters before `limit` + slop, nearest first. `leaf(first, count)`
/// returns the new limit; a negative limit ends the walk. The order of the visits only changes
/// how much is pruned, never the answer: every caller keeps the best hit by a total order.
template <class Leaf>
class RayWalk {
public:
    RayWalk(const Bvh& bvh, const RaySetup& r, float limit, Vec3 grow_in, Leaf& leaf) : bvh_(bvh), r_(r), leaf_(leaf) {
        if (bvh.wide.empty()) {
            done_ = true;
            return;
        }
        slop_ = traversal_slop(bvh, r.origin, limit, grow_in);
        grow_ = grow_in + Vec3{slop_, slop_, slop_};
        limit_ = limit + slop_;
        // The box swept by the (grown) query up to `limit`: a cheap first test before the slabs.
        // It pays for short casts (a particle's step, a character's move); for a ray across the
        // scene it rejects nothing, so it is skipped there.
        const Vec3 root_extent = bvh.nodes[0].box.max - bvh.nodes[0].box.min;
        short_query_ = std::isfinite(limit_) && 4.0f * limit_ < maxf(maxf(root_extent.x, root_extent.y), root_extent.z);
        update_swept();
        // Slab planes of a box grown by `grow`: (min - grow - o) inv = (min - lo) inv, lo = o + grow.
        const Vec3 lo_o = r.origin + grow_, hi_o = r.origin - grow_;
        lo_x_ = f4_splat(lo_o.x), lo_y_ = f4_splat(lo_o.y), lo_z_ = f4_splat(lo_o.z);
        hi_x_ = f4_splat(hi_o.x), hi_y_ = f4_splat(hi_o.y), hi_z_ = f4_splat(hi_o.z);
        inv_x_ = f4_splat(r.inv.x), inv_y_ = f4_splat(r.inv.y), inv_z_ = f4_splat(r.inv.z);
    }
    bool done() const { return done_; }

    /// Tests the node or leaf at hand and moves to the next; false once the walk has ended.
    bool step() {
        if (cur_.count > 0) {
            const float next = leaf_(cur_.index, cur_.count);
            if (next < 0.0f) return end();
            if (next + slop_ < limit_) {
                limit_ = next + slop_;
                update_swept();
            }
        } else {
            const BvhNode4& n = bvh_.wide[cur_.index];
            F4 enter;
            unsigned mask = entered(n, enter);
            if (mask != 0) {
                if ((mask & (mask - 1)) == 0) {  // one child entered: go straight down
                    const int k = lowest_bit(mask);
                    return visit({n.child[k], n.count[k], enter[k]});
                }
                // Several: sorted by entry distance straight onto the stack, farthest deepest,
                // and the nearest taken off again. (Sorting in a local array and copying it over
                // compiled to a call of memcpy in wasm.)
                Entry* found = stack_ + top_;
                int h = 0;
                for (; mask != 0; mask &= mask - 1) {
                    const int k = lowest_bit(mask);
                    const Entry c{n.child[k], n.count[k], enter[k]};
                    int j = h++;
                    for (; j > 0 && found[j - 1].enter < c.enter; --j) found[j] = found[j - 1];
                    found[j] = c;
                }
                // The waiting nodes (and leaves' triangles, when the leaf test offers them) are
                // fetched now: by the time the stack gets back to them, they are in cache.
                for (int k = 0; k < h - 1; ++k) {
                    if (found[k].count == 0)
                        prefetch(&bvh_.wide[found[k].index], sizeof(BvhNode4));
                    else if constexpr (requires { leaf_.prefetch(found[k].index, found[k].count); })
                        leaf_.prefetch(found[k].index, found[k].count);
                }
                top_ += h - 1;
                return visit(stack_[top_]);
            }
        }
        // Next: the nearest waiting entry that the (maybe shortened) limit still reaches.
        Entry next;
        do {
            if (top_ == 0) return end();
            next = stack_[--top_];
        } while (next.enter > limit_);
        return visit(next);
    }

    /// Runs the whole walk for a leaf test that never shortens the limit nor stops it (it returns
    /// the limit it was given: raycast_all): the same leaves as step() visits, in another order.
    /// Nodes and leaves are taken first in, first out, each asked for when it is found, so that
    /// the nodes of a level load side by side and have arrived when their turn comes; past
    /// kUnorderedFifo waiting, last in, first out (depth first) keeps the queue bounded.
    void run_unordered() {
        if (done_) return;
        constexpr unsigned kRing = 512, kMask = kRing - 1;
        static_assert(kUnorderedFifo + 4 + kWideTraversalStack <= kRing, "the queue must hold a depth-first walk");
        Entry queue[kRing];
        unsigned head = 0, tail = 0;
        queue[tail++] = cur_;
        while (tail != head) {
            const Entry e = tail - head >= kUnorderedFifo ? queue[--tail & kMask] : queue[head++ & kMask];
            if (e.count > 0) {
                leaf_(e.index, e.count);
                continue;
            }
            F4 enter;
            for (unsigned mask = entered(bvh_.wide[e.index], enter); mask != 0; mask &= mask - 1) {
                const int k = lowest_bit(mask);
                const BvhNode4& n = bvh_.wide[e.index];
                const Entry c{n.child[k], n.count[k], enter[k]};
                visit(c);
                queue[tail++ & kMask] = c;
            }
        }
        end();
    }

private:
    static constexpr unsigned kUnorderedFifo = 128;
    struct Entry {
        std::uint32_t index;  // a wide node, or the first primitive of a leaf
        std::uint32_t count;  // 0 for a wide node
        float enter;
    };
    /// The children of `n` the ray enters within the limit (bit k for child k), and where.
    unsigned entered(const BvhNode4& n, F4& enter) const {
        const F4 bmin_x = f4_load(n.min_x), bmin_y = f4_load(n.min_y), bmin_z = f4_load(n.min_z);
        const F4 bmax_x = f4_load(n.max_x), bmax_y = f4_load(n.max_y), bmax_z = f4_load(n.max_z);
        const F4 t1x = (bmin_x - lo_x_) * inv_x_, t2x = (bmax_x - hi_x_) * inv_x_;
        const F4 t1y = (bmin_y - lo_y_) * inv_y_, t2y = (bmax_y - hi_y_) * inv_y_;
        const F4 t1z = (bmin_z - lo_z_) * inv_z_, t2z = (bmax_z - hi_z_) * inv_z_;
        enter = f4_max(f4_max(f4_min(t1x, t2x), f4_min(t1y, t2y)), f4_max(f4_min(t1z, t2z), f4_splat(0.0f)));
        const F4 leave = f4_min(f4_min(f4_max(t1x, t2x), f4_max(t1y, t2y)), f4_min(f4_max(t1z, t2z), f4_splat(limit_)));
        // Lanes of empty boxes (min > max) are absent children.
        I4 hit = (enter <= leave) & (bmin_x <= bmax_x);
        if (short_query_)
            hit &= (bmin_x <= sw_max_x_) & (bmax_x >= sw_min_x_) & (bmin_y <= sw_max_y_) & (bmax_y >= sw_min_y_) &
                   (bmin_z <= sw_max_z_) & (bmax_z >= sw_min_z_);
        return i4_mask(hit);
    }
    bool end() {
        done_ = true;
        return false;
    }
    // Makes `e` the entry at hand, asking for its node's cache lines (or, when the leaf test
    // offers it, its primitives').
    bool visit(Entry e) {
        cur_ = e;
        if (e.count == 0)
            prefetch(&bvh_.wide[e.index], sizeof(BvhNode4));
        else if constexpr (requires { leaf_.prefetch(e.index, e.count); })
            leaf_.prefetch(e.index, e.count);
        return true;
    }
    void update_swept() {
        if (!short_query_) return;
        const Vec3 end = r_.origin + r_.dir * limit_;
        const Vec3 lo = vmin(r_.origin, end) - grow_, hi = vmax(r_.origin, end) + grow_;
        sw_min_x_ = f4_splat(lo.x), sw_min_y_ = f4_splat(lo.y), sw_min_z_ = f4_splat(lo.z);
        sw_max_x_ = f4_splat(hi.x), sw_max_y_ = f4_splat(hi.y), sw_max_z_ = f4_splat(hi.z);
    }

    const Bvh& bvh_;
    const RaySetup& r_;
    Leaf& leaf_;
    bool done_ = false, short_query_ = false;
    float slop_ = 0.0f, limit_ = 0.0f;
    Vec3 grow_;
    F4 lo_x_, lo_y_, lo_z_, hi_x_, hi_y_, hi_z_, inv_x_, inv_y_, inv_z_;
    F4 sw_min_x_, sw_min_y_, sw_min_z_, sw_max_x_, sw_max_y_, sw_max_z_;
    // `cur_` is the node or leaf at hand; the children entered besides the nearest wait on the
    // stack, farthest deepest, so the nearest is always visited next.
    Entry cur_{0, 0, 0.0f};
    Entry stack_[kWideTraversalStack];
    int top_ = 0;
};

/// Walks `bvh` for one query to the end (RayWalk).
template <class Leaf>
void traverse_ray(const Bvh& bvh, const RaySetup& r, float limit, Vec3 grow, Leaf&& leaf) {
    RayWalk<std::remove_reference_t<Leaf>> walk(bvh, r, limit, grow, leaf);
    if (walk.done()) return;
    while (walk.step()) {}
}

/// Walks `bvh` for one query whose leaf test never shortens the limit (RayWalk::run_unordered).
template <class Leaf>
void traverse_ray_unordered(const Bvh& bvh, const RaySetup& r, float limit, Vec3 grow, Leaf& leaf) {
    RayWalk<Leaf> walk(bvh, r, limit, grow, leaf);
    walk.run_unordered();
}

/// The earliest of the sweep hits (SweepHit or TriangleSweepHit) offered against a world's
/// triangles, ties broken by (mesh, triangle): the answer does not depend on the order the
/// candidates come in. The world's casts and the particles' and characters' cached casts share it.
struct EarliestSweep {
    WorldHit best;   // hit, mesh and triangle so far
    float t = 1.0f;  // the best hit's fraction of the motion
    SweepHit sweep;  // the best hit's centre, contact and normal

    template <class Hit>
    void offer(const Hit& h, std::uint32_t object, std::uint32_t triangle) {
        if (!h.hit) return;
        if (best.hit &&
            !(h.t < t || (h.t == t && (object < best.object || (object == best.object && triangle < best.triangle)))))
            return;
        best.hit = true;
        best.object = object;
        best.triangle = triangle;
        t = h.t;
        sweep.point = h.point;
        sweep.contact = h.contact;
        sweep.normal = h.normal;
    }
    /// The cast's answer for a motion of `length`; a miss keeps the distance `miss_distance`.
    WorldHit result(float length, float miss_distance) const {
        WorldHit r = best;
        if (!r.hit) {
            r.distance = miss_distance;
            return r;
        }
        r.distance = t * length;
        r.point = sweep.contact;
        r.position = sweep.point;
        r.normal = sweep.normal;
        return r;
    }
};

}  // namespace shototsu::detail
