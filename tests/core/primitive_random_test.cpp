// primitive.hpp against independent double-precision references on seeded random primitives —
// spheres, capsules and rotated boxes from 1e-2 to 1e2, one in ten degenerate (zero radius,
// zero-length axis, flat or point boxes) — 12 000 cases per query and kind.
//
// The references share no code with the library: distances to the solid in double (a clamp in
// the box's frame, closest points of segments), first contacts by golden-section search and
// bisection on those convex distances, a box's penetration by a capsule's axis from the brute-
// force hull of their Minkowski difference, floors by bisection along the vertical line.
//
// Tolerances, as lengths relative to mag (the largest coordinate or length in the case):
//   tol  = 64 float ulps of mag: the float32 rounding of inputs and results;
//   band = 4e-6 mag: the touching band of sweep.hpp (1e-6) with margin; a case whose start,
//          closest approach or answer is within it of touching may go either way and is only
//          checked for sanity.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "overlap_reference.hpp"
#include "primitive.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;
using shototsu::detail::Primitive;
using shototsu::detail::PrimitiveHit;

namespace {

constexpr int kCases = 12000;
constexpr double kTolUlps = 64.0;
constexpr double kBandRel = 4e-6;
const float kInf = std::numeric_limits<float>::infinity();

using Kind = Primitive::Kind;
const Kind kKinds[] = {Kind::Sphere, Kind::Capsule, Kind::Box};
const char* kind_name(Kind k) { return k == Kind::Sphere ? "sphere" : (k == Kind::Capsule ? "capsule" : "box"); }

// ---- random primitives ----------------------------------------------------------------------------

struct Case {
    Primitive prim;
    float scale = 1;  // the primitive's size
};

Quat random_rotation(Rng& rng) {
    if (rng.below(5) == 0) return {};
    const Vec3 v = rng.vec(-1, 1);
    const float w = rng.uniform(-1, 1);
    const float n = std::sqrt(length_sq(v) + w * w);
    return {v.x / n, v.y / n, v.z / n, w / n};
}

Case random_case(Rng& rng, Kind kind) {
    Case c;
    c.scale = rng.log_uniform(1e-2f, 1e2f);
    const Vec3 center = rng.below(4) == 0 ? rng.vec(-10, 10) * c.scale : rng.vec(-1, 1) * c.scale;
    const bool degenerate = rng.below(10) == 0;
    c.prim.kind = kind;
    switch (kind) {
        case Kind::Sphere: c.prim.sphere = {center, degenerate ? 0.0f : c.scale * rng.uniform(0.1f, 1)}; break;
        case Kind::Capsule: {
            const int which = degenerate ? rng.below(2) : -1;
            const Vec3 half = which == 0 ? Vec3{} : rng.direction() * (c.scale * rng.uniform(0.1f, 1));
            c.prim.capsule = {center - half, center + half, which == 1 ? 0.0f : c.scale * rng.uniform(0.05f, 0.6f)};
            break;
        }
        case Kind::Box: {
            Vec3 h = rng.vec(0.1f, 1) * c.scale;
            if (degenerate) {
                if (rng.below(4) == 0)
                    h = {};
                else
                    set_component(h, rng.below(3), 0.0f);
            }
            c.prim.box = {center, random_rotation(rng), h};
            break;
        }
    }
    return c;
}

Vec3 center_of(const Primitive& p) {
    if (p.kind == Kind::Sphere) return p.sphere.center;
    if (p.kind == Kind::Capsule) return (p.capsule.start + p.capsule.end) * 0.5f;
    return p.box.center;
}

// A point around the primitive, and a unit direction aimed at it half the time.
Vec3 around(Rng& rng, const Case& c, float reach) {
    return center_of(c.prim) + rng.direction() * (c.scale * rng.uniform(0, reach));
}
Vec3 aim(Rng& rng, const Case& c, Vec3 from) {
    if (rng.below(2)) return rng.direction();
    const Vec3 target = center_of(c.prim) + rng.vec(-1.2f, 1.2f) * c.scale;
    return normalize_or(target - from, {1, 0, 0});
}

// ---- the references -------------------------------------------------------------------------------

struct RefPrim {
    Kind kind;
    DVec3 a, b;  // the round shapes' axis (a == b for a sphere)
    double r = 0;
    RefBox box;
};

RefPrim ref_of(const Primitive& p) {
    RefPrim r;
    r.kind = p.kind;
    if (p.kind == Kind::Sphere) {
        r.a = r.b = d(p.sphere.center);
        r.r = p.sphere.radius;
    } else if (p.kind == Kind::Capsule) {
        r.a = d(p.capsule.start);
        r.b = d(p.capsule.end);
        r.r = p.capsule.radius;
    } else {
        r.box = ref_box(p.box);
    }
    return r;
}

DVec3 box_lo(const RefBox& b) { return {-b.h[0], -b.h[1], -b.h[2]}; }
DVec3 box_hi(const RefBox& b) { return {b.h[0], b.h[1], b.h[2]}; }
DVec3 from_local(const RefBox& b, DVec3 l) { return b.c + b.axis[0] * l.x + b.axis[1] * l.y + b.axis[2] * l.z; }

// Signed distance from q to the solid: negative inside, by the depth to its surface.
double signed_point(const RefPrim& p, DVec3 q) {
    if (p.kind != Kind::Box) return ddist(q, ref_closest_on_segment(q, p.a, p.b)) - p.r;
    const DVec3 l = ref_local(p.box, q);
    const double out = ref_distance_to_box(l, box_lo(p.box), box_hi(p.box));
    return out > 0 ? out : -ref_depth_inside_box(l, box_lo(p.box), box_hi(p.box));
}

// Distance from the segment [s0, s1] to the solid (0 when they meet): for a box, the nearest of
// its ends and of the box's edges (the closest pair of a segment and a disjoint box has one).
double segment_gap(const RefPrim& p, DVec3 s0, DVec3 s1) {
    if (p.kind != Kind::Box) return ref_segment_distance(s0, s1, p.a, p.b) - p.r;
    if (ref_segment_meets_box(s0, s1, p.box)) return 0.0;
    double best = std::min(signed_point(p, s0), signed_point(p, s1));
    DVec3 from[12], to[12];
    ref_box_edges(p.box, from, to);
    for (int k = 0; k < 12; ++k) best = std::min(best, ref_segment_distance(s0, s1, from[k], to[k]));
    return best;
}

// How far the segment must move to leave the box it meets: the distance from the origin to the
// boundary of the box minus the segment, whose hull facets are found by brute force over every
// plane through three of its 16 points.
double segment_penetration(const RefBox& b, DVec3 s0, DVec3 s1, double mag) {
    DVec3 pts[16];
    int n = 0;
    for (int i = 0; i < 8; ++i) {
        const DVec3 corner =
            from_local(b, {(i & 1) ? b.h[0] : -b.h[0], (i & 2) ? b.h[1] : -b.h[1], (i & 4) ? b.h[2] : -b.h[2]});
        pts[n++] = corner - s0;
        pts[n++] = corner - s1;
    }
    const double eps = 1e-12 * mag;
    double best = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 16; ++i)
        for (int j = i + 1; j < 16; ++j)
            for (int k = j + 1; k < 16; ++k) {
                const DVec3 u = pts[j] - pts[i], v = pts[k] - pts[i];
                DVec3 nn = dcross(u, v);
                const double l2 = ddot(nn, nn);
                if (!(l2 > 1e-20 * ddot(u, u) * ddot(v, v))) continue;
                nn = nn * (1.0 / std::sqrt(l2));
                const double off = ddot(nn, pts[i]);
                bool below = true, above = true;
                for (const DVec3& q : pts) {
                    const double s = ddot(nn, q) - off;
                    below = below && s <= eps;
                    above = above && s >= -eps;
                }
                if (below) best = std::min(best, std::fabs(off));
                if (above) best = std::min(best, std::fabs(off));
            }
    // A flat difference (no plane with points on one side only off it) has the origin on its plane.
    return std::isfinite(best) ? best : 0.0;
}

