// shototsu (wasm) — closest points (closest_point.hpp). Registration only.

#include "out.hpp"

namespace shototsu::wasm {

alignas(16) float g_out[kOutFloats];

SHOTOTSU_EXPORT std::uintptr_t outPointer() { return reinterpret_cast<std::uintptr_t>(g_out); }

// point xyz, barycentric uvw, region, degenerate
namespace {
void put(const ClosestPointOnTriangle& r) {
    wasm::put(0, r.point);
    wasm::put(3, r.barycentric);
    put_enum(6, r.region);
    wasm::put(7, r.degenerate);
}
}  // namespace

SHOTOTSU_EXPORT void closestPointOnTriangle(VEC3_ARGS(p), VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c)) {
    put(closest_point_on_triangle(VEC3(p), {VEC3(a), VEC3(b), VEC3(c)}));
}

// closestPointOnTriangle's 8, then d1..d6, va vb vc (8..16), test count (17), then per test:
// region, passed (18..31)
SHOTOTSU_EXPORT void explainClosestPointOnTriangle(VEC3_ARGS(p), VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c)) {
    const ClosestPointExplanation e = explain_closest_point_on_triangle(VEC3(p), {VEC3(a), VEC3(b), VEC3(c)});
    put(e.result);
    const float values[9] = {e.d1, e.d2, e.d3, e.d4, e.d5, e.d6, e.va, e.vb, e.vc};
    for (int i = 0; i < 9; ++i) wasm::put(8 + i, values[i]);
    wasm::put(17, static_cast<float>(e.test_count));
    for (int i = 0; i < e.test_count; ++i) {
        put_enum(18 + 2 * i, e.tests[i].region);
        wasm::put(19 + 2 * i, e.tests[i].passed);
    }
}

// point xyz, t
SHOTOTSU_EXPORT void closestPointOnSegment(VEC3_ARGS(p), VEC3_ARGS(s), VEC3_ARGS(e)) {
    const ClosestPointOnSegment r = closest_point_on_segment(VEC3(p), {VEC3(s), VEC3(e)});
    wasm::put(0, r.point);
    wasm::put(3, r.t);
}

SHOTOTSU_EXPORT float distanceSqPointSegment(VEC3_ARGS(p), VEC3_ARGS(s), VEC3_ARGS(e)) {
    return distance_sq_point_segment(VEC3(p), {VEC3(s), VEC3(e)});
}

// point1 xyz, point2 xyz, t1, t2, distance_sq
SHOTOTSU_EXPORT void closestPointsSegmentSegment(VEC3_ARGS(s1), VEC3_ARGS(e1), VEC3_ARGS(s2), VEC3_ARGS(e2)) {
    const ClosestPointsSegmentSegment r = closest_points_segment_segment({VEC3(s1), VEC3(e1)}, {VEC3(s2), VEC3(e2)});
    wasm::put(0, r.point1);
    wasm::put(3, r.point2);
    wasm::put(6, r.t1);
    wasm::put(7, r.t2);
    wasm::put(8, r.distance_sq);
}

SHOTOTSU_EXPORT void closestPointOnAABB(VEC3_ARGS(p), VEC3_ARGS(lo), VEC3_ARGS(hi)) {
    wasm::put(0, closest_point_on_aabb(VEC3(p), {VEC3(lo), VEC3(hi)}));
}

SHOTOTSU_EXPORT float distanceSqPointAABB(VEC3_ARGS(p), VEC3_ARGS(lo), VEC3_ARGS(hi)) {
    return distance_sq_point_aabb(VEC3(p), {VEC3(lo), VEC3(hi)});
}

SHOTOTSU_EXPORT void closestPointOnOBB(VEC3_ARGS(p), OBB_ARGS(box)) {
    wasm::put(0, closest_point_on_obb(VEC3(p), OBB(box)));
}

SHOTOTSU_EXPORT void closestPointOnPlane(VEC3_ARGS(p), VEC3_ARGS(n), VEC3_ARGS(q)) {
    wasm::put(0, closest_point_on_plane(VEC3(p), plane_from_normal_point(VEC3(n), VEC3(q))));
}

SHOTOTSU_EXPORT void reflect(VEC3_ARGS(v), VEC3_ARGS(n)) { wasm::put(0, shototsu::reflect(VEC3(v), VEC3(n))); }

}  // namespace shototsu::wasm
