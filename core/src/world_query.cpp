// shototsu — the world's ray, overlap, closest-point and floor queries (world.hpp). Each walks
// the top level to the objects a query may reach, then an object's own hierarchy: directly for
// an object at the identity pose, carried into its space otherwise, where its candidate
// triangles are placed in world space before the per-triangle primitive decides them. The
// swept-shape casts live in world_cast.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "shototsu/bounding.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/floor.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
#include "sort_detail.hpp"
#include "world_detail.hpp"
#include "world_objects.hpp"

namespace shototsu {

using detail::RaySetup;

namespace {

// Lexicographic (distance, object, triangle): the answer does not depend on traversal order.
bool better(float s, std::uint32_t object, std::uint32_t tri, const WorldHit& best) {
    if (!best.hit) return true;
    if (s != best.distance) return s < best.distance;
    return object != best.object ? object < best.object : tri < best.triangle;
}

// The leaf test of a raycast against one mesh at the identity pose: intersect_ray_triangle per
// triangle, keeping the best hit by `better`; returns the new limit.
struct RayLeaf {
    const RaySetup& ray;
    const Triangle* tris;
    const std::uint32_t* ids;
    std::uint32_t object;
    float max_distance;
    float& limit;
    WorldHit& best;
    float operator()(std::uint32_t first, std::uint32_t count) const {
        for (std::uint32_t k = first; k < first + count; ++k) {
            const float s = intersect_ray_triangle(ray.origin, ray.dir, tris[k], max_distance);
            if (s < 0.0f || s > limit || !better(s, object, ids[k], best)) continue;
            best.hit = true;
            best.distance = s;
            best.object = object;
            best.triangle = ids[k];
            limit = s;
        }
        return limit;
    }
    // The triangles of a leaf about to be tested, asked for ahead (RayWalk).
    void prefetch(std::uint32_t first, std::uint32_t count) const {
        detail::prefetch(tris + first, count * sizeof(Triangle));
    }
};

// The same for a placed mesh: the walk runs in the mesh's space, each triangle is placed in
// world space and tested against the world ray; returns the limit in the mesh's units.
struct PlacedRayLeaf {
    const RaySetup& ray;
    const World::Object& o;
    std::uint32_t object;
    float max_distance;
    float& limit;
    WorldHit& best;
    float margin;
    float operator()(std::uint32_t first, std::uint32_t count) const {
        const World::MeshShape& m = *o.shape;
        for (std::uint32_t k = first; k < first + count; ++k) {
            const float s = intersect_ray_triangle(ray.origin, ray.dir, detail::place(o, m.tris[k]), max_distance);
            if (s < 0.0f || s > limit || !better(s, object, m.ids[k], best)) continue;
            best.hit = true;
            best.distance = s;
            best.object = object;
            best.triangle = m.ids[k];
            limit = s;
        }
        return limit * o.inv_scale + margin;
    }
};

// The leaf test of raycast_all: every triangle the ray crosses within max_distance, with the side
// it meets. The limit never shortens (the walk is RayWalk::run_unordered), and a leaf's triangles
// are asked for as soon as the walk finds it, to arrive while other nodes are tested.
struct CrossingLeaf {
    const RaySetup& ray;
    const World::Object& o;
    std::uint32_t id;
    float max_distance;
    float limit;
    std::vector<WorldRayCrossing>& out;
    float operator()(std::uint32_t first, std::uint32_t count) const {
        const World::MeshShape& mesh = *o.shape;
        for (std::uint32_t k = first; k < first + count; ++k) {
            const Triangle t = o.identity ? mesh.tris[k] : detail::place(o, mesh.tris[k]);
            const float s = intersect_ray_triangle(ray.origin, ray.dir, t, max_distance);
            if (s < 0.0f) continue;
            const bool front = dot(ray.dir, cross(t.b - t.a, t.c - t.a)) < 0.0f;
            out.push_back({s, id, mesh.ids[k], front});
        }
        return limit;
    }
    void prefetch(std::uint32_t first, std::uint32_t count) const {
        detail::prefetch(o.shape->tris.data() + first, count * sizeof(Triangle));
    }
};

// The point, position and normal of a raycast's best hit on triangle t.
WorldHit finish_ray(WorldHit best, const RaySetup& ray, const Triangle& t) {
    Vec3 n = normalize_or(cross(t.b - t.a, t.c - t.a), Vec3{0, 1, 0});
    if (dot(n, ray.dir) > 0.0f) n = -n;
    best.point = ray.origin + ray.dir * best.distance;
    best.position = best.point;
    best.normal = n;
    return best;
}

// A ray that runs to max_distance, as a mesh object's tree is walked with it: the world ray at
// the identity pose, else the ray carried into the mesh's space with the limit in its units and
// the placement's rounding as a margin. init is false when the carried ray has no direction.
struct MeshRay {
    RaySetup ray;
    float limit = 0.0f, margin = 0.0f;
    bool init(const World::Object& o, const RaySetup& world_ray, float max_distance) {
        ray = world_ray;
        limit = max_distance;
        if (o.identity) return true;
        if (!ray.init(detail::unplace(o, world_ray.origin), detail::unplace_dir(o, world_ray.dir), max_distance))
            return false;
        margin = detail::placement_margin(o, ray.origin, max_distance * o.inv_scale);
        limit = max_distance * o.inv_scale + margin;
        return true;
    }
};

// One ray against one object, keeping the best hit (and a primitive's answer in `prim`).
void ray_object(const World::Object& o, std::uint32_t id, const RaySetup& ray, float max_distance, float& limit,
                WorldHit& best, detail::PrimitiveHit& prim) {
    if (!detail::is_mesh(o)) {
        // The whole max_distance, not the limit so far: the answer must not depend on the order.
        const detail::PrimitiveHit h =
            detail::primitive_raycast(detail::world_primitive(o), ray.origin, ray.dir, max_distance);
        if (!h.hit || h.distance > limit || !better(h.distance, id, kNoIndex, best)) return;
        best.hit = true;
        best.distance = h.distance;
        best.object = id;
        best.triangle = kNoIndex;
        prim = h;
        limit = h.distance;
        return;
    }
    const World::MeshShape& m = *o.shape;
    if (o.identity) {
        const RayLeaf leaf{ray, m.tris.data(), m.ids.data(), id, max_distance, limit, best};
        detail::traverse_ray(m.bvh, ray, limit, Vec3{0, 0, 0}, leaf);
        return;
    }
    RaySetup local;
    if (!local.init(detail::unplace(o, ray.origin), detail::unplace_dir(o, ray.dir), limit)) return;
    const float margin = detail::placement_margin(o, local.origin, limit * o.inv_scale);
    const PlacedRayLeaf leaf{ray, o, id, max_distance, limit, best, margin};
    detail::traverse_ray(m.bvh, local, limit * o.inv_scale + margin, Vec3{margin, margin, margin}, leaf);
}

}  // namespace

WorldHit World::raycast(Vec3 origin, Vec3 dir, float max_distance, const QueryFilter& filter) const {
    WorldHit best;
    best.distance = max_distance;
    RaySetup ray;
    if (!ray.init(origin, dir, max_distance)) return best;
    float limit = max_distance;
    detail::PrimitiveHit prim;
    walk_top_ray(ray, max_distance, Vec3{0, 0, 0}, filter, [&](std::uint32_t slot) {
        const Object& o = slots_[slot];
        ray_object(o, o.id, ray, max_distance, limit, best, prim);
        return limit;
    });
    if (!best.hit) return best;
    if (best.triangle != kNoIndex) return finish_ray(best, ray, triangle(best.object, best.triangle));
    best.point = prim.point;
    best.position = prim.position;
    best.normal = prim.normal;
    return best;
}

void World::raycast_batch(std::span<const float> rays, float max_distance, std::span<WorldHit> out,
                          const QueryFilter& filter) const {
    const std::size_t n = out.size() < rays.size() / 6 ? out.size() : rays.size() / 6;
    const auto ray_at = [&](std::size_t i, Vec3& o, Vec3& d) {
        const float* r = rays.data() + 6 * i;
        o = {r[0], r[1], r[2]};
        d = {r[3], r[4], r[5]};
    };
    // A scene of a few meshes at the identity pose (a static level) walks two rays at a time
    // through each mesh in turn; anything else goes ray by ray through the top level.
    const Object* meshes[8];
    std::size_t mesh_count = 0;
    bool paired = true;
    for (std::uint32_t slot = 0; slot < slots_.size() && paired; ++slot) {
        const Object& o = slots_[slot];
        if (!object_passes(slot, filter)) continue;
        paired = detail::is_mesh(o) && o.identity && mesh_count < 8;
        if (paired) meshes[mesh_count++] = &o;
    }
    // In id order, as the top level would visit them (the answers do not depend on it).
    for (std::size_t i = 1; i < mesh_count; ++i)
        for (std::size_t j = i; j > 0 && meshes[j - 1]->id > meshes[j]->id; --j) std::swap(meshes[j - 1], meshes[j]);
    std::size_t i = 0;
    if (paired) {
        for (; i + 1 < n; i += 2) {
            Vec3 oa, da, ob, db;
            ray_at(i, oa, da);
            ray_at(i + 1, ob, db);
            RaySetup ra, rb;
            if (!ra.init(oa, da, max_distance) || !rb.init(ob, db, max_distance)) {
                out[i] = raycast(oa, da, max_distance, filter);
                out[i + 1] = raycast(ob, db, max_distance, filter);
                continue;
            }
            WorldHit ba, bb;
            ba.distance = bb.distance = max_distance;
            float la = max_distance, lb = max_distance;
            for (std::size_t j = 0; j < mesh_count; ++j) {
                const MeshShape& mesh = *meshes[j]->shape;
                const RayLeaf leaf_a{ra, mesh.tris.data(), mesh.ids.data(), meshes[j]->id, max_distance, la, ba};
                const RayLeaf leaf_b{rb, mesh.tris.data(), mesh.ids.data(), meshes[j]->id, max_distance, lb, bb};
                detail::RayWalk<const RayLeaf> wa(mesh.bvh, ra, la, Vec3{0, 0, 0}, leaf_a);
                detail::RayWalk<const RayLeaf> wb(mesh.bvh, rb, lb, Vec3{0, 0, 0}, leaf_b);
                bool a = !wa.done(), b = !wb.done();
                // A step of each in turn while both go on: the node one has asked for arrives
                // while the other works.
                while (a && b) {
                    a = wa.step();
                    b = wb.step();
                }
                while (a) a = wa.step();
                while (b) b = wb.step();
            }
            out[i] = ba.hit ? finish_ray(ba, ra, triangle(ba.object, ba.triangle)) : ba;
            out[i + 1] = bb.hit ? finish_ray(bb, rb, triangle(bb.object, bb.triangle)) : bb;
        }
    }
    for (; i < n; ++i) {
        Vec3 o, d;
        ray_at(i, o, d);
        out[i] = raycast(o, d, max_distance, filter);
    }
}

std::size_t World::raycast_all(Vec3 origin, Vec3 dir, float max_distance, std::vector<WorldRayCrossing>& out,
                               const QueryFilter& filter) const {
    RaySetup ray;
    if (!ray.init(origin, dir, max_distance)) return 0;
    const std::size_t first = out.size();
    // Every object the ray reaches, every leaf of its tree within max_distance: the limit never
    // shortens, so the walk order cannot change the set.
    walk_top_ray(ray, max_distance, Vec3{0, 0, 0}, filter, [&](std::uint32_t slot) {
        const Object& o = slots_[slot];
        const std::uint32_t id = o.id;
        if (!detail::is_mesh(o)) {
            const detail::PrimitiveHit h =
                detail::primitive_raycast(detail::world_primitive(o), ray.origin, ray.dir, max_distance);
            if (h.hit) out.push_back({h.distance, id, kNoIndex, true});
            return max_distance;
        }
        const MeshShape& mesh = *o.shape;
        MeshRay walk;
        if (!walk.init(o, ray, max_distance)) return max_distance;
        CrossingLeaf leaf{ray, o, id, max_distance, walk.limit, out};
        detail::traverse_ray_unordered(mesh.bvh, walk.ray, walk.limit, Vec3{walk.margin, walk.margin, walk.margin},
                                       leaf);
        return max_distance;
    });
    detail::sort_range(out.data() + first, out.data() + out.size(),
                       [](const WorldRayCrossing& a, const WorldRayCrossing& b) {
                           if (a.distance != b.distance) return a.distance < b.distance;
                           return a.object != b.object ? a.object < b.object : a.triangle < b.triangle;
                       });
    return out.size() - first;
}

bool World::raycast_any(Vec3 origin, Vec3 dir, float max_distance, const QueryFilter& filter) const {
    RaySetup ray;
    if (!ray.init(origin, dir, max_distance)) return false;
    bool found = false;
    walk_top_ray(ray, max_distance, Vec3{0, 0, 0}, filter, [&](std::uint32_t slot) {
        const Object& o = slots_[slot];
        if (!detail::is_mesh(o)) {
            found = detail::primitive_raycast(detail::world_primitive(o), ray.origin, ray.dir, max_distance).hit;
            return found ? -1.0f : max_distance;
        }
        const MeshShape& mesh = *o.shape;
        MeshRay walk;
        if (!walk.init(o, ray, max_distance)) return max_distance;
        const float slop = detail::traversal_slop(mesh.bvh, ray.origin, max_distance, Vec3{0, 0, 0}) +
                           (o.identity ? 0.0f : tol::kTransformSlopRel * detail::box_magnitude(o.box));
        const Vec3 tri_grow{slop, slop, slop};
        detail::traverse_ray(mesh.bvh, walk.ray, walk.limit, Vec3{walk.margin, walk.margin, walk.margin},
                             [&](std::uint32_t first, std::uint32_t count) {
                                 for (std::uint32_t k = first; k < first + count && !found; ++k) {
                                     const Triangle t = o.identity ? mesh.tris[k] : detail::place(o, mesh.tris[k]);
                                     found = detail::ray_box_entry(ray, detail::triangle_box(t), tri_grow,
                                                                   max_distance + slop) <= max_distance + slop &&
                                             intersect_ray_triangle(ray.origin, ray.dir, t, max_distance) >= 0.0f;
                                 }
                                 return found ? -1.0f : walk.limit;  // a negative limit stops the traversal
                             });
        return found ? -1.0f : max_distance;
    });
    return found;
}

WorldHit World::intersect_segment(Vec3 start, Vec3 end, const QueryFilter& filter) const {
    const Vec3 d = end - start;
    const float len = length(d);
    WorldHit h = raycast(start, d, len, filter);
    if (!h.hit) h.distance = len;
    return h;
}

// ---- triangles in a box -----------------------------------------------------------------------

void World::mesh_triangles_in(std::uint32_t slot, const AABB& box, TriangleRun emit, void* ctx) const {
    const Object& o = slots_[slot];
    const std::uint32_t id = o.id;
    if (!detail::is_mesh(o)) return;
    const MeshShape& mesh = *o.shape;
    if (mesh.bvh.nodes.empty()) return;
    const AABB q = o.identity ? box : detail::unplace_box(o, box);
    // The triangles, placed, gather here and go out a run at a time, in the walk's order
    // (storage left unset: zeroing it would cost as much as the placing).
    constexpr std::uint32_t kRun = 16;
    union Run {
        Run() {}
        Triangle tris[kRun];
    } run;
    Triangle* const placed = run.tris;
    std::uint32_t ids[kRun];
    std::uint32_t n = 0;
    const detail::Placer placer(o);
    detail::walk_tree(
        mesh.bvh.nodes.data(),
        [&](const BvhNode& node) {
            const AABB& b = node.box;
            return !(b.min.x > q.max.x || b.max.x < q.min.x || b.min.y > q.max.y || b.max.y < q.min.y ||
                     b.min.z > q.max.z || b.max.z < q.min.z);
        },
        [&](const BvhNode& node) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                if (n == kRun) {
                    emit(ctx, id, ids, placed, n);
                    n = 0;
                }
                ids[n] = mesh.ids[k];
                placed[n++] = o.identity ? mesh.tris[k] : placer(mesh.tris[k]);
            }
        },
        [](const BvhNode&, const BvhNode&) { return true; });
    if (n > 0) emit(ctx, id, ids, placed, n);
}

