// shototsu (wasm) — the names of the core's enums, indexed by value, which the results carry as
// numbers: js/layout.js reads them once, so no list is copied in JS. Registration only: every
// name is the core's own (region_name, ground_reason_name, …), each enum is listed up to its last
// enumerator.
#include <cstdint>

#include "out.hpp"

namespace shototsu::wasm {
namespace {

/// The address of name(i) (a static NUL-terminated string), or 0 past `last`.
template <class E>
std::uintptr_t name_of(const char* (*name)(E), E last, std::uint32_t i) {
    if (i > static_cast<std::uint32_t>(last)) return 0;
    return reinterpret_cast<std::uintptr_t>(name(static_cast<E>(i)));
}

}  // namespace

/// Name i of enum `e`, or 0 past its last enumerator or for an unknown `e`. The enums, by `e`:
/// 0 TriangleRegion, 1 TriangleFeature, 2 SweepPlaneCase, 3 BoundingSphereKind, 4 GroundReason
/// (js/layout.js's ENUMS lists them in this order).
SHOTOTSU_EXPORT std::uintptr_t enumName(std::uint32_t e, std::uint32_t i) {
    switch (e) {
        case 0: return name_of(&region_name, TriangleRegion::Face, i);
        case 1: return name_of(&triangle_feature_name, TriangleFeature::VertexC, i);
        case 2: return name_of(&sweep_plane_case_name, SweepPlaneCase::Invalid, i);
        case 3: return name_of(&bounding_sphere_kind_name, BoundingSphereKind::Degenerate, i);
        case 4: return name_of(&ground_reason_name, GroundReason::Rising, i);
        default: return 0;
    }
}

}  // namespace shototsu::wasm
