// shototsu — the mesh world (world.hpp): building meshes and the ray, overlap, closest-point and
// floor queries. The swept-shape casts live in world_cast.cpp.
#include "shototsu/world.hpp"

#include <chrono>
#include <cmath>

#include "shototsu/bounding.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/floor.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/tolerance.hpp"
#include "world_detail.hpp"

namespace shototsu {

using detail::RaySetup;

AddMeshResult World::add_mesh(std::span<const float> positions, std::span<const std::uint32_t> indices) {
    AddMeshResult r;
    if (positions.size() % 3 != 0) {
        r.error = "positions must hold 3 floats per vertex";
        return r;
    }
    const std::size_t vertex_count = positions.size() / 3;
    std::size_t tri_count;
    if (indices.empty()) {
        if (vertex_count % 3 != 0) {
            r.error = "a mesh without indices must hold 3 vertices per triangle";
            return r;
        }
        tri_count = vertex_count / 3;
    } else {
        if (indices.size() % 3 != 0) {
            r.error = "indices must hold 3 entries per triangle";
            return r;
        }
        for (const std::uint32_t i : indices)
            if (i >= vertex_count) {
                r.error = "an index is out of range of the positions";
                return r;
            }
        tri_count = indices.size() / 3;
    }
    if (tri_count >= kNoIndex) {
        r.error = "too many triangles";
        return r;
    }

    const auto t0 = std::chrono::steady_clock::now();
    auto vertex = [&](std::size_t v) { return Vec3{positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]}; };
    auto triangle_of = [&](std::size_t t) {
        if (indices.empty()) return Triangle{vertex(3 * t), vertex(3 * t + 1), vertex(3 * t + 2)};
        return Triangle{vertex(indices[3 * t]), vertex(indices[3 * t + 1]), vertex(indices[3 * t + 2])};
    };
    std::vector<AABB> boxes(tri_count);
    for (std::size_t t = 0; t < tri_count; ++t) {
        const Triangle tr = triangle_of(t);
        // A triangle with a non-finite vertex gets an empty box: no query reaches it.
        boxes[t] = (is_finite(tr.a) && is_finite(tr.b) && is_finite(tr.c)) ? aabb_of_triangle(tr) : aabb_empty();
    }

    Mesh mesh;
    mesh.bvh = build_bvh(boxes);
    widen(mesh.bvh);
    boxes = {};
    // The triangles are stored in leaf order, read straight from the caller's arrays.
    mesh.ids = std::move(mesh.bvh.order);  // the original index of each stored triangle
    mesh.bvh.order = {};
    mesh.tris.resize(tri_count);
    mesh.slot_of.resize(tri_count);
    for (std::size_t k = 0; k < tri_count; ++k) {
        const std::uint32_t id = mesh.ids[k];
        mesh.tris[k] = triangle_of(id);
        mesh.slot_of[id] = static_cast<std::uint32_t>(k);
    }
    mesh.box = mesh.bvh.nodes.empty() ? aabb_empty() : mesh.bvh.nodes[0].box;
    meshes_.push_back(std::move(mesh));
    build_ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    r.ok = true;
    r.mesh = static_cast<std::uint32_t>(meshes_.size() - 1);
    return r;
}

Triangle World::triangle(std::uint32_t mesh, std::uint32_t tri) const {
    if (mesh >= meshes_.size() || tri >= meshes_[mesh].slot_of.size()) return {};
    const Mesh& m = meshes_[mesh];
    return m.tris[m.slot_of[tri]];
}

WorldStats World::stats() const {
    WorldStats s;
    s.meshes = static_cast<std::uint32_t>(meshes_.size());
    for (const Mesh& m : meshes_) {
        s.triangles += static_cast<std::uint32_t>(m.tris.size());
        s.nodes += static_cast<std::uint32_t>(m.bvh.nodes.size());
        s.wide_nodes += static_cast<std::uint32_t>(m.bvh.wide.size());
        s.memory_bytes += m.tris.size() * sizeof(Triangle) + m.ids.size() * 4 + m.slot_of.size() * 4 +
                          m.bvh.nodes.size() * sizeof(BvhNode) + m.bvh.wide.size() * sizeof(BvhNode4);
        s.max_depth = s.max_depth > m.bvh.depth ? s.max_depth : m.bvh.depth;
    }
    s.build_ms = build_ms_;
    return s;
}

// ---- rays -------------------------------------------------------------------------------------

