// world.hpp beyond random queries: shapes resting on shared edges far from the origin, rays
// through the exact shared vertices of a grid, the any-hit and segment forms, several meshes
// with exact duplicates (the tie rule), empty worlds, contacts' features against an independent
// reference, a 10^5-triangle mesh, hostile hierarchies and non-finite arguments.
#include "catch_support.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "capsule_reference.hpp"
#include "meshes.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/world.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

World build(const std::vector<MeshData>& meshes) {
    World w;
    for (const MeshData& m : meshes) REQUIRE(w.add_mesh(m.positions, m.indices).ok);
    return w;
}

// Brute force over every triangle of every mesh, with the world's tie rule: the smallest value,
// then the lowest mesh, then the lowest triangle.
struct Best {
    bool hit = false;
    float value = 0.0f;
    std::uint32_t object = 0, triangle = 0;
    void consider(float v, std::uint32_t m, std::uint32_t t) {
        if (!hit || v < value || (v == value && (m < object || (m == object && t < triangle)))) *this = {true, v, m, t};
    }
};

template <class F>
Best brute(const std::vector<MeshData>& meshes, F&& value_of) {
    Best b;
    for (std::uint32_t m = 0; m < meshes.size(); ++m)
        for (std::uint32_t t = 0; t < meshes[m].triangle_count(); ++t) {
            float v;
            if (value_of(meshes[m].triangle(t), v)) b.consider(v, m, t);
        }
    return b;
}

Best brute_ray(const std::vector<MeshData>& meshes, Vec3 o, Vec3 dir, float maxd) {
    const Vec3 dn = normalize_or(dir, {0, 0, 0});
    return brute(meshes,
                 [&](const Triangle& t, float& s) { return (s = intersect_ray_triangle(o, dn, t, maxd)) >= 0.0f; });
}

Best brute_sphere_cast(const std::vector<MeshData>& meshes, Vec3 c, float r, Vec3 dir, float maxd) {
    const Vec3 motion = normalize_or(dir, {0, 0, 0}) * maxd;
    return brute(meshes, [&](const Triangle& t, float& tt) {
        const TriangleSweepHit h = sweep_sphere_triangle(r, c, c + motion, t);
        tt = h.t;
        return h.hit;
    });
}

Best brute_capsule_cast(const std::vector<MeshData>& meshes, const Capsule& cap, Vec3 dir, float maxd) {
    const Vec3 motion = normalize_or(dir, {0, 0, 0}) * maxd;
    return brute(meshes, [&](const Triangle& t, float& tt) {
        const SweepHit h = sweep_capsule_triangle(cap, motion, t);
        tt = h.t;
        return h.hit;
    });
}

Best brute_closest(const std::vector<MeshData>& meshes, Vec3 p, float maxd) {
    Best b = brute(meshes, [&](const Triangle& t, float& d2) {
        d2 = distance_sq(p, closest_point_on_triangle(p, t).point);
        return d2 <= maxd * maxd;
    });
    return b;
}

// A point of a triangle that other triangles share: a vertex, a point of an edge, or (rarely) of
// the face.
Vec3 shared_feature_point(Rng& rng, const Triangle& t) {
    const int mode = rng.below(5);
    if (mode < 2) return mode == 0 ? t.a : t.b;
    if (mode < 4) return lerp(mode == 2 ? t.a : t.b, t.c, rng.uniform(0, 1));
    return lerp(lerp(t.a, t.b, rng.uniform(0, 1)), t.c, rng.uniform(0, 0.5f));
}

// The Voronoi region of the triangle that holds the query point p, computed in double
// independently of closest_point_on_triangle's walk: the face when p's projection is inside with
// every barycentric weight >= m; otherwise the edge nearest p when its (unclamped) parameter is
// within [m, 1 - m], or the vertex it clamps to when beyond [-m, 1 + m] and the other edge at that
// vertex clamps to it too. Anything closer to a boundary between regions is not `clear`.
struct Feature {
    bool clear = false;
    TriangleRegion region = TriangleRegion::Face;
};
Feature voronoi_region(Vec3 pf, const Triangle& tri, double m) {
    const DVec3 v[3] = {d(tri.a), d(tri.b), d(tri.c)}, p = d(pf);
    const DVec3 n = dcross(v[1] - v[0], v[2] - v[0]);
    const double nn = ddot(n, n);
    // Nearly collinear triangles are their edges for the library (tol::kDegenerateSinSq); keep
    // well clear of that policy's threshold.
    const double l2 = std::fmax(ddot(v[1] - v[0], v[1] - v[0]),
                                std::fmax(ddot(v[2] - v[1], v[2] - v[1]), ddot(v[0] - v[2], v[0] - v[2])));
    if (!(nn > 1e-10 * l2 * l2)) return {};
    double w[3];  // weight of vertex i = signed area opposite it
    for (int i = 0; i < 3; ++i) w[i] = ddot(dcross(v[(i + 2) % 3] - v[(i + 1) % 3], p - v[(i + 1) % 3]), n) / nn;
    if (w[0] >= m && w[1] >= m && w[2] >= m) return {true, TriangleRegion::Face};
    if (w[0] > -m && w[1] > -m && w[2] > -m) return {};
    // Outside: the nearest edge, and where along it.
    int best = 0;
    double best_d = INFINITY, s[3];
    for (int e = 0; e < 3; ++e) {
        const DVec3 a = v[e], ab = v[(e + 1) % 3] - a;
        s[e] = ddot(p - a, ab) / ddot(ab, ab);
        const double dist = ddist(p, a + ab * std::fmin(1.0, std::fmax(0.0, s[e])));
        if (dist < best_d) {
            best_d = dist;
            best = e;
        }
    }
    const TriangleRegion edges[3] = {TriangleRegion::AB, TriangleRegion::BC, TriangleRegion::CA};
    const TriangleRegion vertices[3] = {TriangleRegion::A, TriangleRegion::B, TriangleRegion::C};
    if (s[best] >= m && s[best] <= 1.0 - m) return {true, edges[best]};
    if (s[best] <= -m && s[(best + 2) % 3] >= 1.0 + m) return {true, vertices[best]};
    if (s[best] >= 1.0 + m && s[(best + 1) % 3] <= -m) return {true, vertices[(best + 1) % 3]};
    return {};
}

