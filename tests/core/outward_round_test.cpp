// The outward rounding of the shape boxes (bounding.cpp: a double bound stored as the float at or
// beyond it) against std::nextafter, bit for bit: sphere and capsule boxes over seeded centres and
// radii of every magnitude, with the bounds near zero, in the denormal range, at float ties and
// near the float range's end.
#include "catch_support.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "shototsu/bounding.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr double kFloatMax = std::numeric_limits<float>::max();
constexpr float kInf = std::numeric_limits<float>::infinity();

// The reference: the nearest float, stepped once with std::nextafter when it lies on the wrong side.
float ref_down(double x) {
    if (x > kFloatMax) return std::numeric_limits<float>::max();
    if (x < -kFloatMax) return -kInf;
    const float f = static_cast<float>(x);
    return static_cast<double>(f) > x ? std::nextafter(f, -kInf) : f;
}
float ref_up(double x) {
    if (x > kFloatMax) return kInf;
    if (x < -kFloatMax) return std::numeric_limits<float>::lowest();
    const float f = static_cast<float>(x);
    return static_cast<double>(f) < x ? std::nextafter(f, kInf) : f;
}

bool same(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

float pick(Rng& rng) {
    switch (rng.below(8)) {
        case 0: return rng.uniform(-1.0f, 1.0f);
        case 1: return rng.uniform(-1e4f, 1e4f);
        case 2: return (rng.below(2) ? 1.0f : -1.0f) * rng.log_uniform(1e-44f, 1e-36f);  // denormal and tiny
        case 3: return (rng.below(2) ? 1.0f : -1.0f) * rng.log_uniform(1e30f, 3e38f);
        case 4: return rng.below(2) ? 0.0f : -0.0f;
        case 5: return (rng.below(2) ? 1.0f : -1.0f) * std::numeric_limits<float>::max();
        default: return (rng.below(2) ? 1.0f : -1.0f) * rng.log_uniform(1e-20f, 1e20f);
    }
}

}  // namespace

TEST_CASE("outward rounding: sphere and capsule boxes equal the std::nextafter reference bit for bit") {
    Rng rng(20261128);
    int stepped = 0;
    for (int k = 0; k < 200000; ++k) {
        const Vec3 c{pick(rng), pick(rng), pick(rng)};
        // Radii near the centre's magnitude make the bounds land near zero and at float ties.
        float r = rng.below(3) == 0 ? std::fabs(c.x) * rng.uniform(0.999f, 1.001f) : std::fabs(pick(rng));
        if (rng.below(16) == 0) r = std::nextafter(std::fabs(c.x), kInf);
        const AABB box = aabb_of_sphere({c, r});
        const double dr = r;
        INFO("case " << k << " centre " << c.x << " " << c.y << " " << c.z << " radius " << r);
        for (int i = 0; i < 3; ++i) {
            const double ci = component(c, i);
            REQUIRE(same(component(box.min, i), ref_down(ci - dr)));
            REQUIRE(same(component(box.max, i), ref_up(ci + dr)));
            stepped += static_cast<double>(static_cast<float>(ci - dr)) > ci - dr ? 1 : 0;
        }
        const Vec3 e{pick(rng), c.y, pick(rng)};
        const AABB cap = aabb_of_capsule({c, e, r});
        // Each end's bound, then the lower (upper) of the two with aabb_merge's tie rule: the
        // second when they compare equal, as +0 and -0 do (std::fmin may return either zero).
        for (int i = 0; i < 3; ++i) {
            const float lo_c = ref_down(component(c, i) - dr), lo_e = ref_down(component(e, i) - dr);
            const float hi_c = ref_up(component(c, i) + dr), hi_e = ref_up(component(e, i) + dr);
            REQUIRE(same(component(cap.min, i), lo_c < lo_e ? lo_c : lo_e));
            REQUIRE(same(component(cap.max, i), hi_c > hi_e ? hi_c : hi_e));
        }
    }
    // Both ways of rounding were taken, many times.
    CHECK(stepped > 50000);
}

TEST_CASE("outward rounding: bounds at zero, the smallest denormals and the float range's end") {
    const float tiny = std::numeric_limits<float>::denorm_min();
    AABB b = aabb_of_sphere({{0.0f, 0.0f, 0.0f}, 0.0f});
    REQUIRE(same(b.min.x, 0.0f));
    REQUIRE(same(b.max.x, 0.0f));
    // The smallest denormals: exact, down to zero.
    b = aabb_of_sphere({{tiny, -tiny, 0.0f}, tiny});
    REQUIRE(same(b.min.x, 0.0f));
    REQUIRE(same(b.max.x, 2.0f * tiny));
    REQUIRE(same(b.min.y, -2.0f * tiny));
    REQUIRE(same(b.max.y, 0.0f));
    // 1 + 1e-10 is not a float: up to the next one; 1e-10 - 1 rounds to -1, already below.
    b = aabb_of_sphere({{1e-10f, 0.0f, 0.0f}, 1.0f});
    REQUIRE(same(b.min.x, -1.0f));
    REQUIRE(same(b.max.x, std::nextafter(1.0f, 2.0f)));
    // One ulp beyond 1 - 2^-30 each way.
    b = aabb_of_sphere({{1.0f, 0.0f, 0.0f}, 0x1p-30f});
    REQUIRE(same(b.min.x, std::nextafter(1.0f, 0.0f)));
    REQUIRE(same(b.max.x, std::nextafter(1.0f, 2.0f)));
    // Past the float range: the largest float or infinity, as before.
    const float big = std::numeric_limits<float>::max();
    b = aabb_of_sphere({{big, -big, 0.0f}, big});
    REQUIRE(b.max.x == kInf);
    REQUIRE(b.min.y == -kInf);
    REQUIRE(b.min.x == 0.0f);
}
