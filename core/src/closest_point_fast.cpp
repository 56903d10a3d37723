// shototsu — closest_points_on_triangles_fast (closest_point.hpp): the closest point of a
// triangle in float32, four pairs per step (one in each lane of a four-float vector: SSE natively,
// SIMD128 in wasm), regions chosen by masks, with the lanes float32 cannot be trusted on answered
// by the single query (closest_point_on_triangle).
//
// Everything is computed from differences of the inputs (b - a, p - a, ...), each rounded once,
// so that the error follows the triangle's size and the point's distance, not how far they are
// from the origin. The decision quantities are those of closest_on_triangle (closest_point.cpp),
// but the three in-plane ones (va, vb, vc) come from cross products, n.(ab x ap) and so on,
// rather than the Lagrange identity d1 d4 - d3 d2: the identity cancels terms of size |ab| |ap|^2
// |ac| where the cross product only has |n| |ab| |ap|, which keeps the error linear in the
// distance. The edge parameters divide by the edge's own squared length (ab.ab, not d1 - d3).
// IEEE +, -, *, / round the same in every lane and build and -ffp-contract=off keeps them
// unfused, so native and wasm give the same bits. The error bound is derived in the header.
#include <cstdint>
#include <cstring>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "batch_lanes.hpp"
#include "shototsu/closest_point.hpp"

