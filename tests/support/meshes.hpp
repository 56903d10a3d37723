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
                    if (side > 0)
                        m.quad(p(0, 0), p(0, 1), p(1, 1), p(1, 0));
                    else
                        m.quad(p(0, 0), p(1, 0), p(1, 1), p(0, 1));
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

/// Appends a closed axis-aligned box (12 triangles, faces pointing out).
inline void add_box(MeshData& m, Vec3 lo, Vec3 hi) {
    const Vec3 c[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {hi.x, hi.y, lo.z}, {lo.x, hi.y, lo.z},
                       {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
    m.quad(c[0], c[3], c[2], c[1]);  // -z
    m.quad(c[4], c[5], c[6], c[7]);  // +z
    m.quad(c[0], c[4], c[7], c[3]);  // -x
    m.quad(c[1], c[2], c[6], c[5]);  // +x
    m.quad(c[0], c[1], c[5], c[4]);  // -y
    m.quad(c[3], c[7], c[6], c[2]);  // +y
}

/// Appends a closed ramp rising along +x from (x0, base) at `degrees` up to height h, then a flat
/// top `top` long, `width` wide centred on z = 0: a wedge plus a box, as solids.
inline void add_ramp(MeshData& m, float x0, float degrees, float h, float top, float width, float base = 0.0f) {
    const float run = h / std::tan(degrees * kDegToRad);
    const float z0 = -width / 2, z1 = width / 2;
    const Vec3 a{x0, base, z0}, b{x0 + run, base, z0}, c{x0 + run, base + h, z0};
    const Vec3 a2{x0, base, z1}, b2{x0 + run, base, z1}, c2{x0 + run, base + h, z1};
    m.quad(a, a2, c2, c);                             // the slope
    m.tri(m.vertex(a), m.vertex(c), m.vertex(b));     // side z0
    m.tri(m.vertex(a2), m.vertex(b2), m.vertex(c2));  // side z1
    m.quad(b, c, c2, b2);                             // back (vertical)
    m.quad(a, b, b2, a2);                             // bottom
    if (top > 0) add_box(m, {x0 + run, base, z0}, {x0 + run + top, base + h, z1});
}

/// Appends a staircase along +x: `steps` steps of `riser` height and `tread` depth from x0, as
/// stacked solid boxes, then a landing `landing` long; `width` wide centred on z = 0.
inline void add_stairs(MeshData& m, float x0, int steps, float riser, float tread, float width, float landing) {
    const float end = x0 + tread * static_cast<float>(steps) + landing;
    for (int k = 0; k < steps; ++k)
        add_box(m, {x0 + tread * static_cast<float>(k), 0, -width / 2},
                {end, riser * static_cast<float>(k + 1), width / 2});
}

/// A flat floor at y = 0 of n x n quads over [-size/2, size/2]^2 (2 n^2 triangles).
inline MeshData flat_floor(int n, float size) {
    return heightfield(n, size, [](float, float) { return 0.0f; });
}

}  // namespace shototsu::test