namespace {

// Lexicographic (distance, mesh, triangle): the answer does not depend on traversal order.
bool better(float s, std::uint32_t mesh, std::uint32_t tri, const WorldHit& best) {
    if (!best.hit) return true;
    if (s != best.distance) return s < best.distance;
    return mesh != best.mesh ? mesh < best.mesh : tri < best.triangle;
}

}  // namespace

namespace {

// The leaf test of a raycast against one mesh: intersect_ray_triangle per triangle, keeping the
// best hit by `better`; returns the new limit.
struct RayLeaf {
    const RaySetup& ray;
    const Triangle* tris;
    const std::uint32_t* ids;
    std::uint32_t mesh;
    float max_distance;
    float& limit;
    WorldHit& best;
    float operator()(std::uint32_t first, std::uint32_t count) const {
        for (std::uint32_t k = first; k < first + count; ++k) {
            const float s = intersect_ray_triangle(ray.origin, ray.dir, tris[k], max_distance);
            if (s < 0.0f || s > limit || !better(s, mesh, ids[k], best)) continue;
            best.hit = true;
            best.distance = s;
            best.mesh = mesh;
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

// The point, position and normal of a raycast's best hit on triangle t.
WorldHit finish_ray(WorldHit best, const RaySetup& ray, const Triangle& t) {
    Vec3 n = normalize_or(cross(t.b - t.a, t.c - t.a), Vec3{0, 1, 0});
    if (dot(n, ray.dir) > 0.0f) n = -n;
    best.point = ray.origin + ray.dir * best.distance;
    best.position = best.point;
    best.normal = n;
    return best;
}

}  // namespace

WorldHit World::raycast(Vec3 origin, Vec3 dir, float max_distance) const {
    WorldHit best;
    best.distance = max_distance;
    RaySetup ray;
    if (!ray.init(origin, dir, max_distance)) return best;
    float limit = max_distance;
    for (std::uint32_t m = 0; m < meshes_.size(); ++m) {
        const Mesh& mesh = meshes_[m];
        const RayLeaf leaf{ray, mesh.tris.data(), mesh.ids.data(), m, max_distance, limit, best};
        detail::traverse_ray(mesh.bvh, ray, limit, Vec3{0, 0, 0}, leaf);
    }
    return best.hit ? finish_ray(best, ray, triangle(best.mesh, best.triangle)) : best;
}

void World::raycast_batch(std::span<const float> rays, float max_distance, std::span<WorldHit> out) const {
    const std::size_t n = out.size() < rays.size() / 6 ? out.size() : rays.size() / 6;
    const auto ray_at = [&](std::size_t i, Vec3& o, Vec3& d) {
        const float* r = rays.data() + 6 * i;
        o = {r[0], r[1], r[2]};
        d = {r[3], r[4], r[5]};
    };
    std::size_t i = 0;
    for (; i + 1 < n; i += 2) {
        Vec3 oa, da, ob, db;
        ray_at(i, oa, da);
        ray_at(i + 1, ob, db);
        RaySetup ra, rb;
        if (!ra.init(oa, da, max_distance) || !rb.init(ob, db, max_distance)) {
            out[i] = raycast(oa, da, max_distance);
            out[i + 1] = raycast(ob, db, max_distance);
            continue;
        }
        WorldHit ba, bb;
        ba.distance = bb.distance = max_distance;
        float la = max_distance, lb = max_distance;
        for (std::uint32_t m = 0; m < meshes_.size(); ++m) {
            const Mesh& mesh = meshes_[m];
            const RayLeaf leaf_a{ra, mesh.tris.data(), mesh.ids.data(), m, max_distance, la, ba};
            const RayLeaf leaf_b{rb, mesh.tris.data(), mesh.ids.data(), m, max_distance, lb, bb};
            detail::RayWalk<const RayLeaf> wa(mesh.bvh, ra, la, Vec3{0, 0, 0}, leaf_a);
            detail::RayWalk<const RayLeaf> wb(mesh.bvh, rb, lb, Vec3{0, 0, 0}, leaf_b);
            bool a = !wa.done(), b = !wb.done();
            // A step of each in turn while both go on: the node one has asked for arrives while
            // the other works. (Four in turn, through an array, measured slower in wasm.)
            while (a && b) {
                a = wa.step();
                b = wb.step();
            }
            while (a) a = wa.step();
            while (b) b = wb.step();
        }
        out[i] = ba.hit ? finish_ray(ba, ra, triangle(ba.mesh, ba.triangle)) : ba;
        out[i + 1] = bb.hit ? finish_ray(bb, rb, triangle(bb.mesh, bb.triangle)) : bb;
    }
    if (i < n) {
        Vec3 o, d;
        ray_at(i, o, d);
        out[i] = raycast(o, d, max_distance);
    }
}

bool World::raycast_any(Vec3 origin, Vec3 dir, float max_distance) const {
    RaySetup ray;
    if (!ray.init(origin, dir, max_distance)) return false;
    bool found = false;
    for (const Mesh& mesh : meshes_) {
        const float slop = detail::traversal_slop(mesh.bvh, ray.origin, max_distance, Vec3{0, 0, 0});
        const Vec3 tri_grow{slop, slop, slop};
        detail::traverse_ray(mesh.bvh, ray, max_distance, Vec3{0, 0, 0}, [&](std::uint32_t first, std::uint32_t count) {
            for (std::uint32_t k = first; k < first + count && !found; ++k)
                found = detail::ray_box_entry(ray, detail::triangle_box(mesh.tris[k]), tri_grow, max_distance + slop) <=
                            max_distance + slop &&
                        intersect_ray_triangle(ray.origin, ray.dir, mesh.tris[k], max_distance) >= 0.0f;
            return found ? -1.0f : max_distance;  // a negative limit stops the traversal
        });
        if (found) return true;
    }
    return false;
}

WorldHit World::intersect_segment(Vec3 start, Vec3 end) const {
    const Vec3 d = end - start;
    const float len = length(d);
    WorldHit h = raycast(start, d, len);
    if (!h.hit) h.distance = len;
    return h;
}

// ---- overlaps ---------------------------------------------------------------------------------

namespace {

// A query box grown by the traversal slop (tol::kTraversalSlopRel) of its own magnitude, so that
// rounding in building it never culls a triangle that exactly touches the query.
AABB grown_query_box(const AABB& b) {
    const Vec3 m = vmax(vabs(b.min), vabs(b.max));
    const float slop = tol::kTraversalSlopRel * maxf(maxf(m.x, m.y), m.z);
    const Vec3 g{slop, slop, slop};
    return {b.min - g, b.max + g};
}

}  // namespace

std::size_t World::overlap_sphere(Vec3 center, float radius, std::vector<WorldContact>& out) const {
    if (!is_finite(center) || !(radius >= 0.0f) || !std::isfinite(radius)) return 0;
    const std::size_t before = out.size();
    const Sphere sphere{center, radius};
    for_each_triangle_in(grown_query_box(aabb_of_sphere(sphere)),
                         [&](std::uint32_t m, std::uint32_t id, const Triangle& t) {
                             const Contact c = triangle_sphere(t, sphere);
                             if (!c.hit) return;
                             WorldContact wc;
                             wc.mesh = m;
                             wc.triangle = id;
                             wc.point = c.point;
                             wc.normal = c.normal;
                             wc.depth = c.depth;
                             wc.feature = closest_point_on_triangle(center, t).region;
                             out.push_back(wc);
                         });
    return out.size() - before;
}

std::size_t World::overlap_capsule(Vec3 a, Vec3 b, float radius, std::vector<WorldContact>& out) const {
    if (!is_finite(a) || !is_finite(b) || !(radius >= 0.0f) || !std::isfinite(radius)) return 0;
    const std::size_t before = out.size();
    const Capsule cap{a, b, radius};
    for_each_triangle_in(
        grown_query_box(aabb_of_capsule(cap)), [&](std::uint32_t m, std::uint32_t id, const Triangle& t) {
            const Contact c = triangle_capsule(t, cap);
            if (!c.hit) return;
            WorldContact wc;
            wc.mesh = m;
            wc.triangle = id;
            wc.point = c.point;
            wc.normal = c.normal;
            wc.depth = c.depth;
            const ClosestPointsSegmentSegment axis_point = closest_points_segment_segment({a, b}, {c.point, c.point});
            wc.feature = closest_point_on_triangle(axis_point.point1, t).region;
            out.push_back(wc);
        });
    return out.size() - before;
}

// ---- closest point and floor ------------------------------------------------------------------

WorldClosestPoint World::closest_point(Vec3 p, float max_distance) const {
    WorldClosestPoint best;
    if (!is_finite(p) || !(max_distance >= 0.0f)) return best;
    float best_d2 = std::isfinite(max_distance) ? max_distance * max_distance : max_distance;
    // A node is pruned only when it is farther than the best by more than the rounding of the
    // float positions involved: the candidates' closest points are rounded to float (half an ulp
    // of the scene's magnitude per coordinate) and the box distance is a float sum of squares.
    // The margin is tol::kTraversalSlopRel of the magnitude of p and the mesh, and that relative
    // part of the distance itself; ties and near-ties are then decided exactly, as brute force
    // would. (Pruning on d^2 alone with a relative factor is not enough near the surface of a
    // mesh far from the origin, where the rounding is large next to the distance.)
    float margin = 0.0f, prune_d2 = best_d2;
    const auto update_prune = [&] {
        const float reach = std::sqrt(best_d2) * (1.0f + 4.0f * tol::kTraversalSlopRel) + margin;
        prune_d2 = reach * reach;
    };
    const Vec3 pm = vabs(p);
    std::uint32_t stack[kTraversalStack];
    for (std::uint32_t m = 0; m < meshes_.size(); ++m) {
        const Mesh& mesh = meshes_[m];
        if (mesh.bvh.nodes.empty()) continue;
        const Vec3 mag = vmax(vmax(vabs(mesh.box.min), vabs(mesh.box.max)), pm);
        margin = tol::kTraversalSlopRel * maxf(maxf(mag.x, mag.y), mag.z);
        update_prune();
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const BvhNode& node = mesh.bvh.nodes[stack[--top]];
            if (aabb_is_empty(node.box) || distance_sq_point_aabb(p, node.box) > prune_d2) continue;
            if (node.count > 0) {
                for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                    const ClosestPointOnTriangle c = closest_point_on_triangle(p, mesh.tris[k]);
                    const float d2 = distance_sq(p, c.point);
                    const bool tie_better =
                        best.hit && d2 == best_d2 && (m < best.mesh || (m == best.mesh && mesh.ids[k] < best.triangle));
                    // A triangle with an infinite vertex can still have a finite closest point (on
                    // its finite edge): it is checked here, only when it would win, to keep such
                    // triangles out of every answer as for the other queries.
                    const Triangle& t = mesh.tris[k];
                    if ((d2 < best_d2 || (!best.hit && d2 == best_d2) || tie_better) && is_finite(t.a) &&
                        is_finite(t.b) && is_finite(t.c)) {
                        best_d2 = d2;
                        best.hit = true;
                        best.point = c.point;
                        best.mesh = m;
                        best.triangle = mesh.ids[k];
                        best.feature = c.region;
                        update_prune();
                    }
                }
            } else {
                // Visit the nearer child first: it tightens best_d2 sooner.
                const BvhNode& l = mesh.bvh.nodes[node.first];
                const BvhNode& r = mesh.bvh.nodes[node.first + 1];
                const bool left_first = distance_sq_point_aabb(p, l.box) <= distance_sq_point_aabb(p, r.box);
                stack[top++] = left_first ? node.first + 1 : node.first;
                stack[top++] = left_first ? node.first : node.first + 1;
            }
        }
    }
    if (best.hit) best.distance = std::sqrt(best_d2);
    return best;
}

WorldFloor World::floor(float x, float z, float from_y) const {
    WorldFloor best;
    if (!std::isfinite(x) || !std::isfinite(z) || std::isnan(from_y)) return best;
    std::uint32_t stack[kTraversalStack];
    for (std::uint32_t m = 0; m < meshes_.size(); ++m) {
        const Mesh& mesh = meshes_[m];
        if (mesh.bvh.nodes.empty()) continue;
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const BvhNode& node = mesh.bvh.nodes[stack[--top]];
            const AABB& b = node.box;
            if (!(x >= b.min.x && x <= b.max.x && z >= b.min.z && z <= b.max.z && b.min.y <= from_y)) continue;
            if (best.hit && b.max.y < best.height) continue;
            if (node.count > 0) {
                for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                    const FloorHeight f = floor_height(mesh.tris[k], x, z);
                    if (!f.hit || !(f.height <= from_y)) continue;
                    const std::uint32_t id = mesh.ids[k];
                    const bool wins =
                        !best.hit || f.height > best.height ||
                        (f.height == best.height && (m < best.mesh || (m == best.mesh && id < best.triangle)));
                    if (!wins) continue;
                    best.hit = true;
                    best.height = f.height;
                    best.normal = f.normal;
                    best.mesh = m;
                    best.triangle = id;
                }
            } else {
                // The child that reaches higher (below from_y) first: it finds the floor sooner,
                // and then everything lower is pruned — in a soup or a building the column under
                // (x, z) is long.
                const BvhNode& l = mesh.bvh.nodes[node.first];
                const BvhNode& r = mesh.bvh.nodes[node.first + 1];
                const bool left_first = minf(l.box.max.y, from_y) >= minf(r.box.max.y, from_y);
                stack[top++] = left_first ? node.first + 1 : node.first;
                stack[top++] = left_first ? node.first : node.first + 1;
            }
        }
    }
    return best;
}

}  // namespace shototsu