// The first s in [0, len] with g(s) <= 0 for a convex g: golden-section search for its minimum,
// then bisection before it.
struct FirstContact {
    bool hit = false;
    double s = 0, start_gap = 0, min_gap = 0;
};
template <class G>
FirstContact first_contact(G g, double len) {
    FirstContact out;
    out.start_gap = g(0.0);
    double lo = 0, hi = len;
    const double phi = 0.6180339887498949;
    for (int i = 0; i < 90; ++i) {  // 0.618^90: below double resolution of the bracket
        const double m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
        if (g(m1) < g(m2))
            hi = m2;
        else
            lo = m1;
    }
    double s_min = 0.5 * (lo + hi), g_min = g(s_min);
    if (g(len) < g_min) {
        s_min = len;
        g_min = g(len);
    }
    if (out.start_gap < g_min) {
        s_min = 0;
        g_min = out.start_gap;
    }
    out.min_gap = g_min;
    if (out.start_gap <= 0) {
        out.hit = true;
        return out;
    }
    if (g_min > 0) return out;
    double a = 0, b = s_min;
    for (int i = 0; i < 80; ++i) {
        const double m = 0.5 * (a + b);
        (g(m) <= 0 ? b : a) = m;
    }
    out.hit = true;
    out.s = b;
    return out;
}

