// shototsu (internal) — exact signs of sums of products of floats (Shewchuk's expansion
// arithmetic), for the polygon containment test and its explain form. Never part of the public
// API.
#pragma once

#include "shototsu/math.hpp"

namespace shototsu::detail {

/// a + b = s + e exactly (Knuth's TwoSum). Valid because the build forbids FMA contraction and
/// fast-math, which would reassociate it away.
inline void two_sum(double a, double b, double& s, double& e) {
    s = a + b;
    const double bv = s - a;
    const double av = s - bv;
    e = (a - av) + (b - bv);
}

/// The exact sign of the sum of n <= 8 doubles: the terms are accumulated into a nonoverlapping
/// expansion (Shewchuk's Grow-Expansion with zero elimination), whose largest component — the
/// last — carries the sign of the exact sum.
inline int exact_sign_of_sum(const double* terms, int n) {
    double e[8];
    int m = 0;
    for (int k = 0; k < n; ++k) {
        double q = terms[k];
        int out = 0;
        for (int i = 0; i < m; ++i) {
            double s, err;
            two_sum(q, e[i], s, err);
            if (err != 0.0) e[out++] = err;
            q = s;
        }
        if (q != 0.0) e[out++] = q;
        m = out;
    }
    return m == 0 ? 0 : (e[m - 1] > 0.0 ? 1 : -1);
}

/// The exact sign of cross(b - a, p - a): > 0 when p is left of a->b. Expanded into six products
/// of two floats, each exact in double; the a.x a.y terms cancel and are left out.
inline int orientation(Vec2 a, Vec2 b, Vec2 p) {
    const double ax = a.x, ay = a.y, bx = b.x, by = b.y, px = p.x, py = p.y;
    const double terms[6] = {bx * py, -(bx * ay), -(ax * py), -(by * px), by * ax, ay * px};
    return exact_sign_of_sum(terms, 6);
}

}  // namespace shototsu::detail
