// world.hpp, objects: meshes with poses, instances, primitives, removal, refits and motion.
// Every query over a moving scene equals the same per-triangle (or per-primitive) query run by
// brute force over every live object's world-space triangles (World::triangle) and primitives.
#include "catch_support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "meshes.hpp"
#include "moving_scene.hpp"
#include "overlap_reference.hpp"
#include "primitive.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/floor.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/world.hpp"
#include "world_detail.hpp"
#include "world_objects.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

Transform random_pose(Rng& rng, float spread, bool scaled) {
    Transform t;
    t.position = rng.vec(-spread, spread);
    t.rotation = quat_from_axis_angle(rng.direction(), rng.uniform(-3.1f, 3.1f));
    t.scale = scaled ? rng.log_uniform(0.3f, 3.0f) : 1.0f;
    return t;
}

bool passes(const World& w, std::uint32_t id, const QueryFilter& f) {
    return w.is_live(id) && id != f.ignore && (w.layers(id) & f.layers) != 0;
}

bool primitive_of(const World& w, std::uint32_t id, detail::Primitive& p) {
    if (w.sphere(id, p.sphere)) {
        p.kind = detail::Primitive::Kind::Sphere;
        return true;
    }
    if (w.capsule(id, p.capsule)) {
        p.kind = detail::Primitive::Kind::Capsule;
        return true;
    }
    if (w.box(id, p.box)) {
        p.kind = detail::Primitive::Kind::Box;
        return true;
    }
    return false;
}

// Every live, passing object: f(id, triangle, tri) per triangle of meshes, g(id, primitive) per
// primitive.
template <class F, class G>
void brute(const World& w, const QueryFilter& filter, F&& f, G&& g) {
    for (std::uint32_t id = 0; id < w.id_limit(); ++id) {
        if (!passes(w, id, filter)) continue;
        detail::Primitive p;
        if (primitive_of(w, id, p)) {
            g(id, p);
            continue;
        }
        for (std::uint32_t k = 0; k < w.triangle_count(id); ++k) f(id, k, w.triangle(id, k));
    }
}

bool earlier(float s, std::uint32_t o, std::uint32_t t, const WorldHit& best) {
    if (!best.hit) return true;
    if (s != best.distance) return s < best.distance;
    return o != best.object ? o < best.object : t < best.triangle;
}

WorldHit brute_raycast(const World& w, Vec3 origin, Vec3 d, float max_distance, const QueryFilter& filter) {
    WorldHit best;
    best.distance = max_distance;
    const Vec3 dir = normalize_or(d, Vec3{0, 0, 0});
    brute(
        w, filter,
        [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
            const float s = intersect_ray_triangle(origin, dir, t, max_distance);
            if (s < 0.0f || !earlier(s, id, k, best)) return;
            best.hit = true, best.distance = s, best.object = id, best.triangle = k;
        },
        [&](std::uint32_t id, const detail::Primitive& p) {
            const detail::PrimitiveHit h = detail::primitive_raycast(p, origin, dir, max_distance);
            if (!h.hit || !earlier(h.distance, id, kNoIndex, best)) return;
            best.hit = true, best.distance = h.distance, best.object = id, best.triangle = kNoIndex;
            best.point = h.point, best.normal = h.normal;
        });
    return best;
}

template <class Sweep, class Prim>
WorldHit brute_cast(const World& w, Vec3 dir, float max_distance, const QueryFilter& filter, Sweep&& sweep,
                    Prim&& prim) {
    detail::EarliestSweep e;
    const Vec3 unit = normalize_or(dir, Vec3{0, 0, 0});
    const Vec3 motion = unit * max_distance;
    brute(
        w, filter, [&](std::uint32_t id, std::uint32_t k, const Triangle& t) { e.offer(sweep(t, motion), id, k); },
        [&](std::uint32_t id, const detail::Primitive& p) {
            const detail::PrimitiveHit h = prim(p, unit);
            if (!h.hit) return;
            SweepHit sh;
            sh.hit = true;
            sh.t = max_distance > 0.0f ? std::min(h.distance / max_distance, 1.0f) : 0.0f;
            sh.point = h.position, sh.contact = h.point, sh.normal = h.normal;
            e.offer(sh, id, kNoIndex);
        });
    return e.result(max_distance, max_distance);
}

void same_hit(const WorldHit& got, const WorldHit& want) {
    REQUIRE(got.hit == want.hit);
    if (!want.hit) return;
    REQUIRE(got.object == want.object);
    REQUIRE(got.triangle == want.triangle);
    REQUIRE(same_bits(got.distance, want.distance));
}

using DynamicScene = MovingScene;

QueryFilter random_filter(Rng& rng, std::uint32_t limit) {
    QueryFilter f;
    if (rng.below(3) == 0) f.layers = 1u + static_cast<std::uint32_t>(rng.below(7));
    if (rng.below(3) == 0) f.ignore = static_cast<std::uint32_t>(rng.below(static_cast<int>(limit)));
    return f;
}

// Whether a finite triangle and a box share a point (touching counts).
bool triangle_meets_box(const Triangle& t, const AABB& box) {
    return is_finite(t.a) && is_finite(t.b) && is_finite(t.c) && test::ref_triangle_meets_box(t, box);
}

constexpr int kStates = 4;
constexpr int kQueriesPerState = 2500;  // 10^4 per query over the states

}  // namespace

TEST_CASE("World objects: rays, segments and raycast_any equal brute force over a moving scene") {
    DynamicScene sc;
    Rng rng(11);
    for (int state = 0; state < kStates; ++state) {
        sc.step(state);
        for (int q = 0; q < kQueriesPerState; ++q) {
            const QueryFilter f = random_filter(rng, sc.w.id_limit());
            const Vec3 o = rng.vec(-12, 12);
            const Vec3 d = rng.below(8) == 0 ? Vec3{0, -1, 0} : rng.direction();
            const float maxd = rng.below(4) == 0 ? kInf : rng.uniform(0.0f, 30.0f);
            INFO("state " << state << " query " << q);
            const WorldHit want = brute_raycast(sc.w, o, d, maxd, f);
            const WorldHit got = sc.w.raycast(o, d, maxd, f);
            same_hit(got, want);
            REQUIRE(sc.w.raycast_any(o, d, maxd, f) == want.hit);
            if (want.hit && want.triangle == kNoIndex) {
                REQUIRE(same_bits(got.point, want.point));
                REQUIRE(same_bits(got.normal, want.normal));
            }
            const Vec3 e = o + d * rng.uniform(0.0f, 20.0f);
            const float len = length(e - o);
            WorldHit seg_want = brute_raycast(sc.w, o, e - o, len, f);
            if (!seg_want.hit) seg_want.distance = len;
            same_hit(sc.w.intersect_segment(o, e, f), seg_want);
        }
        // The batch form gives the single answers.
        std::vector<float> rays;
        for (int i = 0; i < 64; ++i) {
            const Vec3 o = rng.vec(-12, 12), d = rng.direction();
            rays.insert(rays.end(), {o.x, o.y, o.z, d.x, d.y, d.z});
        }
        std::vector<WorldHit> out(64);
        sc.w.raycast_batch(rays, 40.0f, out);
        for (std::size_t i = 0; i < 64; ++i) {
            const WorldHit single = sc.w.raycast({rays[6 * i], rays[6 * i + 1], rays[6 * i + 2]},
                                                 {rays[6 * i + 3], rays[6 * i + 4], rays[6 * i + 5]}, 40.0f);
            same_hit(out[i], single);
        }
    }
}

