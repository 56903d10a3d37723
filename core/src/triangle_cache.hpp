// shototsu (internal) — the triangles around one character, kept between moves so that its casts
// sweep a short list instead of walking the world's hierarchy (character.cpp). Never part of the
// public API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "shototsu/character.hpp"
#include "shototsu/world.hpp"
#include "world_detail.hpp"

namespace shototsu::tol {

/// The cache's box is what one move can reach grown by this fraction of the character's height
/// on every side: a walking character refills it every several moves, not every move, while a
/// larger box would hold more triangles to test per cast.
inline constexpr float kCharacterCacheMargin = 0.2f;
/// A cached cast keeps a triangle whose box meets the swept shape's box grown by its radius plus
/// this fraction of the magnitudes involved: a hundred times the sweeps' touching band
/// (kSweepContactSlop), so no triangle a sweep could touch is skipped.
inline constexpr float kCharacterCacheBoxPadRel = 1e-4f;
/// The earliest contact time bounded by a triangle's normal together with an edge's normal (the
/// root of a quadratic) is taken this fraction earlier, so that the root's own rounding never
/// puts it past the direct check that follows.
inline constexpr double kCharacterPairBoundEarly = 1e-9;
/// A triangle whose earliest possible contact lies more than this beyond the best hit so far is
/// not swept: a sweep's fraction is its double contact time rounded down to float, at most one
/// ulp (< 6e-8 for t <= 1) earlier; the rest is margin for the double arithmetic of both.
inline constexpr double kCharacterCastOrderSlack = 1e-6;

}  // namespace shototsu::tol

namespace shototsu::detail {

struct SweptAxis;  // triangle_cache.cpp

/// Whether `have` contains `need` (touching counts).
inline bool contains(const AABB& have, const AABB& need) {
    return need.min.x >= have.min.x && need.min.y >= have.min.y && need.min.z >= have.min.z &&
           need.max.x <= have.max.x && need.max.y <= have.max.y && need.max.z <= have.max.z;
}

/// Every triangle of the world whose box meets the cache's box, with its box four to a block for
/// a four-wide box test and its separating axes, filled the first time a capsule cast comes near
/// (a vertical cast bounds a triangle without them, from its vertices). Its casts give
/// World::capsule_cast's and World::sphere_cast's answers exactly (tested): the same motion, the
/// same per-triangle sweep and the same tie rule, behind tests that only skip triangles the sweep
/// would report no contact with or could not pick.
class TriangleCache {
public:
    /// At most this many triangles are kept; among more, casts go through the world.
    static constexpr std::size_t kCapacity = 512;

    void set_enabled(bool on) { enabled_ = on; }
    /// The objects the cache holds triangles of (a character's own capsule is ignored); a change
    /// empties it.
    void set_filter(const QueryFilter& filter) {
        filter_ = filter;
        box_ = AABB{{1, 1, 1}, {-1, -1, -1}};
        usable_ = false;
    }
    /// Makes the cache hold every triangle whose box meets `need`, refilling it from the world
    /// with `need` grown by `margin` on every side when the cached box does not contain `need` or
    /// the world has changed since. A primitive in the box makes it unusable (casts then go
    /// through the world, which sees primitives).
    /// Nothing when disabled.
    void prepare(const World& world, const AABB& need, float margin);
    /// Whether an object of the world whose box meets `box` (touching counts; the objects
    /// World::objects_in lists) moved over the step, answered from the objects listed when the
    /// cache was brought up to date — when its box contains `box` (`known` false otherwise).
    bool moved_in(const World& world, const AABB& box, bool& known) const {
        known = enabled_ && revision_ == world.revision() && contains(box_, box);
        return known && any_listed_in(world, box, [&](std::uint32_t id) { return world.moved(id); });
    }
    /// The triangle contacts World::overlap_capsule(cap.start, cap.end, cap.radius, out, filter)
    /// would add — `filter` the cache's own, `query` the box that overlap walks (grown_query_box of
    /// the capsule's box) — appended to `out` in the cache's order (which may differ from the
    /// world's), without their `feature`: true when the cache can answer (up to date, usable, its
    /// box containing `query`), else false and `out` untouched. triangle_cache_overlap.cpp says why
    /// the contacts are the world's.
    bool capsule_contacts(const World& world, const Capsule& cap, const AABB& query,
                          std::vector<WorldContact>& out) const;
    /// Appends the objects whose boxes meet `box` (those moved_in looks at) that moved over the step
    /// or are `pinned`, in the cache's order; only when moved_in(world, box, known) gave known.
    void movers_in(const World& world, const AABB& box, std::uint32_t pinned, std::vector<std::uint32_t>& out) const {
        any_listed_in(world, box, [&](std::uint32_t id) {
            if (world.moved(id) || id == pinned) out.push_back(id);
            return false;
        });
    }
    /// Whether a cast of a shape (segment lead ± half_axis swollen by radius) moving by `motion`
    /// stays inside the cached box, so that the cache can answer it.
    bool covers(Vec3 lead, Vec3 motion, Vec3 half_axis, float radius) const {
        if (!enabled_ || !usable_) return false;
        const Vec3 ext = vabs(half_axis) + Vec3{radius, radius, radius};
        return contains(box_, {vmin(lead, lead + motion) - ext, vmax(lead, lead + motion) + ext});
    }
    /// World::capsule_cast(c.start, c.end, c.radius, motion, len) over the cached triangles;
    /// `center` is the capsule's centre.
    WorldHit capsule_cast(Vec3 center, const Capsule& c, Vec3 motion, float len);
    /// World::sphere_cast(lead, radius, dir, len) over the cached triangles, for dir exactly
    /// (0, 1, 0) or (0, -1, 0) (either zero's sign).
    WorldHit vertical_sphere_cast(Vec3 lead, float radius, Vec3 dir, float len);

