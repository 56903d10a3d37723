// overlap.hpp, round shapes: sphere_sphere, capsule_sphere, capsule_capsule
// (Madhav, Game Programming in C++ ch. 10).
#include "catch_support.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "overlap_reference.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

Capsule moved(const Capsule& c, Vec3 by) { return {c.start + by, c.end + by, c.radius}; }
double seg_dist(const Capsule& a, const Capsule& b) {
    return ref_segment_distance(d(a.start), d(a.end), d(b.start), d(b.end));
}

}  // namespace

TEST_CASE("sphere_sphere: apart, touching exactly, overlapping, coincident") {
    CHECK(is_miss(sphere_sphere({{0, 0, 0}, 1}, {{3.5f, 0, 0}, 2})));
    const Contact touch = sphere_sphere({{0, 0, 0}, 1}, {{3, 0, 0}, 2});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(touch.normal == Vec3{1, 0, 0});
    CHECK(touch.point == Vec3{1, 0, 0});  // on a's surface
    const Contact deep = sphere_sphere({{1, 1, 1}, 2}, {{1, 1, -1}, 1});
    CHECK(deep.hit);
    CHECK(deep.depth == Approx(1.0f));
    check_vec(deep.normal, {0, 0, -1});
    check_vec(deep.point, {1, 1, -1});
    const Contact same = sphere_sphere({{2, 3, 4}, 1}, {{2, 3, 4}, 0.5f});
    CHECK(same.hit);
    CHECK(same.normal == Vec3{0, 1, 0});  // documented fallback
    CHECK(same.depth == 1.5f);
    CHECK(same.point == Vec3{2, 4, 4});
}

TEST_CASE("sphere_sphere: zero radii are points, invalid input misses") {
    CHECK(sphere_sphere({{1, 2, 3}, 0}, {{1, 2, 3}, 0}).hit);
    CHECK(is_miss(sphere_sphere({{1, 2, 3}, 0}, {{1, 2, std::nextafter(3.0f, 4.0f)}, 0})));
    const Contact on_surface = sphere_sphere({{0, 0, 0}, 2}, {{0, -2, 0}, 0});
    CHECK(on_surface.hit);
    CHECK(on_surface.depth == 0.0f);
    CHECK(on_surface.normal == Vec3{0, -1, 0});
    CHECK(is_miss(sphere_sphere({{kNaN, 0, 0}, 1}, {{0, 0, 0}, 1})));
    CHECK(is_miss(sphere_sphere({{0, 0, 0}, kNaN}, {{0, 0, 0}, 1})));
    CHECK(is_miss(sphere_sphere({{0, 0, 0}, -1}, {{0, 0, 0}, 1})));
}

TEST_CASE("capsule_sphere: beside the body, past a cap, centre on the axis") {
    const Capsule c{{0, 0, 0}, {4, 0, 0}, 1};
    const Contact side = capsule_sphere(c, {{2, 0, 1.5f}, 1});
    CHECK(side.hit);
    CHECK(side.depth == Approx(0.5f));
    check_vec(side.normal, {0, 0, 1});
    check_vec(side.point, {2, 0, 1});
    const Contact cap = capsule_sphere(c, {{5, 0, 0}, 0.5f});
    CHECK(cap.depth == Approx(0.5f));
    check_vec(cap.normal, {1, 0, 0});
    const Contact touch = capsule_sphere(c, {{-2, 0, 0}, 1});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(is_miss(capsule_sphere(c, {{-2, 0.01f, 0}, 1})));
    // Centre on a horizontal axis: the perpendicular nearest +Y is +Y.
    const Contact on_axis = capsule_sphere(c, {{1, 0, 0}, 0.5f});
    CHECK(on_axis.normal == Vec3{0, 1, 0});
    CHECK(on_axis.depth == 1.5f);
    // On a vertical axis there is no "up" perpendicular: the one nearest +X.
    const Contact vertical = capsule_sphere({{0, 0, 0}, {0, 3, 0}, 1}, {{0, 2, 0}, 1});
    CHECK(vertical.normal == Vec3{1, 0, 0});
    CHECK(vertical.depth == 2.0f);
}

TEST_CASE("capsule_capsule: parallel capsules side by side") {
    const Capsule a{{0, 0, 0}, {4, 0, 0}, 1};
    const Contact c = capsule_capsule(a, {{1, 0, 1.5f}, {6, 0, 1.5f}, 1});
    CHECK(c.hit);
    CHECK(c.depth == Approx(0.5f));
    check_vec(c.normal, {0, 0, 1});
    CHECK(c.point.z == Approx(1.0f));
    const Contact touch = capsule_capsule(a, {{1, 2, 0}, {6, 2, 0}, 1});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(touch.normal == Vec3{0, 1, 0});
    CHECK(is_miss(capsule_capsule(a, {{1, 2.001f, 0}, {6, 2.001f, 0}, 1})));
    // Parallel but end to end: the caps meet.
    const Contact ends = capsule_capsule(a, {{5.5f, 0, 0}, {9, 0, 0}, 1});
    CHECK(ends.depth == Approx(0.5f));
    check_vec(ends.normal, {1, 0, 0});
}

