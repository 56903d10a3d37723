// math.hpp: deterministic trigonometry against <cmath>, quaternions, matrices, vector helpers.
#include "catch_support.hpp"

#include <cfloat>
#include <cmath>
#include <cstring>

#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// The header's promise for det_sin, det_cos, det_acos and det_atan2 (absolute error). Rounding
// the exact value to float alone costs up to 3e-8 near 1 and 1.2e-7 near pi.
constexpr double kTrigTol = 2e-7;
constexpr double kPiD = 3.14159265358979323846;

float random_sign(Rng& rng, float v) { return rng.below(2) ? v : -v; }

// Rodrigues' formula in double: an independent reference for rotations.
DVec3 rodrigues(DVec3 axis, double angle, DVec3 v) {
    const DVec3 k = axis * (1.0 / dlen(axis));
    const double c = std::cos(angle), s = std::sin(angle);
    return v * c + dcross(k, v) * s + k * (ddot(k, v) * (1.0 - c));
}

bool is_unit(Vec3 v, float tol) { return std::fabs(length(v) - 1.0f) <= tol; }
bool has_nan(Vec3 v) { return std::isnan(v.x) || std::isnan(v.y) || std::isnan(v.z); }

}  // namespace

// ---- trigonometry -------------------------------------------------------------------------------

TEST_CASE("det_sin and det_cos: 10^5 seeded angles are within 2e-7 of <cmath> up to |x| = 2^29") {
    // Half the angles in one turn either way, a quarter up to 1e4 rad, a quarter log-uniform
    // from 1e-30 to 2^29 (where the argument reduction is still exact: see the next test).
    Rng rng(0x51A);
    double max_err = 0.0;
    float worst = 0.0f;
    for (int i = 0; i < 100000; ++i) {
        const int band = rng.below(4);
        const float x = band < 2    ? rng.uniform(-2 * kPi, 2 * kPi)
                        : band == 2 ? rng.uniform(-1e4f, 1e4f)
                                    : random_sign(rng, rng.log_uniform(1e-30f, 536870912.0f));
        const double es = std::fabs(det_sin(x) - std::sin(static_cast<double>(x)));
        const double ec = std::fabs(det_cos(x) - std::cos(static_cast<double>(x)));
        if (es > max_err) {
            max_err = es;
            worst = x;
        }
        if (ec > max_err) {
            max_err = ec;
            worst = x;
        }
    }
    INFO("max abs error " << max_err << " at x = " << worst);
    CHECK(max_err < kTrigTol);
    // Exact values at the special angles.
    CHECK(det_sin(0.0f) == 0.0f);
    CHECK(det_cos(0.0f) == 1.0f);
}

TEST_CASE("det_sin and det_cos: huge arguments stay finite and in [-1, 1], with the documented error growth") {
    // Past |x| = 1e6 the argument is reduced by fmod with a double 2 pi: the error then grows
    // like |x| * 2^-52 (the rounding of 2 pi), but never leaves [-1, 1] and never hits the
    // undefined float-to-integer cast.
    Rng rng(0x51B);
    for (int i = 0; i < 20000; ++i) {
        const float x = random_sign(rng, rng.log_uniform(1.0e6f, 3.0e38f));
        const float s = det_sin(x), c = det_cos(x);
        REQUIRE(std::isfinite(s));
        REQUIRE(std::isfinite(c));
        REQUIRE(std::fabs(s) <= 1.0f);
        REQUIRE(std::fabs(c) <= 1.0f);
        const double allowed = kTrigTol + std::fabs(static_cast<double>(x)) * 0x1.0p-50;
        REQUIRE(std::fabs(s - std::sin(static_cast<double>(x))) <= allowed);
        REQUIRE(std::fabs(c - std::cos(static_cast<double>(x))) <= allowed);
    }
}

TEST_CASE("det_atan2: 10^5 seeded directions of mixed magnitudes are within 2e-7 of <cmath>") {
    Rng rng(0xA7A2);
    double max_err = 0.0;
    for (int i = 0; i < 100000; ++i) {
        // Independent magnitudes make ratios from 1e-12 to 1e12; some exact zeros and axes.
        float y = random_sign(rng, rng.log_uniform(1e-6f, 1e6f));
        float x = random_sign(rng, rng.log_uniform(1e-6f, 1e6f));
        const int kind = rng.below(20);
        if (kind == 0) y = 0.0f;
        if (kind == 1) x = rng.below(2) ? 0.0f : -0.0f;
        if (kind == 2) y = x;  // exactly 45 or 135 degrees
        const double err = std::fabs(det_atan2(y, x) - std::atan2(static_cast<double>(y), static_cast<double>(x)));
        max_err = std::fmax(max_err, err);
    }
    INFO("max abs error " << max_err);
    CHECK(max_err < kTrigTol);
}

