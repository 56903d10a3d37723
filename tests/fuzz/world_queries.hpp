// shototsu fuzzing — the world's queries checked against brute force (world_fuzz.cpp).
//
// Each check reads one query from the input, asks the World with a QueryFilter, and runs the same
// per-triangle (or per-primitive, primitive.hpp) function over every object the filter passes,
// with the world's tie rule (distance, object, triangle). When the world and the query are
// realistic (Brute::exact) the answers must agree bit for bit; always, a hit names a live object
// the filter passes, and finite, moderate input never gives NaN.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "fuzz_input.hpp"
#include "overlap_reference.hpp"
#include "primitive.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/floor.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/world.hpp"

namespace shototsu::fuzz::world {

struct Tri {
    std::uint32_t object, id;
    Triangle t;
    /// The object is not at the identity pose (see box_query()).
    bool placed = false;
};

struct Prim {
    std::uint32_t object;
    detail::Primitive p;
};

/// The world's live geometry in world space: finite triangles in (object, index) order and
/// primitives, with each id's layers; the largest magnitude of their coordinates (and of the
/// meshes' own coordinates), and whether every pose is realistic.
struct Brute {
    std::vector<Tri> tris;
    std::vector<Prim> prims;
    std::vector<std::uint32_t> layers;  // by id; 0 for removed ids
    float magnitude = 0.0f;
    bool realistic_poses = true;