TEST_CASE("World objects: raycast_all lists every crossing brute force finds, sorted, with its facing") {
    DynamicScene sc;
    Rng rng(12);
    std::vector<WorldRayCrossing> got;
    std::size_t crossings = 0, backs = 0;
    for (int state = 0; state < kStates; ++state) {
        sc.step(state);
        for (int q = 0; q < kQueriesPerState; ++q) {
            const QueryFilter f = random_filter(rng, sc.w.id_limit());
            const Vec3 o = rng.vec(-12, 12);
            const Vec3 d = rng.below(8) == 0 ? Vec3{0, -1, 0} : rng.direction();
            const float maxd = rng.below(4) == 0 ? kInf : rng.uniform(0.0f, 30.0f);
            INFO("state " << state << " query " << q);
            const Vec3 dir = normalize_or(d, Vec3{0, 0, 0});
            std::vector<WorldRayCrossing> want;
            brute(
                sc.w, f,
                [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
                    const float s = intersect_ray_triangle(o, dir, t, maxd);
                    if (s >= 0.0f) want.push_back({s, id, k, dot(dir, cross(t.b - t.a, t.c - t.a)) < 0.0f});
                },
                [&](std::uint32_t id, const detail::Primitive& p) {
                    const detail::PrimitiveHit h = detail::primitive_raycast(p, o, dir, maxd);
                    if (h.hit) want.push_back({h.distance, id, kNoIndex, true});
                });
            std::sort(want.begin(), want.end(), [](const WorldRayCrossing& a, const WorldRayCrossing& b) {
                if (a.distance != b.distance) return a.distance < b.distance;
                return a.object != b.object ? a.object < b.object : a.triangle < b.triangle;
            });
            got.assign(1, WorldRayCrossing{});  // appended after what is there
            REQUIRE(sc.w.raycast_all(o, d, maxd, got, f) == want.size());
            REQUIRE(got.size() == want.size() + 1);
            for (std::size_t i = 0; i < want.size(); ++i) {
                REQUIRE(same_bits(got[i + 1].distance, want[i].distance));
                REQUIRE(got[i + 1].object == want[i].object);
                REQUIRE(got[i + 1].triangle == want[i].triangle);
                REQUIRE(got[i + 1].front == want[i].front);
                backs += want[i].front ? 0 : 1;
            }
            crossings += want.size();
            // The first crossing is raycast's answer.
            const WorldHit first = sc.w.raycast(o, d, maxd, f);
            REQUIRE(first.hit == !want.empty());
            if (first.hit) {
                REQUIRE(first.object == want[0].object);
                REQUIRE(first.triangle == want[0].triangle);
            }
        }
    }
    CHECK(crossings > 5000);  // the rays cross several surfaces each, from both sides
    CHECK(backs > 1000);
    got.clear();
    CHECK(sc.w.raycast_all({0, 0, 0}, {0, 0, 0}, kInf, got) == 0);
}

TEST_CASE("World objects: raycast_all of rays grazing a dense terrain (a wide front of boxes) equals brute force") {
    // Rays in the plane of the terrain's flat half (x < 0), or nearly level with it, enter
    // hundreds of boxes side by side: the walk's first-in first-out queue fills up (in about one
    // ray of six) and it goes on depth first; neither the crossings (on the bumpy half) nor the
    // leaves visited may change (the ordered walk, RayWalk::step, is the reference for the latter).
    const MeshData m = heightfield(
        160, 64.0f, [](float x, float z) { return x < 0.0f ? 0.0f : 0.05f * std::sin(3.1f * x) * std::cos(2.3f * z); });
    World w;
    const std::uint32_t id = w.add_mesh(m.positions, m.indices).object;
    std::vector<AABB> boxes(m.triangle_count());
    for (std::size_t k = 0; k < boxes.size(); ++k) boxes[k] = detail::triangle_box(m.triangle(k));
    Bvh bvh = build_bvh(boxes, 1);
    widen(bvh);
    Rng rng(31);
    std::size_t crossings = 0, leaves = 0;
    std::vector<WorldRayCrossing> got;
    for (int q = 0; q < 120; ++q) {
        const bool level = q % 2 == 0;
        const Vec3 o{rng.uniform(-40.0f, -33.0f), level ? 0.0f : rng.uniform(-0.015f, 0.015f),
                     rng.uniform(-30.0f, 30.0f)};
        const Vec3 d{1.0f, level ? 0.0f : rng.uniform(-0.0002f, 0.0002f), rng.uniform(-0.2f, 0.2f)};
        const Vec3 dir = normalize_or(d, Vec3{0, 0, 0});  // as the world takes it
        const float maxd = q % 4 == 3 ? rng.uniform(10.0f, 80.0f) : kInf;
        INFO("query " << q);
        std::vector<WorldRayCrossing> want;
        for (std::uint32_t k = 0; k < m.triangle_count(); ++k) {
            const Triangle t = m.triangle(k);
            const float s = intersect_ray_triangle(o, dir, t, maxd);
            if (s >= 0.0f) want.push_back({s, id, k, dot(dir, cross(t.b - t.a, t.c - t.a)) < 0.0f});
        }
        std::sort(want.begin(), want.end(), [](const WorldRayCrossing& a, const WorldRayCrossing& b) {
            return a.distance != b.distance ? a.distance < b.distance : a.triangle < b.triangle;
        });
        got.clear();
        REQUIRE(w.raycast_all(o, d, maxd, got) == want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            REQUIRE(same_bits(got[i].distance, want[i].distance));
            REQUIRE(got[i].triangle == want[i].triangle);
            REQUIRE(got[i].front == want[i].front);
        }
        crossings += want.size();

        detail::RaySetup ray;
        REQUIRE(ray.init(o, d, maxd));
        std::vector<std::uint32_t> ordered, unordered;
        auto record = [](std::vector<std::uint32_t>& into, float limit) {
            return [&into, limit](std::uint32_t first, std::uint32_t count) {
                for (std::uint32_t k = first; k < first + count; ++k) into.push_back(k);
                return limit;
            };
        };
        detail::traverse_ray(bvh, ray, maxd, Vec3{0, 0, 0}, record(ordered, maxd));
        auto leaf = record(unordered, maxd);
        detail::traverse_ray_unordered(bvh, ray, maxd, Vec3{0, 0, 0}, leaf);
        std::sort(ordered.begin(), ordered.end());
        std::sort(unordered.begin(), unordered.end());
        REQUIRE(unordered == ordered);
        leaves += ordered.size();
    }
    CHECK(crossings > 1000);
    CHECK(leaves > 100 * 120);  // the rays graze: hundreds of triangles each are tested
}

