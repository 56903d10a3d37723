// shototsu (wasm) — batch forms: one crossing into wasm for many queries over float arrays in
// wasm memory, and the broadphase. Registration only: each loop calls one core query per
// element (or the core's batch form) and writes its result with the single query's layout
// (out.hpp).
//
// Every input is a pointer to packed floats and a stride in floats; stride 0 repeats one
// element for the whole batch (one triangle against many points, one segment against many
// triangles). The JS face checks the lengths and strides before calling.

#include <vector>

#include "out.hpp"

namespace shototsu::wasm {

namespace {

const float* floats(std::uintptr_t p) { return reinterpret_cast<const float*>(p); }
float* floats_out(std::uintptr_t p) { return reinterpret_cast<float*>(p); }
Vec3 v3(const float* f) { return {f[0], f[1], f[2]}; }
Triangle tri(const float* f) { return {v3(f), v3(f + 3), v3(f + 6)}; }
Segment seg(const float* f) { return {v3(f), v3(f + 3)}; }
Sphere sphere(const float* f) { return {v3(f), f[3]}; }
AABB box(const float* f) { return {v3(f), v3(f + 3)}; }
void write(float* o, Vec3 v) {
    o[0] = v.x;
    o[1] = v.y;
    o[2] = v.z;
}
// The layouts of out.hpp: Contact and CastHit, 8 floats each.
void write(float* o, const Contact& c) {
    o[0] = c.hit ? 1.0f : 0.0f;
    write(o + 1, c.point);
    write(o + 4, c.normal);
    o[7] = c.depth;
}
template <class Hit>
void write_cast(float* o, const Hit& c) {
    o[0] = c.hit ? 1.0f : 0.0f;
    o[1] = c.t;
    write(o + 2, c.point);
    write(o + 5, c.normal);
}

}  // namespace

// out: 3 floats per element (the closest point)
SHOTOTSU_EXPORT void closestPointsOnTriangles(std::uintptr_t points, int point_stride, std::uintptr_t triangles,
                                              int tri_stride, std::uint32_t n, std::uintptr_t out) {
    closest_points_on_triangles(floats(points), point_stride, floats(triangles), tri_stride, n, floats_out(out));
}
// The same in float32 within the bound of closest_points_on_triangles_fast (the JS option
// { exact: false }).
SHOTOTSU_EXPORT void closestPointsOnTrianglesFast(std::uintptr_t points, int point_stride, std::uintptr_t triangles,
                                                  int tri_stride, std::uint32_t n, std::uintptr_t out) {
    closest_points_on_triangles_fast(floats(points), point_stride, floats(triangles), tri_stride, n, floats_out(out));
}

// out: 8 floats per element (Contact)
SHOTOTSU_EXPORT void trianglesSpheres(std::uintptr_t triangles, int tri_stride, std::uintptr_t spheres,
                                      int sphere_stride, std::uint32_t n, std::uintptr_t out) {
    const float *t = floats(triangles), *s = floats(spheres);
    float* o = floats_out(out);
    for (std::uint32_t i = 0; i < n; ++i, t += tri_stride, s += sphere_stride, o += 8)
        write(o, triangle_sphere(tri(t), sphere(s)));
}

// out: 8 floats per element (CastHit)
SHOTOTSU_EXPORT void intersectSegmentsTriangles(std::uintptr_t segments, int seg_stride, std::uintptr_t triangles,
                                                int tri_stride, std::uint32_t n, std::uintptr_t out) {
    const float *s = floats(segments), *t = floats(triangles);
    float* o = floats_out(out);
    for (std::uint32_t i = 0; i < n; ++i, s += seg_stride, t += tri_stride, o += 8)
        write_cast(o, intersect_segment_triangle(seg(s), tri(t)));
}
SHOTOTSU_EXPORT void intersectSegmentsSpheres(std::uintptr_t segments, int seg_stride, std::uintptr_t spheres,
                                              int sphere_stride, std::uint32_t n, std::uintptr_t out) {
    const float *s = floats(segments), *b = floats(spheres);
    float* o = floats_out(out);
    for (std::uint32_t i = 0; i < n; ++i, s += seg_stride, b += sphere_stride, o += 8)
        write_cast(o, intersect_segment_sphere(seg(s), sphere(b)));
}
SHOTOTSU_EXPORT void intersectSegmentsAABBs(std::uintptr_t segments, int seg_stride, std::uintptr_t boxes,
                                            int box_stride, std::uint32_t n, std::uintptr_t out) {
    const float *s = floats(segments), *b = floats(boxes);
    float* o = floats_out(out);
    for (std::uint32_t i = 0; i < n; ++i, s += seg_stride, b += box_stride, o += 8)
        write_cast(o, intersect_segment_aabb(seg(s), box(b)));
}

// ---- broadphase: the pairs stay here until the next call; the JS face copies them out ------
namespace {
std::vector<AABB> g_boxes;
std::vector<BoxPair> g_pairs;
}  // namespace

/// method: 0 all pairs, 1 sweep and prune, 2 tree. Returns the number of pairs; their
/// (a, b) indices are at pairsPointer(), two uint32 each.
SHOTOTSU_EXPORT std::uint32_t pairs(std::uintptr_t boxes, std::uint32_t n, int method) {
    g_boxes.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) g_boxes[i] = box(floats(boxes) + 6 * i);
    if (method == 0)
        pairs_all(g_boxes, g_pairs);
    else if (method == 1)
        pairs_sweep_and_prune(g_boxes, g_pairs);
    else
        pairs_tree(g_boxes, g_pairs);
    return static_cast<std::uint32_t>(g_pairs.size());
}
SHOTOTSU_EXPORT std::uintptr_t pairsPointer() { return reinterpret_cast<std::uintptr_t>(g_pairs.data()); }

}  // namespace shototsu::wasm
