// shototsu — the world in motion (world.hpp): update() moving objects to where they were set,
// update_mesh() refitting a deforming mesh, and the top level's refits and rebuilds. Kept apart
// from world.cpp's adding and removing because these run every frame (the wasm build compiles
// world.cpp for size and this file for speed).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "shototsu/bounding.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
#include "sort_detail.hpp"
#include "world_objects.hpp"

namespace shototsu {

void detail::set_velocities(World::Object& o, float dt) {
    if (!(dt > 0.0f) || !std::isfinite(dt)) {
        o.linear = o.angular = Vec3{};
        return;
    }
    const float inv_dt = 1.0f / dt;
    o.linear = (o.pose.position - o.previous.position) * inv_dt;
    o.angular = rotation_vector(o.previous.rotation, o.pose.rotation) * inv_dt;
    if (!is_finite(o.linear) || !is_finite(o.angular)) o.linear = o.angular = Vec3{};
}

void World::update(float dt) {
    step_dt_ = dt > 0.0f && std::isfinite(dt) ? dt : 0.0f;
    // The revision this step's moves are stamped with (taken only when something moved).
    const std::uint64_t next = revision_ + 1;
    moved_count_ = 0;
    moved_ids_.clear();
    moved_boxes_revision_ = 0;
    for (Object& o : slots_) {
        o.previous = o.pose;
        if (!o.pending) {
            o.linear = o.angular = Vec3{};
            continue;
        }
        o.previous_box = o.box;
        detail::set_pose(o, o.target);
        o.pending = false;
        ++moved_count_;
        if (!detail::same_pose(o.previous, o.pose)) {
            o.changed = next;
            moved_ids_.push_back(o.id);
        }
        detail::set_velocities(o, step_dt_);
    }
    if (moved_count_ > 0) {
        top_boxes_dirty_ = true;
        revision_ = next;
    }
    refresh_top();
}

// Every character looks here every move (character_ride.cpp): the swept boxes are computed once
// per step (and after any change of the world), then each query is one box test per moved object.
std::size_t World::moved_in(const AABB& box, std::vector<std::uint32_t>& out, const QueryFilter& filter) const {
    if (moved_boxes_revision_ != revision_) {
        moved_boxes_.clear();
        for (const std::uint32_t id : moved_ids_) {
            const Object* o = live(id);
            if (!o) continue;
            const Transform& a = o->previous;
            const Transform& b = o->pose;
            if (detail::same_pose(a, b)) continue;
            AABB swept{vmin(o->previous_box.min, o->box.min), vmax(o->previous_box.max, o->box.max)};
            if (!(a.rotation.x == b.rotation.x && a.rotation.y == b.rotation.y && a.rotation.z == b.rotation.z &&
                  a.rotation.w == b.rotation.w && a.scale == b.scale)) {
                // A point at distance r from the position turns on an arc of angle t, which strays
                // from its chord by at most r (1 - cos(t / 2)) = r (1 - |qa . qb|); a scale going
                // linearly from sa to sb bends the path by at most |sb - sa| / 4 of the distance
                // between the point's two ends. The chords lie in the two boxes' union.
                const auto reach = [](const AABB& bx, Vec3 p) {
                    return length(vmax(vabs(bx.min - p), vabs(bx.max - p)));
                };
                const float r = maxf(reach(o->previous_box, a.position), reach(o->box, b.position));
                const float cosine = minf(std::fabs(a.rotation.x * b.rotation.x + a.rotation.y * b.rotation.y +
                                                    a.rotation.z * b.rotation.z + a.rotation.w * b.rotation.w),
                                          1.0f);
                const float ratio = std::fabs(b.scale - a.scale) / minf(a.scale, b.scale);
                const float grow = r * ((1.0f - cosine) * (1.0f + ratio) + 0.5f * ratio + 1e-6f);
                const Vec3 g{grow, grow, grow};
                swept.min = swept.min - g;
                swept.max = swept.max + g;
            }
            moved_boxes_.push_back({id, o->layers, swept});
        }
        moved_boxes_revision_ = revision_;
    }
    const std::size_t before = out.size();
    for (const MovedBox& m : moved_boxes_) {
        if (m.id == filter.ignore || (m.layers & filter.layers) == 0) continue;
        if (aabb_overlaps_aabb(m.box, box)) out.push_back(m.id);
    }
    return out.size() - before;
}

namespace {

// Reads a mesh's new triangles into leaf order — in the order they were added, so that indices
// and positions stream through the cache and only the stores scatter — then refits its binary
// tree in one backward pass (a leaf's box from its triangles, an inner node's from its children)
// and returns the refitted tree's SAH cost (bvh_sah_cost's measure). Triangles with a non-finite
// vertex add nothing to their leaf's box, as at build.
float refit_mesh(World::MeshShape& mesh, const float* p) {
    const float inf = std::numeric_limits<float>::infinity();
    const std::size_t n = mesh.tris.size();
    Triangle* tris = mesh.tris.data();
    const std::uint32_t* slot = mesh.slot_of.data();
    const auto vertex = [p](std::size_t v) { return Vec3{p[3 * v], p[3 * v + 1], p[3 * v + 2]}; };
    if (mesh.indices.empty()) {
        for (std::size_t t = 0; t < n; ++t) tris[slot[t]] = {vertex(3 * t), vertex(3 * t + 1), vertex(3 * t + 2)};
    } else {
        const std::uint32_t* idx = mesh.indices.data();
        for (std::size_t t = 0; t < n; ++t)
            tris[slot[t]] = {vertex(idx[3 * t]), vertex(idx[3 * t + 1]), vertex(idx[3 * t + 2])};
    }
    std::vector<BvhNode>& nodes = mesh.bvh.nodes;
    double sum = 0.0;
    for (std::size_t i = nodes.size(); i-- > 0;) {
        BvhNode& node = nodes[i];
        float lx = inf, ly = inf, lz = inf, hx = -inf, hy = -inf, hz = -inf;
        if (node.count > 0) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const Triangle& t = tris[k];
                // x - x is 0 exactly for finite x and NaN otherwise: the sum is 0 when all are finite.
                const float z = (t.a.x - t.a.x) + (t.a.y - t.a.y) + (t.a.z - t.a.z) + (t.b.x - t.b.x) +
                                (t.b.y - t.b.y) + (t.b.z - t.b.z) + (t.c.x - t.c.x) + (t.c.y - t.c.y) + (t.c.z - t.c.z);
                if (z != 0.0f) continue;
                lx = minf(lx, minf(minf(t.a.x, t.b.x), t.c.x));
                ly = minf(ly, minf(minf(t.a.y, t.b.y), t.c.y));
                lz = minf(lz, minf(minf(t.a.z, t.b.z), t.c.z));
                hx = maxf(hx, maxf(maxf(t.a.x, t.b.x), t.c.x));
                hy = maxf(hy, maxf(maxf(t.a.y, t.b.y), t.c.y));
                hz = maxf(hz, maxf(maxf(t.a.z, t.b.z), t.c.z));
            }
        } else {
            const AABB& l = nodes[node.first].box;
            const AABB& r = nodes[node.first + 1].box;
            lx = minf(l.min.x, r.min.x), ly = minf(l.min.y, r.min.y), lz = minf(l.min.z, r.min.z);
            hx = maxf(l.max.x, r.max.x), hy = maxf(l.max.y, r.max.y), hz = maxf(l.max.z, r.max.z);
        }
        node.box = {{lx, ly, lz}, {hx, hy, hz}};
        if (lx <= hx) {
            const float ex = hx - lx, ey = hy - ly, ez = hz - lz;
            sum += static_cast<double>(2.0f * (ex * ey + ey * ez + ez * ex)) * (node.count > 0 ? node.count : 1);
        }
    }
    const float root = nodes.empty() ? 0.0f : aabb_surface_area(nodes[0].box);
    return root > 0.0f ? static_cast<float>(sum / root) : 0.0f;
}

}  // namespace

