// cast.hpp against independent references: 10^5 seeded segments per solid shape (sphere, AABB,
// OBB, capsule), each compared with a double-precision trace of the shape's own signed distance,
// and 10^5 against planes. Triangles: cast_triangle_test.cpp.
#include "catch_support.hpp"

#include <cmath>

#include "overlap_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// ---- the reference: a trace of a signed distance along the segment --------------------------------

// A convex solid's signed distance (negative inside) is a convex function of t along a segment, so
// the inside set is one interval, found here without the library: coarse samples, a golden-section
// search for the least distance next to the best sample, and bisections on the distance's sign.
template <class Sdf>
struct Trace {
    const Sdf& sdf;
    DVec3 p, d;
    double at(double t) const { return sdf(p + d * t); }
    // First t in [lo, hi] with at(t) <= level, given at(lo) > level >= at(hi) (monotone there).
    double first_below(double level, double lo, double hi) const {
        for (int i = 0; i < 64 && hi - lo > 0.0; ++i) {
            const double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) break;
            (at(mid) <= level ? hi : lo) = mid;
        }
        return hi;
    }
    // Last t in [lo, hi] with at(t) <= level, given at(lo) <= level < at(hi).
    double last_below(double level, double lo, double hi) const {
        for (int i = 0; i < 64 && hi - lo > 0.0; ++i) {
            const double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) break;
            (at(mid) <= level ? lo : hi) = mid;
        }
        return lo;
    }
};

struct Reference {
    double start;    // signed distance of the start
    double least;    // least signed distance along the segment ...
    double t_least;  // ... and where
    double t_entry;  // first t inside (when least <= 0)
};

template <class Sdf>
Reference trace_reference(const Trace<Sdf>& tr) {
    Reference r;
    r.start = tr.at(0.0);
    constexpr int kSamples = 24;
    int best = 0;
    double best_v = r.start;
    for (int k = 1; k <= kSamples; ++k) {
        const double v = tr.at(k / double(kSamples));
        if (v < best_v) {
            best = k;
            best_v = v;
        }
    }
    // Convex: the least value lies within one sample of the best sample.
    double lo = (best > 0 ? best - 1 : 0) / double(kSamples),
           hi = (best < kSamples ? best + 1 : kSamples) / double(kSamples);
    const double g = 0.6180339887498949;
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo), f1 = tr.at(x1), f2 = tr.at(x2);
    for (int i = 0; i < 70; ++i) {
        if (f1 < f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = tr.at(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = tr.at(x2);
        }
    }
    r.t_least = 0.5 * (lo + hi);
    r.least = tr.at(r.t_least);
    if (best_v < r.least) {
        r.least = best_v;
        r.t_least = best / double(kSamples);
    }
    r.t_entry = r.start <= 0.0 ? 0.0 : (r.least <= 0.0 ? tr.first_below(0.0, 0.0, r.t_least) : 1.0);
    return r;
}

// ---- the comparison, the same for every shape -------------------------------------------------------

struct Stats {
    int clear_hits = 0, clear_misses = 0, starts_inside = 0, band = 0;
    double max_surface_err = 0;  // |signed distance of the reported point| / (eps * magnitude)
    double max_t_err = 0;        // |t - reference entry t| |end - start| / (eps * magnitude), not grazing
};

