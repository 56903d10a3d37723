// primitive.hpp: the world's queries against one sphere, capsule or oriented box, by hand — a
// hit, a miss, a start inside, touching, the degenerate primitives and non-finite input for
// each kind and each query.
#include "catch_support.hpp"

#include <cmath>
#include <limits>

#include "primitive.hpp"

using namespace shototsu;
using namespace shototsu::test;
using shototsu::detail::Primitive;
using shototsu::detail::PrimitiveHit;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();
const float kSqrt2 = 1.41421356f;

Primitive sphere(Vec3 c, float r) {
    Primitive p;
    p.kind = Primitive::Kind::Sphere;
    p.sphere = {c, r};
    return p;
}
Primitive capsule(Vec3 a, Vec3 b, float r) {
    Primitive p;
    p.kind = Primitive::Kind::Capsule;
    p.capsule = {a, b, r};
    return p;
}
Primitive box(Vec3 c, Vec3 h, Quat q = {}) {
    Primitive p;
    p.kind = Primitive::Kind::Box;
    p.box = {c, q, h};
    return p;
}

const Primitive kUnitSphere = sphere({0, 0, 0}, 1);
const Primitive kUpright = capsule({0, -1, 0}, {0, 1, 0}, 0.5f);
const Primitive kCube = box({0, 0, 0}, {1, 1, 1});
// The cube turned 45 degrees about z: a diamond in xy with corners at (+-sqrt2, 0), (0, +-sqrt2).
const Primitive kDiamond = box({0, 0, 0}, {1, 1, 1}, quat_from_axis_angle({0, 0, 1}, kPi / 4));

// point_tol: looser where the touching point is one of a whole edge or face of them.
void check_hit(const PrimitiveHit& h, float distance, Vec3 point, Vec3 position, Vec3 normal, float point_tol = 1e-5f) {
    const float tol = 1e-5f;
    INFO("distance " << h.distance << " point " << h.point << " position " << h.position << " normal " << h.normal);
    REQUIRE(h.hit);
    CHECK(h.distance == Approx(distance).margin(tol));
    check_near(h.point, point, point_tol);
    check_near(h.position, position, tol);
    check_near(h.normal, normal, tol);
}

void check_miss(const PrimitiveHit& h) {
    CHECK_FALSE(h.hit);
    CHECK(h.distance == 0.0f);
    CHECK(h.normal == Vec3{});
}

}  // namespace

// ---- primitive_box ------------------------------------------------------------------------------

TEST_CASE("primitive_box: each kind's world box holds it") {
    const AABB s = detail::primitive_box(sphere({1, 2, 3}, 0.5f));
    check_near(s.min, {0.5f, 1.5f, 2.5f});
    check_near(s.max, {1.5f, 2.5f, 3.5f});
    const AABB c = detail::primitive_box(kUpright);
    check_near(c.min, {-0.5f, -1.5f, -0.5f});
    check_near(c.max, {0.5f, 1.5f, 0.5f});
    const AABB d = detail::primitive_box(kDiamond);
    CHECK(d.max.x >= kSqrt2 - 1e-6f);
    CHECK(d.max.x <= kSqrt2 + 1e-5f);
    CHECK(d.max.z == 1.0f);
}

// ---- raycast ------------------------------------------------------------------------------------

TEST_CASE("primitive_raycast: a sphere is hit at its near side, missed beside it") {
    check_hit(detail::primitive_raycast(kUnitSphere, {-5, 0, 0}, {1, 0, 0}, kInf), 4, {-1, 0, 0}, {-1, 0, 0},
              {-1, 0, 0});
    check_miss(detail::primitive_raycast(kUnitSphere, {-5, 1.01f, 0}, {1, 0, 0}, kInf));
    check_miss(detail::primitive_raycast(kUnitSphere, {5, 0, 0}, {1, 0, 0}, kInf));
}

TEST_CASE("primitive_raycast: max_distance ending exactly at the surface still hits") {
    check_hit(detail::primitive_raycast(kUnitSphere, {-5, 0, 0}, {1, 0, 0}, 4), 4, {-1, 0, 0}, {-1, 0, 0}, {-1, 0, 0});
    check_miss(detail::primitive_raycast(kUnitSphere, {-5, 0, 0}, {1, 0, 0}, 3.99f));
    check_miss(detail::primitive_raycast(kCube, {-5, 0, 0}, {1, 0, 0}, 3.99f));
}

