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
#include <limits>

#include "shototsu/bounding.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
#include "world_detail.hpp"
#include "world_objects.hpp"

namespace shototsu {

namespace {

float max_abs(Vec3 v) { return maxf(maxf(std::fabs(v.x), std::fabs(v.y)), std::fabs(v.z)); }

// The sweeps' touching band for a shape whose defining points reach `magnitude` and whose radius
// is r (sweep.hpp), rounded up to float by doubling; plus the smallest normal float, because near
// the origin the relative band vanishes while the sweeps' float arithmetic still underflows (a
// path 5e-48 beside a radius-0 sphere reads as passing through it) and brute force hits there.
float touching_band(float magnitude, float r) {
    return 2.0f * static_cast<float>(tol::kSweepContactSlop * static_cast<double>(maxf(magnitude, r))) +
           std::numeric_limits<float>::min();
}

}  // namespace

template <class Sweep, class Prim>
WorldHit World::cast_shape(Vec3 center, Vec3 half_axis, float round, Vec3 dir, float max_distance,
                           const QueryFilter& filter, Sweep&& sweep, Prim&& prim) const {
    const Vec3 grow = vabs(half_axis) + Vec3{round, round, round};
    detail::EarliestSweep earliest;
    detail::RaySetup ray;
    if (!std::isfinite(max_distance) || !is_finite(grow) || !ray.init(center, dir, max_distance))
        return earliest.result(max_distance, max_distance);
    const Vec3 motion = ray.dir * max_distance;
    const auto best_distance = [&] { return earliest.best.hit ? earliest.t * max_distance : max_distance; };
    walk_top_ray(ray, max_distance, grow, filter, [&](std::uint32_t slot) {
        const Object& o = slots_[slot];
        const std::uint32_t id = o.id;
        if (!detail::is_mesh(o)) {
            const detail::PrimitiveHit h = prim(detail::world_primitive(o));
            if (h.hit) {
                SweepHit sh;
                sh.hit = true;
                sh.t = max_distance > 0.0f ? minf(h.distance / max_distance, 1.0f) : 0.0f;
                sh.point = h.position;
                sh.contact = h.point;
                sh.normal = h.normal;
                earliest.offer(sh, id, kNoIndex);
            }
            return best_distance();
        }
        const MeshShape& mesh = *o.shape;
        // Each triangle's own box is tested like a node's before its (much dearer) sweep.
        float slop = detail::traversal_slop(mesh.bvh, ray.origin, max_distance, grow);
        if (!o.identity) slop += tol::kTransformSlopRel * (detail::box_magnitude(o.box) + max_distance);
        const Vec3 tri_grow = grow + Vec3{slop, slop, slop};
        const auto leaf = [&](std::uint32_t first, std::uint32_t count) {
            const float reach = best_distance() + slop;
            for (std::uint32_t k = first; k < first + count; ++k) {
                const Triangle t = o.identity ? mesh.tris[k] : detail::place(o, mesh.tris[k]);
                if (!(detail::ray_box_entry(ray, detail::triangle_box(t), tri_grow, reach) <= reach)) continue;
                earliest.offer(sweep(t, motion), id, mesh.ids[k]);
            }
            return best_distance();
        };
        if (o.identity) {
            detail::traverse_ray(mesh.bvh, ray, max_distance, grow, leaf);
            return best_distance();
        }
        // In the mesh's space: the centre's ray, the shape's half size (its axis turned into that
        // space) and the limit, in its units.
        detail::RaySetup local;
        if (!local.init(detail::unplace(o, ray.origin), detail::unplace_dir(o, ray.dir), max_distance))
            return best_distance();
        const float local_limit = max_distance * o.inv_scale;
        const float margin = detail::placement_margin(o, local.origin, local_limit) + slop * o.inv_scale;
        const float local_round = round * o.inv_scale + margin;
        const Vec3 local_grow =
            vabs(detail::unplace_dir(o, half_axis)) * o.inv_scale + Vec3{local_round, local_round, local_round};
        detail::traverse_ray(
            mesh.bvh, local, local_limit + margin, local_grow,
            [&](std::uint32_t first, std::uint32_t count) { return leaf(first, count) * o.inv_scale + margin; });
        return best_distance();
    });
    return earliest.result(max_distance, max_distance);
}

WorldHit World::sphere_cast(Vec3 center, float radius, Vec3 dir, float max_distance, const QueryFilter& filter) const {
    if (!(radius >= 0.0f)) {
        WorldHit miss;
        miss.distance = max_distance;
        return miss;
    }
    const float g = radius + touching_band(max_abs(center), radius);
    const Vec3 unit = normalize_or(dir, Vec3{0, 0, 0});
    return cast_shape(
        center, Vec3{0, 0, 0}, g, dir, max_distance, filter,
        [&](const Triangle& tri, Vec3 motion) {
            return as_sweep_hit(sweep_sphere_triangle(radius, center, center + motion, tri));
        },
        [&](const detail::Primitive& p) {
            return detail::primitive_sphere_cast(p, center, radius, unit, max_distance);
        });
}

WorldHit World::capsule_cast(Vec3 a, Vec3 b, float radius, Vec3 dir, float max_distance,
                             const QueryFilter& filter) const {
    if (!(radius >= 0.0f) || !is_finite(a) || !is_finite(b)) {
        WorldHit miss;
        miss.distance = max_distance;
        return miss;
    }
    const Capsule capsule{a, b, radius};
    const Vec3 center = (a + b) * 0.5f;
    const float g = radius + touching_band(maxf(max_abs(a), max_abs(b)), radius);
    const Vec3 unit = normalize_or(dir, Vec3{0, 0, 0});
    return cast_shape(
        center, (b - a) * 0.5f, g, dir, max_distance, filter,
        [&](const Triangle& tri, Vec3 motion) { return sweep_capsule_triangle(capsule, motion, tri); },
        [&](const detail::Primitive& p) { return detail::primitive_capsule_cast(p, capsule, unit, max_distance); });
}

}  // namespace shototsu