// Checks one cast result against the reference and the conventions of results.hpp. `tol` is the
// float resolution of the inputs (a few ulps of the largest coordinate): within it of the surface
// the reference cannot say whether the segment touches, so hit/miss agreement is only required
// outside that band. The entry t is required to lie in the window of t whose point is within tol
// of the surface with nothing deeper than tol before it — exactly the uncertainty tol allows, however
// grazing the hit.
template <class Sdf, class NormalCheck>
void compare(const Segment& s, const CastHit& h, const Sdf& sdf, double tol, Stats& st, NormalCheck check_normal) {
    const Trace<Sdf> tr{sdf, d(s.start), d(s.end) - d(s.start)};
    const Reference ref = trace_reference(tr);
    require_cast_conventions(h);
    if (ref.start < -tol) {  // clearly inside: t = 0 at the start
        ++st.starts_inside;
        REQUIRE(h.hit);
        REQUIRE(h.t == 0.0f);
        REQUIRE(h.point == s.start);
        check_normal(h, true);
        return;
    }
    if (ref.least > tol) {
        ++st.clear_misses;
        REQUIRE_FALSE(h.hit);
        return;
    }
    if (ref.least < -tol && ref.start > tol) {
        ++st.clear_hits;
        REQUIRE(h.hit);
    } else
        ++st.band;
    if (!h.hit) return;
    // The window of acceptable t (see above), widened by the float rounding of t itself.
    const double t_lo = ref.start > tol ? tr.first_below(tol, 0.0, ref.t_least) : 0.0;
    const double t_hi = ref.least < -tol ? tr.first_below(-tol, 0.0, ref.t_least)
                                         : (tr.at(1.0) > tol ? tr.last_below(tol, ref.t_least, 1.0) : 1.0);
    const double t = h.t;
    INFO("t " << t << " window [" << t_lo << ", " << t_hi << "] entry " << ref.t_entry);
    REQUIRE(t >= t_lo - 2 * kFloatEps);
    REQUIRE(t <= t_hi + 2 * kFloatEps);
    if (h.t > 0.0f) {
        const double surface = std::fabs(sdf(d(h.point)));
        REQUIRE(surface <= tol);
        st.max_surface_err = std::fmax(st.max_surface_err, surface / tol);
        // Away from grazing (the window no wider than the tolerance allows head-on), the distance
        // along the segment between our entry and the reference's, in ulps of the magnitude.
        const double len = dlen(tr.d);
        if (ref.least < -tol && ref.start > tol && (t_hi - t_lo) * len <= 4 * tol)
            st.max_t_err = std::fmax(st.max_t_err, std::fabs(t - ref.t_entry) * len / (tol / 16));
    }
    check_normal(h, false);
}

// A segment aimed near a shape that reaches `reach` from `center`: through a random point of its
// neighbourhood, of random length and direction; some start inside, some have zero length.
Segment aimed_segment(Rng& rng, Vec3 center, float reach) {
    const float size = reach > 0.0f ? reach : 1.0f;
    const Vec3 target = center + rng.vec(-0.8f, 0.8f) * size;
    const Vec3 dir = rng.direction();
    const float len = size * rng.log_uniform(0.05f, 8.0f);
    const float before = rng.uniform(-0.2f, 1.2f);
    Segment s{target - dir * (len * before), target + dir * (len * (1.0f - before))};
    const int kind = rng.below(20);
    if (kind == 0) s.end = s.start;
    if (kind == 1) s.start = center + rng.vec(-0.4f, 0.4f) * size;
    return s;
}

// A shape size from 1e-3 to 1e4 and a centre up to ten sizes from the origin.
struct Placement {
    float size;
    Vec3 center;
};
Placement place(Rng& rng) {
    const float size = rng.log_uniform(1e-3f, 1e4f);
    return {size, rng.vec(-1, 1) * (size * rng.uniform(0.0f, 10.0f))};
}

// tol: 16 float ulps at the largest magnitude involved.
double float_tol(std::initializer_list<Vec3> pts, float extra = 0.0f) {
    return 16.0 * kFloatEps * (magnitude(pts) + extra);
}

DVec3 dnormalize(DVec3 v) { return v * (1.0 / dlen(v)); }

constexpr int kCases = 100000;

// Enough clear hits, clear misses and inside starts to mean something, and the worst errors (see
// Stats) within their limits.
void check_stats(const Stats& st, double surface_limit, double t_limit) {
    INFO("max surface err " << st.max_surface_err << " max t err " << st.max_t_err << " clear hits " << st.clear_hits
                            << " misses " << st.clear_misses << " inside " << st.starts_inside << " band " << st.band);
    CHECK(st.clear_hits > 15000);
    CHECK(st.clear_misses > 15000);
    CHECK(st.starts_inside > 5000);
    CHECK(st.max_surface_err <= surface_limit);
    CHECK(st.max_t_err <= t_limit);
}

}  // namespace

