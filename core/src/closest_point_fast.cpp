// shototsu — closest_points_on_triangles_fast (closest_point.hpp): the closest point of a
// triangle in float32, four pairs per step (one in each lane of a four-float vector: SSE natively,
// SIMD128 in wasm), regions chosen by masks, with the lanes float32 cannot be trusted on given
// the single query's (closest_point_on_triangle's) bits by the same operations in double lanes
// (answer_slow).
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
#include "closest_point_lanes.hpp"
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
// x & ~m: one v128.andnot in wasm.
inline M4 andnot(M4 x, M4 m) {
#if defined(__wasm_simd128__)
    return __builtin_bit_cast(M4, wasm_v128_andnot(__builtin_bit_cast(v128_t, x), __builtin_bit_cast(v128_t, m)));
#else
    return x & ~m;
#endif
}
// v where m holds, +0 elsewhere; v where m does not hold, +0 elsewhere. With pairwise disjoint masks
// the ORs of these pick one value per lane: an AND (or ANDNOT) and an OR per choice, where a chain
// of bitselects costs three instructions per choice in V8.
inline M4 bits(F4 v) { return __builtin_bit_cast(M4, v); }
inline F4 keep(M4 m, F4 v) { return __builtin_bit_cast(F4, m & bits(v)); }
inline F4 drop(M4 m, F4 v) { return __builtin_bit_cast(F4, andnot(bits(v), m)); }
inline F4 either(F4 x, F4 y) { return __builtin_bit_cast(F4, bits(x) | bits(y)); }
inline F4 pick4(M4 m0, F4 v0, M4 m1, F4 v1, M4 m2, F4 v2, M4 none, F4 v3) {
    return either(either(keep(m0, v0), keep(m1, v1)), either(keep(m2, v2), drop(none, v3)));
}
inline V4 pick4(M4 m0, const V4& v0, M4 m1, const V4& v1, M4 m2, const V4& v2, M4 none, const V4& v3) {
    return {pick4(m0, v0.x, m1, v1.x, m2, v2.x, none, v3.x), pick4(m0, v0.y, m1, v1.y, m2, v2.y, none, v3.y),
            pick4(m0, v0.z, m1, v1.z, m2, v2.z, none, v3.z)};
}
// Every lane of m set (m's lanes all ones or all zeros): one i32x4.bitmask or movmskps.
inline bool all_set(M4 m) {
#if defined(__wasm_simd128__)
    return wasm_i32x4_bitmask(__builtin_bit_cast(v128_t, m)) == 0xF;
#else
    return (m[0] & m[1] & m[2] & m[3]) != 0;
#endif
}