// ---- tallies ------------------------------------------------------------------------------------

struct Tally {
    int hits = 0, starts = 0, misses = 0, banded = 0;
    double worst = 0;  // the largest error, relative to mag
    void err(double e, double mag) { worst = std::max(worst, e / mag); }
};

void report(const char* query, Kind kind, const Tally& t, bool expect_starts = true, bool expect_misses = true) {
    WARN(query << " / " << kind_name(kind) << ": " << t.hits << " hits (" << t.starts << " at 0), " << t.misses
               << " misses, " << t.banded << " in the band; worst error / mag " << t.worst << " ("
               << t.worst / kFloatEps << " ulps)");
    CHECK(t.hits > 1000);
    if (expect_misses) CHECK(t.misses > 1000);
    if (expect_starts) CHECK(t.starts > 100);
}

// Checks shared by the casts: the touching point is on the primitive's surface, the normal is an
// outward normal there (moving along it by delta leaves the solid by delta), the query point lies
// along the cast, and the cast's gap at the reported distance is zero to within tol.
template <class Gap>
void check_cast_hit(const RefPrim& rp, const PrimitiveHit& h, const FirstContact& ref, Gap gap, double tol, double band,
                    double scale, Vec3 start, Vec3 dir, Tally& tally, double mag) {
    REQUIRE(std::fabs(length(h.normal) - 1.0f) <= 1e-5f);
    check_near(h.position, start + dir * h.distance, static_cast<float>(tol));
    if (h.distance == 0.0f) {
        ++tally.starts;
        return;
    }
    const double g = gap(static_cast<double>(h.distance));
    INFO("gap at the reported distance " << g << " ref s " << ref.s);
    CHECK(std::fabs(g) <= (std::fabs(ref.min_gap) > band ? tol : band));
    if (std::fabs(ref.min_gap) > band) tally.err(std::fabs(g), mag);
    CHECK(std::fabs(signed_point(rp, d(h.point))) <= tol);
    const double delta = 1e-3 * scale;
    CHECK(std::fabs(signed_point(rp, d(h.point) + d(h.normal) * delta) - delta) <= 1e-3 * delta + tol);
    CHECK(dot(h.normal, dir) <= 1e-4f);
}

