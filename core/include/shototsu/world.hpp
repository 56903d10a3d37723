// shototsu — the mesh world: static triangle meshes (positions + optional indices, exactly what a
// three.js BufferGeometry holds) in bounding volume hierarchies, and the queries that particles,
// characters and games ask of them. Every answer says which mesh and which triangle answered.
//
// Conventions (results.hpp) hold here too; in addition:
// * Directions need not be unit length: they are normalised, and distances are measured along
//   the unit direction in world units. A zero or non-finite direction is a miss.
// * `triangle` is the index of the triangle in the mesh as it was added (the i-th triple of
//   `indices`, or of `positions` when there are no indices).
// * Triangles are two-sided. Triangles with a non-finite vertex are kept in the count but never
//   hit. Zero-area triangles are never hit by rays (a ray meets a segment only on a set of
//   measure zero); the shape queries see them as the segment or point they collapse to.
// * On a miss: hit = false, distance = max_distance, every other field zero.
// * EXACT AS BRUTE FORCE. Every candidate triangle is decided by the per-triangle primitive each
//   query names; the hierarchy only culls, with margins for the float rounding of its boxes
//   (tol::kTraversalSlopRel; for sweeps also the touching band of sweep.hpp), so every answer
//   equals the same primitive run over all triangles (tested on 10^4 queries per query and mesh).
// * TIES. When triangles answer equally (the same distance, time or height), the lowest mesh
//   index wins, then the lowest triangle index: the answer never depends on the tree's shape.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "shototsu/bvh.hpp"
#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

inline constexpr std::uint32_t kNoIndex = 0xFFFFFFFFu;

/// The first hit of a ray, segment, sphere or capsule cast.
struct WorldHit {
    bool hit = false;
    /// Distance travelled along the unit direction before the hit (0 when starting in contact).
    float distance = 0.0f;
    /// The touching point on the surface.
    Vec3 point;
    /// The cast shape's position at the hit: the ray/segment point, the sphere's centre, or the
    /// capsule's translated centre ((a + b) / 2 moved by distance).
    Vec3 position;
    /// Unit, from the surface toward the cast shape (for rays: the face normal facing the origin).
    Vec3 normal;
    std::uint32_t mesh = kNoIndex, triangle = kNoIndex;
};

/// One contact of an overlap query.
struct WorldContact {
    std::uint32_t mesh = kNoIndex, triangle = kNoIndex;
    /// The closest point of the triangle to the shape's centre (or axis).
    Vec3 point;
    /// Unit, from `point` toward the shape (see triangle_sphere / triangle_capsule).
    Vec3 normal;
    /// > 0: how far the shape must move along normal to stop touching this triangle.
    float depth = 0.0f;
    /// Which feature of the triangle is closest: a vertex, an edge, or the face.
    TriangleRegion feature = TriangleRegion::Face;
};

struct WorldClosestPoint {
    bool hit = false;
    Vec3 point;
    float distance = 0.0f;
    std::uint32_t mesh = kNoIndex, triangle = kNoIndex;
    TriangleRegion feature = TriangleRegion::Face;
};

struct WorldFloor {
    bool hit = false;
    /// Height (y) of the highest surface at (x, z) at or below from_y.
    float height = 0.0f;
    /// That triangle's unit normal, turned to point up (y >= 0).
    Vec3 normal;
    std::uint32_t mesh = kNoIndex, triangle = kNoIndex;
};

/// What add_mesh reports.
struct AddMeshResult {
    bool ok = false;
    std::uint32_t mesh = kNoIndex;
    /// Why it failed (a static string), or nullptr.
    const char* error = nullptr;
};

struct WorldStats {
    /// `nodes` counts the binary hierarchy's nodes (BvhNode, 32 bytes), `wide_nodes` those of
    /// its four-wide form that rays and casts traverse (BvhNode4, 128 bytes).
    std::uint32_t meshes = 0, triangles = 0, nodes = 0, wide_nodes = 0;
    /// Bytes held by triangles, both forms of the hierarchy and index maps.
    std::size_t memory_bytes = 0;
    /// Milliseconds spent building hierarchies so far (measured with a steady clock).
    double build_ms = 0.0;
    int max_depth = 0;
};

class World {
public:
    /// Adds a static mesh: `positions` holds 3 floats per vertex; `indices` 3 per triangle, or is
    /// empty for a non-indexed mesh (then positions holds 9 floats per triangle). Builds its
    /// hierarchy at once. Fails (adding nothing) when positions is not a multiple of 3 floats,
    /// a non-indexed mesh is not a multiple of 9, indices is not a multiple of 3, or an index is
    /// out of range.
    AddMeshResult add_mesh(std::span<const float> positions, std::span<const std::uint32_t> indices = {});

