// TriangleCache::capsule_contacts (triangle_cache_overlap.cpp) against World::overlap_capsule: when
// the cache answers, its contacts must be the world's, bit for bit (in any order, without their
// feature). Seeded worlds of random, degenerate, rotated, scaled and moving meshes; capsules placed
// at a radius from a random point, edge or vertex of a random triangle, give or take a few ulps or
// a skin (near-touching), plus zero radii, zero-length axes and upright capsules.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "meshes.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/world.hpp"
#include "test_support.hpp"
#include "triangle_cache.hpp"
#include "world_detail.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

Transform pose(Vec3 p, float yaw, float scale = 1.0f) {
    return Transform{p, Quat{0.0f, std::sin(0.5f * yaw), 0.0f, std::cos(0.5f * yaw)}, scale};
}

AABB query_box(const World& w, const Capsule& c) {
    return detail::grown_query_box(aabb_of_capsule(c), w.scene_magnitude());
}

// A capsule whose surface is about `gap` from `target` (negative: overlapping), its axis along a
// random direction, upright, or collapsed to a point.
Capsule capsule_near(Rng& rng, Vec3 target, float gap) {
    const int shape = rng.below(4);
    const float r = rng.below(10) == 0 ? 0.0f : rng.uniform(0.05f, 0.6f);
    const float half = shape == 3 ? 0.0f : rng.uniform(0.0f, 0.8f);
    const Vec3 axis = shape == 2 ? Vec3{0.0f, 1.0f, 0.0f} : rng.direction();
    const Vec3 away = rng.direction();
    // The axis's nearest point is put r + gap from the target, one end or between the ends.
    const float along = rng.below(3) == 0 ? half : rng.uniform(-half, half);
    const Vec3 center = target + away * (r + gap) - axis * along;
    return {center - axis * half, center + axis * half, r};
}

// The contacts by object and triangle: the cache lists them in its own order.
void sort_contacts(std::vector<WorldContact>& v) {
    std::sort(v.begin(), v.end(), [](const WorldContact& a, const WorldContact& b) {
        return a.object != b.object ? a.object < b.object : a.triangle < b.triangle;
    });
}

float near_gap(Rng& rng) {
    switch (rng.below(5)) {
        case 0: return 0.0f;
        case 1: return rng.uniform(-1e-5f, 1e-5f);
        case 2: return rng.uniform(0.0f, 0.02f);
        case 3: return rng.uniform(-0.05f, 0.05f);
        default: return rng.uniform(0.0f, 0.5f);
    }
}

}  // namespace

TEST_CASE("capsule_contacts: when the cache answers, its contacts are World::overlap_capsule's") {
    int cases = 0, answered = 0, empty = 0, touching = 0, near_clear = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Rng rng(seed * 7919u);
        World w;
        std::vector<std::uint32_t> meshes, movers;
        MeshData soup_mesh = soup(rng, 30, 4.0f);
        meshes.push_back(w.add_mesh(soup_mesh.positions, soup_mesh.indices).object);
        MeshData boxes;
        add_box(boxes, {-4.0f, -0.2f, -4.0f}, {4.0f, 0.0f, 4.0f});
        add_box(boxes, {-1.0f, 0.0f, -1.0f}, {-0.2f, 1.5f, 0.6f});
        const std::uint32_t still_boxes = w.add_mesh(boxes.positions, boxes.indices).object;
        meshes.push_back(still_boxes);
        MeshData lift;
        add_box(lift, {-1.2f, -0.2f, -1.2f}, {1.2f, 0.0f, 1.2f});
        for (int k = 0; k < 2; ++k) {
            ObjectOptions o;
            o.transform = pose(rng.vec(-2.0f, 2.0f), rng.uniform(-3.0f, 3.0f), k == 0 ? 1.0f : rng.uniform(0.5f, 2.0f));
            const std::uint32_t id = w.add_mesh(lift.positions, lift.indices, o).object;
            meshes.push_back(id);
            movers.push_back(id);
        }
        w.update(1.0f / 60.0f);
        detail::TriangleCache cache;
        cache.set_filter({});
        // Three rounds: freshly filled, then after the movers moved (brought up to date or
        // refilled), then after a teleport.
        for (int round = 0; round < 3; ++round) {
            if (round > 0) {
                for (const std::uint32_t id : movers) {
                    const Transform t = pose(rng.vec(-2.0f, 2.0f), rng.uniform(-3.0f, 3.0f), w.transform(id).scale);
                    if (round == 1)
                        w.set_transform(id, t);
                    else
                        w.teleport(id, t);
                }
                w.update(1.0f / 60.0f);
            }
            // Mostly a box around everything, sometimes one that leaves capsules outside it.
            const float h = rng.below(4) == 0 ? 2.0f : 6.0f;
            const Vec3 c = rng.vec(-1.5f, 1.5f);
            cache.prepare(w, {c - Vec3{h, h, h}, c + Vec3{h, h, h}}, 0.3f);
            std::vector<WorldContact> contacts, cached;
            for (int k = 0; k < 100; ++k) {
                const std::uint32_t object =
                    meshes[static_cast<std::size_t>(rng.below(static_cast<int>(meshes.size())))];
                const std::uint32_t count = w.triangle_count(object);
                const Triangle tri = w.triangle(object, static_cast<std::uint32_t>(rng.below(static_cast<int>(count))));
                const Capsule cap = capsule_near(rng, pick_target(rng, tri), near_gap(rng));
                contacts.clear();
                cached.clear();
                w.overlap_capsule(cap.start, cap.end, cap.radius, contacts);
                const bool answers = cache.capsule_contacts(w, cap, query_box(w, cap), cached);
                INFO("seed " << seed << " round " << round << " case " << k);
                ++cases;
                empty += contacts.empty() ? 1 : 0;
                if (!answers) {
                    REQUIRE(cached.empty());
                    continue;
                }
                ++answered;
                sort_contacts(contacts);
                sort_contacts(cached);
                REQUIRE(cached.size() == contacts.size());
                for (std::size_t i = 0; i < cached.size(); ++i) {
                    REQUIRE(cached[i].object == contacts[i].object);
                    REQUIRE(cached[i].triangle == contacts[i].triangle);
                    REQUIRE(same_bits(cached[i].point, contacts[i].point));
                    REQUIRE(same_bits(cached[i].normal, contacts[i].normal));
                    REQUIRE(same_bits(cached[i].depth, contacts[i].depth));
                    touching += std::fabs(cached[i].depth) < 1e-4f ? 1 : 0;
                }
                // No contact a hundredth beyond touching the target triangle: the near band.
                if (contacts.empty()) {
                    const DVec3 q = ref_closest_on_triangle(d(cap.start), d(tri.a), d(tri.b), d(tri.c));
                    if (ddist(q, d(cap.start)) < cap.radius + 0.01) ++near_clear;
                }
            }
        }
    }
    REQUIRE(cases == 12000);
    // The cache answers most tests, empty or not, touching within 1e-4 and just clear.
    CHECK(answered > cases / 2);
    CHECK(answered - empty > 3000);
    CHECK(touching > 100);
    CHECK(near_clear > 100);
}

