// shototsu (wasm) — containment and overlap tests with their contacts (overlap.hpp), and
// aabb_overlaps_aabb (bounding.hpp). Registration only.

#include <span>

#include "out.hpp"

namespace shototsu::wasm {

SHOTOTSU_EXPORT bool sphereContainsPoint(VEC3_ARGS(c), float r, VEC3_ARGS(p)) {
    return sphere_contains_point({VEC3(c), r}, VEC3(p));
}
SHOTOTSU_EXPORT bool aabbContainsPoint(VEC3_ARGS(lo), VEC3_ARGS(hi), VEC3_ARGS(p)) {
    return aabb_contains_point({VEC3(lo), VEC3(hi)}, VEC3(p));
}
SHOTOTSU_EXPORT bool capsuleContainsPoint(VEC3_ARGS(s), VEC3_ARGS(e), float r, VEC3_ARGS(p)) {
    return capsule_contains_point({VEC3(s), VEC3(e), r}, VEC3(p));
}
SHOTOTSU_EXPORT bool obbContainsPoint(OBB_ARGS(box), VEC3_ARGS(p)) { return obb_contains_point(OBB(box), VEC3(p)); }
/// `vertices`: a pointer to `count` Vec2 (x, y floats) that the JS face copied into wasm memory.
SHOTOTSU_EXPORT bool convexPolygonContainsPoint(std::uintptr_t vertices, std::uint32_t count, float px, float py) {
    const std::span<const Vec2> v(reinterpret_cast<const Vec2*>(vertices), count);
    return convex_polygon_contains_point({v}, {px, py});
}

SHOTOTSU_EXPORT void sphereSphere(VEC3_ARGS(ca), float ra, VEC3_ARGS(cb), float rb) {
    put(sphere_sphere({VEC3(ca), ra}, {VEC3(cb), rb}));
}
SHOTOTSU_EXPORT void aabbAABB(VEC3_ARGS(alo), VEC3_ARGS(ahi), VEC3_ARGS(blo), VEC3_ARGS(bhi)) {
    put(aabb_aabb({VEC3(alo), VEC3(ahi)}, {VEC3(blo), VEC3(bhi)}));
}
SHOTOTSU_EXPORT void aabbSphere(VEC3_ARGS(lo), VEC3_ARGS(hi), VEC3_ARGS(c), float r) {
    put(aabb_sphere({VEC3(lo), VEC3(hi)}, {VEC3(c), r}));
}
SHOTOTSU_EXPORT void capsuleCapsule(VEC3_ARGS(sa), VEC3_ARGS(ea), float ra, VEC3_ARGS(sb), VEC3_ARGS(eb), float rb) {
    put(capsule_capsule({VEC3(sa), VEC3(ea), ra}, {VEC3(sb), VEC3(eb), rb}));
}
SHOTOTSU_EXPORT void capsuleSphere(VEC3_ARGS(s), VEC3_ARGS(e), float r, VEC3_ARGS(c), float rc) {
    put(capsule_sphere({VEC3(s), VEC3(e), r}, {VEC3(c), rc}));
}
SHOTOTSU_EXPORT void obbOBB(OBB_ARGS(a), OBB_ARGS(b)) { put(obb_obb(OBB(a), OBB(b))); }
SHOTOTSU_EXPORT void obbSphere(OBB_ARGS(box), VEC3_ARGS(c), float r) { put(obb_sphere(OBB(box), {VEC3(c), r})); }
SHOTOTSU_EXPORT void triangleSphere(VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c), VEC3_ARGS(s), float r) {
    put(triangle_sphere({VEC3(a), VEC3(b), VEC3(c)}, {VEC3(s), r}));
}
SHOTOTSU_EXPORT void triangleCapsule(VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c), VEC3_ARGS(s), VEC3_ARGS(e), float r) {
    put(triangle_capsule({VEC3(a), VEC3(b), VEC3(c)}, {VEC3(s), VEC3(e), r}));
}
SHOTOTSU_EXPORT void pushOutAABBAABB(VEC3_ARGS(flo), VEC3_ARGS(fhi), VEC3_ARGS(mlo), VEC3_ARGS(mhi)) {
    put(0, push_out_aabb_aabb({VEC3(flo), VEC3(fhi)}, {VEC3(mlo), VEC3(mhi)}));
}
SHOTOTSU_EXPORT bool aabbOverlapsAABB(VEC3_ARGS(alo), VEC3_ARGS(ahi), VEC3_ARGS(blo), VEC3_ARGS(bhi)) {
    return aabb_overlaps_aabb({VEC3(alo), VEC3(ahi)}, {VEC3(blo), VEC3(bhi)});
}

}  // namespace shototsu::wasm
