// The serialization scene, natively: a small world of every kind of object (an indexed ground,
// a non-indexed cube, an instance outliving its mesh, primitives, a removed id, a refit, a step
// with velocities and a pending target), built from dyadic numbers so that JS hands the core the
// same floats. Writes its World::serialize() bytes to <dir>/world.serialized.bin;
// tests/js/serialize.test.js builds the same scene through the package (its steps mirror these
// line for line) and requires the same bytes.
//
//   shototsu_serialize_golden <dir>
#include <cstdio>
#include <string>
#include <vector>

#include "cube.hpp"
#include "shototsu/world.hpp"

using namespace shototsu;

namespace {

// An 8 x 8 grid over [-8, 8]^2 whose heights follow a dyadic pattern shifted by `phase`.
std::vector<float> ground(int phase) {
    std::vector<float> p;
    for (int j = 0; j <= 8; ++j)
        for (int i = 0; i <= 8; ++i)
            p.insert(p.end(), {static_cast<float>(2 * i - 8), static_cast<float>((i * 7 + j * 3 + phase) % 5) / 8.0f,
                               static_cast<float>(2 * j - 8)});
    return p;
}

std::vector<std::uint32_t> ground_indices() {
    std::vector<std::uint32_t> idx;
    for (std::uint32_t j = 0; j < 8; ++j)
        for (std::uint32_t i = 0; i < 8; ++i) {
            const std::uint32_t a = j * 9 + i, b = a + 1, c = a + 9, d = c + 1;
            idx.insert(idx.end(), {a, c, d, a, d, b});
        }
    return idx;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: shototsu_serialize_golden <dir>\n");
        return 2;
    }
    World w;
    const std::vector<float> g = ground(0);
    const std::uint32_t ground_id = w.add_mesh(g, ground_indices()).object;
    ObjectOptions co;
    co.transform = {{2, 1, -3}, {0.5f, 0.5f, 0.5f, 0.5f}, 1.0f};
    co.layers = 2;
    const std::uint32_t cube_id = w.add_mesh(unit_cube(), {}, co).object;
    ObjectOptions io;
    io.transform = {{-2, 0.5f, 1}, {0, 0, 0, 1}, 2.0f};
    const std::uint32_t inst = w.add_instance(cube_id, io).object;
    const std::uint32_t sphere = w.add_sphere({0, 2, 4}, 0.75f, 4).object;
    w.add_capsule({3, 0.5f, 3}, {4, 1.5f, 3}, 0.25f);
    w.add_box({-4, 1, -4}, {0, 0, 0, 1}, {0.5f, 1, 0.25f});
    w.remove(cube_id);
    w.set_transform(sphere, {{0.5f, 2, 4}, {0, 0, 0, 1}, 1.0f});
    w.set_transform(inst, {{-2, 0.75f, 1}, {0, 0, 0, 1}, 2.0f});
    w.update(0.015625f);
    w.update_mesh(ground_id, ground(2));
    w.set_transform(sphere, {{1, 2, 4}, {0, 0, 0, 1}, 1.0f});  // pending: no update after it

    const std::vector<std::uint8_t> bytes = w.serialize();
    const std::string path = std::string(argv[1]) + "/world.serialized.bin";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
        std::fprintf(stderr, "cannot write %s\n", path.c_str());
        return 1;
    }
    std::fclose(f);
    return 0;
}
