// Soak test: long runs of the systems that must never let anything escape or fall
// through, natively for speed.
//   particles   N particles in a closed room of triangles (faces split into quads), with particle
//               pairs, gravity turning to a new direction every 2 s and kicks of up to 30 m/s:
//               every particle must stay inside the room after every step, never deeper in a wall
//               than the chord's sag |g| dt^2 / 8 plus rounding (particles.hpp).
//   characters  K characters (a CharacterGroup) walking the S1 terrain of bench/scenes.mjs with the
//               caller's gravity, turning every few seconds and jumping now and then: none may
//               leave through the walls or end with its bottom below the terrain.
// Everything is seeded. Usage (scripts/soak.sh writes the S1 world with tests/native/write-scenes.mjs):
//   shototsu_soak --world s1-world.bin [--particle-steps 1e7] [--particles 2000]
//                 [--character-seconds 600] [--characters 100]
// Prints one summary line per part and exits 1 on any escape, fall-through or non-finite state.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "meshes.hpp"
#include "scene_io.hpp"
#include "shototsu/character.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/particles.hpp"

using namespace shototsu;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int soak_particles(double particle_steps, std::uint32_t n) {
    const auto t0 = std::chrono::steady_clock::now();
    const float h = 5.0f;
    const test::MeshData room = test::closed_room(h, 4);
    World world;
    if (!world.add_mesh(room.positions, room.indices).ok) return 1;
    ParticleSettings st;
    st.capacity = n;
    st.restitution = 0.8f;
    st.friction = 0.3f;
    st.collide_particles = true;
    ParticleSystem ps(world, st);
    test::Rng rng(0x50A4);
    for (std::uint32_t i = 0; i < n; ++i) {
        const float r = rng.uniform(0.05f, 0.3f);
        ps.spawn(rng.vec(-h + r, h - r), rng.direction() * rng.uniform(0, 20), r);
    }
    const float dt = 1.0f / 60.0f;
    const std::uint64_t steps = static_cast<std::uint64_t>(std::ceil(particle_steps / n));
    std::uint64_t escapes = 0, non_finite = 0, too_deep = 0, contacts = 0, saturated = 0;
    double deepest = 0.0;  // the deepest a particle went into a wall beyond its radius, m
    for (std::uint64_t s = 0; s < steps; ++s) {
        if (s % 120 == 0) {  // every 2 s gravity turns
            ps.settings().gravity = rng.direction() * 9.81f;
            ps.wake_all();
        }
        if (s % 60 == 30)  // every second a tenth of the particles is kicked
            for (std::uint32_t i = 0; i < n; i += 10) {
                const Vec3 v = rng.direction() * rng.uniform(0, 30);
                float* vel = ps.velocities() + 3 * i;
                vel[0] = v.x, vel[1] = v.y, vel[2] = v.z;
            }
        ps.step(dt);
        contacts += ps.stats().contacts;
        saturated += ps.stats().saturated;
        const float sag = length(ps.settings().gravity) * dt * dt / 8.0f;
        for (std::uint32_t i = 0; i < n; ++i) {
            const float* p = ps.positions() + 3 * i;
            const float r = ps.radii()[i];
            if (!std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2])) {
                ++non_finite;
                continue;
            }
            const float m = maxf(maxf(std::fabs(p[0]), std::fabs(p[1])), std::fabs(p[2]));
            if (!(m < h)) ++escapes;
            const double into = double(m) - (h - r);
            if (into > deepest) deepest = into;
            if (into > sag + 1e-4) ++too_deep;
        }
    }
    const bool ok = escapes == 0 && non_finite == 0 && too_deep == 0;
    std::printf(
        "soak particles: %s — %llu particle-steps (%u particles x %llu steps) in a closed room, %llu contacts, "
        "%llu escapes, %llu deeper than the sag, %llu non-finite, deepest %.3g mm beyond the radius, "
        "%llu saturated steps, %.1f s\n",
        ok ? "ok" : "FAILED", static_cast<unsigned long long>(steps * n), n, static_cast<unsigned long long>(steps),
        static_cast<unsigned long long>(contacts), static_cast<unsigned long long>(escapes),
        static_cast<unsigned long long>(too_deep), static_cast<unsigned long long>(non_finite), 1000.0 * deepest,
        static_cast<unsigned long long>(saturated), seconds_since(t0));
    return ok ? 0 : 1;
}