// ---- overlaps ---------------------------------------------------------------------------------

namespace detail {

// A query box grown by the traversal slop (tol::kTraversalSlopRel) of its own magnitude, so that
// rounding in building it never culls a triangle that exactly touches the query; and by the
// contacts' touching noise: triangle_sphere and triangle_capsule call a shape touching when it
// is within the rounding of their double arithmetic, relative to the triangle's magnitude too
// (a zero-radius capsule 1e-37 from a 15 m triangle touches it), which is below
// tol::kCoincidentRel of the scene's magnitude `scene` (every triangle lies in its box). The
// smallest normal float covers the denormal range, where relative margins round to 0.
AABB grown_query_box(const AABB& b, float scene) {
    const Vec3 m = vmax(vabs(b.min), vabs(b.max));
    const float own = maxf(maxf(m.x, m.y), m.z);
    const float slop = tol::kTraversalSlopRel * own +
                       2.0f * static_cast<float>(tol::kCoincidentRel * static_cast<double>(maxf(own, scene))) +
                       std::numeric_limits<float>::min();
    const Vec3 g{slop, slop, slop};
    return {b.min - g, b.max + g};
}

}  // namespace detail

namespace {

WorldContact primitive_contact(std::uint32_t id, const Contact& c) {
    WorldContact wc;
    wc.object = id;
    wc.point = c.point;
    wc.normal = c.normal;
    wc.depth = c.depth;
    return wc;
}

}  // namespace

