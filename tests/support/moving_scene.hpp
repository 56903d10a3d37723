// The moving test scene of the world suites (objects, serialization): everything a World can hold
// — indexed and non-indexed meshes, a triangle with a NaN vertex, an empty mesh, instances (one
// outliving its mesh), primitives on several layers — and a step that moves every mover, removes
// one now and then, and refits the ground (once so scrambled that the refit is rebuilt).
#pragma once

#include <limits>
#include <vector>

#include "catch_support.hpp"
#include "meshes.hpp"
#include "shototsu/world.hpp"

namespace shototsu::test {

/// A random rigid pose within `spread` of the origin, scaled in [0.5, 2] when asked.
inline Transform pose(Rng& rng, float spread, bool scaled) {
    Transform t;
    t.position = rng.vec(-spread, spread);
    t.rotation = quat_from_axis_angle(rng.direction(), rng.uniform(-3.0f, 3.0f));
    t.scale = scaled ? rng.uniform(0.5f, 2.0f) : 1.0f;
    return t;
}

// A world with everything a world can hold: indexed and non-indexed meshes, a triangle with a
// NaN vertex, an empty mesh, instances (one outliving its mesh), primitives, removed ids, a
// refitted and a rebuilt mesh, velocities from a step and a pending target.
struct MovingScene {
    World w;
    std::vector<std::uint32_t> movers;
    MeshData ground = terrain(16, 24.0f);
    std::uint32_t ground_id = 0, soup_id = 0;
    Rng rng{5};

    MovingScene() {
        ground_id = w.add_mesh(ground.positions, ground.indices).object;
        const MeshData s = soup(rng, 200, 3.0f);
        ObjectOptions o;
        o.transform = pose(rng, 6.0f, true);
        o.layers = 2;
        soup_id = w.add_mesh(s.positions, s.indices, o).object;
        movers.push_back(soup_id);
        for (int i = 0; i < 4; ++i) {
            ObjectOptions io;
            io.transform = pose(rng, 8.0f, i % 2 == 0);
            io.layers = 1u << (i % 3);
            movers.push_back(w.add_instance(soup_id, io).object);
        }
        // A non-indexed room with a NaN vertex in one triangle, placed and then removed while an
        // instance of it lives on.
        const MeshData room = closed_room(1.5f, 2);
        std::vector<float> flat;
        for (std::size_t t = 0; t < room.triangle_count(); ++t) {
            const Triangle tr = room.triangle(t);
            flat.insert(flat.end(), {tr.a.x, tr.a.y, tr.a.z, tr.b.x, tr.b.y, tr.b.z, tr.c.x, tr.c.y, tr.c.z});
        }
        flat[4] = std::numeric_limits<float>::quiet_NaN();
        ObjectOptions ro;
        ro.transform = pose(rng, 6.0f, false);
        const std::uint32_t room_id = w.add_mesh(flat, {}, ro).object;
        ObjectOptions ri;
        ri.transform = pose(rng, 6.0f, true);
        movers.push_back(w.add_instance(room_id, ri).object);
        REQUIRE(w.remove(room_id) == nullptr);
        REQUIRE(w.add_mesh({}, {}).ok);  // an empty mesh
        for (int i = 0; i < 3; ++i) {
            movers.push_back(w.add_sphere(rng.vec(-8, 8), rng.uniform(0.2f, 1.5f), 1u << i).object);
            const Vec3 a = rng.vec(-8, 8);
            movers.push_back(w.add_capsule(a, a + rng.vec(-2, 2), rng.uniform(0.2f, 1.0f), 1u << i).object);
            movers.push_back(w.add_box(rng.vec(-8, 8), quat_from_axis_angle(rng.direction(), rng.uniform(-3, 3)),
                                       {rng.uniform(0.1f, 2), rng.uniform(0.1f, 2), rng.uniform(0.1f, 2)}, 1u << i)
                                 .object);
        }
    }
    void step(int n) {
        for (std::uint32_t id : movers)
            if (w.is_live(id)) {
                Transform t = w.transform(id);
                t.position += rng.vec(-0.5f, 0.5f);
                t.rotation = quat_normalize(quat_mul(quat_from_axis_angle(rng.direction(), 0.2f), t.rotation));
                REQUIRE(w.set_transform(id, t) == nullptr);
            }
        if (n % 2 == 1) {
            const std::uint32_t victim = movers[static_cast<std::size_t>(rng.below(static_cast<int>(movers.size())))];
            if (victim != soup_id && w.is_live(victim)) REQUIRE(w.remove(victim) == nullptr);
        }
        MeshData m = ground;
        for (std::size_t i = 1; i < m.positions.size(); i += 3) m.positions[i] += rng.uniform(-0.3f, 0.3f);
        if (n == 2)  // scrambled: the refit is worse than a rebuild
            for (std::size_t i = 0; i < m.positions.size(); ++i) m.positions[i] = rng.uniform(-12.0f, 12.0f);
        REQUIRE(w.update_mesh(ground_id, m.positions) == nullptr);
        w.update(1.0f / 60.0f);
    }
};

}  // namespace shototsu::test
