// shototsu — the kinematic capsule character controller (character.hpp).
//
// A move is: push out of anything the capsule overlaps (only after a teleport or spawn), slide by
// the displacement (each capsule cast stops one skin short of the surface along its normal, then
// the rest of the motion is redirected along that surface), try a step up when a wall stopped a
// grounded character, then probe below: snap to walkable ground within reach, or report why the
// character is not grounded.
//
// How surfaces redirect the motion (the heart of "climbs steps, stands on slopes, never snags"):
//   walkable ground  carries the character: the downward part of the motion is dropped (so it
//                    stands still on a slope instead of creeping) and the horizontal part
//                    follows the surface (so it walks up and down slopes at its own pace);
//   steep surfaces   are walls for horizontal motion (the horizontal normal removes the part going
//                    into them, so they are never climbed) and slides for downward motion (the
//                    character slides down them);
//   ceilings         slide the motion along them.
// The sweeps are exact (sweep_capsule_triangle), so the normal at an internal edge of a flat or
// smooth floor is the floor's own: nothing snags.
#include "shototsu/character.hpp"

#include <cmath>
#include <limits>

#include "dvec.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "sweep_detail.hpp"
#include "world_detail.hpp"

namespace shototsu {

const char* ground_reason_name(GroundReason reason) {
    switch (reason) {
        case GroundReason::Walkable: return "walkable";
        case GroundReason::Snapped: return "snapped";
        case GroundReason::SteppedUp: return "stepped up";
        case GroundReason::TooSteep: return "too steep";
        case GroundReason::NoGround: return "no ground";
        case GroundReason::Rising: return "rising";
    }
    return "no ground";
}

using detail::max_abs;

namespace {

constexpr Vec3 kUp{0.0f, 1.0f, 0.0f};

Vec3 horizontal(Vec3 v) { return {v.x, 0.0f, v.z}; }

float horizontal_distance(Vec3 a, Vec3 b) { return length(horizontal(b - a)); }

}  // namespace

struct CharacterController::SlideResult {
    Vec3 end;
    bool hit_wall = false;
    Vec3 wall_normal;
    // The lowest point at which a wall of the world was touched (-inf for another character).
    float lowest_wall_contact = std::numeric_limits<float>::infinity();
};

CharacterController::CharacterController(const World& world, const CharacterSettings& settings, Vec3 position)
    : world_(&world), settings_(settings) {
    CharacterSettings& s = settings_;
    if (!(s.radius > 0.0f) || !std::isfinite(s.radius)) s.radius = 0.35f;
    if (!(s.height >= 2.0f * s.radius) || !std::isfinite(s.height)) s.height = 2.0f * s.radius;
    if (!(s.step_height >= 0.0f) || !std::isfinite(s.step_height)) s.step_height = 0.0f;
    if (!(s.snap_distance >= 0.0f) || !std::isfinite(s.snap_distance)) s.snap_distance = 0.0f;
    if (!(s.skin_width > 0.0f) || !std::isfinite(s.skin_width)) s.skin_width = 0.01f;
    s.max_slope_degrees = clampf(std::isfinite(s.max_slope_degrees) ? s.max_slope_degrees : 45.0f, 0.0f, 90.0f);
    // Nothing steeper than kCharacterMinNormalY (84.3 degrees) is walkable: walking converts
    // horizontal motion into climb along the ground's plane by the ratio of the normal's
    // horizontal part to n.y, and a wall's contact normal carries rounding noise in y (about 1e-2
    // at 1e4 from the origin) — as ground it would fling the character up by hundreds of metres.
    cos_max_slope_ = maxf(det_cos(s.max_slope_degrees * kDegToRad), tol::kCharacterMinNormalY);
    set_position(position);
}

void CharacterController::set_position(Vec3 p) {
    if (is_finite(p)) position_ = p;
    grounded_ = false;
    ground_normal_ = Vec3{0, 0, 0};
    needs_depenetration_ = true;
}

Capsule CharacterController::capsule_at(Vec3 c) const {
    const float half = 0.5f * settings_.height - settings_.radius;
    return {c - kUp * half, c + kUp * half, settings_.radius};
}

// A cached triangle's separating axes: the unit normal and the unit normals of its edges
// in its plane (pointing either way), in double, each with the triangle's extent along it from its
// own vertices (so any direction would do; a zero-area triangle gets none).
void CharacterController::set_axes(const Triangle& tri, TriangleAxes& c) {
    using detail::DVec3;
    c = TriangleAxes{};
    const DVec3 v[3] = {detail::dv(tri.a), detail::dv(tri.b), detail::dv(tri.c)};
    DVec3 e[3];
    for (int i = 0; i < 3; ++i) {
        e[i] = v[(i + 1) % 3] - v[i];
        c.extent = detail::dmax(c.extent, detail::dmax(max_abs(v[i]), max_abs(e[i])));
    }
    const DVec3 n = detail::cross(e[0], v[2] - v[0]);
    const double nn = detail::length_sq(n);
    if (!(nn > 0.0) || !std::isfinite(nn)) return;
    const DVec3 m = n * (1.0 / std::sqrt(nn));
    const auto set_axis = [&](TriangleAxes::Axis& a, DVec3 u) {
        a.n[0] = u.x;
        a.n[1] = u.y;
        a.n[2] = u.z;
        const double h0 = detail::dot(u, v[0]), h1 = detail::dot(u, v[1]), h2 = detail::dot(u, v[2]);
        a.lo = detail::dmin(h0, detail::dmin(h1, h2));
        a.hi = detail::dmax(h0, detail::dmax(h1, h2));
    };
    set_axis(c.axes[0], m);
    for (int i = 0; i < 3; ++i) {
        const DVec3 u = detail::cross(e[i], m);
        const double uu = detail::length_sq(u);
        // A zero-length edge of a non-degenerate triangle cannot be; keep it testless anyway.
        if (uu > 0.0 && std::isfinite(uu)) set_axis(c.axes[1 + i], u * (1.0 / std::sqrt(uu)));
    }
}

// Fills the triangle cache for a move from `center` reaching at most `reach_sideways`
// horizontally and `reach_vertical` up or down (the step up and the snap only go vertically),
// unless the cached box already covers it. The box is grown by a margin so that a walking
// character refills every several moves, not every move.
void CharacterController::prepare_cache(Vec3 center, float reach_sideways, float reach_vertical) const {
    if (!cache_enabled_) return;
    const float half = 0.5f * settings_.height;
    const Vec3 ext{settings_.radius + reach_sideways, half + reach_vertical, settings_.radius + reach_sideways};
    const AABB need{center - ext, center + ext};
    const AABB& have = cache_box_;
    if (need.min.x >= have.min.x && need.min.y >= have.min.y && need.min.z >= have.min.z && need.max.x <= have.max.x &&
        need.max.y <= have.max.y && need.max.z <= have.max.z)
        return;
    const float margin = tol::kCharacterCacheMargin * settings_.height;
    const Vec3 g{margin, margin, margin};
    cache_box_ = {need.min - g, need.max + g};
    cache_.clear();
    if (boxes4_.empty()) boxes4_.resize(kCacheTriangles / 4);  // sized once, never shrunk
    bool overflow = false;
    world_->for_each_triangle_in(cache_box_, [&](std::uint32_t mesh, std::uint32_t id, const Triangle& tri) {
        const std::size_t k = cache_.size();
        if (k >= kCacheTriangles) {
            overflow = true;
            return;
        }
        cache_.push_back({tri, mesh, id, false});
        const AABB b = detail::triangle_box(tri);
        BoxBlock& q = boxes4_[k / 4];
        const std::size_t i = k % 4;
        q.min_x[i] = b.min.x, q.min_y[i] = b.min.y, q.min_z[i] = b.min.z;
        q.max_x[i] = b.max.x, q.max_y[i] = b.max.y, q.max_z[i] = b.max.z;
    });
    cache_usable_ = !overflow;
    // The unused lanes of the last block: empty boxes (and masked off by index anyway).
    for (std::size_t k = cache_.size(); k % 4 != 0; ++k) {
        BoxBlock& q = boxes4_[k / 4];
        const std::size_t i = k % 4;
        constexpr float inf = std::numeric_limits<float>::infinity();
        q.min_x[i] = q.min_y[i] = q.min_z[i] = inf;
        q.max_x[i] = q.max_y[i] = q.max_z[i] = -inf;
    }
    candidates_.resize(cache_.size());  // cached_cast's working list: one slot per triangle
    if (axes_.size() < cache_.size()) axes_.resize(cache_.size());
}

// World::capsule_cast / sphere_cast over the cached triangles: the same motion (the direction
// normalised as the world does, times the length), the same per-triangle sweep and the same tie
// rule (lowest t, then mesh, then triangle), with a conservative box test in front — so the same
// answer. Falls back to the world when the cast leaves the cached box.
// Before each sweep, beside the box test, the triangle's separating axes (its normal, then its
// edges' normals in its plane): when the swept axis (the segment axis_start–axis_end, moved by the
// motion as the sweep will move it) stays farther from the triangle's extent along one of them
// than the sweep's reach — the radius, its touching band and eight rounding cushions (the tangent
// test of sweep_sphere_triangle and sweep_capsule_triangle, whose face test widens the edges by one
// cushion), bounded from above here, plus one more cushion for this test's own rounding — the
// segment stays farther than that from the triangle and the sweep would report no contact:
// skipped. Most of a floor's triangles end here, before the sweep builds their frame. The same
// axes bound when a contact can happen at all (the separation along each is linear in t, and
// the latest of their entry times bounds the contact); the survivors are swept earliest first,
// and the loop stops when the next one's earliest time comes after the best hit so far (its t
// could not be lower, so the tie rule cannot pick it). The edge axes matter on a floor: the
// triangles beside the one underneath share its plane, so only an edge tells them apart.
template <bool kVertical, class Sweep>
WorldHit CharacterController::cached_cast(Vec3 lead, Vec3 dir_in, float len, float radius, Vec3 half_axis,
                                          Vec3 axis_start, Vec3 axis_end, Sweep&& sweep) const {
    detail::EarliestSweep earliest;
    const Vec3 dir = normalize_or(dir_in, Vec3{0, 0, 0});
    if (dir == Vec3{0, 0, 0}) return earliest.result(len, len);
    const Vec3 motion = dir * len;
    // The swept shape's box, grown by more than the sweeps' touching band and rounding.
    const Vec3 m = vmax(vabs(lead), vabs(lead + motion));
    const float pad = radius + tol::kCharacterCacheBoxPadRel * (maxf(maxf(m.x, m.y), m.z) + len + radius);
    const Vec3 ext = vabs(half_axis) + Vec3{pad, pad, pad};
    const AABB swept{vmin(lead, lead + motion) - ext, vmax(lead, lead + motion) + ext};
    // The swept axis in double, as the sweeps see it: the capsule sweep moves its axis by the
    // motion itself, the sphere sweep by (start + motion) - start. kVertical: a sphere (one point)
    // moving straight up or down, so dm has no x or z and the products with them drop out
    // (the same values: only the sign of a zero rate can differ, which no test below sees).
    const detail::DVec3 p0 = detail::dv(axis_start), p1 = detail::dv(axis_end);
    const detail::DVec3 dm = kVertical ? detail::dv(axis_start + motion) - p0 : detail::dv(motion);
    const double r = radius;
    const double big = detail::dmax(max_abs(p0), max_abs(p1));
    const double slop = tol::kSweepContactSlop * detail::dmax(big, r);
    // The sweeps' length scale is at most this plus the triangle's extent.
    const double scale = big + max_abs(p1 - p0) + max_abs(dm) + r;
    const double reach = r + slop + 9.0 * tol::kSweepCushion * scale;
    // Every triangle that passes both tests, with the earliest time its axis allows a contact
    // (the separation along the axis is linear in t); swept in that order, so that once the best
    // hit so far comes before the next one's earliest time, nothing left can win.
    Candidate* const list = candidates_.data();
    std::size_t count = 0;
    // The box test, four cached triangles at a time: the same comparisons as one at a time
    // (a lane is kept unless one of them rejects it, NaN included), then the survivors one by one.
    using detail::F4;
    const F4 s_min_x = detail::f4_splat(swept.min.x), s_min_y = detail::f4_splat(swept.min.y),
             s_min_z = detail::f4_splat(swept.min.z);
    const F4 s_max_x = detail::f4_splat(swept.max.x), s_max_y = detail::f4_splat(swept.max.y),
             s_max_z = detail::f4_splat(swept.max.z);
    const std::uint32_t n = static_cast<std::uint32_t>(cache_.size());
    const BoxBlock* const blocks = boxes4_.data();
    for (std::uint32_t base = 0; base < n; base += 4) {
        const BoxBlock& q = blocks[base / 4];
        const detail::I4 out = (detail::f4_load(q.min_x) > s_max_x) | (detail::f4_load(q.max_x) < s_min_x) |
                               (detail::f4_load(q.min_y) > s_max_y) | (detail::f4_load(q.max_y) < s_min_y) |
                               (detail::f4_load(q.min_z) > s_max_z) | (detail::f4_load(q.max_z) < s_min_z);
        unsigned keep = ~detail::i4_mask(out) & 0xFu;
        if (n - base < 4) keep &= (1u << (n - base)) - 1u;
        for (; keep != 0; keep &= keep - 1) {
            const std::uint32_t k = base + static_cast<std::uint32_t>(detail::lowest_bit(keep));
            CachedTriangle& c = cache_[k];
            TriangleAxes& ax = axes_[k];
            if (!c.has_axes) {
                set_axes(c.tri, ax);
                c.has_axes = true;
            }
            const double within = reach + 9.0 * tol::kSweepCushion * ax.extent;
            double earliest = 0.0;
            bool separated = false, free_start = false;
            // Along each axis, the separation on the side the swept axis starts on (<= 0: none) and
            // its rate of change.
            double sep[4], rate[4];
            for (int i = 0; i < 4; ++i) {
                const TriangleAxes::Axis& a = ax.axes[i];
                const double h0 = a.n[0] * p0.x + a.n[1] * p0.y + a.n[2] * p0.z;
                const double h1 = kVertical ? h0 : a.n[0] * p1.x + a.n[1] * p1.y + a.n[2] * p1.z;
                const double hd = kVertical ? a.n[1] * dm.y : a.n[0] * dm.x + a.n[1] * dm.y + a.n[2] * dm.z;
                const double above = detail::dmin(h0, h1) - a.hi, below = a.lo - detail::dmax(h0, h1);
                sep[i] = above > 0.0 ? above : below;
                rate[i] = above > 0.0 ? hd : -hd;
                free_start = free_start || above > within || below > within;
                if (above > within) {
                    if (!(above + hd <= within)) {
                        separated = true;
                        break;
                    }
                    earliest = detail::dmax(earliest, (above - within) / -hd);
                } else if (below > within) {
                    if (!(below - hd <= within)) {
                        separated = true;
                        break;
                    }
                    earliest = detail::dmax(earliest, (below - within) / hd);
                }
            }
            if (separated) continue;
            // The normal with one edge's normal: the two are orthogonal, so while the swept axis is
            // beyond the triangle along both (separations a, b >= 0) it is at least sqrt(a^2 + b^2)
            // from it — the sphere sinking onto a floor beside the triangle underneath reaches this
            // one's edge later than its plane. max(a, 0)^2 + max(b, 0)^2 is convex in t (a and b are
            // linear), so when it is above within^2 and not falling at the start, it never comes
            // down to it: no contact (most floor triangles beside the one a sweep sinks onto, and
            // half of those a walk passes). Otherwise a^2 + b^2 is a convex quadratic; its first root
            // within^2, taken a little early, is kept only when checked directly: a and b still >= 0
            // there (so also before), a^2 + b^2 > within^2 and decreasing (so larger before).
            if (sep[0] > 0.0) {
                for (int i = 1; i < 4; ++i) {
                    if (!(sep[i] > 0.0)) continue;
                    const double sa = sep[0], ra = rate[0], sb = sep[i], rb = rate[i];
                    const double qa = ra * ra + rb * rb, qb = sa * ra + sb * rb,
                                 qc = sa * sa + sb * sb - within * within;
                    if (!(qc > 0.0)) continue;
                    free_start = true;  // sqrt(a^2 + b^2) > within at the start
                    if (!(qb < 0.0)) {
                        separated = true;  // not closing in at the start: never closer (convex)
                        break;
                    }
                    const double disc = qb * qb - qa * qc;
                    if (!(disc >= 0.0)) continue;
                    const double t = qc / (-qb + std::sqrt(disc)) * (1.0 - tol::kCharacterPairBoundEarly);
                    if (!(t > earliest)) continue;
                    const double a = sa + t * ra, b = sb + t * rb;
                    if (!(a >= 0.0 && b >= 0.0 && a * a + b * b > within * within && a * ra + b * rb < 0.0)) continue;
                    if (t >= 1.0) {
                        separated = true;  // no contact during the cast
                        break;
                    }
                    earliest = t;
                }
                if (separated) continue;
            }
            list[count++] = {earliest, k, free_start};
        }
    }
    // Insertion sort: a handful of candidates.
    for (std::size_t i = 1; i < count; ++i) {
        const Candidate x = list[i];
        std::size_t j = i;
        for (; j > 0 && list[j - 1].earliest > x.earliest; --j) list[j] = list[j - 1];
        list[j] = x;
    }
    for (std::size_t i = 0; i < count; ++i) {
        const Candidate& cand = list[i];
        // The sweep's t is at least the earliest time less its rounding down to float (an ulp,
        // < 1e-7 of t <= 1): beyond the best t by kCharacterCastOrderSlack it would lose the tie
        // rule's first key.
        if (earliest.best.hit && cand.earliest > static_cast<double>(earliest.t) + tol::kCharacterCastOrderSlack) break;
        const CachedTriangle& c = cache_[cand.index];
        earliest.offer(sweep(c.tri, motion, cand.free_start), c.mesh, c.id);
    }
    return earliest.result(len, len);
}

bool CharacterController::cache_covers(Vec3 lead, Vec3 motion, Vec3 half_axis) const {
    if (!cache_enabled_ || !cache_usable_) return false;
    const float r = settings_.radius;
    const Vec3 ext = vabs(half_axis) + Vec3{r, r, r};
    const AABB need{vmin(lead, lead + motion) - ext, vmax(lead, lead + motion) + ext};
    const AABB& have = cache_box_;
    return need.min.x >= have.min.x && need.min.y >= have.min.y && need.min.z >= have.min.z &&
           need.max.x <= have.max.x && need.max.y <= have.max.y && need.max.z <= have.max.z;
}

WorldHit CharacterController::cast(Vec3 center, Vec3 motion) const {
    const float len = length(motion);
    WorldHit miss;
    miss.distance = len;
    if (!(len > 0.0f)) return miss;
    const Capsule c = capsule_at(center);
    const Vec3 half_axis = (c.end - c.start) * 0.5f;
    if (cache_covers(center, motion, half_axis)) {
        return cached_cast<false>(center, motion, len, c.radius, half_axis, c.start, c.end,
                                  [&](const Triangle& tri, Vec3 mv, bool free_start) {
                                      return free_start ? detail::sweep_capsule_triangle_free_start(c, mv, tri)
                                                        : sweep_capsule_triangle(c, mv, tri);
                                  });
    }
    return world_->capsule_cast(c.start, c.end, c.radius, motion, len);
}

// A vertical cast of the upright capsule: whatever it meets moving straight down, its bottom
// sphere meets first (every other sphere of the capsule is the bottom one raised), and moving up
// its top sphere — so a sphere cast answers, at a fraction of a capsule cast's cost. `position`
// is converted back to the capsule's centre.
WorldHit CharacterController::cast_vertical(Vec3 center, float dy) const {
    const float len = std::fabs(dy);
    WorldHit miss;
    miss.distance = len;
    if (!(len > 0.0f)) return miss;
    const Vec3 offset = kUp * (0.5f * settings_.height - settings_.radius);
    const Vec3 lead = dy < 0.0f ? center - offset : center + offset;
    const Vec3 dir = kUp * (dy < 0.0f ? -1.0f : 1.0f);
    const float r = settings_.radius;
    WorldHit hit =
        cache_covers(lead, dir * len, Vec3{0, 0, 0})
            ? cached_cast<true>(
                  lead, dir, len, r, Vec3{0, 0, 0}, lead, lead,
                  [&](const Triangle& tri, Vec3 mv, bool free_start) {
                      return as_sweep_hit(free_start ? detail::sweep_sphere_triangle_free_start(r, lead, lead + mv, tri)
                                                     : sweep_sphere_triangle(r, lead, lead + mv, tri));
                  })
            : world_->sphere_cast(lead, r, dir, len);
    if (hit.hit) hit.position = dy < 0.0f ? hit.position + offset : hit.position - offset;
    return hit;
}

// Moves by `displacement` with collide-and-slide. support_on_walkable: walkable surfaces carry the
// character (walking); otherwise every contact is a wall and the motion stays horizontal (the
// horizontal leg of a step-up, which must not climb anything on its own).
CharacterController::SlideResult CharacterController::slide(Vec3 start, Vec3 displacement,
                                                            bool support_on_walkable) const {
    SlideResult out;
    Vec3 p = start;
    Vec3 remaining = displacement;
    Vec3 planes[kMaxSlides];
    int plane_count = 0;
    const float skin = settings_.skin_width;
    for (int pass = 0; pass < kMaxSlides; ++pass) {
        const float len = length(remaining);
        if (!(len > skin * tol::kCharacterMinMoveSkinRel)) break;
        const Vec3 dir = remaining * (1.0f / len);
        const WorldHit hit = cast(p, dir * (len + skin));
        Vec3 n = hit.normal;
        // Stop where the gap along the normal is one skin (never back up).
        const float approach = -dot(dir, n);
        float travel = hit.hit ? (approach > 0.0f ? clampf(hit.distance - skin / approach, 0.0f, len) : 0.0f) : len;
        // Other characters: never move into one (kept one skin apart).
        Vec3 obstacle_normal;
        const float free_travel = obstacle_limit(p, dir, travel, obstacle_normal);
        const bool by_obstacle = free_travel < travel;
        if (by_obstacle) {
            travel = free_travel;
            n = obstacle_normal;
        } else if (!hit.hit) {
            p += remaining;
            break;
        }
        p += dir * travel;
        remaining = remaining * ((len - travel) / len);

        if (support_on_walkable && walkable(n)) {
            const Vec3 h = horizontal(remaining);
            if (remaining.y > 0.0f) {
                remaining -= n * minf(dot(remaining, n), 0.0f);  // rising into the ground: slide
            } else {
                // Carried: drop the downward part, follow the slope with the horizontal part —
                // up to one radius above the top of the triangle met (rolling over its rim): the
                // plane goes no higher than the triangle, and a step's worth of fast motion
                // across a steep one would otherwise rise metres into the air past its top.
                remaining = {h.x, -(n.x * h.x + n.z * h.z) / n.y, h.z};
                if (remaining.y > 0.0f) {
                    const Triangle tri = world_->triangle(hit.mesh, hit.triangle);
                    const float top = maxf(tri.a.y, maxf(tri.b.y, tri.c.y));
                    const float cap = maxf(top - hit.point.y, 0.0f) + settings_.radius;
                    if (remaining.y > cap) remaining *= cap / remaining.y;
                }
            }
        } else {
            out.hit_wall = true;
            out.wall_normal = n;
            out.lowest_wall_contact =
                by_obstacle ? -std::numeric_limits<float>::infinity() : minf(out.lowest_wall_contact, hit.point.y);
            if (!support_on_walkable) {
                // Horizontal only: the wall's horizontal normal removes what goes into it.
                const Vec3 nh = normalize_or(horizontal(n), Vec3{0, 0, 0});
                Vec3 h = horizontal(remaining);
                h -= nh * minf(dot(h, nh), 0.0f);
                remaining = h;
            } else if (n.y < 0.0f) {
                remaining -= n * minf(dot(remaining, n), 0.0f);  // a ceiling: slide along it
            } else {
                // A wall or a too-steep slope: never climbed horizontally, slid down vertically.
                const Vec3 nh = normalize_or(horizontal(n), n);
                Vec3 h = horizontal(remaining);
                h -= nh * minf(dot(h, nh), 0.0f);
                Vec3 v{0.0f, remaining.y, 0.0f};
                if (v.y < 0.0f)
                    v -= n * dot(v, n);  // down the slope
                else
                    v -= n * minf(dot(v, n), 0.0f);
                remaining = h + v;
            }
        }
        // In a crease between this surface and an earlier one, move along the crease.
        for (int k = 0; k < plane_count; ++k) {
            if (dot(remaining, planes[k]) < 0.0f) {
                const Vec3 crease = normalize_or(cross(planes[k], n), Vec3{0, 0, 0});
                remaining = crease * dot(remaining, crease);
                if (!support_on_walkable) remaining = horizontal(remaining);
                break;
            }
        }
        planes[plane_count++] = n;
    }
    out.end = p;
    return out;
}

// Whether a contact below carries the character. A walkable contact normal does. So does the
// rounded bottom resting on the rim of a step or ledge whose top is walkable: the contact normal
// there points from the edge to the sphere's centre and may be steep, but the floor just beyond
// the edge (away from the character, seen from above: seed 003's floor height) is the top, at the
// contact's height. A steep slope's face fails that test (the floor beyond it is not at the
// contact's height), as does a wall (its normal has no upward part).
bool CharacterController::supported(const WorldHit& hit, Vec3 /*center*/) const {
    if (walkable(hit.normal)) return true;
    if (!(hit.normal.y > 0.0f)) return false;
    const Vec3 outward = normalize_or(horizontal(hit.normal), Vec3{0, 0, 0});
    if (outward == Vec3{0, 0, 0}) return false;
    const Vec3 probe = hit.point - outward * (tol::kCharacterEdgeProbe * settings_.radius);
    const WorldFloor f = world_->floor(probe.x, probe.z, hit.point.y + settings_.skin_width);
    return f.hit && walkable(f.normal) && f.height >= hit.point.y - settings_.skin_width;
}

bool CharacterController::overlaps_obstacle(Vec3 center, const Obstacle& o, Contact* contact) const {
    const float half = 0.5f * o.height - o.radius;
    const Capsule other{o.center - kUp * half, o.center + kUp * half, o.radius + settings_.skin_width};
    const Contact c = capsule_capsule(other, capsule_at(center));
    if (contact) *contact = c;
    return c.hit && c.depth > 0.0f;
}

// Where along p + dir t, 0 <= t <= travel, this capsule comes nearest the obstacle's, or -1
// when it never comes within reach (one skin beyond touching) by its horizontal distance alone.
// The distance between the two upright segments is convex in t (two convex sets, one
// translating), so golden-section search finds the nearest point.
float CharacterController::nearest_approach(Vec3 p, Vec3 dir, float travel, const Obstacle& o) const {
    const float reach = settings_.radius + o.radius + 2.0f * settings_.skin_width;
    // Horizontally: the path's closest point to the other's axis.
    const float dx = dir.x * travel, dz = dir.z * travel, wx = o.center.x - p.x, wz = o.center.z - p.z;
    const float dd = dx * dx + dz * dz;
    const float u = dd > 0.0f ? clampf((wx * dx + wz * dz) / dd, 0.0f, 1.0f) : 0.0f;
    const float ex = wx - u * dx, ez = wz - u * dz;
    if (!(ex * ex + ez * ez < reach * reach)) return -1.0f;
    const float hs = 0.5f * settings_.height - settings_.radius, ho = 0.5f * o.height - o.radius;
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

// How far along dir (up to `travel`) the capsule can move without coming within one skin of
// another character. Where it would (at the end, or where it passes nearest: a step longer than
// a diameter can pass right through), bisection on the overlap test from the start: the others are
// few and the answer only has to be safe (never inside), not exact. Sets `normal` (from the
// obstacle) when it stops short.
float CharacterController::obstacle_limit(Vec3 p, Vec3 dir, float travel, Vec3& normal) const {
    float limit = travel;
    for (const Obstacle& o : obstacles_) {
        float inside = limit;  // a point of the way that overlaps
        if (!overlaps_obstacle(p + dir * limit, o, nullptr)) {
            const float t = nearest_approach(p, dir, limit, o);
            if (!(t >= 0.0f) || !overlaps_obstacle(p + dir * t, o, nullptr)) continue;
            inside = t;
        }
        Contact at_start;
        if (overlaps_obstacle(p, o, &at_start)) {
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
            if (overlaps_obstacle(p + dir * mid, o, nullptr))
                hi = mid;
            else
                lo = mid;
        }
        Contact c;
        overlaps_obstacle(p + dir * hi, o, &c);
        limit = lo;
        normal = normalize_or(horizontal(c.normal), c.normal);
    }
    return limit;
}

// Only after a teleport, a spawn or another character's push: if the capsule overlaps the
// world, move it out along the contact normals (a few passes for corners).
Vec3 CharacterController::depenetrate(Vec3 center) const {
    std::vector<WorldContact> contacts;
    for (int pass = 0; pass < 3; ++pass) {
        contacts.clear();
        const Capsule c = capsule_at(center);
        world_->overlap_capsule(c.start, c.end, c.radius, contacts);
        float deepest = 0.0f;
        Vec3 push{};
        for (const WorldContact& wc : contacts)
            if (wc.depth > deepest) {
                deepest = wc.depth;
                push = wc.normal * (wc.depth + settings_.skin_width);
            }
        if (deepest <= 0.0f) break;
        center += push;
    }
    return center;
}

Vec3 CharacterController::push_out_of_obstacles(Vec3 center) const {
    for (int pass = 0; pass < 3; ++pass)
        for (const Obstacle& o : obstacles_) {
            const float half = 0.5f * o.height - o.radius;
            const Capsule other{o.center - kUp * half, o.center + kUp * half, o.radius};
            const Contact c = capsule_capsule(other, capsule_at(center));
            if (!c.hit) continue;
            // Out sideways (characters do not stand on each other's heads here), swept so a push
            // never goes through a wall.
            const Vec3 dir = normalize_or(horizontal(c.normal), Vec3{1, 0, 0});
            const float len = c.depth + settings_.skin_width;
            const WorldHit hit = cast(center, dir * len);
            const float travel = hit.hit ? maxf(hit.distance - settings_.skin_width, 0.0f) : len;
            center += dir * travel;
        }
    return center;
}

CharacterMove CharacterController::move(Vec3 displacement, float dt) {
    CharacterMove out;
    out.position = position_;
    if (!is_finite(displacement) || !(dt >= 0.0f) || !std::isfinite(dt)) {
        out.reason = GroundReason::NoGround;
        grounded_ = false;
        return out;
    }
    const CharacterSettings& s = settings_;
    const float skin = s.skin_width;
    const bool was_grounded = grounded_;
    const bool rising = displacement.y > 0.0f;

    Vec3 p = position_;
    // Everything this move can reach: the displacement, a step up and over, the snap probe and a
    // push away from another character.
    const float reach = length(displacement) + 4.0f * skin;
    prepare_cache(p, reach, reach + maxf(s.step_height, s.snap_distance));
    if (needs_depenetration_) {
        p = depenetrate(p);
        needs_depenetration_ = false;
    }

    // 1. Slide. A grounded character walks along its ground: the horizontal part of the
    // displacement follows the ground plane it stood on, and the downward part is dropped (the
    // ground carries it; the probe below keeps it there). One cast instead of two — first into
    // the ground, then along it — and no grazing of the floor's internal edges.
    Vec3 wanted = displacement;
    if (was_grounded && !rising && ground_normal_.y > 0.0f) {
        const Vec3 h = horizontal(displacement);
        wanted = {h.x, -(ground_normal_.x * h.x + ground_normal_.z * h.z) / ground_normal_.y, h.z};
        // At most a radius up along the old plane (a very fast walk up a steep slope): where the
        // ground goes on rising, the slide meets it and is carried on along it.
        if (wanted.y > s.radius) wanted.y = s.radius;
    }
    const SlideResult walk = slide(p, wanted, true);
    Vec3 end = walk.end;
    out.hit_wall = walk.hit_wall;
    out.wall_normal = walk.wall_normal;

    // 2. Step up: a grounded character stopped by a wall while walking tries the ledge — unless
    // every wall it touched was touched higher than a step (the landing test below could only
    // accept ground no higher than that): a wall, the far side of a slope too steep to walk.
    const Vec3 want = horizontal(displacement);
    const float want_len = length(want);
    const float step_top = p.y - 0.5f * s.height + s.step_height + skin;
    if (was_grounded && !rising && walk.hit_wall && want_len > 0.0f && s.step_height > 0.0f &&
        walk.lowest_wall_contact <= step_top) {
        const WorldHit up_hit = cast_vertical(p, s.step_height);
        const float up = up_hit.hit ? maxf(up_hit.distance - skin, 0.0f) : s.step_height;
        const SlideResult over = slide(p + kUp * up, want, false);
        const WorldHit down_hit = cast_vertical(over.end, -(up + skin));
        // The surface landed on may be no higher than step_height above the feet: landing on the
        // rim of a taller ledge (reachable by the rounded bottom) is not a step.
        const float feet = p.y - 0.5f * s.height;
        if (down_hit.hit && supported(down_hit, over.end) && down_hit.point.y <= feet + s.step_height + skin) {
            const float drop =
                maxf(down_hit.distance - skin / maxf(down_hit.normal.y, tol::kCharacterMinNormalY), 0.0f);
            const Vec3 landed = over.end - kUp * drop;
            const bool climbed = landed.y > p.y + skin;
            const bool farther =
                horizontal_distance(p, landed) > horizontal_distance(p, end) + tol::kCharacterStepGain * want_len;
            // The lift and the drop pass no other character (the slide over already keeps clear).
            Vec3 ignored;
            const bool clear = obstacles_.empty() || (obstacle_limit(p, kUp, up, ignored) >= up &&
                                                      obstacle_limit(over.end, -kUp, drop, ignored) >= drop);
            if (climbed && farther && clear) {
                end = landed;
                out.stepped_up = true;
                out.hit_wall = over.hit_wall;
                out.wall_normal = over.wall_normal;
            }
        }
    }

    // 3. Characters may not overlap.
    if (!obstacles_.empty()) end = push_out_of_obstacles(end);

    // 4. Ground: probe below; snap down onto walkable ground when walking (not rising).
    const bool may_snap = (was_grounded || out.stepped_up) && !rising;
    // Two reaches: the ground usually lies within a couple of skins (walking on it), and a short
    // cast meets far fewer triangles; only when that finds nothing does the snap reach look on.
    const float near_probe = 2.0f * skin;
    WorldHit below = cast_vertical(end, -(near_probe + skin));
    if (!below.hit && may_snap && s.snap_distance > near_probe)
        below = cast_vertical(end, -(s.snap_distance + 2.0f * skin));
    // A move that did not ask to rise but ended higher was carried up by what it walked on: along
    // a walkable plane for the rest of the displacement — past the top of a short steep slope
    // that is air, up to tan(slope) times the horizontal motion (metres for a fast walk or fall
    // onto a steep walkable ramp). Then the snap reaches snap_distance below the height the move
    // started at, and the top is found instead of left behind.
    const float lifted = end.y - p.y;
    bool lift_snap = false;
    if (!below.hit && !rising && lifted > 0.0f) {
        below = cast_vertical(end, -(lifted + s.snap_distance + 2.0f * skin));
        lift_snap = below.hit;
    }
    out.reason = rising ? GroundReason::Rising : GroundReason::NoGround;
    if (below.hit) {
        const Vec3 n = below.normal;
        out.ground_normal = n;
        out.slope_angle = det_acos(clampf(n.y, -1.0f, 1.0f)) / kDegToRad;
        out.ground_mesh = below.mesh;
        out.ground_triangle = below.triangle;
        if (supported(below, end)) {
            // How far above one skin (along the normal) of the ground the character is.
            const float gap = below.distance - skin / maxf(n.y, tol::kCharacterMinNormalY);
            if (may_snap || lift_snap) {
                // Not into another character: a snap it would end inside stops on it, not grounded.
                const float dist = std::fabs(gap);
                Vec3 ignored;
                const float free =
                    obstacles_.empty() ? dist : obstacle_limit(end, gap > 0.0f ? -kUp : kUp, dist, ignored);
                if (free >= dist) {
                    end -= kUp * gap;  // keep exactly one skin above the ground (gap may be < 0)
                    out.grounded = true;
                    out.snapped = gap > 2.0f * skin;
                } else if (gap > 0.0f) {
                    end -= kUp * free;
                }
            } else {
                out.grounded = gap <= skin;
            }
            if (out.grounded) {
                out.reason = out.stepped_up ? GroundReason::SteppedUp
                                            : (out.snapped ? GroundReason::Snapped : GroundReason::Walkable);
            }
        } else if (!rising && below.distance <= 3.0f * skin / maxf(n.y, tol::kCharacterMinNormalY)) {
            out.reason = GroundReason::TooSteep;
        }
    }
    if (out.stepped_up && !out.grounded) out.stepped_up = false;

    position_ = end;
    grounded_ = out.grounded;
    // The plane walked along next time: the ground's own, or level when standing on a rim (whose
    // contact normal is the edge's, not the top surface's).
    ground_normal_ = !out.grounded ? Vec3{0, 0, 0} : (walkable(out.ground_normal) ? out.ground_normal : kUp);
    out.position = end;
    return out;
}

// ---- CharacterGroup -------------------------------------------------------------------------

CharacterGroup::CharacterGroup(const World& world, const CharacterSettings& settings, std::uint32_t capacity)
    : world_(&world), settings_(settings), capacity_(capacity) {
    controllers_.reserve(capacity);
    moves_.reserve(capacity);
    positions_.assign(3 * static_cast<std::size_t>(capacity), 0.0f);
}

std::int32_t CharacterGroup::add(Vec3 position) {
    if (controllers_.size() >= capacity_ || !is_finite(position)) return -1;
    controllers_.emplace_back(*world_, settings_, position);
    moves_.emplace_back();
    moves_.back().position = position;
    const std::size_t i = controllers_.size() - 1;
    positions_[3 * i] = position.x;
    positions_[3 * i + 1] = position.y;
    positions_[3 * i + 2] = position.z;
    return static_cast<std::int32_t>(i);
}

void CharacterGroup::set_position(std::uint32_t i, Vec3 p) {
    if (i >= controllers_.size() || !is_finite(p)) return;
    controllers_[i].set_position(p);
    positions_[3 * i] = p.x;
    positions_[3 * i + 1] = p.y;
    positions_[3 * i + 2] = p.z;
}

void CharacterGroup::move_all(const float* displacements, float dt) {
    const std::uint32_t n = count();
    if (n == 0) return;
    // Neighbours: capsule boxes grown by each character's displacement and skin.
    const CharacterSettings& s = controllers_[0].settings();
    const float half = 0.5f * s.height - s.radius;
    std::vector<AABB> boxes(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec3 c = controllers_[i].position();
        const Vec3 d{displacements[3 * i], displacements[3 * i + 1], displacements[3 * i + 2]};
        const float reach = (is_finite(d) ? length(d) : 0.0f) + s.skin_width;
        const Vec3 ext{s.radius + reach, half + s.radius + reach, s.radius + reach};
        boxes[i] = {c - ext, c + ext};
    }
    std::vector<BoxPair> pairs;
    pairs_tree(boxes, pairs);
    std::vector<std::vector<std::uint32_t>> neighbours(n);
    for (const BoxPair& p : pairs) {
        neighbours[p.a].push_back(p.b);
        neighbours[p.b].push_back(p.a);
    }
    std::vector<CharacterController::Obstacle> obstacles;
    for (std::uint32_t i = 0; i < n; ++i) {
        obstacles.clear();
        for (const std::uint32_t j : neighbours[i])
            obstacles.push_back({controllers_[j].position(), s.radius, s.height});
        CharacterController& ch = controllers_[i];
        ch.set_obstacles(obstacles);
        moves_[i] = ch.move({displacements[3 * i], displacements[3 * i + 1], displacements[3 * i + 2]}, dt);
        const Vec3 p = ch.position();
        positions_[3 * i] = p.x;
        positions_[3 * i + 1] = p.y;
        positions_[3 * i + 2] = p.z;
    }
}

}  // namespace shototsu
