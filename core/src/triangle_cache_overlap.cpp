// shototsu — a character's overlap tests answered from its triangle cache (triangle_cache.hpp).
//
// Most of a character's overlap tests (CharacterController::deepest_overlap: the pushes out of what
// moved, a rider after its carry) find nothing: it stands a skin above its ground. The cache then
// says so without the world's walk. Why "clear" is World::overlap_capsule's answer exactly:
// - the world's answer is made of the contacts triangle_capsule finds touching among the triangles
//   of the objects (passing the filter) whose boxes meet `query`, and of the primitives' contacts;
// - a triangle that triangle_capsule finds touching meets `query` (grown_query_box: the capsule's
//   box grown past the contact test's touching noise), so it meets the cache's box, which contains
//   `query`; every triangle meeting that box is cached (World::for_each_triangle_in lists a
//   superset of them), placed from the same pose with the same arithmetic (the cache is at the
//   world's revision: no object moved, was added or removed since it was filled or brought up to
//   date), so it is the very triangle the world would test, with the same bits;
// - a usable cache met no primitive in its box, and every object whose box meets `query` meets
//   the cache's box: there is no primitive contact either;
// - each cached triangle whose box meets `query` is tested with triangle_capsule itself, the test
//   the world runs: none touching means the world finds none. A triangle whose box misses `query`
//   cannot touch (second point).
// Any touching triangle (or a cache that cannot tell) sends the caller to the world, which then
// gives its contacts in its own order.
#include "shototsu/overlap.hpp"
#include "triangle_cache.hpp"
#include "world_detail.hpp"

namespace shototsu::detail {

bool TriangleCache::capsule_clear(const World& world, const Capsule& cap, const AABB& query) const {
    if (!enabled_ || !usable_ || revision_ != world.revision() || !contains(box_, query)) return false;
    const F4 q_min_x = f4_splat(query.min.x), q_min_y = f4_splat(query.min.y), q_min_z = f4_splat(query.min.z);
    const F4 q_max_x = f4_splat(query.max.x), q_max_y = f4_splat(query.max.y), q_max_z = f4_splat(query.max.z);
    const std::uint32_t n = static_cast<std::uint32_t>(triangles_.size());
    const BoxBlock* const blocks = boxes4_.data();
    for (std::uint32_t base = 0; base < n; base += 4) {
        const BoxBlock& b = blocks[base / 4];
        // A lane is kept unless a comparison rejects it: a NaN box is tested exactly.
        const I4 out = (f4_load(b.min_x) > q_max_x) | (f4_load(b.max_x) < q_min_x) | (f4_load(b.min_y) > q_max_y) |
                       (f4_load(b.max_y) < q_min_y) | (f4_load(b.min_z) > q_max_z) | (f4_load(b.max_z) < q_min_z);
        unsigned keep = ~i4_mask(out) & 0xFu;
        if (n - base < 4) keep &= (1u << (n - base)) - 1u;
        for (; keep != 0; keep &= keep - 1)
            if (triangle_capsule(triangles_[base + static_cast<std::uint32_t>(lowest_bit(keep))].tri, cap).hit)
                return false;
    }
    return true;
}

}  // namespace shototsu::detail