TEST_CASE("capsule_capsule: crossing axes push along the common perpendicular") {
    const Capsule a{{-2, 0, 0}, {2, 0, 0}, 0.5f};
    const Capsule b{{0, 0, -2}, {0, 0, 2}, 0.25f};
    const Contact cross = capsule_capsule(a, b);
    CHECK(cross.hit);
    CHECK(cross.normal == Vec3{0, 1, 0});  // perpendicular to both, oriented up
    CHECK(cross.depth == 0.75f);
    CHECK(cross.point == Vec3{0, 0.5f, 0});
    // Moving b along it by the depth leaves them touching; the normal and depth are exact.
    const Contact after = capsule_capsule(a, moved(b, cross.normal * cross.depth));
    CHECK(after.hit);
    CHECK(after.depth == 0.0f);
    // Slightly below: the direction of the gap wins over "up".
    const Contact below = capsule_capsule(a, moved(b, {0, -0.25f, 0}));
    CHECK(below.normal == Vec3{0, -1, 0});
    CHECK(below.depth == 0.5f);
    // A T: b's end lies on a's axis.
    const Contact tee = capsule_capsule(a, {{1, 0, 0}, {1, 0, 3}, 0.25f});
    CHECK(tee.normal == Vec3{0, 1, 0});
    CHECK(tee.depth == 0.75f);
}

TEST_CASE("capsule_capsule: collinear capsules use the perpendicular nearest +Y") {
    const Contact c = capsule_capsule({{0, 0, 0}, {4, 0, 0}, 1}, {{3, 0, 0}, {8, 0, 0}, 1});
    CHECK(c.hit);
    CHECK(c.normal == Vec3{0, 1, 0});
    CHECK(c.depth == 2.0f);
    const Contact tilted = capsule_capsule({{0, 0, 0}, {3, 4, 0}, 1}, {{3, 4, 0}, {6, 8, 0}, 1});
    check_vec(tilted.normal, {-0.8f, 0.6f, 0});
    CHECK(tilted.depth == Approx(2.0f));
}

// A point exactly on a slanted segment (checked in exact rational arithmetic) whose double
// projection onto it misses by ~1e-15, mostly ALONG the segment: a direction taken from that
// difference would slide b along a's axis instead of off it (tol::kCoincidentRel).
const Vec3 kSlantA{-5.218812942504883f, -0.7055842876434326f, 2.2984702587127686f};
const Vec3 kSlantB{8.481184959411621f, 2.2109413146972656f, -4.364789962768555f};
const Vec3 kOnSlant{-0.08131372928619385f, 0.3881128132343292f, -0.20025232434272766f};

TEST_CASE(
    "capsule_sphere and capsule_capsule: a point exactly on a slanted axis gets a perpendicular normal, not rounding "
    "noise") {
    const Capsule a{kSlantA, kSlantB, 1};
    const Vec3 axis = (kSlantB - kSlantA) * (1.0f / distance(kSlantA, kSlantB));
    const Contact c = capsule_sphere(a, {kOnSlant, 0.5f});
    REQUIRE(c.hit);
    CHECK(std::fabs(dot(c.normal, axis)) <= 1e-6f);
    CHECK(c.normal.y > 0.0f);  // the perpendicular nearest +Y
    CHECK(c.depth == Approx(1.5f).margin(1e-6));
    const Capsule b{kOnSlant, kOnSlant + Vec3{0, 0, 3}, 0.5f};  // a T: b starts on a's axis
    const Contact t = capsule_capsule(a, b);
    REQUIRE(t.hit);
    CHECK(std::fabs(dot(t.normal, axis)) <= 1e-6f);
    CHECK(std::fabs(t.normal.z) <= 1e-6f);
    CHECK(t.depth == Approx(1.5f).margin(1e-6));
    CHECK(seg_dist(a, moved(b, t.normal * (t.depth + 1e-4f))) > 1.5);
}

TEST_CASE("capsule_capsule: zero-length capsules are spheres, bit for bit") {
    Rng rng(11);
    for (int i = 0; i < 2000; ++i) {
        const Sphere a{rng.vec(-2, 2), rng.uniform(0, 1.5f)}, b{rng.vec(-2, 2), rng.uniform(0, 1.5f)};
        const Capsule ca{a.center, a.center, a.radius}, cb{b.center, b.center, b.radius};
        REQUIRE(same_bits(capsule_capsule(ca, cb), sphere_sphere(a, b)));
        REQUIRE(same_bits(capsule_sphere(ca, b), sphere_sphere(a, b)));
        const Capsule c{rng.vec(-2, 2), rng.vec(-2, 2), rng.uniform(0, 1)};
        REQUIRE(same_bits(capsule_sphere(c, b), capsule_capsule(c, cb)));
    }
}