template <class OnTriangle, class OnPrimitive>
void World::for_each_shape_in(const AABB& box, const QueryFilter& filter, OnTriangle&& on_triangle,
                              OnPrimitive&& on_primitive) const {
    for_each_object_in(box, filter, [&](std::uint32_t slot) {
        const Object& o = slots_[slot];
        if (!detail::is_mesh(o)) {
            on_primitive(o.id, detail::world_primitive(o));
            return;
        }
        mesh_triangles_in(slot, box, &each_of_run<std::remove_reference_t<OnTriangle>>, &on_triangle);
    });
}

std::size_t World::overlap_sphere(Vec3 center, float radius, std::vector<WorldContact>& out,
                                  const QueryFilter& filter) const {
    if (!is_finite(center) || !(radius >= 0.0f) || !std::isfinite(radius)) return 0;
    const std::size_t before = out.size();
    const Sphere sphere{center, radius};
    for_each_shape_in(
        detail::grown_query_box(aabb_of_sphere(sphere), scene_magnitude()), filter,
        [&](std::uint32_t id, std::uint32_t tri, const Triangle& t) {
            const Contact c = triangle_sphere(t, sphere);
            if (!c.hit) return;
            WorldContact wc = primitive_contact(id, c);
            wc.triangle = tri;
            wc.feature = closest_point_on_triangle(center, t).region;
            out.push_back(wc);
        },
        [&](std::uint32_t id, const detail::Primitive& p) {
            const Contact c = detail::primitive_sphere_overlap(p, sphere);
            if (c.hit) out.push_back(primitive_contact(id, c));
        });
    return out.size() - before;
}

