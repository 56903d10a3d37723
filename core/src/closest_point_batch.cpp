// shototsu — closest_points_on_triangles (closest_point.hpp): closest_point_on_triangle over
// arrays, four pairs at a time (two and two) without a data-dependent branch.
//
// Every lane performs the double-precision operations of closest_on_triangle in
// closest_point.cpp, in the same order, on the generic vector extension of GCC and Clang (SSE2
// natively, SIMD128 in wasm: two doubles, their width in both). IEEE +, -, *, / and conversions
// round the same in a lane as in a scalar, and -ffp-contract=off keeps them unfused, so each
// lane's point has the single query's bits. The region tests become disjoint masks, the first that
// holds (A, B, AB, C, CA, BC, face: voronoi_region's order) picking by AND and OR the terms of one
// form for every region, base - dir * t (closest2). Degenerate lanes (and NaN input) are answered
// by the single query itself. Packed input is read as whole vectors (other strides are copied
// into a packed group first) and the answers written as three vectors per four pairs.
#include <cstdint>
#include <cstring>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "batch_lanes.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

namespace {

using namespace detail::lanes;
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

// Packed arrays in double, by whole-vector loads and transposes that keep two elements' floats
// side by side (an interleave per pair of elements, then a widening of each half).
inline D2 widen_lo(F4 v) { return __builtin_convertvector(__builtin_shufflevector(v, v, 0, 1), D2); }
inline D2 widen_hi(F4 v) { return __builtin_convertvector(__builtin_shufflevector(v, v, 2, 3), D2); }
// Rows r0, r1 of four floats (two elements), as the four pairs (r0[j], r1[j]) in double.
inline void pairs4(F4 r0, F4 r1, D2 out[4]) {
    const F4 lo = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), hi = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);
    out[0] = widen_lo(lo);
    out[1] = widen_hi(lo);
    out[2] = widen_lo(hi);
    out[3] = widen_hi(hi);
}
// Triangles of 9 floats: a, b, c of the elements (0, 1) in lo, (2, 3) in hi.
inline void load_triangles9(const float* t, DV2 a[2], DV2 b[2], DV2 c[2]) {
    for (int h = 0; h < 2; ++h) {
        const float* r0 = t + 18 * h;
        const float* r1 = r0 + 9;
        D2 f[12];
        pairs4(load4(r0), load4(r1), f);              // floats 0..3
        pairs4(load4(r0 + 4), load4(r1 + 4), f + 4);  // 4..7
        pairs4(load4(r0 + 5), load4(r1 + 5), f + 8);  // 5..8: only 8 is used
        a[h] = {f[0], f[1], f[2]};
        b[h] = {f[3], f[4], f[5]};
        c[h] = {f[6], f[7], f[11]};
    }
}
// Points of 3 floats: four elements are 12 floats, read as three vectors (no read past them).
inline void load_points3(const float* q, DV2 p[2]) {
    const F4 v0 = load4(q), v1 = load4(q + 4), v2 = load4(q + 8);
    const F4 r1 = __builtin_shufflevector(v0, v1, 3, 4, 5, 6), r2 = __builtin_shufflevector(v1, v2, 2, 3, 4, 5),
             r3 = __builtin_shufflevector(v2, v2, 1, 2, 3, 3);
    D2 f[4];
    pairs4(v0, r1, f);
    p[0] = {f[0], f[1], f[2]};
    pairs4(r2, r3, f);
    p[1] = {f[0], f[1], f[2]};
}

// Two pairs of doubles narrowed to four floats. Each half is wasm's f32x4.demote_f64x2_zero; the
// empty asm keeps the optimiser from merging the two into one four-double conversion, which the
// wasm back end would split into eight scalar ones.
inline F4 demote(D2 v) {
    F4 r = __builtin_convertvector(__builtin_shufflevector(v, D2{0.0, 0.0}, 0, 1, 2, 3), F4);
#if defined(__wasm_simd128__)
    __asm__("" : "+r"(r));
#endif
    return r;
}
inline F4 narrow(D2 lo, D2 hi) { return __builtin_shufflevector(demote(lo), demote(hi), 0, 1, 4, 5); }

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

}  // namespace

void closest_points_on_triangles(const float* points, std::ptrdiff_t point_stride, const float* triangles,
                                 std::ptrdiff_t triangle_stride, std::size_t n, float* out) {
    const bool packed = point_stride == 3 && triangle_stride == 9;
    std::size_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        const float* p4 = points + static_cast<std::ptrdiff_t>(i) * point_stride;
        const float* t4 = triangles + static_cast<std::ptrdiff_t>(i) * triangle_stride;
        // Other strides (0 included) are copied into a packed group first.
        float packed_p[3 * kLanes], packed_t[9 * kLanes];
        if (!packed) {
            SHOTOTSU_ROLLED
            for (int k = 0; k < kLanes; ++k) {
                std::memcpy(packed_p + 3 * k, p4 + k * point_stride, 3 * sizeof(float));
                std::memcpy(packed_t + 9 * k, t4 + k * triangle_stride, 9 * sizeof(float));
            }
            p4 = packed_p;
            t4 = packed_t;
        }
        DV2 a[2], b[2], c[2], p[2];
        load_triangles9(t4, a, b, c);
        load_points3(p4, p);
        M2 regular[2];
        const DV2 lo = closest2(a[0], b[0], c[0], p[0], regular[0]);
        const DV2 hi = closest2(a[1], b[1], c[1], p[1], regular[1]);
        const bool all = regular[0][0] & regular[0][1] & regular[1][0] & regular[1][1];
        const auto ok = [&](int k) { return regular[k >> 1][k & 1] != 0; };
        write_group(narrow(lo.x, hi.x), narrow(lo.y, hi.y), narrow(lo.z, hi.z), all, ok, p4, t4, out + 3 * i);
    }
    for (; i < n; ++i) {
        const Vec3 r = single(points + static_cast<std::ptrdiff_t>(i) * point_stride,
                              triangles + static_cast<std::ptrdiff_t>(i) * triangle_stride);
        out[3 * i] = r.x;
        out[3 * i + 1] = r.y;
        out[3 * i + 2] = r.z;
    }
}

}  // namespace shototsu
