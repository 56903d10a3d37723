// A cube of half extent 1 as 12 non-indexed triangles: the crate of the native = wasm scenes
// (tests/js/helpers.js's unitCube gives the same floats in the same order).
#pragma once

#include <vector>

inline std::vector<float> unit_cube() {
    const float v[8][3] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
                           {-1, -1, 1},  {1, -1, 1},  {1, 1, 1},  {-1, 1, 1}};
    const int f[12][3] = {{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                          {3, 7, 6}, {3, 6, 2}, {0, 4, 7}, {0, 7, 3}, {1, 2, 6}, {1, 6, 5}};
    std::vector<float> out;
    for (const auto& t : f)
        for (int k : t) out.insert(out.end(), {v[k][0], v[k][1], v[k][2]});
    return out;
}