TEST_CASE("intersect_segment_sphere: 10^5 seeded segments agree with a traced signed distance") {
    Rng rng(0xCA5751);
    Stats st;
    for (int i = 0; i < kCases; ++i) {
        const Placement pl = place(rng);
        const float r = rng.below(20) == 0 ? 0.0f : pl.size * rng.uniform(0.05f, 1.0f);
        const Sphere sp{pl.center, r};
        const Segment s = aimed_segment(rng, pl.center, r > 0 ? r : pl.size);
        const double tol = float_tol({s.start, s.end, sp.center}, r);
        const auto sdf = [&](DVec3 x) { return ddist(x, d(sp.center)) - r; };
        INFO("case " << i);
        const CastHit h = intersect_segment_sphere(s, sp);
        compare(s, h, sdf, tol, st, [&](const CastHit& hit, bool inside) {
            // The normal is (point - centre) / r; from inside, (start - centre) / |start - centre|.
            const DVec3 x = inside ? d(s.start) : d(s.start) + (d(s.end) - d(s.start)) * double(hit.t);
            const double off = ddist(x, d(sp.center));
            if (off <= 64 * tol) return;  // too near the centre for a direction
            const double err = ddist(d(hit.normal), dnormalize(x - d(sp.center)));
            REQUIRE(err <= 1e-5 + 4 * tol / off);
        });
    }
    check_stats(st, 0.25, 4.0);
}

TEST_CASE("intersect_segment_aabb: 10^5 seeded segments agree with a traced signed distance") {
    Rng rng(0xCA5AAB);
    Stats st;
    for (int i = 0; i < kCases; ++i) {
        const Placement pl = place(rng);
        Vec3 half = rng.vec(0.05f, 1.0f) * pl.size;
        const int flat = rng.below(10);
        if (flat == 0) set_component(half, rng.below(3), 0.0f);  // a flat box
        if (flat == 1) half = {};                                // a point
        const AABB box{pl.center - half, pl.center + half};
        const Segment s = aimed_segment(rng, pl.center, std::fmax(half.x, std::fmax(half.y, half.z)));
        const double tol = float_tol({s.start, s.end, box.min, box.max});
        const DVec3 c = (d(box.min) + d(box.max)) * 0.5, hd = (d(box.max) - d(box.min)) * 0.5;
        const auto sdf = [&](DVec3 x) {  // the exact box distance (Quilez), negative inside
            const DVec3 q{std::fabs(x.x - c.x) - hd.x, std::fabs(x.y - c.y) - hd.y, std::fabs(x.z - c.z) - hd.z};
            const DVec3 out{std::fmax(q.x, 0.0), std::fmax(q.y, 0.0), std::fmax(q.z, 0.0)};
            return dlen(out) + std::fmin(std::fmax(q.x, std::fmax(q.y, q.z)), 0.0);
        };
        INFO("case " << i);
        const CastHit h = intersect_segment_aabb(s, box);
        compare(s, h, sdf, tol, st, [&](const CastHit& hit, bool inside) {
            // An axis normal; outside, of a face the point lies on, entered against the motion;
            // inside, of the nearest face when it is nearer than the others by more than tol.
            int axis = -1;
            for (int k = 0; k < 3; ++k)
                if (std::fabs(component(hit.normal, k)) == 1.0f) axis = k;
            REQUIRE(axis >= 0);
            const float sign = component(hit.normal, axis);
            const double face = component(sign > 0 ? box.max : box.min, axis);
            if (!inside) {
                REQUIRE(std::fabs(component(hit.point, axis) - face) <= tol);
                REQUIRE(sign * (component(s.end, axis) - component(s.start, axis)) < 0.0f);
                return;
            }
            double gaps[6];
            for (int k = 0; k < 3; ++k) {
                gaps[2 * k] = double(component(s.start, k)) - component(box.min, k);
                gaps[2 * k + 1] = double(component(box.max, k)) - component(s.start, k);
            }
            const double mine = sign > 0 ? gaps[2 * axis + 1] : gaps[2 * axis];
            for (double g : gaps) REQUIRE(mine <= g);
        });
    }
    check_stats(st, 0.25, 4.0);
}

