// shototsu (internal) — ray setup and ordered BVH traversal shared by the world's ray and cast
// queries.
#pragma once

#include <cmath>
#include <limits>

#include "shototsu/bvh.hpp"
#include "shototsu/tolerance.hpp"

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

/// The traversal slop (tol::kTraversalSlopRel) for a query near `origin` of length `length` and
/// half size `grow` against a hierarchy: in distance units.
inline float traversal_slop(const Bvh& bvh, Vec3 origin, float length, Vec3 grow) {
    if (bvh.nodes.empty()) return 0.0f;
    const AABB& b = bvh.nodes[0].box;
    const Vec3 m = vmax(vmax(vabs(b.min), vabs(b.max)), vabs(origin));
    const float mag = maxf(maxf(m.x, m.y), m.z) + (std::isfinite(length) ? length : 0.0f) + maxf(maxf(grow.x, grow.y), grow.z);
    return tol::kTraversalSlopRel * mag;
}

/// Visits the leaves whose boxes, grown by `grow` and the slop, the ray enters before
/// `limit` + slop, nearest first. `leaf(first, count)` returns the new limit; a negative limit
/// ends the traversal.
template <class Leaf>
void traverse_ray(const Bvh& bvh, const RaySetup& r, float limit, Vec3 grow_in, Leaf&& leaf) {
    if (bvh.nodes.empty()) return;
    const float slop = traversal_slop(bvh, r.origin, limit, grow_in);
    const Vec3 grow = grow_in + Vec3{slop, slop, slop};
    limit += slop;
    struct Entry {
        std::uint32_t node;
        float enter;
    };
    Entry stack[kTraversalStack];
    int top = 0;
    // The box swept by the (grown) query up to `limit`: a cheap first test before the slabs.
    AABB swept;
    auto update_swept = [&] {
        const Vec3 end = r.origin + r.dir * (std::isfinite(limit) ? limit : 0.0f);
        const bool bounded = std::isfinite(limit);
        const float inf = std::numeric_limits<float>::infinity();
        swept.min = bounded ? vmin(r.origin, end) - grow : Vec3{-inf, -inf, -inf};
        swept.max = bounded ? vmax(r.origin, end) + grow : Vec3{inf, inf, inf};
    };
    update_swept();
    auto disjoint = [&](const AABB& b) {
        return b.min.x > swept.max.x || b.max.x < swept.min.x || b.min.y > swept.max.y || b.max.y < swept.min.y ||
               b.min.z > swept.max.z || b.max.z < swept.min.z;
    };
    // The swept-box test pays for short casts (a particle's step, a character's move); for a ray
    // across the scene it rejects nothing, so it is skipped.
    const Vec3 root_extent = bvh.nodes[0].box.max - bvh.nodes[0].box.min;
    const bool short_query = std::isfinite(limit) && 4.0f * limit < maxf(maxf(root_extent.x, root_extent.y), root_extent.z);
    // Slab planes of a box grown by `grow`: (min - grow - o) inv = (min - lo) inv with lo = o + grow.
    const Vec3 lo_o = r.origin + grow, hi_o = r.origin - grow;
    auto entry = [&](const AABB& b) {
        if (b.min.x > b.max.x) return std::numeric_limits<float>::infinity();
        const float t1x = (b.min.x - lo_o.x) * r.inv.x, t2x = (b.max.x - hi_o.x) * r.inv.x;
        const float t1y = (b.min.y - lo_o.y) * r.inv.y, t2y = (b.max.y - hi_o.y) * r.inv.y;
        const float t1z = (b.min.z - lo_o.z) * r.inv.z, t2z = (b.max.z - hi_o.z) * r.inv.z;
        const float lo = maxf(maxf(minf(t1x, t2x), minf(t1y, t2y)), maxf(minf(t1z, t2z), 0.0f));
        const float hi = minf(minf(maxf(t1x, t2x), maxf(t1y, t2y)), minf(maxf(t1z, t2z), limit));
        return lo <= hi ? lo : std::numeric_limits<float>::infinity();
    };
    const float root = entry(bvh.nodes[0].box);
    if (!(root <= limit)) return;
    stack[top++] = {0, root};
    while (top > 0) {
        const Entry e = stack[--top];
        if (e.enter > limit) continue;
        const BvhNode& node = bvh.nodes[e.node];
        if (node.count > 0) {
            const float next = leaf(node.first, node.count);
            if (next < 0.0f) return;
            if (next + slop < limit) {
                limit = next + slop;
                update_swept();
            }
            continue;
        }
        const std::uint32_t l = node.first, rr = node.first + 1;
        const BvhNode& ln = bvh.nodes[l];
        const BvhNode& rn = bvh.nodes[rr];
        const float inf = std::numeric_limits<float>::infinity();
        const float tl = short_query && disjoint(ln.box) ? inf : entry(ln.box);
        const float tr = short_query && disjoint(rn.box) ? inf : entry(rn.box);
        // Push the farther child first so the nearer one is visited next.
        if (tl <= tr) {
            if (tr <= limit) stack[top++] = {rr, tr};
            if (tl <= limit) stack[top++] = {l, tl};
        } else {
            if (tl <= limit) stack[top++] = {l, tl};
            if (tr <= limit) stack[top++] = {rr, tr};
        }
    }
}

}  // namespace shototsu::detail
