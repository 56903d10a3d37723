// shototsu — a character's triangle cache (triangle_cache.hpp).
//
// Before each sweep, beside the box test, the triangle's separating axes (its normal, then its
// edges' normals in its plane): when the swept axis (the segment axis_start–axis_end, moved by the
// motion as the sweep will move it) stays farther from the triangle's extent along one of them
// than the sweep's reach — the radius, its touching band and eight rounding cushions (the tangent
// test of sweep_sphere_triangle and sweep_capsule_triangle, whose face test widens the edges by one
// cushion), bounded from above here, plus one more cushion for this test's own rounding — the
// segment stays farther than that from the triangle and the sweep would report no contact:
// skipped. Most of a floor's triangles end here, before the sweep builds their frame. The same
// axes bound when a contact can happen at all (the separation along each is linear in t, and the
// latest of their entry times bounds the contact); the survivors are swept earliest first, and
// the loop stops when the next one's earliest time comes after the best hit so far (its t could
// not be lower, so the tie rule cannot pick it). The edge axes matter on a floor: the triangles
// beside the one underneath share its plane, so only an edge tells them apart. A vertical cast (a
// character's ground probes, mostly on triangles placed again since its last move) computes no
// axes: the horizontal normals of the edges and the vertical axis give the same kind of bounds
// without them (vertical_bound).
#include "triangle_cache.hpp"

#include <cmath>
#include <limits>

#include "dvec.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "sweep_detail.hpp"
#include "world_detail.hpp"