TEST_CASE("primitive_raycast: a ray starting inside hits at 0 with the shortest way out") {
    check_hit(detail::primitive_raycast(kUnitSphere, {0.5f, 0, 0}, {0, 1, 0}, kInf), 0, {0.5f, 0, 0}, {0.5f, 0, 0},
              {1, 0, 0});
    check_hit(detail::primitive_raycast(kUpright, {0, 0.8f, 0.3f}, {1, 0, 0}, 10), 0, {0, 0.8f, 0.3f}, {0, 0.8f, 0.3f},
              {0, 0, 1});
    check_hit(detail::primitive_raycast(kCube, {0.2f, -0.9f, 0}, {1, 0, 0}, kInf), 0, {0.2f, -0.9f, 0},
              {0.2f, -0.9f, 0}, {0, -1, 0});
    check_hit(detail::primitive_raycast(kCube, {1, 0, 0}, {1, 0, 0}, 0), 0, {1, 0, 0}, {1, 0, 0}, {1, 0, 0});
}

TEST_CASE("primitive_raycast: a capsule's side and its end caps") {
    check_hit(detail::primitive_raycast(kUpright, {-5, 0.5f, 0}, {1, 0, 0}, kInf), 4.5f, {-0.5f, 0.5f, 0},
              {-0.5f, 0.5f, 0}, {-1, 0, 0});
    check_hit(detail::primitive_raycast(kUpright, {0, 5, 0}, {0, -1, 0}, kInf), 3.5f, {0, 1.5f, 0}, {0, 1.5f, 0},
              {0, 1, 0});
    check_miss(detail::primitive_raycast(kUpright, {0, 1.6f, -5}, {0, 0, 1}, kInf));
}

TEST_CASE("primitive_raycast: boxes, axis-aligned and rotated") {
    check_hit(detail::primitive_raycast(kCube, {0.3f, 5, 0.2f}, {0, -1, 0}, kInf), 4, {0.3f, 1, 0.2f}, {0.3f, 1, 0.2f},
              {0, 1, 0});
    const Vec3 dir = normalize_or({1, 1, 0}, {});
    check_hit(detail::primitive_raycast(kDiamond, {-3, -3, 0}, dir, kInf), 3 * kSqrt2 - 1,
              {-1 / kSqrt2, -1 / kSqrt2, 0}, {-1 / kSqrt2, -1 / kSqrt2, 0}, {-1 / kSqrt2, -1 / kSqrt2, 0});
    check_miss(detail::primitive_raycast(kDiamond, {-3, 1.5f, 0}, {1, 0, 0}, kInf));
}

TEST_CASE("primitive_raycast: far from the origin, an unbounded ray keeps its distance exact") {
    const Primitive far = sphere({1000, 0, 0}, 1);
    const PrimitiveHit h = detail::primitive_raycast(far, {0, 0, 0}, {1, 0, 0}, kInf);
    REQUIRE(h.hit);
    CHECK(h.distance == Approx(999).margin(1e-4));
}

TEST_CASE("primitive_raycast: degenerate primitives are the point, segment or flat box they are") {
    check_hit(detail::primitive_raycast(sphere({1, 2, 3}, 0), {1, 2, -2}, {0, 0, 1}, kInf), 5, {1, 2, 3}, {1, 2, 3},
              {0, 0, -1});
    check_miss(detail::primitive_raycast(sphere({1, 2, 3}, 0), {1, 2.01f, -2}, {0, 0, 1}, kInf));
    check_hit(detail::primitive_raycast(capsule({0, 0, 0}, {0, 0, 0}, 1), {-5, 0, 0}, {1, 0, 0}, kInf), 4, {-1, 0, 0},
              {-1, 0, 0}, {-1, 0, 0});
    const PrimitiveHit seg =
        detail::primitive_raycast(capsule({0, -1, 0}, {0, 1, 0}, 0), {-5, 0.5f, 0}, {1, 0, 0}, kInf);
    REQUIRE(seg.hit);
    CHECK(seg.distance == Approx(5).margin(1e-5));
    check_hit(detail::primitive_raycast(box({0, 0, 0}, {1, 0, 1}), {0.5f, 4, 0.5f}, {0, -1, 0}, kInf), 4,
              {0.5f, 0, 0.5f}, {0.5f, 0, 0.5f}, {0, 1, 0});
    check_hit(detail::primitive_raycast(box({0, 0, 0}, {0, 0, 0}), {0, 4, 0}, {0, -1, 0}, kInf), 4, {0, 0, 0},
              {0, 0, 0}, {0, 1, 0});
}

