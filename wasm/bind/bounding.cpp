// shototsu (wasm) — bounding volumes (bounding.hpp). Registration only.

#include <span>

#include "out.hpp"

namespace shototsu::wasm {

// centre xyz, radius, kind, opposite vertex
SHOTOTSU_EXPORT void triangleBoundingSphere(VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c)) {
    const TriangleBoundingSphere s = triangle_bounding_sphere({VEC3(a), VEC3(b), VEC3(c)});
    put(0, s.sphere.center);
    put(3, s.sphere.radius);
    put_enum(4, s.kind);
    put(5, static_cast<float>(s.opposite_vertex));
}
// centre xyz, radius, exists
SHOTOTSU_EXPORT void triangleCircumsphere(VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c)) {
    const TriangleCircumsphere s = triangle_circumsphere({VEC3(a), VEC3(b), VEC3(c)});
    put(0, s.sphere.center);
    put(3, s.sphere.radius);
    put(4, s.exists);
}

SHOTOTSU_EXPORT void aabbOfTriangle(VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c)) {
    put(aabb_of_triangle({VEC3(a), VEC3(b), VEC3(c)}));
}
SHOTOTSU_EXPORT void aabbOfSphere(VEC3_ARGS(c), float r) { put(aabb_of_sphere({VEC3(c), r})); }
SHOTOTSU_EXPORT void aabbOfCapsule(VEC3_ARGS(s), VEC3_ARGS(e), float r) { put(aabb_of_capsule({VEC3(s), VEC3(e), r})); }
SHOTOTSU_EXPORT void aabbOfOBB(OBB_ARGS(box)) { put(aabb_of_obb(OBB(box))); }
SHOTOTSU_EXPORT void aabbOfSweptSphere(VEC3_ARGS(s), VEC3_ARGS(e), float r) {
    put(aabb_of_swept_sphere(VEC3(s), VEC3(e), r));
}
SHOTOTSU_EXPORT void aabbRotate(VEC3_ARGS(lo), VEC3_ARGS(hi), QUAT_ARGS(q)) {
    put(aabb_rotate({VEC3(lo), VEC3(hi)}, QUAT(q)));
}
/// The matrix as its 16 elements, column-major (three.js Matrix4.elements).
SHOTOTSU_EXPORT void aabbTransform(VEC3_ARGS(lo), VEC3_ARGS(hi), float e0, float e1, float e2, float e3, float e4,
                                   float e5, float e6, float e7, float e8, float e9, float e10, float e11, float e12,
                                   float e13, float e14, float e15) {
    const Mat4 m{{e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15}};
    put(aabb_transform({VEC3(lo), VEC3(hi)}, m));
}
/// `points`: `count` Vec3 (x, y, z floats) in wasm memory.
SHOTOTSU_EXPORT void aabbFromPoints(std::uintptr_t points, std::uint32_t count) {
    put(aabb_from_points(std::span<const Vec3>(reinterpret_cast<const Vec3*>(points), count)));
}

}  // namespace shototsu::wasm