TEST_CASE("det_atan2: zeros, infinities and NaN") {
    // Signed zeros as Math.atan2 and IEEE 754 (the JS playground compares with Math.atan2).
    CHECK(det_atan2(0.0f, 0.0f) == 0.0f);
    CHECK(std::signbit(det_atan2(-0.0f, 0.0f)));
    CHECK(det_atan2(0.0f, -0.0f) == Approx(kPiD).margin(kTrigTol));
    CHECK(det_atan2(-0.0f, -0.0f) == Approx(-kPiD).margin(kTrigTol));
    CHECK(det_atan2(1.0f, 0.0f) == Approx(kPiD / 2).margin(kTrigTol));
    CHECK(det_atan2(-1.0f, 0.0f) == Approx(-kPiD / 2).margin(kTrigTol));
    CHECK(det_atan2(0.0f, -1.0f) == Approx(kPiD).margin(kTrigTol));
    CHECK(det_atan2(-0.0f, -1.0f) == Approx(-kPiD).margin(kTrigTol));
    const float inf = INFINITY;
    CHECK(det_atan2(inf, inf) == Approx(kPiD / 4).margin(kTrigTol));
    CHECK(det_atan2(-inf, -inf) == Approx(-3 * kPiD / 4).margin(kTrigTol));
    CHECK(det_atan2(1.0f, -inf) == Approx(kPiD).margin(kTrigTol));
    CHECK(det_atan2(inf, 1.0f) == Approx(kPiD / 2).margin(kTrigTol));
    CHECK(std::isnan(det_atan2(std::nanf(""), 1.0f)));
}

TEST_CASE("det_atan2: a zero y over a non-zero x gives +0 or +-pi exactly, both zeros alike") {
    // The turn of a rider's ground that did not rotate is atan2(+-0, 1): the series' value at a
    // zero ratio, +0 for either zero (the sign of y only picks +-pi when x < 0).
    Rng rng(0xA7A0);
    const float pi = static_cast<float>(kPiD);
    int wrong = 0;
    for (int i = 0; i < 10000; ++i) {
        const float x = random_sign(rng, rng.log_uniform(1e-30f, 1e30f));
        for (const float y : {0.0f, -0.0f}) {
            const float a = det_atan2(y, x);
            const float want = x > 0.0f ? 0.0f : (std::signbit(y) ? -pi : pi);
            if (std::memcmp(&a, &want, sizeof a) != 0) ++wrong;
        }
    }
    CHECK(wrong == 0);
    // The smallest and largest magnitudes, and acos at -1 (a zero ratio too).
    for (const float x : {1e-45f, 1.17549435e-38f, 3.4e38f}) {
        CHECK_FALSE(std::signbit(det_atan2(-0.0f, x)));
        CHECK(det_atan2(0.0f, x) == 0.0f);
        CHECK(det_atan2(0.0f, -x) == pi);
        CHECK(det_atan2(-0.0f, -x) == -pi);
    }
    CHECK(det_acos(-1.0f) == pi);
}

TEST_CASE("det_acos: 10^5 seeded inputs in [-1, 1] are within 2e-7 of <cmath>, and outside is clamped") {
    Rng rng(0xAC05);
    double max_err = 0.0;
    for (int i = 0; i < 100000; ++i) {
        // Mostly uniform; a fifth within 1e-9..0.1 of +-1, where acos is steepest.
        const float x = rng.below(5) ? rng.uniform(-1.0f, 1.0f) : random_sign(rng, 1.0f - rng.log_uniform(1e-9f, 0.1f));
        max_err = std::fmax(max_err, std::fabs(det_acos(x) - std::acos(static_cast<double>(x))));
    }
    INFO("max abs error " << max_err);
    CHECK(max_err < kTrigTol);
    CHECK(det_acos(1.0f) == 0.0f);
    CHECK(det_acos(0.0f) == Approx(kPiD / 2).margin(kTrigTol));
    CHECK(det_acos(-1.0f) == Approx(kPiD).margin(kTrigTol));
    CHECK(det_acos(1.5f) == det_acos(1.0f));
    CHECK(det_acos(-7.0f) == det_acos(-1.0f));
    CHECK(std::isnan(det_acos(std::nanf(""))));
}