TEST_CASE("primitive_raycast: non-finite input is a miss") {
    check_miss(detail::primitive_raycast(kUnitSphere, {kNaN, 0, 0}, {1, 0, 0}, kInf));
    check_miss(detail::primitive_raycast(kUnitSphere, {-5, 0, 0}, {kNaN, 0, 0}, kInf));
    check_miss(detail::primitive_raycast(kUnitSphere, {-5, 0, 0}, {1, 0, 0}, kNaN));
    check_miss(detail::primitive_raycast(kUnitSphere, {-5, 0, 0}, {1, 0, 0}, -1));
    check_miss(detail::primitive_raycast(sphere({0, 0, 0}, kNaN), {-5, 0, 0}, {1, 0, 0}, kInf));
    check_miss(detail::primitive_raycast(capsule({0, kInf, 0}, {0, 0, 0}, 1), {-5, 0, 0}, {1, 0, 0}, kInf));
    check_miss(detail::primitive_raycast(box({0, 0, 0}, {1, 1, 1}, {kNaN, 0, 0, 1}), {-5, 0, 0}, {1, 0, 0}, kInf));
}

// ---- sphere cast --------------------------------------------------------------------------------

TEST_CASE("primitive_sphere_cast: a sphere against a sphere stops a radius sum from its centre") {
    check_hit(detail::primitive_sphere_cast(kUnitSphere, {-5, 0, 0}, 0.5f, {1, 0, 0}, 10), 3.5f, {-1, 0, 0},
              {-1.5f, 0, 0}, {-1, 0, 0});
    check_miss(detail::primitive_sphere_cast(kUnitSphere, {-5, 1.51f, 0}, 0.5f, {1, 0, 0}, 10));
    check_miss(detail::primitive_sphere_cast(kUnitSphere, {-5, 0, 0}, 0.5f, {1, 0, 0}, 3.4f));
    check_hit(detail::primitive_sphere_cast(kUnitSphere, {-5, 0, 0}, 0.5f, {1, 0, 0}, 3.5f), 3.5f, {-1, 0, 0},
              {-1.5f, 0, 0}, {-1, 0, 0});
}

TEST_CASE("primitive_sphere_cast: starting inside hits at 0 with the query's centre and the way out") {
    check_hit(detail::primitive_sphere_cast(kUnitSphere, {0.5f, 0, 0}, 0.25f, {-1, 0, 0}, 10), 0, {0.5f, 0, 0},
              {0.5f, 0, 0}, {1, 0, 0});
    check_hit(detail::primitive_sphere_cast(kUpright, {0.6f, 0.2f, 0}, 0.25f, {1, 0, 0}, 10), 0, {0.6f, 0.2f, 0},
              {0.6f, 0.2f, 0}, {1, 0, 0});
    check_hit(detail::primitive_sphere_cast(kCube, {0.9f, 0.1f, 0}, 0.25f, {1, 0, 0}, 10), 0, {0.9f, 0.1f, 0},
              {0.9f, 0.1f, 0}, {1, 0, 0});
    check_hit(detail::primitive_sphere_cast(kCube, {1.2f, 0.1f, 0}, 0.25f, {1, 0, 0}, 0), 0, {1.2f, 0.1f, 0},
              {1.2f, 0.1f, 0}, {1, 0, 0});
}

TEST_CASE("primitive_sphere_cast: touching at the start hits when approaching, is free moving away") {
    for (const Primitive& p : {kUnitSphere, kUpright, kCube}) {
        const float x = p.kind == Primitive::Kind::Capsule ? 1.0f : 1.5f;
        check_hit(detail::primitive_sphere_cast(p, {x, 0, 0}, 0.5f, {-1, 0, 0}, 10), 0, {x - 0.5f, 0, 0}, {x, 0, 0},
                  {1, 0, 0});
        check_miss(detail::primitive_sphere_cast(p, {x, 0, 0}, 0.5f, {1, 0, 0}, 10));
        check_miss(detail::primitive_sphere_cast(p, {x, 0, 0}, 0.5f, {0, 0, 1}, 10));
    }
}

TEST_CASE("primitive_sphere_cast: a capsule's side, its cap and a box's face and edge") {
    check_hit(detail::primitive_sphere_cast(kUpright, {-5, 0, 0}, 0.5f, {1, 0, 0}, 10), 4, {-0.5f, 0, 0}, {-1, 0, 0},
              {-1, 0, 0});
    check_hit(detail::primitive_sphere_cast(kUpright, {0, 5, 0}, 0.5f, {0, -1, 0}, 10), 3, {0, 1.5f, 0}, {0, 2, 0},
              {0, 1, 0});
    const float cap = 5 - std::sqrt(0.75f);
    check_hit(detail::primitive_sphere_cast(kUpright, {-5, 1.5f, 0}, 0.5f, {1, 0, 0}, 10), cap,
              {-std::sqrt(0.75f) / 2, 1.25f, 0}, {-std::sqrt(0.75f), 1.5f, 0}, {-std::sqrt(0.75f), 0.5f, 0});
    check_hit(detail::primitive_sphere_cast(kCube, {-5, 0.2f, 0}, 0.5f, {1, 0, 0}, 10), 3.5f, {-1, 0.2f, 0},
              {-1.5f, 0.2f, 0}, {-1, 0, 0});
    check_hit(detail::primitive_sphere_cast(kCube, {-5, 1.3f, 0}, 0.5f, {1, 0, 0}, 10), 3.6f, {-1, 1, 0},
              {-1.4f, 1.3f, 0}, {-0.8f, 0.6f, 0});
    check_miss(detail::primitive_sphere_cast(kCube, {-5, 1.51f, 0}, 0.5f, {1, 0, 0}, 10));
}

