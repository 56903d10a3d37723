// triangle_cache.hpp (internal): a character's cached vertical sphere casts against
// World::sphere_cast bit for bit — on triangles the cache has no axes for yet (its footprint and
// height bounds decide alone) and again once a capsule cast has computed them — over seeded
// floors of coplanar neighbours, boxes and soups of awkward triangles, with starts on shared edges
// and diagonals and within a hair of touching.
#include "catch_support.hpp"

#include <cmath>
#include <vector>

#include "meshes.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/world.hpp"
#include "sweep_reference.hpp"
#include "test_support.hpp"
#include "triangle_cache.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

void require_same(const WorldHit& a, const WorldHit& b) {
    REQUIRE(a.hit == b.hit);
    REQUIRE(same_bits(a.distance, b.distance));
    REQUIRE(same_bits(a.position, b.position));
    REQUIRE(same_bits(a.point, b.point));
    REQUIRE(same_bits(a.normal, b.normal));
    REQUIRE(a.object == b.object);
    REQUIRE(a.triangle == b.triangle);
}

// A scene of one of three kinds, `size` across: a floor of coplanar quads (each split along its
// diagonal, as a box's faces are) at a random height, sometimes tilted a little; closed boxes side
// by side and stacked; a soup of triangles of every kind (pick_kind: collinear, repeated vertices,
// needles, tiny and huge ones among them), vertical walls included.
MeshData scene(Rng& rng, int kind, float size) {
    MeshData m;
    if (kind == 0) {
        const int n = 1 + rng.below(4);
        const float y = rng.uniform(-2, 2) * size, tilt = rng.below(2) ? 0.0f : rng.uniform(-0.2f, 0.2f);
        const float step = size / static_cast<float>(n);
        const auto at = [&](int i, int j) {
            const float x = -size / 2 + step * static_cast<float>(i), z = -size / 2 + step * static_cast<float>(j);
            return Vec3{x, y + tilt * x, z};
        };
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) m.quad(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
    } else if (kind == 1) {
        const int n = 1 + rng.below(4);
        for (int k = 0; k < n; ++k) {
            const Vec3 lo = rng.vec(-0.5f, 0.5f) * size;
            add_box(m, lo,
                    lo + Vec3{rng.uniform(0.05f, 0.5f), rng.uniform(0.05f, 0.5f), rng.uniform(0.05f, 0.5f)} * size);
        }
    } else {
        const int n = 1 + rng.below(12);
        for (int k = 0; k < n; ++k) {
            Triangle t = make_triangle(rng, pick_kind(rng), 0.5f * size);
            if (rng.below(5) == 0) t.b = Vec3{t.a.x, t.b.y, t.a.z};  // an edge straight up: a wall's
            if (rng.below(8) == 0) t.c = Vec3{t.a.x, t.c.y, t.a.z};  // the footprint a segment or a point
            m.tri(m.vertex(t.a), m.vertex(t.b), m.vertex(t.c));
        }
    }
    return m;
}

}  // namespace