// The verdict shared by the casts: outside the rounding band the hit/miss answer must be the
// reference's (and a cast starting clearly inside answers distance 0 when `starts_at_zero`); counts
// the case. Returns whether there is a hit to check further.
bool judge_cast(const FirstContact& ref, const PrimitiveHit& h, double band, Tally& tally, bool starts_at_zero) {
    const bool clear = std::fabs(ref.start_gap) > band && std::fabs(ref.min_gap) > band;
    if (!clear) ++tally.banded;
    if (clear) REQUIRE(h.hit == ref.hit);
    if (!h.hit) {
        ++tally.misses;
        return false;
    }
    ++tally.hits;
    if (starts_at_zero && clear && ref.start_gap < 0) CHECK(h.distance == 0.0f);
    return true;
}

}  // namespace

TEST_CASE("primitive_raycast: first hits agree with a bisection on the distance to the solid") {
    for (const Kind kind : kKinds) {
        Rng rng(0x5EED0100 + static_cast<int>(kind));
        Tally tally;
        for (int i = 0; i < kCases; ++i) {
            const Case c = random_case(rng, kind);
            const RefPrim rp = ref_of(c.prim);
            const Vec3 origin = around(rng, c, 4), dir = aim(rng, c, origin);
            const bool unbounded = rng.below(3) == 0;
            const float max_d = unbounded ? kInf : c.scale * rng.uniform(0, 5);
            const double len = unbounded ? ddist(d(origin), d(center_of(c.prim))) + 4.0 * c.scale : max_d;
            const double mag = magnitude({origin, center_of(c.prim)}) + 4.0 * c.scale + len;
            const double tol = kTolUlps * kFloatEps * mag, band = kBandRel * mag;
            const auto gap = [&](double s) { return signed_point(rp, d(origin) + d(dir) * s); };
            const FirstContact ref = first_contact(gap, len);
            const PrimitiveHit h = detail::primitive_raycast(c.prim, origin, dir, max_d);
            INFO(kind_name(kind) << " case " << i << " ref hit " << ref.hit << " s " << ref.s << " min gap "
                                 << ref.min_gap << " | got " << h.hit << " " << h.distance);
            if (!judge_cast(ref, h, band, tally, false)) continue;
            CHECK(h.point == h.position);
            check_cast_hit(rp, h, ref, gap, tol, band, c.scale, origin, dir, tally, mag);
        }
        report("raycast", kind, tally);
    }
}

TEST_CASE("primitive_sphere_cast: first contacts agree with a bisection on the centre's distance") {
    for (const Kind kind : kKinds) {
        Rng rng(0x5EED0200 + static_cast<int>(kind));
        Tally tally;
        for (int i = 0; i < kCases; ++i) {
            const Case c = random_case(rng, kind);
            const RefPrim rp = ref_of(c.prim);
            const Vec3 center = around(rng, c, 4), dir = aim(rng, c, center);
            const float r = rng.below(20) == 0 ? 0.0f : c.scale * rng.log_uniform(1e-2f, 1);
            const float max_d = c.scale * rng.uniform(0, 5);
            const double mag = magnitude({center, center_of(c.prim)}) + 4.0 * c.scale + max_d;
            const double tol = kTolUlps * kFloatEps * mag, band = kBandRel * mag;
            const auto gap = [&](double s) { return signed_point(rp, d(center) + d(dir) * s) - r; };
            const FirstContact ref = first_contact(gap, max_d);
            const PrimitiveHit h = detail::primitive_sphere_cast(c.prim, center, r, dir, max_d);
            INFO(kind_name(kind) << " case " << i << " r " << r << " ref hit " << ref.hit << " s " << ref.s
                                 << " start gap " << ref.start_gap << " min gap " << ref.min_gap << " | got " << h.hit
                                 << " " << h.distance);
            if (!judge_cast(ref, h, band, tally, true)) continue;
            check_cast_hit(rp, h, ref, gap, tol, band, c.scale, center, dir, tally, mag);
            if (h.distance > 0.0f) CHECK(std::fabs(distance(h.point, h.position) - r) <= tol);
        }
        report("sphere_cast", kind, tally);
    }
}