// ---- quaternions and matrices -------------------------------------------------------------------

TEST_CASE("quat_from_axis_angle: rotate and mat3_from_quat agree with Rodrigues' formula") {
    Rng rng(0x0A7);
    for (int i = 0; i < 20000; ++i) {
        const Vec3 axis = rng.direction() * rng.log_uniform(1e-3f, 1e3f);  // any non-zero length
        const float angle = rng.uniform(-2 * kPi, 2 * kPi);
        const Vec3 v = rng.vec(-10, 10);
        const Quat q = quat_from_axis_angle(axis, angle);
        REQUIRE(std::fabs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1.0f) < 1e-6f);
        const DVec3 ref = rodrigues(d(axis), angle, d(v));
        // A few float roundings of |v| <= 17 per operation.
        const double tol = 1e-5;
        REQUIRE(ddist(d(rotate(q, v)), ref) < tol);
        REQUIRE(ddist(d(mat3_from_quat(q) * v), ref) < tol);
    }
    // A quarter turn about +z takes +x to +y (right-handed, as three.js).
    const Vec3 r = rotate(quat_from_axis_angle({0, 0, 5}, kPi / 2), {1, 0, 0});
    CHECK(r.x == Approx(0.0f).margin(1e-7));
    CHECK(r.y == Approx(1.0f));
    // A zero axis is the identity.
    const Quat id = quat_from_axis_angle({0, 0, 0}, 1.0f);
    CHECK((id.x == 0.0f && id.y == 0.0f && id.z == 0.0f && id.w == 1.0f));
}

TEST_CASE("quat_mul: rotating by quat_mul(a, b) is rotating by b, then by a") {
    Rng rng(0x3317);
    for (int i = 0; i < 20000; ++i) {
        const Quat a = quat_from_axis_angle(rng.direction(), rng.uniform(-kPi, kPi));
        const Quat b = quat_from_axis_angle(rng.direction(), rng.uniform(-kPi, kPi));
        const Vec3 v = rng.vec(-10, 10);
        const Vec3 twice = rotate(a, rotate(b, v));
        REQUIRE(distance(rotate(quat_mul(a, b), v), twice) < 2e-5f);
        // The matrix product composes the same way.
        const Mat3 m = mat3_mul(mat3_from_quat(a), mat3_from_quat(b));
        REQUIRE(distance(m * v, twice) < 2e-5f);
    }
    // Hand case: i * j = k.
    const Quat k = quat_mul({1, 0, 0, 0}, {0, 1, 0, 0});
    CHECK((k.x == 0.0f && k.y == 0.0f && k.z == 1.0f && k.w == 0.0f));
}

TEST_CASE("quat_normalize: unit length, and the identity for zero or non-finite input") {
    const Quat q = quat_normalize({0, 3, 0, 4});
    CHECK(q.y == Approx(0.6f));
    CHECK(q.w == Approx(0.8f));
    const Quat z = quat_normalize({0, 0, 0, 0});
    CHECK(z.w == 1.0f);
    const Quat n = quat_normalize({std::nanf(""), 0, 0, 1});
    CHECK((n.x == 0.0f && n.w == 1.0f));
    // Squared lengths that underflow or overflow still give the rotation.
    const Quat tiny = quat_normalize({0, 1e-40f, 0, 0});
    CHECK((tiny.y == 1.0f && tiny.w == 0.0f));
    const Quat huge = quat_normalize({FLT_MAX, 0, 0, FLT_MAX});
    CHECK(huge.x == Approx(0.70710678f));
    CHECK(huge.w == Approx(0.70710678f));
}

