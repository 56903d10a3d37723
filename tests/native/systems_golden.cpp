// Writes the native side of the systems' determinism test (tests/js/systems.test.js): a scene
// (rolling terrain walled in, with stairs, a 40 and a 60 degree ramp), a particle run and a
// character run on it, and their final states. The JS test builds the same world from the
// written geometry, replays the same inputs in wasm and compares the states bit for bit: the same
// inputs give bit-identical states, natively and in wasm.
//
// Usage: shototsu_systems_golden <directory>   writes systems.json and *.f32 / *.u32 files.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "meshes.hpp"
#include "shototsu/character.hpp"
#include "shototsu/particles.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

template <class T>
void write(const std::string& path, const std::vector<T>& data) {
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(T)));
}

MeshData scene() {
    MeshData m = heightfield(48, 48.0f, [](float x, float z) {
        return 0.9f * std::sin(0.23f * x) + 0.7f * std::cos(0.19f * z) + 0.4f * std::sin(0.11f * (x - z));
    });
    const float s = 24.0f;
    add_box(m, {-s - 1, -6, -s - 1}, {-s, 12, s + 1});
    add_box(m, {s, -6, -s - 1}, {s + 1, 12, s + 1});
    add_box(m, {-s, -6, -s - 1}, {s, 12, -s});
    add_box(m, {-s, -6, s}, {s, 12, s + 1});
    // A flat plinth carrying stairs and two ramps, raised above the terrain.
    add_box(m, {-12, -2, -12}, {12, 2, -4});
    MeshData extras;
    add_stairs(extras, -10, 10, 0.25f, 0.4f, 2.0f, 2.0f);
    add_ramp(extras, 0, 40.0f, 3.0f, 1.0f, 2.0f);
    add_ramp(extras, 6, 60.0f, 3.0f, 1.0f, 2.0f);
    // Move the extras onto the plinth (z = -8, y = 2).
    const std::uint32_t base = static_cast<std::uint32_t>(m.positions.size() / 3);
    for (std::size_t i = 0; i < extras.positions.size(); i += 3) {
        m.positions.push_back(extras.positions[i]);
        m.positions.push_back(extras.positions[i + 1] + 2.0f);
        m.positions.push_back(extras.positions[i + 2] - 8.0f);
    }
    for (const std::uint32_t i : extras.indices) m.indices.push_back(base + i);
    return m;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s <directory>\n", argv[0]);
        return 2;
    }
    const std::string dir = argv[1];
    const MeshData m = scene();
    World world;
    if (!world.add_mesh(m.positions, m.indices).ok) return 1;
    write(dir + "/systems_positions.f32", m.positions);
    write(dir + "/systems_indices.u32", m.indices);

    // Particles: 1500 dropped and thrown, 240 steps, with and without particle pairs.
    constexpr int kParticles = 1500, kParticleSteps = 240;
    std::vector<float> spawns;  // position xyz, velocity xyz, radius
    Rng rng(505);
    for (int i = 0; i < kParticles; ++i) {
        const Vec3 p{rng.uniform(-20, 20), rng.uniform(3, 12), rng.uniform(-20, 20)};
        const Vec3 v = rng.direction() * rng.uniform(0, 25);
        spawns.insert(spawns.end(), {p.x, p.y, p.z, v.x, v.y, v.z, rng.uniform(0.05f, 0.4f)});
    }
    write(dir + "/systems_spawns.f32", spawns);
    for (const bool pairs : {false, true}) {
        ParticleSettings st;
        st.capacity = kParticles;
        st.restitution = 0.6f;
        st.friction = 0.4f;
        st.damping = 0.05f;
        st.collide_particles = pairs;
        ParticleSystem ps(world, st);
        for (int i = 0; i < kParticles; ++i) {
            const float* s = &spawns[7 * static_cast<std::size_t>(i)];
            ps.spawn({s[0], s[1], s[2]}, {s[3], s[4], s[5]}, s[6]);
        }
        for (int step = 0; step < kParticleSteps; ++step) ps.step(1.0f / 60.0f);
        std::vector<float> state(ps.positions(), ps.positions() + 3 * kParticles);
        state.insert(state.end(), ps.velocities(), ps.velocities() + 3 * kParticles);
        write(dir + (pairs ? "/systems_particles_pairs.f32" : "/systems_particles.f32"), state);
    }

    // Characters: a group of 40 walking in fixed directions (with a constant downward push as
    // gravity), 600 steps; then the per-character reports of the last move.
    constexpr int kCharacters = 40, kCharacterSteps = 600;
    CharacterGroup group(world, CharacterSettings{}, kCharacters);
    std::vector<float> starts, displacements;
    for (int i = 0; i < kCharacters; ++i) {
        const Vec3 p{rng.uniform(-18, 18), 6.0f, rng.uniform(-18, 18)};
        const float a = rng.uniform(0.0f, 2.0f * kPi);
        const Vec3 d{det_cos(a) * 4.0f / 60.0f, -0.1f, det_sin(a) * 4.0f / 60.0f};
        starts.insert(starts.end(), {p.x, p.y, p.z});
        displacements.insert(displacements.end(), {d.x, d.y, d.z});
        group.add(p);
    }
    write(dir + "/systems_character_starts.f32", starts);
    write(dir + "/systems_character_displacements.f32", displacements);
    std::vector<float> trail;  // positions after every 60th step
    for (int step = 0; step < kCharacterSteps; ++step) {
        group.move_all(displacements.data(), 1.0f / 60.0f);
        if (step % 60 == 59) trail.insert(trail.end(), group.positions(), group.positions() + 3 * kCharacters);
    }
    write(dir + "/systems_characters.f32", trail);

    std::ofstream json(dir + "/systems.json");
    json << "{\"particles\": " << kParticles << ", \"particleSteps\": " << kParticleSteps
         << ", \"characters\": " << kCharacters << ", \"characterSteps\": " << kCharacterSteps
         << ", \"trailEvery\": 60}\n";
    return 0;
}
