// shototsu — closest_on_triangle's regular case (closest_point.cpp) on two lanes of doubles, with
// each lane's point having the single query's bits: the exact batch's kernel
// (closest_point_batch.cpp), also the fast batch's answer for the lanes float32 cannot be trusted
// on (closest_point_fast.cpp).
//
// Every lane performs the double-precision operations of closest_on_triangle in the same order,
// on the generic vector extension of GCC and Clang (SSE2 natively, SIMD128 in wasm). IEEE +, -, *,
// / round the same in a lane as in a scalar, and -ffp-contract=off keeps them unfused. The region
// tests become disjoint masks, the first that holds (A, B, AB, C, CA, BC, face: voronoi_region's
// order) picking by AND and OR the terms of one form for every region, base - dir * t (closest2).
#pragma once

#include <cstdint>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "shototsu/tolerance.hpp"

namespace shototsu::detail::lanes {

typedef double D2 __attribute__((vector_size(16)));
typedef long long M2 __attribute__((vector_size(16)));

struct DV2 {
    D2 x, y, z;
};
inline DV2 operator-(const DV2& a, const DV2& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline DV2 operator*(const DV2& a, D2 s) { return {a.x * s, a.y * s, a.z * s}; }
// The same association as detail::dot and detail::cross.
inline D2 dot(const DV2& a, const DV2& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline DV2 cross(const DV2& a, const DV2& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

// Lane-wise a > b ? a : b, NaN and signed zeros included; in wasm one f64x2.pmax (pmax(b, a) is
// b < a ? a : b).
inline D2 max2(D2 a, D2 b) {
#if defined(__wasm_simd128__)
    return __builtin_bit_cast(D2, wasm_f64x2_pmax(__builtin_bit_cast(v128_t, b), __builtin_bit_cast(v128_t, a)));
#else
    return a > b ? a : b;
#endif
}
inline D2 keep(M2 m, D2 v) { return __builtin_bit_cast(D2, m & __builtin_bit_cast(M2, v)); }
inline D2 either(D2 x, D2 y) { return __builtin_bit_cast(D2, __builtin_bit_cast(M2, x) | __builtin_bit_cast(M2, y)); }
// The value of the one mask that holds (masks pairwise disjoint), +0 where none does: ANDs and ORs
// in place of a chain of selects.
inline D2 pick(M2 m0, D2 v0, M2 m1, D2 v1, M2 m2, D2 v2, M2 m3, D2 v3) {
    return either(either(keep(m0, v0), keep(m1, v1)), either(keep(m2, v2), keep(m3, v3)));
}
inline DV2 pick(M2 m0, const DV2& v0, M2 m1, const DV2& v1, M2 m2, const DV2& v2, M2 m3, const DV2& v3) {
    return {pick(m0, v0.x, m1, v1.x, m2, v2.x, m3, v3.x), pick(m0, v0.y, m1, v1.y, m2, v2.y, m3, v3.y),
            pick(m0, v0.z, m1, v1.z, m2, v2.z, m3, v3.z)};
}

// Two lanes of closest_on_triangle's regular case; `regular` is false where the single query must
// answer instead (a degenerate triangle, NaN).
inline DV2 closest2(const DV2& a, const DV2& b, const DV2& c, const DV2& p, M2& regular) {
    const D2 zero{0.0, 0.0};
    const D2 degenerate_sin_sq{tol::kDegenerateSinSq, tol::kDegenerateSinSq};
    const DV2 ab = b - a, ac = c - a, bc = c - b;
    const DV2 nrm = cross(ab, ac);
    const D2 nn = dot(nrm, nrm);
    const D2 l2 = max2(dot(bc, bc), max2(dot(ac, ac), dot(ab, ab)));
    // !(nn > k l2^2): the single query's degenerate test, NaN included.
    regular = nn > degenerate_sin_sq * l2 * l2;

    const DV2 ap = p - a, bp = p - b, cp = p - c;
    const D2 d1 = dot(ab, ap), d2 = dot(ac, ap), d3 = dot(ab, bp), d4 = dot(ac, bp), d5 = dot(ab, cp), d6 = dot(ac, cp);
    const D2 vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    const D2 d43 = d4 - d3, d56 = d5 - d6;

    // The region tests, each taken only where no earlier one held: pairwise disjoint masks.
    const M2 in_a = (d1 <= zero) & (d2 <= zero);
    const M2 in_b = ~in_a & (d3 >= zero) & (d4 <= d3);
    M2 taken = in_a | in_b;
    const M2 in_ab = ~taken & (vc <= zero) & (d1 >= zero) & (d3 <= zero);
    taken |= in_ab;
    const M2 in_c = ~taken & (d6 >= zero) & (d5 <= d6);
    taken |= in_c;
    const M2 in_ca = ~taken & (vb <= zero) & (d2 >= zero) & (d6 <= zero);
    taken |= in_ca;
    const M2 in_bc = ~taken & (va <= zero) & (d43 >= zero) & (d56 >= zero);
    const M2 edge = in_ab | in_ca | in_bc, face = ~(taken | in_bc);

    // Every region in one form, base - dir * t. Face: the single query's p - n (ap.n / nn) (nn > 0
    // in every regular lane). Edge: its base + dir ratio(num, den) (AB, CA or BC's terms), as
    // base - dir (-ratio): IEEE negation is exact and x - (-y) is x + y, so the bits are the same.
    // Vertex: dir = t = +0, and v - (+0 * +0) is v, -0 included.
    const D2 num = pick(in_ab, d1, in_ca, d2, in_bc, d43, face, dot(ap, nrm));
    const D2 den = pick(in_ab, d1 - d3, in_ca, d2 - d6, in_bc, d43 + d56, face, nn);
    const M2 sign = edge & M2{INT64_MIN, INT64_MIN};
    const D2 t = __builtin_bit_cast(D2, __builtin_bit_cast(M2, keep(den > zero, num / den)) ^ sign);
    const DV2 dir = pick(in_ab, ab, in_ca, ac, in_bc, bc, face, nrm);
    const DV2 base = pick(in_a | in_ab | in_ca, a, in_b | in_bc, b, in_c, c, face, p);
    return base - dir * t;
}

}  // namespace shototsu::detail::lanes
