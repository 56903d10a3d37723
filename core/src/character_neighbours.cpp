// shototsu — keeping a character clear of its neighbours (character_neighbours.hpp).
#include "character_neighbours.hpp"

#include <cmath>

#include "character_detail.hpp"
#include "shototsu/overlap.hpp"

namespace shototsu::detail {

namespace {

// Where along p + dir t, 0 <= t <= travel, this capsule comes nearest the obstacle's, or -1 when it
// never comes within reach (one skin beyond touching) by its horizontal distance alone. The
// distance between the two upright segments is convex in t (two convex sets, one translating), so
// golden-section search finds the nearest point.
float nearest_approach(const CharacterSettings& self, Vec3 p, Vec3 dir, float travel, const Obstacle& o) {
    const float reach = self.radius + o.radius + 2.0f * self.skin_width;
    // Horizontally: the path's closest point to the other's axis.
    const float dx = dir.x * travel, dz = dir.z * travel, wx = o.center.x - p.x, wz = o.center.z - p.z;
    const float dd = dx * dx + dz * dz;
    const float u = dd > 0.0f ? clampf((wx * dx + wz * dz) / dd, 0.0f, 1.0f) : 0.0f;
    const float ex = wx - u * dx, ez = wz - u * dz;
    if (!(ex * ex + ez * ez < reach * reach)) return -1.0f;
    // Nor when that distance is beyond the overlap test's reach (one skin less) by far more than
    // the rounding of it and of the positions tested (a few ulps of the coordinates): no point of
    // the way overlaps, wherever the search below would land.
    const float touch = self.radius + o.radius + self.skin_width;
    const float mag = maxf(maxf(std::fabs(p.x), std::fabs(p.z)), maxf(std::fabs(o.center.x), std::fabs(o.center.z)));
    const float clear = touch + tol::kCharacterObstacleClearRel * (mag + travel + touch);
    if (ex * ex + ez * ez > clear * clear) return -1.0f;
    const float hs = 0.5f * self.height - self.radius, ho = 0.5f * o.height - o.radius;
    const auto gap_sq = [&](float t) {
        const Vec3 c = p + dir * t - o.center;
        const float v = maxf(std::fabs(c.y) - (hs + ho), 0.0f);
        return c.x * c.x + c.z * c.z + v * v;
    };
    constexpr float kGolden = 0.618034f;
    float lo = 0.0f, hi = travel;
    float a = hi - kGolden * (hi - lo), b = lo + kGolden * (hi - lo);
    float fa = gap_sq(a), fb = gap_sq(b);
    for (int k = 0; k < 40; ++k) {
        if (fa <= fb) {
            hi = b, b = a, fb = fa;
            a = hi - kGolden * (hi - lo);
            fa = gap_sq(a);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + kGolden * (hi - lo);
            fb = gap_sq(b);
        }
    }
    return fa <= fb ? a : b;
}

}  // namespace

namespace {

// The answer capsule_capsule(a, b) gives, when it is certain from the squared distance of the two
// upright axes (differences of floats, exact in double, then three products and two sums: a
// relative error of a few 1e-16) against the sum of the radii: +1 overlapping by more than
// rounding (hit, depth > 0), -1 apart by more than rounding (no hit), 0 too close to call — then
// only capsule_capsule's own evaluation gives its exact answer. The margin, 1e-7 of the reach
// squared, is far above both evaluations' errors and is met only within ~50 nm of touching.
[[gnu::noinline]] int upright_overlap_sign(const Capsule& a, const Capsule& b) {
    const double dx = static_cast<double>(a.start.x) - b.start.x, dz = static_cast<double>(a.start.z) - b.start.z;
    const double below = static_cast<double>(b.start.y) - a.end.y, above = static_cast<double>(a.start.y) - b.end.y;
    const double gap = below > above ? below : above;
    const double dy = gap > 0.0 ? gap : 0.0;
    const double d2 = dx * dx + dz * dz + dy * dy;
    const double reach = static_cast<double>(a.radius) + b.radius;
    const double margin = 1e-7 * reach * reach;
    if (d2 < reach * reach - margin) return 1;
    if (d2 > reach * reach + margin) return -1;
    return 0;  // also for NaN
}

// Whether the character centred at `center` and the obstacle share heights (the vertical gap
// between their axes, as upright_overlap_sign evaluates it, is not positive).
bool level_with(const CharacterSettings& self, Vec3 center, const Obstacle& o) {
    const Capsule other = upright_capsule(o.center, o.radius, o.height);
    const Capsule me = upright_capsule(center, self.radius, self.height);
    const double below = static_cast<double>(me.start.y) - other.end.y;
    const double above = static_cast<double>(other.start.y) - me.end.y;
    return !((below > above ? below : above) > 0.0);
}

// upright_overlap_sign of the obstacle grown by a skin and the character at `center`.
int obstacle_sign(const CharacterSettings& self, Vec3 center, const Obstacle& o) {
    Capsule other = upright_capsule(o.center, o.radius, o.height);
    other.radius = o.radius + self.skin_width;
    return upright_overlap_sign(other, upright_capsule(center, self.radius, self.height));
}

}  // namespace

bool overlaps_obstacle(const CharacterSettings& self, Vec3 center, const Obstacle& o, Contact* contact) {
    Capsule other = upright_capsule(o.center, o.radius, o.height);
    other.radius = o.radius + self.skin_width;
    const Capsule me = upright_capsule(center, self.radius, self.height);
    // Certainly apart: no contact to report (it is left as it was). Certainly overlapping: the
    // answer without one; with one, only capsule_capsule gives its normal and depth.
    const int sign = upright_overlap_sign(other, me);
    if (sign < 0 || (sign > 0 && !contact)) return sign > 0;
    const Contact c = capsule_capsule(other, me);
    if (contact) *contact = c;
    return c.hit && c.depth > 0.0f;
}

// Where the capsule would come within a skin of an obstacle (at the end, or where it passes
// nearest: a step longer than a diameter can pass right through), bisection on the overlap test
// from the start: the others are few and the answer only has to be safe (never inside), not exact.
float obstacle_limit(const CharacterSettings& self, std::span<const Obstacle> obstacles, Vec3 p, Vec3 dir, float travel,
                     Vec3& normal) {
    float limit = travel;
    // Straight up or down the horizontal offset of every point of the way is the start's
    // exactly (a zero component times t adds zero).
    const bool vertical = dir.x == 0.0f && dir.z == 0.0f;
    for (const Obstacle& o : obstacles) {
        float inside = limit;  // a point of the way that overlaps
        const Vec3 end = p + dir * limit;
        const int end_sign = obstacle_sign(self, end, o);
        if (!(end_sign > 0 || (end_sign == 0 && overlaps_obstacle(self, end, o, nullptr)))) {
            // Vertically at shared heights at both ends (so in between: the capsule's heights
            // round monotonically), every point of the way has the end's axis distance, certainly
            // clear there: none overlaps.
            if (vertical && end_sign < 0 && level_with(self, p, o) && level_with(self, end, o)) continue;
            const float t = nearest_approach(self, p, dir, limit, o);
            if (!(t >= 0.0f) || !overlaps_obstacle(self, p + dir * t, o, nullptr)) continue;
            inside = t;
        }
        Contact at_start;
        if (overlaps_obstacle(self, p, o, &at_start)) {
            // Already within a skin (pushed there): moving away is free, moving closer is not.
            if (dot(dir, at_start.normal) < 0.0f) {
                limit = 0.0f;
                normal = normalize_or(horizontal(at_start.normal), at_start.normal);
            }
            continue;
        }
        float lo = 0.0f, hi = inside;
        for (int k = 0; k < tol::kCharacterObstacleBisections; ++k) {
            const float mid = 0.5f * (lo + hi);
            if (overlaps_obstacle(self, p + dir * mid, o, nullptr))
                hi = mid;
            else
                lo = mid;
        }
        Contact c;
        overlaps_obstacle(self, p + dir * hi, o, &c);
        limit = lo;
        normal = normalize_or(horizontal(c.normal), c.normal);
    }
    return limit;
}

Push push_away(const CharacterSettings& self, Vec3 center, const Obstacle& o) {
    const Capsule other = upright_capsule(o.center, o.radius, o.height);
    const Capsule me = upright_capsule(center, self.radius, self.height);
    if (upright_overlap_sign(other, me) < 0) return {};
    const Contact c = capsule_capsule(other, me);
    if (!c.hit) return {};
    return {true, normalize_or(horizontal(c.normal), Vec3{1, 0, 0}), c.depth + self.skin_width};
}

}  // namespace shototsu::detail