TEST_CASE("World objects: sphere and capsule casts equal brute force over a moving scene") {
    DynamicScene sc;
    Rng rng(12);
    for (int state = 0; state < kStates; ++state) {
        sc.step(state);
        for (int q = 0; q < kQueriesPerState; ++q) {
            const QueryFilter f = random_filter(rng, sc.w.id_limit());
            const Vec3 c = rng.vec(-12, 12);
            const Vec3 d = rng.direction();
            const float r = rng.uniform(0.0f, 1.0f);
            const float maxd = rng.uniform(0.0f, 12.0f);
            INFO("state " << state << " query " << q);
            const WorldHit want = brute_cast(
                sc.w, d, maxd, f,
                [&](const Triangle& t, Vec3 m) { return as_sweep_hit(sweep_sphere_triangle(r, c, c + m, t)); },
                [&](const detail::Primitive& p, Vec3 u) { return detail::primitive_sphere_cast(p, c, r, u, maxd); });
            const WorldHit got = sc.w.sphere_cast(c, r, d, maxd, f);
            same_hit(got, want);
            if (want.hit) REQUIRE(same_bits(got.position, want.position));
            const Capsule cap{c, c + rng.vec(-1.5f, 1.5f), r};
            const WorldHit cwant = brute_cast(
                sc.w, d, maxd, f, [&](const Triangle& t, Vec3 m) { return sweep_capsule_triangle(cap, m, t); },
                [&](const detail::Primitive& p, Vec3 u) { return detail::primitive_capsule_cast(p, cap, u, maxd); });
            same_hit(sc.w.capsule_cast(cap.start, cap.end, r, d, maxd, f), cwant);
        }
    }
}

TEST_CASE("World objects: a radius-0 cast past a radius-0 sphere within underflow of its path hits as brute force") {
    // Found by the world fuzz target. The path passes 5e-48 beside the point (0, 0, 1.8e-43),
    // below the smallest float denormal, so primitive_sphere_cast meets it at distance 1.8e-43;
    // the world's culling must not drop it though its relative margins vanish at the origin.
    World w;
    const Vec3 centre{0, 0, 0x1.06p-142f};
    REQUIRE(w.add_sphere(centre, 0.0f).ok);
    const Vec3 c{0, 0, 0}, d{0x1.989898p-6f, 0x1.989898p-6f, 0x1.609898p+10f};
    const float maxd = 0x1.808p-135f;
    detail::Primitive p;
    REQUIRE(primitive_of(w, 0, p));
    const detail::PrimitiveHit want = detail::primitive_sphere_cast(p, c, 0.0f, normalize_or(d, {0, 0, 0}), maxd);
    REQUIRE(want.hit);
    const WorldHit got = w.sphere_cast(c, 0.0f, d, maxd);
    CHECK(got.hit);
    CHECK(got.object == 0);
    CHECK(got.distance == want.distance);
    const WorldHit cap = w.capsule_cast(c, c, 0.0f, d, maxd);
    CHECK(cap.hit == detail::primitive_capsule_cast(p, {c, c, 0.0f}, normalize_or(d, {0, 0, 0}), maxd).hit);
}

TEST_CASE("World objects: overlaps, closest points and floors equal brute force over a moving scene") {
    DynamicScene sc;
    Rng rng(13);
    for (int state = 0; state < kStates; ++state) {
        sc.step(state);
        for (int q = 0; q < kQueriesPerState; ++q) {
            const QueryFilter f = random_filter(rng, sc.w.id_limit());
            const Vec3 c = rng.vec(-12, 12);
            const float r = rng.uniform(0.0f, 2.0f);
            INFO("state " << state << " query " << q);
            // Overlaps of a sphere and of a capsule: the same set of (object, triangle) with the
            // same contacts.
            const auto same_contacts = [&](std::vector<WorldContact> got, auto&& on_triangle, auto&& on_primitive) {
                std::vector<WorldContact> want;
                brute(
                    sc.w, f,
                    [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
                        const Contact k2 = on_triangle(t);
                        if (k2.hit) want.push_back({id, k, k2.point, k2.normal, k2.depth, TriangleRegion::Face});
                    },
                    [&](std::uint32_t id, const detail::Primitive& p) {
                        const Contact k2 = on_primitive(p);
                        if (k2.hit) want.push_back({id, kNoIndex, k2.point, k2.normal, k2.depth, TriangleRegion::Face});
                    });
                const auto order = [](const WorldContact& x, const WorldContact& y) {
                    return x.object != y.object ? x.object < y.object : x.triangle < y.triangle;
                };
                std::sort(got.begin(), got.end(), order);
                std::sort(want.begin(), want.end(), order);
                REQUIRE(got.size() == want.size());
                for (std::size_t i = 0; i < got.size(); ++i) {
                    REQUIRE(got[i].object == want[i].object);
                    REQUIRE(got[i].triangle == want[i].triangle);
                    REQUIRE(same_bits(got[i].depth, want[i].depth));
                }
            };
            std::vector<WorldContact> got;
            sc.w.overlap_sphere(c, r, got, f);
            same_contacts(
                got,
                [&](const Triangle& t) {
                    return triangle_sphere(t, {c, r});
                },
                [&](const detail::Primitive& p) {
                    return detail::primitive_sphere_overlap(p, {c, r});
                });
            const Capsule cap{c, c + Vec3{0.5f * r, r + 0.5f, 0}, 0.5f * r};
            got.clear();
            sc.w.overlap_capsule(cap.start, cap.end, cap.radius, got, f);
            same_contacts(
                got, [&](const Triangle& t) { return triangle_capsule(t, cap); },
                [&](const detail::Primitive& p) { return detail::primitive_capsule_overlap(p, cap); });
            // Closest point within a random reach.
            const float maxd = rng.below(3) == 0 ? kInf : rng.uniform(0.0f, 6.0f);
            WorldClosestPoint best;
            float best_d2 = std::isfinite(maxd) ? maxd * maxd : maxd;
            const auto offer = [&](float d2, Vec3 point, std::uint32_t id, std::uint32_t k) {
                const bool tie =
                    best.hit && d2 == best_d2 && (id < best.object || (id == best.object && k < best.triangle));
                if (d2 < best_d2 || (!best.hit && d2 == best_d2) || tie)
                    best_d2 = d2, best.hit = true, best.point = point, best.object = id, best.triangle = k;
            };
            brute(
                sc.w, f,
                [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
                    if (!is_finite(t.a) || !is_finite(t.b) || !is_finite(t.c)) return;
                    const Vec3 p = closest_point_on_triangle(c, t).point;
                    offer(distance_sq(c, p), p, id, k);
                },
                [&](std::uint32_t id, const detail::Primitive& p) {
                    const Vec3 q2 = detail::primitive_closest_point(p, c).point;
                    offer(distance_sq(c, q2), q2, id, kNoIndex);
                });
            const WorldClosestPoint cp = sc.w.closest_point(c, maxd, f);
            REQUIRE(cp.hit == best.hit);
            if (best.hit) {
                REQUIRE(cp.object == best.object);
                REQUIRE(cp.triangle == best.triangle);
                REQUIRE(same_bits(cp.point, best.point));
            }
            // Floor under (x, z) from a random height.
            const float from_y = rng.below(4) == 0 ? kInf : rng.uniform(-6.0f, 10.0f);
            WorldFloor fl;
            const auto floor_offer = [&](float h, std::uint32_t id, std::uint32_t k) {
                if (!(h <= from_y)) return;
                if (fl.hit &&
                    !(h > fl.height || (h == fl.height && (id < fl.object || (id == fl.object && k < fl.triangle)))))
                    return;
                fl.hit = true, fl.height = h, fl.object = id, fl.triangle = k;
            };
            brute(
                sc.w, f,
                [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
                    const FloorHeight h = floor_height(t, c.x, c.z);
                    if (h.hit) floor_offer(h.height, id, k);
                },
                [&](std::uint32_t id, const detail::Primitive& p) {
                    const detail::PrimitiveFloor h = detail::primitive_floor(p, c.x, c.z, from_y);
                    if (h.hit) floor_offer(h.height, id, kNoIndex);
                });
            const WorldFloor wf = sc.w.floor(c.x, c.z, from_y, f);
            REQUIRE(wf.hit == fl.hit);
            if (fl.hit) {
                REQUIRE(wf.object == fl.object);
                REQUIRE(wf.triangle == fl.triangle);
                REQUIRE(same_bits(wf.height, fl.height));
            }
        }
    }
}

