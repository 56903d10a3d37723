// character.hpp: a character spawned (or teleported) into the ground. Its first move pushes it out
// of what it overlaps (CharacterController::depenetrate); with its feet down to just under half its
// height in the ground — its axis across the surface — it ends standing on top, on a flat floor, a
// triangle-mesh terrain, a box primitive's top, a closed box mesh's top and a sloped walkable
// triangle. The degenerate cases: its whole axis under the floor, up blocked by a low ceiling, a
// wall beside. Heights and clearances are measured in double, brute force, from the scene's own
// triangles (or box).
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "capsule_reference.hpp"
#include "meshes.hpp"
#include "overlap_reference.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kDt = 1.0f / 60.0f;

// A character's shape: the suites' usual capsule, and a thin one whose bottom sphere's centre is
// under the surface already with its feet 8 cm in.
CharacterSettings shape(float radius, float height) {
    CharacterSettings s;
    s.radius = radius;
    s.height = height;
    s.skin_width = 0.01f;
    return s;
}

enum class Ground { Floor, Terrain, BoxTop, BoxMeshTop, Slope };

const char* name(Ground g) {
    switch (g) {
        case Ground::Floor: return "flat floor";
        case Ground::Terrain: return "terrain";
        case Ground::BoxTop: return "box primitive's top";
        case Ground::BoxMeshTop: return "closed box mesh's top";
        case Ground::Slope: return "25 degree slope";
    }
    return "";
}

// The still scene and, for the references, its triangles (or its one box).
struct Scene {
    World w;
    std::vector<Triangle> tris;
    bool has_box = false;
    OBB box;

    void add(const MeshData& m) {
        REQUIRE(w.add_mesh(m.positions, m.indices).ok);
        for (std::size_t t = 0; t < m.triangle_count(); ++t) tris.push_back(m.triangle(t));
    }
    void add_box(Vec3 center, Vec3 half) {
        REQUIRE(w.add_box(center, Quat{}, half).ok);
        has_box = true;
        box = OBB{center, Quat{}, half};
    }

    // The ground's height at (x, z): the highest triangle over it (its plane, in double), or the
    // box's top.
    double height(double x, double z) const {
        double best = -INFINITY;
        for (const Triangle& t : tris) {
            const DVec3 a = d(t.a), b = d(t.b), c = d(t.c);
            const double den = (b.z - c.z) * (a.x - c.x) + (c.x - b.x) * (a.z - c.z);
            if (den == 0.0) continue;
            const double u = ((b.z - c.z) * (x - c.x) + (c.x - b.x) * (z - c.z)) / den;
            const double v = ((c.z - a.z) * (x - c.x) + (a.x - c.x) * (z - c.z)) / den;
            const double w3 = 1.0 - u - v;
            if (u < 0.0 || v < 0.0 || w3 < 0.0) continue;
            best = std::max(best, u * a.y + v * b.y + w3 * c.y);
        }
        if (has_box && std::fabs(x - box.center.x) <= box.half_extents.x &&
            std::fabs(z - box.center.z) <= box.half_extents.z)
            best = std::max(best, double(box.center.y) + box.half_extents.y);
        return best;
    }

    // How far the capsule at `c` keeps clear of everything: the distance from its axis to the
    // nearest triangle (or the box) less the radius; negative inside.
    double clearance(const CharacterSettings& s, Vec3 c) const {
        const double half = 0.5 * s.height - s.radius;
        const DVec3 p0{c.x, c.y - half, c.z}, p1{c.x, c.y + half, c.z};
        double best = INFINITY;
        for (const Triangle& t : tris) best = std::min(best, ref_segment_triangle_distance(p0, p1, t));
        if (has_box) best = std::min(best, ref_segment_box_distance(p0, p1, ref_box(box)));
        return best - s.radius;
    }
};

