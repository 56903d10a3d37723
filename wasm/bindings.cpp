// shototsu — Embind registration of the core for the npm package. Registration only: every
// function here unpacks scalar arguments, calls one core query, and writes its result into the
// output area that the JS face (js/index.js) reads. No geometry lives here.
//
// Why scalars and an output area rather than value_objects: a `value_object` Vec3 costs
// 160–200 ns per argument to convert, a scalar argument ~20 ns (../shared/TOOLCHAIN.md), and
// the package promises single queries within 2x of three.js's plain-JS math.
#include <emscripten/bind.h>

#include <cstdint>

#include "shototsu/shototsu.hpp"

using namespace shototsu;

namespace {

// The output area of single queries: results are written here and read back by the JS face
// through HEAPF32 right after the call. 64 floats hold every result struct we return.
alignas(16) float g_out[64];

std::uintptr_t out_pointer() { return reinterpret_cast<std::uintptr_t>(g_out); }

void put(int i, Vec3 v) {
    g_out[i] = v.x;
    g_out[i + 1] = v.y;
    g_out[i + 2] = v.z;
}

// ---- closest points -----------------------------------------------------------------------
// out: point(0..2) barycentric(3..5) region(6) degenerate(7)
void closestPointOnTriangle(float px, float py, float pz, float ax, float ay, float az, float bx, float by, float bz,
                            float cx, float cy, float cz) {
    const ClosestPointOnTriangle r = closest_point_on_triangle({px, py, pz}, {{ax, ay, az}, {bx, by, bz}, {cx, cy, cz}});
    put(0, r.point);
    put(3, r.barycentric);
    g_out[6] = static_cast<float>(r.region);
    g_out[7] = r.degenerate ? 1.0f : 0.0f;
}

// out: as closestPointOnTriangle, then d1..d6 (8..13), va vb vc (14..16), test_count (17),
// then per test: region, passed (18..31)
void explainClosestPointOnTriangle(float px, float py, float pz, float ax, float ay, float az, float bx, float by,
                                   float bz, float cx, float cy, float cz) {
    const ClosestPointExplanation e =
        explain_closest_point_on_triangle({px, py, pz}, {{ax, ay, az}, {bx, by, bz}, {cx, cy, cz}});
    put(0, e.result.point);
    put(3, e.result.barycentric);
    g_out[6] = static_cast<float>(e.result.region);
    g_out[7] = e.degenerate ? 1.0f : 0.0f;
    const float values[9] = {e.d1, e.d2, e.d3, e.d4, e.d5, e.d6, e.va, e.vb, e.vc};
    for (int i = 0; i < 9; ++i) g_out[8 + i] = values[i];
    g_out[17] = static_cast<float>(e.test_count);
    for (int i = 0; i < e.test_count; ++i) {
        g_out[18 + 2 * i] = static_cast<float>(e.tests[i].region);
        g_out[19 + 2 * i] = e.tests[i].passed ? 1.0f : 0.0f;
    }
}

}  // namespace

EMSCRIPTEN_BINDINGS(shototsu) {
    using emscripten::function;
    function("outPointer", &out_pointer);
    function("closestPointOnTriangle", &closestPointOnTriangle);
    function("explainClosestPointOnTriangle", &explainClosestPointOnTriangle);
}
