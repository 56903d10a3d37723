// shototsu — the World's per-object reads that the characters' inner loops make every step
// (the object of an id, whether it moved, its box, its revision, the objects in a box), and the
// boxes carried between an object's space and the world's that every query of a moved mesh
// starts from. Apart from world.cpp, which the wasm build compiles for size
// (wasm/CMakeLists.txt): these are compiled for speed there.
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
#include "world_objects.hpp"

namespace shototsu {

World::Object* World::live(std::uint32_t id) { return const_cast<Object*>(static_cast<const World*>(this)->live(id)); }
const World::Object* World::live(std::uint32_t id) const {
    // slots_ holds only live objects and ids are never reused, so an object found at the slot of
    // its id is the one: the slot an object got stays its own until an earlier one is removed,
    // which makes this the common case (a world of a few meshes, picking's one-mesh trees).
    if (id < slots_.size() && slots_[id].id == id) return &slots_[id];
    const std::uint32_t slot = slot_of_.find(id);
    return slot == kNoIndex ? nullptr : &slots_[slot];
}

bool World::moved(std::uint32_t id) const {
    const Object* o = live(id);
    return o && !detail::same_pose(o->previous, o->pose);
}
std::uint64_t World::object_revision(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->changed : 0;
}
AABB World::bounds(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->box : aabb_empty();
}
std::uint32_t World::slot_of(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? static_cast<std::uint32_t>(o - slots_.data()) : kNoIndex;
}
// Every walk over the top level asks this of each object it reaches.
bool World::object_passes(std::uint32_t slot, const QueryFilter& filter) const {
    const Object& o = slots_[slot];
    return o.id != filter.ignore && (o.layers & filter.layers) != 0;
}
// A character's triangle cache lists the objects in its box every step the world changed.
std::size_t World::objects_in(const AABB& box, std::vector<std::uint32_t>& out, const QueryFilter& filter) const {
    const std::size_t before = out.size();
    for_each_object_in(box, filter, [&](std::uint32_t slot) { out.push_back(slots_[slot].id); });
    return out.size() - before;
}

namespace detail {

AABB place_box(const World::Object& o, const AABB& local) {
    const Vec3 c = (local.min + local.max) * 0.5f, e = (local.max - local.min) * 0.5f;
    const Vec3 wc = place(o, c);
    const Vec3 we = mat3_abs(o.rot) * (e * o.pose.scale);
    const float m = tol::kTransformSlopRel * (box_magnitude({wc - we, wc + we}) + maxf(maxf(we.x, we.y), we.z));
    const Vec3 g = we + Vec3{m, m, m};
    return {wc - g, wc + g};
}

AABB unplace_box(const World::Object& o, const AABB& world) {
    const Vec3 c = (world.min + world.max) * 0.5f, e = (world.max - world.min) * 0.5f;
    const Vec3 lc = unplace(o, c);
    const Vec3 le = mul_transpose(mat3_abs(o.rot), e) * o.inv_scale;
    // Placing a local point rounds relative to its world coordinates too, which the local box
    // no longer shows when the pose's position cancels the query's (a query at the position).
    const Vec3 p = vabs(o.pose.position);
    const float world_mag = maxf(box_magnitude(world), maxf(maxf(p.x, p.y), p.z)) * o.inv_scale;
    const float m = tol::kTransformSlopRel * (box_magnitude({lc - le, lc + le}) + maxf(maxf(le.x, le.y), le.z) +
                                              box_magnitude(o.shape ? o.shape->box : AABB{}) + world_mag);
    const Vec3 g = le + Vec3{m, m, m};
    return {lc - g, lc + g};
}

}  // namespace detail

}  // namespace shototsu
