// shototsu — the non-inline parts of math.hpp: deterministic trigonometry, quaternions, matrices.
#include "shototsu/math.hpp"

#include <cfloat>
#include <cmath>

namespace shototsu {

namespace {

// The polynomials run in double: +, *, / and sqrt are correctly rounded in IEEE 754 on every
// target, so the result is the same bits natively and in wasm, and accurate well past float.
constexpr double kHalfPiHi = 1.57079632673412561417;      // pi/2 rounded to 33 bits
constexpr double kHalfPiLo = 6.07710050650619224932e-11;  // pi/2 - kHalfPiHi
constexpr double kPiD = 3.14159265358979323846;

double sin_poly(double r) {  // |r| <= pi/4; Taylor series to r^17
    const double r2 = r * r;
    double s = 1.0 / 355687428096000.0;  // 1/17!
    s = s * r2 - 1.0 / 1307674368000.0;  // 1/15!
    s = s * r2 + 1.0 / 6227020800.0;
    s = s * r2 - 1.0 / 39916800.0;
    s = s * r2 + 1.0 / 362880.0;
    s = s * r2 - 1.0 / 5040.0;
    s = s * r2 + 1.0 / 120.0;
    s = s * r2 - 1.0 / 6.0;
    return r + r * r2 * s;
}

double cos_poly(double r) {  // |r| <= pi/4; Taylor series to r^18
    const double r2 = r * r;
    double c = -1.0 / 6402373705728000.0;  // 1/18!
    c = c * r2 + 1.0 / 20922789888000.0;
    c = c * r2 - 1.0 / 87178291200.0;
    c = c * r2 + 1.0 / 479001600.0;
    c = c * r2 - 1.0 / 3628800.0;
    c = c * r2 + 1.0 / 40320.0;
    c = c * r2 - 1.0 / 720.0;
    c = c * r2 + 1.0 / 24.0;
    c = c * r2 - 0.5;
    return 1.0 + r2 * c;
}

// Reduce x to r in [-pi/4, pi/4] with x = r + k pi/2; returns k mod 4. The two-part pi/2 is
// exact while k < 2^20; larger arguments are first brought into [-2 pi, 2 pi] by fmod (exact,
// but with a double 2 pi, so the error then grows with |x|).
int reduce_quadrant(double x, double& r) {
    constexpr double kLargeArgument = 1.0e6;
    if (std::fabs(x) > kLargeArgument) x = std::fmod(x, 2.0 * kPiD);
    const double k = std::floor(x * (2.0 / kPiD) + 0.5);
    r = (x - k * kHalfPiHi) - k * kHalfPiLo;
    const long long ki = static_cast<long long>(k);
    return static_cast<int>(((ki % 4) + 4) % 4);
}

double atan_d(double t) {  // any finite t
    // What the series below gives for either zero (+0: -0 + (-0 * -1/3)), without it: the turn of
    // a rider's ground that did not rotate.
    if (t == 0.0) return 0.0;
    bool negate = false, complement = false, shifted = false;
    if (t < 0) {
        t = -t;
        negate = true;
    }
    if (t > 1.0) {
        t = 1.0 / t;
        complement = true;
    }
    constexpr double kTan15 = 0.26794919243112270647;  // tan(pi/12)
    constexpr double kSqrt3 = 1.73205080756887729353;
    if (t > kTan15) {
        t = (t * kSqrt3 - 1.0) / (kSqrt3 + t);
        shifted = true;
    }
    // |t| <= tan(pi/12): the series t - t^3/3 + ... converges fast (t^2 < 0.072).
    const double t2 = t * t;
    double s = 0.0;
    for (int n = 31; n >= 3; n -= 2) s = s * t2 + ((n / 2) % 2 ? -1.0 : 1.0) / n;
    double a = t + t * t2 * s;
    if (shifted) a += kPiD / 6.0;
    if (complement) a = kPiD / 2.0 - a;
    return negate ? -a : a;
}

}  // namespace

float det_sin(float radians) {
    if (!std::isfinite(radians)) return radians - radians;  // NaN for inf and NaN
    double r;
    switch (reduce_quadrant(radians, r)) {
        case 0: return static_cast<float>(sin_poly(r));
        case 1: return static_cast<float>(cos_poly(r));
        case 2: return static_cast<float>(-sin_poly(r));
        default: return static_cast<float>(-cos_poly(r));
    }
}

float det_cos(float radians) {
    if (!std::isfinite(radians)) return radians - radians;
    double r;
    switch (reduce_quadrant(radians, r)) {
        case 0: return static_cast<float>(cos_poly(r));
        case 1: return static_cast<float>(-sin_poly(r));
        case 2: return static_cast<float>(-cos_poly(r));
        default: return static_cast<float>(sin_poly(r));
    }
}

float det_atan2(float y, float x) {
    if (std::isnan(y) || std::isnan(x)) return y + x;
    const double yd = y, xd = x;
    if (xd == 0.0 && yd == 0.0) {
        // Signed zeros as in IEEE 754 and Math.atan2: +-0 toward +0, +-pi toward -0.
        if (std::signbit(xd)) return std::signbit(yd) ? static_cast<float>(-kPiD) : static_cast<float>(kPiD);
        return y;
    }
    if (std::isinf(y) || std::isinf(x)) {  // reduce infinities to directions
        const double ys = std::isinf(y) ? (y > 0 ? 1.0 : -1.0) : 0.0;
        const double xs = std::isinf(x) ? (x > 0 ? 1.0 : -1.0) : 0.0;
        return det_atan2(static_cast<float>(ys), static_cast<float>(xs));
    }
    double a;
    if (std::fabs(xd) >= std::fabs(yd)) {
        a = atan_d(yd / xd);
        if (xd < 0) a += (std::signbit(yd) ? -kPiD : kPiD);
    } else {
        a = (yd > 0 ? kPiD / 2.0 : -kPiD / 2.0) - atan_d(xd / yd);
    }
    return static_cast<float>(a);
}

float det_acos(float x) {
    if (std::isnan(x)) return x;
    if (x >= 1.0f) return 0.0f;  // what the series gives (atan of 0); a level floor's normal, mostly
    const double c = x < -1.0f ? -1.0 : (x > 1.0f ? 1.0 : static_cast<double>(x));
    const double s = std::sqrt((1.0 - c) * (1.0 + c));
    if (c == 0.0) return static_cast<float>(kPiD / 2.0);
    double a = atan_d(s / c);
    if (c < 0) a += kPiD;
    return static_cast<float>(a);
}

Quat quat_from_axis_angle(Vec3 axis, float radians) {
    const Vec3 n = normalize_or(axis, Vec3{0, 0, 0});
    if (n == Vec3{0, 0, 0}) return Quat{};
    const float s = det_sin(radians * 0.5f);
    return Quat{n.x * s, n.y * s, n.z * s, det_cos(radians * 0.5f)};
}

Quat quat_normalize(Quat q) {
    const float n2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    if (n2 >= FLT_MIN && std::isfinite(n2)) {
        const float inv = 1.0f / std::sqrt(n2);
        return Quat{q.x * inv, q.y * inv, q.z * inv, q.w * inv};
    }
    // |q|^2 underflowed or overflowed (a denormal or huge quaternion is still a rotation): divide
    // by the largest component first, as normalize_or does.
    if (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z) || !std::isfinite(q.w)) return Quat{};
    const float big = maxf(maxf(std::fabs(q.x), std::fabs(q.y)), maxf(std::fabs(q.z), std::fabs(q.w)));
    if (!(big > 0.0f)) return Quat{};
    const Quat s{q.x / big, q.y / big, q.z / big, q.w / big};
    const float inv = 1.0f / std::sqrt(s.x * s.x + s.y * s.y + s.z * s.z + s.w * s.w);
    return Quat{s.x * inv, s.y * inv, s.z * inv, s.w * inv};
}

