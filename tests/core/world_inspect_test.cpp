// world.hpp, inspection: an object's world-space triangles and the hierarchies' node boxes, as
// debug drawing reads them.
#include "catch_support.hpp"

#include <vector>

#include "meshes.hpp"
#include "shototsu/world.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

bool contains(const AABB& outer, const AABB& inner) {
    return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
           outer.max.x >= inner.max.x && outer.max.y >= inner.max.y && outer.max.z >= inner.max.z;
}

bool contains(const AABB& box, Vec3 p) { return contains(box, AABB{p, p}); }

// The depth of each box's parent is one less and it holds the box: the boxes come parents first.
void check_nesting(const std::vector<TreeBox>& boxes) {
    std::vector<const TreeBox*> path;
    for (const TreeBox& b : boxes) {
        REQUIRE(b.depth >= 1);
        REQUIRE(b.depth <= path.size() + 1);
        path.resize(b.depth - 1);
        if (!path.empty()) REQUIRE(contains(path.back()->box, b.box));
        path.push_back(&b);
    }
}

}  // namespace

TEST_CASE("World::triangles: a posed mesh and its instance list triangle(object, k) bit for bit") {
    Rng rng(7);
    const MeshData m = soup(rng, 200);
    World w;
    ObjectOptions posed;
    posed.transform.position = {3, -2, 5};
    posed.transform.rotation = quat_from_axis_angle(normalize_or(Vec3{1, 2, 3}, {}), 0.7f);
    posed.transform.scale = 1.5f;
    const std::uint32_t mesh = w.add_mesh(m.positions, m.indices, posed).object;
    const std::uint32_t copy = w.add_instance(mesh, {}).object;
    const std::uint32_t ball = w.add_sphere({0, 0, 0}, 1).object;
    for (const std::uint32_t id : {mesh, copy}) {
        std::vector<Triangle> out{Triangle{}};
        REQUIRE(w.triangles(id, out) == m.triangle_count());
        REQUIRE(out.size() == m.triangle_count() + 1);
        for (std::uint32_t k = 0; k < m.triangle_count(); ++k) {
            const Triangle t = w.triangle(id, k);
            REQUIRE(same_bits(out[k + 1].a, t.a));
            REQUIRE(same_bits(out[k + 1].b, t.b));
            REQUIRE(same_bits(out[k + 1].c, t.c));
        }
    }
    std::vector<Triangle> none;
    CHECK(w.triangles(ball, none) == 0);
    CHECK(w.triangles(99, none) == 0);
    CHECK(none.empty());
}

TEST_CASE("World::tree_boxes: every top-level node at full depth, nested, holding every object's box") {
    World w;
    Rng rng(11);
    std::vector<std::uint32_t> ids;
    for (int i = 0; i < 40; ++i) ids.push_back(w.add_sphere(rng.vec(-20, 20), rng.uniform(0.1f, 2.0f)).object);
    std::vector<TreeBox> all;
    REQUIRE(w.tree_boxes(kNoIndex, all) == w.stats().top_nodes);
    check_nesting(all);
    for (const std::uint32_t id : ids) CHECK(contains(all[0].box, w.bounds(id)));
    std::uint32_t deepest = 0, leaves = 0;
    for (const TreeBox& b : all) deepest = b.depth > deepest ? b.depth : deepest, leaves += b.leaf;
    CHECK(leaves > 1);
    for (std::uint32_t d = 0; d <= deepest; ++d) {
        std::vector<TreeBox> some;
        std::size_t expected = 0;
        for (const TreeBox& b : all) expected += b.depth <= d;
        CHECK(w.tree_boxes(d, some) == expected);
    }
    std::vector<TreeBox> empty;
    CHECK(World{}.tree_boxes(kNoIndex, empty) == 0);
}

TEST_CASE("World::tree_boxes: a moved object's new box is inside the root after the refit") {
    World w;
    const std::uint32_t a = w.add_sphere({0, 0, 0}, 1).object;
    w.add_sphere({5, 0, 0}, 1);
    Transform up;
    up.position = {0, 30, 0};
    REQUIRE(w.set_transform(a, up) == nullptr);
    w.update(1.0f / 60.0f);
    std::vector<TreeBox> boxes;
    REQUIRE(w.tree_boxes(1, boxes) == 1);
    CHECK(contains(boxes[0].box, w.bounds(a)));
}

TEST_CASE("World::mesh_tree_boxes: the mesh's nodes in its own space, shared by its instance") {
    Rng rng(3);
    const MeshData m = soup(rng, 300);
    World w;
    ObjectOptions posed;
    posed.transform.position = {10, 0, 0};
    posed.transform.rotation = quat_from_axis_angle({0, 1, 0}, 1.0f);
    posed.transform.scale = 2.0f;
    const std::uint32_t mesh = w.add_mesh(m.positions, m.indices, posed).object;
    const std::uint32_t copy = w.add_instance(mesh, {}).object;
    std::vector<TreeBox> boxes, shared;
    REQUIRE(w.mesh_tree_boxes(mesh, kNoIndex, boxes) == w.stats().nodes);
    check_nesting(boxes);
    for (std::size_t k = 0; k < m.triangle_count(); ++k) {
        const Triangle t = m.triangle(k);
        REQUIRE((contains(boxes[0].box, t.a) && contains(boxes[0].box, t.b) && contains(boxes[0].box, t.c)));
    }
    REQUIRE(w.mesh_tree_boxes(copy, kNoIndex, shared) == boxes.size());
    for (std::size_t k = 0; k < boxes.size(); ++k) {
        CHECK(same_bits(shared[k].box.min, boxes[k].box.min));
        CHECK(shared[k].depth == boxes[k].depth);
    }
    std::vector<TreeBox> two;
    CHECK(w.mesh_tree_boxes(mesh, 2, two) == 3);
    CHECK(w.mesh_tree_boxes(mesh, 0, two) == 0);
    CHECK(w.mesh_tree_boxes(w.add_sphere({}, 1).object, kNoIndex, two) == 0);
}