TEST_CASE("World objects: for_each_triangle_in visits every placed triangle whose box meets the query") {
    DynamicScene sc;
    Rng rng(14);
    for (int state = 0; state < kStates; ++state) {
        sc.step(state);
        for (int q = 0; q < 500; ++q) {
            const Vec3 c = rng.vec(-12, 12), e = rng.vec(0.0f, 3.0f);
            const AABB box{c - e, c + e};
            std::vector<std::uint64_t> seen;
            sc.w.for_each_triangle_in(box, [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
                REQUIRE(same_bits(t.a, sc.w.triangle(id, k).a));
                seen.push_back(std::uint64_t(id) << 32 | k);
            });
            std::sort(seen.begin(), seen.end());
            brute(
                sc.w, {},
                [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
                    if (!triangle_meets_box(t, box)) return;
                    INFO("object " << id << " kind " << int(sc.w.kind(id)) << " triangle " << k << " state " << state);
                    INFO("object " << id << " triangle " << k << " state " << state);
                    REQUIRE(std::binary_search(seen.begin(), seen.end(), std::uint64_t(id) << 32 | k));
                },
                [](std::uint32_t, const detail::Primitive&) {});
        }
    }
}

TEST_CASE("World objects: for_each_triangle_of over objects_in's list gives for_each_triangle_in's sequence") {
    // The triangle cache fills from objects_in's list, one object at a time: the same triangles
    // in the same order as one for_each_triangle_in walk, whatever the filter, over a scene of
    // moving meshes, instances and primitives, removals included.
    DynamicScene sc;
    Rng rng(15);
    int nonempty = 0;
    for (int state = 0; state < kStates; ++state) {
        sc.step(state);
        for (int q = 0; q < kQueriesPerState; ++q) {
            const Vec3 c = rng.vec(-12, 12), e = rng.vec(0.0f, 3.0f);
            const AABB box{c - e, c + e};
            const QueryFilter f = random_filter(rng, sc.w.id_limit());
            struct Visit {
                std::uint32_t object, triangle;
                Triangle tri;
            };
            std::vector<Visit> walk, listed;
            sc.w.for_each_triangle_in(
                box,
                [&](std::uint32_t id, std::uint32_t k, const Triangle& t) {
                    walk.push_back({id, k, t});
                },
                f);
            std::vector<std::uint32_t> objects;
            sc.w.objects_in(box, objects, f);
            for (const std::uint32_t id : objects)
                sc.w.for_each_triangle_of(id, box, [&](std::uint32_t object, std::uint32_t k, const Triangle& t) {
                    listed.push_back({object, k, t});
                });
            REQUIRE(walk.size() == listed.size());
            for (std::size_t i = 0; i < walk.size(); ++i) {
                REQUIRE(walk[i].object == listed[i].object);
                REQUIRE(walk[i].triangle == listed[i].triangle);
                REQUIRE(same_bits(walk[i].tri.a, listed[i].tri.a));
                REQUIRE(same_bits(walk[i].tri.b, listed[i].tri.b));
                REQUIRE(same_bits(walk[i].tri.c, listed[i].tri.c));
            }
            nonempty += walk.empty() ? 0 : 1;
        }
    }
    CHECK(nonempty > kStates * kQueriesPerState / 4);
}

TEST_CASE("World objects: a placed triangle a denormal step beyond a large query box is not one it meets") {
    // The query box spans 64 m in x and ends at 2.4e-38; the instance's triangle lies in the
    // plane x = 3.9e-37, beyond it. Measured from the box's centre (-32) in double, the triangle
    // reads as on the face; compared in float it is outside, and the world may cull it.
    const float px = 0x1.060606p-121f;
    const Triangle placed{{px, 0, 0}, {px, 1, 0}, {px, 0, 1}};
    const AABB beyond{{-0x1.fffffep+5f, -0x1.020002p-9f, 0}, {0x1.0404p-125f, 0, 5}};
    CHECK_FALSE(test::ref_triangle_meets_box(placed, beyond));
    AABB touching = beyond;
    touching.max.x = px;
    CHECK(test::ref_triangle_meets_box(placed, touching));
    touching.max.x = std::nextafter(px, 0.0f);
    CHECK_FALSE(test::ref_triangle_meets_box(placed, touching));

    World w;
    const std::vector<float> positions{0, 0, 0, 0, 1, 0, 0, 0, 1};
    const std::uint32_t mesh = w.add_mesh(positions).object;
    const std::uint32_t inst = w.add_instance(mesh).object;
    REQUIRE(w.teleport(mesh, Transform{{px, 0, 0}, {}, 1}) == nullptr);
    REQUIRE(w.teleport(inst, Transform{{px, 0, 0}, {}, 1}) == nullptr);
    for (const std::uint32_t id : {mesh, inst}) {
        const Triangle t = w.triangle(id, 0);
        REQUIRE(same_bits(t.a, placed.a));
        REQUIRE(same_bits(t.b, placed.b));
        REQUIRE(same_bits(t.c, placed.c));
    }
    const auto visited = [&](const AABB& box) {
        int n = 0;
        w.for_each_triangle_in(box, [&](std::uint32_t, std::uint32_t, const Triangle&) { ++n; });
        return n;
    };
    // Touching counts: both are visited when the box reaches the plane.
    touching.max.x = px;
    CHECK(visited(touching) == 2);
    // Beyond it neither meets the box, so the superset the world promises may be empty.
    CHECK(visited(beyond) <= 2);
}

TEST_CASE("World objects: for_each_triangle_of visits the object asked for after a removal moved slots") {
    // Removing the first of three objects moves the last into its slot, and the next one added
    // takes slot 2: ids and slots then differ. Each box is 12 triangles, apart from the others.
    World w;
    std::vector<std::uint32_t> ids;
    const auto add = [&](float x) {
        MeshData m;
        add_box(m, {x, 0, 0}, {x + 1, 1, 1});
        ids.push_back(w.add_mesh(m.positions, m.indices).object);
    };
    for (int k = 0; k < 3; ++k) add(3.0f * static_cast<float>(k));
    REQUIRE(w.remove(ids[0]) == nullptr);
    add(9.0f);
    const AABB all{{-100, -100, -100}, {100, 100, 100}};
    for (const std::uint32_t id : {ids[1], ids[2], ids[3]}) {
        std::vector<std::uint32_t> seen;
        bool same = true;
        w.for_each_triangle_of(id, all, [&](std::uint32_t object, std::uint32_t k, const Triangle& t) {
            const Triangle want = w.triangle(id, k);
            same = same && object == id && t.a == want.a && t.b == want.b && t.c == want.c;
            seen.push_back(k);
        });
        std::sort(seen.begin(), seen.end());
        std::vector<std::uint32_t> every(12);
        for (std::uint32_t k = 0; k < 12; ++k) every[k] = k;
        CHECK(same);
        CHECK(seen == every);
    }
    int removed = 0;
    w.for_each_triangle_of(ids[0], all, [&](std::uint32_t, std::uint32_t, const Triangle&) { ++removed; });
    CHECK(removed == 0);
}

