// shototsu — writes the golden results that the JS tests (tests/js/golden.test.js) compare with
// the WebAssembly build, bit for bit: for every function of the npm package, >= 10^4 seeded
// cases of float32 inputs and the native core's float32 outputs.
//
//   shototsu_golden <dir>     writes <dir>/<function>.bin, <dir>/world.bin, <dir>/manifest.json
//
// A <function>.bin is a sequence of records [n_in, in_1 .. in_n, n_out, out_1 .. out_n], every
// value a little-endian float32 (counts too; they are small integers). Inputs follow the
// function's signature in wasm/js/signatures.js (a vec3 is 3 floats, a quat 4, a radius 1, a
// mat4 16; a polygon or a Float32Array argument is its length followed by its floats). Outputs
// are the JS result flattened in the order of its keys: booleans 1/0, null NaN, enum strings
// their index in TRIANGLE_REGIONS / SWEEP_PLANE_CASES / BOUNDING_SPHERE_KINDS, arrays their
// length then their elements; a miss's mesh/triangle -1. The signatures are repeated here and
// written to the manifest; the JS test checks they equal the package's.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "meshes.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/shototsu.hpp"
#include "shototsu/world.hpp"
#include "test_support.hpp"

using namespace shototsu;
using test::Rng;

namespace {

constexpr int kCases = 10000;
const float kNaN = std::numeric_limits<float>::quiet_NaN();

// ---- inputs ------------------------------------------------------------------------------------
// One case's inputs share a centre and a scale, so that its shapes meet often: ~1/10 of cases
// sit ~1e4 from the origin; ~1/5 snap coordinates to a coarse grid (exact ties, touching boxes,
// repeated vertices); some vectors repeat the previous one (zero-length segments, degenerate
// triangles).
struct Gen {
    Rng& rng;
    Vec3 center{};
    float scale = 1.0f;
    bool snap = false;
    Vec3 last{};

