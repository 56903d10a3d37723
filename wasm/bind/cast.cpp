// shototsu (wasm) — segment casts (cast.hpp). Registration only.

#include "out.hpp"

namespace shototsu::wasm {

SHOTOTSU_EXPORT void intersectSegmentPlane(VEC3_ARGS(s), VEC3_ARGS(e), VEC3_ARGS(n), VEC3_ARGS(q)) {
    put(intersect_segment_plane({VEC3(s), VEC3(e)}, plane_from_normal_point(VEC3(n), VEC3(q))));
}
SHOTOTSU_EXPORT void intersectSegmentSphere(VEC3_ARGS(s), VEC3_ARGS(e), VEC3_ARGS(c), float r) {
    put(intersect_segment_sphere({VEC3(s), VEC3(e)}, {VEC3(c), r}));
}
SHOTOTSU_EXPORT void intersectSegmentAABB(VEC3_ARGS(s), VEC3_ARGS(e), VEC3_ARGS(lo), VEC3_ARGS(hi)) {
    put(intersect_segment_aabb({VEC3(s), VEC3(e)}, {VEC3(lo), VEC3(hi)}));
}
SHOTOTSU_EXPORT void intersectSegmentOBB(VEC3_ARGS(s), VEC3_ARGS(e), OBB_ARGS(box)) {
    put(intersect_segment_obb({VEC3(s), VEC3(e)}, OBB(box)));
}
SHOTOTSU_EXPORT void intersectSegmentTriangle(VEC3_ARGS(s), VEC3_ARGS(e), VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c)) {
    put(intersect_segment_triangle({VEC3(s), VEC3(e)}, {VEC3(a), VEC3(b), VEC3(c)}));
}
SHOTOTSU_EXPORT void intersectSegmentCapsule(VEC3_ARGS(s), VEC3_ARGS(e), VEC3_ARGS(cs), VEC3_ARGS(ce), float r) {
    put(intersect_segment_capsule({VEC3(s), VEC3(e)}, {VEC3(cs), VEC3(ce), r}));
}
/// s of the hit, or -1 on a miss (the JS face returns null).
SHOTOTSU_EXPORT float intersectRayTriangle(VEC3_ARGS(o), VEC3_ARGS(d), VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c),
                                           float max_s) {
    return intersect_ray_triangle(VEC3(o), VEC3(d), {VEC3(a), VEC3(b), VEC3(c)}, max_s);
}

}  // namespace shototsu::wasm