TEST_CASE("World objects: placing a run of triangles gives place()'s bits for every vertex") {
    // detail::Placer (four lanes per vertex) against detail::place (scalar), bit for bit: random
    // rotations and arbitrary matrices, scales from 1e-3 to 1e3, coordinates from denormal to
    // near FLT_MAX (overflowing to infinity), signed zeros, and degenerate triangles (a repeated
    // vertex, collinear vertices, all three equal).
    Rng rng(20261128);
    const auto coordinate = [&]() {
        switch (rng.below(8)) {
            case 0: return 0.0f;
            case 1: return -0.0f;
            case 2: return rng.uniform(-1, 1) * 1e-39f;  // denormal
            case 3: return rng.uniform(-1, 1) * 3e38f;   // products overflow
            default: return rng.uniform(-1, 1) * rng.log_uniform(1e-3f, 1e4f);
        }
    };
    const auto point = [&]() { return Vec3{coordinate(), coordinate(), coordinate()}; };
    int checked = 0;
    for (int pose = 0; pose < 400; ++pose) {
        World::Object o;
        const Quat q = quat_from_axis_angle(rng.direction(), rng.uniform(-3.1f, 3.1f));
        o.rot = mat3_from_quat(q);
        if (pose % 5 == 4)  // any matrix: the placement is the same arithmetic
            for (Vec3& c : o.rot.col) c = point();
        o.pose.rotation = q;
        o.pose.position = pose % 7 == 0 ? Vec3{} : point();
        o.pose.scale = pose % 3 == 0 ? 1.0f : rng.log_uniform(1e-3f, 1e3f);
        const detail::Placer placer(o);
        for (int k = 0; k < 100; ++k) {
            Triangle t{point(), point(), point()};
            switch (k % 4) {
                case 1: t.c = t.a; break;                       // a repeated vertex
                case 2: t.c = t.a + (t.b - t.a) * 0.5f; break;  // collinear
                case 3: t.b = t.c = t.a; break;                 // a point
                default: break;
            }
            const Triangle want = detail::place(o, t), got = placer(t);
            REQUIRE(same_bits(got.a, want.a));
            REQUIRE(same_bits(got.b, want.b));
            REQUIRE(same_bits(got.c, want.c));
            ++checked;
        }
    }
    CHECK(checked == 40000);
}

TEST_CASE("World objects: a triangle's box on four lanes has triangle_box's bits") {
    // detail::triangle_box_lanes (the triangle cache's boxes) against detail::triangle_box, bit
    // for bit: finite coordinates of every scale, signed zeros, infinities, NaN, and degenerate
    // triangles (repeated vertices, ties in some coordinates).
    Rng rng(1128);
    const float specials[] = {0.0f, -0.0f, kInf, -kInf, std::numeric_limits<float>::quiet_NaN(), 1e-40f, -1e-40f};
    const auto coordinate = [&]() {
        if (rng.below(6) == 0) return specials[rng.below(7)];
        return rng.uniform(-1, 1) * rng.log_uniform(1e-30f, 1e30f);
    };
    for (int k = 0; k < 100000; ++k) {
        Triangle t{{coordinate(), coordinate(), coordinate()},
                   {coordinate(), coordinate(), coordinate()},
                   {coordinate(), coordinate(), coordinate()}};
        if (k % 5 == 1) t.b = t.a;
        if (k % 5 == 2) t.c.y = t.a.y, t.b.x = t.c.x;
        detail::F4 lo, hi;
        detail::triangle_box_lanes(t, lo, hi);
        const AABB want = detail::triangle_box(t);
        REQUIRE(same_bits(Vec3{lo[0], lo[1], lo[2]}, want.min));
        REQUIRE(same_bits(Vec3{hi[0], hi[1], hi[2]}, want.max));
    }
}

TEST_CASE("World objects: a moved mesh gives its triangles in the walk's order, more than a run at a time") {
    // 2 x 20 x 20 = 800 triangles; a box holding all of them: the placed copy (triangles
    // gathered 16 at a time) lists the same ids in the same order as the copy at the identity
    // pose (handed over a leaf at a time), each with World::triangle's bits, and a box over part
    // of it lists the triangles the same brute-force box test keeps, in that order.
    const MeshData m = heightfield(20, 10.0f, [](float x, float z) { return 0.3f * std::sin(x) * std::cos(z); });
    World w;
    const std::uint32_t fixed = w.add_mesh(m.positions, m.indices).object;
    ObjectOptions moved_at;
    moved_at.transform.position = {30, 1, -5};
    moved_at.transform.rotation = quat_from_axis_angle(Vec3{0.6f, 0.48f, 0.64f}, 0.7f);
    moved_at.transform.scale = 1.5f;
    const std::uint32_t moved = w.add_mesh(m.positions, m.indices, moved_at).object;
    const AABB all{{-100, -100, -100}, {100, 100, 100}};
    std::vector<std::uint32_t> order_fixed, order_moved;
    bool same = true;
    w.for_each_triangle_of(fixed, all,
                           [&](std::uint32_t, std::uint32_t k, const Triangle&) { order_fixed.push_back(k); });
    w.for_each_triangle_of(moved, all, [&](std::uint32_t object, std::uint32_t k, const Triangle& t) {
        const Triangle want = w.triangle(moved, k);
        same = same && object == moved && same_bits(t.a, want.a) && same_bits(t.b, want.b) && same_bits(t.c, want.c);
        order_moved.push_back(k);
    });
    CHECK(same);
    CHECK(order_fixed.size() == m.triangle_count());
    CHECK(order_moved == order_fixed);
    Rng rng(31);
    for (int q = 0; q < 200; ++q) {
        const Vec3 c = Vec3{30, 1, -5} + rng.vec(-8, 8), e = rng.vec(0.0f, 4.0f);
        const AABB box{c - e, c + e};
        std::vector<std::uint32_t> seen;
        w.for_each_triangle_of(moved, box, [&](std::uint32_t, std::uint32_t k, const Triangle& t) {
            REQUIRE(same_bits(t.b, w.triangle(moved, k).b));
            seen.push_back(k);
        });
        // The listed ones keep the full walk's order, and every triangle meeting the box is there.
        std::size_t at = 0;
        for (const std::uint32_t k : order_fixed)
            if (at < seen.size() && seen[at] == k) ++at;
        CHECK(at == seen.size());
        std::sort(seen.begin(), seen.end());
        for (std::uint32_t k = 0; k < m.triangle_count(); ++k)
            if (triangle_meets_box(w.triangle(moved, k), box)) REQUIRE(std::binary_search(seen.begin(), seen.end(), k));
    }
}

