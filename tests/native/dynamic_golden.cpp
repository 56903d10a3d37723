// The dynamic-world determinism scene, natively: a seeded scene of meshes, instances and
// primitives that move, come and go and deform for a number of steps, with rays and sphere
// casts after every step. Prints {"hashes": [...]}: after each step the 32-bit FNV-1a of the
// float32 bits of every answer and every mover's pose and velocity. tests/js/determinism.test.js
// runs the same scene through the npm package (its steps mirror these line for line) and
// requires the same hashes. Every number the scene feeds in is dyadic (k / 2^n), so JS and C++
// hand the core the same floats.
//
//   shototsu_dynamic_golden <steps>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cube.hpp"
#include "shototsu/world.hpp"

using namespace shototsu;

namespace {

struct Rng {
    std::uint32_t x;
    std::uint32_t next() {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        return x;
    }
    float coord() { return static_cast<float>(static_cast<int>(next() % 4097) - 2048) / 128.0f; }
    float small() { return static_cast<float>(static_cast<int>(next() % 129) - 64) / 256.0f; }
    float scale() { return 1.0f + static_cast<float>(next() % 9) / 8.0f; }
    Quat quat() {
        Quat q;
        q.x = static_cast<float>(static_cast<int>(next() % 2001) - 1000) / 1024.0f;
        q.y = static_cast<float>(static_cast<int>(next() % 2001) - 1000) / 1024.0f;
        q.z = static_cast<float>(static_cast<int>(next() % 2001) - 1000) / 1024.0f;
        q.w = static_cast<float>(static_cast<int>(next() % 2001) - 1000) / 1024.0f;
        if (q.x == 0 && q.y == 0 && q.z == 0 && q.w == 0) q.w = 1;
        return q;
    }
};

struct Hash {
    std::uint32_t h = 2166136261u;
    void word(std::uint32_t w) { h = (h ^ w) * 16777619u; }
    void f(float v) {
        std::uint32_t w;
        std::memcpy(&w, &v, 4);
        word(w);
    }
    void v(Vec3 p) { f(p.x), f(p.y), f(p.z); }
};

// A 16 x 16 grid over [-16, 16]^2 with heights from the generator.
void terrain(Rng& rng, std::vector<float>& pos, std::vector<std::uint32_t>& idx) {
    pos.clear();
    for (int j = 0; j <= 16; ++j)
        for (int i = 0; i <= 16; ++i)
            pos.insert(pos.end(), {static_cast<float>(2 * i - 16), rng.coord() / 8.0f, static_cast<float>(2 * j - 16)});
    if (!idx.empty()) return;
    for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) {
            const std::uint32_t a = j * 17 + i, b = a + 1, c = a + 17, d = c + 1;
            idx.insert(idx.end(), {a, c, d, a, d, b});
        }
}

// A pose drawn in a fixed order: position (x, then z), rotation, scale.
Transform random_pose(Rng& rng, float y) {
    const float x = rng.coord();
    const float z = rng.coord();
    const Quat q = rng.quat();
    const float s = rng.scale();
    Transform t;
    if (transform_from_parts({x, y, z}, q, {s, s, s}, t) != nullptr) std::abort();
    return t;
}

Transform pose(Vec3 p, Quat q, float s) {
    Transform t;
    if (transform_from_parts(p, q, {s, s, s}, t) != nullptr) std::abort();
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    const int steps = argc > 1 ? std::atoi(argv[1]) : 1000;
    Rng rng{0x5EED1234u};
    World w;
    std::vector<float> tpos;
    std::vector<std::uint32_t> tidx;
    terrain(rng, tpos, tidx);
    const std::uint32_t ground = w.add_mesh(tpos, tidx).object;
    const std::vector<float> box = unit_cube();
    std::vector<std::uint32_t> movers;
    ObjectOptions o;
    o.transform = random_pose(rng, 2);
    o.layers = 2;
    const std::uint32_t crate = w.add_mesh(box, {}, o).object;
    movers.push_back(crate);
    for (int i = 0; i < 3; ++i) {
        ObjectOptions io;
        io.transform = random_pose(rng, 3);
        movers.push_back(w.add_instance(crate, io).object);
    }
    // Each argument drawn in its own statement: the order of a call's arguments is unspecified.
    for (int i = 0; i < 2; ++i) {
        const Vec3 c{rng.coord(), 2, rng.coord()};
        const float r = 0.5f + rng.scale() / 4.0f;
        movers.push_back(w.add_sphere(c, r, 4).object);
        const Vec3 a{rng.coord(), 2, rng.coord()};
        const Vec3 b = a + Vec3{rng.small(), 1, rng.small()};
        movers.push_back(w.add_capsule(a, b, 0.5f, 4).object);
        const Vec3 bc{rng.coord(), 2, rng.coord()};
        const Quat bq = rng.quat();
        movers.push_back(w.add_box(bc, bq, {1, 0.5f, 0.75f}, 1).object);
    }
    std::printf("{\"hashes\": [");
    for (int step = 0; step < steps; ++step) {
        Hash h;
        for (const std::uint32_t id : movers) {
            if (!w.is_live(id)) continue;
            const Transform t = w.transform(id);
            const Vec3 p{t.position.x + rng.small(), t.position.y + rng.small() / 4.0f, t.position.z + rng.small()};
            const Quat q = rng.quat();
            const float s = w.kind(id) == ObjectKind::Sphere ? 1.0f : rng.scale();
            if (w.set_transform(id, pose(p, q, s)) != nullptr) std::abort();
        }
        if (step % 50 == 49) {
            const std::uint32_t victim = movers[rng.next() % movers.size()];
            if (victim != crate && w.is_live(victim)) w.remove(victim);
            ObjectOptions io;
            io.transform = random_pose(rng, 3);
            movers.push_back(w.add_instance(crate, io).object);
        }
        if (step % 100 == 99) {
            terrain(rng, tpos, tidx);
            if (w.update_mesh(ground, tpos) != nullptr) std::abort();
        }
        w.update(1.0f / 64.0f);
        for (const std::uint32_t id : movers) {
            if (!w.is_live(id)) continue;
            const Transform t = w.transform(id);
            h.v(t.position), h.f(t.rotation.x), h.f(t.rotation.y), h.f(t.rotation.z), h.f(t.rotation.w), h.f(t.scale);
            h.v(w.linear_velocity(id)), h.v(w.angular_velocity(id));
        }
        for (int q = 0; q < 8; ++q) {
            const Vec3 origin{rng.coord(), 8, rng.coord()};
            const Quat d = rng.quat();
            const QueryFilter filter{q % 2 == 0 ? 0xFFFFFFFFu : 3u, kNoIndex};
            const WorldHit r = w.raycast(origin, {d.x, d.y - 2, d.z}, 64.0f, filter);
            h.word(r.hit), h.f(r.distance), h.v(r.point), h.v(r.normal), h.word(r.object), h.word(r.triangle);
            const WorldHit c = w.sphere_cast(origin, 0.5f, {d.x, -1, d.z}, 16.0f);
            h.word(c.hit), h.f(c.distance), h.v(c.point), h.v(c.position), h.v(c.normal), h.word(c.object),
                h.word(c.triangle);
        }
        std::printf("%s%u", step ? ", " : "", h.h);
    }
    std::printf("]}\n");
    return 0;
}