TEST_CASE("primitive_sphere_cast: a rotated box is met at its leading edge") {
    check_hit(detail::primitive_sphere_cast(kDiamond, {-5, 0, 0.3f}, 0.5f, {1, 0, 0}, 10), 4.5f - kSqrt2,
              {-kSqrt2, 0, 0.3f}, {-kSqrt2 - 0.5f, 0, 0.3f}, {-1, 0, 0});
}

TEST_CASE("primitive_sphere_cast: degenerate spheres, primitives and motions") {
    // A zero-radius sphere is a ray.
    check_hit(detail::primitive_sphere_cast(kCube, {-5, 0.2f, 0}, 0, {1, 0, 0}, 10), 4, {-1, 0.2f, 0}, {-1, 0.2f, 0},
              {-1, 0, 0});
    check_hit(detail::primitive_sphere_cast(sphere({0, 0, 0}, 0), {-5, 0, 0}, 1, {1, 0, 0}, 10), 4, {0, 0, 0},
              {-1, 0, 0}, {-1, 0, 0});
    check_hit(detail::primitive_sphere_cast(capsule({0, 0, 0}, {0, 0, 0}, 1), {-5, 0, 0}, 1, {1, 0, 0}, 10), 3,
              {-1, 0, 0}, {-2, 0, 0}, {-1, 0, 0});
    check_hit(detail::primitive_sphere_cast(capsule({0, -1, 0}, {0, 1, 0}, 0), {-5, 0, 0}, 1, {1, 0, 0}, 10), 4,
              {0, 0, 0}, {-1, 0, 0}, {-1, 0, 0});
    check_hit(detail::primitive_sphere_cast(box({0, 0, 0}, {1, 0, 1}), {0.5f, 5, 0}, 1, {0, -1, 0}, 10), 4,
              {0.5f, 0, 0}, {0.5f, 1, 0}, {0, 1, 0});
    check_hit(detail::primitive_sphere_cast(box({0, 0, 0}, {0, 0, 0}), {0, 5, 0}, 1, {0, -1, 0}, 10), 4, {0, 0, 0},
              {0, 1, 0}, {0, 1, 0});
    check_miss(detail::primitive_sphere_cast(kCube, {-5, 0, 0}, 0.5f, {1, 0, 0}, 0));
}

TEST_CASE("primitive_sphere_cast: non-finite or negative input is a miss") {
    check_miss(detail::primitive_sphere_cast(kCube, {kNaN, 0, 0}, 0.5f, {1, 0, 0}, 10));
    check_miss(detail::primitive_sphere_cast(kCube, {-5, 0, 0}, kNaN, {1, 0, 0}, 10));
    check_miss(detail::primitive_sphere_cast(kCube, {-5, 0, 0}, -1, {1, 0, 0}, 10));
    check_miss(detail::primitive_sphere_cast(kCube, {-5, 0, 0}, 0.5f, {1, kNaN, 0}, 10));
    check_miss(detail::primitive_sphere_cast(kCube, {-5, 0, 0}, 0.5f, {1, 0, 0}, kInf));
    check_miss(detail::primitive_sphere_cast(kUpright, {-5, 0, 0}, 0.5f, {1, 0, 0}, kNaN));
    check_miss(detail::primitive_sphere_cast(sphere({0, 0, 0}, kInf), {-5, 0, 0}, 0.5f, {1, 0, 0}, 10));
}

// ---- capsule cast -------------------------------------------------------------------------------

TEST_CASE("primitive_capsule_cast: a capsule against a sphere, side on and end on") {
    check_hit(detail::primitive_capsule_cast(kUnitSphere, {{-5, 0, -1}, {-5, 0, 1}, 0.5f}, {1, 0, 0}, 10), 3.5f,
              {-1, 0, 0}, {-1.5f, 0, 0}, {-1, 0, 0});
    check_hit(detail::primitive_capsule_cast(kUnitSphere, {{-5, 1.2f, 0}, {-5, 3, 0}, 0.5f}, {1, 0, 0}, 10), 4.1f,
              {-0.6f, 0.8f, 0}, {-0.9f, 2.1f, 0}, {-0.6f, 0.8f, 0});
    check_miss(detail::primitive_capsule_cast(kUnitSphere, {{-5, 1.51f, 0}, {-5, 3, 0}, 0.5f}, {1, 0, 0}, 10));
}

