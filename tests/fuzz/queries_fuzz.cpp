// libFuzzer target: every stateless query of the core (closest points, containment, overlaps,
// casts, sweeps, bounding volumes, floors, the deterministic math). One selector byte picks the
// query; its arguments are decoded from the rest (fuzz_input.hpp). Checked on every input:
//   * no crash, no sanitizer report, no hang;
//   * never NaN out of finite input;
//   * the conventions of results.hpp: t in [0, 1]; unit normals on hits; misses with t = 1 and
//     zero fields (sweeps: point = the end); non-finite input is a miss;
//   * the "same bits" and containment promises of the headers (capsule_sphere is capsule_capsule
//     with a point capsule, a zero-length capsule is a sphere, explain_* returns the plain
//     query's answer, bounding volumes hold what they bound, floors stay within the vertices).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "fuzz_input.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/shototsu.hpp"

using namespace shototsu;
using namespace shototsu::fuzz;

namespace {

Triangle triangle(FuzzInput& in) { return {in.vec(), in.vec(), in.vec()}; }
Segment segment(FuzzInput& in) { return {in.vec(), in.vec()}; }
OBB obb(FuzzInput& in) { return {in.vec(), in.quat(), in.vec()}; }
Capsule capsule(FuzzInput& in) { return {in.vec(), in.vec(), in.value()}; }
Sphere sphere(FuzzInput& in) { return {in.vec(), in.value()}; }
AABB aabb(FuzzInput& in) { return {in.vec(), in.vec()}; }

bool zero(Vec3 v) { return v.x == 0.0f && v.y == 0.0f && v.z == 0.0f; }
bool same_hit(const CastHit& a, const CastHit& b) {
    return a.hit == b.hit && same(a.t, b.t) && same(a.point, b.point) && same(a.normal, b.normal);
}
bool same_contact(const Contact& a, const Contact& b) {
    return a.hit == b.hit && same(a.depth, b.depth) && same(a.point, b.point) && same(a.normal, b.normal);
}

void contact(const Check& c, const Contact& r) {
    c.no_nan(r.point, "point");
    c.no_nan(r.normal, "normal");
    c.no_nan(r.depth, "depth");
    if (c.nonfinite_input) c.that(!r.hit, "non-finite input must miss");
    if (r.hit) {
        c.unit(r.normal, "normal not unit on a hit");
        c.that(r.depth >= 0.0f, "negative depth on a hit");
    } else {
        c.that(zero(r.point) && zero(r.normal) && r.depth == 0.0f, "a miss must have every field zero");
    }
}

void cast(const Check& c, const CastHit& r) {
    c.fraction(r.t);
    c.no_nan(r.point, "point");
    c.no_nan(r.normal, "normal");
    if (c.nonfinite_input) c.that(!r.hit, "non-finite input must miss");
    if (r.hit)
        c.unit(r.normal, "normal not unit on a hit");
    else
        c.that(r.t == 1.0f && zero(r.point) && zero(r.normal), "a miss must have t = 1 and zero fields");
}

void sweep_miss_or_hit(const Check& c, bool hit, float t, Vec3 point, Vec3 normal, Vec3 end) {
    c.fraction(t);
    c.no_nan(point, "point");
    c.no_nan(normal, "normal");
    if (c.nonfinite_input) c.that(!hit, "non-finite input must miss");
    if (hit)
        c.unit(normal, "normal not unit on a hit");
    else
        c.that(t == 1.0f && zero(normal) && (!c.finite_input || same(point, end)),
               "a miss must have t = 1, point = end");
}

/// |v - center| <= radius, in double.
bool within(Vec3 center, float radius, Vec3 v) {
    const double dx = double(v.x) - center.x, dy = double(v.y) - center.y, dz = double(v.z) - center.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz) <= double(radius);
}

/// The box holds the sphere (in double: min <= c - r, c + r <= max).
bool holds(const AABB& b, Vec3 c, float r) {
    const double rr = r > 0.0f ? r : 0.0;
    return b.min.x <= c.x - rr && b.min.y <= c.y - rr && b.min.z <= c.z - rr && b.max.x >= c.x + rr &&
           b.max.y >= c.y + rr && b.max.z >= c.z + rr;
}