const char* World::update_mesh(std::uint32_t id, std::span<const float> positions) {
    Object* o = live(id);
    if (!o || !detail::is_mesh(*o)) return "the object is not a live mesh or instance of this world";
    MeshShape& mesh = *o->shape;
    if (positions.size() != mesh.position_floats)
        return "positions must hold as many floats as the mesh was added with";
    const auto t0 = std::chrono::steady_clock::now();
    const std::size_t n = mesh.tris.size();
    if (refit_mesh(mesh, positions.data()) > tol::kRefitRebuildRatio * mesh.built_cost) {
        std::vector<Triangle> tris(n);
        for (std::size_t k = 0; k < n; ++k) tris[mesh.ids[k]] = mesh.tris[k];
        detail::build_shape(mesh, std::move(tris));
        ++mesh_rebuilds_;
    } else {
        refit_wide(mesh.bvh);
        mesh.box = mesh.bvh.nodes.empty() ? aabb_empty() : mesh.bvh.nodes[0].box;
    }
    build_ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ++revision_;
    for (Object& other : slots_)
        if (other.shape.get() == &mesh) {
            other.box = detail::object_box(other);
            other.changed = revision_;
        }
    top_boxes_dirty_ = true;
    return nullptr;
}

// ---- the top level ----------------------------------------------------------------------------

float World::scene_magnitude() const {
    refresh_top();
    if (top_.nodes.empty()) return 0.0f;
    const AABB& b = top_.nodes[0].box;
    if (b.min.x > b.max.x) return 0.0f;
    const Vec3 m = vmax(vabs(b.min), vabs(b.max));
    return maxf(maxf(m.x, m.y), m.z);
}

void World::refresh_top() const {
    if (!top_structure_dirty_ && !top_boxes_dirty_) return;
    if (!top_structure_dirty_) {
        // Refit: the same tree over the moved boxes, unless that made it much worse.
        for (std::size_t k = 0; k < top_.order.size(); ++k) top_boxes_[k] = slots_[top_.order[k]].box;
        refit_bvh(top_, top_boxes_);
        ++top_refits_;
        top_boxes_dirty_ = false;
        if (!(bvh_sah_cost(top_) > tol::kTopRebuildRatio * top_built_cost_)) return;
    }
    // The objects in the order of their ids, so that the tree depends on the set of objects and
    // their boxes only, not on the order removals left the slots in.
    std::vector<std::uint32_t> order(slots_.size());
    for (std::uint32_t k = 0; k < order.size(); ++k) order[k] = k;
    detail::sort_range(order.data(), order.data() + order.size(),
                       [&](std::uint32_t a, std::uint32_t b) { return slots_[a].id < slots_[b].id; });
    std::vector<AABB> boxes(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) boxes[k] = slots_[order[k]].box;
    top_ = build_bvh(boxes, 1);
    top_boxes_.resize(order.size());
    for (std::size_t k = 0; k < top_.order.size(); ++k) {
        top_boxes_[k] = boxes[top_.order[k]];
        top_.order[k] = order[top_.order[k]];
    }
    top_built_cost_ = bvh_sah_cost(top_);
    ++top_rebuilds_;
    top_structure_dirty_ = top_boxes_dirty_ = false;
}

}  // namespace shototsu