TEST_CASE("primitive_capsule_cast: capsules crossed, parallel and end to end") {
    check_hit(detail::primitive_capsule_cast(kUpright, {{-5, 0.2f, -1}, {-5, 0.2f, 1}, 0.5f}, {1, 0, 0}, 10), 4,
              {-0.5f, 0.2f, 0}, {-1, 0.2f, 0}, {-1, 0, 0});
    check_hit(detail::primitive_capsule_cast(kUpright, {{-5, -0.5f, 0}, {-5, 1, 0}, 0.5f}, {1, 0, 0}, 10), 4,
              {-0.5f, 0, 0}, {-1, 0.25f, 0}, {-1, 0, 0}, 0.75f);
    check_hit(detail::primitive_capsule_cast(kUpright, {{0, 3, 0}, {0, 5, 0}, 0.5f}, {0, -1, 0}, 10), 1, {0, 1.5f, 0},
              {0, 3, 0}, {0, 1, 0});
    // Skew axes: the contact is where the moving axis passes a radius sum from the fixed one.
    const PrimitiveHit skew =
        detail::primitive_capsule_cast(kUpright, {{-5, -0.5f, -1}, {-5, 0.5f, 1}, 0.25f}, {1, 0, 0}, 10);
    REQUIRE(skew.hit);
    CHECK(skew.distance == Approx(4.25f).margin(1e-5));
    check_near(skew.normal, {-1, 0, 0});
    check_miss(detail::primitive_capsule_cast(kUpright, {{-5, 2.1f, -1}, {-5, 2.1f, 1}, 0.5f}, {1, 0, 0}, 10));
}

TEST_CASE("primitive_capsule_cast: a capsule against a box's face and across its top") {
    check_hit(detail::primitive_capsule_cast(kCube, {{-5, 0, -0.5f}, {-5, 0, 0.5f}, 0.25f}, {1, 0, 0}, 10), 3.75f,
              {-1, 0, 0}, {-1.25f, 0, 0}, {-1, 0, 0}, 0.6f);
    check_hit(detail::primitive_capsule_cast(kCube, {{-3, 3, 0}, {3, 3, 0}, 0.5f}, {0, -1, 0}, 10), 1.5f, {0, 1, 0},
              {0, 1.5f, 0}, {0, 1, 0}, 1.1f);
    check_miss(detail::primitive_capsule_cast(kCube, {{-3, 3, 0}, {3, 3, 0}, 0.5f}, {1, 0, 0}, 10));
}

TEST_CASE("primitive_capsule_cast: starting inside and touching follow the sweep rules") {
    // The axis inside the box near its top: out through +y by the shortest way.
    check_hit(detail::primitive_capsule_cast(kCube, {{-0.5f, 0.8f, 0}, {0.5f, 0.8f, 0}, 0.1f}, {1, 0, 0}, 10), 0,
              {0, 0.8f, 0}, {0, 0.8f, 0}, {0, 1, 0});
    const Capsule resting{{-0.5f, 1.5f, 0}, {0.5f, 1.5f, 0}, 0.5f};
    check_miss(detail::primitive_capsule_cast(kCube, resting, {0, 1, 0}, 10));
    check_miss(detail::primitive_capsule_cast(kCube, resting, {1, 0, 0}, 10));
    const PrimitiveHit pressed = detail::primitive_capsule_cast(kCube, resting, {0, -1, 0}, 10);
    REQUIRE(pressed.hit);
    CHECK(pressed.distance == 0.0f);
    CHECK(pressed.point.y == Approx(1));
    check_near(pressed.normal, {0, 1, 0});
    check_hit(detail::primitive_capsule_cast(kUpright, {{0.6f, -1, 0}, {0.6f, 1, 0}, 0.2f}, {0, 1, 0}, 10), 0,
              {0.6f, 0, 0}, {0.6f, 0, 0}, {1, 0, 0});
    check_miss(detail::primitive_capsule_cast(kUnitSphere, {{1.5f, 0, -1}, {1.5f, 0, 1}, 0.5f}, {1, 0, 0}, 10));
}