TEST_CASE("World objects: a query box at an instance's position finds the triangles placed onto it") {
    // Local vertices 1e-7 from the origin round onto the position (-64, -64, -64) when placed;
    // the query box is that point, so in local space it is the origin, 1e-7 from the triangle.
    const float p = -0x1.fffffep+5f;
    const std::vector<float> positions{1e-7f, 1e-7f, 1e-7f, 2e-7f, 1e-7f, 1e-7f, 1e-7f, 2e-7f, 1e-7f};
    World w;
    const std::uint32_t mesh = w.add_mesh(positions).object;
    const std::uint32_t inst = w.add_instance(mesh).object;
    REQUIRE(w.teleport(mesh, Transform{{p, p, p}, {}, 1}) == nullptr);
    REQUIRE(w.teleport(inst, Transform{{p, p, p}, {}, 1}) == nullptr);
    const AABB box{{p, p, p}, {p, p, p}};
    for (const std::uint32_t id : {mesh, inst}) REQUIRE(test::ref_triangle_meets_box(w.triangle(id, 0), box));
    std::vector<std::uint32_t> seen;
    w.for_each_triangle_in(box, [&](std::uint32_t id, std::uint32_t, const Triangle&) { seen.push_back(id); });
    std::sort(seen.begin(), seen.end());
    CHECK(seen == std::vector<std::uint32_t>{mesh, inst});
}

TEST_CASE("World objects: moving an object away and back gives the same answers bit for bit") {
    DynamicScene sc;
    sc.step(0);
    Rng rng(15);
    std::vector<Vec3> origins, dirs;
    for (int i = 0; i < 500; ++i) origins.push_back(rng.vec(-12, 12)), dirs.push_back(rng.direction());
    auto answers = [&] {
        std::vector<WorldHit> out;
        for (std::size_t i = 0; i < origins.size(); ++i) {
            out.push_back(sc.w.raycast(origins[i], dirs[i], kInf));
            out.push_back(sc.w.sphere_cast(origins[i], 0.4f, dirs[i], 8.0f));
        }
        return out;
    };
    const std::vector<WorldHit> before = answers();
    std::vector<Transform> poses;
    for (std::uint32_t id : sc.movers) poses.push_back(sc.w.transform(id));
    for (std::uint32_t id : sc.movers)
        if (sc.w.is_live(id)) REQUIRE(sc.w.set_transform(id, random_pose(rng, 20.0f, true)) == nullptr);
    sc.w.update(1.0f / 60.0f);
    for (std::size_t i = 0; i < sc.movers.size(); ++i)
        if (sc.w.is_live(sc.movers[i])) REQUIRE(sc.w.set_transform(sc.movers[i], poses[i]) == nullptr);
    sc.w.update(1.0f / 60.0f);
    const std::vector<WorldHit> after = answers();
    for (std::size_t i = 0; i < before.size(); ++i) {
        same_hit(after[i], before[i]);
        REQUIRE(same_bits(after[i].point, before[i].point));
        REQUIRE(same_bits(after[i].normal, before[i].normal));
    }
}

TEST_CASE("World objects: an instance answers like a copy of its mesh added with the same pose") {
    Rng rng(16);
    const MeshData s = soup(rng, 200, 4.0f);
    ObjectOptions o;
    o.transform = random_pose(rng, 5.0f, true);
    World inst, copy;
    const std::uint32_t base = inst.add_mesh(s.positions, s.indices).object;
    REQUIRE(inst.remove(base) == nullptr);
    // The mesh is gone, so its instance must come from a live one: add it again.
    const std::uint32_t mesh = inst.add_mesh(s.positions, s.indices, ObjectOptions{{{100, 0, 0}, {}, 1}, 1}).object;
    const std::uint32_t instance = inst.add_instance(mesh, o).object;
    REQUIRE(inst.remove(mesh) == nullptr);  // the instance keeps the triangles alive
    copy.add_mesh(s.positions, s.indices, o);
    for (int q = 0; q < 3000; ++q) {
        const Vec3 c = o.transform.position + rng.vec(-8, 8), d = rng.direction();
        const WorldHit a = inst.raycast(c, d, kInf), b = copy.raycast(c, d, kInf);
        REQUIRE(a.hit == b.hit);
        if (!a.hit) continue;
        REQUIRE(a.object == instance);
        REQUIRE(a.triangle == b.triangle);
        REQUIRE(same_bits(a.distance, b.distance));
        REQUIRE(same_bits(a.normal, b.normal));
        const WorldHit sa = inst.sphere_cast(c, 0.3f, d, 6.0f), sb = copy.sphere_cast(c, 0.3f, d, 6.0f);
        REQUIRE(sa.hit == sb.hit);
        if (sa.hit) REQUIRE(same_bits(sa.distance, sb.distance));
    }
    CHECK(inst.stats().meshes == 1);
    CHECK(inst.stats().objects == 1);
}

TEST_CASE("World objects: update_mesh answers like a fresh add_mesh of the new positions") {
    Rng rng(17);
    MeshData m = terrain(20, 20.0f);
    ObjectOptions o;
    o.transform = random_pose(rng, 3.0f, true);
    World w;
    const std::uint32_t id = w.add_mesh(m.positions, m.indices, o).object;
    for (int round = 0; round < 3; ++round) {
        for (std::size_t i = 0; i < m.positions.size(); ++i) m.positions[i] += rng.uniform(-0.2f, 0.2f);
        REQUIRE(w.update_mesh(id, m.positions) == nullptr);
        World fresh;
        fresh.add_mesh(m.positions, m.indices, o);
        for (int q = 0; q < 2000; ++q) {
            const Vec3 c = o.transform.position + rng.vec(-15, 15), d = rng.direction();
            const WorldHit a = w.raycast(c, d, kInf), b = fresh.raycast(c, d, kInf);
            REQUIRE(a.hit == b.hit);
            if (a.hit) REQUIRE((a.triangle == b.triangle && same_bits(a.distance, b.distance)));
            const WorldClosestPoint ca = w.closest_point(c, kInf), cb = fresh.closest_point(c, kInf);
            REQUIRE((ca.triangle == cb.triangle && same_bits(ca.point, cb.point)));
        }
    }
    // A different number of floats is refused and changes nothing.
    m.positions.pop_back();
    CHECK(w.update_mesh(id, m.positions) != nullptr);
}

TEST_CASE("World objects: update_mesh keeps a triangle whose coordinates sum past FLT_MAX") {
    // Every coordinate finite, but their sum overflows: finite for the build, so for the refit too.
    const std::vector<float> positions = {-1e38f, 2e38f, -1e38f, 1e38f, 2e38f, -1e38f, 0.0f, 2e38f, 1e38f,
                                          -1.0f,  0.0f,  -1.0f,  1.0f,  0.0f,  -1.0f,  0.0f, 0.0f,  1.0f};
    World w;
    const std::uint32_t id = w.add_mesh(positions).object;
    const WorldHit before = w.raycast({0, 1, 0}, {0, 1, 0}, kInf);
    REQUIRE(before.hit);
    CHECK(before.triangle == 0);
    REQUIRE(w.update_mesh(id, positions) == nullptr);
    const WorldHit after = w.raycast({0, 1, 0}, {0, 1, 0}, kInf);
    REQUIRE(after.hit);
    CHECK(after.triangle == 0);
    CHECK(same_bits(after.distance, before.distance));
}

