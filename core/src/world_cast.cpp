// shototsu — the world's swept-shape casts (world.hpp): sphere_cast and capsule_cast.
//
// Both traverse the hierarchy with a ray from the shape's centre against node boxes grown by
// the shape's half extents (a Minkowski sum) plus the sweeps' touching band (a shape within
// tol::kSweepContactSlop of touching a triangle and approaching it hits at t = 0, though its
// centre may lie that far outside the grown box — wider than the traversal slop), and sweep each
// reached triangle over the FULL motion, so that every triangle's time of impact is a pure function of the query and
// the triangle: the answer does not depend on traversal order (ties go to the lower mesh, then triangle index), which
// keeps native and wasm runs bit-identical.
#include <cmath>

#include "shototsu/bounding.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
#include "world_detail.hpp"

namespace shototsu {

namespace {

float max_abs(Vec3 v) { return maxf(maxf(std::fabs(v.x), std::fabs(v.y)), std::fabs(v.z)); }

// The sweeps' touching band for a shape whose defining points reach `magnitude` and whose radius
// is r (sweep.hpp), rounded up to float by doubling.
float touching_band(float magnitude, float r) {
    return 2.0f * static_cast<float>(tol::kSweepContactSlop * static_cast<double>(maxf(magnitude, r)));
}

}  // namespace

template <class Sweep>
WorldHit World::cast_shape(Vec3 center, Vec3 grow, Vec3 dir, float max_distance, Sweep&& sweep) const {
    detail::EarliestSweep earliest;
    detail::RaySetup ray;
    if (!std::isfinite(max_distance) || !is_finite(grow) || !ray.init(center, dir, max_distance))
        return earliest.result(max_distance, max_distance);
    const Vec3 motion = ray.dir * max_distance;
    for (std::uint32_t m = 0; m < meshes_.size(); ++m) {
        const Mesh& mesh = meshes_[m];
        // Each triangle's own box is tested like a node's before its (much dearer) sweep.
        const float slop = detail::traversal_slop(mesh.bvh, ray.origin, max_distance, grow);
        const Vec3 tri_grow = grow + Vec3{slop, slop, slop};
        detail::traverse_ray(mesh.bvh, ray, max_distance, grow, [&](std::uint32_t first, std::uint32_t count) {
            const float reach = (earliest.best.hit ? earliest.t * max_distance : max_distance) + slop;
            for (std::uint32_t k = first; k < first + count; ++k) {
                if (!(detail::ray_box_entry(ray, detail::triangle_box(mesh.tris[k]), tri_grow, reach) <= reach))
                    continue;
                earliest.offer(sweep(mesh.tris[k], motion), m, mesh.ids[k]);
            }
            // Nodes entered after the best time cannot hold an earlier impact.
            return earliest.best.hit ? earliest.t * max_distance : max_distance;
        });
    }
    return earliest.result(max_distance, max_distance);
}

WorldHit World::sphere_cast(Vec3 center, float radius, Vec3 dir, float max_distance) const {
    if (!(radius >= 0.0f)) {
        WorldHit miss;
        miss.distance = max_distance;
        return miss;
    }
    const float g = radius + touching_band(max_abs(center), radius);
    const Vec3 grow{g, g, g};
    return cast_shape(center, grow, dir, max_distance, [&](const Triangle& tri, Vec3 motion) {
        return as_sweep_hit(sweep_sphere_triangle(radius, center, center + motion, tri));
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
    const float g = radius + touching_band(maxf(max_abs(a), max_abs(b)), radius);
    const Vec3 grow = vabs(b - a) * 0.5f + Vec3{g, g, g};
    return cast_shape(center, grow, dir, max_distance,
                      [&](const Triangle& tri, Vec3 motion) { return sweep_capsule_triangle(capsule, motion, tri); });
}

}  // namespace shototsu
