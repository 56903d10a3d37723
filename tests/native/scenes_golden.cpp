// The native side of the S1/S2 determinism test (tests/js/determinism.test.js): runs a
// benchmark scene of bench/scenes.mjs exactly as bench/native does, and prints the hash of the
// state after every step, which the JS test compares with the same run in wasm.
//   S1  ParticleSystem over the S1 world: positions and velocities hashed.
//   S2  one CharacterController per character over the S2 world, driven like the benchmark (walk
//       velocity times dt, the caller's gravity vy += g dt reset when a move ends grounded):
//       positions and vy hashed.
// The hash is 32-bit FNV-1a over the float32 bits, one word at a time (the JS side computes the
// same with Math.imul).
// Usage: shototsu_scenes_golden s1 --world W --spawn P --steps 600 --dt 0.0166666675 [--pairs 1]
//        shototsu_scenes_golden s2 --world W --spawn C --steps 600 --dt 0.0166666675
// Prints {"hashes": ["xxxxxxxx", ...]} (one per step).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "scene_io.hpp"
#include "shototsu/character.hpp"
#include "shototsu/particles.hpp"

using namespace shototsu;

namespace {

std::uint32_t fnv1a(std::uint32_t h, const float* values, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t w;
        std::memcpy(&w, &values[i], 4);
        h ^= w;
        h *= 16777619u;
    }
    return h;
}
constexpr std::uint32_t kFnvBasis = 2166136261u;

void print(const std::vector<std::uint32_t>& hashes) {
    std::printf("{\"hashes\": [");
    for (std::size_t i = 0; i < hashes.size(); ++i) std::printf(i ? ", \"%08x\"" : "\"%08x\"", hashes[i]);
    std::printf("]}\n");
}

std::vector<std::uint32_t> run_s1(const bench::Options& opt) {
    const bench::MeshFile mesh = bench::read_mesh(opt.text("world"));
    const bench::SceneFile spawn = bench::read_scene_file(opt.text("spawn"), "SHTP");
    const std::uint32_t n = spawn.header[0];
    World world;
    if (!world.add_mesh(mesh.positions, mesh.indices).ok) throw std::runtime_error("add_mesh failed");
    ParticleSettings st;  // S1 of bench/scenes.mjs
    st.capacity = n;
    st.radius = 0.15f;
    st.restitution = 0.6f;
    st.friction = 0.3f;
    st.damping = 0.0f;
    st.gravity = {0.0f, -9.81f, 0.0f};
    st.collide_particles = opt.integer("pairs", 0) != 0;
    ParticleSystem ps(world, st);
    const float *p = spawn.floats(0), *v = spawn.floats(3 * n), *r = spawn.floats(6 * n);
    for (std::uint32_t k = 0; k < n; ++k)
        if (ps.spawn({p[3 * k], p[3 * k + 1], p[3 * k + 2]}, {v[3 * k], v[3 * k + 1], v[3 * k + 2]}, r[k]) < 0)
            throw std::runtime_error("spawn failed");
    const float dt = static_cast<float>(opt.number("dt", 0));
    std::vector<std::uint32_t> hashes;
    for (int s = 0; s < opt.integer("steps", 600); ++s) {
        ps.step(dt);
        hashes.push_back(fnv1a(fnv1a(kFnvBasis, ps.positions(), 3 * n), ps.velocities(), 3 * n));
    }
    return hashes;
}

std::vector<std::uint32_t> run_s2(const bench::Options& opt) {
    const bench::MeshFile mesh = bench::read_mesh(opt.text("world"));
    const bench::SceneFile spawn = bench::read_scene_file(opt.text("spawn"), "SHTC");
    const std::uint32_t n = spawn.header[0];
    const float *pos = spawn.floats(0), *walk = spawn.floats(3 * n);
    World world;
    if (!world.add_mesh(mesh.positions, mesh.indices).ok) throw std::runtime_error("add_mesh failed");
    CharacterSettings s;  // S2 of bench/scenes.mjs: r 0.35, half-height 0.5
    s.radius = 0.35f;
    s.height = 2.0f * (0.5f + s.radius);
    s.step_height = 0.3f;
    s.max_slope_degrees = 45.0f;
    s.snap_distance = 0.3f;
    s.skin_width = 0.01f;
    std::vector<CharacterController> chars;
    chars.reserve(n);
    for (std::uint32_t k = 0; k < n; ++k)
        chars.emplace_back(world, s, Vec3{pos[3 * k], pos[3 * k + 1], pos[3 * k + 2]});
    const float dt = static_cast<float>(opt.number("dt", 0)), gravity = -9.81f;
    std::vector<float> vy(n, 0.0f), state(4 * n);
    std::vector<std::uint32_t> hashes;
    for (int step = 0; step < opt.integer("steps", 600); ++step) {
        for (std::uint32_t k = 0; k < n; ++k) {
            vy[k] += gravity * dt;
            const CharacterMove m = chars[k].move({walk[3 * k] * dt, vy[k] * dt, walk[3 * k + 2] * dt}, dt);
            if (m.grounded) vy[k] = 0.0f;
            const Vec3 c = chars[k].position();
            state[4 * k] = c.x, state[4 * k + 1] = c.y, state[4 * k + 2] = c.z, state[4 * k + 3] = vy[k];
        }
        hashes.push_back(fnv1a(kFnvBasis, state.data(), state.size()));
    }
    return hashes;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s s1|s2 --world W --spawn F --steps N --dt DT\n", argv[0]);
        return 2;
    }
    try {
        const bench::Options opt(argc, argv, 2);
        const std::string scene = argv[1];
        if (scene == "s1")
            print(run_s1(opt));
        else if (scene == "s2")
            print(run_s2(opt));
        else
            throw std::runtime_error("unknown scene " + scene);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shototsu_scenes_golden: %s\n", e.what());
        return 1;
    }
}