TEST_CASE("primitive_capsule_cast: first contacts agree with a bisection on the axis' distance") {
    for (const Kind kind : kKinds) {
        Rng rng(0x5EED0300 + static_cast<int>(kind));
        Tally tally;
        for (int i = 0; i < kCases; ++i) {
            const Case c = random_case(rng, kind);
            const RefPrim rp = ref_of(c.prim);
            const Vec3 mid = around(rng, c, 4), dir = aim(rng, c, mid);
            const Vec3 half = rng.below(20) == 0 ? Vec3{} : rng.direction() * (c.scale * rng.log_uniform(1e-2f, 1.5f));
            const Capsule cap{mid - half, mid + half, rng.below(20) == 0 ? 0.0f : c.scale * rng.log_uniform(1e-2f, 1)};
            const float max_d = c.scale * rng.uniform(0, 5);
            const double mag = magnitude({cap.start, cap.end, center_of(c.prim)}) + 4.0 * c.scale + max_d;
            const double tol = kTolUlps * kFloatEps * mag, band = kBandRel * mag;
            const auto gap = [&](double s) {
                return segment_gap(rp, d(cap.start) + d(dir) * s, d(cap.end) + d(dir) * s) - cap.radius;
            };
            const FirstContact ref = first_contact(gap, max_d);
            const PrimitiveHit h = detail::primitive_capsule_cast(c.prim, cap, dir, max_d);
            INFO(kind_name(kind) << " case " << i << " ref hit " << ref.hit << " s " << ref.s << " start gap "
                                 << ref.start_gap << " min gap " << ref.min_gap << " | got " << h.hit << " "
                                 << h.distance);
            if (!judge_cast(ref, h, band, tally, true)) continue;
            const Vec3 centre = (cap.start + cap.end) * 0.5f;
            check_cast_hit(rp, h, ref, gap, tol, band, c.scale, centre, dir, tally, mag);
            if (h.distance > 0.0f) {
                const DVec3 moved = d(dir) * h.distance;
                const DVec3 axis_point = ref_closest_on_segment(d(h.point), d(cap.start) + moved, d(cap.end) + moved);
                CHECK(std::fabs(ddist(d(h.point), axis_point) - cap.radius) <= tol);
            }
        }
        report("capsule_cast", kind, tally);
    }
}

TEST_CASE("primitive_sphere_overlap: depths agree with the signed distance of the centre") {
    for (const Kind kind : kKinds) {
        Rng rng(0x5EED0400 + static_cast<int>(kind));
        Tally tally;
        for (int i = 0; i < kCases; ++i) {
            const Case c = random_case(rng, kind);
            const RefPrim rp = ref_of(c.prim);
            const Sphere s{around(rng, c, 2.5f), c.scale * rng.log_uniform(1e-2f, 1)};
            const double mag = magnitude({s.center, center_of(c.prim)}) + 4.0 * c.scale;
            const double tol = kTolUlps * kFloatEps * mag, band = kBandRel * mag;
            const double depth = s.radius - signed_point(rp, d(s.center));
            const Contact k = detail::primitive_sphere_overlap(c.prim, s);
            INFO(kind_name(kind) << " case " << i << " ref depth " << depth << " | got " << k.hit << " " << k.depth);
            if (std::fabs(depth) <= band) ++tally.banded;
            if (std::fabs(depth) > band) REQUIRE(k.hit == (depth >= 0));
            if (!k.hit) {
                ++tally.misses;
                continue;
            }
            ++tally.hits;
            CHECK(std::fabs(k.depth - depth) <= tol);
            tally.err(std::fabs(k.depth - depth), mag);
            CHECK(std::fabs(length(k.normal) - 1.0f) <= 1e-5f);
            // Moved by depth along the normal, the sphere just touches; the point is on the surface.
            CHECK(std::fabs(signed_point(rp, d(s.center) + d(k.normal) * k.depth) - s.radius) <= tol);
            CHECK(std::fabs(signed_point(rp, d(k.point))) <= tol);
        }
        report("sphere_overlap", kind, tally, false);
    }
}

