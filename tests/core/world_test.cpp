// world.hpp: every query through the BVH equals the same query by brute force over all
// triangles (same per-triangle primitive, same tie rule), on several meshes.
#include "catch_support.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <random>

#include "meshes.hpp"
#include "shototsu/world.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

struct Scene {
    const char* name;
    std::vector<MeshData> meshes;
    AABB bounds;  // where queries are drawn from
};

std::vector<Scene> scenes() {
    Rng rng(2024);
    std::vector<Scene> out;
    out.push_back({"terrain", {terrain(24, 24.0f)}, {{-14, -4, -14}, {14, 6, 14}}});
    out.push_back({"closed room", {closed_room(5.0f, 3)}, {{-6, -6, -6}, {6, 6, 6}}});
    out.push_back({"soup with degenerate triangles",
                   {soup(rng, 400, 8.0f), soup(rng, 50, 3.0f)},
                   {{-10, -10, -10}, {10, 10, 10}}});
    const Vec3 far{1.0e4f, -2.0e3f, 1.2e4f};
    out.push_back({"terrain far from the origin",
                   {translated(terrain(16, 16.0f), far)},
                   {far + Vec3{-10, -4, -10}, far + Vec3{10, 6, 10}}});
    return out;
}

World build(const Scene& s) {
    World w;
    for (const MeshData& m : s.meshes) REQUIRE(w.add_mesh(m.positions, m.indices).ok);
    return w;
}

template <class F>
void for_all_triangles(const Scene& s, F&& f) {
    for (std::uint32_t m = 0; m < s.meshes.size(); ++m)
        for (std::uint32_t t = 0; t < s.meshes[m].triangle_count(); ++t) f(m, t, s.meshes[m].triangle(t));
}

bool earlier(float s, std::uint32_t m, std::uint32_t t, bool have, float bs, std::uint32_t bm, std::uint32_t bt) {
    if (!have) return true;
    if (s != bs) return s < bs;
    return m != bm ? m < bm : t < bt;
}

Vec3 random_in(Rng& rng, const AABB& b) {
    return {rng.uniform(b.min.x, b.max.x), rng.uniform(b.min.y, b.max.y), rng.uniform(b.min.z, b.max.z)};
}

constexpr int kQueries = 10000;

}  // namespace

TEST_CASE("World::add_mesh: rejects malformed input and reports what it built") {
    World w;
    const float pos[] = {0, 0, 0, 1, 0, 0, 0, 0, 1};
    const std::uint32_t bad_index[] = {0, 1, 3};
    CHECK_FALSE(w.add_mesh(std::span<const float>(pos, 8)).ok);
    CHECK_FALSE(w.add_mesh(pos, bad_index).ok);
    CHECK(w.object_count() == 0);
    const AddResult r = w.add_mesh(pos);
    REQUIRE(r.ok);
    CHECK(r.object == 0);
    const WorldStats st = w.stats();
    CHECK(st.triangles == 1);
    CHECK(st.nodes == 1);
    CHECK(st.memory_bytes > 0);
}

TEST_CASE("World::raycast: equals brute force over all triangles, on every scene") {
    Rng rng(11);
    for (const Scene& s : scenes()) {
        INFO(s.name);
        const World w = build(s);
        int hits = 0;
        for (int q = 0; q < kQueries; ++q) {
            const Vec3 o = random_in(rng, s.bounds);
            const Vec3 d = rng.direction();
            const float maxd = rng.uniform(0.5f, 30.0f);
            const WorldHit h = w.raycast(o, d, maxd);
            bool have = false;
            float bs = 0;
            std::uint32_t bm = 0, bt = 0;
            const Vec3 dn = normalize_or(d, {0, 0, 0});
            for_all_triangles(s, [&](std::uint32_t m, std::uint32_t t, const Triangle& tri) {
                const float hs = intersect_ray_triangle(o, dn, tri, maxd);
                if (hs >= 0.0f && earlier(hs, m, t, have, bs, bm, bt)) {
                    have = true;
                    bs = hs;
                    bm = m;
                    bt = t;
                }
            });
            REQUIRE(h.hit == have);
            if (!have) {
                REQUIRE(h.distance == maxd);
                continue;
            }
            ++hits;
            REQUIRE(h.distance == bs);
            REQUIRE(h.object == bm);
            REQUIRE(h.triangle == bt);
            REQUIRE(std::fabs(length(h.normal) - 1.0f) < 1e-5f);
            REQUIRE(dot(h.normal, dn) <= 0.0f);
            REQUIRE(w.raycast_any(o, d, maxd));
        }
        CHECK(hits > kQueries / 20);  // the scenes are dense enough for the test to mean something
    }
}