// Every shuffle below is an interleave (unpcklps, unpckhps, punpck*qdq) or takes two lanes of each
// input in order (shufps): V8 compiles each to one instruction, where a general two-input shuffle
// costs two pshufb with their masks and a por.
// The empty asm keeps LLVM from merging shuffles or marking the lanes nobody reads as undefined
// (which it writes as lane 0: a pattern V8 no longer recognises).
template <int i0, int i1, int i2, int i3>
inline F4 shuf(F4 x, F4 y) {
    F4 r = __builtin_shufflevector(x, y, i0, i1, i2, i3);
#if defined(__wasm_simd128__)
    __asm__("" : "+r"(r));
#endif
    return r;
}
// Rows r0..r3 (one element's four floats each) as columns (one float of every element each).
inline void transpose(F4 r0, F4 r1, F4 r2, F4 r3, F4& c0, F4& c1, F4& c2, F4& c3) {
    const F4 t0 = shuf<0, 4, 1, 5>(r0, r1), t1 = shuf<0, 4, 1, 5>(r2, r3);
    const F4 t2 = shuf<2, 6, 3, 7>(r0, r1), t3 = shuf<2, 6, 3, 7>(r2, r3);
    c0 = shuf<0, 1, 4, 5>(t0, t1);
    c1 = shuf<2, 3, 6, 7>(t0, t1);
    c2 = shuf<0, 1, 4, 5>(t2, t3);
    c3 = shuf<2, 3, 6, 7>(t2, t3);
}
// Four packed triangles (36 floats) as a, b, c per lane: whole-vector loads, all within them.
inline void load_triangles9(const float* t, V4& a, V4& b, V4& c) {
    transpose(load4(t), load4(t + 9), load4(t + 18), load4(t + 27), a.x, a.y, a.z, b.x);
    transpose(load4(t + 4), load4(t + 13), load4(t + 22), load4(t + 31), b.y, b.z, c.x, c.y);
    // c.z is the last float of each element: lane 3 of the vectors at 5.
    const F4 h01 = shuf<2, 6, 3, 7>(load4(t + 5), load4(t + 14)), h23 = shuf<2, 6, 3, 7>(load4(t + 23), load4(t + 32));
    c.z = shuf<2, 3, 6, 7>(h01, h23);
}
// Four packed points (12 floats) as one per lane, from the vectors at 0, 3, 6 and 8:
// (x0 y0 z0 x1) (x1 y1 z1 x2) (x2 y2 z2 x3) (z2 x3 y3 z3).
inline V4 load_points3(const float* q) {
    const F4 r0 = load4(q), r1 = load4(q + 3), r2 = load4(q + 6), r3 = load4(q + 8);
    const F4 xy01 = shuf<0, 4, 1, 5>(r0, r1);  // x0 x1 y0 y1
    const F4 xy23 = shuf<0, 1, 5, 6>(r2, r3);  // x2 y2 x3 y3
    const F4 z01 = shuf<2, 6, 3, 7>(r0, r1);   // z0 z1 . .
    return {shuf<0, 1, 4, 6>(xy01, xy23), shuf<2, 3, 5, 7>(xy01, xy23), shuf<0, 1, 4, 7>(z01, r3)};
}
// Four points, given as columns, written as 12 packed floats: (x0 y0 z0 x1) (y1 z1 x2 y2) (z2 x3 y3 z3).
inline void store_points3(const V4& q, float* out4) {
    const F4 xy01 = shuf<0, 4, 1, 5>(q.x, q.y), zx01 = shuf<0, 0, 5, 5>(q.z, q.x);  // x0 y0 x1 y1, z0 z0 x1 x1
    const F4 yz01 = shuf<0, 4, 1, 5>(q.y, q.z), xy23 = shuf<2, 6, 3, 7>(q.x, q.y);  // y0 z0 y1 z1, x2 y2 x3 y3
    const F4 zx23 = shuf<2, 2, 7, 7>(q.z, q.x), yz23 = shuf<2, 6, 3, 7>(q.y, q.z);  // z2 z2 x3 x3, y2 z2 y3 z3
    const F4 o[3] = {shuf<0, 1, 4, 6>(xy01, zx01), shuf<2, 3, 4, 5>(yz01, xy23), shuf<0, 2, 6, 7>(zx23, yz23)};
    std::memcpy(out4, o, sizeof o);
}

// The bounds of the fast lanes (closest_point.hpp): |ab x ac|^2 > kSinSq L^4 with L^2 the
// longest squared edge, L^2 in [kMinL2, kMaxL2], |p - a|^2 <= kFar L^2. The last three keep every
// product below (up to the fourth power of a length, times the factor 64 of kFar) between
// float32's smallest normal times 2^13 / u and its largest.
constexpr float kSinSq = 0x1p-10f;  // k = L^2 / |n| < 32
constexpr float kMinL2 = 0x1p-50f;
constexpr float kMaxL2 = 0x1p56f;
constexpr float kFar = 0x1p12f;  // |p - a| <= 64 L

// The bounds as vectors, made once per batch: in V8 a vector constant inside the loop is built
// anew at each use (two 64-bit immediates moved in through a general register).
struct Bounds {
    F4 sin_sq, min_l2, max_l2, far;
};
inline Bounds bounds() {
    Bounds k{splat(kSinSq), splat(kMinL2), splat(kMaxL2), splat(kFar)};
#if defined(__wasm_simd128__)
    // Opaque to the optimiser, so that they stay values computed before the loop.
    __asm__("" : "+r"(k.sin_sq), "+r"(k.min_l2), "+r"(k.max_l2), "+r"(k.far));
#endif
    return k;
}

