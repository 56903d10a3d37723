// Reproducer of a CharacterGroup issue the fuzzer found (reported to the lead; see
// tests/fuzz/known/README.md): a character moving farther than about a diameter in one step passes
// through another, because the test against the others looks at the end of each slide only.
//   build/fuzz/tests/fuzz/known_character_group   (or any build with shototsu_core)
#include <cstdio>

#include "meshes.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;

int main() {
    // 1. Tunnelling: a step longer than a diameter passes through a standing character (the test
    //    against the others looks at the end of each slide only).
    {
        const test::MeshData floor = test::flat_floor(4, 40.0f);
        World world;
        world.add_mesh(floor.positions, floor.indices);
        CharacterSettings s;  // radius 0.35, height 1.7
        CharacterGroup g(world, s, 2);
        const float y = 0.5f * s.height + s.skin_width;
        g.add({-1.0f, y, 0.0f});  // walks +x by 2 m in one step
        g.add({0.0f, y, 0.0f});   // stands still
        const float d[6] = {2.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
        g.move_all(d, 1.0f / 60.0f);
        std::printf("tunnel: a 2 m step took character 0 from x = -1 to x = %.3f, through the character standing at x = 0%s\n",
                    g.positions()[0], g.positions()[0] > 0.0f ? " (CROSSED)" : "");
    }
    // 2. Snaps, step-ups, stacked characters and corners: found by the fuzzer on its terrain; run
    //      SHOTOTSU_FUZZ_STRICT_GROUP=1 SHOTOTSU_FUZZ_VERBOSE=1 build/fuzz/tests/fuzz/fuzz_character \
    //        tests/fuzz/known/character-group-<case>.bin
    //    for the moves that end with two characters inside each other.
    return 0;
}