TEST_CASE("mat3_transpose, mat3_mul and mat3_abs against hand computation") {
    Mat3 m;
    m.col[0] = {1, 2, 3};
    m.col[1] = {-4, 5, -6};
    m.col[2] = {7, -8, 9};
    const Mat3 t = mat3_transpose(m);
    CHECK(t.col[0] == Vec3{1, -4, 7});
    CHECK(t.col[1] == Vec3{2, 5, -8});
    CHECK(t.col[2] == Vec3{3, -6, 9});
    const Mat3 a = mat3_abs(m);
    CHECK(a.col[1] == Vec3{4, 5, 6});
    CHECK(a.col[2] == Vec3{7, 8, 9});
    // (m * t) column 0 = m * t.col[0] = 1*(1,2,3) - 4*(-4,5,-6) + 7*(7,-8,9) = (66, -74, 90).
    const Mat3 p = mat3_mul(m, t);
    CHECK(p.col[0] == Vec3{66, -74, 90});
    // m t is symmetric.
    CHECK(p.col[1].x == p.col[0].y);
    CHECK(p.col[2].y == p.col[1].z);
    // mul_transpose is the inverse of a rotation.
    Rng rng(0x7A);
    for (int i = 0; i < 1000; ++i) {
        const Mat3 r = mat3_from_quat(quat_from_axis_angle(rng.direction(), rng.uniform(-kPi, kPi)));
        const Vec3 v = rng.vec(-10, 10);
        // Two rotations of |v| <= 17, a few float roundings (6e-8 relative) each.
        REQUIRE(distance(mul_transpose(r, r * v), v) < 3e-5f);
        REQUIRE(distance(mat3_transpose(r) * v, mul_transpose(r, v)) < 1e-6f);
    }
}

TEST_CASE("mat4_compose: transform_point is T R S p, transform_vector drops T") {
    // Hand case: scale (2, 3, 4), a quarter turn about +z, translation (1, 2, 3).
    const Mat4 m = mat4_compose({1, 2, 3}, quat_from_axis_angle({0, 0, 1}, kPi / 2), {2, 3, 4});
    const Vec3 p = transform_point(m, {1, 1, 1});  // S: (2,3,4)  R: (-3,2,4)  T: (-2,4,7)
    CHECK(p.x == Approx(-2.0f));
    CHECK(p.y == Approx(4.0f));
    CHECK(p.z == Approx(7.0f));
    const Vec3 v = transform_vector(m, {1, 1, 1});
    CHECK(v.x == Approx(-3.0f));
    CHECK(v.y == Approx(2.0f));
    CHECK(v.z == Approx(4.0f));
    CHECK(mat4_translation(m) == Vec3{1, 2, 3});
    CHECK(m.e[15] == 1.0f);
    // Random compositions against T + Rodrigues(S p) in double.
    Rng rng(0x44);
    for (int i = 0; i < 10000; ++i) {
        const Vec3 t = rng.vec(-100, 100), s = rng.vec(-3, 3), axis = rng.direction(), q = rng.vec(-10, 10);
        const float angle = rng.uniform(-kPi, kPi);
        const Mat4 mm = mat4_compose(t, quat_from_axis_angle(axis, angle), s);
        const DVec3 rs = rodrigues(d(axis), angle, {double(s.x) * q.x, double(s.y) * q.y, double(s.z) * q.z});
        REQUIRE(ddist(d(transform_point(mm, q)), d(t) + rs) < 1e-4);
        REQUIRE(ddist(d(transform_vector(mm, q)), rs) < 1e-4);
        REQUIRE(ddist(d(mat4_linear(mm) * q), rs) < 1e-4);
    }
}

// ---- vector helpers -----------------------------------------------------------------------------

TEST_CASE("normalize_or: never NaN, unit or the fallback, for zero, denormal, huge, infinite and NaN input") {
    const Vec3 fb{0, 0, 7};
    const float inf = INFINITY, nan = std::nanf(""), big = 3e38f, den = 1e-40f;
    const Vec3 inputs[] = {{0, 0, 0},      {-0.0f, 0, 0},       {den, 0, 0},    {1e-45f, 0, 0},    {big, big, big},
                           {-big, 0, big}, {inf, 0, 0},         {inf, -inf, 1}, {nan, 0, 0},       {1, nan, 1},
                           {1e-19f, 0, 0}, {1e-30f, 1e-30f, 0}, {3, 4, 0},      {1e20f, 1e-20f, 0}};
    for (const Vec3& v : inputs) {
        INFO("input " << v.x << " " << v.y << " " << v.z);
        const Vec3 n = normalize_or(v, fb);
        CHECK_FALSE(has_nan(n));
        CHECK((n == fb || is_unit(n, 1e-6f)));
    }
    // Which answer: zero and non-finite input give the fallback, a representable direction is kept.
    CHECK(normalize_or({0, 0, 0}, fb) == fb);
    CHECK(normalize_or({inf, 0, 0}, fb) == fb);
    CHECK(normalize_or({nan, 0, 0}, fb) == fb);
    const Vec3 h = normalize_or({big, big, 0}, fb);
    CHECK(h.x == Approx(std::sqrt(0.5f)));
    CHECK(h.z == 0.0f);
    CHECK(normalize_or({0, 1e-30f, 0}, fb).y == 1.0f);  // rescaled, not lost
}

