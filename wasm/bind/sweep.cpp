// shototsu (wasm) — sweeps (sweep.hpp) and floors (floor.hpp). Registration only.

#include <cmath>
#include <limits>

#include "out.hpp"

namespace shototsu::wasm {

// hit, t, point xyz, normal xyz, kind, contact_time, contact_time_valid, start_distance (12)
SHOTOTSU_EXPORT void sweepSpherePlane(float r, VEC3_ARGS(s), VEC3_ARGS(e), VEC3_ARGS(n), VEC3_ARGS(q)) {
    const SweepPlaneHit h = sweep_sphere_plane(r, VEC3(s), VEC3(e), VEC3(n), VEC3(q));
    put(0, h.hit);
    put(1, h.t);
    put(2, h.point);
    put(5, h.normal);
    put_enum(8, h.kind);
    put(9, h.contact_time);
    put(10, h.contact_time_valid);
    put(11, h.start_distance);
}
SHOTOTSU_EXPORT void sweepSphereTriangle(float r, VEC3_ARGS(s), VEC3_ARGS(e), VEC3_ARGS(a), VEC3_ARGS(b),
                                         VEC3_ARGS(c)) {
    put(sweep_sphere_triangle(r, VEC3(s), VEC3(e), {VEC3(a), VEC3(b), VEC3(c)}));
}
SHOTOTSU_EXPORT void sweepSphereSphere(VEC3_ARGS(p0), VEC3_ARGS(p1), float rp, VEC3_ARGS(q0), VEC3_ARGS(q1), float rq) {
    put(sweep_sphere_sphere(VEC3(p0), VEC3(p1), rp, VEC3(q0), VEC3(q1), rq));
}
SHOTOTSU_EXPORT void sweepCapsuleTriangle(VEC3_ARGS(s), VEC3_ARGS(e), float r, VEC3_ARGS(m), VEC3_ARGS(a), VEC3_ARGS(b),
                                          VEC3_ARGS(c)) {
    put(sweep_capsule_triangle({VEC3(s), VEC3(e), r}, VEC3(m), {VEC3(a), VEC3(b), VEC3(c)}));
}

/// The height, or NaN on a miss (the JS face returns null; a hit's height is always finite).
SHOTOTSU_EXPORT float floorHeight(VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c), float x, float z) {
    const FloorHeight f = floor_height({VEC3(a), VEC3(b), VEC3(c)}, x, z);
    return f.hit ? f.height : std::numeric_limits<float>::quiet_NaN();
}
SHOTOTSU_EXPORT float floorHeightByArea(VEC3_ARGS(a), VEC3_ARGS(b), VEC3_ARGS(c), float x, float z) {
    const FloorHeight f = floor_height_by_area({VEC3(a), VEC3(b), VEC3(c)}, x, z);
    return f.hit ? f.height : std::numeric_limits<float>::quiet_NaN();
}

}  // namespace shototsu::wasm
