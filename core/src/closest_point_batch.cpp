// shototsu — closest_points_on_triangles (closest_point.hpp): closest_point_on_triangle over
// arrays, four pairs at a time (two and two) without a data-dependent branch.
//
// Each pair of lanes runs closest2 (closest_point_lanes.hpp): closest_on_triangle's double-precision
// operations in the same order, so each lane's point has the single query's bits. Degenerate
// lanes (and NaN input) are answered by the single query itself. Packed input is read as whole
// vectors (other strides are copied into a packed group first) and the answers written as three
// vectors per four pairs.
#include <cstdint>
#include <cstring>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "batch_lanes.hpp"
#include "closest_point_lanes.hpp"
#include "shototsu/closest_point.hpp"

namespace shototsu {

namespace {

using namespace detail::lanes;
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