std::size_t World::overlap_capsule(Vec3 a, Vec3 b, float radius, std::vector<WorldContact>& out,
                                   const QueryFilter& filter) const {
    if (!is_finite(a) || !is_finite(b) || !(radius >= 0.0f) || !std::isfinite(radius)) return 0;
    const std::size_t before = out.size();
    const Capsule cap{a, b, radius};
    for_each_shape_in(
        detail::grown_query_box(aabb_of_capsule(cap), scene_magnitude()), filter,
        [&](std::uint32_t id, std::uint32_t tri, const Triangle& t) {
            const Contact c = triangle_capsule(t, cap);
            if (!c.hit) return;
            WorldContact wc = primitive_contact(id, c);
            wc.triangle = tri;
            const ClosestPointsSegmentSegment axis = closest_points_segment_segment({a, b}, {c.point, c.point});
            wc.feature = closest_point_on_triangle(axis.point1, t).region;
            out.push_back(wc);
        },
        [&](std::uint32_t id, const detail::Primitive& p) {
            const Contact c = detail::primitive_capsule_overlap(p, cap);
            if (c.hit) out.push_back(primitive_contact(id, c));
        });
    return out.size() - before;
}

// ---- closest point ----------------------------------------------------------------------------

namespace {

// The running answer of World::closest_point. A node is pruned only when it is farther than the
// best by more than the rounding of the float positions involved: the candidates' closest
// points are rounded to float (half an ulp of the scene's magnitude per coordinate) and box
// distances are float sums of squares. The margin is tol::kTraversalSlopRel of the magnitude of
// p and the object, and that relative part of the distance itself; ties and near-ties are then
// decided exactly, as brute force would.
struct ClosestSearch {
    Vec3 p;
    WorldClosestPoint best;
    float best_d2;
    float reach = 0.0f;  // the pruning distance (world units) for the current margin
    float margin = 0.0f;

