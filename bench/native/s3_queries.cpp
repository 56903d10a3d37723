// S3 natively: closest_point_on_triangle and triangle_sphere, one call per query over the S3
// set. Writes the answers (closest: point; triangle–sphere: hit, depth) for the JS side to
// compare with its double-precision reference. Prints ns per query of every run.
#include <cstdio>

#include "scene_io.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/overlap.hpp"

namespace shototsu::bench {

int run_s3(const Options& opt) {
    const SceneFile q = read_scene_file(opt.text("queries"), "SHTQ");
    const std::uint32_t n = q.header[0];
    const float* t = q.floats(0);
    const float* p = q.floats(9 * static_cast<std::size_t>(n));
    const float* s = q.floats(12 * static_cast<std::size_t>(n));
    const int repeats = opt.integer("repeats", 3);
    auto tri = [&](std::size_t k) {
        const float* f = t + 9 * k;
        return Triangle{{f[0], f[1], f[2]}, {f[3], f[4], f[5]}, {f[6], f[7], f[8]}};
    };

    std::vector<float> closest(3 * static_cast<std::size_t>(n)), contacts(2 * static_cast<std::size_t>(n));
    std::vector<double> closest_ns, sphere_ns;
    for (int run = 0; run < repeats; ++run) {
        double a = now_ms();
        for (std::size_t k = 0; k < n; ++k) {
            const Vec3 r = closest_point_on_triangle({p[3 * k], p[3 * k + 1], p[3 * k + 2]}, tri(k)).point;
            closest[3 * k] = r.x, closest[3 * k + 1] = r.y, closest[3 * k + 2] = r.z;
        }
        closest_ns.push_back(1e6 * (now_ms() - a) / n);
        a = now_ms();
        for (std::size_t k = 0; k < n; ++k) {
            const Contact c = triangle_sphere(tri(k), Sphere{{s[4 * k], s[4 * k + 1], s[4 * k + 2]}, s[4 * k + 3]});
            contacts[2 * k] = c.hit ? 1.0f : 0.0f;
            contacts[2 * k + 1] = c.hit ? c.depth : 0.0f;
        }
        sphere_ns.push_back(1e6 * (now_ms() - a) / n);
    }
    write_floats(opt.text("closestOut"), "SHTO", n, 3, closest);
    write_floats(opt.text("sphereOut"), "SHTO", n, 2, contacts);
    std::printf("{");
    print_series("closestNs", closest_ns);
    print_series("triangleSphereNs", sphere_ns, true);
    std::printf("}\n");
    return 0;
}

}  // namespace shototsu::bench