constexpr float kInf = std::numeric_limits<float>::infinity();

}  // namespace

TEST_CASE(
    "World::sphere_cast and capsule_cast: shapes resting within the touching band on shared edges equal brute force, "
    "far from the origin") {
    // A shape put back at a contact (rounded to float) rests within the sweeps' touching band,
    // 1e-6 of its coordinates, and usually touches two or more triangles at once. Pressing down,
    // all of them hit at t = 0 and the lowest triangle index must answer, as by brute force: the
    // hierarchy must not cull a triangle the band reaches (the band is wider than the traversal
    // slop).
    Rng rng(0xBA4D);
    for (const float offset : {0.0f, 1.0e3f, 1.0e4f, 1.0e5f}) {
        INFO("offset " << offset);
        const std::vector<MeshData> meshes = {translated(terrain(16, 16.0f), {offset, -0.3f * offset, 0.7f * offset})};
        const World w = build(meshes);
        const float band = 1e-6f * std::fmax(offset, 1.0f);
        int at_zero = 0;
        for (int q = 0; q < 1500; ++q) {
            const Vec3 on = shared_feature_point(rng, meshes[0].triangle(rng.below(int(meshes[0].triangle_count()))));
            const float r = rng.uniform(0.05f, 1.0f);
            const Vec3 dir{rng.uniform(-0.5f, 0.5f), -1, rng.uniform(-0.5f, 0.5f)};
            const float maxd = rng.uniform(0.1f, 2.0f);
            if (q % 2 == 0) {
                const Vec3 c = on + Vec3{0, r + rng.uniform(-0.9f, 0.9f) * band, 0};
                const WorldHit h = w.sphere_cast(c, r, dir, maxd);
                const Best b = brute_sphere_cast(meshes, c, r, dir, maxd);
                INFO("sphere " << q);
                REQUIRE(h.hit == b.hit);
                if (!b.hit) continue;
                REQUIRE(h.triangle == b.triangle);
                REQUIRE(h.distance == b.value * maxd);
                at_zero += b.value == 0.0f;
            } else {
                const Vec3 half = Vec3{rng.uniform(-1, 1), 0, rng.uniform(-1, 1)} * 0.5f;
                const Vec3 c = on + Vec3{0, r + rng.uniform(-0.9f, 0.9f) * band, 0};
                const Capsule cap{c - half, c + half, r};
                const WorldHit h = w.capsule_cast(cap.start, cap.end, r, dir, maxd);
                const Best b = brute_capsule_cast(meshes, cap, dir, maxd);
                INFO("capsule " << q);
                REQUIRE(h.hit == b.hit);
                if (!b.hit) continue;
                REQUIRE(h.triangle == b.triangle);
                REQUIRE(h.distance == b.value * maxd);
                at_zero += b.value == 0.0f;
            }
        }
        CHECK(at_zero > 500);
    }
}

TEST_CASE(
    "World::raycast: straight down or up through every vertex and edge midpoint of a grid heightfield hits, near and "
    "far from the origin") {
    // Vertices at integer (x, z): a ray through a vertex or along an edge meets every triangle
    // of the fan exactly on its boundary, where a non-watertight test can slip through.
    for (const float offset : {0.0f, 4096.0f, 1.0e4f}) {
        INFO("offset " << offset);
        const MeshData grid = translated(terrain(24, 24.0f), {offset, 0.0f, offset});
        const World w = build({grid});
        int rays = 0;
        for (int j = 0; j <= 2 * 24; ++j)
            for (int i = 0; i <= 2 * 24; ++i) {
                // Half steps: vertices, midpoints of the axis-aligned edges and of the diagonals.
                const float x = offset - 12.0f + 0.5f * float(i), z = offset - 12.0f + 0.5f * float(j);
                const WorldFloor f = w.floor(x, z, 100.0f);
                REQUIRE(f.hit);
                for (const float dir : {-1.0f, 1.0f}) {
                    const Vec3 o{x, dir < 0 ? 50.0f : -50.0f, z};
                    INFO("x " << x << " z " << z << " dir " << dir);
                    const WorldHit h = w.raycast(o, {0, dir, 0}, 200.0f);
                    REQUIRE(h.hit);
                    REQUIRE(w.raycast_any(o, {0, dir, 0}, 200.0f));
                    REQUIRE(std::fabs(h.point.y - f.height) <= 1e-5f);
                    REQUIRE(h.normal.y * -dir > 0.0f);  // facing the origin
                    ++rays;
                }
            }
        CHECK(rays == 2 * 49 * 49);
    }
}