int soak_characters(const std::string& world_path, double seconds, std::uint32_t k) {
    const auto t0 = std::chrono::steady_clock::now();
    const bench::MeshFile mesh = bench::read_mesh(world_path);
    World world;
    if (!world.add_mesh(mesh.positions, mesh.indices).ok) return 1;
    const float half_size = 32.0f;  // S1: the terrain spans [-32, 32], walls at +-32
    CharacterSettings s;            // S2's capsule: r 0.35, height 1.7
    const float half = 0.5f * s.height - s.radius;
    CharacterGroup group(world, s, k);
    test::Rng rng(0x50A5);
    while (group.count() < k) {
        const float x = rng.uniform(-30, 30), z = rng.uniform(-30, 30);
        const WorldFloor f = world.floor(x, z, INFINITY);
        if (!f.hit) continue;
        const Vec3 p{x, f.height + half + s.radius + 0.05f, z};
        bool free = true;
        for (std::uint32_t j = 0; j < group.count() && free; ++j) {
            const Vec3 q{group.positions()[3 * j], group.positions()[3 * j + 1], group.positions()[3 * j + 2]};
            free = distance(p, q) > 2 * s.radius + 2 * half + 0.1f;
        }
        if (free) group.add(p);
    }
    const float dt = 1.0f / 60.0f, gravity = -9.81f;
    const std::uint64_t steps = static_cast<std::uint64_t>(std::llround(seconds * 60.0));
    std::vector<float> walk(3 * k, 0.0f), vy(k, 0.0f), d(3 * k);
    std::uint64_t escapes = 0, falls = 0, non_finite = 0, grounded = 0, moves = 0;
    double deepest = 0.0;  // how far a character's bottom went below the terrain, m
    for (std::uint64_t step = 0; step < steps; ++step) {
        for (std::uint32_t i = 0; i < k; ++i) {
            if ((step + 37 * i) % 180 == 0) {  // a new direction (or a pause) every 3 s
                const float a = rng.uniform(0.0f, 2.0f * kPi),
                            speed = rng.below(5) == 0 ? 0.0f : rng.uniform(1.0f, 6.0f);
                walk[3 * i] = det_cos(a) * speed, walk[3 * i + 2] = det_sin(a) * speed;
            }
            if (group.last_move(i).grounded && rng.below(400) == 0) vy[i] = 5.0f;  // a jump
            vy[i] += gravity * dt;
            d[3 * i] = walk[3 * i] * dt, d[3 * i + 1] = vy[i] * dt, d[3 * i + 2] = walk[3 * i + 2] * dt;
        }
        group.move_all(d.data(), dt);
        for (std::uint32_t i = 0; i < k; ++i) {
            const CharacterMove& m = group.last_move(i);
            if (m.grounded) {
                vy[i] = 0.0f;
                ++grounded;
            }
            ++moves;
            const Vec3 c{group.positions()[3 * i], group.positions()[3 * i + 1], group.positions()[3 * i + 2]};
            if (!is_finite(c)) {
                ++non_finite;
                continue;
            }
            if (!(std::fabs(c.x) < half_size && std::fabs(c.z) < half_size)) ++escapes;
            const WorldFloor f = world.floor(c.x, c.z, INFINITY);
            const double below = f.hit ? double(f.height) - (double(c.y) - half - s.radius) : 0.0;
            if (below > deepest) deepest = below;
            if (below > 0.01) ++falls;  // more than a centimetre (a skin) below the surface
        }
    }
    const bool ok = escapes == 0 && falls == 0 && non_finite == 0;
    std::printf(
        "soak characters: %s — %u characters for %.0f simulated s on the S1 terrain (%llu moves, %.0f%% grounded), "
        "%llu escapes, %llu fell through, %llu non-finite, deepest %.3g mm below the surface, %.1f s\n",
        ok ? "ok" : "FAILED", k, steps / 60.0, static_cast<unsigned long long>(moves),
        100.0 * double(grounded) / double(moves ? moves : 1), static_cast<unsigned long long>(escapes),
        static_cast<unsigned long long>(falls), static_cast<unsigned long long>(non_finite), 1000.0 * deepest,
        seconds_since(t0));
    return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const bench::Options opt(argc, argv, 1);
        int status = 0;
        const double particle_steps = opt.number("particle-steps", 1e7);
        if (particle_steps > 0)
            status |= soak_particles(particle_steps, static_cast<std::uint32_t>(opt.number("particles", 2000)));
        const double seconds = opt.number("character-seconds", 600);
        if (seconds > 0)
            status |=
                soak_characters(opt.text("world"), seconds, static_cast<std::uint32_t>(opt.number("characters", 100)));
        return status;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shototsu_soak: %s\n", e.what());
        return 2;
    }
}