TEST_CASE("capsule_contacts: no answer from a stale, disabled or unusable cache, or beyond its box") {
    World w;
    MeshData floor;
    add_box(floor, {-5.0f, -0.2f, -5.0f}, {5.0f, 0.0f, 5.0f});
    const std::uint32_t ground = w.add_mesh(floor.positions, floor.indices).object;
    detail::TriangleCache cache;
    cache.set_filter({});
    const AABB need{{-1.0f, 0.0f, -1.0f}, {1.0f, 2.0f, 1.0f}};
    cache.prepare(w, need, 0.3f);
    std::vector<WorldContact> listed, contacts;
    const auto answers = [&](detail::TriangleCache& c, const Capsule& cap) {
        listed.clear();
        return c.capsule_contacts(w, cap, query_box(w, cap), listed);
    };
    // A skin above the floor: clear. Sunk into it: the floor's contacts.
    const Capsule above{{0.0f, 0.5f, 0.0f}, {0.0f, 1.5f, 0.0f}, 0.35f};
    REQUIRE(answers(cache, above));
    REQUIRE(listed.empty());
    const Capsule on{{0.0f, 0.3f, 0.0f}, {0.0f, 1.3f, 0.0f}, 0.35f};
    REQUIRE(answers(cache, on));
    REQUIRE_FALSE(listed.empty());
    w.overlap_capsule(on.start, on.end, on.radius, contacts);
    REQUIRE(listed.size() == contacts.size());
    // Outside the cache's box.
    const Capsule far{{3.0f, 0.5f, 0.0f}, {3.0f, 1.5f, 0.0f}, 0.35f};
    REQUIRE_FALSE(answers(cache, far));
    // NaN: its box is contained nowhere.
    const float nan = std::nanf("");
    const Capsule bad{{nan, 0.5f, 0.0f}, {0.0f, 1.5f, 0.0f}, 0.35f};
    REQUIRE_FALSE(answers(cache, bad));
    // The world moved since the cache was filled: stale until prepared again.
    w.set_transform(ground, pose({0.0f, 0.6f, 0.0f}, 0.0f));
    w.update(1.0f / 60.0f);
    REQUIRE_FALSE(answers(cache, above));
    contacts.clear();
    w.overlap_capsule(above.start, above.end, above.radius, contacts);
    REQUIRE_FALSE(contacts.empty());  // the floor rose into it
    cache.prepare(w, need, 0.3f);
    REQUIRE(answers(cache, above));
    REQUIRE(listed.size() == contacts.size());
    // A primitive in the box: unusable.
    w.set_transform(ground, pose({0.0f, 0.0f, 0.0f}, 0.0f));
    w.update(1.0f / 60.0f);
    w.add_sphere({0.5f, 2.2f, 0.5f}, 0.2f);
    cache.prepare(w, need, 0.3f);
    REQUIRE_FALSE(answers(cache, above));
    // Disabled.
    detail::TriangleCache off;
    off.set_filter({});
    off.set_enabled(false);
    off.prepare(w, need, 0.3f);
    REQUIRE_FALSE(answers(off, above));
}