TEST_CASE("World objects: a refit that scrambles a mesh rebuilds its tree; a small one does not") {
    Rng rng(18);
    MeshData m = terrain(30, 30.0f);
    World w;
    const std::uint32_t id = w.add_mesh(m.positions, m.indices).object;
    MeshData nudged = m;
    for (std::size_t i = 1; i < nudged.positions.size(); i += 3) nudged.positions[i] += rng.uniform(-0.05f, 0.05f);
    REQUIRE(w.update_mesh(id, nudged.positions) == nullptr);
    CHECK(w.stats().mesh_rebuilds == 0);
    // Every vertex swapped with a random other: the old tree's leaves now span the whole mesh.
    MeshData scrambled = m;
    const std::size_t nv = scrambled.positions.size() / 3;
    for (std::size_t v = 0; v < nv; ++v) {
        const std::size_t u = static_cast<std::size_t>(rng.below(static_cast<int>(nv)));
        for (int k = 0; k < 3; ++k) std::swap(scrambled.positions[3 * v + k], scrambled.positions[3 * u + k]);
    }
    REQUIRE(w.update_mesh(id, scrambled.positions) == nullptr);
    CHECK(w.stats().mesh_rebuilds == 1);
    World fresh;
    fresh.add_mesh(scrambled.positions, scrambled.indices);
    for (int q = 0; q < 1000; ++q) {
        const Vec3 c = rng.vec(-16, 16), d = rng.direction();
        const WorldHit a = w.raycast(c, d, kInf), b = fresh.raycast(c, d, kInf);
        REQUIRE(a.hit == b.hit);
        if (a.hit) REQUIRE((a.triangle == b.triangle && same_bits(a.distance, b.distance)));
    }
}

TEST_CASE("World objects: removed objects are never hit and ids are never reused") {
    World w;
    const MeshData floor = flat_floor(4, 10.0f);
    const std::uint32_t a = w.add_mesh(floor.positions, floor.indices).object;
    const std::uint32_t s = w.add_sphere({0, 2, 0}, 0.5f).object;
    CHECK(w.raycast({0, 5, 0}, {0, -1, 0}, kInf).object == s);
    REQUIRE(w.remove(s) == nullptr);
    CHECK(w.remove(s) != nullptr);
    CHECK_FALSE(w.is_live(s));
    const WorldHit h = w.raycast({0, 5, 0}, {0, -1, 0}, kInf);
    CHECK(h.object == a);
    std::vector<WorldContact> contacts;
    CHECK(w.overlap_sphere({0, 2, 0}, 0.6f, contacts) == 0);
    const std::uint32_t b = w.add_box({0, 1, 0}, {}, {1, 1, 1}).object;
    CHECK(b != s);
    CHECK(b == s + 1);
    CHECK(w.set_transform(s, {}) != nullptr);
    CHECK(w.teleport(s, {}) != nullptr);
    CHECK(w.add_instance(s).ok == false);
    CHECK(w.object_count() == 2);
}

TEST_CASE("World objects: update fixes velocities from the two poses; teleport has none") {
    World w;
    const std::uint32_t box = w.add_box({0, 0, 0}, {}, {1, 0.2f, 1}).object;
    Transform t;
    t.position = {0.5f, 0.25f, 0};
    t.rotation = quat_from_axis_angle({0, 1, 0}, 0.1f);
    REQUIRE(w.set_transform(box, t) == nullptr);
    // Until the step begins the object stays where it was.
    CHECK(w.transform(box).position.x == 0.0f);
    w.update(0.5f);
    CHECK(w.transform(box).position.x == 0.5f);
    const Vec3 v = w.linear_velocity(box), om = w.angular_velocity(box);
    CHECK_THAT(v.x, Catch::Matchers::WithinAbs(1.0, 1e-6));
    CHECK_THAT(v.y, Catch::Matchers::WithinAbs(0.5, 1e-6));
    CHECK_THAT(om.y, Catch::Matchers::WithinAbs(0.2, 1e-5));
    CHECK_THAT(om.x, Catch::Matchers::WithinAbs(0.0, 1e-6));
    // A point 1 m along +x from the centre moves with v + w x r: w = 0.2 about y gives -0.2 in z.
    const Vec3 pv = w.velocity_at(box, t.position + Vec3{1, 0, 0});
    CHECK_THAT(pv.z, Catch::Matchers::WithinAbs(-0.2, 1e-5));
    // The next step without a new transform: at rest.
    w.update(0.5f);
    CHECK(w.linear_velocity(box).x == 0.0f);
    REQUIRE(w.teleport(box, Transform{{5, 0, 0}, {}, 1}) == nullptr);
    CHECK(w.transform(box).position.x == 5.0f);
    CHECK(w.linear_velocity(box).x == 0.0f);
    CHECK(w.raycast({5, 5, 0}, {0, -1, 0}, kInf).hit);
    // A half turn and more is taken the shorter way: 270 degrees forward is 90 back.
    REQUIRE(w.set_transform(box, Transform{{5, 0, 0}, quat_from_axis_angle({0, 1, 0}, 4.712389f), 1}) == nullptr);
    w.update(1.0f);
    CHECK_THAT(w.angular_velocity(box).y, Catch::Matchers::WithinAbs(-1.5707963, 1e-4));
}

TEST_CASE("World objects: move_over_step moves an object within the step, with the velocity of its two poses") {
    World w;
    const std::uint32_t still = w.add_box({-5, 0, 0}, {}, {1, 1, 1}).object;
    const std::uint32_t cap = w.add_capsule({0, 0.5f, 0}, {0, 1.5f, 0}, 0.35f).object;
    CHECK(w.move_over_step(cap, Transform{{1, 1, 0}, {}, 1}) == nullptr);  // before any update: no velocity
    CHECK(w.linear_velocity(cap).x == 0.0f);
    w.update(0.25f);
    CHECK(w.moved_count() == 0);
    const Transform start = w.transform(cap);
    REQUIRE(w.move_over_step(cap, Transform{{1.5f, 1, 0}, {}, 1}) == nullptr);
    CHECK(w.transform(cap).position.x == 1.5f);
    CHECK(w.previous_transform(cap).position.x == start.position.x);
    CHECK(w.linear_velocity(cap).x == 2.0f);  // 0.5 m over the step's 0.25 s
    CHECK(w.moved(cap));
    CHECK_FALSE(w.moved(still));
    CHECK(w.moved_count() == 1);
    CHECK(w.raycast({1.5f, 5, 0}, {0, -1, 0}, kInf).object == cap);
    // Back where it started the step: not moved, at rest.
    REQUIRE(w.move_over_step(cap, start) == nullptr);
    CHECK_FALSE(w.moved(cap));
    CHECK(w.moved_count() == 0);
    CHECK(w.linear_velocity(cap).x == 0.0f);
    CHECK(w.move_over_step(cap, Transform{{std::nanf(""), 0, 0}, {}, 1}) != nullptr);
    CHECK(w.move_over_step(12345, start) != nullptr);
    CHECK(w.transform(cap).position.x == start.position.x);
}