    /// A triangle's separating axes: its unit normal and its three edges' unit normals in its
    /// plane, in double (all zero for a zero-area triangle: no test), its extent [lo, hi] along
    /// each, and the largest coordinate magnitude of its vertices and edges.
    struct TriangleAxes {
        struct Axis {
            double n[3];
            double lo, hi;
        };
        Axis axes[4];
        double extent;
    };
    /// A triangle that passed the box and axis tests, with the earliest fraction of the cast at
    /// which its axes allow a contact.
    struct Candidate {
        double earliest;
        std::uint32_t index;
        bool free_start;  // a separating axis keeps the start farther than the sweep's reach
    };

private:
    struct CachedTriangle {
        Triangle tri;
        std::uint32_t object, id;
        bool has_axes;  // axes_[its index] is filled
    };
    // The cached triangles' boxes, four to a block (triangle 4k + i in lane i of block k).
    struct BoxBlock {
        float min_x[4], min_y[4], min_z[4], max_x[4], max_y[4], max_z[4];
    };
    /// Whether `stop(id)` is true for one of the objects listed when the cache was brought up to
    /// date whose box meets `box` (touching counts, and a NaN rejects nothing, as in
    /// World::objects_in's walk), asked in the cache's order until it is.
    template <class Stop>
    bool any_listed_in(const World& world, const AABB& box, Stop&& stop) const {
        for (const std::uint32_t id : objects_) {
            const AABB b = world.bounds(id);
            if (b.min.x > box.max.x || b.max.x < box.min.x || b.min.y > box.max.y || b.max.y < box.min.y ||
                b.min.z > box.max.z || b.max.z < box.min.z)
                continue;
            if (stop(id)) return true;
        }
        return false;
    }
    /// Calls visit(k) for each cached triangle k whose box meets `box` (touching counts), in the
    /// cache's order: four boxes at a time, the same comparisons as one at a time (a lane is kept
    /// unless one of them rejects it, NaN included).
    template <class Visit>
    void for_each_meeting(const AABB& box, Visit&& visit) const;
    template <bool kVertical, class Sweep>
    WorldHit cast(Vec3 lead, Vec3 dir_in, float len, float radius, Vec3 half_axis, Vec3 axis_start, Vec3 axis_end,
                  Sweep&& sweep);
    template <bool kVertical>
    std::size_t collect_candidates(const AABB& swept, SweptAxis axis);
    template <class Sweep>
    WorldHit sweep_in_order(std::size_t count, Vec3 motion, float len, Sweep&& sweep) const;
    void refill(const World& world, const AABB& box);
    bool bring_up_to_date(const World& world);
    void append(std::uint32_t object, std::uint32_t id, const Triangle& tri);
    void finish_fill();

    bool enabled_ = true;
    bool usable_ = false;                // filled without overflowing kCapacity (nor meeting a primitive)
    AABB box_{{1, 1, 1}, {-1, -1, -1}};  // empty: nothing cached yet
    std::uint64_t revision_ = 0;         // the world's revision when it was filled
    QueryFilter filter_;
    std::vector<std::uint32_t> objects_;  // the objects it was last filled from
    std::vector<CachedTriangle> triangles_;
    std::vector<BoxBlock> boxes4_;  // sized once for kCapacity, never shrunk
    // One per cached triangle, valid where has_axes; never cleared, so a refill copies and zeroes
    // none of it.
    std::vector<TriangleAxes> axes_;
    std::vector<Candidate> candidates_;  // a cast's working list: a slot per triangle at least
};

template <class Visit>
[[gnu::always_inline]] inline void TriangleCache::for_each_meeting(const AABB& box, Visit&& visit) const {
    const F4 min_x = f4_splat(box.min.x), min_y = f4_splat(box.min.y), min_z = f4_splat(box.min.z);
    const F4 max_x = f4_splat(box.max.x), max_y = f4_splat(box.max.y), max_z = f4_splat(box.max.z);
    const std::uint32_t n = static_cast<std::uint32_t>(triangles_.size());
    const BoxBlock* const blocks = boxes4_.data();
    for (std::uint32_t base = 0; base < n; base += 4) {
        const BoxBlock& q = blocks[base / 4];
        const I4 out = (f4_load(q.min_x) > max_x) | (f4_load(q.max_x) < min_x) | (f4_load(q.min_y) > max_y) |
                       (f4_load(q.max_y) < min_y) | (f4_load(q.min_z) > max_z) | (f4_load(q.max_z) < min_z);
        unsigned keep = ~i4_mask(out) & 0xFu;
        if (n - base < 4) keep &= (1u << (n - base)) - 1u;
        for (; keep != 0; keep &= keep - 1) visit(base + static_cast<std::uint32_t>(lowest_bit(keep)));
    }
}

}  // namespace shototsu::detail
