// Reading one particle of a ParticleSystem back as a Vec3, for the particle suites.
#pragma once
#include <cstdint>

#include "shototsu/particles.hpp"

namespace shototsu::test {

inline Vec3 position(const ParticleSystem& ps, std::uint32_t i) {
    const float* p = ps.positions();
    return {p[3 * i], p[3 * i + 1], p[3 * i + 2]};
}
inline Vec3 velocity(const ParticleSystem& ps, std::uint32_t i) {
    const float* v = ps.velocities();
    return {v[3 * i], v[3 * i + 1], v[3 * i + 2]};
}

}  // namespace shototsu::test