    void set_margin(float m) {
        margin = m;
        update();
    }
    void update() { reach = std::sqrt(best_d2) * (1.0f + 4.0f * tol::kTraversalSlopRel) + margin; }
    float prune_d2() const { return reach * reach; }

    void offer(float d2, Vec3 point, std::uint32_t object, std::uint32_t tri, TriangleRegion feature) {
        const bool tie_better =
            best.hit && d2 == best_d2 && (object < best.object || (object == best.object && tri < best.triangle));
        if (!(d2 < best_d2 || (!best.hit && d2 == best_d2) || tie_better)) return;
        best_d2 = d2;
        best.hit = true;
        best.point = point;
        best.object = object;
        best.triangle = tri;
        best.feature = feature;
        update();
    }
};

// The triangles of one mesh, walked in its own space (`q` is p there; `scale` the mesh's units
// in world units; `local_margin` the placement's rounding there).
void closest_in_mesh(ClosestSearch& s, const World::Object& o, std::uint32_t id) {
    const World::MeshShape& mesh = *o.shape;
    if (mesh.bvh.nodes.empty()) return;
    const Vec3 q = o.identity ? s.p : detail::unplace(o, s.p);
    const Vec3 mag = vmax(vmax(vabs(o.box.min), vabs(o.box.max)), vabs(s.p));
    s.set_margin(tol::kTraversalSlopRel * maxf(maxf(mag.x, mag.y), mag.z));
    const float local_margin = o.identity ? 0.0f : detail::placement_margin(o, q, s.reach * o.inv_scale);
    const auto local_prune = [&] {
        if (o.identity) return s.prune_d2();
        const float r = s.reach * o.inv_scale + local_margin;
        return r * r;
    };
    detail::walk_tree(
        mesh.bvh.nodes.data(),
        [&](const BvhNode& node) {
            return !aabb_is_empty(node.box) && !(distance_sq_point_aabb(q, node.box) > local_prune());
        },
        [&](const BvhNode& node) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const Triangle t = o.identity ? mesh.tris[k] : detail::place(o, mesh.tris[k]);
                const ClosestPointOnTriangle c = closest_point_on_triangle(s.p, t);
                const float d2 = distance_sq(s.p, c.point);
                // A triangle with an infinite vertex can still have a finite closest point (on
                // its finite edge): it is kept out of every answer as for the other queries.
                if (d2 <= s.best_d2 && is_finite(t.a) && is_finite(t.b) && is_finite(t.c))
                    s.offer(d2, c.point, id, mesh.ids[k], c.region);
            }
        },
        // The nearer child first: it tightens the best sooner.
        [&](const BvhNode& l, const BvhNode& r) {
            return distance_sq_point_aabb(q, l.box) <= distance_sq_point_aabb(q, r.box);
        });
}

}  // namespace

