// shototsu — closest_points_on_triangles (closest_point.hpp): closest_point_on_triangle over
// arrays, two pairs at a time without a data-dependent branch.
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

typedef double D2 __attribute__((vector_size(16)));
typedef long long M2 __attribute__((vector_size(16)));
constexpr int kLanes = 2;

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

// Component `k` of the vector at f[0..2] of two elements `stride` floats apart, in double.
inline D2 gather(const float* f, std::ptrdiff_t stride, int k) {
    return D2{static_cast<double>(f[k]), static_cast<double>(f[stride + k])};
}
inline DV2 gather3(const float* f, std::ptrdiff_t stride) {
    return {gather(f, stride, 0), gather(f, stride, 1), gather(f, stride, 2)};
}

// The single query, for the lanes it must answer itself.
Vec3 single(const float* p, const float* t) {
    const Triangle tri{{t[0], t[1], t[2]}, {t[3], t[4], t[5]}, {t[6], t[7], t[8]}};
    return closest_point_on_triangle({p[0], p[1], p[2]}, tri).point;
}

}  // namespace

void closest_points_on_triangles(const float* points, std::ptrdiff_t point_stride, const float* triangles,
                                 std::ptrdiff_t triangle_stride, std::size_t n, float* out) {
    const D2 zero{0.0, 0.0};
    const D2 degenerate_sin_sq{tol::kDegenerateSinSq, tol::kDegenerateSinSq};
    std::size_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        const float* p2 = points + static_cast<std::ptrdiff_t>(i) * point_stride;
        const float* t2 = triangles + static_cast<std::ptrdiff_t>(i) * triangle_stride;
        const DV2 a = gather3(t2, triangle_stride), b = gather3(t2 + 3, triangle_stride),
                  c = gather3(t2 + 6, triangle_stride), p = gather3(p2, point_stride);
        const DV2 ab = b - a, ac = c - a, bc = c - b;
        const DV2 nrm = cross(ab, ac);
        const D2 nn = dot(nrm, nrm);
        const D2 lab = dot(ab, ab), lac = dot(ac, ac), lbc = dot(bc, bc);
        D2 l2 = lab;
        l2 = sel(lac > l2, lac, l2);
        l2 = sel(lbc > l2, lbc, l2);
        // !(nn > k l2^2): the single query's degenerate test, NaN included.
        const M2 regular = nn > degenerate_sin_sq * l2 * l2;

        const DV2 ap = p - a, bp = p - b, cp = p - c;
        const D2 d1 = dot(ab, ap), d2 = dot(ac, ap), d3 = dot(ab, bp), d4 = dot(ac, bp), d5 = dot(ab, cp),
                 d6 = dot(ac, cp);
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
        const M2 on_ab_ca = in_ab | in_ca;
        const D2 num = sel(in_ab, d1, sel(in_ca, d2, sel(in_bc, d43, dot(ap, nrm))));
        const D2 den = sel(in_ab, d1 - d3, sel(in_ca, d2 - d6, sel(in_bc, d43 + d56, nn)));
        const D2 t = sel(den > zero, num / den, zero);
        const DV2 base = sel(on_ab_ca, a, sel(in_bc, b, p));
        const DV2 dir = sel(in_ab, ab, sel(in_ca, ac, sel(in_bc, bc, DV2{-nrm.x, -nrm.y, -nrm.z})));

        const DV2 vertex = sel(in_a, a, sel(in_b, b, c));
        const DV2 q = sel(in_a | in_b | in_c, vertex, base + dir * t);
        float qx[kLanes], qy[kLanes], qz[kLanes];
        for (int k = 0; k < kLanes; ++k) {
            if (regular[k]) {
                qx[k] = static_cast<float>(q.x[k]);
                qy[k] = static_cast<float>(q.y[k]);
                qz[k] = static_cast<float>(q.z[k]);
            } else {
                const Vec3 r = single(p2 + k * point_stride, t2 + k * triangle_stride);
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
