// A fingerprint of a particle run over a static mesh scene (every position and velocity after
// every step), to pin the static algorithm's trajectory bit for bit.
#pragma once
#include <cstdint>
#include <cstring>

#include "meshes.hpp"
#include "shototsu/particles.hpp"

/// static_scene_fingerprint(false) and (true) as the static algorithm computed them before moving
/// objects were swept (any change to a static scene's trajectory changes them).
inline constexpr std::uint64_t kStaticFingerprint = 0x40241c895f83334full;
inline constexpr std::uint64_t kStaticFingerprintPairs = 0x7c566cfcfa6bc751ull;

inline std::uint64_t static_scene_fingerprint(bool pairs) {
    using namespace shototsu;
    using namespace shototsu::test;
    MeshData m = heightfield(20, 20.0f, [](float x, float z) {
        return 0.7f * det_sin(0.4f * x) + 0.5f * det_cos(0.3f * z) + 0.2f * det_sin(0.8f * (x + z));
    });
    const MeshData room = closed_room(10.5f, 3);
    const std::uint32_t base = static_cast<std::uint32_t>(m.positions.size() / 3);
    m.positions.insert(m.positions.end(), room.positions.begin(), room.positions.end());
    for (const std::uint32_t idx : room.indices) m.indices.push_back(base + idx);
    World w;
    w.add_mesh(m.positions, m.indices);
    ParticleSettings st;
    st.capacity = 700;
    st.restitution = 0.6f;
    st.collide_particles = pairs;
    ParticleSystem ps(w, st);
    Rng rng(2024);
    for (int i = 0; i < 700; ++i)
        ps.spawn({rng.uniform(-9, 9), rng.uniform(1, 9), rng.uniform(-9, 9)}, rng.direction() * rng.uniform(0, 25),
                 rng.uniform(0.05f, 0.4f));
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&](const float* a, std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) {
            std::uint32_t b;
            std::memcpy(&b, &a[k], 4);
            h = (h ^ b) * 1099511628211ull;
        }
    };
    for (int step = 0; step < 400; ++step) {
        ps.step(1.0f / 60.0f);
        mix(ps.positions(), 3 * ps.count());
        mix(ps.velocities(), 3 * ps.count());
    }
    return h;
}