TEST_CASE("primitive_capsule_cast: degenerate capsules and primitives") {
    // A zero-length capsule is a sphere cast.
    const PrimitiveHit as_sphere =
        detail::primitive_capsule_cast(kCube, {{-5, 1.3f, 0}, {-5, 1.3f, 0}, 0.5f}, {1, 0, 0}, 10);
    check_hit(as_sphere, 3.6f, {-1, 1, 0}, {-1.4f, 1.3f, 0}, {-0.8f, 0.6f, 0});
    check_hit(detail::primitive_capsule_cast(kUpright, {{-5, 0, -1}, {-5, 0, 1}, 0}, {1, 0, 0}, 10), 4.5f,
              {-0.5f, 0, 0}, {-0.5f, 0, 0}, {-1, 0, 0});
    check_hit(
        detail::primitive_capsule_cast(capsule({0, -1, 0}, {0, 1, 0}, 0), {{-5, 0, -1}, {-5, 0, 1}, 0}, {1, 0, 0}, 10),
        5, {0, 0, 0}, {0, 0, 0}, {-1, 0, 0});
    check_hit(detail::primitive_capsule_cast(box({0, 0, 0}, {0, 0, 0}), {{-1, 5, 0}, {1, 5, 0}, 1}, {0, -1, 0}, 10), 4,
              {0, 0, 0}, {0, 1, 0}, {0, 1, 0});
    check_miss(detail::primitive_capsule_cast(kCube, {{-5, 0, 0}, {-4, 0, 0}, 0.5f}, {1, 0, 0}, 0));
}

TEST_CASE("primitive_capsule_cast: non-finite or negative input is a miss") {
    check_miss(detail::primitive_capsule_cast(kCube, {{kNaN, 0, 0}, {1, 0, 0}, 0.5f}, {1, 0, 0}, 10));
    check_miss(detail::primitive_capsule_cast(kCube, {{-5, 0, 0}, {-4, 0, 0}, -0.5f}, {1, 0, 0}, 10));
    check_miss(detail::primitive_capsule_cast(kUpright, {{-5, 0, 0}, {-4, 0, 0}, 0.5f}, {kNaN, 0, 0}, 10));
    check_miss(detail::primitive_capsule_cast(kUnitSphere, {{-5, 0, 0}, {-4, 0, 0}, 0.5f}, {1, 0, 0}, kNaN));
    check_miss(
        detail::primitive_capsule_cast(box({0, 0, 0}, {1, -1, 1}), {{-5, 0, 0}, {-4, 0, 0}, 0.5f}, {1, 0, 0}, 10));
}

// ---- overlaps -----------------------------------------------------------------------------------

TEST_CASE("primitive_sphere_overlap: each kind, with the normal toward the sphere") {
    const Contact s = detail::primitive_sphere_overlap(kUnitSphere, {{1.5f, 0, 0}, 1});
    REQUIRE(s.hit);
    CHECK(s.depth == Approx(0.5f));
    check_near(s.normal, {1, 0, 0});
    check_near(s.point, {1, 0, 0});
    const Contact c = detail::primitive_sphere_overlap(kUpright, {{1, 0.5f, 0}, 0.75f});
    REQUIRE(c.hit);
    CHECK(c.depth == Approx(0.25f));
    check_near(c.point, {0.5f, 0.5f, 0});
    const Contact b = detail::primitive_sphere_overlap(kCube, {{0.8f, 0, 0}, 0.1f});
    REQUIRE(b.hit);
    CHECK(b.depth == Approx(0.3f));
    check_near(b.normal, {1, 0, 0});
    const Contact touching = detail::primitive_sphere_overlap(kCube, {{2, 0, 0}, 1});
    CHECK(touching.hit);
    CHECK(touching.depth == 0.0f);
    CHECK(is_miss(detail::primitive_sphere_overlap(kDiamond, {{2, 0, 0}, 0.5f})));
    CHECK(is_miss(detail::primitive_sphere_overlap(kCube, {{kNaN, 0, 0}, 1})));
    CHECK(is_miss(detail::primitive_sphere_overlap(sphere({0, 0, 0}, -1), {{0, 0, 0}, 1})));
}

TEST_CASE("primitive_capsule_overlap: against spheres and capsules, the normal points to the capsule") {
    const Contact s = detail::primitive_capsule_overlap(kUnitSphere, {{1.5f, -1, 0}, {1.5f, 1, 0}, 1});
    REQUIRE(s.hit);
    CHECK(s.depth == Approx(0.5f));
    check_near(s.normal, {1, 0, 0});
    check_near(s.point, {1, 0, 0});
    const Contact c = detail::primitive_capsule_overlap(kUpright, {{0.8f, 0, -1}, {0.8f, 0, 1}, 0.5f});
    REQUIRE(c.hit);
    CHECK(c.depth == Approx(0.2f));
    check_near(c.normal, {1, 0, 0});
    check_near(c.point, {0.5f, 0, 0});
    CHECK(is_miss(detail::primitive_capsule_overlap(kUpright, {{1.01f, 0, -1}, {1.01f, 0, 1}, 0.5f})));
    CHECK(detail::primitive_capsule_overlap(kUpright, {{1, 0, -1}, {1, 0, 1}, 0.5f}).hit);
}