Mat3 mat3_from_quat(Quat q) {
    const float x2 = q.x + q.x, y2 = q.y + q.y, z2 = q.z + q.z;
    const float xx = q.x * x2, xy = q.x * y2, xz = q.x * z2;
    const float yy = q.y * y2, yz = q.y * z2, zz = q.z * z2;
    const float wx = q.w * x2, wy = q.w * y2, wz = q.w * z2;
    Mat3 m;
    m.col[0] = {1.0f - (yy + zz), xy + wz, xz - wy};
    m.col[1] = {xy - wz, 1.0f - (xx + zz), yz + wx};
    m.col[2] = {xz + wy, yz - wx, 1.0f - (xx + yy)};
    return m;
}

Mat3 mat3_mul(const Mat3& a, const Mat3& b) {
    Mat3 m;
    for (int i = 0; i < 3; ++i) m.col[i] = a * b.col[i];
    return m;
}

Mat3 mat3_transpose(const Mat3& m) {
    Mat3 t;
    t.col[0] = {m.col[0].x, m.col[1].x, m.col[2].x};
    t.col[1] = {m.col[0].y, m.col[1].y, m.col[2].y};
    t.col[2] = {m.col[0].z, m.col[1].z, m.col[2].z};
    return t;
}

Mat4 mat4_compose(Vec3 translation, Quat rotation, Vec3 scale) {
    const Mat3 r = mat3_from_quat(rotation);
    const Vec3 col[4] = {r.col[0] * scale.x, r.col[1] * scale.y, r.col[2] * scale.z, translation};
    Mat4 m;
    for (int k = 0; k < 4; ++k) {
        m.e[4 * k] = col[k].x;
        m.e[4 * k + 1] = col[k].y;
        m.e[4 * k + 2] = col[k].z;
        m.e[4 * k + 3] = k == 3 ? 1.0f : 0.0f;
    }
    return m;
}

Mat3 mat4_linear(const Mat4& m) {
    Mat3 r;
    r.col[0] = {m.e[0], m.e[1], m.e[2]};
    r.col[1] = {m.e[4], m.e[5], m.e[6]};
    r.col[2] = {m.e[8], m.e[9], m.e[10]};
    return r;
}

Vec3 rotation_vector(Quat a, Quat b) {
    Quat d = quat_mul(b, Quat{-a.x, -a.y, -a.z, a.w});
    if (d.w < 0.0f) d = {-d.x, -d.y, -d.z, -d.w};
    const Vec3 v{d.x, d.y, d.z};
    const float s = length(v);
    if (!(s > 0.0f)) return {};
    const float angle = 2.0f * det_atan2(s, d.w);
    return v * (angle / s);
}

}  // namespace shototsu