TEST_CASE(
    "World: exact ties at the shared vertices and edges of a flat floor go to the lowest triangle, for every query") {
    // On a flat grid every triangle of a vertex's fan answers a ray, a falling sphere, a closest
    // point or a floor query there with exactly the same value: the tie rule alone decides, and
    // the hierarchy must not prune the lowest triangle for being merely equal to the best.
    // The triangles are shuffled, so that the lowest index is not simply the first in tree order.
    MeshData flat = heightfield(12, 12.0f, [](float, float) { return 0.0f; });
    Rng rng(0x71E5);
    for (std::size_t t = flat.triangle_count() - 1; t > 0; --t) {
        const std::size_t u = static_cast<std::size_t>(rng.below(static_cast<int>(t + 1)));
        for (int k = 0; k < 3; ++k) std::swap(flat.indices[3 * t + k], flat.indices[3 * u + k]);
    }
    const std::vector<MeshData> meshes = {flat};
    const World w = build(meshes);
    int checked = 0;
    for (int j = 0; j <= 24; ++j)
        for (int i = 0; i <= 24; ++i) {
            const float x = -6.0f + 0.5f * float(i), z = -6.0f + 0.5f * float(j);
            INFO("x " << x << " z " << z);
            const WorldHit ray = w.raycast({x, 5, z}, {0, -1, 0}, 10);
            const Best rb = brute_ray(meshes, {x, 5, z}, {0, -1, 0}, 10);
            REQUIRE(ray.hit);
            REQUIRE(ray.triangle == rb.triangle);
            const WorldHit sphere = w.sphere_cast({x, 5, z}, 0.25f, {0, -1, 0}, 10);
            const Best sb = brute_sphere_cast(meshes, {x, 5, z}, 0.25f, {0, -1, 0}, 10);
            REQUIRE(sphere.hit);
            REQUIRE(sphere.triangle == sb.triangle);
            const WorldClosestPoint cp = w.closest_point({x, 0.5f, z}, 10);
            const Best cb = brute_closest(meshes, {x, 0.5f, z}, 10);
            REQUIRE(cp.triangle == cb.triangle);
            const WorldFloor f = w.floor(x, z, 1.0f);
            const Best fb = brute(meshes, [&](const Triangle& t, float& negative_height) {
                const FloorHeight fh = floor_height(t, x, z);
                negative_height = -fh.height;  // the highest floor is the smallest value
                return fh.hit && fh.height <= 1.0f;
            });
            REQUIRE(f.hit);
            REQUIRE(f.triangle == fb.triangle);
            ++checked;
        }
    CHECK(checked == 25 * 25);
}

TEST_CASE("World::raycast: slanted rays exactly through the shared vertices of a heightfield hit") {
    // Directions that normalisation leaves unchanged, and origins 4 units back from each vertex
    // computed exactly, so that the ray's line passes exactly through the vertex: every edge of
    // its fan then has an exactly zero triple product, and the rounding of three-term sums decides
    // the computed signs. They must never all agree (a leak between the fan's triangles).
    const MeshData grid = terrain(16, 16.0f);
    const World w = build({grid});
    const Vec3 dirs[] = {{0.6f, -0.8f, 0},        {0, -0.8f, 0.6f}, {-0.6f, -0.8f, 0}, {0.48f, -0.8f, 0.36f},
                         {-0.36f, -0.8f, -0.48f}, {0.6f, 0.8f, 0},  {0, 0.8f, -0.6f}};
    int exact = 0;
    for (const Vec3 dn : dirs) {
        if (!(normalize_or(dn, {0, 0, 0}) == dn)) continue;  // not a fixed point of normalisation
        for (std::size_t k = 0; k < grid.positions.size(); k += 3) {
            const Vec3 v{grid.positions[k], grid.positions[k + 1], grid.positions[k + 2]};
            const Vec3 o = v - dn * 4.0f;
            const DVec3 back = d(o) + d(dn) * 4.0;
            if (!(back.x == v.x && back.y == v.y && back.z == v.z)) continue;  // o was rounded
            ++exact;
            INFO("vertex " << k / 3 << " dir " << dn.x << ' ' << dn.y << ' ' << dn.z);
            const WorldHit h = w.raycast(o, dn, 10.0f);
            REQUIRE(h.hit);
            REQUIRE(std::fabs(h.distance - 4.0f) <= 1e-5f);
        }
    }
    CHECK(exact > 200);
}

TEST_CASE("World::raycast_any: true exactly when raycast hits, on every kind of mesh") {
    Rng rng(0xA11);
    const std::vector<std::vector<MeshData>> scenes = {{terrain(24, 24.0f)},
                                                       {closed_room(5.0f, 3)},
                                                       {soup(rng, 400, 8.0f)},
                                                       {translated(terrain(16, 16.0f), {1e4f, -2e3f, 1.2e4f})}};
    const Vec3 centres[] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1e4f, -2e3f, 1.2e4f}};
    for (std::size_t s = 0; s < scenes.size(); ++s) {
        const World w = build(scenes[s]);
        int hits = 0;
        for (int q = 0; q < 10000; ++q) {
            const Vec3 o = centres[s] + rng.vec(-12, 12);
            const Vec3 d = rng.direction();
            const float maxd = q % 10 == 0 ? kInf : rng.uniform(0.1f, 30.0f);
            const bool any = w.raycast_any(o, d, maxd);
            INFO("scene " << s << " query " << q);
            REQUIRE(any == w.raycast(o, d, maxd).hit);
            REQUIRE(any == brute_ray(scenes[s], o, d, maxd).hit);
            hits += any;
        }
        CHECK(hits > 500);
        CHECK(hits < 9500);
    }
}

TEST_CASE(
    "World::intersect_segment: the hit nearest the start equals brute force, distance from the start, a miss reports "
    "the length") {
    Rng rng(0x5E6);
    Rng soup_rng(3);
    const std::vector<MeshData> meshes = {terrain(24, 24.0f), soup(soup_rng, 300, 8.0f)};
    const World w = build(meshes);
    int hits = 0;
    for (int q = 0; q < 10000; ++q) {
        const Vec3 a = rng.vec(-12, 12), b = a + rng.direction() * rng.uniform(0.1f, 20.0f);
        const WorldHit h = w.intersect_segment(a, b);
        const float len = length(b - a);
        const Best ref = brute_ray(meshes, a, b - a, len);
        INFO("query " << q);
        REQUIRE(h.hit == ref.hit);
        if (!ref.hit) {
            REQUIRE(h.distance == len);
            continue;
        }
        ++hits;
        REQUIRE(h.distance == ref.value);
        REQUIRE(h.object == ref.object);
        REQUIRE(h.triangle == ref.triangle);
        REQUIRE(h.distance <= len);
        // The point is on the segment and on the triangle.
        REQUIRE(ddist(d(h.point), ref_closest_on_segment(d(h.point), d(a), d(b))) <= 1e-5);
        REQUIRE(ref_point_triangle_distance(d(h.point), w.triangle(h.object, h.triangle)) <= 1e-5);
    }
    CHECK(hits > 1000);
    SECTION("a zero-length segment is a miss of length 0") {
        const WorldHit h = w.intersect_segment({0, 0.2f, 0}, {0, 0.2f, 0});
        CHECK_FALSE(h.hit);
        CHECK(h.distance == 0.0f);
    }
}