TEST_CASE("World::raycast_batch: every answer is raycast's, bit for bit, invalid rays and odd counts included") {
    Rng rng(17);
    for (const Scene& s : scenes()) {
        INFO(s.name);
        const World w = build(s);
        const float maxd = 25.0f;
        for (const std::size_t n :
             {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{2001}}) {
            std::vector<float> rays(6 * n);
            for (std::size_t i = 0; i < n; ++i) {
                const Vec3 o = random_in(rng, s.bounds), d = rng.direction();
                const float r[6] = {o.x, o.y, o.z, d.x, d.y, d.z};
                std::copy(r, r + 6, rays.begin() + 6 * static_cast<std::ptrdiff_t>(i));
            }
            // Rays that raycast rejects, next to valid ones in a pair: a NaN origin, a zero direction.
            if (n > 3) rays[6 * 1] = std::numeric_limits<float>::quiet_NaN();
            if (n > 5) rays[6 * 4 + 3] = rays[6 * 4 + 4] = rays[6 * 4 + 5] = 0.0f;
            std::vector<WorldHit> out(n);
            w.raycast_batch(rays, maxd, out);
            for (std::size_t i = 0; i < n; ++i) {
                const float* r = rays.data() + 6 * i;
                const WorldHit h = w.raycast({r[0], r[1], r[2]}, {r[3], r[4], r[5]}, maxd);
                INFO("ray " << i << " of " << n);
                // Field by field (WorldHit has padding), floats by their bits.
                const auto same = [](const auto& a, const auto& b) { return std::memcmp(&a, &b, sizeof a) == 0; };
                REQUIRE(out[i].hit == h.hit);
                REQUIRE(same(out[i].distance, h.distance));
                REQUIRE(same(out[i].point, h.point));
                REQUIRE(same(out[i].position, h.position));
                REQUIRE(same(out[i].normal, h.normal));
                REQUIRE(out[i].object == h.object);
                REQUIRE(out[i].triangle == h.triangle);
            }
        }
    }
}

TEST_CASE("World::sphere_cast: equals brute force sweeps over all triangles") {
    Rng rng(12);
    for (const Scene& s : scenes()) {
        INFO(s.name);
        const World w = build(s);
        int hits = 0;
        for (int q = 0; q < kQueries; ++q) {
            const Vec3 c = random_in(rng, s.bounds);
            const Vec3 d = rng.direction();
            const float r = rng.uniform(0.0f, 1.0f);
            const float maxd = rng.uniform(0.1f, 10.0f);
            const WorldHit h = w.sphere_cast(c, r, d, maxd);
            const Vec3 motion = normalize_or(d, {0, 0, 0}) * maxd;
            bool have = false;
            float bt_ = 0;
            std::uint32_t bm = 0, bt = 0;
            for_all_triangles(s, [&](std::uint32_t m, std::uint32_t t, const Triangle& tri) {
                const TriangleSweepHit sh = sweep_sphere_triangle(r, c, c + motion, tri);
                if (sh.hit && earlier(sh.t, m, t, have, bt_, bm, bt)) {
                    have = true;
                    bt_ = sh.t;
                    bm = m;
                    bt = t;
                }
            });
            REQUIRE(h.hit == have);
            if (!have) continue;
            ++hits;
            REQUIRE(h.distance == bt_ * maxd);
            REQUIRE(h.object == bm);
            REQUIRE(h.triangle == bt);
        }
        CHECK(hits > kQueries / 20);
    }
}