WorldClosestPoint World::closest_point(Vec3 p, float max_distance, const QueryFilter& filter) const {
    if (!is_finite(p) || !(max_distance >= 0.0f)) return {};
    ClosestSearch s{p, {}, std::isfinite(max_distance) ? max_distance * max_distance : max_distance};
    refresh_top();
    if (top_.nodes.empty()) return s.best;
    const Vec3 pm = vabs(p);
    const auto top_margin = [&](const AABB& b) {
        const Vec3 mag = vmax(vmax(vabs(b.min), vabs(b.max)), pm);
        return tol::kTraversalSlopRel * maxf(maxf(mag.x, mag.y), mag.z);
    };
    s.set_margin(top_margin(top_.nodes[0].box));
    const float root_margin = s.margin;
    detail::walk_tree(
        top_.nodes.data(),
        [&](const BvhNode& node) {
            s.set_margin(root_margin);
            return !aabb_is_empty(node.box) && !(distance_sq_point_aabb(p, node.box) > s.prune_d2());
        },
        [&](const BvhNode& node) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const std::uint32_t slot = top_.order[k];
                s.set_margin(root_margin);
                if (!object_passes(slot, filter) || aabb_is_empty(top_boxes_[k]) ||
                    distance_sq_point_aabb(p, top_boxes_[k]) > s.prune_d2())
                    continue;
                const Object& o = slots_[slot];
                const std::uint32_t id = o.id;
                if (detail::is_mesh(o)) {
                    closest_in_mesh(s, o, id);
                    continue;
                }
                const detail::PrimitiveClosest c = detail::primitive_closest_point(detail::world_primitive(o), p);
                const float d2 = distance_sq(p, c.point);
                if (d2 <= s.best_d2) s.offer(d2, c.point, id, kNoIndex, TriangleRegion::Face);
            }
        },
        [&](const BvhNode& l, const BvhNode& r) {
            return distance_sq_point_aabb(p, l.box) <= distance_sq_point_aabb(p, r.box);
        });
    if (s.best.hit) s.best.distance = std::sqrt(s.best_d2);
    return s.best;
}