TEST_CASE("intersect_segment_obb: 10^5 seeded segments agree with a traced signed distance") {
    Rng rng(0xCA50BB);
    Stats st;
    for (int i = 0; i < kCases; ++i) {
        const Placement pl = place(rng);
        Vec3 half = rng.vec(0.05f, 1.0f) * pl.size;
        if (rng.below(10) == 0) set_component(half, rng.below(3), 0.0f);
        const Vec3 axis = rng.direction();
        const float angle = rng.uniform(-3.2f, 3.2f);
        const OBB box{pl.center, quat_from_axis_angle(axis, angle), half};
        const Segment s = aimed_segment(rng, pl.center, length(half));
        const double tol = float_tol({s.start, s.end, box.center}, length(half));
        // The reference frame: the rotation by the quaternion in double (v' = v + 2w (u x v) +
        // 2 u x (u x v)), not the library's matrix.
        const Quat q = box.rotation;
        const double qn = std::sqrt(double(q.x) * q.x + double(q.y) * q.y + double(q.z) * q.z + double(q.w) * q.w);
        const DVec3 u{q.x / qn, q.y / qn, q.z / qn};
        const double w = q.w / qn;
        const auto to_local = [&](DVec3 v) {  // by the inverse rotation (-u, w)
            const DVec3 t = dcross(u * -1.0, v) * 2.0;
            return v + t * w + dcross(u * -1.0, t);
        };
        const auto to_world = [&](DVec3 v) {
            const DVec3 t = dcross(u, v) * 2.0;
            return v + t * w + dcross(u, t);
        };
        const auto sdf = [&](DVec3 x) {
            const DVec3 l = to_local(x - d(box.center));
            const DVec3 qd{std::fabs(l.x) - half.x, std::fabs(l.y) - half.y, std::fabs(l.z) - half.z};
            const DVec3 out{std::fmax(qd.x, 0.0), std::fmax(qd.y, 0.0), std::fmax(qd.z, 0.0)};
            return dlen(out) + std::fmin(std::fmax(qd.x, std::fmax(qd.y, qd.z)), 0.0);
        };
        INFO("case " << i);
        const CastHit h = intersect_segment_obb(s, box);
        compare(s, h, sdf, tol, st, [&](const CastHit& hit, bool inside) {
            // A rotated axis: in the box's frame, +-e_k to within rounding.
            const DVec3 ln = to_local(d(hit.normal));
            int k = 0;
            const double comps[3] = {ln.x, ln.y, ln.z};
            for (int j = 1; j < 3; ++j)
                if (std::fabs(comps[j]) > std::fabs(comps[k])) k = j;
            REQUIRE(std::fabs(std::fabs(comps[k]) - 1.0) <= 1e-6);
            DVec3 e{};
            (k == 0 ? e.x : (k == 1 ? e.y : e.z)) = comps[k] > 0 ? 1.0 : -1.0;
            REQUIRE(ddist(d(hit.normal), to_world(e)) <= 1e-6);
            const DVec3 lp = to_local(d(inside ? s.start : hit.point) - d(box.center));
            const double pc[3] = {lp.x, lp.y, lp.z};
            const double h_k = component(half, k);
            const double gap = h_k - (comps[k] > 0 ? pc[k] : -pc[k]);  // to the named face
            if (!inside) {
                REQUIRE(std::fabs(gap) <= tol);
                REQUIRE(ddot(d(hit.normal), d(s.end) - d(s.start)) < 0.0);
                return;
            }
            for (int j = 0; j < 3; ++j) REQUIRE(gap <= component(half, j) - std::fabs(pc[j]) + tol);
        });
    }
    check_stats(st, 0.25, 4.0);
}

