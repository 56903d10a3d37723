// shototsu — keeping a character clear of its neighbours (character_neighbours.hpp).
#include "character_neighbours.hpp"

#include <algorithm>
#include <cmath>

#include "character_detail.hpp"
#include "shototsu/overlap.hpp"

namespace shototsu::detail {

namespace {

// The squared distance between the axes of this capsule at p + dir t and the obstacle's, in
// double: the horizontal part a t^2 + 2 b t + c, and the vertical gap beyond the sum of the half
// axes S, max(|y0 + dy t| - S, 0), squared. It is convex in t (two convex sets, one translating)
// and piecewise quadratic, with breaks where |y0 + dy t| = S.
struct AxisGap {
    double a, b, c, y0, dy, s;

    AxisGap(const CharacterSettings& self, Vec3 p, Vec3 dir, const Obstacle& o) {
        const double wx = static_cast<double>(p.x) - o.center.x, wz = static_cast<double>(p.z) - o.center.z;
        a = static_cast<double>(dir.x) * dir.x + static_cast<double>(dir.z) * dir.z;
        b = wx * dir.x + wz * dir.z;
        c = wx * wx + wz * wz;
        y0 = static_cast<double>(p.y) - o.center.y;
        dy = dir.y;
        s = (0.5 * self.height - self.radius) + (0.5 * static_cast<double>(o.height) - o.radius);
    }
    double at(double t) const {
        const double v = std::fabs(y0 + dy * t) - s;
        const double h = (a * t + 2.0 * b) * t + c;
        return v > 0.0 ? h + v * v : h;
    }
    // The pieces of [lo, hi] between the breaks: bounds[0] = lo < ... < bounds[n] = hi.
    [[gnu::noinline]] int pieces(double lo, double hi, double bounds[4]) const {
        int n = 0;
        bounds[n++] = lo;
        if (dy != 0.0) {
            double t1 = (s - y0) / dy, t2 = (-s - y0) / dy;
            if (t1 > t2) std::swap(t1, t2);
            if (t1 > lo && t1 < hi) bounds[n++] = t1;
            if (t2 > lo && t2 < hi && t2 > bounds[n - 1]) bounds[n++] = t2;
        }
        bounds[n] = hi;
        return n;
    }
    // The quadratic A t^2 + 2 B t + C of the piece holding t.
    [[gnu::noinline]] void quadratic(double t, double& qa, double& qb, double& qc) const {
        const double y = y0 + dy * t;
        qa = a, qb = b, qc = c;
        if (std::fabs(y) > s) {
            const double sign = y > 0.0 ? 1.0 : -1.0;
            const double e = sign * y0 - s, f = sign * dy;  // the gap e + f t
            qa += f * f, qb += e * f, qc += e * e;
        }
    }
    // Where on [0, hi] the gap is least: each piece's stationary point (clamped to it) and the
    // ends, the least of those by the gap itself.
    double argmin(double hi) const {
        double bounds[4];
        const int n = pieces(0.0, hi, bounds);
        double best_t = 0.0, best = at(0.0);
        for (int k = 0; k < n; ++k) {
            double qa, qb, qc;
            quadratic(0.5 * (bounds[k] + bounds[k + 1]), qa, qb, qc);
            double t = bounds[k + 1];
            if (qa > 0.0) t = std::clamp(-qb / qa, bounds[k], bounds[k + 1]);
            for (const double u : {t, bounds[k + 1]}) {
                const double g = at(u);
                if (g < best) best = g, best_t = u;
            }
        }
        return best_t;
    }
    // The first t in [0, hi] where the gap falls to reach^2, given that it does by hi (hi when it
    // does not): the gap only falls before its least, so the first piece that ends within reach
    // holds the crossing, at its quadratic's smaller root.
    double first_within(double reach_sq, double hi) const {
        if (at(0.0) <= reach_sq) return 0.0;
        double bounds[4];
        const int n = pieces(0.0, hi, bounds);
        for (int k = 0; k < n; ++k) {
            if (!(at(bounds[k + 1]) <= reach_sq)) continue;
            double qa, qb, qc;
            quadratic(0.5 * (bounds[k] + bounds[k + 1]), qa, qb, qc);
            // A t^2 + 2 B t + (C - reach^2) = 0, falling (B < 0 at the crossing): the smaller
            // root, in the form without cancellation.
            const double cc = qc - reach_sq;
            const double root = std::sqrt(std::max(qb * qb - qa * cc, 0.0));
            const double den = root - qb;
            const double t = den > 0.0 ? cc / den : bounds[k];
            return std::clamp(t, bounds[k], bounds[k + 1]);
        }
        return hi;
    }
};

// The squared horizontal distance from the path p + dir t, 0 <= t <= travel, to the obstacle's
// axis, and whether it is beyond the overlap test's reach by far more than the rounding of it and
// of the positions tested (a few ulps of the coordinates): then no point of the way overlaps.
struct WayApart {
    float dist_sq;
    bool clear;
};
WayApart way_apart(const CharacterSettings& self, Vec3 p, Vec3 dir, float travel, const Obstacle& o) {
    // Horizontally: the path's closest point to the other's axis.
    const float dx = dir.x * travel, dz = dir.z * travel, wx = o.center.x - p.x, wz = o.center.z - p.z;
    const float dd = dx * dx + dz * dz;
    const float u = dd > 0.0f ? clampf((wx * dx + wz * dz) / dd, 0.0f, 1.0f) : 0.0f;
    const float ex = wx - u * dx, ez = wz - u * dz;
    const float touch = self.radius + o.radius + self.skin_width;
    const float mag = maxf(maxf(std::fabs(p.x), std::fabs(p.z)), maxf(std::fabs(o.center.x), std::fabs(o.center.z)));
    const float clear = touch + tol::kCharacterObstacleClearRel * (mag + travel + touch);
    const float d2 = ex * ex + ez * ez;
    return {d2, d2 > clear * clear};
}

// Where along p + dir t, 0 <= t <= travel, this capsule comes nearest the obstacle's, or -1 when it
// never comes within reach (one skin beyond touching) by its horizontal distance alone, or the way
// is clear of it (way_apart).
float nearest_approach(const CharacterSettings& self, Vec3 p, Vec3 dir, float travel, const Obstacle& o) {
    const float reach = self.radius + o.radius + 2.0f * self.skin_width;
    const WayApart w = way_apart(self, p, dir, travel, o);
    if (!(w.dist_sq < reach * reach) || w.clear) return -1.0f;
    return clampf(static_cast<float>(AxisGap(self, p, dir, o).argmin(travel)), 0.0f, travel);
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
// nearest: a step longer than a diameter can pass right through): the first touch of the two axes'
// distance solved in closed form, checked with the overlap test (bisection on that test when
// rounding disagrees). The answer only has to be safe (never inside), not exact.
float obstacle_limit(const CharacterSettings& self, std::span<const Obstacle> obstacles, Vec3 p, Vec3 dir, float travel,
                     Vec3& normal) {
    float limit = travel;
    // Straight up or down the horizontal offset of every point of the way is the start's
    // exactly (a zero component times t adds zero).
    const bool vertical = dir.x == 0.0f && dir.z == 0.0f;
    for (const Obstacle& o : obstacles) {
        // Most neighbours are well apart from the whole way: no point of it overlaps them (so
        // neither does its end), and the tests below would find nothing.
        if (way_apart(self, p, dir, limit, o).clear) continue;
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
        // Where the axes come within the grown reach, solved in double, backed off a little
        // along the way; kept when the overlap test agrees that the capsule is clear there.
        const double touch = static_cast<double>(self.radius) + o.radius + self.skin_width;
        const double first = AxisGap(self, p, dir, o).first_within(touch * touch, inside);
        const float lo =
            clampf(static_cast<float>(first) - tol::kCharacterObstacleBackoffSkinRel * self.skin_width, 0.0f, inside);
        const Vec3 at = p + dir * lo;
        if (!overlaps_obstacle(self, at, o, nullptr)) {
            // The normal from the obstacle's axis: horizontal, or along the axes when they are
            // aligned (one above the other).
            const Vec3 off = horizontal(at - o.center);
            limit = lo;
            normal = normalize_or(off, at.y > o.center.y ? kUp : -kUp);
            continue;
        }
        // Rounding disagreed: bisection on the overlap test itself, the contact's normal where it
        // first overlaps.
        float below = 0.0f, above = inside;
        for (int k = 0; k < tol::kCharacterObstacleBisections; ++k) {
            const float mid = 0.5f * (below + above);
            if (overlaps_obstacle(self, p + dir * mid, o, nullptr))
                above = mid;
            else
                below = mid;
        }
        Contact c;
        overlaps_obstacle(self, p + dir * above, o, &c);
        limit = below;
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