namespace shototsu {

namespace {

using namespace detail::lanes;
typedef std::int32_t M4 __attribute__((vector_size(16)));

struct V4 {
    F4 x, y, z;
};
inline V4 operator-(const V4& a, const V4& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline F4 dot(const V4& a, const V4& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline V4 cross(const V4& a, const V4& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

inline F4 splat(float v) { return F4{v, v, v, v}; }
// Lane-wise a > b ? a : b; in wasm one f32x4.pmax (pmax(b, a) is b < a ? a : b, the same).
inline F4 max4(F4 a, F4 b) {
#if defined(__wasm_simd128__)
    return __builtin_bit_cast(F4, wasm_f32x4_pmax(__builtin_bit_cast(v128_t, b), __builtin_bit_cast(v128_t, a)));
#else
    return a > b ? a : b;
#endif
}
// Lane-wise m ? x : y for masks of all ones or all zeros (one v128.bitselect in wasm).
inline F4 sel(M4 m, F4 x, F4 y) {
    return __builtin_bit_cast(F4, (m & __builtin_bit_cast(M4, x)) | (~m & __builtin_bit_cast(M4, y)));
}
inline V4 sel(M4 m, const V4& x, const V4& y) { return {sel(m, x.x, y.x), sel(m, x.y, y.y), sel(m, x.z, y.z)}; }

// Rows r0..r3 (one element's four floats each) as columns (one float of every element each).
inline void transpose(F4 r0, F4 r1, F4 r2, F4 r3, F4& c0, F4& c1, F4& c2, F4& c3) {
    const F4 t0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), t1 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5);
    const F4 t2 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7), t3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
    c0 = __builtin_shufflevector(t0, t1, 0, 1, 4, 5);
    c1 = __builtin_shufflevector(t0, t1, 2, 3, 6, 7);
    c2 = __builtin_shufflevector(t2, t3, 0, 1, 4, 5);
    c3 = __builtin_shufflevector(t2, t3, 2, 3, 6, 7);
}
// Four packed triangles (36 floats) as a, b, c per lane: whole-vector loads, all within them.
inline void load_triangles9(const float* t, V4& a, V4& b, V4& c) {
    transpose(load4(t), load4(t + 9), load4(t + 18), load4(t + 27), a.x, a.y, a.z, b.x);
    transpose(load4(t + 4), load4(t + 13), load4(t + 22), load4(t + 31), b.y, b.z, c.x, c.y);
    // c.z is the last float of each element: lane 3 of the vector at 5.
    const F4 z01 = __builtin_shufflevector(load4(t + 5), load4(t + 14), 3, 7, 3, 7);
    const F4 z23 = __builtin_shufflevector(load4(t + 23), load4(t + 32), 3, 7, 3, 7);
    c.z = __builtin_shufflevector(z01, z23, 0, 1, 4, 5);
}
// Four packed points (12 floats, three vectors) as one per lane.
inline V4 load_points3(const float* q) {
    const F4 v0 = load4(q), v1 = load4(q + 4), v2 = load4(q + 8);
    const F4 x = __builtin_shufflevector(v0, v1, 0, 3, 6, 6), y = __builtin_shufflevector(v0, v1, 1, 4, 7, 7),
             z = __builtin_shufflevector(v0, v1, 2, 5, 5, 5);
    return {__builtin_shufflevector(x, v2, 0, 1, 2, 5), __builtin_shufflevector(y, v2, 0, 1, 2, 6),
            __builtin_shufflevector(z, v2, 0, 1, 4, 7)};
}

// The bounds of the fast lanes (closest_point.hpp): |ab x ac|^2 > kSinSq L^4 with L^2 the
// longest squared edge, L^2 in [kMinL2, kMaxL2], |p - a|^2 <= kFar L^2. The last three keep every
// product below (up to the fourth power of a length, times the factor 64 of kFar) between
// float32's smallest normal times 2^13 / u and its largest.
constexpr float kSinSq = 0x1p-8f;  // k = L^2 / |n| < 16
constexpr float kMinL2 = 0x1p-50f;
constexpr float kMaxL2 = 0x1p56f;
constexpr float kFar = 0x1p12f;  // |p - a| <= 64 L

// Four lanes of the closest point; `ok` is false in the lanes the single query must answer.
inline V4 closest4(const V4& a, const V4& b, const V4& c, const V4& p, M4& ok) {
    const F4 zero = splat(0.0f);
    const V4 ab = b - a, ac = c - a, bc = c - b, ap = p - a, bp = p - b;
    const F4 e00 = dot(ab, ab), e11 = dot(ac, ac), e22 = dot(bc, bc);
    const F4 l2 = max4(e22, max4(e11, e00));
    // n = ab x ac = ab x bc = ac x bc, taken from the two edges other than the longest: its
    // rounding is u times their lengths' product, |n| / sin of the largest angle, so its
    // direction is off by 5.7 u / sin(largest angle) (under 6.6 u when no angle is obtuse)
    // rather than 5.7 u / sin(the angle at a).
    const M4 at_a = e22 == l2, at_b = ~at_a & (e11 == l2);  // the corner opposite the longest edge
    const V4 n = cross(sel(at_a | at_b, ab, ac), sel(at_a, ac, bc));
    const F4 nn = dot(n, n);
    // Written so that NaN fails every test: non-finite lanes go to the single query.
    ok = (nn > splat(kSinSq) * (l2 * l2)) & (l2 >= splat(kMinL2)) & (l2 <= splat(kMaxL2)) &
         (dot(ap, ap) <= splat(kFar) * l2);

    // d1 = ab.ap, d2 = ac.ap, d3 = ab.bp, d6 = ac.cp; qb = bc.bp (d4 - d3), qc = bc.cp (d6 - d5).
    const F4 d1 = dot(ab, ap), d2 = dot(ac, ap), qb = dot(bc, bp);
    const F4 d3 = d1 - e00, d6 = d2 - e11, qc = qb - e22;
    // n.(ab x ap) = (ab x ac).(ap x bp) and so on: the signed areas against each edge, times |n|.
    const F4 vc = dot(n, cross(ab, ap)), vb = dot(n, cross(ap, ac)), va = dot(n, cross(bc, bp));

    // closest_on_triangle's tests in its order, each taken only where no earlier one held.
    const M4 in_a = (d1 <= zero) & (d2 <= zero);
    const M4 in_b = ~in_a & (d3 >= zero) & (qb <= zero);
    M4 taken = in_a | in_b;
    const M4 in_ab = ~taken & (vc <= zero) & (d1 >= zero) & (d3 <= zero);
    taken |= in_ab;
    const M4 in_c = ~taken & (d6 >= zero) & (qc >= zero);
    taken |= in_c;
    const M4 in_ca = ~taken & (vb <= zero) & (d2 >= zero) & (d6 <= zero);
    taken |= in_ca;
    const M4 in_bc = ~taken & (va <= zero) & (qb >= zero) & (qc <= zero);

    // Every region as base + dir t. Edges: t = num / (the edge's squared length), in [0, 1] since
    // the region's own tests hold (d3 = d1 - e00 <= 0 rounds so only when d1 <= e00). Face:
    // p + n (-ap.n / nn). Vertices: t = +0 (dir is n, finite in these lanes).
    const F4 num = sel(in_ab, d1, sel(in_ca, d2, sel(in_bc, qb, zero - dot(ap, n))));
    const F4 den = sel(in_ab, e00, sel(in_ca, e11, sel(in_bc, e22, nn)));
    const F4 t = sel(in_a | in_b | in_c, zero, num / den);
    const V4 dir = sel(in_ab, ab, sel(in_ca, ac, sel(in_bc, bc, n)));
    const V4 base = sel(in_a | in_ab | in_ca, a, sel(in_b | in_bc, b, sel(in_c, c, p)));
    return {base.x + dir.x * t, base.y + dir.y * t, base.z + dir.z * t};
}

// One group of four packed pairs (points 3 floats apart, triangles 9) into out4 (12 floats).
void run4(const float* p4, const float* t4, float* out4) {
    V4 a, b, c;
    load_triangles9(t4, a, b, c);
    const V4 p = load_points3(p4);
    M4 ok;
    const V4 q = closest4(a, b, c, p, ok);
    const bool all = ok[0] & ok[1] & ok[2] & ok[3];
    write_group(
        q.x, q.y, q.z, all, [&](int k) { return ok[k] != 0; }, p4, t4, out4);
}

}  // namespace

void closest_points_on_triangles_fast(const float* points, std::ptrdiff_t point_stride, const float* triangles,
                                      std::ptrdiff_t triangle_stride, std::size_t n, float* out) {
    const bool packed = point_stride == 3 && triangle_stride == 9;
    for (std::size_t i = 0; i < n; i += kLanes) {
        const std::size_t m = n - i < kLanes ? n - i : kLanes;
        if (packed && m == kLanes) {
            run4(points + 3 * i, triangles + 9 * i, out + 3 * i);
            continue;
        }
        // Other strides, and the last one to three pairs (the last one repeated), copied into a
        // packed group first: every pair gets the same answer whatever its stride or position.
        float p[3 * kLanes], t[9 * kLanes], o[3 * kLanes];
        SHOTOTSU_ROLLED
        for (std::size_t k = 0; k < kLanes; ++k) {
            const std::ptrdiff_t from = static_cast<std::ptrdiff_t>(i + (k < m ? k : m - 1));
            std::memcpy(p + 3 * k, points + from * point_stride, 3 * sizeof(float));
            std::memcpy(t + 9 * k, triangles + from * triangle_stride, 9 * sizeof(float));
        }
        run4(p, t, o);
        std::memcpy(out + 3 * i, o, 3 * m * sizeof(float));
    }
}

}  // namespace shototsu
