// shototsu — what the two closest-point batches (closest_point_batch.cpp, closest_point_fast.cpp)
// share: four-float vectors, whole-vector loads, and writing a group of four answers, with the
// lanes the single query answers itself.
#pragma once

#include <cstring>

#include "shototsu/closest_point.hpp"

namespace shototsu::detail::lanes {

typedef float F4 __attribute__((vector_size(16)));
inline constexpr int kLanes = 4;

// Loops that run for the rare lanes, other strides and the last group only, kept rolled: bytes of
// wasm, not time.
#if defined(__clang__)
#define SHOTOTSU_ROLLED _Pragma("clang loop unroll(disable)")
#else
#define SHOTOTSU_ROLLED
#endif

inline F4 load4(const float* f) {
    F4 v;
    std::memcpy(&v, f, sizeof v);
    return v;
}

/// closest_point_on_triangle on a packed point (3 floats) and triangle (9). Not inlined: it is
/// large, and rare in a batch.
__attribute__((noinline)) inline Vec3 single(const float* p, const float* t) {
    const Triangle tri{{t[0], t[1], t[2]}, {t[3], t[4], t[5]}, {t[6], t[7], t[8]}};
    return closest_point_on_triangle({p[0], p[1], p[2]}, tri).point;
}

/// Writes four answers, given as columns x, y, z, into out4 as 12 packed floats; unless `all`,
/// the lanes k with !ok(k) take the single query's answer on their pair of p4/t4 (packed),
/// computed before out4 is written: out4 may be one of the inputs.
template <class Ok>
inline void write_group(F4 x, F4 y, F4 z, bool all, Ok ok, const float* p4, const float* t4, float* out4) {
    // (x0 y0 z0 x1) (y1 z1 x2 y2) (z2 x3 y3 z3)
    const F4 xy01 = __builtin_shufflevector(x, y, 0, 4, 1, 5), xy23 = __builtin_shufflevector(x, y, 2, 6, 3, 7);
    const F4 yz01 = __builtin_shufflevector(y, z, 0, 4, 1, 5);
    const F4 o[3] = {__builtin_shufflevector(xy01, z, 0, 1, 4, 2), __builtin_shufflevector(yz01, xy23, 2, 3, 4, 5),
                     __builtin_shufflevector(z, xy23, 2, 6, 7, 3)};
    if (all) {
        std::memcpy(out4, o, sizeof o);
        return;
    }
    float fix[3 * kLanes];
    SHOTOTSU_ROLLED
    for (int k = 0; k < kLanes; ++k) {
        if (ok(k)) continue;
        const Vec3 r = single(p4 + 3 * k, t4 + 9 * k);
        fix[3 * k] = r.x;
        fix[3 * k + 1] = r.y;
        fix[3 * k + 2] = r.z;
    }
    std::memcpy(out4, o, sizeof o);
    SHOTOTSU_ROLLED
    for (int k = 0; k < kLanes; ++k)
        if (!ok(k)) std::memcpy(out4 + 3 * k, fix + 3 * k, 3 * sizeof(float));
}

}  // namespace shototsu::detail::lanes