namespace {

// The entry t of the segment into a box by slabs in double, in the box's frame of the reference
// rotation (the quaternion applied by Hamilton products, not the library's matrix); NaN when the
// segment starts inside or within `margin` of the surface, misses, or only grazes (its inside
// interval shorter than `margin` along the segment): there the float inputs do not fix t.
double reference_entry(const RefBox& box, const Segment& s, double margin) {
    const DVec3 lp = ref_local(box, d(s.start)), lq = ref_local(box, d(s.end));
    const double len = ddist(d(s.start), d(s.end)), nan = std::nan("");
    double t0 = -INFINITY, t1 = INFINITY;
    for (int k = 0; k < 3; ++k) {
        const double p = dcomp(lp, k), dk = dcomp(lq, k) - p;
        if (std::fabs(dk) * 1e3 < len) return nan;  // nearly parallel to a face
        const double ta = (-box.h[k] - p) / dk, tb = (box.h[k] - p) / dk;
        t0 = std::max(t0, std::min(ta, tb));
        t1 = std::min(t1, std::max(ta, tb));
    }
    if (!(t0 * len > margin && (std::min(t1, 1.0) - t0) * len > margin)) return nan;
    return t0;
}

// The axis-aligned box as the reference's box, exactly (its centre and half extents in double).
RefBox ref_aabb(const AABB& b) {
    RefBox r{(d(b.min) + d(b.max)) * 0.5, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {}};
    const DVec3 h = (d(b.max) - d(b.min)) * 0.5;
    for (int k = 0; k < 3; ++k) r.h[k] = dcomp(h, k);
    return r;
}

}  // namespace

TEST_CASE("intersect_segment_obb: t is as accurate as intersect_segment_aabb's, on 10^5 seeded boxes") {
    // Against a double slab reference; the error is the distance along the segment between the
    // two entries, relative to the largest coordinate or length involved. A turned box and an
    // axis-aligned one are cast by the same segments.
    Rng rng(0xCA50BC);
    double worst_obb = 0.0, worst_aabb = 0.0;
    int compared_obb = 0, compared_aabb = 0;
    for (int i = 0; i < kCases; ++i) {
        const Placement pl = place(rng);
        const Vec3 half = rng.vec(0.05f, 1.0f) * pl.size;
        const OBB obb{pl.center, quat_from_axis_angle(rng.direction(), rng.uniform(-3.2f, 3.2f)), half};
        const AABB aabb{pl.center - half, pl.center + half};
        const Segment s = aimed_segment(rng, pl.center, length(half));
        const double len = ddist(d(s.start), d(s.end));
        const double scale = std::fmax(magnitude({s.start, s.end, pl.center}) + length(half), len);
        const double margin = 1e-4 * scale;
        INFO("case " << i);
        const double t_obb = reference_entry(ref_box(obb), s, margin);
        if (!std::isnan(t_obb)) {
            const CastHit h = intersect_segment_obb(s, obb);
            REQUIRE(h.hit);
            worst_obb = std::fmax(worst_obb, std::fabs(h.t - t_obb) * len / scale);
            ++compared_obb;
        }
        const double t_aabb = reference_entry(ref_aabb(aabb), s, margin);
        if (!std::isnan(t_aabb)) {
            const CastHit h = intersect_segment_aabb(s, aabb);
            REQUIRE(h.hit);
            worst_aabb = std::fmax(worst_aabb, std::fabs(h.t - t_aabb) * len / scale);
            ++compared_aabb;
        }
    }
    INFO("worst t error x length / scale: obb " << worst_obb << " (" << compared_obb << " hits), aabb " << worst_aabb
                                                << " (" << compared_aabb << " hits)");
    CHECK(compared_obb > 15000);
    CHECK(compared_aabb > 15000);
    CHECK(worst_aabb <= 1e-7);
    CHECK(worst_obb <= 1e-7);
}

TEST_CASE("intersect_segment_capsule: 10^5 seeded segments agree with a traced signed distance") {
    Rng rng(0xCA5CA9);
    Stats st;
    for (int i = 0; i < kCases; ++i) {
        const Placement pl = place(rng);
        const Vec3 half_axis = rng.direction() * (pl.size * rng.uniform(0.0f, 1.0f));
        Capsule c{pl.center - half_axis, pl.center + half_axis, pl.size * rng.uniform(0.05f, 0.8f)};
        const int kind = rng.below(20);
        if (kind == 0) c.end = c.start;  // a sphere
        if (kind == 1) c.radius = 0.0f;  // a segment
        const Segment s = aimed_segment(rng, pl.center, length(half_axis) + c.radius);
        const double tol = float_tol({s.start, s.end, c.start, c.end}, c.radius);
        const auto sdf = [&](DVec3 x) { return ddist(x, ref_closest_on_segment(x, d(c.start), d(c.end))) - c.radius; };
        INFO("case " << i);
        const CastHit h = intersect_segment_capsule(s, c);
        compare(s, h, sdf, tol, st, [&](const CastHit& hit, bool inside) {
            // Away from the axis: (x - closest axis point) / |...|, at the start when inside.
            const DVec3 x = inside ? d(s.start) : d(s.start) + (d(s.end) - d(s.start)) * double(hit.t);
            const DVec3 axis_pt = ref_closest_on_segment(x, d(c.start), d(c.end));
            const double off = ddist(x, axis_pt);
            if (off <= 64 * tol) return;
            REQUIRE(ddist(d(hit.normal), dnormalize(x - axis_pt)) <= 1e-5 + 4 * tol / off);
        });
    }
    check_stats(st, 0.25, 4.0);
}

