// shototsu — closest_points_on_triangles (closest_point.hpp): closest_point_on_triangle over
// arrays, four pairs at a time (two and two) without a data-dependent branch.
//
// Every lane performs the double-precision operations of closest_on_triangle in
// closest_point.cpp, in the same order, on the generic vector extension of GCC and Clang (SSE2
// natively, SIMD128 in wasm: two doubles, their width in both). IEEE +, -, *, / and conversions round the same in a
// lane as in a scalar, and -ffp-contract=off keeps them unfused, so each lane's point has the single query's bits. The
// region tests become masks, the first that holds (A, B, AB, C, CA, BC, face: voronoi_region's order) picking the
// vertex, or the terms of the one edge or face formula. Degenerate lanes (and NaN input) are answered by the single
// query itself.
#include <cstring>

#include "shototsu/closest_point.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

namespace {

typedef float F4 __attribute__((vector_size(16)));
typedef float F2 __attribute__((vector_size(8)));
typedef double D2 __attribute__((vector_size(16)));
typedef long long M2 __attribute__((vector_size(16)));
constexpr int kLanes = 4;

struct DV2 {
    D2 x, y, z;
};
inline DV2 operator-(const DV2& a, const DV2& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline DV2 operator+(const DV2& a, const DV2& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline DV2 operator*(const DV2& a, D2 s) { return {a.x * s, a.y * s, a.z * s}; }
// The same association as detail::dot and detail::cross.
inline D2 dot(const DV2& a, const DV2& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline DV2 cross(const DV2& a, const DV2& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline D2 sel(M2 m, D2 a, D2 b) { return m ? a : b; }
inline DV2 sel(M2 m, const DV2& a, const DV2& b) { return {sel(m, a.x, b.x), sel(m, a.y, b.y), sel(m, a.z, b.z)}; }

// Component `k` of the vectors at f[0..2] of four elements `stride` floats apart, in double: the
// first two elements in `lo`, the last two in `hi` (one float gather, two widenings).
inline void gather(const float* f, std::ptrdiff_t stride, int k, D2& lo, D2& hi) {
    const F4 v{f[k], f[stride + k], f[2 * stride + k], f[3 * stride + k]};
    lo = __builtin_convertvector(__builtin_shufflevector(v, v, 0, 1), D2);
    hi = __builtin_convertvector(__builtin_shufflevector(v, v, 2, 3), D2);
}
inline void gather3(const float* f, std::ptrdiff_t stride, DV2& lo, DV2& hi) {
    gather(f, stride, 0, lo.x, hi.x);
    gather(f, stride, 1, lo.y, hi.y);
    gather(f, stride, 2, lo.z, hi.z);
}
// The same for packed arrays (vectors of 3 floats at 3 e .. for points, triangles of 9 at 9 e ..):
// whole-vector loads of the four elements' floats, each pair picked out by a shuffle and widened,
// in place of a load per float.
template <int kStride>
inline void load3(const float* f, int at, DV2& lo, DV2& hi) {
    F4 v[kStride];
    std::memcpy(v, f, sizeof v);
    // The float at index j of the four elements, for the pair of elements (e, e + 1).
    const auto pair = [&](int e, int j) {
        const int i0 = e * kStride + j, i1 = i0 + kStride;
        const F4 x = v[i0 / 4], y = v[i1 / 4];
        const F2 two{x[i0 % 4], y[i1 % 4]};
        return __builtin_convertvector(two, D2);
    };
    lo = {pair(0, at), pair(0, at + 1), pair(0, at + 2)};
    hi = {pair(2, at), pair(2, at + 1), pair(2, at + 2)};
}

inline F4 narrow(D2 lo, D2 hi) {
    return __builtin_shufflevector(__builtin_convertvector(lo, F2), __builtin_convertvector(hi, F2), 0, 1, 2, 3);
}

// The single query, for the lanes it must answer itself.
Vec3 single(const float* p, const float* t) {
    const Triangle tri{{t[0], t[1], t[2]}, {t[3], t[4], t[5]}, {t[6], t[7], t[8]}};
    return closest_point_on_triangle({p[0], p[1], p[2]}, tri).point;
}

// Two lanes of closest_on_triangle's regular case; `regular` is false where the single query must
// answer instead (a degenerate triangle, NaN).
inline DV2 closest2(const DV2& a, const DV2& b, const DV2& c, const DV2& p, M2& regular) {
    const D2 zero{0.0, 0.0};
    const D2 degenerate_sin_sq{tol::kDegenerateSinSq, tol::kDegenerateSinSq};
    const DV2 ab = b - a, ac = c - a, bc = c - b;
    const DV2 nrm = cross(ab, ac);
    const D2 nn = dot(nrm, nrm);
    const D2 lab = dot(ab, ab), lac = dot(ac, ac), lbc = dot(bc, bc);
    D2 l2 = lab;
    l2 = sel(lac > l2, lac, l2);
    l2 = sel(lbc > l2, lbc, l2);
    // !(nn > k l2^2): the single query's degenerate test, NaN included.
    regular = nn > degenerate_sin_sq * l2 * l2;

    const DV2 ap = p - a, bp = p - b, cp = p - c;
    const D2 d1 = dot(ab, ap), d2 = dot(ac, ap), d3 = dot(ab, bp), d4 = dot(ac, bp), d5 = dot(ab, cp), d6 = dot(ac, cp);
    const D2 vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    const D2 d43 = d4 - d3, d56 = d5 - d6;

    // The region tests, each taken only where no earlier one held.
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

    // Edges and the face in one form, base + dir * (num / den): the edge's ratio(num, den)
    // (AB, CA or BC's terms), or the face's p - n (ap.n / nn), as p + (-n) (ap.n / nn), which
    // IEEE defines to be the same. nn > 0 in every regular lane.
    const D2 num = sel(in_ab, d1, sel(in_ca, d2, sel(in_bc, d43, dot(ap, nrm))));
    const D2 den = sel(in_ab, d1 - d3, sel(in_ca, d2 - d6, sel(in_bc, d43 + d56, nn)));
    const D2 t = sel(den > zero, num / den, zero);
    const DV2 base = sel(in_ab | in_ca, a, sel(in_bc, b, p));
    const DV2 dir = sel(in_ab, ab, sel(in_ca, ac, sel(in_bc, bc, DV2{-nrm.x, -nrm.y, -nrm.z})));

    const DV2 vertex = sel(in_a, a, sel(in_b, b, c));
    return sel(in_a | in_b | in_c, vertex, base + dir * t);
}

}  // namespace

void closest_points_on_triangles(const float* points, std::ptrdiff_t point_stride, const float* triangles,
                                 std::ptrdiff_t triangle_stride, std::size_t n, float* out) {
    std::size_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        const float* p4 = points + static_cast<std::ptrdiff_t>(i) * point_stride;
        const float* t4 = triangles + static_cast<std::ptrdiff_t>(i) * triangle_stride;
        DV2 a[2], b[2], c[2], p[2];
        if (triangle_stride == 9) {
            load3<9>(t4, 0, a[0], a[1]);
            load3<9>(t4, 3, b[0], b[1]);
            load3<9>(t4, 6, c[0], c[1]);
        } else {
            gather3(t4, triangle_stride, a[0], a[1]);
            gather3(t4 + 3, triangle_stride, b[0], b[1]);
            gather3(t4 + 6, triangle_stride, c[0], c[1]);
        }
        if (point_stride == 3)
            load3<3>(p4, 0, p[0], p[1]);
        else
            gather3(p4, point_stride, p[0], p[1]);
        M2 regular[2];
        const DV2 lo = closest2(a[0], b[0], c[0], p[0], regular[0]);
        const DV2 hi = closest2(a[1], b[1], c[1], p[1], regular[1]);
        F4 qx = narrow(lo.x, hi.x), qy = narrow(lo.y, hi.y), qz = narrow(lo.z, hi.z);
        if (!(regular[0][0] & regular[0][1] & regular[1][0] & regular[1][1])) {
            for (int k = 0; k < kLanes; ++k) {
                if (regular[k >> 1][k & 1]) continue;
                const Vec3 r = single(p4 + k * point_stride, t4 + k * triangle_stride);
                qx[k] = r.x;
                qy[k] = r.y;
                qz[k] = r.z;
            }
        }
        // Written after every lane is read: `out` may be one of the inputs.
        float* o = out + 3 * i;
        for (int k = 0; k < kLanes; ++k) {
            o[3 * k] = qx[k];
            o[3 * k + 1] = qy[k];
            o[3 * k + 2] = qz[k];
        }
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