TEST_CASE("primitive_capsule_overlap: depths agree with the axis' distance or hull penetration") {
    for (const Kind kind : kKinds) {
        Rng rng(0x5EED0500 + static_cast<int>(kind));
        Tally tally;
        for (int i = 0; i < kCases; ++i) {
            const Case c = random_case(rng, kind);
            const RefPrim rp = ref_of(c.prim);
            const Vec3 mid = around(rng, c, 2.5f);
            const Vec3 half = rng.below(20) == 0 ? Vec3{} : rng.direction() * (c.scale * rng.log_uniform(1e-2f, 1.5f));
            const Capsule cap{mid - half, mid + half, rng.below(20) == 0 ? 0.0f : c.scale * rng.log_uniform(1e-2f, 1)};
            const double mag = magnitude({cap.start, cap.end, center_of(c.prim)}) + 4.0 * c.scale;
            const double tol = kTolUlps * kFloatEps * mag, band = kBandRel * mag;
            const double gap = segment_gap(rp, d(cap.start), d(cap.end));
            const bool meets_box = kind == Kind::Box && gap == 0.0;
            const double depth =
                cap.radius + (meets_box ? segment_penetration(rp.box, d(cap.start), d(cap.end), mag) : -gap);
            const Contact k = detail::primitive_capsule_overlap(c.prim, cap);
            INFO(kind_name(kind) << " case " << i << " ref depth " << depth << " meets box " << meets_box << " | got "
                                 << k.hit << " " << k.depth);
            if (std::fabs(depth) <= band) ++tally.banded;
            if (std::fabs(depth) > band) REQUIRE(k.hit == (depth >= 0));
            if (!k.hit) {
                ++tally.misses;
                continue;
            }
            ++tally.hits;
            if (meets_box) ++tally.starts;
            CHECK(std::fabs(k.depth - depth) <= tol);
            tally.err(std::fabs(k.depth - depth), mag);
            CHECK(std::fabs(length(k.normal) - 1.0f) <= 1e-5f);
            const DVec3 out = d(k.normal) * k.depth;
            CHECK(std::fabs(segment_gap(rp, d(cap.start) + out, d(cap.end) + out) - cap.radius) <= tol);
            CHECK(std::fabs(signed_point(rp, d(k.point))) <= tol);
        }
        report("capsule_overlap", kind, tally, kind == Kind::Box);
    }
}

TEST_CASE("primitive_closest_point: points and distances agree with the solid's clamp in double") {
    for (const Kind kind : kKinds) {
        Rng rng(0x5EED0600 + static_cast<int>(kind));
        Tally tally;
        for (int i = 0; i < kCases; ++i) {
            const Case c = random_case(rng, kind);
            const RefPrim rp = ref_of(c.prim);
            const Vec3 q = around(rng, c, 3);
            const double mag = magnitude({q, center_of(c.prim)}) + 4.0 * c.scale;
            const double tol = kTolUlps * kFloatEps * mag;
            DVec3 want;
            if (kind == Kind::Box) {
                const DVec3 l = ref_local(rp.box, d(q));
                want = from_local(
                    rp.box, {std::clamp(l.x, -rp.box.h[0], rp.box.h[0]), std::clamp(l.y, -rp.box.h[1], rp.box.h[1]),
                             std::clamp(l.z, -rp.box.h[2], rp.box.h[2])});
            } else {
                const DVec3 core = ref_closest_on_segment(d(q), rp.a, rp.b);
                const double dist = ddist(d(q), core);
                want = dist <= rp.r ? d(q) : core + (d(q) - core) * (rp.r / dist);
            }
            const double want_d = std::max(0.0, signed_point(rp, d(q)));
            const auto got = detail::primitive_closest_point(c.prim, q);
            INFO(kind_name(kind) << " case " << i);
            (want_d > 0 ? tally.hits : tally.starts)++;
            if (want_d == 0) CHECK(got.point == q);
            CHECK(ddist(d(got.point), want) <= tol);
            CHECK(std::fabs(got.distance - want_d) <= tol);
            tally.err(std::max(ddist(d(got.point), want), std::fabs(got.distance - want_d)), mag);
        }
        report("closest_point", kind, tally, true, false);  // hits: outside; starts: inside
    }
}