TEST_CASE("primitive_capsule_overlap: against a box, outside, at an edge and through it") {
    const Contact face = detail::primitive_capsule_overlap(kCube, {{1.5f, 0, -0.5f}, {1.5f, 0, 0.5f}, 1});
    REQUIRE(face.hit);
    CHECK(face.depth == Approx(0.5f));
    check_near(face.normal, {1, 0, 0});
    CHECK(face.point.x == Approx(1));
    const Contact edge = detail::primitive_capsule_overlap(kCube, {{1.3f, 1.4f, -0.5f}, {1.3f, 1.4f, 0.5f}, 0.6f});
    REQUIRE(edge.hit);
    CHECK(edge.depth == Approx(0.1f));
    check_near(edge.normal, {0.6f, 0.8f, 0});
    check_near(edge.point, {1, 1, edge.point.z});
    // The axis through the box: out the nearest way, the radius added.
    const Contact through = detail::primitive_capsule_overlap(kCube, {{-3, 0.7f, 0}, {3, 0.7f, 0}, 0.1f});
    REQUIRE(through.hit);
    CHECK(through.depth == Approx(0.4f));
    check_near(through.normal, {0, 1, 0});
    CHECK(through.point.y == Approx(1));
    // Through the rotated box near its corner: out sideways past the corner (the axis crossed
    // with the box's z edges), not across a face.
    const Contact diag = detail::primitive_capsule_overlap(kDiamond, {{1.2f, -1, 0}, {1.2f, 1, 0}, 0});
    REQUIRE(diag.hit);
    CHECK(diag.depth == Approx(kSqrt2 - 1.2f).margin(1e-5));
    check_near(diag.normal, {1, 0, 0});
    CHECK(is_miss(detail::primitive_capsule_overlap(kCube, {{2.1f, 0, -1}, {2.1f, 0, 1}, 1})));
}

TEST_CASE("primitive_capsule_overlap: degenerate capsules and boxes, non-finite input") {
    const Capsule point_like{{0.8f, 0, 0}, {0.8f, 0, 0}, 0.1f};
    CHECK(same_bits(detail::primitive_capsule_overlap(kCube, point_like),
                    detail::primitive_sphere_overlap(kCube, {{0.8f, 0, 0}, 0.1f})));
    const Contact dot_box =
        detail::primitive_capsule_overlap(box({0, 0, 0}, {0, 0, 0}), {{-1, 0.2f, 0}, {1, 0.2f, 0}, 0.5f});
    REQUIRE(dot_box.hit);
    CHECK(dot_box.depth == Approx(0.3f));
    check_near(dot_box.normal, {0, 1, 0});
    const Contact flat =
        detail::primitive_capsule_overlap(box({0, 0, 0}, {1, 0, 1}), {{-1, 0.2f, 0}, {1, 0.2f, 0}, 0.5f});
    REQUIRE(flat.hit);
    CHECK(flat.depth == Approx(0.3f));
    check_near(flat.normal, {0, 1, 0});
    CHECK(is_miss(detail::primitive_capsule_overlap(kCube, {{kNaN, 0, 0}, {0, 0, 0}, 1})));
    CHECK(is_miss(detail::primitive_capsule_overlap(kUpright, {{0, 0, 0}, {1, 0, 0}, -1})));
}

// ---- closest point ------------------------------------------------------------------------------

TEST_CASE("primitive_closest_point: the solid's nearest point, the query itself inside") {
    const auto s = detail::primitive_closest_point(kUnitSphere, {3, 0, 0});
    check_near(s.point, {1, 0, 0});
    CHECK(s.distance == Approx(2));
    const auto inside = detail::primitive_closest_point(kUnitSphere, {0.2f, 0.3f, 0});
    CHECK(inside.point == Vec3{0.2f, 0.3f, 0});
    CHECK(inside.distance == 0.0f);
    const auto c = detail::primitive_closest_point(kUpright, {3, 5, 0});
    check_near(c.point, {0.3f, 1.4f, 0});
    CHECK(c.distance == Approx(4.5f));
    const auto b = detail::primitive_closest_point(kDiamond, {2, 2, 0.5f});
    check_near(b.point, {1 / kSqrt2, 1 / kSqrt2, 0.5f});
    CHECK(b.distance == Approx(2 * kSqrt2 - 1));
    const auto in_box = detail::primitive_closest_point(kDiamond, {0.1f, 0.2f, 0.3f});
    CHECK(in_box.point == Vec3{0.1f, 0.2f, 0.3f});
    CHECK(in_box.distance == 0.0f);
}