TEST_CASE("World::capsule_cast: equals brute force capsule sweeps over all triangles") {
    Rng rng(13);
    for (const Scene& s : scenes()) {
        INFO(s.name);
        const World w = build(s);
        for (int q = 0; q < kQueries / 4; ++q) {
            const Vec3 c = random_in(rng, s.bounds);
            const Vec3 half = rng.direction() * rng.uniform(0.0f, 1.0f);
            const Vec3 d = rng.direction();
            const float r = rng.uniform(0.05f, 0.6f);
            const float maxd = rng.uniform(0.1f, 6.0f);
            const WorldHit h = w.capsule_cast(c - half, c + half, r, d, maxd);
            const Vec3 motion = normalize_or(d, {0, 0, 0}) * maxd;
            bool have = false;
            float bt_ = 0;
            std::uint32_t bm = 0, bt = 0;
            for_all_triangles(s, [&](std::uint32_t m, std::uint32_t t, const Triangle& tri) {
                const SweepHit sh = sweep_capsule_triangle({c - half, c + half, r}, motion, tri);
                if (sh.hit && earlier(sh.t, m, t, have, bt_, bm, bt)) {
                    have = true;
                    bt_ = sh.t;
                    bm = m;
                    bt = t;
                }
            });
            REQUIRE(h.hit == have);
            if (!have) continue;
            REQUIRE(h.distance == bt_ * maxd);
            REQUIRE(h.triangle == bt);
        }
    }
}

TEST_CASE("World::overlap_sphere and overlap_capsule: the same contacts as brute force") {
    Rng rng(14);
    for (const Scene& s : scenes()) {
        INFO(s.name);
        const World w = build(s);
        std::vector<WorldContact> got;
        for (int q = 0; q < kQueries; ++q) {
            const Vec3 c = random_in(rng, s.bounds);
            const float r = rng.uniform(0.0f, 1.5f);
            got.clear();
            const bool capsule = q % 2 == 1;
            const Vec3 half = rng.direction() * rng.uniform(0.0f, 1.0f);
            if (capsule)
                w.overlap_capsule(c - half, c + half, r, got);
            else
                w.overlap_sphere(c, r, got);
            std::vector<std::pair<std::uint32_t, std::uint32_t>> expected;
            for_all_triangles(s, [&](std::uint32_t m, std::uint32_t t, const Triangle& tri) {
                const Contact ct =
                    capsule ? triangle_capsule(tri, {c - half, c + half, r}) : triangle_sphere(tri, {c, r});
                if (ct.hit) expected.push_back({m, t});
            });
            std::vector<std::pair<std::uint32_t, std::uint32_t>> ids;
            for (const WorldContact& wc : got) {
                ids.push_back({wc.object, wc.triangle});
                REQUIRE(wc.depth >= 0.0f);
                REQUIRE(std::fabs(length(wc.normal) - 1.0f) < 1e-4f);
            }
            std::sort(ids.begin(), ids.end());
            REQUIRE(ids == expected);
        }
    }
}

TEST_CASE("World::closest_point: equals brute force, and respects max_distance") {
    Rng rng(15);
    for (const Scene& s : scenes()) {
        INFO(s.name);
        const World w = build(s);
        for (int q = 0; q < kQueries; ++q) {
            const Vec3 p = random_in(rng, s.bounds);
            const float maxd = rng.uniform(0.0f, 8.0f);
            const WorldClosestPoint got = w.closest_point(p, maxd);
            bool have = false;
            float bd2 = maxd * maxd;
            std::uint32_t bm = 0, bt = 0;
            for_all_triangles(s, [&](std::uint32_t m, std::uint32_t t, const Triangle& tri) {
                const float d2 = distance_sq(p, closest_point_on_triangle(p, tri).point);
                if (d2 < bd2 || (d2 == bd2 && (!have || m < bm || (m == bm && t < bt)))) {
                    have = true;
                    bd2 = d2;
                    bm = m;
                    bt = t;
                }
            });
            REQUIRE(got.hit == have);
            if (!have) continue;
            REQUIRE(got.distance == std::sqrt(bd2));
            REQUIRE(got.object == bm);
            REQUIRE(got.triangle == bt);
        }
    }
}

