// S1 natively: shototsu's ParticleSystem over the S1 world, the same particles as the JS engines.
// Every run is timed; run 0 also records the positions after every step (outside the timed
// part), the trajectory the JS side measures. Prints {"msPerStep": [run0, run1, ...], "buildMs": ...}.
#include <cstdio>

#include "scene_io.hpp"
#include "shototsu/particles.hpp"

namespace shototsu::bench {

int run_s1(const Options& opt) {
    const MeshFile mesh = read_mesh(opt.text("world"));
    const SceneFile spawn = read_scene_file(opt.text("spawn"), "SHTP");
    const std::uint32_t n = spawn.header[0];
    const float* pos = spawn.floats(0);
    const float* vel = spawn.floats(3 * n);
    const float* radii = spawn.floats(6 * n);
    const int steps = opt.integer("steps", 300), repeats = opt.integer("repeats", 3);
    const float dt = static_cast<float>(opt.number("dt", 1.0 / 60.0));

    const double t0 = now_ms();
    World world;
    if (!world.add_mesh(mesh.positions, mesh.indices).ok) throw std::runtime_error("add_mesh failed");
    const double build_ms = now_ms() - t0;

    ParticleSettings settings;
    settings.capacity = n;
    settings.radius = radii[0];
    settings.restitution = static_cast<float>(opt.number("restitution", 0.6));
    settings.friction = static_cast<float>(opt.number("friction", 0.3));
    settings.damping = static_cast<float>(opt.number("damping", 0.0));
    settings.gravity = {0.0f, static_cast<float>(opt.number("gravity", -9.81)), 0.0f};
    settings.collide_particles = false;

    std::vector<double> ms_per_step;
    std::vector<float> trajectory;
    for (int run = 0; run < repeats; ++run) {
        ParticleSystem ps(world, settings);
        for (std::uint32_t k = 0; k < n; ++k)
            ps.spawn({pos[3 * k], pos[3 * k + 1], pos[3 * k + 2]}, {vel[3 * k], vel[3 * k + 1], vel[3 * k + 2]},
                     radii[k]);
        if (run == 0) trajectory.reserve(static_cast<std::size_t>(steps) * 3 * n);
        double total = 0.0;
        for (int s = 0; s < steps; ++s) {
            const double a = now_ms();
            ps.step(dt);
            total += now_ms() - a;
            if (run == 0) trajectory.insert(trajectory.end(), ps.positions(), ps.positions() + 3 * n);
        }
        ms_per_step.push_back(total / steps);
    }
    write_floats(opt.text("trajectory"), "SHTT", static_cast<std::uint32_t>(steps), n, trajectory);
    std::printf("{");
    print_series("msPerStep", ms_per_step);
    std::printf("\"buildMs\": %.6g}\n", build_ms);
    return 0;
}

}  // namespace shototsu::bench