// Four lanes of the closest point; `ok` is false in the lanes the single query must answer.
inline V4 closest4(const V4& a, const V4& b, const V4& c, const V4& p, const Bounds& k, M4& ok) {
    const F4 zero = splat(0.0f);
    const V4 ab = b - a, ac = c - a, bc = c - b, ap = p - a, bp = p - b;
    const F4 e00 = dot(ab, ab), e11 = dot(ac, ac), e22 = dot(bc, bc);
    const F4 l2 = max4(e22, max4(e11, e00));
    // n = ab x ac: its rounding is u |ab| |ac| = u |n| / sin(the angle at a), so its direction is
    // off by 5.7 u / sin(the angle at a) <= 5.7 u k.
    const V4 n = cross(ab, ac);
    const F4 nn = dot(n, n);
    // Written so that NaN fails every test: non-finite lanes go to the single query.
    ok = (nn > k.sin_sq * (l2 * l2)) & (l2 >= k.min_l2) & (l2 <= k.max_l2) & (dot(ap, ap) <= k.far * l2);

    // d1 = ab.ap, d2 = ac.ap, d3 = ab.bp, d6 = ac.cp; qb = bc.bp (d4 - d3), qc = bc.cp (d6 - d5).
    const F4 d1 = dot(ab, ap), d2 = dot(ac, ap), qb = dot(bc, bp);
    const F4 d3 = d1 - e00, d6 = d2 - e11, qc = qb - e22;
    // The signed areas against each edge, times |n|: vc = n.(ab x ap) = ab.w and
    // vb = n.(ap x ac) = -ac.w (nvb below is -vb) from one cross product w = ap x n;
    // va = n.(bc x bp) by its own, as bc may be far shorter than ab and ac.
    const V4 w = cross(ap, n);
    const F4 vc = dot(ab, w), nvb = dot(ac, w), va = dot(n, cross(bc, bp));

    // closest_on_triangle's tests in its order, each taken only where no earlier one held.
    const M4 in_a = (d1 <= zero) & (d2 <= zero);
    const M4 in_b = andnot((d3 >= zero) & (qb <= zero), in_a);
    M4 taken = in_a | in_b;
    const M4 in_ab = andnot((vc <= zero) & (d1 >= zero) & (d3 <= zero), taken);
    taken |= in_ab;
    const M4 in_c = andnot((d6 >= zero) & (qc >= zero), taken);
    taken |= in_c;
    const M4 in_ca = andnot((nvb >= zero) & (d2 >= zero) & (d6 <= zero), taken);
    taken |= in_ca;
    const M4 in_bc = andnot((va <= zero) & (qb >= zero) & (qc <= zero), taken);
    const M4 edge = in_ab | in_ca | in_bc, vertex = in_a | in_b | in_c;

    // Every region as base + dir t. Edges: t = num / (the edge's squared length), in [0, 1] since
    // the region's own tests hold (d3 = d1 - e00 <= 0 rounds so only when d1 <= e00). Face (and,
    // unused, the vertices): p + n (-ap.n / nn). Vertices: t = +0 and dir = n, finite in these
    // lanes.
    const F4 num = pick4(in_ab, d1, in_ca, d2, in_bc, qb, edge, zero - dot(ap, n));
    const F4 den = pick4(in_ab, e00, in_ca, e11, in_bc, e22, edge, nn);
    const F4 t = drop(vertex, num / den);
    const V4 dir = pick4(in_ab, ab, in_ca, ac, in_bc, bc, edge, n);
    const V4 base = pick4(in_a | in_ab | in_ca, a, in_b | in_bc, b, in_c, c, vertex | edge, p);
    return {base.x + dir.x * t, base.y + dir.y * t, base.z + dir.z * t};
}