void build(Scene& sc, Ground g) {
    MeshData m;
    switch (g) {
        case Ground::Floor: m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20}); break;
        case Ground::Terrain:
            m = heightfield(24, 24.0f,
                            [](float x, float z) { return 0.5f * std::sin(0.4f * x) + 0.4f * std::cos(0.3f * z); });
            break;
        case Ground::BoxTop: sc.add_box({0, -1, 0}, {10, 1, 10}); return;
        case Ground::BoxMeshTop: add_box(m, {-10, -2, -10}, {10, 0, 10}); break;
        case Ground::Slope: {
            const float t = std::tan(25.0f * kDegToRad);
            m.quad({-20, -20 * t, -20}, {-20, -20 * t, 20}, {20, 20 * t, 20}, {20, 20 * t, -20});
            break;
        }
    }
    sc.add(m);
}

}  // namespace

TEST_CASE("character spawned into the ground, feet 1 cm to just under half its height deep: it stands on top") {
    for (const CharacterSettings& s : {shape(0.35f, 1.7f), shape(0.05f, 1.0f)}) {
        const float skin = s.skin_width, half = 0.5f * s.height - s.radius;
        for (const Ground g : {Ground::Floor, Ground::Terrain, Ground::BoxTop, Ground::BoxMeshTop, Ground::Slope}) {
            Scene sc;
            build(sc, g);
            for (const float depth : {0.01f, 0.08f, 0.3f * s.height, 0.4f * s.height, 0.5f * s.height - 0.01f}) {
                for (const Vec3 at : {Vec3{0.3f, 0, 0.2f}, Vec3{-2.7f, 0, 3.1f}}) {
                    const double ground = sc.height(at.x, at.z);
                    const Vec3 spawn{at.x, static_cast<float>(ground) - depth + 0.5f * s.height, at.z};
                    INFO(name(g) << ", radius " << s.radius << " height " << s.height << ", feet " << depth
                                 << " m in at (" << at.x << ", " << at.z << ")");
                    REQUIRE(sc.clearance(s, spawn) < 0.0);  // it starts inside
                    CharacterController ch(sc.w, s, spawn);
                    sc.w.update(kDt);
                    const CharacterMove m = ch.move({0, -9.81f * kDt * kDt, 0}, kDt);
                    const Vec3 c = ch.position();
                    INFO("ends at (" << c.x << ", " << c.y << ", " << c.z << ")");
                    REQUIRE(is_finite(c));
                    CHECK(m.grounded);
                    CHECK(m.reason == GroundReason::Walkable);
                    CHECK(!m.crushed);
                    // On top: the bottom sphere's centre above the ground under it, the capsule
                    // clear of it by at most a skin.
                    CHECK(double(c.y) - half > sc.height(c.x, c.z));
                    const double gap = sc.clearance(s, c);
                    CHECK(gap >= -1e-4);
                    CHECK(gap <= skin + 1e-4);
                    // And it stays there.
                    const CharacterMove next = ch.move({0, -9.81f * kDt * kDt, 0}, kDt);
                    CHECK(next.grounded);
                    CHECK(std::fabs(sc.clearance(s, ch.position()) - gap) <= 1e-4);
                }
            }
        }
    }
}

TEST_CASE("character spawned with its whole axis under the floor: pushed down out of it, a skin under it") {
    // The axis does not cross the floor (its top sphere's centre is under it): the character is
    // taken for one under the floor, and the floor's contact pushes it down until its top is a
    // skin under the floor; then it falls.
    for (const CharacterSettings& s : {shape(0.35f, 1.7f), shape(0.05f, 1.0f)}) {
        const float skin = s.skin_width, half = 0.5f * s.height - s.radius;
        for (const float below : {0.01f, 0.5f * s.radius, 0.9f * s.radius}) {
            Scene sc;
            build(sc, Ground::Floor);
            const Vec3 spawn{0.3f, -below - half, 0.2f};  // the top sphere's centre `below` under the floor
            INFO("radius " << s.radius << ", top sphere's centre " << below << " m under the floor");
            REQUIRE(sc.clearance(s, spawn) < 0.0);
            CharacterController ch(sc.w, s, spawn);
            sc.w.update(kDt);
            const CharacterMove m = ch.move({0, 0, 0}, kDt);
            const Vec3 c = ch.position();
            REQUIRE(is_finite(c));
            CHECK(!m.grounded);
            CHECK(c.x == spawn.x);
            CHECK(c.z == spawn.z);
            const double top = double(c.y) + 0.5 * s.height;
            CHECK(std::fabs(top + skin) <= 1e-4);
            CHECK(std::fabs(sc.clearance(s, c) - skin) <= 1e-4);
        }
    }
}