TEST_CASE("primitive_floor: heights agree with bisection along the vertical line") {
    for (const Kind kind : kKinds) {
        Rng rng(0x5EED0700 + static_cast<int>(kind));
        Tally tally;
        for (int i = 0; i < kCases; ++i) {
            const Case c = random_case(rng, kind);
            const RefPrim rp = ref_of(c.prim);
            const Vec3 mid = center_of(c.prim);
            const float x = mid.x + c.scale * rng.uniform(-0.8f, 0.8f), z = mid.z + c.scale * rng.uniform(-0.8f, 0.8f);
            const float from_y = rng.below(4) == 0 ? kInf : mid.y + c.scale * rng.uniform(-2.5f, 2.5f);
            const double mag = magnitude({mid, {x, 0, z}}) + 4.0 * c.scale;
            const double tol = kTolUlps * kFloatEps * mag, band = kBandRel * mag;
            const auto g = [&](double y) { return signed_point(rp, {x, y, z}); };
            // The line's stretch inside the solid, [lo, hi], around the lowest value of g.
            const double top = mid.y + 3.0 * c.scale, bottom = mid.y - 3.0 * c.scale;
            const FirstContact down = first_contact([&](double s) { return g(top - s); }, top - bottom);
            const FirstContact up = first_contact([&](double s) { return g(bottom + s); }, top - bottom);
            const double hi = top - down.s, lo = bottom + up.s;
            const bool line_hits = down.hit;
            bool want_hit = false;
            double want = 0;
            if (line_hits && hi <= from_y) {
                want_hit = true;
                want = hi;
            } else if (line_hits && lo <= from_y) {
                want_hit = true;
                want = lo;
            }
            const auto f = detail::primitive_floor(c.prim, x, z, from_y);
            INFO(kind_name(kind) << " case " << i << " line hits " << line_hits << " lo " << lo << " hi " << hi
                                 << " from " << from_y << " | got " << f.hit << " " << f.height);
            const bool clear = std::fabs(down.min_gap) > band &&
                               (!line_hits || (std::fabs(from_y - hi) > band && std::fabs(from_y - lo) > band));
            if (!clear) ++tally.banded;
            if (clear) REQUIRE(f.hit == want_hit);
            if (!f.hit) {
                ++tally.misses;
                continue;
            }
            ++tally.hits;
            CHECK(f.height <= from_y);
            CHECK(f.normal.y >= 0.0f);
            CHECK(std::fabs(length(f.normal) - 1.0f) <= 1e-5f);
            if (!clear) continue;
            // The height error across the surface (times the normal's y): a steep face turns a
            // rounding of its position into a height error 1 / n.y larger.
            const double across = std::fabs(f.height - want) * f.normal.y;
            CHECK(across <= tol);
            tally.err(across, mag);
            // The normal, one way or the other, is an outward normal of the surface there.
            const DVec3 p{x, f.height, z};
            const double delta = 1e-3 * c.scale;
            const double out =
                std::max(signed_point(rp, p + d(f.normal) * delta), signed_point(rp, p - d(f.normal) * delta));
            if (want == lo) ++tally.starts;  // the lower surface answered
            CHECK(std::fabs(out - delta) <= 1e-3 * delta + tol);
        }
        report("floor", kind, tally);
    }
}
