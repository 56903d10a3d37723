// shototsu — a character's overlap tests answered from its triangle cache (triangle_cache.hpp).
//
// A character's overlap tests (CharacterController::deepest_overlap: the pushes out of what moved,
// a rider after its carry; clearance: the squeeze of a crushed one) run on the triangles around it,
// which the cache holds: it lists the same contacts as World::overlap_capsule without the world's
// walk. Why they are the world's contacts (the order aside):
// - the world's are the contacts triangle_capsule finds touching among the triangles of the
//   objects (passing the filter) whose boxes meet `query`, and the primitives' contacts;
// - a triangle that triangle_capsule finds touching meets `query` (grown_query_box: the capsule's
//   box grown past the contact test's touching noise), so its box meets `query` and the cache's
//   box, which contains `query`; every triangle meeting that box is cached, and the world's walk
//   lists every triangle meeting `query` (World::for_each_triangle_in lists a superset of those);
//   both are placed from the same pose with the same arithmetic (the cache is at the world's
//   revision: no object moved, was added or removed since it was filled or brought up to date),
//   so the touching triangles of both are the same, with the same bits;
// - each cached triangle whose box meets `query` is tested with triangle_capsule itself, the
//   test the world runs, and its contact is made as the world makes it (object, triangle, point,
//   normal, depth); a triangle whose box misses `query` cannot touch (second point);
// - a usable cache met no primitive in its box, and every object whose box meets `query` meets
//   the cache's box: there is no primitive contact either.
#include "shototsu/overlap.hpp"
#include "triangle_cache.hpp"
#include "world_detail.hpp"

namespace shototsu::detail {

bool TriangleCache::capsule_contacts(const World& world, const Capsule& cap, const AABB& query,
                                     std::vector<WorldContact>& out) const {
    if (!enabled_ || !usable_ || revision_ != world.revision() || !contains(box_, query)) return false;
    for_each_meeting(query, [&](std::uint32_t k) {
        const CachedTriangle& t = triangles_[k];
        const Contact c = triangle_capsule(t.tri, cap);
        if (!c.hit) return;
        WorldContact wc;
        wc.object = t.object;
        wc.triangle = t.id;
        wc.point = c.point;
        wc.normal = c.normal;
        wc.depth = c.depth;
        out.push_back(wc);
    });
    return true;
}

}  // namespace shototsu::detail