    void new_case() {
        const int k = rng.below(10);
        scale = k < 6 ? 1.0f : (k < 9 ? 50.0f : 3.0f);
        center = k == 9 ? Vec3{1e4f, -3e3f, 2e4f} + rng.vec(-100, 100) : rng.vec(-scale, scale);
        snap = rng.below(5) == 0;
        last = center;
    }
    float snapped(float v) const { return snap ? std::round(v * 4.0f / scale) * scale / 4.0f : v; }
    Vec3 vec3() {
        if (rng.below(20) == 0) return last;  // a repeat
        const Vec3 v = center + rng.vec(-scale, scale);
        last = {snapped(v.x), snapped(v.y), snapped(v.z)};
        return last;
    }
    float coord() { return snapped(center.x + rng.uniform(-scale, scale)); }
    float radius() { return rng.below(15) == 0 ? 0.0f : snapped(rng.uniform(0, scale)); }
    Vec3 extent() {
        return {std::fabs(snapped(rng.uniform(0, scale))), std::fabs(snapped(rng.uniform(0, scale))),
                std::fabs(snapped(rng.uniform(0, scale)))};
    }
    Quat quat() {
        const int k = rng.below(8);
        if (k == 0) return {};
        const Quat q{rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
        return k == 1 ? q : quat_normalize(q);  // sometimes not unit: the OBB queries normalise
    }
    float max_distance() {
        return rng.below(6) == 0 ? std::numeric_limits<float>::infinity() : rng.uniform(0, 4 * scale);
    }
    float distance() { return rng.uniform(0, 4 * scale); }
};

// ---- records -------------------------------------------------------------------------------------
struct Record {
    std::vector<float> in, out;
    void i(float v) { in.push_back(v); }
    void i(Vec3 v) { in.insert(in.end(), {v.x, v.y, v.z}); }
    void i(Quat q) { in.insert(in.end(), {q.x, q.y, q.z, q.w}); }
    void o(float v) { out.push_back(v); }
    void o(bool v) { out.push_back(v ? 1.0f : 0.0f); }
    void o(int v) { out.push_back(static_cast<float>(v)); }
    void o(Vec3 v) { out.insert(out.end(), {v.x, v.y, v.z}); }
    void o_index(std::uint32_t v) { out.push_back(v == kNoIndex ? -1.0f : static_cast<float>(v)); }
    void o(const Contact& c) { o(c.hit), o(c.point), o(c.normal), o(c.depth); }
    void o(const CastHit& c) { o(c.hit), o(c.t), o(c.point), o(c.normal); }
    void o(const SweepHit& s) { o(s.hit), o(s.t), o(s.point), o(s.contact), o(s.normal); }
    void o(const AABB& b) { o(b.min), o(b.max); }
};

/// TriangleFeature as the index of its name in TRIANGLE_REGIONS (A B C AB BC CA face).
int feature_as_region(TriangleFeature f) {
    switch (f) {
        case TriangleFeature::Face: return 6;
        case TriangleFeature::EdgeAB: return 3;
        case TriangleFeature::EdgeBC: return 4;
        case TriangleFeature::EdgeCA: return 5;
        case TriangleFeature::VertexA: return 0;
        case TriangleFeature::VertexB: return 1;
        case TriangleFeature::VertexC: return 2;
    }
    return 6;
}
int region(TriangleRegion r) { return static_cast<int>(r); }

struct Query {
    std::string signature;
    std::function<void(Gen&, Record&)> run;
};

void write_floats(std::FILE* f, const std::vector<float>& v) {
    const float n = static_cast<float>(v.size());
    std::fwrite(&n, 4, 1, f);
    if (!v.empty()) std::fwrite(v.data(), 4, v.size(), f);
}

// A triangle for a case: mostly from the case's vectors, sometimes one of test_support's
// awkward kinds (collinear, repeated, needle, tiny, huge) placed at the case's centre.
Triangle triangle(Gen& g) {
    if (g.rng.below(6) == 0) {
        const Triangle t = test::make_triangle(g.rng, test::pick_kind(g.rng), g.scale);
        return {g.center + t.a, g.center + t.b, g.center + t.c};
    }
    return {g.vec3(), g.vec3(), g.vec3()};
}

std::map<std::string, Query> single_queries() {
    std::map<std::string, Query> q;
    // closest points
    q["closestPointOnTriangle"] = {"p:vec3 a:vec3 b:vec3 c:vec3", [](Gen& g, Record& r) {
                                       const Vec3 p = g.vec3();
                                       const Triangle t = triangle(g);
                                       r.i(p), r.i(t.a), r.i(t.b), r.i(t.c);
                                       const ClosestPointOnTriangle c = closest_point_on_triangle(p, t);
                                       r.o(c.point), r.o(region(c.region)), r.o(c.barycentric), r.o(c.degenerate);
                                   }};
    q["explainClosestPointOnTriangle"] = {"p:vec3 a:vec3 b:vec3 c:vec3", [](Gen& g, Record& r) {
                                              const Vec3 p = g.vec3();
                                              const Triangle t = triangle(g);
                                              r.i(p), r.i(t.a), r.i(t.b), r.i(t.c);
                                              const ClosestPointExplanation e = explain_closest_point_on_triangle(p, t);
                                              const ClosestPointOnTriangle& c = e.result;
                                              r.o(c.point), r.o(region(c.region)), r.o(c.barycentric),
                                                  r.o(c.degenerate);
                                              for (float v : {e.d1, e.d2, e.d3, e.d4, e.d5, e.d6, e.va, e.vb, e.vc})
                                                  r.o(v);
                                              r.o(e.test_count);
                                              for (int k = 0; k < e.test_count; ++k)
                                                  r.o(region(e.tests[k].region)), r.o(e.tests[k].passed);
                                          }};
    q["closestPointOnSegment"] = {"p:vec3 start:vec3 end:vec3", [](Gen& g, Record& r) {
                                      const Vec3 p = g.vec3(), s = g.vec3(), e = g.vec3();
                                      r.i(p), r.i(s), r.i(e);
                                      const ClosestPointOnSegment c = closest_point_on_segment(p, {s, e});
                                      r.o(c.point), r.o(c.t);
                                  }};
    q["distanceSqPointSegment"] = {"p:vec3 start:vec3 end:vec3", [](Gen& g, Record& r) {
                                       const Vec3 p = g.vec3(), s = g.vec3(), e = g.vec3();
                                       r.i(p), r.i(s), r.i(e);
                                       r.o(distance_sq_point_segment(p, {s, e}));
                                   }};
    q["closestPointsSegmentSegment"] = {
        "start1:vec3 end1:vec3 start2:vec3 end2:vec3", [](Gen& g, Record& r) {
            const Vec3 a = g.vec3(), b = g.vec3(), c = g.vec3(), d = g.vec3();
            r.i(a), r.i(b), r.i(c), r.i(d);
            const ClosestPointsSegmentSegment s = closest_points_segment_segment({a, b}, {c, d});
            r.o(s.point1), r.o(s.point2), r.o(s.t1), r.o(s.t2), r.o(s.distance_sq);
        }};
    q["closestPointOnAABB"] = {"p:vec3 min:vec3 max:vec3", [](Gen& g, Record& r) {
                                   const Vec3 p = g.vec3(), lo = g.vec3(), hi = lo + g.extent();
                                   r.i(p), r.i(lo), r.i(hi);
                                   r.o(closest_point_on_aabb(p, {lo, hi}));
                               }};
    q["distanceSqPointAABB"] = {"p:vec3 min:vec3 max:vec3", [](Gen& g, Record& r) {
                                    const Vec3 p = g.vec3(), lo = g.vec3(), hi = lo + g.extent();
                                    r.i(p), r.i(lo), r.i(hi);
                                    r.o(distance_sq_point_aabb(p, {lo, hi}));
                                }};
    q["closestPointOnOBB"] = {"p:vec3 center:vec3 rotation:quat halfExtents:extent", [](Gen& g, Record& r) {
                                  const Vec3 p = g.vec3(), c = g.vec3();
                                  const Quat rot = g.quat();
                                  const Vec3 h = g.extent();
                                  r.i(p), r.i(c), r.i(rot), r.i(h);
                                  r.o(closest_point_on_obb(p, {c, rot, h}));
                              }};
    q["closestPointOnPlane"] = {"p:vec3 planeNormal:vec3 planePoint:vec3", [](Gen& g, Record& r) {
                                    const Vec3 p = g.vec3(), n = g.rng.below(10) ? g.rng.vec(-1, 1) : Vec3{},
                                               pp = g.vec3();
                                    r.i(p), r.i(n), r.i(pp);
                                    r.o(closest_point_on_plane(p, plane_from_normal_point(n, pp)));
                                }};
    q["reflect"] = {"v:vec3 normal:vec3", [](Gen& g, Record& r) {
                        const Vec3 v = g.vec3(), n = normalize_or(g.rng.vec(-1, 1), {0, 1, 0});
                        r.i(v), r.i(n);
                        r.o(reflect(v, n));
                    }};
    // containment
    q["sphereContainsPoint"] = {"center:vec3 radius:radius p:vec3", [](Gen& g, Record& r) {
                                    const Vec3 c = g.vec3();
                                    const float rad = g.radius();
                                    const Vec3 p = g.vec3();
                                    r.i(c), r.i(rad), r.i(p);
                                    r.o(sphere_contains_point({c, rad}, p));
                                }};
    q["aabbContainsPoint"] = {"min:vec3 max:vec3 p:vec3", [](Gen& g, Record& r) {
                                  const Vec3 lo = g.vec3(), hi = lo + g.extent(), p = g.vec3();
                                  r.i(lo), r.i(hi), r.i(p);
                                  r.o(aabb_contains_point({lo, hi}, p));
                              }};
    q["capsuleContainsPoint"] = {"start:vec3 end:vec3 radius:radius p:vec3", [](Gen& g, Record& r) {
                                     const Vec3 a = g.vec3(), b = g.vec3();
                                     const float rad = g.radius();
                                     const Vec3 p = g.vec3();
                                     r.i(a), r.i(b), r.i(rad), r.i(p);
                                     r.o(capsule_contains_point({a, b, rad}, p));
                                 }};
    q["obbContainsPoint"] = {"center:vec3 rotation:quat halfExtents:extent p:vec3", [](Gen& g, Record& r) {
                                 const Vec3 c = g.vec3();
                                 const Quat rot = g.quat();
                                 const Vec3 h = g.extent(), p = g.vec3();
                                 r.i(c), r.i(rot), r.i(h), r.i(p);
                                 r.o(obb_contains_point({c, rot, h}, p));
                             }};
    q["convexPolygonContainsPoint"] = {
        "vertices:polygon p:vec2", [](Gen& g, Record& r) {
            // A convex polygon: points on a circle at increasing angles, either winding; sometimes
            // fewer than 3 vertices.
            const int n = g.rng.below(8);
            const float rad = g.scale * g.rng.uniform(0.1f, 1.0f);
            std::vector<Vec2> v;
            float angle = g.rng.uniform(0, 6.28f);
            const float dir = g.rng.below(2) ? 1.0f : -1.0f;
            for (int k = 0; k < n; ++k) {
                angle += dir * g.rng.uniform(0.2f, 6.28f / static_cast<float>(n + 1));
                v.push_back(
                    {g.snapped(g.center.x + rad * det_cos(angle)), g.snapped(g.center.z + rad * det_sin(angle))});
            }
            const Vec2 p{g.coord(), g.snapped(g.center.z + g.rng.uniform(-g.scale, g.scale))};
            r.i(static_cast<float>(2 * n));
            for (const Vec2& w : v) r.i(w.x), r.i(w.y);
            r.i(p.x), r.i(p.y);
            r.o(convex_polygon_contains_point({v}, p));
        }};
    // contacts
    q["sphereSphere"] = {"centerA:vec3 radiusA:radius centerB:vec3 radiusB:radius", [](Gen& g, Record& r) {
                             const Vec3 a = g.vec3();
                             const float ra = g.radius();
                             const Vec3 b = g.vec3();
                             const float rb = g.radius();
                             r.i(a), r.i(ra), r.i(b), r.i(rb);
                             r.o(sphere_sphere({a, ra}, {b, rb}));
                         }};
    q["aabbAABB"] = {"minA:vec3 maxA:vec3 minB:vec3 maxB:vec3", [](Gen& g, Record& r) {
                         const Vec3 a = g.vec3(), ah = a + g.extent(), b = g.vec3(), bh = b + g.extent();
                         r.i(a), r.i(ah), r.i(b), r.i(bh);
                         r.o(aabb_aabb({a, ah}, {b, bh}));
                     }};
    q["aabbSphere"] = {"min:vec3 max:vec3 center:vec3 radius:radius", [](Gen& g, Record& r) {
                           const Vec3 lo = g.vec3(), hi = lo + g.extent(), c = g.vec3();
                           const float rad = g.radius();
                           r.i(lo), r.i(hi), r.i(c), r.i(rad);
                           r.o(aabb_sphere({lo, hi}, {c, rad}));
                       }};
    q["capsuleCapsule"] = {"startA:vec3 endA:vec3 radiusA:radius startB:vec3 endB:vec3 radiusB:radius",
                           [](Gen& g, Record& r) {
                               const Vec3 a = g.vec3(), b = g.vec3();
                               const float ra = g.radius();
                               const Vec3 c = g.vec3(), d = g.vec3();
                               const float rb = g.radius();
                               r.i(a), r.i(b), r.i(ra), r.i(c), r.i(d), r.i(rb);
                               r.o(capsule_capsule({a, b, ra}, {c, d, rb}));
                           }};
    q["capsuleSphere"] = {"start:vec3 end:vec3 radius:radius center:vec3 sphereRadius:radius", [](Gen& g, Record& r) {
                              const Vec3 a = g.vec3(), b = g.vec3();
                              const float ra = g.radius();
                              const Vec3 c = g.vec3();
                              const float rc = g.radius();
                              r.i(a), r.i(b), r.i(ra), r.i(c), r.i(rc);
                              r.o(capsule_sphere({a, b, ra}, {c, rc}));
                          }};
    q["obbOBB"] = {"centerA:vec3 rotationA:quat halfExtentsA:extent centerB:vec3 rotationB:quat halfExtentsB:extent",
                   [](Gen& g, Record& r) {
                       const Vec3 a = g.vec3();
                       const Quat qa = g.quat();
                       const Vec3 ha = g.extent(), b = g.vec3();
                       const Quat qb = g.rng.below(4) ? g.quat() : qa;  // parallel edges now and then
                       const Vec3 hb = g.extent();
                       r.i(a), r.i(qa), r.i(ha), r.i(b), r.i(qb), r.i(hb);
                       r.o(obb_obb({a, qa, ha}, {b, qb, hb}));
                   }};
    q["obbSphere"] = {"center:vec3 rotation:quat halfExtents:extent sphereCenter:vec3 radius:radius",
                      [](Gen& g, Record& r) {
                          const Vec3 c = g.vec3();
                          const Quat rot = g.quat();
                          const Vec3 h = g.extent(), s = g.vec3();
                          const float rad = g.radius();
                          r.i(c), r.i(rot), r.i(h), r.i(s), r.i(rad);
                          r.o(obb_sphere({c, rot, h}, {s, rad}));
                      }};
    q["triangleSphere"] = {"a:vec3 b:vec3 c:vec3 center:vec3 radius:radius", [](Gen& g, Record& r) {
                               const Triangle t = triangle(g);
                               const Vec3 c = g.vec3();
                               const float rad = g.radius();
                               r.i(t.a), r.i(t.b), r.i(t.c), r.i(c), r.i(rad);
                               r.o(triangle_sphere(t, {c, rad}));
                           }};
    q["triangleCapsule"] = {"a:vec3 b:vec3 c:vec3 start:vec3 end:vec3 radius:radius", [](Gen& g, Record& r) {
                                const Triangle t = triangle(g);
                                const Vec3 s = g.vec3(), e = g.vec3();
                                const float rad = g.radius();
                                r.i(t.a), r.i(t.b), r.i(t.c), r.i(s), r.i(e), r.i(rad);
                                r.o(triangle_capsule(t, {s, e, rad}));
                            }};
    q["pushOutAABBAABB"] = {"fixedMin:vec3 fixedMax:vec3 movingMin:vec3 movingMax:vec3", [](Gen& g, Record& r) {
                                const Vec3 a = g.vec3(), ah = a + g.extent(), b = g.vec3(), bh = b + g.extent();
                                r.i(a), r.i(ah), r.i(b), r.i(bh);
                                r.o(push_out_aabb_aabb({a, ah}, {b, bh}));
                            }};
    q["aabbOverlapsAABB"] = {"minA:vec3 maxA:vec3 minB:vec3 maxB:vec3", [](Gen& g, Record& r) {
                                 const Vec3 a = g.vec3(), ah = a + g.extent(), b = g.vec3(), bh = b + g.extent();
                                 r.i(a), r.i(ah), r.i(b), r.i(bh);
                                 r.o(aabb_overlaps_aabb({a, ah}, {b, bh}));
                             }};
    // segment casts
    q["intersectSegmentPlane"] = {"from:vec3 to:vec3 planeNormal:vec3 planePoint:vec3", [](Gen& g, Record& r) {
                                      const Vec3 s = g.vec3(), e = g.vec3(),
                                                 n = g.rng.below(10) ? g.rng.vec(-1, 1) : Vec3{}, p = g.vec3();
                                      r.i(s), r.i(e), r.i(n), r.i(p);
                                      r.o(intersect_segment_plane({s, e}, plane_from_normal_point(n, p)));
                                  }};
    q["intersectSegmentSphere"] = {"from:vec3 to:vec3 center:vec3 radius:radius", [](Gen& g, Record& r) {
                                       const Vec3 s = g.vec3(), e = g.vec3(), c = g.vec3();
                                       const float rad = g.radius();
                                       r.i(s), r.i(e), r.i(c), r.i(rad);
                                       r.o(intersect_segment_sphere({s, e}, {c, rad}));
                                   }};
    q["intersectSegmentAABB"] = {"from:vec3 to:vec3 min:vec3 max:vec3", [](Gen& g, Record& r) {
                                     const Vec3 s = g.vec3(), e = g.vec3(), lo = g.vec3(), hi = lo + g.extent();
                                     r.i(s), r.i(e), r.i(lo), r.i(hi);
                                     r.o(intersect_segment_aabb({s, e}, {lo, hi}));
                                 }};
    q["intersectSegmentOBB"] = {"from:vec3 to:vec3 center:vec3 rotation:quat halfExtents:extent",
                                [](Gen& g, Record& r) {
                                    const Vec3 s = g.vec3(), e = g.vec3(), c = g.vec3();
                                    const Quat rot = g.quat();
                                    const Vec3 h = g.extent();
                                    r.i(s), r.i(e), r.i(c), r.i(rot), r.i(h);
                                    r.o(intersect_segment_obb({s, e}, {c, rot, h}));
                                }};
    q["intersectSegmentTriangle"] = {"from:vec3 to:vec3 a:vec3 b:vec3 c:vec3", [](Gen& g, Record& r) {
                                         const Vec3 s = g.vec3(), e = g.vec3();
                                         const Triangle t = triangle(g);
                                         r.i(s), r.i(e), r.i(t.a), r.i(t.b), r.i(t.c);
                                         const TriangleCastHit h = intersect_segment_triangle({s, e}, t);
                                         r.o(h.hit), r.o(h.t), r.o(h.point), r.o(h.normal), r.o(h.barycentric);
                                     }};
    q["intersectSegmentCapsule"] = {"from:vec3 to:vec3 start:vec3 end:vec3 radius:radius", [](Gen& g, Record& r) {
                                        const Vec3 s = g.vec3(), e = g.vec3(), a = g.vec3(), b = g.vec3();
                                        const float rad = g.radius();
                                        r.i(s), r.i(e), r.i(a), r.i(b), r.i(rad);
                                        r.o(intersect_segment_capsule({s, e}, {a, b, rad}));
                                    }};
    q["intersectRayTriangle"] = {"origin:vec3 direction:vec3 a:vec3 b:vec3 c:vec3 maxDistance?:maxDistance",
                                 [](Gen& g, Record& r) {
                                     const Vec3 o = g.vec3(), d = g.rng.vec(-1, 1);
                                     const Triangle t = triangle(g);
                                     const float m = g.max_distance();
                                     r.i(o), r.i(d), r.i(t.a), r.i(t.b), r.i(t.c), r.i(m);
                                     const float s = intersect_ray_triangle(o, d, t, m);
                                     r.o(s < 0.0f ? kNaN : s);
                                 }};
    // sweeps and floors
    q["sweepSpherePlane"] = {"radius:radius from:vec3 to:vec3 planeNormal:vec3 planePoint:vec3", [](Gen& g, Record& r) {
                                 const float rad = g.radius();
                                 const Vec3 s = g.vec3(), e = g.rng.below(8) ? g.vec3() : s,
                                            n = g.rng.below(10) ? g.rng.vec(-1, 1) : Vec3{}, p = g.vec3();
                                 r.i(rad), r.i(s), r.i(e), r.i(n), r.i(p);
                                 const SweepPlaneHit h = sweep_sphere_plane(rad, s, e, n, p);
                                 r.o(h.hit), r.o(h.t), r.o(h.point), r.o(h.normal), r.o(static_cast<int>(h.kind));
                                 r.o(h.contact_time_valid ? h.contact_time : kNaN), r.o(h.start_distance);
                             }};
    q["sweepSphereTriangle"] = {"radius:radius from:vec3 to:vec3 a:vec3 b:vec3 c:vec3", [](Gen& g, Record& r) {
                                    const float rad = g.radius();
                                    const Vec3 s = g.vec3(), e = g.vec3();
                                    const Triangle t = triangle(g);
                                    r.i(rad), r.i(s), r.i(e), r.i(t.a), r.i(t.b), r.i(t.c);
                                    const TriangleSweepHit h = sweep_sphere_triangle(rad, s, e, t);
                                    r.o(h.hit), r.o(h.t), r.o(h.point), r.o(h.contact), r.o(h.normal),
                                        r.o(feature_as_region(h.feature));
                                }};
    q["sweepSphereSphere"] = {"p0:vec3 p1:vec3 rp:radius q0:vec3 q1:vec3 rq:radius", [](Gen& g, Record& r) {
                                  const Vec3 p0 = g.vec3(), p1 = g.vec3();
                                  const float rp = g.radius();
                                  const Vec3 q0 = g.vec3(), q1 = g.vec3();
                                  const float rq = g.radius();
                                  r.i(p0), r.i(p1), r.i(rp), r.i(q0), r.i(q1), r.i(rq);
                                  r.o(sweep_sphere_sphere(p0, p1, rp, q0, q1, rq));
                              }};
    q["sweepCapsuleTriangle"] = {"start:vec3 end:vec3 radius:radius motion:vec3 a:vec3 b:vec3 c:vec3",
                                 [](Gen& g, Record& r) {
                                     const Vec3 s = g.vec3(), e = g.vec3();
                                     const float rad = g.radius();
                                     const Vec3 m = g.rng.vec(-g.scale, g.scale);
                                     const Triangle t = triangle(g);
                                     r.i(s), r.i(e), r.i(rad), r.i(m), r.i(t.a), r.i(t.b), r.i(t.c);
                                     r.o(sweep_capsule_triangle({s, e, rad}, m, t));
                                 }};
    q["floorHeight"] = {"a:vec3 b:vec3 c:vec3 x:number z:number", [](Gen& g, Record& r) {
                            const Triangle t = triangle(g);
                            const float x = g.coord(), z = g.snapped(g.center.z + g.rng.uniform(-g.scale, g.scale));
                            r.i(t.a), r.i(t.b), r.i(t.c), r.i(x), r.i(z);
                            const FloorHeight f = floor_height(t, x, z);
                            r.o(f.hit ? f.height : kNaN);
                        }};
    q["floorHeightByArea"] = {"a:vec3 b:vec3 c:vec3 x:number z:number", [](Gen& g, Record& r) {
                                  const Triangle t = triangle(g);
                                  const float x = g.coord(),
                                              z = g.snapped(g.center.z + g.rng.uniform(-g.scale, g.scale));
                                  r.i(t.a), r.i(t.b), r.i(t.c), r.i(x), r.i(z);
                                  const FloorHeight f = floor_height_by_area(t, x, z);
                                  r.o(f.hit ? f.height : kNaN);
                              }};
    // bounding volumes
    q["triangleBoundingSphere"] = {"a:vec3 b:vec3 c:vec3", [](Gen& g, Record& r) {
                                       const Triangle t = triangle(g);
                                       r.i(t.a), r.i(t.b), r.i(t.c);
                                       const TriangleBoundingSphere s = triangle_bounding_sphere(t);
                                       r.o(s.sphere.center), r.o(s.sphere.radius), r.o(static_cast<int>(s.kind)),
                                           r.o(s.opposite_vertex);
                                   }};
    q["triangleCircumsphere"] = {"a:vec3 b:vec3 c:vec3", [](Gen& g, Record& r) {
                                     const Triangle t = triangle(g);
                                     r.i(t.a), r.i(t.b), r.i(t.c);
                                     const TriangleCircumsphere s = triangle_circumsphere(t);
                                     r.o(s.sphere.center), r.o(s.sphere.radius), r.o(s.exists);
                                 }};
    q["aabbOfTriangle"] = {"a:vec3 b:vec3 c:vec3", [](Gen& g, Record& r) {
                               const Triangle t = triangle(g);
                               r.i(t.a), r.i(t.b), r.i(t.c);
                               r.o(aabb_of_triangle(t));
                           }};
    q["aabbOfSphere"] = {"center:vec3 radius:radius", [](Gen& g, Record& r) {
                             const Vec3 c = g.vec3();
                             const float rad = g.radius();
                             r.i(c), r.i(rad);
                             r.o(aabb_of_sphere({c, rad}));
                         }};
    q["aabbOfCapsule"] = {"start:vec3 end:vec3 radius:radius", [](Gen& g, Record& r) {
                              const Vec3 a = g.vec3(), b = g.vec3();
                              const float rad = g.radius();
                              r.i(a), r.i(b), r.i(rad);
                              r.o(aabb_of_capsule({a, b, rad}));
                          }};
    q["aabbOfOBB"] = {"center:vec3 rotation:quat halfExtents:extent", [](Gen& g, Record& r) {
                          const Vec3 c = g.vec3();
                          const Quat rot = g.quat();
                          const Vec3 h = g.extent();
                          r.i(c), r.i(rot), r.i(h);
                          r.o(aabb_of_obb({c, rot, h}));
                      }};
    q["aabbOfSweptSphere"] = {"start:vec3 end:vec3 radius:radius", [](Gen& g, Record& r) {
                                  const Vec3 a = g.vec3(), b = g.vec3();
                                  const float rad = g.radius();
                                  r.i(a), r.i(b), r.i(rad);
                                  r.o(aabb_of_swept_sphere(a, b, rad));
                              }};
    q["aabbRotate"] = {"min:vec3 max:vec3 rotation:quat", [](Gen& g, Record& r) {
                           const Vec3 lo = g.vec3(), hi = lo + g.extent();
                           const Quat rot = g.quat();
                           r.i(lo), r.i(hi), r.i(rot);
                           r.o(aabb_rotate({lo, hi}, rot));
                       }};
    q["aabbTransform"] = {"min:vec3 max:vec3 matrix:mat4", [](Gen& g, Record& r) {
                              const Vec3 lo = g.vec3(), hi = lo + g.extent();
                              const Mat4 m = mat4_compose(g.vec3(), g.quat(), g.rng.vec(-2, 2));
                              r.i(lo), r.i(hi);
                              for (float e : m.e) r.i(e);
                              r.o(aabb_transform({lo, hi}, m));
                          }};
    q["aabbFromPoints"] = {"points:f32/3", [](Gen& g, Record& r) {
                               std::vector<Vec3> pts(static_cast<std::size_t>(g.rng.below(6)));
                               for (Vec3& p : pts) p = g.vec3();
                               r.i(static_cast<float>(3 * pts.size()));
                               for (const Vec3& p : pts) r.i(p);
                               r.o(aabb_from_points(pts));
                           }};
    // broadphase (its output: the pair count, then the pairs)
    const auto pairs = [](void (*method)(std::span<const AABB>, std::vector<BoxPair>&)) {
        return [method](Gen& g, Record& r) {
            std::vector<AABB> boxes(static_cast<std::size_t>(g.rng.below(12)));
            for (AABB& b : boxes) {
                b.min = g.vec3();
                b.max = b.min + g.extent();
            }
            r.i(static_cast<float>(6 * boxes.size()));
            for (const AABB& b : boxes) r.i(b.min), r.i(b.max);
            std::vector<BoxPair> out;
            method(boxes, out);
            r.o(static_cast<int>(2 * out.size()));
            for (const BoxPair& p : out) r.o(static_cast<int>(p.a)), r.o(static_cast<int>(p.b));
        };
    };
    q["pairsAll"] = {"boxes:f32/6", pairs(&pairs_all)};
    q["pairsSweepAndPrune"] = {"boxes:f32/6", pairs(&pairs_sweep_and_prune)};
    q["pairsTree"] = {"boxes:f32/6", pairs(&pairs_tree)};
    return q;
}

// ---- the world ---------------------------------------------------------------------------------
// Four meshes in one world (the world suites' test meshes): a terrain heightfield, a closed room, a soup
// of random triangles with degenerate ones (no indices), and a terrain ~1e4 from the origin.
std::vector<test::MeshData> world_meshes() {
    Rng rng(4);
    std::vector<test::MeshData> m;
    m.push_back(test::terrain(24, 24.0f));
    m.push_back(test::translated(test::closed_room(5.0f, 3), {40, 5, 0}));
    test::MeshData soup = test::soup(rng, 300, 8.0f);
    test::MeshData flat;  // the soup without indices: 9 floats per triangle
    for (std::size_t t = 0; t < soup.triangle_count(); ++t) {
        const Triangle tr = soup.triangle(t);
        for (Vec3 v : {tr.a, tr.b, tr.c}) flat.positions.insert(flat.positions.end(), {v.x, v.y, v.z});
    }
    m.push_back(test::translated(flat, {0, 0, 40}));
    m.push_back(test::translated(test::terrain(16, 16.0f), {1e4f, 20, -1e4f}));
    return m;
}

/// Points near one of the meshes (chosen at random), where the world's queries have answers.
struct WorldGen {
    Rng& rng;
    Vec3 center{};
    float scale = 1;
    void new_case() {
        static const Vec3 centers[4] = {{0, 1, 0}, {40, 5, 0}, {0, 0, 40}, {1e4f, 21, -1e4f}};
        static const float sizes[4] = {12, 5, 9, 8};
        const int k = rng.below(4);
        center = centers[k];
        scale = sizes[k];
    }
    Vec3 point() { return center + rng.vec(-scale, scale); }
    Vec3 direction() { return rng.below(20) ? rng.vec(-1, 1) : Vec3{0, -1, 0}; }
    float radius() { return rng.below(10) ? rng.uniform(0, 0.2f * scale) : 0.0f; }
    float distance() { return rng.uniform(0, 2 * scale); }
};

void o_hit(Record& r, const WorldHit& h) {
    r.o(h.hit), r.o(h.distance), r.o(h.point), r.o(h.position), r.o(h.normal), r.o_index(h.object),
        r.o_index(h.triangle);
}

std::map<std::string, std::pair<std::string, std::function<void(const World&, WorldGen&, Record&)>>> world_queries() {
    std::map<std::string, std::pair<std::string, std::function<void(const World&, WorldGen&, Record&)>>> q;
    q["World.raycast"] = {"origin:vec3 direction:vec3 maxDistance?:maxDistance filter?:filter",
                          [](const World& w, WorldGen& g, Record& r) {
                              const Vec3 o = g.point(), d = g.direction();
                              const float m = g.rng.below(5) ? g.distance() : std::numeric_limits<float>::infinity();
                              r.i(o), r.i(d), r.i(m);
                              o_hit(r, w.raycast(o, d, m));
                          }};
    q["World.raycastAny"] = {"origin:vec3 direction:vec3 maxDistance?:maxDistance filter?:filter",
                             [](const World& w, WorldGen& g, Record& r) {
                                 const Vec3 o = g.point(), d = g.direction();
                                 const float m = g.distance();
                                 r.i(o), r.i(d), r.i(m);
                                 r.o(w.raycast_any(o, d, m));
                             }};
    q["World.intersectSegment"] = {"from:vec3 to:vec3 filter?:filter", [](const World& w, WorldGen& g, Record& r) {
                                       const Vec3 a = g.point(), b = g.point();
                                       r.i(a), r.i(b);
                                       o_hit(r, w.intersect_segment(a, b));
                                   }};
    q["World.sphereCast"] = {"center:vec3 radius:radius direction:vec3 maxDistance:distance filter?:filter",
                             [](const World& w, WorldGen& g, Record& r) {
                                 const Vec3 c = g.point();
                                 const float rad = g.radius();
                                 const Vec3 d = g.direction();
                                 const float m = g.distance();
                                 r.i(c), r.i(rad), r.i(d), r.i(m);
                                 o_hit(r, w.sphere_cast(c, rad, d, m));
                             }};
    q["World.capsuleCast"] = {"a:vec3 b:vec3 radius:radius direction:vec3 maxDistance:distance filter?:filter",
                              [](const World& w, WorldGen& g, Record& r) {
                                  const Vec3 a = g.point(), b = a + g.rng.vec(-1, 1);
                                  const float rad = g.radius();
                                  const Vec3 d = g.direction();
                                  const float m = g.distance();
                                  r.i(a), r.i(b), r.i(rad), r.i(d), r.i(m);
                                  o_hit(r, w.capsule_cast(a, b, rad, d, m));
                              }};
    const auto contacts = [](Record& r, const std::vector<WorldContact>& cs) {
        r.o(static_cast<int>(cs.size()));
        for (const WorldContact& c : cs) {
            r.o_index(c.object), r.o_index(c.triangle), r.o(c.point), r.o(c.normal), r.o(c.depth);
            r.o(region(c.feature));
        }
    };
    q["World.overlapSphere"] = {"center:vec3 radius:radius filter?:filter",
                                [contacts](const World& w, WorldGen& g, Record& r) {
                                    const Vec3 c = g.point();
                                    const float rad = g.radius() * 2;
                                    r.i(c), r.i(rad);
                                    std::vector<WorldContact> cs;
                                    w.overlap_sphere(c, rad, cs);
                                    contacts(r, cs);
                                }};
    q["World.overlapCapsule"] = {"a:vec3 b:vec3 radius:radius filter?:filter",
                                 [contacts](const World& w, WorldGen& g, Record& r) {
                                     const Vec3 a = g.point(), b = a + g.rng.vec(-1, 1);
                                     const float rad = g.radius() * 2;
                                     r.i(a), r.i(b), r.i(rad);
                                     std::vector<WorldContact> cs;
                                     w.overlap_capsule(a, b, rad, cs);
                                     contacts(r, cs);
                                 }};
    q["World.closestPoint"] = {
        "point:vec3 maxDistance?:maxDistance filter?:filter", [](const World& w, WorldGen& g, Record& r) {
            const Vec3 p = g.point();
            const float m = g.rng.below(5) ? g.distance() : std::numeric_limits<float>::infinity();
            r.i(p), r.i(m);
            const WorldClosestPoint c = w.closest_point(p, m);
            r.o(c.hit), r.o(c.point), r.o(c.distance), r.o_index(c.object), r.o_index(c.triangle),
                r.o(region(c.feature));
        }};
    q["World.floor"] = {"x:number z:number fromY:number filter?:filter", [](const World& w, WorldGen& g, Record& r) {
                            const Vec3 p = g.point();
                            r.i(p.x), r.i(p.z), r.i(p.y);
                            const WorldFloor f = w.floor(p.x, p.z, p.y);
                            r.o(f.hit), r.o(f.height), r.o(f.normal), r.o_index(f.object), r.o_index(f.triangle);
                        }};
    q["World.floorHeight"] = {"x:number z:number fromY:number filter?:filter",
                              [](const World& w, WorldGen& g, Record& r) {
                                  const Vec3 p = g.point();
                                  r.i(p.x), r.i(p.z), r.i(p.y);
                                  const WorldFloor f = w.floor(p.x, p.z, p.y);
                                  r.o(f.hit ? f.height : kNaN);
                              }};
    return q;
}

bool write_file(const std::string& path, const std::function<void(std::FILE*)>& body) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
        std::fprintf(stderr, "golden: cannot write %s\n", path.c_str());
        return false;
    }
    body(f);
    return std::fclose(f) == 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: shototsu_golden <output directory>\n");
        return 2;
    }
    const std::string dir = argv[1];
    std::string manifest = "{\n";
    std::uint64_t seed = 1000;
    for (const auto& [name, query] : single_queries()) {
        Rng rng(++seed);
        Gen g{rng};
        const bool ok = write_file(dir + "/" + name + ".bin", [&](std::FILE* f) {
            for (int k = 0; k < kCases; ++k) {
                g.new_case();
                Record r;
                query.run(g, r);
                write_floats(f, r.in);
                write_floats(f, r.out);
            }
        });
        if (!ok) return 1;
        manifest += "  \"" + name + "\": { \"signature\": \"" + query.signature +
                    "\", \"cases\": " + std::to_string(kCases) + " },\n";
    }

    // The float32 batch (closestPointsOnTriangles with { exact: false }), whose answers depend on
    // the build's vector arithmetic: closestPointsOnTriangles.fast.bin holds records [12, p, a, b,
    // c, 3, q] answered by one native batch call, for batch.test.js to repeat in wasm. It is not
    // in the manifest: that lists the package's functions, and this is an option of one.
    {
        Rng rng(++seed);
        Gen g{rng};
        std::vector<float> points, triangles;
        for (int k = 0; k < 4 * kCases + 3; ++k) {
            g.new_case();
            Vec3 p = g.vec3();
            Triangle t = triangle(g);
            if (k % 4 == 1) p = test::pick_target(rng, t);  // on a vertex, an edge or the face
            if (k % 8 == 3) {                               // S3's random triangles and points in [-1, 1]^3
                t = {rng.vec(-1, 1), rng.vec(-1, 1), rng.vec(-1, 1)};
                p = rng.vec(-1, 1);
            }
            points.insert(points.end(), {p.x, p.y, p.z});
            triangles.insert(triangles.end(), {t.a.x, t.a.y, t.a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z});
        }
        const std::size_t n = points.size() / 3;
        std::vector<float> out(3 * n);
        closest_points_on_triangles_fast(points.data(), 3, triangles.data(), 9, n, out.data());
        const bool ok = write_file(dir + "/closestPointsOnTriangles.fast.bin", [&](std::FILE* f) {
            for (std::size_t i = 0; i < n; ++i) {
                std::vector<float> in(points.begin() + 3 * i, points.begin() + 3 * i + 3);
                in.insert(in.end(), triangles.begin() + 9 * i, triangles.begin() + 9 * i + 9);
                write_floats(f, in);
                write_floats(f, std::vector<float>(out.begin() + 3 * i, out.begin() + 3 * i + 3));
            }
        });
        if (!ok) return 1;
    }

    // The world: its meshes (positions, then indices, each as a count and values) and queries.
    const std::vector<test::MeshData> meshes = world_meshes();
    World world;
    const bool meshes_ok = write_file(dir + "/world.bin", [&](std::FILE* f) {
        const std::uint32_t count = static_cast<std::uint32_t>(meshes.size());
        std::fwrite(&count, 4, 1, f);
        for (const test::MeshData& m : meshes) {
            world.add_mesh(m.positions, m.indices);
            const std::uint32_t np = static_cast<std::uint32_t>(m.positions.size()),
                                ni = static_cast<std::uint32_t>(m.indices.size());
            std::fwrite(&np, 4, 1, f);
            std::fwrite(m.positions.data(), 4, np, f);
            std::fwrite(&ni, 4, 1, f);
            if (ni) std::fwrite(m.indices.data(), 4, ni, f);
        }
    });
    if (!meshes_ok) return 1;
    for (const auto& [name, query] : world_queries()) {
        Rng rng(++seed);
        WorldGen g{rng};
        const bool ok = write_file(dir + "/" + name + ".bin", [&](std::FILE* f) {
            for (int k = 0; k < kCases; ++k) {
                g.new_case();
                Record r;
                query.second(world, g, r);
                write_floats(f, r.in);
                write_floats(f, r.out);
            }
        });
        if (!ok) return 1;
        manifest += "  \"" + name + "\": { \"signature\": \"" + query.first +
                    "\", \"cases\": " + std::to_string(kCases) + " },\n";
    }
    manifest.erase(manifest.size() - 2);  // the last ",\n"
    manifest += "\n}\n";
    return write_file(dir + "/manifest.json", [&](std::FILE* f) { std::fputs(manifest.c_str(), f); }) ? 0 : 1;
}
