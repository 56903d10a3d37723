// S4 natively: World::raycast for every ray of the S4 set against the 100,000-triangle mesh.
// Writes (hit, distance) per ray; prints ns per ray of every run and the build time.
#include <cstdio>

#include "scene_io.hpp"
#include "shototsu/world.hpp"

namespace shototsu::bench {

int run_s4(const Options& opt) {
    const MeshFile mesh = read_mesh(opt.text("mesh"));
    const SceneFile r = read_scene_file(opt.text("rays"), "SHTR");
    const std::uint32_t n = r.header[0];
    const float* rays = r.floats(0);
    const float max_distance = static_cast<float>(opt.number("maxDistance", 1000));
    const int repeats = opt.integer("repeats", 3);

    const double t0 = now_ms();
    World world;
    if (!world.add_mesh(mesh.positions, mesh.indices).ok) throw std::runtime_error("add_mesh failed");
    const double build_ms = now_ms() - t0;

    std::vector<float> hits(2 * static_cast<std::size_t>(n));
    std::vector<double> ns;
    for (int run = 0; run < repeats; ++run) {
        const double a = now_ms();
        for (std::size_t k = 0; k < n; ++k) {
            const float* f = rays + 6 * k;
            const WorldHit h = world.raycast({f[0], f[1], f[2]}, {f[3], f[4], f[5]}, max_distance);
            hits[2 * k] = h.hit ? 1.0f : 0.0f;
            hits[2 * k + 1] = h.distance;
        }
        ns.push_back(1e6 * (now_ms() - a) / n);
    }
    write_floats(opt.text("out"), "SHTO", n, 2, hits);
    std::printf("{");
    print_series("rayNs", ns);
    std::printf("\"buildMs\": %.6g}\n", build_ms);
    return 0;
}

}  // namespace shototsu::bench
