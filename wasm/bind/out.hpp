// shototsu (wasm) — how the bindings talk to the JS face: the export macro, the macros that
// spell scalar arguments, and the output area. Registration only: no geometry here.
//
// Every binding is a plain C export (SHOTOTSU_EXPORT) taking floats, called by the JS face
// as Module._name(...). Why not Embind value_objects: a value_object Vec3 costs 160–200 ns per
// argument to convert (../shared/TOOLCHAIN.md). Why not Embind functions with float arguments:
// their generated JS invoker sits between the caller and wasm, and V8 inlines it or not from run
// to run (closestPointOnTriangle measured 82 or 118 ns through Embind, a steady 74 ns raw;
// bench/js-single.mjs). Single queries must stay within 2x of three.js's plain-JS math.
// The World and the systems are plain exports too (world.cpp, systems.cpp): <Class>_new returns
// the object's address, which every <Class>_<method> takes first. Why not Embind's class handles:
// its runtime is 6.5 kB gzip of glue, and a trivial method call through its invoker measured
// ~9 ns against ~6 ns for a plain export.
//
// Each query writes its result struct, flattened, into g_out; the JS face reads it back through
// HEAPF32 right after the call, before anything else can run. The LAYOUTS below are the
// contract between put() here and the readers in js/layout.js — change both together.
#pragma once

#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>

#include "shototsu/broadphase.hpp"
#include "shototsu/shototsu.hpp"
#include "shototsu/world.hpp"

/// A function the JS face calls as Module._name: C linkage, kept by the linker.
#define SHOTOTSU_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE

// Three float arguments n_x, n_y, n_z, and the Vec3 they make.
#define VEC3_ARGS(n) float n##_x, float n##_y, float n##_z
#define VEC3(n) \
    ::shototsu::Vec3 { n##_x, n##_y, n##_z }
// A quaternion's four float arguments, and the Quat they make.
#define QUAT_ARGS(n) float n##_x, float n##_y, float n##_z, float n##_w
#define QUAT(n) \
    ::shototsu::Quat { n##_x, n##_y, n##_z, n##_w }
// An oriented box: centre, rotation, half extents.
#define OBB_ARGS(n) VEC3_ARGS(n##_c), QUAT_ARGS(n##_q), VEC3_ARGS(n##_h)
#define OBB(n) \
    ::shototsu::OBB { VEC3(n##_c), QUAT(n##_q), VEC3(n##_h) }

namespace shototsu::wasm {

/// Floats of the output area: the largest result (explainClosestPointOnTriangle) uses 32.
inline constexpr int kOutFloats = 64;
extern float g_out[kOutFloats];  // defined in closest.cpp

inline void put(int i, float v) { g_out[i] = v; }
inline void put(int i, bool v) { g_out[i] = v ? 1.0f : 0.0f; }
inline void put(int i, Vec3 v) {
    g_out[i] = v.x;
    g_out[i + 1] = v.y;
    g_out[i + 2] = v.z;
}
/// An unsigned integer, stored as its bits (read back through HEAPU32): triangle and mesh
/// indices go beyond float32's 2^24 exact integers.
inline void put_u32(int i, std::uint32_t v) { std::memcpy(&g_out[i], &v, sizeof v); }
/// A small enum, stored as a float (read back with `| 0`).
template <class E>
inline void put_enum(int i, E e) {
    g_out[i] = static_cast<float>(static_cast<int>(e));
}

// LAYOUTS (float slots of g_out)
// Contact          hit, point xyz, normal xyz, depth                                   (8)
// CastHit          hit, t, point xyz, normal xyz                                        (8)
// TriangleCastHit  CastHit, barycentric uvw                                             (11)
// SweepHit         hit, t, point xyz, contact xyz, normal xyz                           (11)
// TriangleSweepHit SweepHit, feature                                                    (12)
// AABB             min xyz, max xyz                                                     (6)
inline void put(const Contact& c) {
    put(0, c.hit);
    put(1, c.point);
    put(4, c.normal);
    put(7, c.depth);
}
inline void put(const CastHit& c) {
    put(0, c.hit);
    put(1, c.t);
    put(2, c.point);
    put(5, c.normal);
}
inline void put(const TriangleCastHit& c) {
    put(0, c.hit);
    put(1, c.t);
    put(2, c.point);
    put(5, c.normal);
    put(8, c.barycentric);
}
inline void put(const SweepHit& s) {
    put(0, s.hit);
    put(1, s.t);
    put(2, s.point);
    put(5, s.contact);
    put(8, s.normal);
}
inline void put(const TriangleSweepHit& s) {
    put(0, s.hit);
    put(1, s.t);
    put(2, s.point);
    put(5, s.contact);
    put(8, s.normal);
    put_enum(11, s.feature);
}
inline void put(const AABB& b) {
    put(0, b.min);
    put(3, b.max);
}

}  // namespace shototsu::wasm
