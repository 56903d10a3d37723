// Shared helpers of the Catch2 suites: a seeded generator, double-precision vectors for
// independent reference answers, and generators of awkward triangles.
#pragma once

#include <cmath>
#include <cstdint>

#include "shototsu/shototsu.hpp"

namespace shototsu::test {

/// splitmix64: tiny, fast, and the same sequence on every platform and standard library
/// (std::uniform_real_distribution is not specified bit-for-bit).
struct Rng {
    std::uint64_t state;
    explicit Rng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    float uniform(float lo, float hi) { return static_cast<float>(lo + (hi - lo) * unit()); }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    Vec3 vec(float lo, float hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
    /// A uniformly distributed unit vector.
    Vec3 direction() {
        for (;;) {
            const Vec3 v = vec(-1.0f, 1.0f);
            const float l2 = length_sq(v);
            if (l2 > 1e-4f && l2 <= 1.0f) return v * (1.0f / std::sqrt(l2));
        }
    }
    /// A scale drawn log-uniformly between lo and hi.
    float log_uniform(float lo, float hi) {
        return static_cast<float>(std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * unit()));
    }
};

struct DVec3 {
    double x = 0, y = 0, z = 0;
};
inline DVec3 d(Vec3 v) { return {v.x, v.y, v.z}; }
inline DVec3 operator+(DVec3 a, DVec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline DVec3 operator-(DVec3 a, DVec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline DVec3 operator*(DVec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
inline double ddot(DVec3 a, DVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline DVec3 dcross(DVec3 a, DVec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline double dlen(DVec3 a) { return std::sqrt(ddot(a, a)); }
inline double ddist(DVec3 a, DVec3 b) { return dlen(a - b); }

/// Closest point on a segment in double precision (a plain clamp of the projection).
inline DVec3 ref_closest_on_segment(DVec3 p, DVec3 a, DVec3 b) {
    const DVec3 ab = b - a;
    const double l2 = ddot(ab, ab);
    if (l2 == 0.0) return a;
    double t = ddot(p - a, ab) / l2;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return a + ab * t;
}

/// Closest point on a triangle in double precision by a different method from the library's
/// Voronoi-region walk: project onto the plane and keep the projection if it is inside (by
/// barycentric signs); otherwise the nearest of the three edges.
inline DVec3 ref_closest_on_triangle(DVec3 p, DVec3 a, DVec3 b, DVec3 c) {
    const DVec3 n = dcross(b - a, c - a);
    const double n2 = ddot(n, n);
    if (n2 > 0.0) {
        const DVec3 q = p - n * (ddot(p - a, n) / n2);
        const double u = ddot(dcross(c - b, q - b), n);
        const double v = ddot(dcross(a - c, q - c), n);
        const double w = ddot(dcross(b - a, q - a), n);
        if (u >= 0 && v >= 0 && w >= 0) return q;
    }
    const DVec3 e[3] = {ref_closest_on_segment(p, a, b), ref_closest_on_segment(p, b, c),
                        ref_closest_on_segment(p, c, a)};
    DVec3 best = e[0];
    for (int i = 1; i < 3; ++i)
        if (ddist(p, e[i]) < ddist(p, best)) best = e[i];
    return best;
}

/// The kinds of triangles the randomised suites mix in.
enum class TriangleKind { Random, Collinear, Repeated, Needle, Tiny, Huge };

/// A triangle of the given kind near the origin, scaled by `scale`.
inline Triangle make_triangle(Rng& rng, TriangleKind kind, float scale = 1.0f) {
    Triangle t{rng.vec(-scale, scale), rng.vec(-scale, scale), rng.vec(-scale, scale)};
    switch (kind) {
        case TriangleKind::Random: break;
        case TriangleKind::Collinear: t.c = lerp(t.a, t.b, rng.uniform(-0.5f, 1.5f)); break;
        case TriangleKind::Repeated:
            if (rng.below(2))
                t.b = t.a;
            else
                t.c = t.b;
            if (rng.below(4) == 0) t.c = t.a = t.b;
            break;
        case TriangleKind::Needle:
            t.c = lerp(t.a, t.b, rng.uniform(0.1f, 0.9f)) + rng.direction() * (scale * 1e-4f);
            break;
        case TriangleKind::Tiny:
            t.b = t.a + rng.vec(-1e-3f, 1e-3f);
            t.c = t.a + rng.vec(-1e-3f, 1e-3f);
            break;
        case TriangleKind::Huge: t = {t.a * 1e4f, t.b * 1e4f, t.c * 1e4f}; break;
    }
    return t;
}

inline TriangleKind pick_kind(Rng& rng) {
    const int r = rng.below(100);
    if (r < 80) return TriangleKind::Random;
    if (r < 84) return TriangleKind::Collinear;
    if (r < 88) return TriangleKind::Repeated;
    if (r < 92) return TriangleKind::Needle;
    if (r < 96) return TriangleKind::Tiny;
    return TriangleKind::Huge;
}

/// A random point of the triangle, of one of its edges, or one of its vertices.
inline Vec3 pick_target(Rng& rng, const Triangle& t) {
    const int mode = rng.below(4);
    if (mode == 0) return rng.below(3) == 0 ? t.a : (rng.below(2) ? t.b : t.c);
    if (mode == 1) {
        const float u = rng.uniform(0, 1);
        const int e = rng.below(3);
        return e == 0 ? lerp(t.a, t.b, u) : (e == 1 ? lerp(t.b, t.c, u) : lerp(t.c, t.a, u));
    }
    float u = rng.uniform(-0.2f, 1.2f), v = rng.uniform(-0.2f, 1.2f);
    if (mode == 2 && u + v > 1) {
        u = 1 - u;
        v = 1 - v;
    }
    return t.a + (t.b - t.a) * u + (t.c - t.a) * v;
}

/// The size of a triangle (its longest edge), used to scale float32 tolerances.
inline float triangle_scale(const Triangle& t) {
    const float m = std::fmax(std::fmax(distance(t.a, t.b), distance(t.b, t.c)), distance(t.c, t.a));
    return m;
}

/// Largest absolute coordinate of a few points: float32 rounding is relative to this.
inline float magnitude(std::initializer_list<Vec3> pts) {
    float m = 0;
    for (const Vec3& p : pts) m = std::fmax(m, std::fmax(std::fabs(p.x), std::fmax(std::fabs(p.y), std::fabs(p.z))));
    return m;
}

inline constexpr float kFloatEps = 1.1920929e-7f;

}  // namespace shototsu::test