TEST_CASE("primitive_closest_point: degenerate primitives, NaN input and invalid primitives") {
    const auto dot = detail::primitive_closest_point(sphere({1, 2, 3}, 0), {1, 2, 5});
    check_near(dot.point, {1, 2, 3});
    CHECK(dot.distance == Approx(2));
    const auto seg = detail::primitive_closest_point(capsule({0, -1, 0}, {0, 1, 0}, 0), {2, 0.5f, 0});
    check_near(seg.point, {0, 0.5f, 0});
    const auto flat = detail::primitive_closest_point(box({0, 0, 0}, {1, 0, 1}), {0.5f, 2, 0.5f});
    check_near(flat.point, {0.5f, 0, 0.5f});
    CHECK(flat.distance == Approx(2));
    const auto nan = detail::primitive_closest_point(kCube, {kNaN, 0, 0});
    CHECK_FALSE(nan.distance > 0.0f);  // NaN or 0, never a crash
    const auto empty = detail::primitive_closest_point(sphere({0, 0, 0}, -1), {3, 0, 0});
    CHECK(std::isnan(empty.point.x));
    CHECK(std::isnan(empty.distance));
}

// ---- floor --------------------------------------------------------------------------------------

TEST_CASE("primitive_floor: the upper surface, else the lower one, below from_y") {
    const auto top = detail::primitive_floor(kUnitSphere, 0.6f, 0, kInf);
    REQUIRE(top.hit);
    CHECK(top.height == Approx(0.8f));
    check_near(top.normal, {0.6f, 0.8f, 0});
    const auto under = detail::primitive_floor(kUnitSphere, 0.6f, 0, 0.5f);
    REQUIRE(under.hit);
    CHECK(under.height == Approx(-0.8f));
    check_near(under.normal, {-0.6f, 0.8f, 0});
    CHECK_FALSE(detail::primitive_floor(kUnitSphere, 0.6f, 0, -0.9f).hit);
    CHECK_FALSE(detail::primitive_floor(kUnitSphere, 1.1f, 0, kInf).hit);
    // from_y exactly at the surface counts.
    const auto at = detail::primitive_floor(kCube, 0.5f, 0.5f, 1);
    REQUIRE(at.hit);
    CHECK(at.height == 1.0f);
    check_near(at.normal, {0, 1, 0});
}

TEST_CASE("primitive_floor: a lying capsule and a rotated box") {
    const auto cap = detail::primitive_floor(capsule({-1, 0, 0}, {1, 0, 0}, 0.5f), 0.3f, 0.3f, kInf);
    REQUIRE(cap.hit);
    CHECK(cap.height == Approx(0.4f));
    check_near(cap.normal, {0, 0.8f, 0.6f});
    const auto dia = detail::primitive_floor(kDiamond, 0.5f, 0.2f, kInf);
    REQUIRE(dia.hit);
    CHECK(dia.height == Approx(kSqrt2 - 0.5f));
    check_near(dia.normal, {1 / kSqrt2, 1 / kSqrt2, 0});
    const auto dia_low = detail::primitive_floor(kDiamond, 0.5f, 0.2f, 0);
    REQUIRE(dia_low.hit);
    CHECK(dia_low.height == Approx(0.5f - kSqrt2));
    check_near(dia_low.normal, {-1 / kSqrt2, 1 / kSqrt2, 0});
}

TEST_CASE("primitive_floor: degenerate primitives and non-finite input") {
    const auto flat = detail::primitive_floor(box({0, 2, 0}, {1, 0, 1}), 0.5f, 0.5f, 2);
    REQUIRE(flat.hit);
    CHECK(flat.height == 2.0f);
    check_near(flat.normal, {0, 1, 0});
    const auto at_origin = detail::primitive_floor(box({0, 0, 0}, {1, 0, 1}), 0, 0, 0);
    REQUIRE(at_origin.hit);
    CHECK(at_origin.height == 0.0f);
    const auto dot = detail::primitive_floor(sphere({1, 2, 3}, 0), 1, 3, kInf);
    REQUIRE(dot.hit);
    CHECK(dot.height == Approx(2));
    const auto stick = detail::primitive_floor(capsule({0, -1, 0}, {0, 1, 0}, 0), 0, 0, 0);
    REQUIRE(stick.hit);
    CHECK(stick.height == -1.0f);
    CHECK_FALSE(detail::primitive_floor(kUnitSphere, kNaN, 0, kInf).hit);
    CHECK_FALSE(detail::primitive_floor(kUnitSphere, 0, 0, kNaN).hit);
    CHECK_FALSE(detail::primitive_floor(sphere({0, kNaN, 0}, 1), 0, 0, kInf).hit);
}