TEST_CASE("TriangleCache: vertical sphere casts equal World::sphere_cast bit for bit, before and after axes") {
    Rng rng(20261128);
    int cases = 0, hits = 0, near = 0;
    for (int group = 0; group < 700; ++group) {
        const int kind = group % 3;
        const float size = rng.log_uniform(0.05f, 50.0f);
        const MeshData m = scene(rng, kind, size);
        World w;
        const Vec3 offset = rng.below(4) == 0 ? rng.vec(-1, 1) * rng.log_uniform(1.0f, 1e4f) : Vec3{};
        ObjectOptions placed;
        placed.transform.position = offset;
        REQUIRE(w.add_mesh(m.positions, m.indices, placed).ok);
        for (int k = 0; k < 16; ++k) {
            const Triangle tri =
                w.triangle(0, static_cast<std::uint32_t>(rng.below(static_cast<int>(m.triangle_count()))));
            const float r =
                rng.below(10) == 0 ? rng.log_uniform(1e-4f, 1.0f) * size : 0.35f * size * rng.uniform(0.2f, 1);
            // Beside the target by about the radius (the footprint's edge), on it (a shared edge,
            // a diagonal), or anywhere near; above or below it by about the radius, or anywhere.
            Vec3 lead = pick_target(rng, tri);
            const float a = rng.uniform(0, 2 * kPi);
            const Vec3 side{det_cos(a), 0, det_sin(a)};
            const int how = rng.below(4);
            const float tiny = rng.uniform(-1, 1) * (rng.below(2) ? 1e-6f : 1e-3f);
            if (how == 0) lead += side * (r * (1 + tiny));
            if (how == 2) lead += side * (r * rng.uniform(0, 2));
            const bool down = rng.below(2) == 0;
            const int height = rng.below(3);
            const float dy =
                height == 0 ? r * (1 + tiny) : (height == 1 ? r * rng.uniform(-1, 3) : rng.uniform(0, 2) * size);
            lead.y += down ? dy : -dy;
            const Vec3 dir = Vec3{0, 1, 0} * (down ? -1.0f : 1.0f);  // (-0, -1, -0) down, as a character casts
            const float len = rng.below(3) == 0 ? r * (1 + tiny) : rng.log_uniform(1e-4f, 3.0f) * size;
            near += how == 0 || height == 0;

            detail::TriangleCache cache;
            const Vec3 reach{r + size, r + len + size, r + size};
            cache.prepare(w, {lead - reach, lead + reach}, 0.0f);
            REQUIRE(cache.covers(lead, dir * len, Vec3{0, 0, 0}, r));
            const WorldHit expected = w.sphere_cast(lead, r, dir, len);
            INFO("group " << group << " case " << k << " kind " << kind);
            INFO(std::hexfloat << "lead " << lead.x << ' ' << lead.y << ' ' << lead.z << " r " << r << " len " << len
                               << " down " << down);
            // No axes yet: the footprint and height bounds pick what is swept.
            require_same(cache.vertical_sphere_cast(lead, r, dir, len), expected);
            // A capsule cast over the same triangles computes their axes; then they decide.
            const Capsule c{lead - Vec3{0, r, 0}, lead + Vec3{0, r, 0}, r};
            (void)cache.capsule_cast(lead, c, Vec3{1, 0, 0} * (0.5f * r), 0.5f * r);
            require_same(cache.vertical_sphere_cast(lead, r, dir, len), expected);
            ++cases;
            hits += expected.hit ? 1 : 0;
        }
    }
    CHECK(cases >= 10000);
    CHECK(hits > cases / 5);
    CHECK(hits < cases * 4 / 5);
    CHECK(near > cases / 3);
}

TEST_CASE("TriangleCache: vertical casts beside degenerate triangles and walls equal World::sphere_cast") {
    // Footprints that are a segment (a wall, a collinear triangle) or a point (an edge straight
    // up), and zero-area triangles, with the sphere's centre passing at the radius from them and a
    // hair either side: bounds that skip them must agree with the sweep that finds the graze.
    const float r = 0.35f;
    const std::vector<Triangle> tris = {
        {{0, 0, -1}, {0, 0, 1}, {0, 2, 0}},           // a wall in x = 0: its footprint a segment
        {{0, 0, 0}, {0, 2, 0}, {0, 1, 0}},            // collinear, straight up: its footprint a point
        {{-1, 1, 0}, {1, 1, 0}, {0.5f, 1, 0}},        // collinear, level
        {{0, 1, 0}, {0, 1, 0}, {1, 1, 1}},            // a repeated vertex
        {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}},            // a point
        {{-1, 1, -1}, {1, 1, 1}, {1, 1, 1e-6f - 1}},  // a level sliver
    };
    int hits = 0, cases = 0;
    for (std::size_t k = 0; k < tris.size(); ++k) {
        MeshData m;
        m.tri(m.vertex(tris[k].a), m.vertex(tris[k].b), m.vertex(tris[k].c));
        World w;
        REQUIRE(w.add_mesh(m.positions, m.indices).ok);
        for (const float x : {r * (1 - 1e-6f), r, r * (1 + 1e-6f), r * 0.5f, r * 1.5f, -r, 0.0f})
            for (const float z : {0.0f, 0.5f, 1.0f + r, -1.0f - r * (1 + 1e-6f)})
                for (const bool down : {true, false}) {
                    const Vec3 lead{x, down ? 3.0f : -1.0f, z};
                    const Vec3 dir = Vec3{0, 1, 0} * (down ? -1.0f : 1.0f);
                    INFO("triangle " << k << " x " << x << " z " << z << " down " << down);
                    detail::TriangleCache cache;
                    cache.prepare(w, {{-3, -3, -3}, {3, 5, 3}}, 0.0f);
                    REQUIRE(cache.covers(lead, dir * 4.0f, Vec3{0, 0, 0}, r));
                    const WorldHit expected = w.sphere_cast(lead, r, dir, 4.0f);
                    require_same(cache.vertical_sphere_cast(lead, r, dir, 4.0f), expected);
                    hits += expected.hit ? 1 : 0;
                    ++cases;
                }
    }
    CHECK(hits > cases / 4);
    CHECK(hits < cases);
}