TEST_CASE("World: several meshes with exact duplicates answer every query with the lowest mesh on ties") {
    // The terrain twice (meshes 0 and 2) with a room and a soup between: every answer that the
    // terrain gives ties exactly between meshes 0 and 2, and mesh 0 must win.
    Rng soup_rng(9);
    const std::vector<MeshData> meshes = {terrain(16, 16.0f), closed_room(9.0f, 2), terrain(16, 16.0f),
                                          soup(soup_rng, 100, 6.0f)};
    const World w = build(meshes);
    CHECK(w.object_count() == 4);
    CHECK(w.stats().triangles ==
          2 * meshes[0].triangle_count() + meshes[1].triangle_count() + meshes[3].triangle_count());
    Rng rng(0xD0);
    int on_terrain = 0;
    std::vector<WorldContact> contacts;
    for (int q = 0; q < 3000; ++q) {
        const Vec3 o = rng.vec(-8, 8);
        const Vec3 dir = rng.direction();
        INFO("query " << q);
        const WorldHit ray = w.raycast(o, dir, 20.0f);
        const Best rb = brute_ray(meshes, o, dir, 20.0f);
        REQUIRE(ray.hit == rb.hit);
        if (rb.hit) {
            REQUIRE(ray.object == rb.object);
            REQUIRE(ray.triangle == rb.triangle);
            REQUIRE(ray.object != 2);
            on_terrain += ray.object == 0;
        }
        const float r = rng.uniform(0.0f, 0.8f);
        const WorldHit sc = w.sphere_cast(o, r, dir, 5.0f);
        const Best sb = brute_sphere_cast(meshes, o, r, dir, 5.0f);
        REQUIRE(sc.hit == sb.hit);
        if (sb.hit) {
            REQUIRE(sc.object == sb.object);
            REQUIRE(sc.triangle == sb.triangle);
            REQUIRE(sc.object != 2);
        }
        const WorldClosestPoint cp = w.closest_point(o, 6.0f);
        const Best cb = brute_closest(meshes, o, 6.0f);
        REQUIRE(cp.hit == cb.hit);
        if (cb.hit) {
            REQUIRE(cp.object == cb.object);
            REQUIRE(cp.triangle == cb.triangle);
            REQUIRE(cp.object != 2);
        }
        const WorldFloor f = w.floor(o.x, o.z, o.y);
        if (f.hit) REQUIRE(f.object != 2);
        contacts.clear();
        w.overlap_sphere(o, 1.0f, contacts);
        const auto count = [&](std::uint32_t m) {
            return std::count_if(contacts.begin(), contacts.end(),
                                 [&](const WorldContact& c) { return c.object == m; });
        };
        REQUIRE(count(0) == count(2));  // both copies of the terrain report every contact
    }
    CHECK(on_terrain > 100);
}

TEST_CASE("World::floor: a point just outside a triangle that shares a leaf with the floor below is not its floor") {
    // Found by the world fuzz target. (0, 0) lies 2^-101 beyond the vertex b of the raised
    // sliver, along its edge bc, so outside it (left of its box); the floor under it is triangle
    // 1 at y = 0. Both triangles share one leaf, whose box holds (0, 0), so the answer rested on
    // floor_height alone, and on where the tree's leaves happened to split.
    MeshData m;
    m.tri(m.vertex({1, 1, 0x1p-9f}), m.vertex({0x1p-101f, 1, 0}), m.vertex({1, 1, 0}));
    m.tri(m.vertex({-1, 0, -1}), m.vertex({1, 0, -1}), m.vertex({0, 0, 1}));
    World w;
    REQUIRE(w.add_mesh(m.positions, m.indices).ok);
    REQUIRE(w.add_instance(0).ok);  // the same triangles and pose: every answer ties with object 0
    const WorldFloor below = w.floor(0.0f, 0.0f, INFINITY);
    CHECK(below.hit);
    CHECK(below.height == 0.0f);
    CHECK(below.object == 0);
    CHECK(below.triangle == 1);
    // On the sliver's vertex itself, the sliver is the floor.
    const WorldFloor on = w.floor(0x1p-101f, 0.0f, INFINITY);
    CHECK(on.hit);
    CHECK(on.height == 1.0f);
    CHECK(on.object == 0);
    CHECK(on.triangle == 0);
}