void run(FuzzInput& in) {
    const std::uint8_t which = in.byte();
    switch (which % 48) {
        // ---- closest points -------------------------------------------------------------------
        case 0: {
            const Vec3 p = in.vec();
            const Segment s = segment(in);
            const Check c("closest_point_on_segment", in);
            const ClosestPointOnSegment r = closest_point_on_segment(p, s);
            c.no_nan(r.point, "point");
            c.no_nan(r.t, "t");
            if (c.finite_input) c.fraction(r.t);
            c.no_nan(distance_sq_point_segment(p, s), "distance_sq_point_segment");
            break;
        }
        case 1: {
            const Segment a = segment(in), b = segment(in);
            const Check c("closest_points_segment_segment", in);
            const ClosestPointsSegmentSegment r = closest_points_segment_segment(a, b);
            c.no_nan(r.point1, "point1");
            c.no_nan(r.point2, "point2");
            c.no_nan(r.distance_sq, "distance_sq");
            if (c.finite_input) {
                c.fraction(r.t1);
                c.fraction(r.t2);
            }
            break;
        }
        case 2: {
            const Vec3 p = in.vec();
            const Triangle t = triangle(in);
            const Check c("closest_point_on_triangle", in);
            const ClosestPointOnTriangle r = closest_point_on_triangle(p, t);
            c.no_nan(r.point, "point");
            c.no_nan(r.barycentric, "barycentric");
            if (c.finite_input) {
                const Vec3 b = r.barycentric;
                c.that(b.x >= 0 && b.x <= 1 && b.y >= 0 && b.y <= 1 && b.z >= 0 && b.z <= 1,
                       "barycentric outside [0, 1]");
            }
            const ClosestPointExplanation e = explain_closest_point_on_triangle(p, t);
            c.that(same(e.result.point, r.point) && same(e.result.barycentric, r.barycentric) &&
                       e.result.region == r.region && e.result.degenerate == r.degenerate,
                   "explain_closest_point_on_triangle differs from closest_point_on_triangle");
            c.that(e.test_count >= 0 && e.test_count <= 7, "explanation test_count");
            // The batch (four lanes at once): the triangle in each vertex order, each lane with
            // the single query's bits.
            const Triangle lanes[4] = {t, {t.b, t.c, t.a}, {t.c, t.a, t.b}, {t.a, t.c, t.b}};
            float points[12], triangles[36], out[12];
            for (int k = 0; k < 4; ++k) {
                const Vec3 v[3] = {lanes[k].a, lanes[k].b, lanes[k].c};
                for (int j = 0; j < 3; ++j) points[3 * k + j] = component(p, j);
                for (int i = 0; i < 3; ++i)
                    for (int j = 0; j < 3; ++j) triangles[9 * k + 3 * i + j] = component(v[i], j);
            }
            closest_points_on_triangles(points, 3, triangles, 9, 4, out);
            for (int k = 0; k < 4; ++k)
                c.that(same(Vec3{out[3 * k], out[3 * k + 1], out[3 * k + 2]},
                            closest_point_on_triangle(p, lanes[k]).point),
                       "closest_points_on_triangles differs from closest_point_on_triangle");
            // The float32 batch: degenerate triangles and non-finite input answered as the single
            // query; otherwise within the bound of closest_point.hpp, with the single query's
            // answer (itself within a rounding of the exact one) as the reference — finite input
            // beyond the moderate range too (a small triangle at 3e38 takes the fast lanes: the
            // bound's u |q| is then its rounding).
            closest_points_on_triangles_fast(points, 3, triangles, 9, 4, out);
            for (int k = 0; k < 4; ++k) {
                const Vec3 got{out[3 * k], out[3 * k + 1], out[3 * k + 2]};
                const ClosestPointOnTriangle want = closest_point_on_triangle(p, lanes[k]);
                if (c.nonfinite_input || want.degenerate) {
                    c.that(same(got, want.point), "closest_points_on_triangles_fast differs on a degenerate lane");
                    continue;
                }
                c.no_nan(got, "closest_points_on_triangles_fast");
                const auto dv = [](Vec3 v) { return std::array<double, 3>{v.x, v.y, v.z}; };
                const auto sub = [](std::array<double, 3> x, std::array<double, 3> y) {
                    return std::array<double, 3>{x[0] - y[0], x[1] - y[1], x[2] - y[2]};
                };
                const auto len = [](std::array<double, 3> x) {
                    return std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
                };
                const auto ab = sub(dv(lanes[k].b), dv(lanes[k].a)), ac = sub(dv(lanes[k].c), dv(lanes[k].a));
                const double L = std::max({len(ab), len(ac), len(sub(ac, ab))}), R = len(sub(dv(p), dv(lanes[k].a)));
                const double area2 =
                    len({ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2], ab[0] * ac[1] - ab[1] * ac[0]});
                const double kappa = L * L / area2, u = 0x1p-24, q = len(dv(want.point));
                const double bound = u * (2 * q + (12 * kappa * kappa + 48 * kappa + 24) * std::max(L, R));
                c.that(same(got, want.point) || len(sub(dv(got), dv(want.point))) <= bound,
                       "closest_points_on_triangles_fast beyond its bound");
            }
            break;
        }
        case 3: {
            const Vec3 p = in.vec();
            const AABB b = aabb(in);
            const Check c("closest_point_on_aabb", in);
            c.no_nan(closest_point_on_aabb(p, b), "point");
            c.no_nan(distance_sq_point_aabb(p, b), "distance_sq_point_aabb");
            break;
        }
        case 4: {
            const Vec3 p = in.vec();
            const OBB b = obb(in);
            const Check c("closest_point_on_obb", in);
            c.no_nan(closest_point_on_obb(p, b), "point");
            break;
        }
        case 5: {
            const Vec3 p = in.vec(), n = in.vec(), q = in.vec();
            const Check c("closest_point_on_plane", in);
            const Plane plane = plane_from_normal_point(n, q);
            c.no_nan(plane.normal, "plane_from_normal_point normal");
            c.no_nan(closest_point_on_plane(p, plane), "point");
            break;
        }
        // ---- containment ------------------------------------------------------------------------
        case 6: {
            const Sphere s = sphere(in);
            const AABB b = aabb(in);
            const Capsule cap = capsule(in);
            const OBB o = obb(in);
            const Vec3 p = in.vec();
            (void)sphere_contains_point(s, p);
            (void)aabb_contains_point(b, p);
            (void)capsule_contains_point(cap, p);
            (void)obb_contains_point(o, p);
            break;
        }
        case 7: {
            Vec2 verts[16];
            const std::uint32_t n = in.below(17);
            for (std::uint32_t i = 0; i < n; ++i) verts[i] = {in.value(), in.value()};
            const Vec2 p{in.value(), in.value()};
            (void)convex_polygon_contains_point({std::span<const Vec2>(verts, n)}, p);
            break;
        }
        // ---- overlaps ---------------------------------------------------------------------------
        case 8: {
            const Sphere a = sphere(in), b = sphere(in);
            contact(Check("sphere_sphere", in), sphere_sphere(a, b));
            break;
        }
        case 9: {
            const AABB a = aabb(in), b = aabb(in);
            const Check c("aabb_aabb", in);
            const Contact r = aabb_aabb(a, b);
            contact(c, r);
            const Vec3 push = push_out_aabb_aabb(a, b);
            c.no_nan(push, "push_out_aabb_aabb");
            if (c.finite_input) {
                const Vec3 want = r.normal * r.depth;
                c.that(push.x == want.x && push.y == want.y && push.z == want.z,
                       "push_out_aabb_aabb(fixed, moving) != aabb_aabb(fixed, moving) normal * depth");
            }
            c.that(aabb_overlaps_aabb(a, b) == aabb_overlaps_aabb(b, a), "aabb_overlaps_aabb not symmetric");
            break;
        }
        case 10: {
            const AABB b = aabb(in);
            const Sphere s = sphere(in);
            contact(Check("aabb_sphere", in), aabb_sphere(b, s));
            break;
        }
        case 11: {
            const Capsule a = capsule(in), b = capsule(in);
            contact(Check("capsule_capsule", in), capsule_capsule(a, b));
            break;
        }
        case 12: {
            const Capsule a = capsule(in);
            const Sphere s = sphere(in);
            const Check c("capsule_sphere", in);
            const Contact r = capsule_sphere(a, s);
            contact(c, r);
            const Contact q = capsule_capsule(a, {s.center, s.center, s.radius});
            c.that(r.hit == q.hit && same(r.point, q.point) && same(r.normal, q.normal) && same(r.depth, q.depth),
                   "capsule_sphere differs from capsule_capsule with a point capsule");
            // A zero-length capsule is a sphere.
            const Contact z = capsule_capsule({a.start, a.start, a.radius}, {s.center, s.center, s.radius});
            const Contact ss = sphere_sphere({a.start, a.radius}, s);
            c.that(z.hit == ss.hit && same(z.point, ss.point) && same(z.normal, ss.normal) && same(z.depth, ss.depth),
                   "zero-length capsule_capsule differs from sphere_sphere");
            break;
        }
        case 13: {
            const OBB a = obb(in), b = obb(in);
            contact(Check("obb_obb", in), obb_obb(a, b));
            break;
        }
        case 14: {
            const OBB a = obb(in);
            const Sphere s = sphere(in);
            contact(Check("obb_sphere", in), obb_sphere(a, s));
            break;
        }
        case 15: {
            const Triangle t = triangle(in);
            const Sphere s = sphere(in);
            contact(Check("triangle_sphere", in), triangle_sphere(t, s));
            break;
        }
        case 16: {
            const Triangle t = triangle(in);
            const Capsule cap = capsule(in);
            const Check c("triangle_capsule", in);
            contact(c, triangle_capsule(t, cap));
            const Contact z = triangle_capsule(t, {cap.start, cap.start, cap.radius});
            const Contact s = triangle_sphere(t, {cap.start, cap.radius});
            c.that(z.hit == s.hit && same(z.point, s.point) && same(z.normal, s.normal) && same(z.depth, s.depth),
                   "zero-length triangle_capsule differs from triangle_sphere");
            break;
        }
        // ---- casts ------------------------------------------------------------------------------
        case 17: {
            const Segment s = segment(in);
            const Vec3 n = in.vec(), q = in.vec();
            cast(Check("intersect_segment_plane", in), intersect_segment_plane(s, plane_from_normal_point(n, q)));
            break;
        }
        case 18: {
            const Segment s = segment(in);
            const Sphere sp = sphere(in);
            cast(Check("intersect_segment_sphere", in), intersect_segment_sphere(s, sp));
            break;
        }
        case 19: {
            const Segment s = segment(in);
            const AABB b = aabb(in);
            cast(Check("intersect_segment_aabb", in), intersect_segment_aabb(s, b));
            break;
        }
        case 20: {
            const Segment s = segment(in);
            const OBB b = obb(in);
            cast(Check("intersect_segment_obb", in), intersect_segment_obb(s, b));
            break;
        }
        case 21: {
            const Segment s = segment(in);
            const Triangle t = triangle(in);
            const Check c("intersect_segment_triangle", in);
            const TriangleCastHit r = intersect_segment_triangle(s, t);
            cast(c, CastHit{r.hit, r.t, r.point, r.normal});
            c.no_nan(r.barycentric, "barycentric");
            if (r.hit) {
                const Vec3 b = r.barycentric;
                c.that(b.x >= 0 && b.x <= 1 && b.y >= 0 && b.y <= 1 && b.z >= 0 && b.z <= 1,
                       "barycentric outside [0, 1]");
            }
            break;
        }
        case 22: {
            const Vec3 o = in.vec(), d = in.vec();
            const Triangle t = triangle(in);
            const float max_s = in.value();
            const Check c("intersect_ray_triangle", in);
            const float s = intersect_ray_triangle(o, d, t, max_s);
            c.that(s == -1.0f || (s >= 0.0f && s <= max_s), "not -1 and not in [0, max_s]");
            if (!in.finite() && !(std::isinf(max_s) && max_s > 0 && is_finite(o) && is_finite(d) && is_finite(t.a) &&
                                  is_finite(t.b) && is_finite(t.c)))
                c.that(s == -1.0f, "non-finite input must miss");
            break;
        }
        case 23: {
            const Segment s = segment(in);
            const Capsule cap = capsule(in);
            cast(Check("intersect_segment_capsule", in), intersect_segment_capsule(s, cap));
            break;
        }
        // ---- sweeps -----------------------------------------------------------------------------
        case 24: {
            const float r = in.value();
            const Vec3 a = in.vec(), b = in.vec(), n = in.vec(), q = in.vec();
            const Check c("sweep_sphere_plane", in);
            const SweepPlaneHit h = sweep_sphere_plane(r, a, b, n, q);
            sweep_miss_or_hit(c, h.hit, h.t, h.point, h.normal, b);
            c.no_nan(h.contact_time, "contact_time");
            c.no_nan(h.start_distance, "start_distance");
            if (c.nonfinite_input || r < 0.0f) c.that(h.kind == SweepPlaneCase::Invalid, "kind must be Invalid");
            break;
        }
        case 25: {
            const float r = in.value();
            const Vec3 a = in.vec(), b = in.vec();
            const Triangle t = triangle(in);
            const Check c("sweep_sphere_triangle", in);
            const TriangleSweepHit h = sweep_sphere_triangle(r, a, b, t);
            sweep_miss_or_hit(c, h.hit, h.t, h.point, h.normal, b);
            c.no_nan(h.contact, "contact");
            if (r < 0.0f) c.that(!h.hit, "a negative radius must miss");
            if (!h.hit) c.that(zero(h.contact) && h.feature == TriangleFeature::Face, "a miss must have zero contact");
            break;
        }
        case 26: {
            const Vec3 p0 = in.vec(), p1 = in.vec();
            const float rp = in.value();
            const Vec3 q0 = in.vec(), q1 = in.vec();
            const float rq = in.value();
            const Check c("sweep_sphere_sphere", in);
            const SweepHit h = sweep_sphere_sphere(p0, p1, rp, q0, q1, rq);
            sweep_miss_or_hit(c, h.hit, h.t, h.point, h.normal, p1);
            c.no_nan(h.contact, "contact");
            break;
        }
        case 27: {
            const Capsule cap = capsule(in);
            const Vec3 motion = in.vec();
            const Triangle t = triangle(in);
            const Check c("sweep_capsule_triangle", in);
            const SweepHit h = sweep_capsule_triangle(cap, motion, t);
            c.fraction(h.t);
            c.no_nan(h.point, "point");
            c.no_nan(h.contact, "contact");
            c.no_nan(h.normal, "normal");
            if (c.nonfinite_input || cap.radius < 0.0f)
                c.that(!h.hit, "non-finite input or a negative radius must miss");
            if (h.hit)
                c.unit(h.normal, "normal not unit on a hit");
            else
                c.that(h.t == 1.0f && zero(h.normal), "a miss must have t = 1 and a zero normal");
            break;
        }
        // ---- floors -----------------------------------------------------------------------------
        case 28: {
            const Triangle t = triangle(in);
            const float x = in.value(), z = in.value();
            const Check c("floor_height", in);
            const FloorHeight f = floor_height(t, x, z), g = floor_height_by_area(t, x, z);
            c.that(f.hit == g.hit, "floor_height and floor_height_by_area disagree on hit");
            for (const FloorHeight& h : {f, g}) {
                c.no_nan(h.height, "height");
                c.no_nan(h.normal, "normal");
                if (c.nonfinite_input) c.that(!h.hit, "non-finite input must miss");
                if (h.hit) {
                    c.unit(h.normal, "normal not unit");
                    c.that(h.normal.y >= 0.0f, "normal not up");
                    const float lo = minf(minf(t.a.y, t.b.y), t.c.y), hi = maxf(maxf(t.a.y, t.b.y), t.c.y);
                    c.that(h.height >= lo && h.height <= hi, "height outside the vertex heights");
                } else {
                    c.that(h.height == 0.0f && zero(h.normal), "a miss must have zero fields");
                }
            }
            break;
        }
        // ---- bounding volumes -------------------------------------------------------------------
        case 29: {
            Vec3 pts[12];
            const std::uint32_t n = in.below(13);
            for (std::uint32_t i = 0; i < n; ++i) pts[i] = in.vec();
            const Check c("aabb_from_points", in);
            const AABB b = aabb_from_points({pts, n});
            for (std::uint32_t i = 0; i < n; ++i)
                for (int axis = 0; axis < 3; ++axis) {
                    const float v = component(pts[i], axis);
                    if (!std::isnan(v))
                        c.that(component(b.min, axis) <= v && v <= component(b.max, axis), "a point outside the box");
                }
            if (n == 0) c.that(aabb_is_empty(b), "no points must give the empty box");
            break;
        }
        case 30: {
            const AABB a = aabb(in), b = aabb(in);
            const Check c("aabb_merge", in);
            const AABB m = aabb_merge(a, b);
            for (const AABB& x : {a, b})
                if (!aabb_is_empty(x))
                    c.that(m.min.x <= x.min.x && m.min.y <= x.min.y && m.min.z <= x.min.z && m.max.x >= x.max.x &&
                               m.max.y >= x.max.y && m.max.z >= x.max.z,
                           "merge does not hold a box");
            c.no_nan(aabb_surface_area(a), "aabb_surface_area");
            break;
        }
        case 31: {
            const AABB b = aabb(in);
            const Quat q = in.quat();
            const Check c("aabb_rotate", in);
            const AABB r = aabb_rotate(b, q);
            if (!aabb_is_empty(b)) {
                c.no_nan(r.min, "min");
                c.no_nan(r.max, "max");
            }
            break;
        }
        case 32: {
            const AABB b = aabb(in);
            Mat4 m;
            for (float& e : m.e) e = in.value();
            const Check c("aabb_transform", in);
            const AABB r = aabb_transform(b, m);
            if (!aabb_is_empty(b)) {
                c.no_nan(r.min, "min");
                c.no_nan(r.max, "max");
            }
            break;
        }
        case 33: {
            const Triangle t = triangle(in);
            const Sphere s = sphere(in);
            const Capsule cap = capsule(in);
            const OBB o = obb(in);
            const Vec3 e = in.vec();
            const Check c("aabb_of_*", in);
            const AABB bt = aabb_of_triangle(t);
            if (c.finite_input)
                for (const Vec3 v : {t.a, t.b, t.c}) c.that(holds(bt, v, 0.0f), "aabb_of_triangle misses a vertex");
            const AABB bs = aabb_of_sphere(s);
            if (c.finite_input) c.that(holds(bs, s.center, s.radius), "aabb_of_sphere does not hold the sphere");
            const AABB bc = aabb_of_capsule(cap);
            if (c.finite_input)
                c.that(holds(bc, cap.start, cap.radius) && holds(bc, cap.end, cap.radius),
                       "aabb_of_capsule does not hold it");
            const AABB bw = aabb_of_swept_sphere(cap.start, e, cap.radius);
            if (c.finite_input)
                c.that(holds(bw, cap.start, cap.radius) && holds(bw, e, cap.radius),
                       "aabb_of_swept_sphere does not hold it");
            const AABB bo = aabb_of_obb(o);
            if (c.finite_input) {
                c.no_nan(bo.min, "aabb_of_obb min");
                c.no_nan(bo.max, "aabb_of_obb max");
                c.that(holds(bo, o.center, 0.0f), "aabb_of_obb misses the centre");
            }
            break;
        }
        case 34: {
            const Triangle t = triangle(in);
            const Check c("triangle_bounding_sphere", in);
            const TriangleBoundingSphere b = triangle_bounding_sphere(t);
            if (c.finite_input) {
                c.no_nan(b.sphere.center, "center");
                c.no_nan(b.sphere.radius, "radius");
                for (const Vec3 v : {t.a, t.b, t.c}) {
                    c.that(within(b.sphere.center, b.sphere.radius, v), "a vertex outside (double)");
                    // In float too, while the float distance can be computed (its square below FLT_MAX).
                    if (length_sq(v - b.sphere.center) < FLT_MAX)
                        c.that(distance(b.sphere.center, v) <= b.sphere.radius, "a vertex outside (float)");
                }
            }
            // Every order and winding gives the same bits.
            const TriangleBoundingSphere r = triangle_bounding_sphere({t.c, t.a, t.b});
            const TriangleBoundingSphere w = triangle_bounding_sphere({t.a, t.c, t.b});
            c.that(same(r.sphere.center, b.sphere.center) && same(r.sphere.radius, b.sphere.radius) && r.kind == b.kind,
                   "vertex order changes the sphere");
            c.that(same(w.sphere.center, b.sphere.center) && same(w.sphere.radius, b.sphere.radius) && w.kind == b.kind,
                   "winding changes the sphere");
            const TriangleCircumsphere cs = triangle_circumsphere(t);
            if (c.finite_input) {
                c.no_nan(cs.sphere.center, "circumsphere center");
                c.no_nan(cs.sphere.radius, "circumsphere radius");
                if (cs.exists)
                    for (const Vec3 v : {t.a, t.b, t.c})
                        c.that(within(cs.sphere.center, cs.sphere.radius, v), "circumsphere misses a vertex");
            }
            break;
        }
        // ---- math -------------------------------------------------------------------------------
        case 35: {
            const float x = in.value(), y = in.value();
            const Check c("det_sin/cos/acos/atan2", in);
            const float s = det_sin(x), co = det_cos(x), a = det_acos(x), t = det_atan2(y, x);
            if (c.finite_input) {
                c.that(s >= -1.0f && s <= 1.0f, "det_sin outside [-1, 1]");
                c.that(co >= -1.0f && co <= 1.0f, "det_cos outside [-1, 1]");
                c.that(a >= 0.0f && a <= kPi, "det_acos outside [0, pi]");
                c.that(t >= -kPi && t <= kPi, "det_atan2 outside [-pi, pi]");
            }
            break;
        }
        case 36: {
            const Vec3 v = in.vec();
            const Quat q = in.quat();
            const float angle = in.value();
            const Check c("normalize_or/quat", in);
            const Vec3 n = normalize_or(v, Vec3{0, 0, 0});
            if (!zero(n)) c.unit(n, "normalize_or not unit");
            c.that(!nan(n), "normalize_or gave NaN");
            const Quat u = quat_normalize(q);
            c.that(!nan(Vec3{u.x, u.y, u.z}) && !std::isnan(u.w), "quat_normalize gave NaN");
            const Quat aa = quat_from_axis_angle(v, angle);
            if (c.finite_input)
                c.that(!nan(Vec3{aa.x, aa.y, aa.z}) && !std::isnan(aa.w), "quat_from_axis_angle gave NaN");
            if (!zero(v) && c.finite_input) c.unit(any_perpendicular(v), "any_perpendicular not unit");
            break;
        }
        case 37: {
            const Vec3 t = in.vec(), s = in.vec();
            const Quat q = quat_normalize(in.quat());
            const Check c("mat4_compose", in);
            const Mat4 m = mat4_compose(t, q, s);
            if (c.finite_input)
                for (const float e : m.e) c.no_nan(e, "element");
            break;
        }
        case 38: {
            const Vec3 v = in.vec(), n = normalize_or(in.vec(), Vec3{0, 1, 0});
            const Check c("reflect", in);
            c.no_nan(reflect(v, n), "result");
            break;
        }
        // ---- explain forms: the plain answer, bit for bit; no NaN in the numbers ------------------
        case 39: {
            const Segment s = segment(in);
            const Vec3 n = in.vec(), at = in.vec();
            const Sphere b = sphere(in);
            const Check c("explain_intersect_segment_plane/sphere", in);
            const Plane plane = plane_from_normal_point(n, at);
            const SegmentPlaneExplanation ep = explain_intersect_segment_plane(s, plane);
            c.that(same_hit(ep.result, intersect_segment_plane(s, plane)), "explain_intersect_segment_plane differs");
            for (const float v : {ep.start_distance, ep.end_distance, ep.approach, ep.line_t}) c.no_nan(v, "plane");
            const SegmentSphereExplanation es = explain_intersect_segment_sphere(s, b);
            c.that(same_hit(es.result, intersect_segment_sphere(s, b)), "explain_intersect_segment_sphere differs");
            for (const float v : {es.a, es.b, es.c, es.discriminant, es.line_distance, es.t_enter, es.t_exit})
                c.no_nan(v, "sphere");
            break;
        }
        case 40: {
            const Segment s = segment(in);
            const AABB b = aabb(in);
            const OBB o = obb(in);
            const Check c("explain_intersect_segment_aabb/obb", in);
            for (const SegmentBoxExplanation& e :
                 {explain_intersect_segment_aabb(s, b), explain_intersect_segment_obb(s, o)}) {
                for (const Slab& slab : e.slabs) {
                    c.no_nan(slab.entry, "entry");
                    c.no_nan(slab.exit, "exit");
                }
                c.no_nan(e.t_enter, "t_enter");
                c.no_nan(e.t_exit, "t_exit");
            }
            c.that(same_hit(explain_intersect_segment_aabb(s, b).result, intersect_segment_aabb(s, b)),
                   "explain_intersect_segment_aabb differs");
            c.that(same_hit(explain_intersect_segment_obb(s, o).result, intersect_segment_obb(s, o)),
                   "explain_intersect_segment_obb differs");
            break;
        }
        case 41: {
            const AABB a = aabb(in), b = aabb(in);
            const OBB p = obb(in), q = obb(in);
            const Check c("explain_aabb_aabb/push_out/obb_obb", in);
            const AabbAabbExplanation e = explain_aabb_aabb(a, b);
            c.that(same_contact(e.result, aabb_aabb(a, b)), "explain_aabb_aabb differs");
            c.that(same(explain_push_out_aabb_aabb(a, b).result, push_out_aabb_aabb(a, b)),
                   "explain_push_out_aabb_aabb differs");
            for (const float v : e.candidates) c.no_nan(v, "candidate");
            const ObbObbExplanation o = explain_obb_obb(p, q);
            c.that(same_contact(o.result, obb_obb(p, q)), "explain_obb_obb differs");
            for (const SatAxis& axis : o.axes) {
                c.no_nan(axis.axis, "axis");
                c.no_nan(axis.overlap, "overlap");
            }
            c.that(o.separating < 0 || o.least < 0, "an axis both separating and least");
            break;
        }
        case 42: {
            Vec2 verts[16];
            const std::uint32_t n = in.below(17);
            for (std::uint32_t i = 0; i < n; ++i) verts[i] = {in.value(), in.value()};
            const Vec2 p{in.value(), in.value()};
            const Check c("explain_convex_polygon_contains_point", in);
            const ConvexPolygon2D poly{std::span<const Vec2>(verts, n)};
            const PolygonContainmentExplanation e = explain_convex_polygon_contains_point(poly, p);
            c.that(e.result == convex_polygon_contains_point(poly, p), "explain_convex_polygon_contains_point differs");
            c.that(e.edge_signs.empty() || e.edge_signs.size() == n, "edge_signs size");
            break;
        }
        case 43: {
            const Vec3 p0 = in.vec(), p1 = in.vec(), q0 = in.vec(), q1 = in.vec();
            const float rp = in.value(), rq = in.value();
            const Check c("explain_sweep_sphere_sphere", in);
            const SweepSphereSphereExplanation e = explain_sweep_sphere_sphere(p0, p1, rp, q0, q1, rq);
            const SweepHit h = sweep_sphere_sphere(p0, p1, rp, q0, q1, rq);
            c.that(e.result.hit == h.hit && same(e.result.t, h.t) && same(e.result.point, h.point) &&
                       same(e.result.normal, h.normal) && same(e.result.contact, h.contact),
                   "explain_sweep_sphere_sphere differs");
            for (const float v : {e.a, e.b, e.c, e.discriminant, e.t_enter, e.t_exit}) c.no_nan(v, "quadratic");
            break;
        }
        case 44: {
            AABB boxes[12];
            const std::uint32_t n = in.below(13);
            for (std::uint32_t i = 0; i < n; ++i) boxes[i] = aabb(in);
            const Check c("explain_pairs_sweep_and_prune", in);
            const SweepAndPruneExplanation e = explain_pairs_sweep_and_prune({boxes, n});
            std::vector<BoxPair> sap;
            pairs_sweep_and_prune({boxes, n}, sap);
            c.that(e.result == sap, "explain_pairs_sweep_and_prune differs");
            c.that(e.x_overlaps.size() >= e.result.size(), "fewer tests than pairs");
            break;
        }
        default: {
            // The rest of the selector space: the families most likely to break, again.
            const Vec3 a = in.vec();
            const float r = in.value();
            const Triangle t = triangle(in);
            const Check k("triangle_sphere (2)", in);
            const Vec3 b = in.vec();
            const Check c("sweep_sphere_triangle (2)", in);
            const TriangleSweepHit h = sweep_sphere_triangle(r, a, b, t);
            sweep_miss_or_hit(c, h.hit, h.t, h.point, h.normal, b);
            contact(k, triangle_sphere(t, {a, r}));
            break;
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzInput in(data, size);
    g_input = &in;
    // Several queries per input: each reads its own arguments from where the last one stopped.
    for (int q = 0; q < 8 && !in.empty(); ++q) {
        in.reset_finite();
        run(in);
    }
    return 0;
}
