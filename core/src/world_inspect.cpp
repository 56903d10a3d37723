// shototsu — reading a world back for debug drawing (world.hpp, "inspection"): the world-space
// triangles of an object, and the boxes of the top level and of the meshes' hierarchies.
#include "world_objects.hpp"

namespace shototsu {

namespace {

// Appends the nodes of `bvh` down to max_depth, depth first, parents before children.
std::size_t append_boxes(const Bvh& bvh, std::uint32_t max_depth, std::vector<TreeBox>& out) {
    const std::size_t before = out.size();
    if (bvh.nodes.empty() || max_depth == 0) return 0;
    struct Entry {
        std::uint32_t node, depth;
    };
    Entry stack[kTraversalStack];
    int top = 0;
    stack[top++] = {0, 1};
    while (top > 0) {
        const Entry e = stack[--top];
        const BvhNode& node = bvh.nodes[e.node];
        out.push_back({node.box, e.depth, node.count > 0});
        if (node.count > 0 || e.depth >= max_depth) continue;
        stack[top++] = {node.first + 1, e.depth + 1};
        stack[top++] = {node.first, e.depth + 1};
    }
    return out.size() - before;
}

}  // namespace

std::size_t World::triangles(std::uint32_t id, std::vector<Triangle>& out) const {
    const Object* o = live(id);
    if (!o || !detail::is_mesh(*o)) return 0;
    const MeshShape& m = *o->shape;
    out.reserve(out.size() + m.slot_of.size());
    for (const std::uint32_t slot : m.slot_of)
        out.push_back(o->identity ? m.tris[slot] : detail::place(*o, m.tris[slot]));
    return m.slot_of.size();
}

std::size_t World::tree_boxes(std::uint32_t max_depth, std::vector<TreeBox>& out) const {
    refresh_top();
    return append_boxes(top_, max_depth, out);
}

std::size_t World::mesh_tree_boxes(std::uint32_t id, std::uint32_t max_depth, std::vector<TreeBox>& out) const {
    const Object* o = live(id);
    if (!o || !detail::is_mesh(*o)) return 0;
    return append_boxes(o->shape->bvh, max_depth, out);
}

}  // namespace shototsu
