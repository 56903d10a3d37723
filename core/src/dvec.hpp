// shototsu (internal) — double-precision vectors for the intermediates of ill-conditioned
// formulas (see the PRECISION note in tolerance.hpp). Never part of the public API.
#pragma once

#include "shototsu/math.hpp"

namespace shototsu::detail {

struct DVec3 {
    double x = 0, y = 0, z = 0;
};
inline DVec3 dv(Vec3 v) { return {v.x, v.y, v.z}; }
inline Vec3 fv(DVec3 v) { return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)}; }
inline DVec3 operator+(DVec3 a, DVec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline DVec3 operator-(DVec3 a, DVec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline DVec3 operator-(DVec3 a) { return {-a.x, -a.y, -a.z}; }
inline DVec3 operator*(DVec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
inline double dot(DVec3 a, DVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline DVec3 cross(DVec3 a, DVec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double length_sq(DVec3 a) { return dot(a, a); }

}  // namespace shototsu::detail
