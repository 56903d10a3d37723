// shototsu (internal) — the Voronoi-region decision of closest_point_on_triangle (Ericson RTCD
// 5.1.5), in double, shared with the sweeps' start test so that both always pick the same
// region. Never part of the public API.
#pragma once

#include "dvec.hpp"
#include "shototsu/results.hpp"

namespace shototsu::detail {

/// The six dot products of the region tests and the three Lagrange-identity terms built from
/// them, for the point p and the triangle a, b, c.
struct RegionProducts {
    double d1, d2, d3, d4, d5, d6;
    double va, vb, vc;
};

inline RegionProducts region_products(DVec3 a, DVec3 b, DVec3 c, DVec3 p) {
    const DVec3 ab = b - a, ac = c - a;
    const DVec3 ap = p - a, bp = p - b, cp = p - c;
    RegionProducts k;
    k.d1 = dot(ab, ap);
    k.d2 = dot(ac, ap);
    k.d3 = dot(ab, bp);
    k.d4 = dot(ac, bp);
    k.d5 = dot(ab, cp);
    k.d6 = dot(ac, cp);
    k.vc = k.d1 * k.d4 - k.d3 * k.d2;
    k.vb = k.d5 * k.d2 - k.d1 * k.d6;
    k.va = k.d3 * k.d6 - k.d5 * k.d4;
    return k;
}

/// Takes each region test's outcome (explain_closest_point_on_triangle records them); this one
/// ignores them.
struct NoRecord {
    void test(TriangleRegion, bool) {}
};

/// The region of a triangle that is not zero-area: vertices, then edges, then the face, each
/// test passed to `rec` in the order it is made.
template <class Recorder = NoRecord>
inline TriangleRegion voronoi_region(const RegionProducts& k, Recorder&& rec = {}) {
    bool pass = k.d1 <= 0.0 && k.d2 <= 0.0;
    rec.test(TriangleRegion::A, pass);
    if (pass) return TriangleRegion::A;
    pass = k.d3 >= 0.0 && k.d4 <= k.d3;
    rec.test(TriangleRegion::B, pass);
    if (pass) return TriangleRegion::B;
    pass = k.vc <= 0.0 && k.d1 >= 0.0 && k.d3 <= 0.0;
    rec.test(TriangleRegion::AB, pass);
    if (pass) return TriangleRegion::AB;
    pass = k.d6 >= 0.0 && k.d5 <= k.d6;
    rec.test(TriangleRegion::C, pass);
    if (pass) return TriangleRegion::C;
    pass = k.vb <= 0.0 && k.d2 >= 0.0 && k.d6 <= 0.0;
    rec.test(TriangleRegion::CA, pass);
    if (pass) return TriangleRegion::CA;
    pass = k.va <= 0.0 && (k.d4 - k.d3) >= 0.0 && (k.d5 - k.d6) >= 0.0;
    rec.test(TriangleRegion::BC, pass);
    if (pass) return TriangleRegion::BC;
    rec.test(TriangleRegion::Face, true);
    return TriangleRegion::Face;
}

}  // namespace shototsu::detail