TEST_CASE("intersect_segment_plane: 10^5 seeded segments agree with double signed distances") {
    // Reference: the ends' signed distances to the plane in double (its normal normalised here);
    // a crossing clearly inside the segment must hit, both ends clearly on one side must miss.
    Rng rng(0xCA5B1A);
    int clear_hits = 0, clear_misses = 0;
    double max_err = 0;
    for (int i = 0; i < kCases; ++i) {
        const float size = rng.log_uniform(1e-3f, 1e4f);
        const Vec3 on = rng.vec(-1, 1) * (size * rng.uniform(0.0f, 10.0f));
        Plane pl = plane_from_normal_point(rng.direction() * rng.log_uniform(0.1f, 10.0f), on);
        if (rng.below(4) == 0) {  // a normal that is not unit
            pl.normal = pl.normal * rng.uniform(0.2f, 5.0f);
            pl.d = dot(pl.normal, on);
        }
        Segment s{on + rng.vec(-1, 1) * size, on + rng.vec(-1, 1) * size};
        const int kind = rng.below(20);
        if (kind == 0) s.end = s.start;
        if (kind == 1)
            s.end = s.end - pl.normal * (dot(s.end - s.start, pl.normal) / length_sq(pl.normal));  // parallel
        const CastHit h = intersect_segment_plane(s, pl);
        const DVec3 n = d(pl.normal) * (1.0 / dlen(d(pl.normal)));
        const double scale = dlen(d(pl.normal));
        const double s0 = (ddot(d(pl.normal), d(s.start)) - pl.d) / scale,
                     s1 = (ddot(d(pl.normal), d(s.end)) - pl.d) / scale;
        // The plane's own float rounding (d is rounded at |on|) is part of the tolerance.
        const double tol = 16.0 * kFloatEps * magnitude({s.start, s.end, on});
        INFO("case " << i);
        REQUIRE(h.t >= 0.0f);
        REQUIRE(h.t <= 1.0f);
        if ((s0 > tol && s1 > tol) || (s0 < -tol && s1 < -tol)) {
            ++clear_misses;
            REQUIRE_FALSE(h.hit);
            REQUIRE(h.t == 1.0f);
            REQUIRE(h.point == Vec3{});
            REQUIRE(h.normal == Vec3{});
            continue;
        }
        if (!h.hit) {
            REQUIRE_FALSE(((s0 > tol && s1 < -tol) || (s0 < -tol && s1 > tol)));
            continue;
        }
        REQUIRE(std::fabs(length(h.normal) - 1.0f) <= 1e-6f);
        REQUIRE(std::fabs(ddot(n, d(h.point)) - pl.d / scale) <= tol);  // on the plane
        if (std::fabs(s0) > tol) REQUIRE(ddist(d(h.normal), n * (s0 > 0 ? 1.0 : -1.0)) <= 1e-6);
        if ((s0 > tol && s1 < -tol) || (s0 < -tol && s1 > tol)) {
            ++clear_hits;
            const double t_ref = s0 / (s0 - s1);
            const double err = std::fabs(h.t - t_ref) * std::fabs(s0 - s1);  // along the normal
            max_err = std::fmax(max_err, err / tol);
            REQUIRE(err <= tol);
        }
    }
    INFO("clear hits " << clear_hits << " misses " << clear_misses << " max err/tol " << max_err);
    CHECK(clear_hits > 30000);
    CHECK(clear_misses > 30000);
    CHECK(max_err <= 0.1);
}
