// shototsu — vectors, quaternions and matrices as plain aggregates with inline free functions.
//
// Everything is float32 (like Box2D, Jolt and three.js buffers). The library is built with
// -ffp-contract=off and never with fast-math, so the same inputs give the same bits natively
// and in WebAssembly. For that reason the trigonometric helpers below are our own polynomials
// rather than <cmath>'s, whose results differ between glibc and Emscripten's musl.
#pragma once

#include <cmath>
#include <cstdint>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

/// The smallest helpers below are always inlined, also in sources compiled for size (the wasm
/// build's -Oz sources): there a call, with its vectors passed and returned through memory, is
/// larger and slower than the few instructions of its body.
#if defined(__GNUC__) || defined(__clang__)
#define SHOTOTSU_TINY [[gnu::always_inline]] inline
#else
#define SHOTOTSU_TINY inline
#endif

namespace shototsu {

struct Vec2 {
    float x = 0.0f, y = 0.0f;
};

struct Vec3 {
    float x = 0.0f, y = 0.0f, z = 0.0f;
};

/// A rotation as a unit quaternion (x, y, z vector part, w scalar part), as in three.js.
struct Quat {
    float x = 0.0f, y = 0.0f, z = 0.0f, w = 1.0f;
};

/// 3x3 matrix stored as three columns; `m * v = col[0]*v.x + col[1]*v.y + col[2]*v.z`.
/// For a rotation the columns are the rotated x, y and z axes.
struct Mat3 {
    Vec3 col[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
};

/// 4x4 affine matrix, column-major like three.js `Matrix4.elements` (e[12..14] is the translation).
struct Mat4 {
    float e[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
};

// ---- Vec2 -------------------------------------------------------------------------------------
SHOTOTSU_TINY Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
SHOTOTSU_TINY Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
SHOTOTSU_TINY Vec2 operator*(Vec2 a, float s) { return {a.x * s, a.y * s}; }
SHOTOTSU_TINY float dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
/// z component of the 3D cross product: > 0 when b is counter-clockwise from a.
SHOTOTSU_TINY float cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

// ---- Vec3 -------------------------------------------------------------------------------------
SHOTOTSU_TINY Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
SHOTOTSU_TINY Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
SHOTOTSU_TINY Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
SHOTOTSU_TINY Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
SHOTOTSU_TINY Vec3 operator*(float s, Vec3 a) { return {a.x * s, a.y * s, a.z * s}; }
SHOTOTSU_TINY Vec3& operator+=(Vec3& a, Vec3 b) {
    a = a + b;
    return a;
}
SHOTOTSU_TINY Vec3& operator-=(Vec3& a, Vec3 b) {
    a = a - b;
    return a;
}
SHOTOTSU_TINY Vec3& operator*=(Vec3& a, float s) {
    a = a * s;
    return a;
}
SHOTOTSU_TINY bool operator==(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

SHOTOTSU_TINY float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
SHOTOTSU_TINY Vec3 cross(Vec3 a, Vec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
SHOTOTSU_TINY float length_sq(Vec3 a) { return dot(a, a); }
SHOTOTSU_TINY float length(Vec3 a) { return std::sqrt(dot(a, a)); }
SHOTOTSU_TINY float distance_sq(Vec3 a, Vec3 b) { return length_sq(a - b); }
SHOTOTSU_TINY float distance(Vec3 a, Vec3 b) { return length(a - b); }
/// Component-wise product.
SHOTOTSU_TINY Vec3 mul(Vec3 a, Vec3 b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
SHOTOTSU_TINY Vec3 vmin(Vec3 a, Vec3 b) {
    return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z};
}
SHOTOTSU_TINY Vec3 vmax(Vec3 a, Vec3 b) {
    return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z};
}
SHOTOTSU_TINY Vec3 vabs(Vec3 a) { return {std::fabs(a.x), std::fabs(a.y), std::fabs(a.z)}; }
/// a + (b - a) * t
SHOTOTSU_TINY Vec3 lerp(Vec3 a, Vec3 b, float t) { return a + (b - a) * t; }
SHOTOTSU_TINY float component(Vec3 v, int axis) { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); }
inline void set_component(Vec3& v, int axis, float s) {
    if (axis == 0)
        v.x = s;
    else if (axis == 1)
        v.y = s;
    else
        v.z = s;
}
SHOTOTSU_TINY bool is_finite(float s) { return std::isfinite(s); }
SHOTOTSU_TINY bool is_finite(Vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// `a / |a|`, or `fallback` when |a| is zero, denormal-small or not finite — never NaN from
/// finite input. Not inlined (its underflow path would be copied into every caller).
#if defined(__GNUC__) || defined(__clang__)
[[gnu::noinline]]
#endif
inline Vec3
normalize_or(Vec3 a, Vec3 fallback) {
    const float len2 = dot(a, a);
    if (len2 > 1e-30f && std::isfinite(len2)) return a * (1.0f / std::sqrt(len2));
    // |a|^2 underflowed or overflowed: divide by the largest component first (division, not a
    // reciprocal, which overflows for denormals), then normalise.
    const Vec3 m = vabs(a);
    const float big = m.x > m.y ? (m.x > m.z ? m.x : m.z) : (m.y > m.z ? m.y : m.z);
    if (!(big > 0.0f) || !std::isfinite(big)) return fallback;
    const Vec3 s{a.x / big, a.y / big, a.z / big};
    const float l = length(s);
    return l > 0.0f ? s * (1.0f / l) : fallback;  // NaN components fail the test
}

/// A unit vector perpendicular to `n` (any length > 0), chosen deterministically.
inline Vec3 any_perpendicular(Vec3 n) {
    const Vec3 m = vabs(n);
    // Cross with the axis least aligned with n: the result is never near zero.
    const Vec3 axis = (m.x <= m.y && m.x <= m.z) ? Vec3{1, 0, 0} : (m.y <= m.z ? Vec3{0, 1, 0} : Vec3{0, 0, 1});
    return normalize_or(cross(n, axis), Vec3{1, 0, 0});
}

/// Reflect `v` about the plane with unit normal `n`: v - 2 (v·n) n. Used for bouncing
/// (Madhav, Game Programming in C++ ch. 10).
/// In double, rounded once: in float, 2 (v·n) overflows for |v| near FLT_MAX and a zero component
/// of n times that infinity made a NaN out of finite input.
inline Vec3 reflect(Vec3 v, Vec3 n) {
    const double k = 2.0 * (double(v.x) * n.x + double(v.y) * n.y + double(v.z) * n.z);
    return {static_cast<float>(v.x - n.x * k), static_cast<float>(v.y - n.y * k), static_cast<float>(v.z - n.z * k)};
}

// ---- scalars ------------------------------------------------------------------------------------
// minf(a, b) = a < b ? a : b and maxf(a, b) = a > b ? a : b, bit for bit on every build (NaN and
// signed zeros included: the second argument wins ties and unordered pairs). V8 compiles a scalar
// float select to a branch, mispredicted when the comparison depends on data; WebAssembly's
// f32x4.pmin/pmax are defined as exactly these selects and compile to minps/maxps, about 5x
// faster in a bounding loop. x86's minss/maxss are the same selects, which the native build uses.
#if defined(__wasm_simd128__)
SHOTOTSU_TINY float minf(float a, float b) {
    return wasm_f32x4_extract_lane(wasm_f32x4_pmin(wasm_f32x4_splat(b), wasm_f32x4_splat(a)), 0);
}
SHOTOTSU_TINY float maxf(float a, float b) {
    return wasm_f32x4_extract_lane(wasm_f32x4_pmax(wasm_f32x4_splat(b), wasm_f32x4_splat(a)), 0);
}
#else
SHOTOTSU_TINY float minf(float a, float b) { return a < b ? a : b; }
SHOTOTSU_TINY float maxf(float a, float b) { return a > b ? a : b; }
#endif
/// s < lo ? lo : (s > hi ? hi : s), bit for bit on every build like minf/maxf.
SHOTOTSU_TINY float clampf(float s, float lo, float hi) {
#if defined(__wasm_simd128__)
    const v128_t vs = wasm_f32x4_splat(s), vlo = wasm_f32x4_splat(lo);
    const v128_t upper = wasm_f32x4_pmin(vs, wasm_f32x4_splat(hi));  // hi < s ? hi : s
    return wasm_f32x4_extract_lane(wasm_v128_bitselect(vlo, upper, wasm_f32x4_lt(vs, vlo)), 0);
#else
    return s < lo ? lo : (s > hi ? hi : s);
#endif
}

/// sin, cos, acos and atan2 computed with +, *, /, sqrt and fmod only, so that native and wasm
/// builds agree to the bit. Absolute error below 2e-7 (tested against <cmath>); for sin and cos
/// that holds for |x| <= 1e6 radians, beyond which the argument is first reduced by fmod with a
/// double 2 pi and the error grows with |x| (about 1e-6 at 1e10) — never NaN or |sin| > 1 for
/// finite input. det_atan2 follows JavaScript's Math.atan2 on signed zeros.
float det_sin(float radians);
float det_cos(float radians);
/// Input is clamped to [-1, 1]; result in [0, pi].
float det_acos(float x);
/// Result in [-pi, pi]; det_atan2(+-0, +0) = +-0 and det_atan2(+-0, -0) = +-pi.
float det_atan2(float y, float x);

inline constexpr float kPi = 3.14159265358979323846f;
inline constexpr float kDegToRad = kPi / 180.0f;

// ---- Quat ------------------------------------------------------------------------------------
/// Rotation of `radians` about `axis` (any non-zero length; a zero axis gives the identity).
Quat quat_from_axis_angle(Vec3 axis, float radians);
/// Hamilton product: rotating by `quat_mul(a, b)` is rotating by b, then by a.
inline Quat quat_mul(Quat a, Quat b) {
    return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
/// The quaternion scaled to unit length (identity when it is zero or not finite).
Quat quat_normalize(Quat q);
/// The rotation taking a to b (unit quaternions), b = r a, as a rotation vector: axis times angle
/// in radians, the shorter way (angle <= pi). Zero when they agree.
Vec3 rotation_vector(Quat a, Quat b);
/// Rotate v by the unit quaternion q (v' = q v q*), as three.js `Vector3.applyQuaternion`.
inline Vec3 rotate(Quat q, Vec3 v) {
    const Vec3 u{q.x, q.y, q.z};
    const Vec3 t = cross(u, v) * 2.0f;
    return v + t * q.w + cross(u, t);
}

// ---- Mat3 / Mat4 -------------------------------------------------------------------------------
SHOTOTSU_TINY Vec3 operator*(const Mat3& m, Vec3 v) { return m.col[0] * v.x + m.col[1] * v.y + m.col[2] * v.z; }
/// Transpose(m) * v: for a rotation, the inverse rotation.
inline Vec3 mul_transpose(const Mat3& m, Vec3 v) { return {dot(m.col[0], v), dot(m.col[1], v), dot(m.col[2], v)}; }
Mat3 mat3_from_quat(Quat q);
Mat3 mat3_mul(const Mat3& a, const Mat3& b);
Mat3 mat3_transpose(const Mat3& m);
/// Every entry replaced by its absolute value: the key to exact bounds of a rotated box (Arvo).
inline Mat3 mat3_abs(const Mat3& m) { return {{vabs(m.col[0]), vabs(m.col[1]), vabs(m.col[2])}}; }

/// Translation, rotation and non-uniform scale composed as T * R * S (three.js `compose`).
Mat4 mat4_compose(Vec3 translation, Quat rotation, Vec3 scale);
/// The upper-left 3x3 block (rotation and scale).
Mat3 mat4_linear(const Mat4& m);
inline Vec3 mat4_translation(const Mat4& m) { return {m.e[12], m.e[13], m.e[14]}; }
/// m * (p, 1) — the affine part only (the projective row is ignored).
inline Vec3 transform_point(const Mat4& m, Vec3 p) {
    return {m.e[0] * p.x + m.e[4] * p.y + m.e[8] * p.z + m.e[12], m.e[1] * p.x + m.e[5] * p.y + m.e[9] * p.z + m.e[13],
            m.e[2] * p.x + m.e[6] * p.y + m.e[10] * p.z + m.e[14]};
}
/// m * (v, 0): directions ignore the translation.
inline Vec3 transform_vector(const Mat4& m, Vec3 v) {
    return {m.e[0] * v.x + m.e[4] * v.y + m.e[8] * v.z, m.e[1] * v.x + m.e[5] * v.y + m.e[9] * v.z,
            m.e[2] * v.x + m.e[6] * v.y + m.e[10] * v.z};
}

}  // namespace shototsu
