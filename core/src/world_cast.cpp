// shototsu — the world's swept-shape casts (world.hpp): sphere_cast and capsule_cast.
//
// Both traverse the hierarchy with a ray from the shape's centre against node boxes grown by
// the shape's half extents (a Minkowski sum), and sweep each reached triangle over the FULL
// motion, so that every triangle's time of impact is a pure function of the query and the
// triangle: the answer does not depend on traversal order (ties go to the lower mesh, then
// triangle index), which keeps native and wasm runs bit-identical.
#include <cmath>

#include "shototsu/bounding.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
#include "world_detail.hpp"

namespace shototsu {

template <class Sweep>
WorldHit World::cast_shape(Vec3 center, Vec3 grow, Vec3 dir, float max_distance, Sweep&& sweep) const {
    WorldHit best;
    best.distance = max_distance;
    detail::RaySetup ray;
    if (!std::isfinite(max_distance) || !is_finite(grow) || !ray.init(center, dir, max_distance)) return best;
    const Vec3 motion = ray.dir * max_distance;
    float best_t = 1.0f;
    SweepHit best_sweep;
    // The box swept by the shape over the whole motion, grown by the traversal slop: a triangle
    // whose box misses it cannot be touched, and that test is far cheaper than the sweep.
    const float slop = tol::kTraversalSlopRel *
                       (maxf(maxf(std::fabs(center.x), std::fabs(center.y)), std::fabs(center.z)) + max_distance +
                        maxf(maxf(grow.x, grow.y), grow.z));
    const Vec3 g = grow + Vec3{slop, slop, slop};
    const AABB swept{vmin(center, center + motion) - g, vmax(center, center + motion) + g};
    for (std::uint32_t m = 0; m < meshes_.size(); ++m) {
        const Mesh& mesh = meshes_[m];
        detail::traverse_ray(mesh.bvh, ray, max_distance, grow, [&](std::uint32_t first, std::uint32_t count) {
            for (std::uint32_t k = first; k < first + count; ++k) {
                const Triangle& tri = mesh.tris[k];
                if (minf(minf(tri.a.x, tri.b.x), tri.c.x) > swept.max.x || maxf(maxf(tri.a.x, tri.b.x), tri.c.x) < swept.min.x ||
                    minf(minf(tri.a.y, tri.b.y), tri.c.y) > swept.max.y || maxf(maxf(tri.a.y, tri.b.y), tri.c.y) < swept.min.y ||
                    minf(minf(tri.a.z, tri.b.z), tri.c.z) > swept.max.z || maxf(maxf(tri.a.z, tri.b.z), tri.c.z) < swept.min.z)
                    continue;
                const SweepHit h = sweep(tri, motion);
                if (!h.hit) continue;
                const std::uint32_t id = mesh.ids[k];
                const bool wins = !best.hit || h.t < best_t ||
                                  (h.t == best_t && (m < best.mesh || (m == best.mesh && id < best.triangle)));
                if (!wins) continue;
                best.hit = true;
                best.mesh = m;
                best.triangle = id;
                best_t = h.t;
                best_sweep = h;
            }
            // Nodes entered after the best time cannot hold an earlier impact.
            return best.hit ? best_t * max_distance : max_distance;
        });
    }
    if (!best.hit) return best;
    best.distance = best_t * max_distance;
    best.point = best_sweep.contact;
    best.position = best_sweep.point;
    best.normal = best_sweep.normal;
    return best;
}

WorldHit World::sphere_cast(Vec3 center, float radius, Vec3 dir, float max_distance) const {
    if (!(radius >= 0.0f)) {
        WorldHit miss;
        miss.distance = max_distance;
        return miss;
    }
    const Vec3 grow{radius, radius, radius};
    return cast_shape(center, grow, dir, max_distance, [&](const Triangle& tri, Vec3 motion) {
        const TriangleSweepHit h = sweep_sphere_triangle(radius, center, center + motion, tri);
        SweepHit s;
        s.hit = h.hit;
        s.t = h.t;
        s.point = h.point;
        s.contact = h.contact;
        s.normal = h.normal;
        return s;
    });
}

WorldHit World::capsule_cast(Vec3 a, Vec3 b, float radius, Vec3 dir, float max_distance) const {
    if (!(radius >= 0.0f) || !is_finite(a) || !is_finite(b)) {
        WorldHit miss;
        miss.distance = max_distance;
        return miss;
    }
    const Capsule capsule{a, b, radius};
    const Vec3 center = (a + b) * 0.5f;
    const Vec3 grow = vabs(b - a) * 0.5f + Vec3{radius, radius, radius};
    return cast_shape(center, grow, dir, max_distance,
                      [&](const Triangle& tri, Vec3 motion) { return sweep_capsule_triangle(capsule, motion, tri); });
}

}  // namespace shototsu
