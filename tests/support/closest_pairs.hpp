// Batches of point–triangle pairs for the closest-point batch tests, and the hostile pairs both
// batches are tried on: lattice points exactly on region boundaries, collinear and repeated
// vertices, a non-finite coordinate.
#pragma once

#include <limits>
#include <vector>

#include "test_support.hpp"

namespace shototsu::test {

/// Points and triangles packed as the batch functions read them (strides 3 and 9).
struct Pairs {
    std::vector<float> points, triangles;
    void add(Vec3 p, const Triangle& t) {
        points.insert(points.end(), {p.x, p.y, p.z});
        triangles.insert(triangles.end(), {t.a.x, t.a.y, t.a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z});
    }
    std::size_t size() const { return points.size() / 3; }
};
inline Vec3 at(const std::vector<float>& v, std::size_t i) { return {v[3 * i], v[3 * i + 1], v[3 * i + 2]}; }
inline Triangle tri_at(const std::vector<float>& v, std::size_t i) {
    const float* t = v.data() + 9 * i;
    return {{t[0], t[1], t[2]}, {t[3], t[4], t[5]}, {t[6], t[7], t[8]}};
}

/// A coordinate on a lattice of quarters in [-2, 2], zeros of either sign: the region tests'
/// products are exact there, so points sit exactly on region boundaries, edges and vertices.
inline float lattice_quarter(Rng& rng) {
    const float v = static_cast<float>(rng.below(17) - 8) / 4.0f;
    return v == 0.0f && rng.below(2) ? -0.0f : v;
}
inline Vec3 lattice_quarter_vec(Rng& rng) {
    const float x = lattice_quarter(rng), y = lattice_quarter(rng);
    return {x, y, lattice_quarter(rng)};
}

/// Makes `t` exactly collinear on the lattice, the middle vertex anywhere in the order.
inline void make_lattice_collinear(Rng& rng, Triangle& t) {
    const Vec3 d = lattice_quarter_vec(rng) * 0.25f;
    const float m = static_cast<float>(rng.below(5) - 2);
    t = {t.a, t.a + d, t.a + d * m};
}
/// Repeats a vertex of `t`, or all three.
inline void repeat_a_vertex(Rng& rng, Triangle& t) {
    if (rng.below(4) == 0)
        t.b = t.c = t.a;
    else if (rng.below(2) == 0)
        t.b = t.a;
    else
        t.c = t.b;
}
/// Makes one coordinate of the last pair (its triangle's or its point's) NaN, +inf or -inf.
inline void poison_last_pair(Rng& rng, Pairs& in) {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const int at = rng.below(12);
    float& f = at < 9 ? in.triangles[in.triangles.size() - 9 + at] : in.points[in.points.size() - 12 + at];
    f = rng.below(3) == 0 ? nan : (rng.below(2) ? inf : -inf);
}

}  // namespace shototsu::test