    /// Whether the exactness promise is checked for a query read from `in` (FuzzInput::kRealistic).
    bool exact(const FuzzInput& in) const {
        return realistic_poses && magnitude <= FuzzInput::kRealistic && in.max_abs() <= FuzzInput::kRealistic;
    }
    bool passes(std::uint32_t id, const QueryFilter& f) const {
        return id < layers.size() && id != f.ignore && (layers[id] & f.layers) != 0;
    }
    void grow(Vec3 v) { magnitude = maxf(magnitude, maxf(maxf(std::fabs(v.x), std::fabs(v.y)), std::fabs(v.z))); }
};

inline bool finite_triangle(const Triangle& t) { return is_finite(t.a) && is_finite(t.b) && is_finite(t.c); }

/// The checks of a query read from `in` on this world: "no NaN out of finite input" needs the
/// world's coordinates moderate too (FuzzInput::kModerate); a non-finite query must still miss.
inline Check check_of(const char* query, const FuzzInput& in, const Brute& brute) {
    Check c(query, in);
    c.finite_input = c.finite_input && brute.magnitude <= FuzzInput::kModerate;
    return c;
}

/// (key, object, triangle) lexicographic: the world's tie rule.
template <class Key>
bool better(Key k, std::uint32_t object, std::uint32_t id, bool have, Key best_k, std::uint32_t best_object,
            std::uint32_t best_id) {
    if (!have) return true;
    if (k != best_k) return k < best_k;
    return object != best_object ? object < best_object : id < best_id;
}

/// Removed objects and those the filter skips never answer.
inline void allowed(const Check& c, const World& world, const Brute& brute, const QueryFilter& f,
                    std::uint32_t object) {
    c.that(world.is_live(object), "a removed or unknown object answered");
    c.that(brute.passes(object, f), "an object the filter skips answered");
}

inline void same_hit(const Check& c, const WorldHit& w, bool hit, float distance, std::uint32_t object,
                     std::uint32_t id) {
    c.that(w.hit == hit, "hit differs from brute force");
    if (!hit) return;
    c.that(same(w.distance, distance), "distance differs from brute force");
    c.that(w.object == object && w.triangle == id, "answering triangle differs from brute force");
}

inline void well_formed(const Check& c, const WorldHit& w, float max_distance) {
    c.no_nan(w.point, "point");
    c.no_nan(w.position, "position");
    c.no_nan(w.normal, "normal");
    c.no_nan(w.distance, "distance");
    if (w.hit) {
        c.unit(w.normal, "normal not unit");
        c.that(w.distance >= 0.0f && w.distance <= max_distance, "distance outside [0, max_distance]");
    } else {
        c.that(same(w.distance, max_distance) || std::isnan(max_distance), "a miss must have distance = max_distance");
        c.that(w.object == kNoIndex && w.triangle == kNoIndex, "a miss must have no triangle");
    }
}

inline void raycast(FuzzInput& in, const World& world, const Brute& brute, const QueryFilter& f) {
    const Vec3 o = in.vec(), d = in.vec();
    const float max_d = in.flag() ? INFINITY : in.value();
    const Check c = check_of("World::raycast", in, brute);
    const WorldHit w = world.raycast(o, d, max_d, f);
    well_formed(c, w, max_d);
    if (w.hit) allowed(c, world, brute, f, w.object);
    bool hit = false;
    float best = 0.0f;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    detail::PrimitiveHit prim;
    const Vec3 dir = normalize_or(d, Vec3{0, 0, 0});
    if (is_finite(o) && is_finite(d) && max_d >= 0.0f && !(dir == Vec3{0, 0, 0})) {
        for (const Tri& t : brute.tris) {
            if (!brute.passes(t.object, f)) continue;
            const float s = intersect_ray_triangle(o, dir, t.t, max_d);
            if (s < 0.0f || s > max_d) continue;
            if (!better(s, t.object, t.id, hit, best, bm, bt)) continue;
            hit = true, best = s, bm = t.object, bt = t.id;
        }
        for (const Prim& p : brute.prims) {
            if (!brute.passes(p.object, f)) continue;
            const detail::PrimitiveHit h = detail::primitive_raycast(p.p, o, dir, max_d);
            if (!h.hit || h.distance > max_d || !better(h.distance, p.object, kNoIndex, hit, best, bm, bt)) continue;
            hit = true, best = h.distance, bm = p.object, bt = kNoIndex, prim = h;
        }
    }
    if (!brute.exact(in)) return;
    same_hit(c, w, hit, best, bm, bt);
    if (hit && bt == kNoIndex)
        c.that(same(w.point, prim.point) && same(w.normal, prim.normal), "primitive hit differs from brute force");
    c.that(world.raycast_any(o, d, max_d, f) == hit, "raycast_any differs from raycast");
}

inline void overlap(FuzzInput& in, const World& world, const Brute& brute, const QueryFilter& f, bool capsule) {
    const Vec3 a = in.vec(), b = capsule ? in.vec() : a;
    const float r = in.value();
    const Check c = check_of(capsule ? "World::overlap_capsule" : "World::overlap_sphere", in, brute);
    std::vector<WorldContact> got;
    const std::size_t n = capsule ? world.overlap_capsule(a, b, r, got, f) : world.overlap_sphere(a, r, got, f);
    c.that(n == got.size(), "returned count differs from the contacts appended");
    for (const WorldContact& g : got) allowed(c, world, brute, f, g.object);
    std::vector<WorldContact> want;
    if (is_finite(a) && is_finite(b) && r >= 0.0f && std::isfinite(r)) {
        for (const Tri& t : brute.tris) {
            if (!brute.passes(t.object, f)) continue;
            const Contact k = capsule ? triangle_capsule(t.t, {a, b, r}) : triangle_sphere(t.t, {a, r});
            if (k.hit) want.push_back({t.object, t.id, k.point, k.normal, k.depth, TriangleRegion::Face});
        }
        for (const Prim& p : brute.prims) {
            if (!brute.passes(p.object, f)) continue;
            const Contact k = capsule ? detail::primitive_capsule_overlap(p.p, {a, b, r})
                                      : detail::primitive_sphere_overlap(p.p, {a, r});
            if (k.hit) want.push_back({p.object, kNoIndex, k.point, k.normal, k.depth, TriangleRegion::Face});
        }
    }
    if (!brute.exact(in)) return;
    auto key = [](const WorldContact& x, const WorldContact& y) {
        return x.object != y.object ? x.object < y.object : x.triangle < y.triangle;
    };
    std::sort(got.begin(), got.end(), key);
    std::sort(want.begin(), want.end(), key);
    // The same contacts, bit for bit.
    std::size_t k = 0;
    for (const WorldContact& w : want) {
        if (k < got.size() && got[k].object == w.object && got[k].triangle == w.triangle) {
            const WorldContact& g = got[k++];
            c.that(same(g.point, w.point) && same(g.normal, w.normal) && same(g.depth, w.depth),
                   "contact differs from brute force");
            c.no_nan(g.point, "contact point");
            c.unit(g.normal, "contact normal not unit");
        } else {
            c.that(false, "a contact is missing (brute force has it)");
        }
    }
    c.that(k == got.size(), "a contact brute force does not have");
}

inline void shape_cast(FuzzInput& in, const World& world, const Brute& brute, const QueryFilter& f, bool capsule) {
    const Vec3 a = in.vec(), b = capsule ? in.vec() : a;
    const float r = in.value();
    const Vec3 d = in.vec();
    const float max_d = in.value();
    const Check c = check_of(capsule ? "World::capsule_cast" : "World::sphere_cast", in, brute);
    const WorldHit w = capsule ? world.capsule_cast(a, b, r, d, max_d, f) : world.sphere_cast(a, r, d, max_d, f);
    well_formed(c, w, max_d);
    if (w.hit) allowed(c, world, brute, f, w.object);
    bool hit = false;
    float best_t = 1.0f;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    const Vec3 dir = normalize_or(d, Vec3{0, 0, 0});
    if (is_finite(a) && is_finite(b) && is_finite(d) && r >= 0.0f && max_d >= 0.0f && std::isfinite(max_d) &&
        !(dir == Vec3{0, 0, 0})) {
        const Vec3 motion = dir * max_d;
        for (const Tri& t : brute.tris) {
            if (!brute.passes(t.object, f)) continue;
            float th;
            if (capsule) {
                const SweepHit h = sweep_capsule_triangle({a, b, r}, motion, t.t);
                if (!h.hit) continue;
                th = h.t;
            } else {
                const TriangleSweepHit h = sweep_sphere_triangle(r, a, a + motion, t.t);
                if (!h.hit) continue;
                th = h.t;
            }
            if (!better(th, t.object, t.id, hit, best_t, bm, bt)) continue;
            hit = true, best_t = th, bm = t.object, bt = t.id;
        }
        for (const Prim& p : brute.prims) {
            if (!brute.passes(p.object, f)) continue;
            const detail::PrimitiveHit h = capsule ? detail::primitive_capsule_cast(p.p, {a, b, r}, dir, max_d)
                                                   : detail::primitive_sphere_cast(p.p, a, r, dir, max_d);
            if (!h.hit) continue;
            // As the world turns a primitive's distance into a fraction of the motion.
            const float th = max_d > 0.0f ? minf(h.distance / max_d, 1.0f) : 0.0f;
            if (!better(th, p.object, kNoIndex, hit, best_t, bm, bt)) continue;
            hit = true, best_t = th, bm = p.object, bt = kNoIndex;
        }
    }
    if (brute.exact(in)) same_hit(c, w, hit, best_t * max_d, bm, bt);
}

inline void closest(FuzzInput& in, const World& world, const Brute& brute, const QueryFilter& f) {
    const Vec3 p = in.vec();
    const float max_d = in.flag() ? INFINITY : in.value();
    const Check c = check_of("World::closest_point", in, brute);
    const WorldClosestPoint w = world.closest_point(p, max_d, f);
    c.no_nan(w.point, "point");
    c.no_nan(w.distance, "distance");
    if (w.hit) allowed(c, world, brute, f, w.object);
    bool hit = false;
    float best_d2 = std::isfinite(max_d) ? max_d * max_d : max_d;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    const auto offer = [&](float d2, std::uint32_t object, std::uint32_t id) {
        const bool tie_better = hit && d2 == best_d2 && (object < bm || (object == bm && id < bt));
        if (d2 < best_d2 || (!hit && d2 == best_d2) || tie_better) hit = true, best_d2 = d2, bm = object, bt = id;
    };
    if (is_finite(p) && max_d >= 0.0f) {
        for (const Tri& t : brute.tris)
            if (brute.passes(t.object, f))
                offer(distance_sq(p, closest_point_on_triangle(p, t.t).point), t.object, t.id);
        for (const Prim& q : brute.prims)
            if (brute.passes(q.object, f))
                offer(distance_sq(p, detail::primitive_closest_point(q.p, p).point), q.object, kNoIndex);
    }
    if (!brute.exact(in)) return;
    c.that(w.hit == hit, "hit differs from brute force");
    if (hit) {
        if (w.object != bm || w.triangle != bt)
            std::fprintf(stderr,
                         "world: object %u triangle %u distance %a; brute force: object %u triangle %u distance %a\n",
                         w.object, w.triangle, w.distance, bm, bt, std::sqrt(best_d2));
        c.that(w.object == bm && w.triangle == bt, "answering triangle differs from brute force");
        c.that(same(w.distance, std::sqrt(best_d2)), "distance differs from brute force");
    }
}

inline void floor(FuzzInput& in, const World& world, const Brute& brute, const QueryFilter& f) {
    const float x = in.value(), z = in.value();
    const float from = in.flag() ? INFINITY : in.value();
    const Check c = check_of("World::floor", in, brute);
    const WorldFloor w = world.floor(x, z, from, f);
    c.no_nan(w.height, "height");
    c.no_nan(w.normal, "normal");
    if (w.hit) allowed(c, world, brute, f, w.object);
    bool hit = false;
    float best = 0.0f;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    const bool column = std::isfinite(x) && std::isfinite(z) && !std::isnan(from);  // else the world misses
    for (const Tri& t : brute.tris) {
        if (!column || !brute.passes(t.object, f)) continue;
        // Every triangle, with no box culling: floor_height's edge signs are exact, so its hits
        // lie in the triangle's box, which the world's boxes hold.
        const FloorHeight h = floor_height(t.t, x, z);
        if (!h.hit || !(h.height <= from)) continue;
        // Highest first, so the key is -height.
        if (!better(-h.height, t.object, t.id, hit, -best, bm, bt)) continue;
        hit = true, best = h.height, bm = t.object, bt = t.id;
    }
    for (const Prim& p : brute.prims) {
        if (!column || !brute.passes(p.object, f)) continue;
        const detail::PrimitiveFloor h = detail::primitive_floor(p.p, x, z, from);
        if (!h.hit || !better(-h.height, p.object, kNoIndex, hit, -best, bm, bt)) continue;
        hit = true, best = h.height, bm = p.object, bt = kNoIndex;
    }
    if (!brute.exact(in)) return;
    c.that(w.hit == hit, "hit differs from brute force");
    if (hit) {
        c.that(same(w.height, best) && w.object == bm && w.triangle == bt, "floor differs from brute force");
        c.that(w.normal.y >= 0.0f, "floor normal points down");
    }
}

inline void box_query(FuzzInput& in, const World& world, const Brute& brute, const QueryFilter& f) {
    const AABB box{in.vec(), in.vec()};
    const Check c = check_of("World::for_each_triangle_in", in, brute);
    std::vector<std::uint64_t> seen;
    world.for_each_triangle_in(
        box,
        [&](std::uint32_t m, std::uint32_t id, const Triangle& t) {
            allowed(c, world, brute, f, m);
            const Triangle placed = world.triangle(m, id);
            c.that(same(t.a, placed.a) && same(t.b, placed.b) && same(t.c, placed.c),
                   "a visited triangle differs from World::triangle");
            seen.push_back(std::uint64_t(m) << 32 | id);
        },
        f);
    std::sort(seen.begin(), seen.end());
    c.that(std::adjacent_find(seen.begin(), seen.end()) == seen.end(), "a triangle visited twice");
    // At the identity pose every triangle whose box overlaps the query's is visited; a placed
    // mesh is culled in its own space, so only those that meet the box are promised.
    const bool exact = brute.exact(in);
    for (const Tri& t : brute.tris) {
        if (!brute.passes(t.object, f)) continue;
        if (!t.placed && aabb_overlaps_aabb(aabb_of_triangle(t.t), box))
            c.that(std::binary_search(seen.begin(), seen.end(), std::uint64_t(t.object) << 32 | t.id),
                   "a triangle whose box overlaps the query box was not visited");
        if (t.placed && exact && test::ref_triangle_meets_box(t.t, box))
            c.that(std::binary_search(seen.begin(), seen.end(), std::uint64_t(t.object) << 32 | t.id),
                   "a placed triangle that meets the query box was not visited");
    }
}

/// One query of any kind (the selector byte first).
inline void any_query(FuzzInput& in, const World& world, const Brute& brute, const QueryFilter& f) {
    switch (in.byte() % 8) {
        case 0: raycast(in, world, brute, f); break;
        case 1: overlap(in, world, brute, f, false); break;
        case 2: overlap(in, world, brute, f, true); break;
        case 3: shape_cast(in, world, brute, f, false); break;
        case 4: shape_cast(in, world, brute, f, true); break;
        case 5: closest(in, world, brute, f); break;
        case 6: floor(in, world, brute, f); break;
        default: box_query(in, world, brute, f); break;
    }
}

inline const Brute* g_brute = nullptr;
/// The failure report's context: the world as brute force sees it.
inline void print_world() {
    if (!g_brute) return;
    std::fprintf(stderr, "the world's finite triangles (object, index: a, b, c):\n");
    for (const Tri& t : g_brute->tris)
        std::fprintf(stderr, "  %u %u: (%a, %a, %a) (%a, %a, %a) (%a, %a, %a)\n", t.object, t.id, t.t.a.x, t.t.a.y,
                     t.t.a.z, t.t.b.x, t.t.b.y, t.t.b.z, t.t.c.x, t.t.c.y, t.t.c.z);
    for (const Prim& p : g_brute->prims) {
        const detail::Primitive& q = p.p;
        switch (q.kind) {
            case detail::Primitive::Kind::Sphere:
                std::fprintf(stderr, "  %u sphere: (%a, %a, %a) r %a\n", p.object, q.sphere.center.x, q.sphere.center.y,
                             q.sphere.center.z, q.sphere.radius);
                break;
            case detail::Primitive::Kind::Capsule:
                std::fprintf(stderr, "  %u capsule: (%a, %a, %a) (%a, %a, %a) r %a\n", p.object, q.capsule.start.x,
                             q.capsule.start.y, q.capsule.start.z, q.capsule.end.x, q.capsule.end.y, q.capsule.end.z,
                             q.capsule.radius);
                break;
            case detail::Primitive::Kind::Box:
                std::fprintf(stderr, "  %u box: (%a, %a, %a) q (%a, %a, %a, %a) h (%a, %a, %a)\n", p.object,
                             q.box.center.x, q.box.center.y, q.box.center.z, q.box.rotation.x, q.box.rotation.y,
                             q.box.rotation.z, q.box.rotation.w, q.box.half_extents.x, q.box.half_extents.y,
                             q.box.half_extents.z);
                break;
        }
    }
}

}  // namespace shototsu::fuzz::world
