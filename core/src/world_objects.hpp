// shototsu (internal) — what a World holds per object and per mesh, and the placement arithmetic
// that carries points between an object's own space and world space. Every world-space triangle
// a query decides is made by place() here, so queries and World::triangle agree bit for bit.
#pragma once

#include <memory>
#include <vector>

#include "primitive.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/bvh.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
#include "world_detail.hpp"

namespace shototsu {

/// A mesh's triangles and hierarchy in its own space, shared by the mesh and its instances.
struct World::MeshShape {
    std::vector<Triangle> tris;          // in leaf order
    std::vector<std::uint32_t> ids;      // original triangle index of tris[k]
    std::vector<std::uint32_t> slot_of;  // position in tris of original triangle i
    std::vector<std::uint32_t> indices;  // as added (empty for a non-indexed mesh), for refits
    std::size_t position_floats = 0;     // the length of `positions` it was added with
    Bvh bvh;
    AABB box;
    float built_cost = 0.0f;  // SAH cost (bvh_sah_cost) when the hierarchy was last built
};

struct World::Object {
    std::uint32_t id = kNoIndex;
    ObjectKind kind = ObjectKind::Mesh;
    /// Identity pose: queries skip the placement arithmetic (and match a static mesh exactly).
    bool identity = true;
    std::uint32_t layers = 1;
    std::shared_ptr<MeshShape> shape;  // meshes and instances
    detail::Primitive local;           // primitives, in the object's own space
    Transform pose, target;
    Transform previous;         // the pose at the start of the current step (update)
    std::uint64_t changed = 0;  // the world's revision when this object last changed
    bool pending = false;
    Mat3 rot;  // pose.rotation as a matrix
    float inv_scale = 1.0f;
    Vec3 linear, angular;
    AABB box;           // world box at the pose (grown by the placement's rounding margin)
    AABB previous_box;  // world box at `previous` while the object has moved over the step
};

namespace detail {

/// A point of an object's own space in world space.
inline Vec3 place(const World::Object& o, Vec3 v) { return o.rot * (v * o.pose.scale) + o.pose.position; }
inline Triangle place(const World::Object& o, const Triangle& t) {
    return {place(o, t.a), place(o, t.b), place(o, t.c)};
}
/// place(o, ·) for many triangles of one object: each vertex as one four-lane vector (x, y, z and
/// an unused lane) — the same products and sums as place() in the same order on every lane
/// (rot.col[0] * x + rot.col[1] * y + rot.col[2] * z + position, with x, y, z the vertex times
/// the scale), so the same bits, in a third of the operations.
class Placer {
public:
    explicit Placer(const World::Object& o)
        : c0_{o.rot.col[0].x, o.rot.col[0].y, o.rot.col[0].z, 0.0f},
          c1_{o.rot.col[1].x, o.rot.col[1].y, o.rot.col[1].z, 0.0f},
          c2_{o.rot.col[2].x, o.rot.col[2].y, o.rot.col[2].z, 0.0f},
          p_{o.pose.position.x, o.pose.position.y, o.pose.position.z, 0.0f},
          scale_(o.pose.scale) {}
    Triangle operator()(const Triangle& t) const { return {vertex(t.a), vertex(t.b), vertex(t.c)}; }

private:
    [[gnu::always_inline]] Vec3 vertex(Vec3 v) const {
        const float x = v.x * scale_, y = v.y * scale_, z = v.z * scale_;
        const F4 r = c0_ * x + c1_ * y + c2_ * z + p_;
        return {r[0], r[1], r[2]};
    }
    F4 c0_, c1_, c2_, p_;
    float scale_;
};
/// A world point in the object's own space.
inline Vec3 unplace(const World::Object& o, Vec3 p) { return mul_transpose(o.rot, p - o.pose.position) * o.inv_scale; }
/// A world direction in the object's own space (same length).
inline Vec3 unplace_dir(const World::Object& o, Vec3 d) { return mul_transpose(o.rot, d); }

/// The largest coordinate magnitude of a box (0 for an empty one).
inline float box_magnitude(const AABB& b) {
    if (b.min.x > b.max.x) return 0.0f;
    const Vec3 m = vmax(vabs(b.min), vabs(b.max));
    return maxf(maxf(m.x, m.y), m.z);
}

/// How far, in the object's own units, a point carried between spaces can be from where exact
/// arithmetic would put it, for a query reaching `reach` (own units) from `local_origin`. Not
/// inlined: once per object a query visits, and a copy in each query walk otherwise.
[[gnu::noinline]] inline float placement_margin(const World::Object& o, Vec3 local_origin, float reach) {
    const Vec3 m = vabs(local_origin);
    const float world_mag = box_magnitude(o.box) * o.inv_scale;
    const float mag = maxf(maxf(maxf(m.x, m.y), m.z), maxf(box_magnitude(o.shape ? o.shape->box : AABB{}), world_mag));
    return tol::kTransformSlopRel * (mag + (std::isfinite(reach) ? reach : 0.0f));
}

/// The world box of a box of the object's own space (exact bounds of the rotated box, Arvo),
/// grown by the placement margin.
AABB place_box(const World::Object& o, const AABB& local);
/// The own-space box of a world box (as place_box, the other way).
AABB unplace_box(const World::Object& o, const AABB& world);

/// Puts the object at pose t (already checked and normalised): its rotation matrix, inverse scale,
/// identity flag and world box follow from t, its shape and its local primitive.
void set_pose(World::Object& o, const Transform& t);

/// The object's linear and angular velocity over a step of dt seconds (dt > 0 and finite, else
/// zero) from its previous pose to its pose; zero when either is not finite.
void set_velocities(World::Object& o, float dt);

/// The object's world box at its pose (grown by the placement's rounding margin).
AABB object_box(const World::Object& o);
/// Whether two poses are the same bits.
inline bool same_pose(const Transform& a, const Transform& b) {
    return a.position == b.position && a.rotation.x == b.rotation.x && a.rotation.y == b.rotation.y &&
           a.rotation.z == b.rotation.z && a.rotation.w == b.rotation.w && a.scale == b.scale;
}
/// Builds a mesh's hierarchy from its triangles (given in original order) and stores them in
/// leaf order.
void build_shape(World::MeshShape& mesh, std::vector<Triangle>&& tris);

/// The primitive at the object's pose, in world space.
Primitive world_primitive(const World::Object& o);

inline bool is_mesh(const World::Object& o) { return o.kind == ObjectKind::Mesh || o.kind == ObjectKind::Instance; }

}  // namespace detail

template <class Visit>
void World::walk_top_ray(const detail::RaySetup& ray, float limit, Vec3 grow, const QueryFilter& filter,
                         Visit&& visit) const {
    refresh_top();
    if (top_.nodes.empty()) return;
    const float slop = detail::traversal_slop(top_, ray.origin, limit, grow);
    const Vec3 g = grow + Vec3{slop, slop, slop};
    float reach = limit + slop;
    struct Entry {
        std::uint32_t node;
        float enter;
    };
    Entry stack[kTraversalStack];
    int top = 0;
    const float root = detail::ray_box_entry(ray, top_.nodes[0].box, g, reach);
    if (!(root <= reach)) return;
    stack[top++] = {0, root};
    while (top > 0) {
        const Entry e = stack[--top];
        if (e.enter > reach) continue;
        const BvhNode& node = top_.nodes[e.node];
        if (node.count > 0) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const std::uint32_t slot = top_.order[k];
                if (!object_passes(slot, filter) || !(detail::ray_box_entry(ray, top_boxes_[k], g, reach) <= reach))
                    continue;
                const float next = visit(slot);
                if (next < 0.0f) return;
                if (next + slop < reach) reach = next + slop;
            }
        } else {
            const float el = detail::ray_box_entry(ray, top_.nodes[node.first].box, g, reach);
            const float er = detail::ray_box_entry(ray, top_.nodes[node.first + 1].box, g, reach);
            const bool left_first = el <= er;
            const Entry near{left_first ? node.first : node.first + 1, left_first ? el : er};
            const Entry far{left_first ? node.first + 1 : node.first, left_first ? er : el};
            if (far.enter <= reach) stack[top++] = far;
            if (near.enter <= reach) stack[top++] = near;
        }
    }
}

}  // namespace shototsu