TEST_CASE("normalize_or: a vector of denormal components is normalised, not NaN") {
    // Scaling by 1 / max|component| would be inf for a denormal maximum.
    const float den = 1e-40f;
    const Vec3 n = normalize_or({den, -den, den}, {0, 0, 7});
    CHECK_FALSE(has_nan(n));
}

TEST_CASE("normalize_or: vectors of length 1e-23 to 1e-20 come back unit length") {
    // |a|^2 is a float denormal below |a| ~ 1.1e-19 and keeps only a few bits: normalising by it
    // would give (5e-23, 0, 0) a length of 0.944.
    for (float s : {1e-20f, 1e-21f, 1e-22f, 5e-23f, 1e-23f}) {
        INFO("length " << s);
        CHECK(is_unit(normalize_or({s, 0, 0}, {0, 0, 7}), 1e-6f));
    }
}

TEST_CASE("any_perpendicular: unit and perpendicular for directions of any length") {
    Rng rng(0x9E);
    for (int i = 0; i < 20000; ++i) {
        Vec3 n = rng.direction() * rng.log_uniform(1e-15f, 1e15f);
        if (rng.below(10) == 0) {  // along an axis, where the choice of helper axis matters most
            n = Vec3{0, 0, 0};
            set_component(n, rng.below(3), random_sign(rng, rng.log_uniform(1e-15f, 1e15f)));
        }
        const Vec3 p = any_perpendicular(n);
        REQUIRE(is_unit(p, 1e-6f));
        REQUIRE(std::fabs(dot(p, n)) <= 1e-6f * length(n));
    }
    for (const Vec3& n : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, -1}, Vec3{1, 1, 1}}) {
        const Vec3 p = any_perpendicular(n);
        CHECK(is_unit(p, 1e-6f));
        CHECK(std::fabs(dot(p, n)) <= 1e-6f);
    }
}

TEST_CASE("any_perpendicular: a denormal-length direction gets a perpendicular answer") {
    // The cross product with the helper axis, (0, 0, 1e-40), must still normalise to a unit vector.
    const Vec3 n{1e-40f, 0, 0};
    const Vec3 p = any_perpendicular(n);
    CHECK(dot(p, Vec3{1, 0, 0}) == 0.0f);
}

TEST_CASE("reflect: mirrors about the plane, keeps the length, and twice is the identity") {
    const Vec3 r = reflect({1, -1, 0}, {0, 1, 0});
    CHECK(r == Vec3{1, 1, 0});
    Rng rng(0x4EF);
    for (int i = 0; i < 10000; ++i) {
        const Vec3 v = rng.vec(-10, 10), n = rng.direction();
        const Vec3 w = reflect(v, n);
        REQUIRE(std::fabs(length(w) - length(v)) < 1e-5f);
        REQUIRE(std::fabs(dot(w, n) + dot(v, n)) < 1e-5f);                // normal part flipped
        REQUIRE(distance(w - n * dot(w, n), v - n * dot(v, n)) < 1e-5f);  // tangent part kept
        REQUIRE(distance(reflect(w, n), v) < 2e-5f);
    }
}

TEST_CASE("reflect: a vector near FLT_MAX gives no NaN") {
    // In float, 2 (v.n) overflowed to infinity and the zero x component of n times it was NaN.
    const Vec3 r = reflect({0, FLT_MAX, 0}, {0, 1, 0});
    CHECK(r == Vec3{0, -FLT_MAX, 0});
    const Vec3 s = reflect({FLT_MAX, FLT_MAX, 0}, {0.6f, 0.8f, 0});
    CHECK(!std::isnan(s.x));
    CHECK(!std::isnan(s.y));
    CHECK(s.z == 0.0f);
}