// closest_on_degenerate's point (closest_point.cpp) on two lanes of doubles, the same operations
// in the same order: each edge's closest point (its start where num <= 0, else its end where
// num >= den, else start + d (num / den)), then the nearest of AB, BC, CA, the first on a tie.
inline DV2 sel(M2 m, const DV2& x, const DV2& y) {
    const auto one = [m](D2 u, D2 v) {
        return detail::lanes::either(detail::lanes::keep(m, u), detail::lanes::keep(~m, v));
    };
    return {one(x.x, y.x), one(x.y, y.y), one(x.z, y.z)};
}
inline DV2 on_segment2(const DV2& p, const DV2& p0, const DV2& p1) {
    const DV2 d = p1 - p0;
    const D2 num = dot(p - p0, d), den = dot(d, d), t = num / den;
    const M2 at_start = num <= D2{0.0, 0.0}, at_end = ~at_start & (num >= den);
    const DV2 mid{p0.x + d.x * t, p0.y + d.y * t, p0.z + d.z * t};
    return sel(at_start, p0, sel(at_end, p1, mid));
}
inline DV2 degenerate2(const DV2& p, const DV2& a, const DV2& b, const DV2& c) {
    const DV2 e0 = on_segment2(p, a, b), e1 = on_segment2(p, b, c), e2 = on_segment2(p, c, a);
    const D2 d0 = dot(p - e0, p - e0), d1 = dot(p - e1, p - e1), d2 = dot(p - e2, p - e2);
    const M2 take1 = d1 < d0;
    const D2 best = detail::lanes::either(detail::lanes::keep(take1, d1), detail::lanes::keep(~take1, d0));
    return sel(d2 < best, e2, sel(take1, e1, e0));
}

// The pairs waiting for their double answer, as columns of floats (a copy: the output may be
// the points), with where each answer goes. Answered two at a time, so that a group with one slow
// lane does not pay for a second.
struct SlowLanes {
    static constexpr int kCap = 32;  // an even number
    float v[12][kCap];               // p.xyz, a.xyz, b.xyz, c.xyz
    float* out[kCap];
    int n = 0;
};

// The single query's points of the queued pairs, by the same operations in double: closest2 for
// the regular triangles, degenerate2 for the others, each computed only where a pair needs it;
// a pair with NaN or infinite input (rare) by the single query itself.
__attribute__((noinline)) void answer_slow(SlowLanes& s) {
    if (s.n % 2) {  // an even count, the last pair repeated
        for (int r = 0; r < 12; ++r) s.v[r][s.n] = s.v[r][s.n - 1];
        s.out[s.n] = s.out[s.n - 1];
    }
    SHOTOTSU_ROLLED
    for (int j = 0; j < s.n; j += 2) {
        const auto two = [&](int r) {
            typedef float F2 __attribute__((vector_size(8)));
            F2 f;
            std::memcpy(&f, &s.v[r][j], sizeof f);
            return __builtin_convertvector(f, D2);
        };
        const DV2 p{two(0), two(1), two(2)}, a{two(3), two(4), two(5)}, b{two(6), two(7), two(8)},
            c{two(9), two(10), two(11)};
        const auto zeros = [](const DV2& v) -> M2 {
            return __builtin_bit_cast(M2, (v.x - v.x == D2{}) & (v.y - v.y == D2{}) & (v.z - v.z == D2{}));
        };
        const M2 finite = (zeros(p) & zeros(a)) & (zeros(b) & zeros(c));
        if (!(finite[0] & finite[1])) [[unlikely]] {
            // NaN or infinite coordinates: the single query itself, on the queued copies.
            SHOTOTSU_ROLLED
            for (int i = j; i < j + 2; ++i) {
                float in[12];
                SHOTOTSU_ROLLED
                for (int r = 0; r < 12; ++r) in[r] = s.v[r][i];
                const Vec3 q = single(in, in + 3);
                s.out[i][0] = q.x;
                s.out[i][1] = q.y;
                s.out[i][2] = q.z;
            }
            continue;
        }
        // closest2's test of a regular triangle (the single query's).
        const DV2 ab = b - a, ac = c - a, bc = c - b, nrm = cross(ab, ac);
        const D2 l2 = max2(dot(bc, bc), max2(dot(ac, ac), dot(ab, ab)));
        const M2 regular = dot(nrm, nrm) > D2{tol::kDegenerateSinSq, tol::kDegenerateSinSq} * l2 * l2;
        DV2 q{};
        if (regular[0] | regular[1]) {
            M2 same;
            q = closest2(a, b, c, p, same);
        }
        if (!(regular[0] & regular[1])) q = sel(regular, q, degenerate2(p, a, b, c));
        float* o0 = s.out[j];
        float* o1 = s.out[j + 1];
        o0[0] = static_cast<float>(q.x[0]);
        o0[1] = static_cast<float>(q.y[0]);
        o0[2] = static_cast<float>(q.z[0]);
        o1[0] = static_cast<float>(q.x[1]);
        o1[1] = static_cast<float>(q.y[1]);
        o1[2] = static_cast<float>(q.z[1]);
    }
    s.n = 0;
}