namespace shototsu::detail {

namespace {

using TriangleAxes = TriangleCache::TriangleAxes;
using Candidate = TriangleCache::Candidate;

// The triangle's separating axes, each with the triangle's extent along it from its own vertices
// (so any direction would do; a zero-area triangle gets none).
void set_axes(const Triangle& tri, TriangleAxes& c) {
    c = TriangleAxes{};
    const DVec3 v[3] = {dv(tri.a), dv(tri.b), dv(tri.c)};
    DVec3 e[3];
    for (int i = 0; i < 3; ++i) {
        e[i] = v[(i + 1) % 3] - v[i];
        c.extent = dmax(c.extent, dmax(max_abs(v[i]), max_abs(e[i])));
    }
    const DVec3 n = cross(e[0], v[2] - v[0]);
    const double nn = length_sq(n);
    if (!(nn > 0.0) || !std::isfinite(nn)) return;
    const DVec3 m = n * (1.0 / std::sqrt(nn));
    const auto set_axis = [&](TriangleAxes::Axis& a, DVec3 u) {
        a.n[0] = u.x;
        a.n[1] = u.y;
        a.n[2] = u.z;
        const double h0 = dot(u, v[0]), h1 = dot(u, v[1]), h2 = dot(u, v[2]);
        a.lo = dmin(h0, dmin(h1, h2));
        a.hi = dmax(h0, dmax(h1, h2));
    };
    set_axis(c.axes[0], m);
    for (int i = 0; i < 3; ++i) {
        const DVec3 u = cross(e[i], m);
        const double uu = length_sq(u);
        // A zero-length edge of a non-degenerate triangle cannot be; keep it testless anyway.
        if (uu > 0.0 && std::isfinite(uu)) set_axis(c.axes[1 + i], u * (1.0 / std::sqrt(uu)));
    }
}

// set_axes for the capsule cast, its one caller: called through this pointer so that it stays a
// function of its own in the WebAssembly build, whose optimizer (binaryen) inlines any function
// called from one place. Inlined into the capsule cast's loop, S2 ran 2-4% slower.
void (*volatile set_axes_out_of_line)(const Triangle&, TriangleAxes&) = set_axes;

// The box of the shape swept by `motion`, grown by more than the sweeps' touching band and
// rounding.
[[gnu::always_inline]] inline AABB swept_box(Vec3 lead, Vec3 motion, float len, float radius, Vec3 half_axis) {
    const Vec3 m = vmax(vabs(lead), vabs(lead + motion));
    const float pad = radius + tol::kCharacterCacheBoxPadRel * (maxf(maxf(m.x, m.y), m.z) + len + radius);
    const Vec3 ext = vabs(half_axis) + Vec3{pad, pad, pad};
    return {vmin(lead, lead + motion) - ext, vmax(lead, lead + motion) + ext};
}

// How far apart the triangle keeps the swept axis along each of its separating axes while the cast
// runs: the separation on the side the swept axis starts on (<= 0: none) and its rate of change,
// and what the axes alone allow — the earliest contact time, and whether the start is free.
struct Bound {
    double earliest = 0.0;
    bool free_start = false;
    double sep[4], rate[4];
};

}  // namespace

// The swept axis in double, as the sweeps see it (the capsule sweep moves its axis by the motion
// itself, the sphere sweep by (start + motion) - start), and the sweeps' reach: the radius, the
// touching band and nine cushions of a length scale at most this plus the triangle's extent.
struct SweptAxis {
    DVec3 p0, p1, dm;
    double reach;
};

namespace {

// kVertical: a sphere (one point) moving straight up or down, so dm has no x or z and the products
// with them drop out (the same values: only the sign of a zero rate can differ, which no test
// sees).
template <bool kVertical>
[[gnu::always_inline]] inline SweptAxis swept_axis(Vec3 axis_start, Vec3 axis_end, Vec3 motion, float radius) {
    SweptAxis s;
    s.p0 = dv(axis_start);
    s.p1 = dv(axis_end);
    s.dm = kVertical ? dv(axis_start + motion) - s.p0 : dv(motion);
    const double r = radius;
    const double big = dmax(max_abs(s.p0), max_abs(s.p1));
    const double slop = tol::kSweepContactSlop * dmax(big, r);
    const double scale = big + max_abs(s.p1 - s.p0) + max_abs(s.dm) + r;
    s.reach = r + slop + 9.0 * tol::kSweepCushion * scale;
    return s;
}

// A vertical cast computes no axes for a triangle that has none yet (the first time it comes
// near; a moving object's triangles come back without them each step), only these bounds. A
// sphere moving straight up or down keeps its centre's x and z (the sphere sweep moves it by
// (lead + motion) - lead, and motion has zero x and z). Along any direction, when the triangle's
// extent (from its own vertices, so a degenerate triangle or footprint is no exception) stays
// farther than `within` from the centre's projection, the centre is farther than that from every
// point of the triangle and the sweep reports no contact (this file's opening comment). `within`
// is the reach the triangle's axes are tested against, with the extent bounded by twice the
// largest vertex coordinate (|v_i - v_j| <= 2 max |v|, also once rounded): a larger reach, so
// never a skip the exact extent would not make.
//   The horizontal normals of the edges, u = (e.z, 0, -e.x) unnormalised: the gap g along u is
// |u| times the distance along the unit axis and constant over the cast; g > 0 and
// g^2 > within^2 |u|^2 skips the triangle (false). Otherwise q, the largest (g / |u|)^2 over the
// edges with g > 0, pairs with the vertical axis (orthogonal to u): while the centre is above the
// triangle's top by a, its distance from the triangle is at least sqrt(q + a^2), so it comes
// within `within` no earlier than when a falls to w = sqrt(within^2 - q) (likewise moving up under
// the triangle's bottom): the earliest time, 0 when the centre starts within w. And when
// q + a^2 > within^2 at the start, the start is farther from the triangle than the radius and the
// touching band (free_start: the sweep need not look for a contact there).
//   Rounding: these double products of float coordinates are off by about 1e-16 of
// |u| (|centre| + extent), and `within` exceeds the sweep's reach by at least one cushion, 1e-10
// of that scale, kept for this test's own rounding as for the triangle's axes. That cushion also
// moves w by more than the rounding of q does (both by about `within` / w times their size), so
// the computed w is never below the one the sweep's own reach gives. The earliest time is a bound
// the sorted sweeps stop at only kCharacterCastOrderSlack past the best hit. NaN skips nothing.
[[gnu::always_inline]] inline bool vertical_bound(const Triangle& tri, const SweptAxis& s, double& earliest,
                                                  bool& free_start) {
    const DVec3 v[3] = {dv(tri.a), dv(tri.b), dv(tri.c)};
    const double big = dmax(max_abs(v[0]), dmax(max_abs(v[1]), max_abs(v[2])));
    const double within = s.reach + 9.0 * tol::kSweepCushion * (2.0 * big);
    const double within_sq = within * within;
    double q = 0.0;
    for (int i = 0; i < 3; ++i) {
        const DVec3& a = v[i];
        const DVec3& b = v[i == 2 ? 0 : i + 1];
        const double ux = b.z - a.z, uz = a.x - b.x;
        const double h0 = ux * v[0].x + uz * v[0].z, h1 = ux * v[1].x + uz * v[1].z, h2 = ux * v[2].x + uz * v[2].z;
        const double hp = ux * s.p0.x + uz * s.p0.z;
        const double gap = dmax(hp - dmax(h0, dmax(h1, h2)), dmin(h0, dmin(h1, h2)) - hp);
        if (!(gap > 0.0)) continue;
        const double uu = ux * ux + uz * uz;
        if (gap * gap > within_sq * uu) return false;
        q = dmax(q, gap * gap / uu);
    }
    earliest = 0.0;
    const double w = std::sqrt(dmax(within_sq - q, 0.0));
    const double dy = s.dm.y;
    const double above = s.p0.y - dmax(v[0].y, dmax(v[1].y, v[2].y));
    const double below = dmin(v[0].y, dmin(v[1].y, v[2].y)) - s.p0.y;
    if (dy < 0.0 && above > w) earliest = (above - w) / -dy;
    if (dy > 0.0 && below > w) earliest = (below - w) / dy;
    const double apart = dmax(above, below);  // at most one of them is > 0
    free_start = apart > 0.0 && q + apart * apart > within_sq;
    return true;
}

// The two bounds below run for every cached triangle that passes the box test, inlined into that
// loop: a call each would cost about as much as the tests.

// Along each axis alone: false when one keeps the swept axis farther than `within` for the whole
// cast; otherwise the latest of their entry times in b.earliest.
template <bool kVertical>
[[gnu::always_inline]] inline bool axes_allow_contact(const TriangleAxes& ax, const SweptAxis& s, double within,
                                                      Bound& b) {
    for (int i = 0; i < 4; ++i) {
        const TriangleAxes::Axis& a = ax.axes[i];
        const double h0 = a.n[0] * s.p0.x + a.n[1] * s.p0.y + a.n[2] * s.p0.z;
        const double h1 = kVertical ? h0 : a.n[0] * s.p1.x + a.n[1] * s.p1.y + a.n[2] * s.p1.z;
        const double hd = kVertical ? a.n[1] * s.dm.y : a.n[0] * s.dm.x + a.n[1] * s.dm.y + a.n[2] * s.dm.z;
        const double above = dmin(h0, h1) - a.hi, below = a.lo - dmax(h0, h1);
        b.sep[i] = above > 0.0 ? above : below;
        b.rate[i] = above > 0.0 ? hd : -hd;
        b.free_start = b.free_start || above > within || below > within;
        if (above > within) {
            if (!(above + hd <= within)) return false;
            b.earliest = dmax(b.earliest, (above - within) / -hd);
        } else if (below > within) {
            if (!(below - hd <= within)) return false;
            b.earliest = dmax(b.earliest, (below - within) / hd);
        }
    }
    return true;
}

// The normal with one edge's normal: the two are orthogonal, so while the swept axis is beyond the
// triangle along both (separations a, b >= 0) it is at least sqrt(a^2 + b^2) from it — the sphere
// sinking onto a floor beside the triangle underneath reaches this one's edge later than its
// plane. max(a, 0)^2 + max(b, 0)^2 is convex in t (a and b are linear), so when it is above
// within^2 and not falling at the start, it never comes down to it: no contact. Otherwise
// a^2 + b^2 is a convex quadratic; its first root within^2, taken a little early, is kept only
// when checked directly: a and b still >= 0 there (so also before), a^2 + b^2 > within^2 and
// decreasing (so larger before).
[[gnu::always_inline]] inline bool pairs_allow_contact(double within, Bound& bound) {
    if (!(bound.sep[0] > 0.0)) return true;
    for (int i = 1; i < 4; ++i) {
        if (!(bound.sep[i] > 0.0)) continue;
        const double sa = bound.sep[0], ra = bound.rate[0], sb = bound.sep[i], rb = bound.rate[i];
        const double qa = ra * ra + rb * rb, qb = sa * ra + sb * rb, qc = sa * sa + sb * sb - within * within;
        if (!(qc > 0.0)) continue;
        bound.free_start = true;        // sqrt(a^2 + b^2) > within at the start
        if (!(qb < 0.0)) return false;  // not closing in at the start: never closer (convex)
        const double disc = qb * qb - qa * qc;
        if (!(disc >= 0.0)) continue;
        const double t = qc / (-qb + std::sqrt(disc)) * (1.0 - tol::kCharacterPairBoundEarly);
        if (!(t > bound.earliest)) continue;
        const double a = sa + t * ra, b = sb + t * rb;
        if (!(a >= 0.0 && b >= 0.0 && a * a + b * b > within * within && a * ra + b * rb < 0.0)) continue;
        if (t >= 1.0) return false;  // no contact during the cast
        bound.earliest = t;
    }
    return true;
}

// Insertion sort by earliest contact time: a handful of candidates.
[[gnu::always_inline]] inline void sort_by_earliest(Candidate* list, std::size_t count) {
    for (std::size_t i = 1; i < count; ++i) {
        const Candidate x = list[i];
        std::size_t j = i;
        for (; j > 0 && list[j - 1].earliest > x.earliest; --j) list[j] = list[j - 1];
        list[j] = x;
    }
}

}  // namespace

void TriangleCache::prepare(const World& world, const AABB& need, float margin) {
    if (!enabled_) return;
    if (contains(box_, need)) {
        if (revision_ == world.revision()) return;
        if (bring_up_to_date(world)) return;
    }
    const Vec3 g{margin, margin, margin};
    refill(world, {need.min - g, need.max + g});
}

// The same box after the world changed (objects moved, were added or changed layers): the
// triangles of the objects that did not change stay (with their axes), those of objects that
// changed, left the box or came into it are dropped or gathered again — what a refill of the
// same box would hold (the order may differ, which no cast sees: the tie rule orders hits by
// time, object and triangle). False, and nothing changed, when only a refill will do: an object
// was removed since, or the cache was unusable and the objects in its box changed.
bool TriangleCache::bring_up_to_date(const World& world) {
    if (world.removal_revision() > revision_) return false;
    // The objects meeting the box now, and which of them changed since the fill or were not in
    // it: working lists per thread, reused across calls.
    thread_local std::vector<std::uint32_t> current, stale;
    current.clear();
    stale.clear();
    world.objects_in(box_, current, filter_);
    const auto listed = [](const std::vector<std::uint32_t>& list, std::uint32_t id) {
        for (const std::uint32_t x : list)
            if (x == id) return true;
        return false;
    };
    for (const std::uint32_t id : current)
        if (world.object_revision(id) > revision_ || !listed(objects_, id)) stale.push_back(id);
    bool gone = false;
    for (const std::uint32_t id : objects_) gone = gone || !listed(current, id);
    if (!stale.empty() || gone) {
        if (!usable_) return false;  // its triangles are not all there
        for (const std::uint32_t id : stale) {
            const ObjectKind k = world.kind(id);
            if (k != ObjectKind::Mesh && k != ObjectKind::Instance) return false;
        }
        // Keep the triangles of the objects that are still there and did not change, in order.
        std::size_t kept = 0;
        for (std::size_t k = 0; k < triangles_.size(); ++k) {
            const std::uint32_t object = triangles_[k].object;
            if (listed(stale, object) || !listed(current, object)) continue;
            if (kept != k) {
                triangles_[kept] = triangles_[k];
                if (triangles_[k].has_axes) axes_[kept] = axes_[k];
                const BoxBlock& from = boxes4_[k / 4];
                BoxBlock& to = boxes4_[kept / 4];
                const std::size_t i = k % 4, j = kept % 4;
                to.min_x[j] = from.min_x[i], to.min_y[j] = from.min_y[i], to.min_z[j] = from.min_z[i];
                to.max_x[j] = from.max_x[i], to.max_y[j] = from.max_y[i], to.max_z[j] = from.max_z[i];
            }
            ++kept;
        }
        triangles_.resize(kept);
        for (const std::uint32_t id : stale)
            world.for_each_triangle_of(id, box_, [&](std::uint32_t object, std::uint32_t tri_id, const Triangle& tri) {
                append(object, tri_id, tri);
            });
        objects_.assign(current.begin(), current.end());
        finish_fill();
    }
    revision_ = world.revision();
    return true;
}

void TriangleCache::refill(const World& world, const AABB& box) {
    box_ = box;
    revision_ = world.revision();
    triangles_.clear();
    if (boxes4_.empty()) boxes4_.resize(kCapacity / 4);
    objects_.clear();
    world.objects_in(box_, objects_, filter_);
    usable_ = true;
    // The objects' triangles in the order for_each_triangle_in gives them: objects_in lists the
    // objects in the order that walk visits them.
    for (const std::uint32_t id : objects_) {
        const ObjectKind k = world.kind(id);
        usable_ = usable_ && (k == ObjectKind::Mesh || k == ObjectKind::Instance);
        world.for_each_triangle_of(id, box_, [&](std::uint32_t object, std::uint32_t tri_id, const Triangle& tri) {
            append(object, tri_id, tri);
        });
    }
    finish_fill();
}

// One more triangle (its axes not yet computed); past kCapacity the cache becomes unusable.
void TriangleCache::append(std::uint32_t object, std::uint32_t id, const Triangle& tri) {
    const std::size_t k = triangles_.size();
    if (k >= kCapacity) {
        usable_ = false;
        return;
    }
    triangles_.push_back({tri, object, id, false});
    F4 lo, hi;  // triangle_box(tri)
    triangle_box_lanes(tri, lo, hi);
    BoxBlock& q = boxes4_[k / 4];
    const std::size_t i = k % 4;
    q.min_x[i] = lo[0], q.min_y[i] = lo[1], q.min_z[i] = lo[2];
    q.max_x[i] = hi[0], q.max_y[i] = hi[1], q.max_z[i] = hi[2];
}

// After the triangles are in: the unused lanes of the last block get empty boxes (masked off by
// index anyway), and the per-triangle lists at least their size (never shrunk: grown back, the
// slots would be zeroed again, which costs as much as the rest of an update).
void TriangleCache::finish_fill() {
    for (std::size_t k = triangles_.size(); k % 4 != 0; ++k) {
        BoxBlock& q = boxes4_[k / 4];
        const std::size_t i = k % 4;
        constexpr float inf = std::numeric_limits<float>::infinity();
        q.min_x[i] = q.min_y[i] = q.min_z[i] = inf;
        q.max_x[i] = q.max_y[i] = q.max_z[i] = -inf;
    }
    if (candidates_.size() < triangles_.size()) candidates_.resize(triangles_.size());
    if (axes_.size() < triangles_.size()) axes_.resize(triangles_.size());
}

// The world's cast over the cached triangles: the direction normalised as the world does, times
// the length; the box test and the axis bounds pick the candidates, swept earliest first. A
// vertical cast's direction is (0, +-1, 0) already, which normalising returns bit for bit.
template <bool kVertical, class Sweep>
[[gnu::always_inline]] inline WorldHit TriangleCache::cast(Vec3 lead, Vec3 dir_in, float len, float radius,
                                                           Vec3 half_axis, Vec3 axis_start, Vec3 axis_end,
                                                           Sweep&& sweep) {
    const Vec3 dir = kVertical ? dir_in : normalize_or(dir_in, Vec3{0, 0, 0});
    if (dir == Vec3{0, 0, 0}) return EarliestSweep{}.result(len, len);
    const Vec3 motion = dir * len;
    const AABB swept = swept_box(lead, motion, len, radius, half_axis);
    const SweptAxis axis = swept_axis<kVertical>(axis_start, axis_end, motion, radius);
    const std::size_t count = collect_candidates<kVertical>(swept, axis);
    sort_by_earliest(candidates_.data(), count);
    return sweep_in_order(count, motion, len, sweep);
}

WorldHit TriangleCache::capsule_cast(Vec3 center, const Capsule& c, Vec3 motion, float len) {
    const Vec3 half_axis = (c.end - c.start) * 0.5f;
    return cast<false>(
        center, motion, len, c.radius, half_axis, c.start, c.end, [&](const Triangle& tri, Vec3 mv, bool free_start) {
            return free_start ? sweep_capsule_triangle_free_start(c, mv, tri) : sweep_capsule_triangle(c, mv, tri);
        });
}

WorldHit TriangleCache::vertical_sphere_cast(Vec3 lead, float r, Vec3 dir, float len) {
    return cast<true>(lead, dir, len, r, Vec3{0, 0, 0}, lead, lead, [&](const Triangle& tri, Vec3 mv, bool free_start) {
        return as_sweep_hit(free_start ? sweep_sphere_triangle_free_start(r, lead, lead + mv, tri)
                                       : sweep_sphere_triangle(r, lead, lead + mv, tri));
    });
}

// The box test four cached triangles at a time (for_each_meeting), then the axis bounds of the
// survivors one by one. Fills candidates_ and returns how many.
template <bool kVertical>
[[gnu::always_inline]] inline std::size_t TriangleCache::collect_candidates(const AABB& swept, SweptAxis axis) {
    Candidate* const list = candidates_.data();
    std::size_t count = 0;
    for_each_meeting(swept, [&](std::uint32_t k) {
        CachedTriangle& c = triangles_[k];
        TriangleAxes& ax = axes_[k];
        if (!c.has_axes) {
            // A vertical cast computes no axes (vertical_bound).
            if constexpr (kVertical) {
                double earliest;
                bool free_start;
                if (vertical_bound(c.tri, axis, earliest, free_start)) list[count++] = {earliest, k, free_start};
                return;
            }
            set_axes_out_of_line(c.tri, ax);
            c.has_axes = true;
        }
        const double within = axis.reach + 9.0 * tol::kSweepCushion * ax.extent;
        Bound b;
        if (axes_allow_contact<kVertical>(ax, axis, within, b) && pairs_allow_contact(within, b))
            list[count++] = {b.earliest, k, b.free_start};
    });
    return count;
}

// Sweeps the sorted candidates until the next one's earliest time comes after the best hit: the
// sweep's t is at least that time less its rounding down to float (an ulp, < 1e-7 of t <= 1), so
// beyond the best t by kCharacterCastOrderSlack it would lose the tie rule's first key.
template <class Sweep>
[[gnu::always_inline]] inline WorldHit TriangleCache::sweep_in_order(std::size_t count, Vec3 motion, float len,
                                                                     Sweep&& sweep) const {
    EarliestSweep earliest;
    for (std::size_t i = 0; i < count; ++i) {
        const Candidate& cand = candidates_[i];
        if (earliest.best.hit && cand.earliest > static_cast<double>(earliest.t) + tol::kCharacterCastOrderSlack) break;
        const CachedTriangle& c = triangles_[cand.index];
        earliest.offer(sweep(c.tri, motion, cand.free_start), c.object, c.id);
    }
    return earliest.result(len, len);
}

}  // namespace shototsu::detail