TEST_CASE("World::floor: meshes mixing denormal and metre coordinates answer like brute force over every triangle") {
    // No culling in the reference: floor_height over every triangle of every object, with the tie
    // rule. Points on, beside and beyond vertices and axis-aligned edges, where rounding in the
    // inside test would make the answer depend on the trees' boxes.
    Rng rng(0xF1D0);
    auto coord = [&]() -> float {
        const float sign = rng.below(2) == 0 ? 1.0f : -1.0f;
        switch (rng.below(5)) {
            case 0: return 0.0f;
            case 1: return sign * static_cast<float>(std::ldexp(double(1 + rng.below(1 << 20)), -149));
            case 2: return sign * rng.log_uniform(1e-30f, 1e-3f);
            default: return sign * rng.log_uniform(0.1f, 8.0f);
        }
    };
    int checked = 0, hits = 0;
    for (int scene = 0; scene < 40; ++scene) {
        std::vector<MeshData> objects;  // by id: an instance repeats its mesh's triangles
        World w;
        for (int mesh = 0; mesh < 3; ++mesh) {
            MeshData m;
            for (int t = 0; t < 24; ++t) {
                Vec3 a{coord(), coord(), coord()}, b{coord(), coord(), coord()}, c{coord(), coord(), coord()};
                if (rng.below(2) == 0) b.z = a.z;
                if (rng.below(2) == 0) c.x = b.x;
                m.tri(m.vertex(a), m.vertex(b), m.vertex(c));
            }
            const AddResult r = w.add_mesh(m.positions, m.indices);
            REQUIRE(r.ok);
            objects.push_back(m);
            if (rng.below(2) == 0) {
                REQUIRE(w.add_instance(r.object).ok);
                objects.push_back(m);
            }
        }
        for (int q = 0; q < 400; ++q) {
            const MeshData& m = objects[static_cast<std::size_t>(rng.below(static_cast<int>(objects.size())))];
            const Triangle t = m.triangle(static_cast<std::size_t>(rng.below(static_cast<int>(m.triangle_count()))));
            const Vec3 v[3] = {t.a, t.b, t.c};
            const Vec3 p0 = v[rng.below(3)], p1 = v[rng.below(3)];
            float x = p0.x, z = rng.below(2) == 0 ? p0.z : p1.z;
            if (rng.below(4) == 0) x = coord();
            if (rng.below(2) == 0) x = std::nextafter(x, rng.below(2) == 0 ? -INFINITY : INFINITY);
            if (rng.below(2) == 0) z = std::nextafter(z, rng.below(2) == 0 ? -INFINITY : INFINITY);
            const float from = rng.below(2) == 0 ? INFINITY : v[rng.below(3)].y;
            INFO("scene " << scene << " query " << q << " x " << x << " z " << z << " from " << from);
            const WorldFloor f = w.floor(x, z, from);
            const Best b = brute(objects, [&](const Triangle& tri, float& negative_height) {
                const FloorHeight h = floor_height(tri, x, z);
                negative_height = -h.height;
                return h.hit && h.height <= from;
            });
            REQUIRE(f.hit == b.hit);
            if (b.hit) {
                REQUIRE(f.height == -b.value);
                REQUIRE(f.object == b.object);
                REQUIRE(f.triangle == b.triangle);
                ++hits;
            }
            ++checked;
        }
    }
    CHECK(checked == 40 * 400);
    CHECK(hits > 4000);
}

TEST_CASE("World: an empty world and empty meshes answer every query with a miss") {
    World w;
    const auto all_miss = [](const World& world) {
        std::vector<WorldContact> out;
        CHECK_FALSE(world.raycast({0, 5, 0}, {0, -1, 0}, 100).hit);
        CHECK_FALSE(world.raycast_any({0, 5, 0}, {0, -1, 0}, kInf));
        CHECK_FALSE(world.intersect_segment({0, 5, 0}, {0, -5, 0}).hit);
        CHECK_FALSE(world.sphere_cast({0, 5, 0}, 1, {0, -1, 0}, 100).hit);
        CHECK_FALSE(world.capsule_cast({0, 5, 0}, {1, 5, 0}, 1, {0, -1, 0}, 100).hit);
        CHECK(world.overlap_sphere({0, 0, 0}, 100, out) == 0);
        CHECK(world.overlap_capsule({0, 0, 0}, {1, 0, 0}, 100, out) == 0);
        CHECK_FALSE(world.closest_point({0, 0, 0}, kInf).hit);
        CHECK_FALSE(world.floor(0, 0, 100).hit);
    };
    all_miss(w);
    CHECK(w.stats().triangles == 0);
    CHECK(w.stats().nodes == 0);
    const AddResult empty = w.add_mesh({});
    REQUIRE(empty.ok);
    CHECK(empty.object == 0);
    all_miss(w);
    CHECK(w.triangle(0, 0).a == Vec3{0, 0, 0});  // out of range: a zero triangle
    // A real mesh after the empty one answers as mesh 1.
    const MeshData t = terrain(8, 8.0f);
    REQUIRE(w.add_mesh(t.positions, t.indices).object == 1);
    const WorldHit h = w.raycast({0.3f, 5, 0.2f}, {0, -1, 0}, 100);
    CHECK(h.hit);
    CHECK(h.object == 1);
    CHECK(w.closest_point({0, 5, 0}, kInf).object == 1);
}

TEST_CASE(
    "World::overlap_sphere and overlap_capsule: each contact carries its triangle's closest point, depth, normal and "
    "feature") {
    // Checked against an independent reference: the closest points of the axis (or centre) and
    // the triangle from candidates (capsule_reference.hpp), and the feature from the contact
    // point's barycentric coordinates.
    Rng rng(0xFEA7);
    Rng soup_rng(5);
    const std::vector<MeshData> meshes = {terrain(16, 16.0f), closed_room(5.0f, 2), soup(soup_rng, 200, 6.0f)};
    const World w = build(meshes);
    std::vector<WorldContact> contacts;
    int checked = 0, by_feature[7] = {0, 0, 0, 0, 0, 0, 0};
    for (int q = 0; q < 4000; ++q) {
        const Vec3 c = rng.vec(-7, 7);
        const float r = rng.uniform(0.1f, 1.5f);
        const Vec3 half = q % 2 == 0 ? Vec3{0, 0, 0} : rng.direction() * rng.uniform(0.1f, 1.0f);
        const Capsule cap{c - half, c + half, r};
        contacts.clear();
        if (q % 2 == 0)
            w.overlap_sphere(c, r, contacts);
        else
            w.overlap_capsule(cap.start, cap.end, r, contacts);
        for (const WorldContact& wc : contacts) {
            const Triangle tri = w.triangle(wc.object, wc.triangle);
            const RefSegmentTriangle ref = ref_segment_triangle(d(cap.start), d(cap.end), tri);
            const double tol = 1e-5;
            INFO("query " << q << " mesh " << wc.object << " triangle " << wc.triangle);
            REQUIRE(ref.dist <= r + tol);
            // Depth r - distance; when the axis touches or crosses the triangle, how far the
            // capsule must rise for its lower end to clear the plane by r: at least r.
            if (ref.dist > 1e-4)
                REQUIRE(std::fabs(wc.depth - (r - ref.dist)) <= tol);
            else
                REQUIRE(wc.depth >= r - tol);
            // The point is on the triangle, as close to the axis as the reference's.
            REQUIRE(ref_point_triangle_distance(d(wc.point), tri) <= tol);
            const DVec3 axis_point = ref_closest_on_segment(d(wc.point), d(cap.start), d(cap.end));
            REQUIRE(std::fabs(ddist(axis_point, d(wc.point)) - ref.dist) <= tol);
            if (ref.dist > 1e-3) {
                const DVec3 dir = (axis_point - d(wc.point)) * (1.0 / ddist(axis_point, d(wc.point)));
                REQUIRE(dlen(d(wc.normal) - dir) <= 1e-3);
            }
            // The feature, where the reference's closest point is clearly inside one.
            const Feature f = voronoi_region(fv3(ref.on_segment), tri, 1e-3);
            if (!f.clear || ref.dist < 1e-3) continue;
            REQUIRE(region_name(wc.feature) == std::string(region_name(f.region)));
            ++checked;
            ++by_feature[int(f.region)];
        }
    }
    CHECK(checked > 5000);
    for (int k = 0; k < 7; ++k) CHECK(by_feature[k] > 50);
}