TEST_CASE("capsule_capsule: non-finite or negative input misses") {
    const Capsule ok{{0, 0, 0}, {1, 0, 0}, 1};
    CHECK(is_miss(capsule_capsule(ok, {{0, kNaN, 0}, {1, 0, 0}, 1})));
    CHECK(is_miss(capsule_capsule({{0, 0, 0}, {1, 0, 0}, std::numeric_limits<float>::infinity()}, ok)));
    CHECK(is_miss(capsule_capsule(ok, {{0, 0, 0}, {1, 0, 0}, -0.5f})));
    CHECK(is_miss(capsule_sphere(ok, {{kNaN, 0, 0}, 1})));
}

TEST_CASE("round shapes: 10^5 seeded cases agree with an exact double distance, and the contact separates") {
    // Reference: the least of the end-to-segment distances and the lines' interior closest
    // pair, in double. tol: 8 float steps of the largest coordinate or radius — the answer is
    // rounded to float once, and the inputs are what both sides see.
    Rng rng(0x5EED);
    int compared = 0, hits = 0, ambiguous = 0;
    double max_depth_err = 0.0;
    for (int i = 0; i < 100000; ++i) {
        const float s = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 base = rng.vec(-1, 1) * (s * rng.log_uniform(1, 100));
        Capsule a{base + rng.vec(-s, s), {}, rng.uniform(0, s)};
        a.end = rng.below(10) ? a.start + rng.vec(-s, s) : a.start;
        Capsule b{base + rng.vec(-s, s), {}, rng.uniform(0, s)};
        b.end = b.start + rng.vec(-s, s);
        if (rng.below(20) == 0) a.radius = 0;
        switch (rng.below(6)) {
            case 0: b.end = b.start; break;                                        // a sphere
            case 1: b = moved(a, rng.direction() * rng.uniform(0, 2 * s)); break;  // parallel
            case 2: {                                                              // axes cross
                const Vec3 x = lerp(a.start, a.end, rng.uniform(0, 1)), dir = rng.vec(-s, s);
                b.start = x - dir * rng.uniform(0, 1);
                b.end = x + dir * rng.uniform(0, 1);
                break;
            }
            case 3:
                b.start = lerp(a.start, a.end, rng.uniform(-1, 2));
                b.end = lerp(a.start, a.end, rng.uniform(-1, 2));
                break;
            default: break;
        }
        const bool spheres = a.start == a.end && b.start == b.end;
        const Contact c = spheres ? sphere_sphere({a.start, a.radius}, {b.start, b.radius})
                                  : (b.start == b.end ? capsule_sphere(a, {b.start, b.radius}) : capsule_capsule(a, b));
        const double reach = double(a.radius) + b.radius;
        const double ref = seg_dist(a, b);
        const double tol = 8 * kFloatEps * std::fmax(magnitude({a.start, a.end, b.start, b.end}), float(reach));
        INFO("case " << i << " ref " << ref << " reach " << reach << " depth " << c.depth);
        if (std::fabs(ref - reach) <= tol) {
            ++ambiguous;
            continue;
        }
        REQUIRE(c.hit == (ref < reach));
        ++compared;
        if (!c.hit) {
            REQUIRE(is_miss(c));
            continue;
        }
        ++hits;
        const double err = std::fabs(c.depth - (reach - ref));
        max_depth_err = std::fmax(max_depth_err, err / tol);
        REQUIRE(err <= tol);
        REQUIRE(std::fabs(length(c.normal) - 1.0f) <= 1e-6f);
        // The point is on a's surface: radius a from a's axis.
        REQUIRE(std::fabs(ddist(d(c.point), ref_closest_on_segment(d(c.point), d(a.start), d(a.end))) - a.radius) <=
                tol);
        // Moving b along the normal by depth + delta separates; by depth - delta it still overlaps.
        const double delta = 16 * tol;
        REQUIRE(seg_dist(a, moved(b, c.normal * float(c.depth + delta))) > reach);
        if (c.depth > delta) REQUIRE(seg_dist(a, moved(b, c.normal * float(c.depth - delta))) < reach);
    }
    INFO("compared " << compared << " hits " << hits << " ambiguous " << ambiguous << " worst depth err / tol "
                     << max_depth_err);
    CHECK(compared >= 99000);
    CHECK(hits > 30000);
    CHECK(compared - hits > 20000);
}

TEST_CASE("sphere_sphere: 10^4 seeded normals equal the centre direction") {
    Rng rng(77);
    for (int i = 0; i < 10000; ++i) {
        const float s = rng.log_uniform(1e-3f, 1e4f);
        const Sphere a{rng.vec(-s, s), rng.uniform(0, s)}, b{rng.vec(-s, s), rng.uniform(0, s)};
        const Contact c = sphere_sphere(a, b);
        if (!c.hit) continue;
        const DVec3 dir = d(b.center) - d(a.center);
        const double len = dlen(dir);
        const double tol = 8 * kFloatEps * magnitude({a.center, b.center});
        if (len <= 1e3 * tol) continue;  // nearly coincident: the direction is what rounding made it
        const DVec3 want = dir * (1.0 / len);
        REQUIRE(ddist(d(c.normal), want) <= 1e-6 + 4 * tol / len);
        REQUIRE(ddist(d(c.point), d(a.center) + want * a.radius) <= 2 * tol);
    }
}
