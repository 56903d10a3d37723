// shototsu (wasm) — the names of the core's enums, indexed by value, which the results carry as
// numbers: js/layout.js reads them once, so no list is copied in JS. Registration only: every
// name is the core's own (region_name, ground_reason_name, …), each enum is listed up to its last
// enumerator.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "out.hpp"

namespace shototsu::wasm {
namespace {

using emscripten::val;

/// [name(0), name(1), …, name(last)] as a JS array of strings.
template <class E>
val names(const char* (*name)(E), E last) {
    val list = val::array();
    for (int i = 0; i <= static_cast<int>(last); ++i) list.call<void>("push", val(name(static_cast<E>(i))));
    return list;
}

/// { TriangleRegion: [...], GroundReason: [...], … }, keyed by the C++ enum's name.
val enum_names() {
    val all = val::object();
    all.set("TriangleRegion", names(&region_name, TriangleRegion::Face));
    all.set("TriangleFeature", names(&triangle_feature_name, TriangleFeature::VertexC));
    all.set("SweepPlaneCase", names(&sweep_plane_case_name, SweepPlaneCase::Invalid));
    all.set("BoundingSphereKind", names(&bounding_sphere_kind_name, BoundingSphereKind::Degenerate));
    all.set("GroundReason", names(&ground_reason_name, GroundReason::Rising));
    return all;
}

}  // namespace

EMSCRIPTEN_BINDINGS(shototsu_names) { emscripten::function("enumNames", &enum_names); }

}  // namespace shototsu::wasm