    /// The closest hit of the ray origin + s dir, 0 <= s <= max_distance (+inf allowed), against
    /// every triangle: intersect_ray_triangle per triangle (watertight: a ray through a shared
    /// edge or vertex hits a triangle there), nearest child first. normal: the face normal turned
    /// toward the origin.
    WorldHit raycast(Vec3 origin, Vec3 dir, float max_distance) const;
    /// raycast for many rays: `rays` holds 6 floats per ray (origin xyz, direction xyz), and
    /// out[i] = raycast(ray i, max_distance) for i < min(out.size(), rays.size() / 6). The same
    /// answers, sooner: rays are walked two at a time in turn, so that the memory waits of one
    /// overlap the work of the other.
    void raycast_batch(std::span<const float> rays, float max_distance, std::span<WorldHit> out) const;
    /// Whether anything blocks the ray within max_distance: raycast(...).hit, but it stops at
    /// the first hit found.
    bool raycast_any(Vec3 origin, Vec3 dir, float max_distance) const;
    /// Seed 004's SegmentCast: the hit closest to `start` on the segment start–end (a raycast of
    /// length |end - start|); distance is measured from start, and is that length on a miss. A
    /// zero-length segment is a miss (distance 0).
    WorldHit intersect_segment(Vec3 start, Vec3 end) const;

    /// Every triangle touching or overlapping the sphere, appended to `out` in hierarchy order
    /// (deterministic, not sorted): triangle_sphere per triangle, feature = the Voronoi region of
    /// the centre. Returns how many were appended; none for a negative, NaN or infinite radius.
    std::size_t overlap_sphere(Vec3 center, float radius, std::vector<WorldContact>& out) const;
    /// Every triangle touching or overlapping the capsule (triangle_capsule per triangle; feature =
    /// the Voronoi region of the axis point nearest the contact). When the axis crosses a
    /// triangle, depth is triangle_capsule's lift out along the face normal.
    std::size_t overlap_capsule(Vec3 a, Vec3 b, float radius, std::vector<WorldContact>& out) const;

    /// The first time of impact of a sphere moving from `center` along dir for max_distance
    /// (sweep_sphere_triangle per triangle over the whole motion; distance = t * max_distance).
    /// Starting overlapping, or touching and moving toward a triangle: distance 0; touching and
    /// moving away is free (sweep.hpp). point: the contact on the triangle; position: the centre at
    /// the hit. A non-finite max_distance is a miss (a sweep needs an end).
    WorldHit sphere_cast(Vec3 center, float radius, Vec3 dir, float max_distance) const;
    /// The same for a capsule (segment a–b, radius) translating along dir (sweep_capsule_triangle);
    /// position: the capsule's centre (a + b) / 2 at the hit.
    WorldHit capsule_cast(Vec3 a, Vec3 b, float radius, Vec3 dir, float max_distance) const;

    /// The closest point of any triangle to p within max_distance (inclusive; +inf allowed):
    /// closest_point_on_triangle per triangle, compared by squared float distance; feature: its
    /// Voronoi region. A negative or NaN max_distance is a miss.
    WorldClosestPoint closest_point(Vec3 p, float max_distance) const;

    /// Seed 003 at world scale: the highest surface at (x, z) whose height is <= from_y
    /// (floor_height per triangle; walls never count). from_y may be +inf; NaN is a miss.
    WorldFloor floor(float x, float z, float from_y) const;

    WorldStats stats() const;
    std::size_t mesh_count() const { return meshes_.size(); }
    /// The triangle as stored (world-space vertices).
    Triangle triangle(std::uint32_t mesh, std::uint32_t triangle) const;

    /// Calls f(mesh, triangle_index, tri) for every triangle of each leaf whose box overlaps `box`
    /// (touching counts): a superset of the triangles whose own boxes overlap it, in hierarchy
    /// order.
    template <class F>
    void for_each_triangle_in(const AABB& box, F&& f) const;

private:
    // Shared by sphere_cast and capsule_cast (world_cast.cpp): `sweep(tri, motion)` returns the
    // SweepHit of one triangle over the full motion.
    template <class Sweep>
    WorldHit cast_shape(Vec3 center, Vec3 grow, Vec3 dir, float max_distance, Sweep&& sweep) const;

    struct Mesh {
        std::vector<Triangle> tris;          // in leaf order
        std::vector<std::uint32_t> ids;      // original triangle index of tris[k]
        std::vector<std::uint32_t> slot_of;  // position in tris of original triangle i
        Bvh bvh;
        AABB box;
        bool valid_box = false;
    };
    std::vector<Mesh> meshes_;
    double build_ms_ = 0.0;
};

template <class F>
void World::for_each_triangle_in(const AABB& box, F&& f) const {
    std::uint32_t stack[kTraversalStack];
    for (std::uint32_t m = 0; m < meshes_.size(); ++m) {
        const Mesh& mesh = meshes_[m];
        if (mesh.bvh.nodes.empty()) continue;
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const BvhNode& node = mesh.bvh.nodes[stack[--top]];
            const AABB& b = node.box;
            if (b.min.x > box.max.x || b.max.x < box.min.x || b.min.y > box.max.y || b.max.y < box.min.y ||
                b.min.z > box.max.z || b.max.z < box.min.z)
                continue;
            if (node.count > 0) {
                for (std::uint32_t k = node.first; k < node.first + node.count; ++k) f(m, mesh.ids[k], mesh.tris[k]);
            } else {
                stack[top++] = node.first + 1;
                stack[top++] = node.first;
            }
        }
    }
}

}  // namespace shototsu