// Queues the lanes of a group of four packed pairs that are not fast (their input copied: the
// output may be the points). In the loop, without a call: the kernel's vectors need not be kept
// across one.
inline void queue_slow(M4 ok, const float* p4, const float* t4, float* out4, SlowLanes& slow) {
    SHOTOTSU_ROLLED
    for (int k = 0; k < kLanes; ++k) {
        if (ok[k]) continue;
        SHOTOTSU_ROLLED
        for (int r = 0; r < 3; ++r) slow.v[r][slow.n] = p4[3 * k + r];
        SHOTOTSU_ROLLED
        for (int r = 0; r < 9; ++r) slow.v[3 + r][slow.n] = t4[9 * k + r];
        slow.out[slow.n++] = out4 + 3 * k;
    }
}

// Groups of four packed pairs (points 3 floats apart, triangles 9): 4 `groups` pairs into out.
// The one copy of the kernel: every call below comes here.
__attribute__((noinline)) void run_packed(const float* points, const float* triangles, std::size_t groups, float* out) {
    const Bounds k = bounds();
    SlowLanes slow;
    for (std::size_t g = 0; g < groups; ++g, points += 3 * kLanes, triangles += 9 * kLanes, out += 3 * kLanes) {
        // Room for this group's slow lanes and the padding of an odd count.
        if (slow.n > SlowLanes::kCap - kLanes - 1) [[unlikely]]
            answer_slow(slow);
        V4 a, b, c;
        load_triangles9(triangles, a, b, c);
        const V4 p = load_points3(points);
        M4 ok;
        const V4 q = closest4(a, b, c, p, k, ok);
        if (!all_set(ok)) [[unlikely]]
            queue_slow(ok, points, triangles, out, slow);
        store_points3(q, out);
    }
    if (slow.n) answer_slow(slow);
}

}  // namespace

void closest_points_on_triangles_fast(const float* points, std::ptrdiff_t point_stride, const float* triangles,
                                      std::ptrdiff_t triangle_stride, std::size_t n, float* out) {
    std::size_t i = 0;
    if (point_stride == 3 && triangle_stride == 9) {
        i = n / kLanes * kLanes;
        run_packed(points, triangles, n / kLanes, out);
    }
    // Other strides, and the last one to three pairs (the last one repeated), copied into a
    // packed group first: every pair gets the same answer whatever its stride or position.
    for (; i < n; i += kLanes) {
        const std::size_t m = n - i < kLanes ? n - i : kLanes;
        float p[3 * kLanes], t[9 * kLanes], o[3 * kLanes];
        SHOTOTSU_ROLLED
        for (std::size_t j = 0; j < kLanes; ++j) {
            const std::ptrdiff_t from = static_cast<std::ptrdiff_t>(i + (j < m ? j : m - 1));
            std::memcpy(p + 3 * j, points + from * point_stride, 3 * sizeof(float));
            std::memcpy(t + 9 * j, triangles + from * triangle_stride, 9 * sizeof(float));
        }
        run_packed(p, t, 1, o);
        std::memcpy(out + 3 * i, o, 3 * m * sizeof(float));
    }
}

}  // namespace shototsu