TEST_CASE("World::closest_point: the point is on its triangle at the reported distance, in the reported feature") {
    Rng rng(0xC105);
    Rng soup_rng(6);
    const std::vector<MeshData> meshes = {terrain(16, 16.0f), soup(soup_rng, 200, 6.0f)};
    const World w = build(meshes);
    int checked = 0;
    for (int q = 0; q < 5000; ++q) {
        const Vec3 p = rng.vec(-9, 9);
        const WorldClosestPoint cp = w.closest_point(p, 5.0f);
        if (!cp.hit) continue;
        const Triangle tri = w.triangle(cp.object, cp.triangle);
        INFO("query " << q);
        REQUIRE(cp.distance <= 5.0f);
        REQUIRE(std::fabs(cp.distance - distance(p, cp.point)) <= 1e-5f);
        const DVec3 ref = ref_closest_on_triangle(d(p), d(tri.a), d(tri.b), d(tri.c));
        REQUIRE(std::fabs(cp.distance - ddist(d(p), ref)) <= 1e-5);
        const Feature f = voronoi_region(p, tri, 1e-3);
        if (!f.clear) continue;
        REQUIRE(region_name(cp.feature) == std::string(region_name(f.region)));
        ++checked;
    }
    CHECK(checked > 2000);
}

TEST_CASE("World: a 10^5-triangle heightfield builds a shallow tree and answers like brute force") {
    const MeshData big = heightfield(224, 224.0f, [](float x, float z) {
        return 3.0f * std::sin(0.05f * x) * std::cos(0.04f * z) + 0.5f * std::sin(0.7f * x + 0.3f * z);
    });
    REQUIRE(big.triangle_count() == 2u * 224u * 224u);
    const std::vector<MeshData> meshes = {big};
    const World w = build(meshes);
    const WorldStats st = w.stats();
    CHECK(st.triangles == big.triangle_count());
    CHECK(st.nodes < 2 * st.triangles);
    CHECK(st.max_depth <= kBvhMaxDepth);
    CHECK(st.max_depth <= 40);  // a balanced tree over 10^5 leaves of a few triangles is ~17 deep
    CHECK(st.memory_bytes >= st.triangles * (sizeof(Triangle) + 8));
    // Four children per wide node: at most half as many wide nodes as binary ones, plus the root.
    CHECK(st.wide_nodes <= st.nodes / 2 + 1);
    CHECK(st.wide_nodes >= st.nodes / 6);
    // Per triangle: the triangle, two index maps and the indices kept for refits.
    CHECK(st.memory_bytes <= st.triangles * (sizeof(Triangle) + 8 + 12) + st.nodes * sizeof(BvhNode) +
                                 st.wide_nodes * (sizeof(BvhNode4) + 16) + 4096);
    Rng rng(0xB16);
    std::vector<WorldContact> contacts;
    for (int q = 0; q < 120; ++q) {
        const Vec3 o{rng.uniform(-110, 110), rng.uniform(-4, 8), rng.uniform(-110, 110)};
        const Vec3 dir = rng.direction();
        INFO("query " << q);
        const WorldHit h = w.raycast(o, dir, 60.0f);
        const Best rb = brute_ray(meshes, o, dir, 60.0f);
        REQUIRE(h.hit == rb.hit);
        if (rb.hit) REQUIRE(h.triangle == rb.triangle);
        const WorldClosestPoint cp = w.closest_point(o, 10.0f);
        const Best cb = brute_closest(meshes, o, 10.0f);
        REQUIRE(cp.hit == cb.hit);
        if (cb.hit) REQUIRE(cp.triangle == cb.triangle);
        const WorldHit sc = w.sphere_cast(o, 0.5f, dir, 20.0f);
        const Best sb = brute_sphere_cast(meshes, o, 0.5f, dir, 20.0f);
        REQUIRE(sc.hit == sb.hit);
        if (sb.hit) REQUIRE(sc.triangle == sb.triangle);
        // Straight down onto the surface: the floor under the origin.
        const WorldFloor f = w.floor(o.x, o.z, 100.0f);
        const WorldHit down = w.raycast({o.x, 100.0f, o.z}, {0, -1, 0}, 200.0f);
        REQUIRE(f.hit);
        REQUIRE(down.hit);
        REQUIRE(std::fabs(down.point.y - f.height) <= 1e-4f);
        contacts.clear();
        const std::size_t n = w.overlap_sphere({o.x, f.height, o.z}, 1.5f, contacts);
        std::size_t expected = 0;
        for (std::uint32_t t = 0; t < big.triangle_count(); ++t)
            expected += triangle_sphere(big.triangle(t), {{o.x, f.height, o.z}, 1.5f}).hit;
        REQUIRE(n == expected);
        REQUIRE(n >= 1);
    }
}