TEST_CASE(
    "World::floor: the highest surface at or below from_y equals brute force (marupeke296.com 3D collision no. 8 at "
    "world scale)") {
    Rng rng(16);
    for (const Scene& s : scenes()) {
        INFO(s.name);
        const World w = build(s);
        for (int q = 0; q < kQueries; ++q) {
            const Vec3 p = random_in(rng, s.bounds);
            const WorldFloor got = w.floor(p.x, p.z, p.y);
            bool have = false;
            float best = 0;
            std::uint32_t bm = 0, bt = 0;
            for_all_triangles(s, [&](std::uint32_t m, std::uint32_t t, const Triangle& tri) {
                const FloorHeight f = floor_height(tri, p.x, p.z);
                if (!f.hit || !(f.height <= p.y)) return;
                if (!have || f.height > best || (f.height == best && (m < bm || (m == bm && t < bt)))) {
                    have = true;
                    best = f.height;
                    bm = m;
                    bt = t;
                }
            });
            REQUIRE(got.hit == have);
            if (!have) continue;
            REQUIRE(got.height == best);
            REQUIRE(got.triangle == bt);
            REQUIRE(got.normal.y >= 0.0f);
        }
    }
}

TEST_CASE("World queries: NaN and degenerate arguments are misses, never crashes") {
    const MeshData t = terrain(8, 8.0f);
    World w;
    REQUIRE(w.add_mesh(t.positions, t.indices).ok);
    const float nan = std::nanf("");
    CHECK_FALSE(w.raycast({0, 5, 0}, {0, 0, 0}, 10).hit);
    CHECK_FALSE(w.raycast({nan, 5, 0}, {0, -1, 0}, 10).hit);
    CHECK_FALSE(w.raycast({0, 5, 0}, {0, -1, 0}, nan).hit);
    CHECK(w.raycast({0, 5, 0}, {0, -1, 0}, std::numeric_limits<float>::infinity()).hit);
    CHECK_FALSE(w.sphere_cast({0, 5, 0}, 0.5f, {0, -1, 0}, std::numeric_limits<float>::infinity()).hit);
    CHECK_FALSE(w.sphere_cast({0, 5, 0}, -1.0f, {0, -1, 0}, 10).hit);
    CHECK_FALSE(w.closest_point({nan, 0, 0}, 10).hit);
    CHECK_FALSE(w.floor(nan, 0, 10).hit);
    std::vector<WorldContact> out;
    CHECK(w.overlap_sphere({0, 0, 0}, nan, out) == 0);
    // A mesh with a NaN vertex: built, counted, never hit.
    const float bad[] = {0, 0, 0, 1, 0, 0, nan, 0, 1};
    World w2;
    REQUIRE(w2.add_mesh(bad).ok);
    CHECK(w2.stats().triangles == 1);
    CHECK_FALSE(w2.raycast({0.1f, 1, 0.1f}, {0, -1, 0}, 10).hit);
}

TEST_CASE(
    "World::closest_point: a triangle with an infinite vertex never answers, though its finite edge has a closest "
    "point (regression, found by fuzzing)") {
    const float inf = std::numeric_limits<float>::infinity();
    // Triangle 0 collapses to the point (1, 0, 0) and a vertex at infinity; triangle 1 is real.
    const float positions[] = {1, 0, 0, 1, 0, 0, inf, 0, 0, 0, 5, 0, 1, 5, 0, 0, 5, 1};
    World w;
    REQUIRE(w.add_mesh(positions).ok);
    const WorldClosestPoint c = w.closest_point({0, 0, 0}, inf);
    REQUIRE(c.hit);
    CHECK(c.triangle == 1);
    CHECK(c.distance == 5.0f);
    CHECK_FALSE(w.closest_point({0, 0, 0}, 2.0f).hit);
}

