// libFuzzer target: the bounding volume hierarchy, the broadphase and the mesh world.
//
// An input is a world (one or two meshes of up to kMaxTriangles triangles, indexed or not, with
// any coordinates: NaN, infinities, denormals, huge, repeated vertices) followed by queries. The
// world's promise is "EXACT AS BRUTE FORCE" (world.hpp): every query is compared with the same
// per-triangle primitive run over every triangle with a finite vertices, with the same tie rule,
// bit for bit. Also checked: no crash, no sanitizer report, no hang, never NaN out of finite
// input, triangles with a non-finite vertex never answer, build_bvh's tree is well formed (every
// primitive once, boxes nested, depth bounded), and the three broadphases give the same pairs.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "fuzz_input.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/bvh.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/floor.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/world.hpp"

using namespace shototsu;
using namespace shototsu::fuzz;

namespace {

constexpr std::uint32_t kMaxTriangles = 256;

struct Tri {
    std::uint32_t object, id;
    Triangle t;
};

/// The world's triangles as added, in (mesh, id) order, those with a non-finite vertex left out;
/// the largest magnitude of their coordinates.
struct Brute {
    std::vector<Tri> tris;
    float magnitude = 0.0f;
    /// Whether the exactness promise is checked for a query read from `in` (FuzzInput::kRealistic).
    bool exact(const FuzzInput& in) const {
        return magnitude <= FuzzInput::kRealistic && in.max_abs() <= FuzzInput::kRealistic;
    }
};

bool finite_triangle(const Triangle& t) { return is_finite(t.a) && is_finite(t.b) && is_finite(t.c); }

/// Reads one mesh and adds it to both the world and the brute-force list.
void add_mesh(FuzzInput& in, World& world, Brute& brute) {
    const bool indexed = in.flag();
    const std::uint32_t tri_count = in.below(kMaxTriangles + 1);
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;
    if (indexed && tri_count > 0) {  // (no indices at all means "not indexed")
        const std::uint32_t vertex_count = 1 + in.below(3 * tri_count + 3);
        for (std::uint32_t i = 0; i < 3 * vertex_count; ++i) positions.push_back(in.value());
        for (std::uint32_t i = 0; i < 3 * tri_count; ++i) indices.push_back(in.below(vertex_count));
    } else {
        for (std::uint32_t i = 0; i < 9 * tri_count; ++i) positions.push_back(in.value());
    }
    const std::uint32_t mesh_index = static_cast<std::uint32_t>(world.object_count());
    const AddResult r = world.add_mesh(positions, indices);
    if (!r.ok || r.object != mesh_index) fail("add_mesh", "a well-formed mesh was refused");
    auto vertex = [&](std::uint32_t v) { return Vec3{positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]}; };
    for (std::uint32_t t = 0; t < tri_count; ++t) {
        const Triangle tri =
            !indices.empty() ? Triangle{vertex(indices[3 * t]), vertex(indices[3 * t + 1]), vertex(indices[3 * t + 2])}
                             : Triangle{vertex(3 * t), vertex(3 * t + 1), vertex(3 * t + 2)};
        const Triangle stored = world.triangle(mesh_index, t);
        if (!same(stored.a, tri.a) || !same(stored.b, tri.b) || !same(stored.c, tri.c))
            fail("World::triangle", "does not return the triangle as added");
        if (!finite_triangle(tri)) continue;
        brute.tris.push_back({mesh_index, t, tri});
        for (const Vec3 v : {tri.a, tri.b, tri.c})
            brute.magnitude = maxf(brute.magnitude, maxf(maxf(std::fabs(v.x), std::fabs(v.y)), std::fabs(v.z)));
    }
}

/// The checks of a query read from `in` on this world: "no NaN out of finite input" needs the world's
/// coordinates moderate too (FuzzInput::kModerate); a non-finite query must still miss.
Check check_of(const char* query, const FuzzInput& in, const Brute& brute) {
    Check c(query, in);
    c.finite_input = c.finite_input && brute.magnitude <= FuzzInput::kModerate;
    return c;
}

/// (key, mesh, triangle) lexicographic: the world's tie rule.
template <class Key>
bool better(Key k, std::uint32_t mesh, std::uint32_t id, bool have, Key best_k, std::uint32_t best_mesh,
            std::uint32_t best_id) {
    if (!have) return true;
    if (k != best_k) return k < best_k;
    return mesh != best_mesh ? mesh < best_mesh : id < best_id;
}

