// S2 natively: one shototsu CharacterController per capsule over the S2 world, driven exactly
// like the JS engines: the walk velocity times dt horizontally, the caller's gravity vertically
// (vy += g dt, reset when the move ends grounded). Characters ignore each other, as in every
// engine of the suite. Every run is timed, run 0 also records the trajectory (outside the timed
// part). Prints {"usPerCharacterStep": [...]}.
#include <cstdio>

#include "scene_io.hpp"
#include "shototsu/character.hpp"

namespace shototsu::bench {

int run_s2(const Options& opt) {
    const MeshFile mesh = read_mesh(opt.text("world"));
    const SceneFile spawn = read_scene_file(opt.text("spawn"), "SHTC");
    const std::uint32_t n = spawn.header[0];
    const float* pos = spawn.floats(0);
    const float* walk = spawn.floats(3 * n);
    const int steps = opt.integer("steps", 600), repeats = opt.integer("repeats", 3);
    const float dt = static_cast<float>(opt.number("dt", 1.0 / 60.0));
    const float gravity = static_cast<float>(opt.number("gravity", -9.81));

    World world;
    if (!world.add_mesh(mesh.positions, mesh.indices).ok) throw std::runtime_error("add_mesh failed");

    CharacterSettings settings;
    settings.radius = static_cast<float>(opt.number("radius", 0.35));
    settings.height = 2.0f * (static_cast<float>(opt.number("halfHeight", 0.5)) + settings.radius);
    settings.step_height = static_cast<float>(opt.number("stepHeight", 0.3));
    settings.max_slope_degrees = static_cast<float>(opt.number("maxSlope", 45));
    settings.snap_distance = static_cast<float>(opt.number("snapDistance", 0.3));
    settings.skin_width = static_cast<float>(opt.number("skinWidth", 0.01));

    std::vector<double> us_per_char_step;
    std::vector<float> trajectory;
    for (int run = 0; run < repeats; ++run) {
        std::vector<CharacterController> chars;
        std::vector<float> vy(n, 0.0f);
        chars.reserve(n);
        for (std::uint32_t k = 0; k < n; ++k)
            chars.emplace_back(world, settings, Vec3{pos[3 * k], pos[3 * k + 1], pos[3 * k + 2]});
        double total = 0.0;
        for (int s = 0; s < steps; ++s) {
            const double a = now_ms();
            for (std::uint32_t k = 0; k < n; ++k) {
                vy[k] += gravity * dt;
                const CharacterMove m = chars[k].move({walk[3 * k] * dt, vy[k] * dt, walk[3 * k + 2] * dt}, dt);
                if (m.grounded) vy[k] = 0.0f;
            }
            total += now_ms() - a;
            if (run == 0)
                for (const CharacterController& c : chars)
                    trajectory.insert(trajectory.end(), {c.position().x, c.position().y, c.position().z});
        }
        us_per_char_step.push_back(1000.0 * total / (static_cast<double>(steps) * n));
    }
    write_floats(opt.text("trajectory"), "SHTT", static_cast<std::uint32_t>(steps), n, trajectory);
    std::printf("{");
    print_series("usPerCharacterStep", us_per_char_step, true);
    std::printf("}\n");
    return 0;
}

}  // namespace shototsu::bench
