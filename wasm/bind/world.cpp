// shototsu (wasm) — the mesh world (world.hpp) as an Embind class handle. Registration only:
// each method unpacks scalars, calls one World query, and writes the result into the output
// area (or, for lists, a scratch array) that the JS face (js/world.js) reads right after.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "out.hpp"

namespace shototsu::wasm {
namespace {

// WorldHit: hit, distance, point xyz, position xyz, normal xyz, mesh (u32), triangle (u32) (13)
void put(const WorldHit& h) {
    wasm::put(0, h.hit);
    wasm::put(1, h.distance);
    wasm::put(2, h.point);
    wasm::put(5, h.position);
    wasm::put(8, h.normal);
    put_u32(11, h.object);
    put_u32(12, h.triangle);
}

std::string g_error;

/// The new mesh's index, or -1 with the reason in lastError(). positions/indices point to
/// floats/uint32s in wasm memory (indices may be 0 with count 0).
int addMesh(World& w, std::uintptr_t positions, std::uint32_t position_count, std::uintptr_t indices,
            std::uint32_t index_count) {
    const AddResult r = w.add_mesh({reinterpret_cast<const float*>(positions), position_count},
                                   {reinterpret_cast<const std::uint32_t*>(indices), index_count});
    g_error = r.error ? r.error : "";
    return r.ok ? static_cast<int>(r.object) : -1;
}
std::string lastError() { return g_error; }

void raycast(const World& w, VEC3_ARGS(o), VEC3_ARGS(d), float max_distance) {
    put(w.raycast(VEC3(o), VEC3(d), max_distance));
}
bool raycastAny(const World& w, VEC3_ARGS(o), VEC3_ARGS(d), float max_distance) {
    return w.raycast_any(VEC3(o), VEC3(d), max_distance);
}
void intersectSegment(const World& w, VEC3_ARGS(s), VEC3_ARGS(e)) { put(w.intersect_segment(VEC3(s), VEC3(e))); }
void sphereCast(const World& w, VEC3_ARGS(c), float r, VEC3_ARGS(d), float max_distance) {
    put(w.sphere_cast(VEC3(c), r, VEC3(d), max_distance));
}
void capsuleCast(const World& w, VEC3_ARGS(a), VEC3_ARGS(b), float r, VEC3_ARGS(d), float max_distance) {
    put(w.capsule_cast(VEC3(a), VEC3(b), r, VEC3(d), max_distance));
}

// Overlap contacts, flattened 10 words each: mesh (u32), triangle (u32), point xyz, normal xyz,
// depth, feature. Valid until the next overlap call; the JS face reads them at once.
std::vector<WorldContact> g_contacts;
std::vector<float> g_flat;
std::uint32_t flatten_contacts() {
    g_flat.resize(g_contacts.size() * 10);
    float* o = g_flat.data();
    for (const WorldContact& c : g_contacts) {
        std::memcpy(o, &c.object, 4);
        std::memcpy(o + 1, &c.triangle, 4);
        o[2] = c.point.x, o[3] = c.point.y, o[4] = c.point.z;
        o[5] = c.normal.x, o[6] = c.normal.y, o[7] = c.normal.z;
        o[8] = c.depth;
        o[9] = static_cast<float>(static_cast<int>(c.feature));
        o += 10;
    }
    return static_cast<std::uint32_t>(g_contacts.size());
}
std::uint32_t overlapSphere(const World& w, VEC3_ARGS(c), float r) {
    g_contacts.clear();
    w.overlap_sphere(VEC3(c), r, g_contacts);
    return flatten_contacts();
}
std::uint32_t overlapCapsule(const World& w, VEC3_ARGS(a), VEC3_ARGS(b), float r) {
    g_contacts.clear();
    w.overlap_capsule(VEC3(a), VEC3(b), r, g_contacts);
    return flatten_contacts();
}
std::uintptr_t contactsPointer() { return reinterpret_cast<std::uintptr_t>(g_flat.data()); }

// hit, point xyz, distance, mesh (u32), triangle (u32), feature (8)
void closestPoint(const World& w, VEC3_ARGS(p), float max_distance) {
    const WorldClosestPoint c = w.closest_point(VEC3(p), max_distance);
    wasm::put(0, c.hit);
    wasm::put(1, c.point);
    wasm::put(4, c.distance);
    put_u32(5, c.object);
    put_u32(6, c.triangle);
    put_enum(7, c.feature);
}
// hit, height, normal xyz, mesh (u32), triangle (u32) (7)
void floorAt(const World& w, float x, float z, float from_y) {
    const WorldFloor f = w.floor(x, z, from_y);
    wasm::put(0, f.hit);
    wasm::put(1, f.height);
    wasm::put(2, f.normal);
    put_u32(5, f.object);
    put_u32(6, f.triangle);
}
// a xyz, b xyz, c xyz (9)
void triangle(const World& w, std::uint32_t mesh, std::uint32_t index) {
    const Triangle t = w.triangle(mesh, index);
    wasm::put(0, t.a);
    wasm::put(3, t.b);
    wasm::put(6, t.c);
}
// meshes, triangles, nodes, memory bytes, max depth (u32), build ms (float) (6)
void stats(const World& w) {
    const WorldStats s = w.stats();
    put_u32(0, s.meshes);
    put_u32(1, s.triangles);
    put_u32(2, s.nodes);
    put_u32(3, static_cast<std::uint32_t>(s.memory_bytes));
    put_u32(4, static_cast<std::uint32_t>(s.max_depth));
    wasm::put(5, static_cast<float>(s.build_ms));
}

// ---- batches: rays/casts packed 6 floats each (origin or centre xyz, direction xyz) -------
// out per ray: hit, distance, point xyz, normal xyz (8); per sphere cast: hit, distance,
// point xyz, position xyz, normal xyz (11). ids (optional, 0 for none): mesh, triangle per cast.
void write_ids(std::uintptr_t ids, std::uint32_t i, const WorldHit& h) {
    if (!ids) return;
    std::uint32_t* d = reinterpret_cast<std::uint32_t*>(ids) + 2 * i;
    d[0] = h.object;
    d[1] = h.triangle;
}
void raycastBatch(const World& w, std::uintptr_t rays, std::uint32_t n, float max_distance, std::uintptr_t out,
                  std::uintptr_t ids) {
    const float* r = reinterpret_cast<const float*>(rays);
    float* o = reinterpret_cast<float*>(out);
    WorldHit hits[32];
    for (std::uint32_t first = 0; first < n; first += 32) {
        const std::uint32_t c = n - first < 32 ? n - first : 32;
        w.raycast_batch({r + 6 * static_cast<std::size_t>(first), 6 * static_cast<std::size_t>(c)}, max_distance,
                        {hits, c});
        for (std::uint32_t k = 0; k < c; ++k, o += 8) {
            const WorldHit& h = hits[k];
            o[0] = h.hit ? 1.0f : 0.0f;
            o[1] = h.distance;
            o[2] = h.point.x, o[3] = h.point.y, o[4] = h.point.z;
            o[5] = h.normal.x, o[6] = h.normal.y, o[7] = h.normal.z;
            write_ids(ids, first + k, h);
        }
    }
}
void sphereCastBatch(const World& w, std::uintptr_t casts, std::uint32_t n, float radius, float max_distance,
                     std::uintptr_t out, std::uintptr_t ids) {
    const float* r = reinterpret_cast<const float*>(casts);
    float* o = reinterpret_cast<float*>(out);
    for (std::uint32_t i = 0; i < n; ++i, r += 6, o += 11) {
        const WorldHit h = w.sphere_cast({r[0], r[1], r[2]}, radius, {r[3], r[4], r[5]}, max_distance);
        o[0] = h.hit ? 1.0f : 0.0f;
        o[1] = h.distance;
        o[2] = h.point.x, o[3] = h.point.y, o[4] = h.point.z;
        o[5] = h.position.x, o[6] = h.position.y, o[7] = h.position.z;
        o[8] = h.normal.x, o[9] = h.normal.y, o[10] = h.normal.z;
        write_ids(ids, i, h);
    }
}

}  // namespace

EMSCRIPTEN_BINDINGS(shototsu_world) {
    using emscripten::function;
    emscripten::class_<World>("World")
        .constructor<>()
        .function("addMesh", &addMesh)
        .function("raycast", &raycast)
        .function("raycastAny", &raycastAny)
        .function("intersectSegment", &intersectSegment)
        .function("sphereCast", &sphereCast)
        .function("capsuleCast", &capsuleCast)
        .function("overlapSphere", &overlapSphere)
        .function("overlapCapsule", &overlapCapsule)
        .function("closestPoint", &closestPoint)
        .function("floor", &floorAt)
        .function("triangle", &triangle)
        .function("stats", &stats)
        .function("raycastBatch", &raycastBatch)
        .function("sphereCastBatch", &sphereCastBatch);
    function("worldLastError", &lastError);
    function("worldContactsPointer", &contactsPointer);
}

}  // namespace shototsu::wasm