TEST_CASE("build_bvh: hostile boxes stay within kBvhMaxDepth and keep every primitive exactly once") {
    const auto check = [](const std::vector<AABB>& boxes) {
        const Bvh bvh = build_bvh(boxes);
        CHECK(bvh.depth <= kBvhMaxDepth);
        std::vector<int> seen(boxes.size(), 0);
        for (const BvhNode& n : bvh.nodes)
            for (std::uint32_t k = n.first; n.count > 0 && k < n.first + n.count; ++k) ++seen[bvh.order[k]];
        CHECK(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
        // Every inner node's box holds its children's, every leaf's its primitives'.
        const auto holds = [](const AABB& outer, const AABB& inner) {
            return aabb_is_empty(inner) ||
                   (aabb_merge(outer, inner).min == outer.min && aabb_merge(outer, inner).max == outer.max);
        };
        for (const BvhNode& n : bvh.nodes) {
            if (n.count == 0) {
                CHECK(holds(n.box, bvh.nodes[n.first].box));
                CHECK(holds(n.box, bvh.nodes[n.first + 1].box));
            } else {
                for (std::uint32_t k = n.first; k < n.first + n.count; ++k) {
                    const AABB& b = boxes[bvh.order[k]];
                    if (is_finite(b.min) && is_finite(b.max)) CHECK(holds(n.box, b));
                }
            }
        }
        return bvh;
    };
    SECTION("centroids spaced exponentially: the SAH peels off one bin at a time") {
        std::vector<AABB> boxes;
        for (int k = 0; k < 3000; ++k) {
            const float x = std::ldexp(1.0f, k / 30);
            boxes.push_back({{x, 0, 0}, {x * 1.0001f, 1, 1}});
        }
        check(boxes);
    }
    SECTION("boxes at the end of the float range, whose centroids overflow") {
        std::vector<AABB> boxes;
        for (int k = 0; k < 100; ++k) {
            const float big = FLT_MAX * (1.0f - 1e-3f * float(k % 7));
            boxes.push_back({{big * 0.9f, -big, float(k)}, {big, big, float(k) + 1}});
            boxes.push_back({{-1, -1, float(k)}, {1, 1, float(k) + 1}});
        }
        check(boxes);
    }
    SECTION("NaN and empty boxes among good ones") {
        const float nan = std::nanf("");
        std::vector<AABB> boxes;
        for (int k = 0; k < 300; ++k) {
            const float x = float(k);
            if (k % 3 == 0)
                boxes.push_back({{nan, 0, 0}, {x, 1, 1}});
            else if (k % 3 == 1)
                boxes.push_back(aabb_empty());
            else
                boxes.push_back({{x, 0, 0}, {x + 1, 1, 1}});
        }
        check(boxes);
    }
}

TEST_CASE("World queries: non-finite and degenerate arguments of every query are misses, never crashes") {
    const MeshData t = terrain(8, 8.0f);
    const World w = build({t});
    const float nan = std::nanf("");
    std::vector<WorldContact> out;
    CHECK_FALSE(w.raycast_any({0, 5, 0}, {nan, -1, 0}, 10));
    CHECK_FALSE(w.raycast_any({0, 5, 0}, {0, -1, 0}, -1));
    CHECK_FALSE(w.raycast({0, 5, 0}, {0, -kInf, 0}, 10).hit);
    CHECK_FALSE(w.intersect_segment({nan, 5, 0}, {0, -5, 0}).hit);
    CHECK_FALSE(w.intersect_segment({0, 5, 0}, {0, -kInf, 0}).hit);
    CHECK_FALSE(w.capsule_cast({0, 5, 0}, {1, 5, 0}, nan, {0, -1, 0}, 10).hit);
    CHECK_FALSE(w.capsule_cast({0, 5, 0}, {1, 5, 0}, -1.0f, {0, -1, 0}, 10).hit);
    CHECK_FALSE(w.capsule_cast({0, 5, 0}, {nan, 5, 0}, 0.5f, {0, -1, 0}, 10).hit);
    CHECK_FALSE(w.capsule_cast({0, 5, 0}, {1, 5, 0}, 0.5f, {0, 0, 0}, 10).hit);
    CHECK_FALSE(w.capsule_cast({0, 5, 0}, {1, 5, 0}, 0.5f, {0, -1, 0}, kInf).hit);
    CHECK_FALSE(w.sphere_cast({0, 5, 0}, kInf, {0, -1, 0}, 10).hit);
    CHECK_FALSE(w.sphere_cast({0, 5, 0}, 0.5f, {0, -1, 0}, nan).hit);
    CHECK(w.overlap_capsule({0, 0, 0}, {nan, 0, 0}, 1, out) == 0);
    CHECK(w.overlap_capsule({0, 0, 0}, {1, 0, 0}, -1, out) == 0);
    CHECK(w.overlap_sphere({0, 0, 0}, kInf, out) == 0);
    CHECK(out.empty());
    CHECK_FALSE(w.closest_point({0, 0, 0}, nan).hit);
    CHECK_FALSE(w.closest_point({0, 0, 0}, -1).hit);
    CHECK(w.closest_point({0, 0, 0}, kInf).hit);
    CHECK_FALSE(w.floor(0, 0, nan).hit);
    CHECK_FALSE(w.floor(kInf, 0, 10).hit);
    CHECK(w.floor(0, 0, kInf).hit);
    CHECK_FALSE(w.floor(0, 0, -kInf).hit);
}

TEST_CASE("World::raycast: a line within rounding of a triangle's plane through a vertex behind the ray misses") {
    // Found by the world fuzz target. The line (0, 0, 2) + t (2^-130, 0, 8.0625) lies within
    // rounding of the plane of triangle 1 and passes its vertex (0, 0, 0) at t = -2: the edge
    // signs read as on the edges there and the distance along the line rounded to 0, a hit at the
    // origin, 2 m above the triangle's box, which the world culled. The triangle lies wholly below
    // z = 0.0625 and the ray at z >= 2, so the exact answer is a miss for both.
    MeshData m;
    m.tri(m.vertex({-0x1.fffffep+5f, -0x1.fffffep+5f, -0x1.fffffep-9f}),
          m.vertex({-0x1.ab7e02p-113f, 0x1.848p-135f, 0x1p-4f}), m.vertex({0, 0, 0}));
    const Vec3 o{0, 0, 2}, d{0x1p-130f, 0, 0x1.02p+3f};
    const Triangle t{
        {-0x1.fffffep+5f, -0x1.fffffep+5f, -0x1.fffffep-9f}, {-0x1.ab7e02p-113f, 0x1.848p-135f, 0x1p-4f}, {0, 0, 0}};
    CHECK(intersect_ray_triangle(o, normalize_or(d, {0, 0, 0}), t, 1.0f) < 0.0f);
    CHECK(intersect_ray_triangle(o, normalize_or(d, {0, 0, 0}), t, INFINITY) < 0.0f);
    const World w = build({m});
    CHECK_FALSE(w.raycast(o, d, 1.0f).hit);
    CHECK_FALSE(w.raycast_any(o, d, 1.0f));
}

TEST_CASE("intersect_ray_triangle: a hit of a line near a triangle's plane lies in its box") {
    // Lines through a vertex, along a direction within a few float roundings of the plane, with
    // the origin up to 4 triangle sizes away along the line, behind or ahead of the vertex; at
    // mixed scales. Wherever the answer is a hit, the hit point lies in the triangle's box grown
    // by 1e-6 of the magnitudes (computed in double, an independent check of the point).
    Rng rng(20261127);
    int hits = 0, near_plane = 0;
    for (int i = 0; i < 200000; ++i) {
        const float scale = rng.log_uniform(1e-3f, 1e3f);
        const Triangle t{rng.vec(-scale, scale), rng.vec(-scale, scale), rng.vec(-scale, scale)};
        const Vec3 e = rng.unit() < 0.5 ? t.b - t.a : t.c - t.a;
        const Vec3 nrm = cross(t.b - t.a, t.c - t.a);
        // An in-plane direction, nudged off the plane by a tiny multiple of the normal.
        Vec3 dir = normalize_or(e + normalize_or(nrm, {0, 0, 0}) * (length(e) * rng.uniform(-1e-7f, 1e-7f)), {0, 0, 0});
        if (dir == Vec3{0, 0, 0}) continue;
        const float back = rng.uniform(-4.0f, 4.0f) * scale;
        const Vec3 o = t.a - dir * back;
        const float s = intersect_ray_triangle(o, dir, t, INFINITY);
        if (std::fabs(dot(normalize_or(nrm, {0, 0, 0}), dir)) < 1e-6f) ++near_plane;
        if (s < 0.0f) continue;
        ++hits;
        const double px = double(o.x) + double(dir.x) * s, py = double(o.y) + double(dir.y) * s,
                     pz = double(o.z) + double(dir.z) * s;
        const AABB box = aabb_of_triangle(t);
        const double slack =
            1e-6 * (std::fabs(back) + scale + maxf(maxf(std::fabs(o.x), std::fabs(o.y)), std::fabs(o.z)));
        const bool in = px >= box.min.x - slack && px <= box.max.x + slack && py >= box.min.y - slack &&
                        py <= box.max.y + slack && pz >= box.min.z - slack && pz <= box.max.z + slack;
        if (!in) {
            CAPTURE(i, s, px, py, pz);
            CHECK(in);
        }
    }
    CHECK(hits > 1000);
    CHECK(near_plane > 100000);
}

TEST_CASE("World::overlap_capsule: a contact within the touching noise of a large triangle is not culled") {
    // Found by the world fuzz target. The zero-radius capsule from (3.4e-43, 0, 0) to the
    // origin passes 1.2e-37 from a 15 m triangle: within the rounding of
    // triangle_capsule's double arithmetic at that scale, so it touches (depth 4e-16). The
    // world grew the query box by its own magnitude, 0 here, and culled the triangle below it.
    MeshData m;
    m.tri(m.vertex({-0x1.04p+3f, -0x1.04p+3f, -0x1.f4p+3f}), m.vertex({-0.0f, -0x1.a79dfep+0f, -0x1.04p+3f}),
          m.vertex({0x1.e2p-142f, -0x1.050504p-122f, 0x1.06p-142f}));
    const Triangle t{{-0x1.04p+3f, -0x1.04p+3f, -0x1.f4p+3f},
                     {-0.0f, -0x1.a79dfep+0f, -0x1.04p+3f},
                     {0x1.e2p-142f, -0x1.050504p-122f, 0x1.06p-142f}};
    const Vec3 a{0x1.e2p-142f, 0, 0}, b{0, 0, 0};
    const World w = build({m});
    const Contact want = triangle_capsule(t, {a, b, 0.0f});
    REQUIRE(want.hit);
    std::vector<WorldContact> got;
    REQUIRE(w.overlap_capsule(a, b, 0.0f, got) == 1);
    CHECK(got[0].triangle == 0);
    CHECK(same_bits(got[0].depth, want.depth));
    // The sphere form at either end agrees with triangle_sphere too.
    for (const Vec3 c : {a, b}) {
        got.clear();
        const Contact ks = triangle_sphere(t, {c, 0.0f});
        CHECK(w.overlap_sphere(c, 0.0f, got) == (ks.hit ? 1u : 0u));
    }
}