void same_hit(const Check& c, const WorldHit& w, bool hit, float distance, std::uint32_t mesh, std::uint32_t id) {
    c.that(w.hit == hit, "hit differs from brute force");
    if (!hit) return;
    c.that(same(w.distance, distance), "distance differs from brute force");
    c.that(w.object == mesh && w.triangle == id, "answering triangle differs from brute force");
}

void well_formed(const Check& c, const WorldHit& w, float max_distance) {
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

void raycast(FuzzInput& in, const World& world, const Brute& brute) {
    const Vec3 o = in.vec(), d = in.vec();
    const float max_d = in.flag() ? INFINITY : in.value();
    const Check c = check_of("World::raycast", in, brute);
    const WorldHit w = world.raycast(o, d, max_d);
    well_formed(c, w, max_d);
    bool hit = false;
    float best = 0.0f;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    const Vec3 dir = normalize_or(d, Vec3{0, 0, 0});
    if (is_finite(o) && is_finite(d) && max_d >= 0.0f && !(dir == Vec3{0, 0, 0}))
        for (const Tri& t : brute.tris) {
            const float s = intersect_ray_triangle(o, dir, t.t, max_d);
            if (s < 0.0f || s > max_d || !better(s, t.object, t.id, hit, best, bm, bt)) continue;
            hit = true, best = s, bm = t.object, bt = t.id;
        }
    if (!brute.exact(in)) return;
    same_hit(c, w, hit, best, bm, bt);
    c.that(world.raycast_any(o, d, max_d) == hit, "raycast_any differs from raycast");
}

void overlap(FuzzInput& in, const World& world, const Brute& brute, bool capsule) {
    const Vec3 a = in.vec(), b = capsule ? in.vec() : a;
    const float r = in.value();
    const Check c = check_of(capsule ? "World::overlap_capsule" : "World::overlap_sphere", in, brute);
    std::vector<WorldContact> got;
    const std::size_t n = capsule ? world.overlap_capsule(a, b, r, got) : world.overlap_sphere(a, r, got);
    c.that(n == got.size(), "returned count differs from the contacts appended");
    std::vector<WorldContact> want;
    if (is_finite(a) && is_finite(b) && r >= 0.0f && std::isfinite(r))
        for (const Tri& t : brute.tris) {
            const Contact k = capsule ? triangle_capsule(t.t, {a, b, r}) : triangle_sphere(t.t, {a, r});
            if (k.hit) want.push_back({t.object, t.id, k.point, k.normal, k.depth, TriangleRegion::Face});
        }
    if (!brute.exact(in)) return;
    auto key = [](const WorldContact& x, const WorldContact& y) {
        return x.object != y.object ? x.object < y.object : x.triangle < y.triangle;
    };
    std::sort(got.begin(), got.end(), key);
    // Every contact the world reports is brute force's, bit for bit; brute force may have more
    // only within the contacts' touching noise (tol::kCoincidentRel of the largest coordinate):
    // triangle_capsule calls axes closer than that touching, while the world culls by the boxes,
    // grown by the query's own magnitude (a zero-radius capsule 1e-37 from a 15 m triangle).
    const float noise = 1e-9f * maxf(brute.magnitude, in.max_abs());
    std::size_t k = 0;
    for (const WorldContact& w : want) {
        if (k < got.size() && got[k].object == w.object && got[k].triangle == w.triangle) {
            const WorldContact& g = got[k++];
            c.that(same(g.point, w.point) && same(g.normal, w.normal) && same(g.depth, w.depth),
                   "contact differs from brute force");
            c.no_nan(g.point, "contact point");
            c.unit(g.normal, "contact normal not unit");
        } else {
            c.that(w.depth <= noise, "a contact deeper than the touching noise is missing (brute force has it)");
        }
    }
    c.that(k == got.size(), "a contact brute force does not have");
}

void shape_cast(FuzzInput& in, const World& world, const Brute& brute, bool capsule) {
    const Vec3 a = in.vec(), b = capsule ? in.vec() : a;
    const float r = in.value();
    const Vec3 d = in.vec();
    const float max_d = in.value();
    const Check c = check_of(capsule ? "World::capsule_cast" : "World::sphere_cast", in, brute);
    const WorldHit w = capsule ? world.capsule_cast(a, b, r, d, max_d) : world.sphere_cast(a, r, d, max_d);
    well_formed(c, w, max_d);
    bool hit = false;
    float best_t = 1.0f;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    const Vec3 dir = normalize_or(d, Vec3{0, 0, 0});
    if (is_finite(a) && is_finite(b) && is_finite(d) && r >= 0.0f && max_d >= 0.0f && std::isfinite(max_d) &&
        !(dir == Vec3{0, 0, 0})) {
        const Vec3 motion = dir * max_d;
        for (const Tri& t : brute.tris) {
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
    }
    if (brute.exact(in)) same_hit(c, w, hit, best_t * max_d, bm, bt);
}

void closest(FuzzInput& in, const World& world, const Brute& brute) {
    const Vec3 p = in.vec();
    const float max_d = in.flag() ? INFINITY : in.value();
    const Check c = check_of("World::closest_point", in, brute);
    const WorldClosestPoint w = world.closest_point(p, max_d);
    c.no_nan(w.point, "point");
    c.no_nan(w.distance, "distance");
    bool hit = false;
    float best_d2 = std::isfinite(max_d) ? max_d * max_d : max_d;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    if (is_finite(p) && max_d >= 0.0f)
        for (const Tri& t : brute.tris) {
            const float d2 = distance_sq(p, closest_point_on_triangle(p, t.t).point);
            const bool tie_better = hit && d2 == best_d2 && (t.object < bm || (t.object == bm && t.id < bt));
            if (d2 < best_d2 || (!hit && d2 == best_d2) || tie_better)
                hit = true, best_d2 = d2, bm = t.object, bt = t.id;
        }
    if (!brute.exact(in)) return;
    c.that(w.hit == hit, "hit differs from brute force");
    if (hit) {
        if (w.object != bm || w.triangle != bt)
            std::fprintf(stderr,
                         "world: mesh %u triangle %u distance %a; brute force: mesh %u triangle %u distance %a\n",
                         w.object, w.triangle, w.distance, bm, bt, std::sqrt(best_d2));
        c.that(w.object == bm && w.triangle == bt, "answering triangle differs from brute force");
        c.that(same(w.distance, std::sqrt(best_d2)), "distance differs from brute force");
    }
}

void floor(FuzzInput& in, const World& world, const Brute& brute) {
    const float x = in.value(), z = in.value();
    const float from = in.flag() ? INFINITY : in.value();
    const Check c = check_of("World::floor", in, brute);
    const WorldFloor w = world.floor(x, z, from);
    c.no_nan(w.height, "height");
    c.no_nan(w.normal, "normal");
    bool hit = false;
    float best = 0.0f;
    std::uint32_t bm = kNoIndex, bt = kNoIndex;
    for (const Tri& t : brute.tris) {
        // Only triangles whose box holds (x, z), as the world's traversal tests its boxes (exactly,
        // with no margin). floor_height itself counts a point within double rounding of an edge's
        // line as on it — a denormal z = 3.8e-39 beyond a vertex of an 8 m triangle, where
        // z - c.z rounds to -c.z — and then answers though the point is outside the box: a
        // difference of 1e-16 of the triangle's size, not checked here (reported to the lead).
        const AABB b = aabb_of_triangle(t.t);
        if (!(x >= b.min.x && x <= b.max.x && z >= b.min.z && z <= b.max.z)) continue;
        const FloorHeight f = floor_height(t.t, x, z);
        if (!f.hit || !(f.height <= from)) continue;
        // Highest first, so the key is -height.
        if (!better(-f.height, t.object, t.id, hit, -best, bm, bt)) continue;
        hit = true, best = f.height, bm = t.object, bt = t.id;
    }
    if (!brute.exact(in)) return;
    c.that(w.hit == hit, "hit differs from brute force");
    if (hit) {
        c.that(same(w.height, best) && w.object == bm && w.triangle == bt, "floor differs from brute force");
        c.that(w.normal.y >= 0.0f, "floor normal points down");
    }
}

void box_query(FuzzInput& in, const World& world, const Brute& brute) {
    const AABB box{in.vec(), in.vec()};
    const Check c = check_of("World::for_each_triangle_in", in, brute);
    std::vector<std::uint64_t> seen;
    world.for_each_triangle_in(
        box, [&](std::uint32_t m, std::uint32_t id, const Triangle&) { seen.push_back(std::uint64_t(m) << 32 | id); });
    std::sort(seen.begin(), seen.end());
    c.that(std::adjacent_find(seen.begin(), seen.end()) == seen.end(), "a triangle visited twice");
    for (const Tri& t : brute.tris)
        if (aabb_overlaps_aabb(aabb_of_triangle(t.t), box))
            c.that(std::binary_search(seen.begin(), seen.end(), std::uint64_t(t.object) << 32 | t.id),
                   "a triangle whose box overlaps the query box was not visited");
}

/// build_bvh on arbitrary boxes: every primitive exactly once, children inside parents, primitive
/// boxes inside their leaves, depth within kBvhMaxDepth.
void bvh_and_broadphase(FuzzInput& in) {
    const std::uint32_t n = in.below(kMaxTriangles + 1);
    std::vector<AABB> boxes(n);
    for (AABB& b : boxes) {
        b.min = in.vec();
        // Mostly proper boxes (max = min + extent), sometimes anything at all.
        b.max = in.flag() ? b.min + vabs(in.vec()) : in.vec();
    }
    const Check c("build_bvh", in);
    const Bvh bvh = build_bvh(boxes);
    c.that(n == 0 ? bvh.nodes.empty() : !bvh.nodes.empty(), "root presence");
    c.that(bvh.order.size() == n, "order does not hold every primitive");
    std::vector<std::uint8_t> count(n, 0);
    for (const std::uint32_t i : bvh.order) {
        c.that(i < n, "order holds an index out of range");
        c.that(++count[i] == 1, "a primitive appears twice");
    }
    c.that(bvh.depth <= kBvhMaxDepth, "depth above kBvhMaxDepth");
    auto inside = [](const AABB& in, const AABB& out) {
        return out.min.x <= in.min.x && out.min.y <= in.min.y && out.min.z <= in.min.z && out.max.x >= in.max.x &&
               out.max.y >= in.max.y && out.max.z >= in.max.z;
    };
    for (const BvhNode& node : bvh.nodes) {
        if (node.count > 0) {
            c.that(node.first + node.count <= n, "leaf range out of order");
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const AABB& b = boxes[bvh.order[k]];
                const bool usable = !aabb_is_empty(b) && is_finite(b.min) && is_finite(b.max);
                if (usable) c.that(inside(b, node.box), "a primitive's box is outside its leaf");
            }
        } else {
            c.that(node.first + 1 < bvh.nodes.size(), "child index out of range");
            for (const std::uint32_t k : {node.first, node.first + 1})
                if (!aabb_is_empty(bvh.nodes[k].box))
                    c.that(inside(bvh.nodes[k].box, node.box), "a child's box is outside its parent");
        }
    }
    // The broadphases on the first 64 boxes: all of them may overlap (n^2 / 2 pairs), and the
    // run must stay fast to find much.
    const std::span<const AABB> few(boxes.data(), std::min<std::size_t>(boxes.size(), 64));
    std::vector<BoxPair> all, sap, tree;
    pairs_all(few, all);
    pairs_sweep_and_prune(few, sap);
    pairs_tree(few, tree);
    c.that(all == sap, "pairs_sweep_and_prune differs from pairs_all");
    c.that(all == tree, "pairs_tree differs from pairs_all");
    for (const BoxPair& p : all) c.that(p.a < p.b && p.b < few.size(), "a pair out of order or range");
}

const Brute* g_brute = nullptr;
void print_world() {
    if (!g_brute) return;
    std::fprintf(stderr, "the world's finite triangles (mesh, index: a, b, c):\n");
    for (const Tri& t : g_brute->tris)
        std::fprintf(stderr, "  %u %u: (%a, %a, %a) (%a, %a, %a) (%a, %a, %a)\n", t.object, t.id, t.t.a.x, t.t.a.y,
                     t.t.a.z, t.t.b.x, t.t.b.y, t.t.b.z, t.t.c.x, t.t.c.y, t.t.c.z);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzInput in(data, size);
    g_input = &in;
    if (in.byte() % 4 == 0) {
        bvh_and_broadphase(in);
        return 0;
    }
    World world;
    Brute brute;
    g_brute = &brute;
    g_context = print_world;
    const std::uint32_t meshes = 1 + in.below(2);
    for (std::uint32_t m = 0; m < meshes; ++m) add_mesh(in, world, brute);
    for (int q = 0; q < 8 && !in.empty(); ++q) {
        in.reset_finite();
        switch (in.byte() % 8) {
            case 0: raycast(in, world, brute); break;
            case 1: overlap(in, world, brute, false); break;
            case 2: overlap(in, world, brute, true); break;
            case 3: shape_cast(in, world, brute, false); break;
            case 4: shape_cast(in, world, brute, true); break;
            case 5: closest(in, world, brute); break;
            case 6: floor(in, world, brute); break;
            default: box_query(in, world, brute); break;
        }
    }
    return 0;
}