TEST_CASE("build_bvh: thousands of identical boxes still give a shallow tree") {
    std::vector<AABB> boxes(5000, AABB{{0, 0, 0}, {1, 1, 1}});
    const Bvh bvh = build_bvh(boxes);
    CHECK(bvh.depth <= kBvhSahMaxDepth + 14);
    std::vector<int> seen(boxes.size(), 0);
    for (const BvhNode& n : bvh.nodes)
        for (std::uint32_t k = n.first; n.count > 0 && k < n.first + n.count; ++k) ++seen[bvh.order[k]];
    CHECK(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
}

namespace {

// Walks the four-wide tree from wide[0] and checks it against the binary one: every child box is
// some binary node's box, every leaf is a binary leaf (same first and count), every primitive is
// reached exactly once, unused slots have empty boxes, and no wide node is unreachable.
void check_wide(const Bvh& bvh, std::size_t primitives) {
    REQUIRE_FALSE(bvh.wide.empty());
    std::vector<int> seen(primitives, 0), reached(bvh.wide.size(), 0);
    std::vector<std::uint32_t> stack{0};
    reached[0] = 1;
    std::size_t leaves = 0;
    while (!stack.empty()) {
        const BvhNode4& n = bvh.wide[stack.back()];
        stack.pop_back();
        for (int k = 0; k < 4; ++k) {
            const bool empty = !(n.min_x[k] <= n.max_x[k]);
            if (n.count[k] > 0) {
                ++leaves;
                bool is_leaf = false;
                for (const BvhNode& b : bvh.nodes) is_leaf |= b.count == n.count[k] && b.first == n.child[k];
                CHECK(is_leaf);
                for (std::uint32_t p = n.child[k]; p < n.child[k] + n.count[k]; ++p) ++seen[bvh.order[p]];
            } else if (!empty) {
                REQUIRE(n.child[k] < bvh.wide.size());
                ++reached[n.child[k]];
                stack.push_back(n.child[k]);
            }
            if (!empty) {
                bool is_box = false;
                for (const BvhNode& b : bvh.nodes)
                    is_box |= b.box.min == Vec3{n.min_x[k], n.min_y[k], n.min_z[k]} &&
                              b.box.max == Vec3{n.max_x[k], n.max_y[k], n.max_z[k]};
                CHECK(is_box);
            }
        }
    }
    std::size_t binary_leaves = 0;
    for (const BvhNode& b : bvh.nodes) binary_leaves += b.count > 0 ? 1 : 0;
    CHECK(leaves == binary_leaves);
    CHECK(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
    CHECK(std::all_of(reached.begin(), reached.end(), [](int c) { return c == 1; }));
    CHECK(reinterpret_cast<std::uintptr_t>(bvh.wide.data()) % 64 == 0);
}

}  // namespace

TEST_CASE("widen: the four-wide tree holds the binary tree's leaves, each once, under its boxes") {
    std::mt19937 rng(0x31de);
    std::uniform_real_distribution<float> u(-50.0f, 50.0f), s(0.0f, 3.0f);
    for (const std::size_t n : {1u, 2u, 3u, 7u, 100u, 5000u}) {
        std::vector<AABB> boxes(n);
        for (AABB& b : boxes) {
            const Vec3 c{u(rng), u(rng), u(rng)};
            const Vec3 e{s(rng), s(rng), s(rng)};
            b = {c - e, c + e};
        }
        if (n >= 100) boxes[n / 2] = aabb_empty();  // a non-finite triangle's box
        Bvh bvh = build_bvh(boxes);
        widen(bvh);
        INFO("primitives " << n);
        check_wide(bvh, n);
        // Widening twice gives the same nodes (deterministic).
        Bvh again = bvh;
        widen(again);
        REQUIRE(again.wide.size() == bvh.wide.size());
        CHECK(std::memcmp(again.wide.data(), bvh.wide.data(), bvh.wide.size() * sizeof(BvhNode4)) == 0);
    }
    Bvh none = build_bvh(std::span<const AABB>{});
    widen(none);
    CHECK(none.wide.empty());
}

TEST_CASE("build_bvh: two threads make exactly the tree one thread makes") {
    std::mt19937 rng(0x7b1d);
    std::uniform_real_distribution<float> u(-200.0f, 200.0f), s(0.0f, 2.0f);
    const std::size_t n = kBvhParallelMinCount + 12345;
    std::vector<AABB> boxes(n);
    for (AABB& b : boxes) {
        const Vec3 c{u(rng), u(rng) * 0.1f, u(rng)};
        const Vec3 e{s(rng), s(rng), s(rng)};
        b = {c - e, c + e};
    }
    boxes[17] = aabb_empty();
    const Bvh one = build_bvh(boxes, 1), two = build_bvh(boxes, 2);
    REQUIRE(one.nodes.size() == two.nodes.size());
    CHECK(std::memcmp(one.nodes.data(), two.nodes.data(), one.nodes.size() * sizeof(BvhNode)) == 0);
    CHECK(one.order == two.order);
    CHECK(one.depth == two.depth);
    CHECK(one.nodes[0].count == 0);  // the root was split, so the second thread did run
}
