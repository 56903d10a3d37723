// shototsu — the World's per-object reads that the characters' inner loops make every step
// (the object of an id, whether it moved, its box, its revision). Apart from world.cpp, which the
// wasm build compiles for size (wasm/CMakeLists.txt): these are compiled for speed there.
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
    if (!o) return false;
    const Transform& a = o->previous;
    const Transform& b = o->pose;
    return !(a.position == b.position && a.rotation.x == b.rotation.x && a.rotation.y == b.rotation.y &&
             a.rotation.z == b.rotation.z && a.rotation.w == b.rotation.w && a.scale == b.scale);
}
std::uint64_t World::object_revision(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->changed : 0;
}
AABB World::bounds(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->box : aabb_empty();
}

}  // namespace shototsu