// ---- floor ------------------------------------------------------------------------------------

namespace {

bool floor_wins(const WorldFloor& best, float height, std::uint32_t object, std::uint32_t tri) {
    return !best.hit || height > best.height ||
           (height == best.height && (object < best.object || (object == best.object && tri < best.triangle)));
}

// Whether a world box may hold a floor at (x, z) for the query (below from_y, above the best).
bool column_reaches(const AABB& b, float x, float z, float from_y, const WorldFloor& best) {
    return x >= b.min.x && x <= b.max.x && z >= b.min.z && z <= b.max.z && b.min.y <= from_y &&
           !(best.hit && b.max.y < best.height);
}

// Whether the left child, reaching higher (below from_y), goes first: it finds the floor sooner,
// and then everything lower is pruned — in a soup or a building the column is long.
bool higher_first(const BvhNode& l, const BvhNode& r, float from_y) {
    return minf(l.box.max.y, from_y) >= minf(r.box.max.y, from_y);
}

void floor_in_mesh(WorldFloor& best, const World::Object& o, std::uint32_t id, float x, float z, float from_y) {
    const World::MeshShape& mesh = *o.shape;
    if (mesh.bvh.nodes.empty()) return;
    detail::walk_tree(
        mesh.bvh.nodes.data(),
        [&](const BvhNode& node) {
            if (aabb_is_empty(node.box)) return false;
            return column_reaches(o.identity ? node.box : detail::place_box(o, node.box), x, z, from_y, best);
        },
        [&](const BvhNode& node) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const Triangle t = o.identity ? mesh.tris[k] : detail::place(o, mesh.tris[k]);
                const FloorHeight f = floor_height(t, x, z);
                if (!f.hit || !(f.height <= from_y) || !floor_wins(best, f.height, id, mesh.ids[k])) continue;
                best.hit = true;
                best.height = f.height;
                best.normal = f.normal;
                best.object = id;
                best.triangle = mesh.ids[k];
            }
        },
        [&](const BvhNode& l, const BvhNode& r) { return higher_first(l, r, from_y); });
}

}  // namespace

WorldFloor World::floor(float x, float z, float from_y, const QueryFilter& filter) const {
    WorldFloor best;
    if (!std::isfinite(x) || !std::isfinite(z) || std::isnan(from_y)) return best;
    refresh_top();
    if (top_.nodes.empty()) return best;
    detail::walk_tree(
        top_.nodes.data(), [&](const BvhNode& node) { return column_reaches(node.box, x, z, from_y, best); },
        [&](const BvhNode& node) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const std::uint32_t slot = top_.order[k];
                if (!object_passes(slot, filter) || !column_reaches(top_boxes_[k], x, z, from_y, best)) continue;
                const Object& o = slots_[slot];
                const std::uint32_t id = o.id;
                if (detail::is_mesh(o)) {
                    floor_in_mesh(best, o, id, x, z, from_y);
                    continue;
                }
                const detail::PrimitiveFloor f = detail::primitive_floor(detail::world_primitive(o), x, z, from_y);
                if (!f.hit || !floor_wins(best, f.height, id, kNoIndex)) continue;
                best.hit = true;
                best.height = f.height;
                best.normal = f.normal;
                best.object = id;
                best.triangle = kNoIndex;
            }
        },
        [&](const BvhNode& l, const BvhNode& r) { return higher_first(l, r, from_y); });
    return best;
}

}  // namespace shototsu