TEST_CASE("World objects: bad transforms and arguments are refused and change nothing") {
    World w;
    const MeshData floor = flat_floor(2, 4.0f);
    ObjectOptions bad;
    bad.transform.scale = 0.0f;
    CHECK_FALSE(w.add_mesh(floor.positions, floor.indices, bad).ok);
    bad.transform.scale = std::numeric_limits<float>::quiet_NaN();
    CHECK_FALSE(w.add_mesh(floor.positions, floor.indices, bad).ok);
    bad.transform = {};
    bad.transform.rotation = {0, 0, 0, 0};
    CHECK_FALSE(w.add_mesh(floor.positions, floor.indices, bad).ok);
    CHECK(w.object_count() == 0);
    CHECK_FALSE(w.add_sphere({0, 0, 0}, -1.0f).ok);
    CHECK_FALSE(w.add_capsule({0, 0, 0}, {kInf, 0, 0}, 1.0f).ok);
    CHECK_FALSE(w.add_box({0, 0, 0}, {}, {-1, 1, 1}).ok);
    const std::uint32_t id = w.add_mesh(floor.positions, floor.indices).object;
    Transform t;
    t.position.x = std::numeric_limits<float>::quiet_NaN();
    CHECK(w.set_transform(id, t) != nullptr);
    w.update(1.0f / 60.0f);
    CHECK(w.transform(id).position.x == 0.0f);
    CHECK(w.set_transform(id + 7, {}) != nullptr);
    CHECK(w.update_mesh(id + 7, floor.positions) != nullptr);
}

TEST_CASE("World objects: a denormal or huge quaternion turns the object as its unit quaternion does") {
    // Their squared lengths underflow or overflow in float; they are still rotations.
    World w;
    const std::uint32_t id = w.add_box({0, 0, 0}, {1e-40f, 0, 0, 0}, {1, 2, 3}).object;  // a half turn about x
    OBB box;
    REQUIRE(w.box(id, box));
    CHECK(box.rotation.x == 1.0f);
    CHECK(box.rotation.w == 0.0f);
    const float big = std::numeric_limits<float>::max();
    REQUIRE(w.teleport(id, Transform{{0, 0, 0}, {big, 0, 0, big}, 1}) == nullptr);  // a quarter turn
    CHECK_THAT(w.transform(id).rotation.x, Catch::Matchers::WithinAbs(0.70710678, 1e-6));
    CHECK_THAT(w.transform(id).rotation.w, Catch::Matchers::WithinAbs(0.70710678, 1e-6));
    // The quarter turn about x takes the local y half extent (2) to world z.
    CHECK_THAT(w.raycast({0, 0, 5}, {0, 0, -1}, kInf).distance, Catch::Matchers::WithinAbs(3.0, 1e-5));
}

TEST_CASE("transform_from_matrix: rigid matrices with uniform scale decompose; others are refused") {
    Rng rng(19);
    for (int i = 0; i < 2000; ++i) {
        const Transform t = random_pose(rng, 50.0f, true);
        const Mat4 m = mat4_compose(t.position, t.rotation, {t.scale, t.scale, t.scale});
        Transform back;
        REQUIRE(transform_from_matrix(m, back) == nullptr);
        REQUIRE(back.scale == Approx(t.scale).epsilon(1e-5));
        REQUIRE(same_bits(back.position, t.position));
        // The same rotation (q and -q are the same).
        const float d = std::fabs(back.rotation.x * t.rotation.x + back.rotation.y * t.rotation.y +
                                  back.rotation.z * t.rotation.z + back.rotation.w * t.rotation.w);
        REQUIRE(d == Approx(1.0f).epsilon(1e-5));
    }
    Transform out;
    CHECK(transform_from_matrix(mat4_compose({}, {}, {1, 2, 1}), out) != nullptr);   // non-uniform
    CHECK(transform_from_matrix(mat4_compose({}, {}, {-1, 1, 1}), out) != nullptr);  // mirror
    CHECK(transform_from_matrix(mat4_compose({}, {}, {0, 0, 0}), out) != nullptr);   // zero
    Mat4 shear;
    shear.e[4] = 0.5f;  // y axis leans toward x
    CHECK(transform_from_matrix(shear, out) != nullptr);
    Mat4 projective;
    projective.e[3] = 0.1f;
    CHECK(transform_from_matrix(projective, out) != nullptr);
    Mat4 nan;
    nan.e[12] = std::numeric_limits<float>::quiet_NaN();
    CHECK(transform_from_matrix(nan, out) != nullptr);
}

TEST_CASE("World objects: filters skip layers and the ignored object") {
    World w;
    const std::uint32_t low = w.add_box({0, 0, 0}, {}, {5, 0.5f, 5}, 1).object;
    const std::uint32_t high = w.add_box({0, 2, 0}, {}, {5, 0.5f, 5}, 2).object;
    const Vec3 o{0, 10, 0}, down{0, -1, 0};
    CHECK(w.raycast(o, down, kInf).object == high);
    CHECK(w.raycast(o, down, kInf, {1, kNoIndex}).object == low);
    CHECK(w.raycast(o, down, kInf, {0xFFFFFFFFu, high}).object == low);
    CHECK_FALSE(w.raycast(o, down, kInf, {4, kNoIndex}).hit);
    CHECK(w.floor(0, 0, kInf, {1, kNoIndex}).object == low);
    CHECK(w.closest_point({0, 10, 0}, kInf, {0xFFFFFFFFu, high}).object == low);
    std::vector<WorldContact> c;
    CHECK(w.overlap_sphere({0, 1, 0}, 2.0f, c, {2, kNoIndex}) == 1);
    CHECK(c[0].object == high);
    REQUIRE(w.set_layers(high, 4) == nullptr);
    CHECK(w.raycast(o, down, kInf, {3, kNoIndex}).object == low);
}

TEST_CASE("World objects: a thousand moving instances keep the top level refitted, not rebuilt") {
    Rng rng(20);
    const MeshData s = soup(rng, 40, 1.0f);
    World w;
    const std::uint32_t mesh = w.add_mesh(s.positions, s.indices).object;
    std::vector<std::uint32_t> ids;
    for (int i = 0; i < 1000; ++i) {
        ObjectOptions o;
        o.transform.position = rng.vec(-100, 100);
        ids.push_back(w.add_instance(mesh, o).object);
    }
    w.update(1.0f / 60.0f);
    const std::uint32_t rebuilds = w.stats().top_rebuilds;
    for (int step = 0; step < 10; ++step) {
        for (std::uint32_t id : ids) {
            Transform t = w.transform(id);
            t.position += rng.vec(-0.1f, 0.1f);
            REQUIRE(w.set_transform(id, t) == nullptr);
        }
        w.update(1.0f / 60.0f);
    }
    CHECK(w.stats().top_rebuilds == rebuilds);
    CHECK(w.stats().top_refits >= 10);
    // A raycast among them still equals brute force.
    for (int q = 0; q < 300; ++q) {
        const Vec3 o = rng.vec(-100, 100), d = rng.direction();
        same_hit(w.raycast(o, d, kInf), brute_raycast(w, o, d, kInf, {}));
    }
}