TEST_CASE("character spawned into the floor under a ceiling: up when the room lets it, else down as before") {
    // Feet 0.6 m in: up onto the floor needs the capsule's height above it. A still slab whose
    // underside is lower than that (1.2 m) blocks the way up; then the push out is the floor's
    // contact, as it was: down through the open floor, to a skin under it — never into the slab
    // or the floor. With the underside at 2 m it stands on the floor, clear of the slab.
    const CharacterSettings s = shape(0.35f, 1.7f);
    const float skin = s.skin_width;
    for (const float underside : {1.2f, 1.69f, 2.0f}) {
        Scene sc;
        build(sc, Ground::Floor);
        MeshData slab;
        add_box(slab, {-5, underside, -5}, {5, underside + 0.3f, 5});
        sc.add(slab);
        const Vec3 spawn{0.3f, 0.5f * s.height - 0.6f, 0.2f};
        INFO("the slab's underside at " << underside);
        REQUIRE(sc.clearance(s, spawn) < 0.0);
        CharacterController ch(sc.w, s, spawn);
        sc.w.update(kDt);
        const float fall = -9.81f * kDt * kDt;
        const CharacterMove m = ch.move({0, fall, 0}, kDt);
        const Vec3 c = ch.position();
        REQUIRE(is_finite(c));
        CHECK(c.x == spawn.x);
        CHECK(c.z == spawn.z);
        const bool room = underside >= s.height + skin;
        CHECK(m.grounded == room);
        const double feet = double(c.y) - 0.5 * s.height, top = double(c.y) + 0.5 * s.height;
        if (room) {
            CHECK(std::fabs(feet - skin) <= 1e-4);
        } else {
            CHECK(std::fabs(top + skin - double(fall)) <= 1e-4);  // a skin under the floor, then falling
        }
        CHECK(sc.clearance(s, c) >= skin - 1e-4);  // in nothing
    }
}

TEST_CASE("character spawned into the floor beside a wall: it stands on the floor, clear of the wall") {
    const CharacterSettings s = shape(0.35f, 1.7f);
    const float skin = s.skin_width;
    for (const float into_wall : {0.0f, 0.05f, 0.2f}) {
        for (const float depth : {0.08f, 0.5f, 0.84f}) {
            Scene sc;
            build(sc, Ground::Floor);
            MeshData wall;  // from below the floor to above the capsule
            add_box(wall, {s.radius - into_wall, -2, -5}, {s.radius - into_wall + 1.0f, 3, 5});
            sc.add(wall);
            const Vec3 spawn{0, 0.5f * s.height - depth, 0.2f};
            INFO("feet " << depth << " m in, side " << into_wall << " m in the wall");
            CharacterController ch(sc.w, s, spawn);
            sc.w.update(kDt);
            const CharacterMove m = ch.move({0, -9.81f * kDt * kDt, 0}, kDt);
            const Vec3 c = ch.position();
            REQUIRE(is_finite(c));
            CHECK(m.grounded);
            const double feet = double(c.y) - 0.5 * s.height;
            CHECK(std::fabs(feet - skin) <= 1e-4);
            CHECK(c.x <= 0.0f);  // out of the wall on its side
            CHECK(std::fabs(c.z - spawn.z) <= 1e-6);
            CHECK(sc.clearance(s, c) >= -1e-4);
        }
    }
}
