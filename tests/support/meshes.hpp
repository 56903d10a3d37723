// Test meshes for the world, particle and character suites: what three.js BufferGeometry holds
// (positions, 3 floats per vertex, and indices, 3 per triangle).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "test_support.hpp"

namespace shototsu::test {

struct MeshData {
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;
    std::uint32_t vertex(Vec3 v) {
        positions.insert(positions.end(), {v.x, v.y, v.z});
        return static_cast<std::uint32_t>(positions.size() / 3 - 1);
    }
    void tri(std::uint32_t a, std::uint32_t b, std::uint32_t c) { indices.insert(indices.end(), {a, b, c}); }
    void quad(Vec3 a, Vec3 b, Vec3 c, Vec3 d) {  // counter-clockwise seen from the front
        const std::uint32_t i = vertex(a), j = vertex(b), k = vertex(c), l = vertex(d);
        tri(i, j, k);
        tri(i, k, l);
    }
    std::size_t triangle_count() const { return indices.size() / 3; }
    Triangle triangle(std::size_t t) const {
        auto v = [&](std::uint32_t i) { return Vec3{positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]}; };
        return {v(indices[3 * t]), v(indices[3 * t + 1]), v(indices[3 * t + 2])};
    }
};

/// An n x n quad heightfield over [-size/2, size/2]^2, y = height(x, z), facing up.
template <class Height>
MeshData heightfield(int n, float size, Height height) {
    MeshData m;
    const float step = size / static_cast<float>(n);
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            const float x = -size / 2 + step * static_cast<float>(i), z = -size / 2 + step * static_cast<float>(j);
            m.vertex({x, height(x, z), z});
        }
    const auto id = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            // Counter-clockwise seen from +y: (i,j) -> (i,j+1) -> (i+1,j+1).
            m.tri(id(i, j), id(i, j + 1), id(i + 1, j + 1));
            m.tri(id(i, j), id(i + 1, j + 1), id(i + 1, j));
        }
    return m;
}

/// Rolling terrain: a few sines, like the benchmark scene S1 but smaller.
inline MeshData terrain(int n = 32, float size = 32.0f) {
    return heightfield(n, size, [](float x, float z) {
        return 0.8f * std::sin(0.35f * x) + 0.6f * std::cos(0.27f * z) + 0.3f * std::sin(0.9f * (x + z));
    });
}

/// A closed box room [-h, h]^3 whose faces point inward, each face split into n x n quads.
inline MeshData closed_room(float h = 5.0f, int n = 4) {
    MeshData m;
    const float s = 2 * h / static_cast<float>(n);
    for (int axis = 0; axis < 3; ++axis)
        for (int side = -1; side <= 1; side += 2)
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {
                    auto p = [&](int di, int dj) {
                        Vec3 v{};
                        set_component(v, axis, static_cast<float>(side) * h);
                        set_component(v, (axis + 1) % 3, -h + s * static_cast<float>(i + di));
                        set_component(v, (axis + 2) % 3, -h + s * static_cast<float>(j + dj));
                        return v;
                    };
                    // Winding chosen so the normal points inward (toward the centre).
                    if (side > 0) m.quad(p(0, 0), p(0, 1), p(1, 1), p(1, 0));
                    else m.quad(p(0, 0), p(1, 0), p(1, 1), p(0, 1));
                }
    return m;
}

/// Random triangles in a cube of half size `h`, with the awkward kinds of pick_kind mixed in.
inline MeshData soup(Rng& rng, int count, float h = 10.0f) {
    MeshData m;
    for (int t = 0; t < count; ++t) {
        const Vec3 c = rng.vec(-h, h);
        const Triangle tri = make_triangle(rng, rng.below(10) ? TriangleKind::Random : pick_kind(rng), 1.5f);
        const std::uint32_t a = m.vertex(c + tri.a), b = m.vertex(c + tri.b), d = m.vertex(c + tri.c);
        m.tri(a, b, d);
    }
    return m;
}

/// The same mesh moved by `offset` (to test coordinates ~1e4 from the origin).
inline MeshData translated(MeshData m, Vec3 offset) {
    for (std::size_t i = 0; i < m.positions.size(); i += 3) {
        m.positions[i] += offset.x;
        m.positions[i + 1] += offset.y;
        m.positions[i + 2] += offset.z;
    }
    return m;
}

}  // namespace shototsu::test
