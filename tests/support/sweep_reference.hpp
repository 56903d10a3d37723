// Independent double-precision references for the sweep suites: the first time at which the
// distance from a moving centre to an obstacle falls to the radius, found by time-stepping and
// bisection on the distance itself (no quadratic, no feature logic).
#pragma once

#include <cmath>

#include "catch_support.hpp"
#include "test_support.hpp"

namespace shototsu::test {

/// The moving centre in double: start + (end - start) t, from the float inputs.
struct DMotion {
    DVec3 start, delta;
    DMotion(Vec3 s, Vec3 e) : start(d(s)), delta(d(e) - d(s)) {}
    DVec3 at(double t) const { return start + delta * t; }
    double length() const { return dlen(delta); }
};

/// What the reference found for g(t) = distance(t) - radius on [0, 1].
struct RefContact {
    bool hit = false;
    /// First t with g(t) <= 0 (0 when the start already touches); 1 on a miss.
    double t = 1.0;
    /// min of g over [0, 1] and where it is: how clear a miss or how deep a hit is.
    double min_gap = 0.0;
    double t_min = 0.0;
};

inline constexpr int kRefSteps = 256;

/// `dist(t)` must be convex in t (the distance from a point moving on a line to a convex set
/// is): the samples bracket its minimum, a golden-section search polishes it (so a grazing
/// contact shorter than one step is not skipped), and bisection finds the first crossing.
template <class Dist>
RefContact ref_first_contact(Dist dist, double radius) {
    RefContact out;
    double best_t = 0.0, best = dist(0.0);
    for (int i = 1; i <= kRefSteps; ++i) {
        const double t = static_cast<double>(i) / kRefSteps, g = dist(t);
        if (g < best) {
            best = g;
            best_t = t;
        }
    }
    double lo = std::fmax(0.0, best_t - 1.0 / kRefSteps), hi = std::fmin(1.0, best_t + 1.0 / kRefSteps);
    const double phi = 0.6180339887498949;
    for (int i = 0; i < 60; ++i) {  // shrinks the bracket by 0.618^60 = 3e-13
        const double m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
        if (dist(m1) < dist(m2))
            hi = m2;
        else
            lo = m1;
    }
    const double polished = 0.5 * (lo + hi);
    if (dist(polished) < best) {
        best = dist(polished);
        best_t = polished;
    }
    out.min_gap = best - radius;
    out.t_min = best_t;
    if (dist(0.0) <= radius) {
        out.hit = true;
        out.t = 0.0;
        return out;
    }
    if (best > radius) return out;
    double a = 0.0, b = best_t;     // g(a) > 0 >= g(b), g decreasing on [0, t_min] by convexity
    for (int i = 0; i < 64; ++i) {  // 2^-64: below double resolution of t
        const double m = 0.5 * (a + b);
        if (dist(m) <= radius)
            b = m;
        else
            a = m;
    }
    out.hit = true;
    out.t = b;
    return out;
}

/// Largest absolute coordinate of the inputs, as a double.
inline double dmagnitude(std::initializer_list<Vec3> pts) { return static_cast<double>(magnitude(pts)); }

/// Tallies of a seeded sweep suite (the cases clear of the tangency band, and those in it).
struct SweepTally {
    int hits = 0, starts = 0, misses = 0, banded = 0;
    double worst_t = 0.0;  // (t_ref - t) * approach speed / largest coordinate, well-conditioned hits
};

/// Reports a suite's tallies and checks that it met enough hits and misses (and starts at t = 0,
/// when the suite draws them).
inline void check_tally(const char* label, const SweepTally& t, bool expect_starts) {
    WARN(label << ": " << t.hits << " hits, " << t.starts << " at t = 0, " << t.misses << " misses, " << t.banded
               << " in the tangency band; worst (t_ref - t) approach / max|coordinate| = " << t.worst_t);
    CHECK(t.hits > 5000);
    CHECK(t.misses > 5000);
    if (expect_starts) CHECK(t.starts > 500);
}

/// A seeded sweep: a triangle of any kind (pick_kind), a quarter of them away from the origin, a
/// radius (0 in one case in twenty), and an aiming point moving along `dir` by `len` toward a
/// point, edge or vertex of the triangle (pick_target). long_and_grazing: a third of the motions
/// are 100 times longer, and half pass (about) r from the target, perpendicular to dir.
struct AimedSweep {
    Triangle tri;
    float r;
    Vec3 aim, dir;
    float len;
};

/// `shape(tri, size)` draws what the caller's shape needs besides the radius (a capsule's axis)
/// before the target is drawn.
template <class Shape>
AimedSweep aimed_sweep(Rng& rng, bool long_and_grazing, Shape&& shape) {
    AimedSweep c;
    const TriangleKind kind = pick_kind(rng);
    const float scale = kind == TriangleKind::Huge ? rng.log_uniform(1e-3f, 1.0f) : rng.log_uniform(1e-3f, 1e4f);
    c.tri = make_triangle(rng, kind, scale);
    if (rng.below(4) == 0) {  // away from the origin
        const Vec3 off = rng.vec(-1, 1) * (scale * rng.uniform(0, 10));
        c.tri = {c.tri.a + off, c.tri.b + off, c.tri.c + off};
    }
    const float size = std::fmax(triangle_scale(c.tri), 1e-3f * scale);
    c.r = rng.below(20) == 0 ? 0.0f : rng.log_uniform(1e-3f, 0.5f) * size;
    shape(c.tri, size);
    const Vec3 target = pick_target(rng, c.tri);
    c.dir = rng.direction();
    c.len = rng.log_uniform(1e-2f, 4.0f) * size;
    if (long_and_grazing && rng.below(3) == 0) c.len *= 100.0f;
    if (long_and_grazing && rng.below(2) == 0) {
        Vec3 side = cross(c.dir, rng.direction());
        side = side * (1.0f / std::fmax(length(side), 1e-30f));
        const float offset = c.r * (1.0f + rng.uniform(-1e-5f, 1e-5f) * float(rng.below(2)));
        c.aim = target + side * offset - c.dir * (c.len * rng.uniform(0, 1));
    } else {
        c.aim = target - c.dir * (c.len * rng.uniform(0, 1.5f)) + rng.direction() * (c.r * rng.uniform(0, 2));
    }
    return c;
}

/// Adds v to coordinate k (0, 1, 2: x, y, z) of p.
inline void add_to_axis(Vec3& p, int k, float v) { (k == 0 ? p.x : (k == 1 ? p.y : p.z)) += v; }

/// Half of an axis-aligned rectangle (a box's face: a floor, a wall, a ceiling), its normal along
/// `axis`, within a few sizes of the origin (so that the references resolve a short motion's
/// time), either winding: flat along that axis.
inline Triangle box_face_triangle(Rng& rng, int axis, float size) {
    const Vec3 c = rng.vec(-4, 4) * size;
    const float h0 = size * rng.uniform(0.2f, 1.0f), h1 = size * rng.uniform(0.2f, 1.0f);
    const auto corner = [&](float u, float v) {
        Vec3 p = c;
        add_to_axis(p, (axis + 1) % 3, u * h0);
        add_to_axis(p, (axis + 2) % 3, v * h1);
        return p;
    };
    const Vec3 p00 = corner(-1, -1), p10 = corner(1, -1), p11 = corner(1, 1), p01 = corner(-1, 1);
    const Triangle t = rng.below(2) ? Triangle{p00, p10, p11} : Triangle{p00, p11, p01};
    return rng.below(2) ? t : Triangle{t.a, t.c, t.b};
}

/// A box face of random axis and size (box_face_triangle) and a point of it to aim at: inside, on
/// or just outside an edge or a vertex (pick_target), in three cases of four nudged toward or away
/// from the centroid by up to 4e-4 of the way.
struct BoxFaceAim {
    int axis;
    float size;
    Triangle tri;
    Vec3 target;
};
inline BoxFaceAim box_face_aim(Rng& rng) {
    BoxFaceAim a;
    a.axis = rng.below(3);
    a.size = rng.log_uniform(0.05f, 20.0f);
    a.tri = box_face_triangle(rng, a.axis, a.size);
    a.target = pick_target(rng, a.tri);
    const Vec3 centroid = (a.tri.a + a.tri.b + a.tri.c) * (1.0f / 3.0f);
    a.target = a.target + (centroid - a.target) * rng.uniform(-4e-4f, 4e-4f) * float(rng.below(4) != 0);
    return a;
}

/// A sweep's miss (SweepHit or TriangleSweepHit): t = 1, point where the shape ends, every other
/// field zero.
template <class Hit>
void check_sweep_miss(const Hit& h, Vec3 end) {
    CHECK_FALSE(h.hit);
    CHECK(h.t == 1.0f);
    CHECK(h.point == end);
    CHECK(h.normal == Vec3{0, 0, 0});
    CHECK(h.contact == Vec3{0, 0, 0});
}

/// A hand-computed hit, exact in double and rounded once to float: t within rounding of `t` and
/// not after it (t is rounded down), contact and normal within 1e-6.
template <class Hit>
void check_sweep_near(const Hit& h, double t, Vec3 contact, Vec3 normal) {
    CHECK(h.hit);
    CHECK(h.t == Approx(t).epsilon(1e-6).margin(1e-7));
    CHECK(h.t <= t);
    CHECK(distance(h.contact, contact) <= 1e-6f);
    CHECK(distance(h.normal, normal) <= 1e-6f);
}

}  // namespace shototsu::test
