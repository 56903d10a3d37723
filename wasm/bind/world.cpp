// shototsu (wasm) — the world (world.hpp) as plain C exports: World_new gives the address of a
// C++ World, and each World_<method> takes it first (the JS face's World holds it, js/world.js).
// Registration only: each export unpacks scalars, calls one World method, and writes the result
// into the output area (or, for lists, a scratch array) that the JS face reads right after. A
// refused call leaves its reason in worldLastError, a static NUL-terminated string.
// Transforms arrive in the input area (worldInputPointer) as a matrix (form 1: 16 floats,
// column-major) or parts (form 2: position xyz, quaternion xyzw, scale xyz); the core decides
// whether they are rigid. Every query ends with the filter's layers and ignored object.
#include <vector>

#include "out.hpp"

namespace shototsu::wasm {

/// A new empty World (World_delete frees it). A failed allocation aborts, as any in the core.
SHOTOTSU_EXPORT World* World_new() { return new World(); }
SHOTOTSU_EXPORT void World_delete(World* w) { delete w; }

namespace {

// WorldHit: hit, distance, point xyz, position xyz, normal xyz, object (u32), triangle (u32) (13)
void put(const WorldHit& h) {
    wasm::put(0, h.hit);
    wasm::put(1, h.distance);
    wasm::put(2, h.point);
    wasm::put(5, h.position);
    wasm::put(8, h.normal);
    put_u32(11, h.object);
    put_u32(12, h.triangle);
}

// Why the last refused call was refused: a static string of the core, "" when it was not.
const char* g_error = "";
float g_in[16];

// The transform in the input area, by form (0: none, the identity); nullptr or why not.
const char* read_transform(std::uint32_t form, Transform& t) {
    t = Transform{};
    if (form == 1) {
        Mat4 m;
        std::memcpy(m.e, g_in, sizeof m.e);
        return transform_from_matrix(m, t);
    }
    if (form == 2)
        return transform_from_parts({g_in[0], g_in[1], g_in[2]}, {g_in[3], g_in[4], g_in[5], g_in[6]},
                                    {g_in[7], g_in[8], g_in[9]}, t);
    return nullptr;
}

// The id of a new object, or -1 with the reason in worldLastError().
int added(const AddResult& r) {
    g_error = r.error ? r.error : "";
    return r.ok ? static_cast<int>(r.object) : -1;
}
// 0, or 1 with the reason in worldLastError() (a bad argument), or 2 (a bad transform).
int done(const char* error, int code = 1) {
    g_error = error ? error : "";
    return error ? code : 0;
}

QueryFilter filter(std::uint32_t layers, std::uint32_t ignore) { return {layers, ignore}; }
#define FILTER_ARGS std::uint32_t f_layers, std::uint32_t f_ignore
#define FILTER filter(f_layers, f_ignore)
}  // namespace

/// positions/indices point to floats/uint32s in wasm memory (indices may be 0 with count 0).
SHOTOTSU_EXPORT int World_addMesh(World* w, std::uintptr_t positions, std::uint32_t position_count,
                                  std::uintptr_t indices, std::uint32_t index_count, std::uint32_t form,
                                  std::uint32_t layers) {
    ObjectOptions options;
    options.layers = layers;
    if (const char* e = read_transform(form, options.transform)) return added({false, kNoIndex, e});
    return added(w->add_mesh({reinterpret_cast<const float*>(positions), position_count},
                             {reinterpret_cast<const std::uint32_t*>(indices), index_count}, options));
}
SHOTOTSU_EXPORT int World_addInstance(World* w, std::uint32_t mesh, std::uint32_t form, std::uint32_t layers) {
    ObjectOptions options;
    options.layers = layers;
    if (const char* e = read_transform(form, options.transform)) return added({false, kNoIndex, e});
    return added(w->add_instance(mesh, options));
}
SHOTOTSU_EXPORT int World_addSphere(World* w, VEC3_ARGS(c), float r, std::uint32_t layers) {
    return added(w->add_sphere(VEC3(c), r, layers));
}
SHOTOTSU_EXPORT int World_addCapsule(World* w, VEC3_ARGS(a), VEC3_ARGS(b), float r, std::uint32_t layers) {
    return added(w->add_capsule(VEC3(a), VEC3(b), r, layers));
}
SHOTOTSU_EXPORT int World_addBox(World* w, VEC3_ARGS(c), QUAT_ARGS(q), VEC3_ARGS(h), std::uint32_t layers) {
    return added(w->add_box(VEC3(c), QUAT(q), VEC3(h), layers));
}
SHOTOTSU_EXPORT int World_setTransform(World* w, std::uint32_t id, std::uint32_t form, bool teleport) {
    Transform t;
    if (const char* e = read_transform(form, t)) return done(e, 2);
    if (!w->is_live(id)) return done("is not a live object of this world");
    return done(teleport ? w->teleport(id, t) : w->set_transform(id, t), 2);
}
SHOTOTSU_EXPORT void World_update(World* w, float dt) { w->update(dt); }
SHOTOTSU_EXPORT int World_updateMesh(World* w, std::uint32_t id, std::uintptr_t positions, std::uint32_t count) {
    return done(w->update_mesh(id, {reinterpret_cast<const float*>(positions), count}));
}
SHOTOTSU_EXPORT int World_remove(World* w, std::uint32_t id) { return done(w->remove(id)); }
SHOTOTSU_EXPORT int World_setLayers(World* w, std::uint32_t id, std::uint32_t layers) {
    return done(w->set_layers(id, layers));
}
/// -1 for an id that is not live, else the ObjectKind.
SHOTOTSU_EXPORT int World_kind(const World* w, std::uint32_t id) {
    return w->is_live(id) ? static_cast<int>(w->kind(id)) : -1;
}
SHOTOTSU_EXPORT std::uint32_t World_layers(const World* w, std::uint32_t id) { return w->layers(id); }
SHOTOTSU_EXPORT std::uint32_t World_triangleCount(const World* w, std::uint32_t id) { return w->triangle_count(id); }
SHOTOTSU_EXPORT std::uint32_t World_objectCount(const World* w) {
    return static_cast<std::uint32_t>(w->object_count());
}
// position xyz, quaternion xyzw, scale, linear velocity xyz, angular velocity xyz (14)
SHOTOTSU_EXPORT void World_objectState(const World* w, std::uint32_t id) {
    const Transform t = w->transform(id);
    wasm::put(0, t.position);
    wasm::put(3, t.rotation.x), wasm::put(4, t.rotation.y), wasm::put(5, t.rotation.z), wasm::put(6, t.rotation.w);
    wasm::put(7, t.scale);
    wasm::put(8, w->linear_velocity(id));
    wasm::put(11, w->angular_velocity(id));
}
// velocity xyz (3)
SHOTOTSU_EXPORT void World_velocityAt(const World* w, std::uint32_t id, VEC3_ARGS(p)) {
    wasm::put(0, w->velocity_at(id, VEC3(p)));
}
// min xyz, max xyz (6)
SHOTOTSU_EXPORT void World_bounds(const World* w, std::uint32_t id) {
    const AABB b = w->bounds(id);
    wasm::put(0, b.min);
    wasm::put(3, b.max);
}
/// The reason of the last refused call (a NUL-terminated static string), read by the JS face.
SHOTOTSU_EXPORT std::uintptr_t worldLastError() { return reinterpret_cast<std::uintptr_t>(g_error); }
/// The input area: a transform for World_addMesh, World_addInstance and World_setTransform.
SHOTOTSU_EXPORT std::uintptr_t worldInputPointer() { return reinterpret_cast<std::uintptr_t>(g_in); }

SHOTOTSU_EXPORT void World_raycast(const World* w, VEC3_ARGS(o), VEC3_ARGS(d), float max_distance, FILTER_ARGS) {
    put(w->raycast(VEC3(o), VEC3(d), max_distance, FILTER));
}
SHOTOTSU_EXPORT bool World_raycastAny(const World* w, VEC3_ARGS(o), VEC3_ARGS(d), float max_distance, FILTER_ARGS) {
    return w->raycast_any(VEC3(o), VEC3(d), max_distance, FILTER);
}
SHOTOTSU_EXPORT void World_intersectSegment(const World* w, VEC3_ARGS(s), VEC3_ARGS(e), FILTER_ARGS) {
    put(w->intersect_segment(VEC3(s), VEC3(e), FILTER));
}
SHOTOTSU_EXPORT void World_sphereCast(const World* w, VEC3_ARGS(c), float r, VEC3_ARGS(d), float max_distance,
                                      FILTER_ARGS) {
    put(w->sphere_cast(VEC3(c), r, VEC3(d), max_distance, FILTER));
}
SHOTOTSU_EXPORT void World_capsuleCast(const World* w, VEC3_ARGS(a), VEC3_ARGS(b), float r, VEC3_ARGS(d),
                                       float max_distance, FILTER_ARGS) {
    put(w->capsule_cast(VEC3(a), VEC3(b), r, VEC3(d), max_distance, FILTER));
}
namespace {

// Overlap contacts, flattened 10 words each: object (u32), triangle (u32), point xyz, normal xyz,
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
}  // namespace

SHOTOTSU_EXPORT std::uint32_t World_overlapSphere(const World* w, VEC3_ARGS(c), float r, FILTER_ARGS) {
    g_contacts.clear();
    w->overlap_sphere(VEC3(c), r, g_contacts, FILTER);
    return flatten_contacts();
}
SHOTOTSU_EXPORT std::uint32_t World_overlapCapsule(const World* w, VEC3_ARGS(a), VEC3_ARGS(b), float r, FILTER_ARGS) {
    g_contacts.clear();
    w->overlap_capsule(VEC3(a), VEC3(b), r, g_contacts, FILTER);
    return flatten_contacts();
}
SHOTOTSU_EXPORT std::uintptr_t worldContactsPointer() { return reinterpret_cast<std::uintptr_t>(g_flat.data()); }

namespace {

// Every crossing of a ray, flattened 4 words each into the same scratch array as the contacts:
// distance, object (u32), triangle (u32), front (0/1).
std::vector<WorldRayCrossing> g_crossings;
void put_crossing(float* out, const WorldRayCrossing& c) {
    out[0] = c.distance;
    std::memcpy(out + 1, &c.object, 4);
    std::memcpy(out + 2, &c.triangle, 4);
    out[3] = c.front ? 1.0f : 0.0f;
}
}  // namespace

SHOTOTSU_EXPORT std::uint32_t World_raycastAll(const World* w, VEC3_ARGS(o), VEC3_ARGS(d), float max_distance,
                                               FILTER_ARGS) {
    g_crossings.clear();
    w->raycast_all(VEC3(o), VEC3(d), max_distance, g_crossings, FILTER);
    g_flat.resize(g_crossings.size() * 4);
    float* out = g_flat.data();
    for (const WorldRayCrossing& c : g_crossings) {
        put_crossing(out, c);
        out += 4;
    }
    return static_cast<std::uint32_t>(g_crossings.size());
}
namespace {

// For shototsu/three's picking, which reads the triangles a ray meets in the same pass: a ray's
// crossings (raycastAllTriangles) or its nearest hit (raycastTriangle, none or one), 13 words
// each into the same scratch array: distance, object (u32), triangle (u32), front (0/1), then
// the triangle's corners a, b, c as the world holds them. Where they start is kept at a fixed
// address (worldRayRecordsSlot), which the face reads from memory instead of asking each time.
std::uintptr_t g_ray_records = 0;
void put_crossing(float* out, const WorldRayCrossing& c, const Triangle& t) {
    put_crossing(out, c);
    out[4] = t.a.x, out[5] = t.a.y, out[6] = t.a.z;
    out[7] = t.b.x, out[8] = t.b.y, out[9] = t.b.z;
    out[10] = t.c.x, out[11] = t.c.y, out[12] = t.c.z;
}
std::uint32_t flatten_crossings(const World& w) {
    g_flat.resize(g_crossings.size() * 13);
    float* out = g_flat.data();
    for (const WorldRayCrossing& c : g_crossings) {
        put_crossing(out, c, w.triangle(c.object, c.triangle));
        out += 13;
    }
    g_ray_records = reinterpret_cast<std::uintptr_t>(g_flat.data());
    return static_cast<std::uint32_t>(g_crossings.size());
}
}  // namespace

SHOTOTSU_EXPORT std::uint32_t World_raycastAllTriangles(const World* w, VEC3_ARGS(o), VEC3_ARGS(d), float max_distance,
                                                        FILTER_ARGS) {
    g_crossings.clear();
    w->raycast_all(VEC3(o), VEC3(d), max_distance, g_crossings, FILTER);
    return flatten_crossings(*w);
}
SHOTOTSU_EXPORT std::uint32_t World_raycastTriangle(const World* w, VEC3_ARGS(o), VEC3_ARGS(d), float max_distance,
                                                    FILTER_ARGS) {
    const WorldHit h = w->raycast(VEC3(o), VEC3(d), max_distance, FILTER);
    if (!h.hit || h.triangle == kNoIndex) return 0;
    // The side met, as raycast_all tells it: the ray against the triangle's winding normal.
    const Triangle t = w->triangle(h.object, h.triangle);
    const bool front = dot(VEC3(d), cross(t.b - t.a, t.c - t.a)) < 0.0f;
    if (g_flat.size() < 13) g_flat.resize(13);
    put_crossing(g_flat.data(), {h.distance, h.object, h.triangle, front}, t);
    g_ray_records = reinterpret_cast<std::uintptr_t>(g_flat.data());
    return 1;
}
SHOTOTSU_EXPORT std::uintptr_t worldRayRecordsSlot() { return reinterpret_cast<std::uintptr_t>(&g_ray_records); }

// hit, point xyz, distance, object (u32), triangle (u32), feature (8)
SHOTOTSU_EXPORT void World_closestPoint(const World* w, VEC3_ARGS(p), float max_distance, FILTER_ARGS) {
    const WorldClosestPoint c = w->closest_point(VEC3(p), max_distance, FILTER);
    wasm::put(0, c.hit);
    wasm::put(1, c.point);
    wasm::put(4, c.distance);
    put_u32(5, c.object);
    put_u32(6, c.triangle);
    put_enum(7, c.feature);
}
// hit, height, normal xyz, object (u32), triangle (u32) (7)
SHOTOTSU_EXPORT void World_floor(const World* w, float x, float z, float from_y, FILTER_ARGS) {
    const WorldFloor f = w->floor(x, z, from_y, FILTER);
    wasm::put(0, f.hit);
    wasm::put(1, f.height);
    wasm::put(2, f.normal);
    put_u32(5, f.object);
    put_u32(6, f.triangle);
}
// a xyz, b xyz, c xyz (9)
SHOTOTSU_EXPORT void World_triangle(const World* w, std::uint32_t object, std::uint32_t index) {
    const Triangle t = w->triangle(object, index);
    wasm::put(0, t.a);
    wasm::put(3, t.b);
    wasm::put(6, t.c);
}
// ---- inspection: lists into the scratch array the contacts use (their own buffers are freed) --
// Triangles of a mesh or instance in world space, 9 floats each (a xyz, b xyz, c xyz).
SHOTOTSU_EXPORT std::uint32_t World_triangles(const World* w, std::uint32_t id) {
    std::vector<Triangle> tris;
    w->triangles(id, tris);
    g_flat.resize(tris.size() * 9);
    float* o = g_flat.data();
    for (const Triangle& t : tris) {
        o[0] = t.a.x, o[1] = t.a.y, o[2] = t.a.z, o[3] = t.b.x, o[4] = t.b.y, o[5] = t.b.z;
        o[6] = t.c.x, o[7] = t.c.y, o[8] = t.c.z;
        o += 9;
    }
    return static_cast<std::uint32_t>(tris.size());
}
namespace {
// Tree nodes, 8 floats each: min xyz, max xyz, depth, leaf (0/1).
std::uint32_t flatten_boxes(const std::vector<TreeBox>& boxes) {
    g_flat.resize(boxes.size() * 8);
    float* o = g_flat.data();
    for (const TreeBox& b : boxes) {
        o[0] = b.box.min.x, o[1] = b.box.min.y, o[2] = b.box.min.z;
        o[3] = b.box.max.x, o[4] = b.box.max.y, o[5] = b.box.max.z;
        o[6] = static_cast<float>(b.depth), o[7] = b.leaf ? 1.0f : 0.0f;
        o += 8;
    }
    return static_cast<std::uint32_t>(boxes.size());
}
}  // namespace

SHOTOTSU_EXPORT std::uint32_t World_treeBoxes(const World* w, std::uint32_t max_depth) {
    std::vector<TreeBox> boxes;
    w->tree_boxes(max_depth, boxes);
    return flatten_boxes(boxes);
}
SHOTOTSU_EXPORT std::uint32_t World_meshTreeBoxes(const World* w, std::uint32_t id, std::uint32_t max_depth) {
    std::vector<TreeBox> boxes;
    w->mesh_tree_boxes(id, max_depth, boxes);
    return flatten_boxes(boxes);
}
// The ids (u32) of the live objects changed after a revision (a double: exact below 2^53).
SHOTOTSU_EXPORT std::uint32_t World_changedSince(const World* w, double since) {
    std::vector<std::uint32_t> ids;
    w->changed_since(static_cast<std::uint64_t>(since), ids);
    g_flat.resize(ids.size());
    std::memcpy(g_flat.data(), ids.data(), ids.size() * 4);
    return static_cast<std::uint32_t>(ids.size());
}
SHOTOTSU_EXPORT double World_revision(const World* w) { return static_cast<double>(w->revision()); }
// A primitive in world space; false (nothing written) for other objects.
// sphere: centre xyz, radius (4)
SHOTOTSU_EXPORT bool World_sphere(const World* w, std::uint32_t id) {
    Sphere s;
    if (!w->sphere(id, s)) return false;
    wasm::put(0, s.center);
    wasm::put(3, s.radius);
    return true;
}
// capsule: start xyz, end xyz, radius (7)
SHOTOTSU_EXPORT bool World_capsule(const World* w, std::uint32_t id) {
    Capsule c;
    if (!w->capsule(id, c)) return false;
    wasm::put(0, c.start);
    wasm::put(3, c.end);
    wasm::put(6, c.radius);
    return true;
}
// box: centre xyz, rotation xyzw, half extents xyz (10)
SHOTOTSU_EXPORT bool World_box(const World* w, std::uint32_t id) {
    OBB b;
    if (!w->box(id, b)) return false;
    wasm::put(0, b.center);
    wasm::put(3, b.rotation.x), wasm::put(4, b.rotation.y), wasm::put(5, b.rotation.z), wasm::put(6, b.rotation.w);
    wasm::put(7, b.half_extents);
    return true;
}

// meshes, triangles, nodes, memory bytes, max depth (u32), build ms (float), objects, top nodes,
// top rebuilds, top refits, mesh rebuilds (u32) (11)
SHOTOTSU_EXPORT void World_stats(const World* w) {
    const WorldStats s = w->stats();
    put_u32(0, s.meshes);
    put_u32(1, s.triangles);
    put_u32(2, s.nodes);
    put_u32(3, static_cast<std::uint32_t>(s.memory_bytes));
    put_u32(4, static_cast<std::uint32_t>(s.max_depth));
    wasm::put(5, static_cast<float>(s.build_ms));
    put_u32(6, s.objects);
    put_u32(7, s.top_nodes);
    put_u32(8, s.top_rebuilds);
    put_u32(9, s.top_refits);
    put_u32(10, s.mesh_rebuilds);
}

// Many transforms at once: ids (u32) and 16 floats per matrix; stops at the first bad one and
// returns its index (the ones before it are set), or n.
SHOTOTSU_EXPORT std::uint32_t World_setTransforms(World* w, std::uintptr_t ids, std::uintptr_t matrices,
                                                  std::uint32_t n) {
    const std::uint32_t* id = reinterpret_cast<const std::uint32_t*>(ids);
    const float* m = reinterpret_cast<const float*>(matrices);
    for (std::uint32_t i = 0; i < n; ++i, m += 16) {
        Mat4 mat;
        std::memcpy(mat.e, m, sizeof mat.e);
        Transform t;
        const char* e = transform_from_matrix(mat, t);
        if (!e) e = w->set_transform(id[i], t);
        if (e) {
            g_error = e;
            return i;
        }
    }
    return n;
}
namespace {

// ---- batches: rays/casts packed 6 floats each (origin or centre xyz, direction xyz) -------
// out per ray: hit, distance, point xyz, normal xyz (8); per sphere cast: hit, distance,
// point xyz, position xyz, normal xyz (11). ids (optional, 0 for none): object, triangle per cast.
void write_ids(std::uintptr_t ids, std::uint32_t i, const WorldHit& h) {
    if (!ids) return;
    std::uint32_t* d = reinterpret_cast<std::uint32_t*>(ids) + 2 * i;
    d[0] = h.object;
    d[1] = h.triangle;
}
}  // namespace

SHOTOTSU_EXPORT void World_raycastBatch(const World* w, std::uintptr_t rays, std::uint32_t n, float max_distance,
                                        std::uintptr_t out, std::uintptr_t ids, FILTER_ARGS) {
    const float* r = reinterpret_cast<const float*>(rays);
    float* o = reinterpret_cast<float*>(out);
    WorldHit hits[32];
    for (std::uint32_t first = 0; first < n; first += 32) {
        const std::uint32_t c = n - first < 32 ? n - first : 32;
        w->raycast_batch({r + 6 * static_cast<std::size_t>(first), 6 * static_cast<std::size_t>(c)}, max_distance,
                         {hits, c}, FILTER);
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
SHOTOTSU_EXPORT void World_sphereCastBatch(const World* w, std::uintptr_t casts, std::uint32_t n, float radius,
                                           float max_distance, std::uintptr_t out, std::uintptr_t ids, FILTER_ARGS) {
    const float* r = reinterpret_cast<const float*>(casts);
    float* o = reinterpret_cast<float*>(out);
    for (std::uint32_t i = 0; i < n; ++i, r += 6, o += 11) {
        const WorldHit h = w->sphere_cast({r[0], r[1], r[2]}, radius, {r[3], r[4], r[5]}, max_distance, FILTER);
        o[0] = h.hit ? 1.0f : 0.0f;
        o[1] = h.distance;
        o[2] = h.point.x, o[3] = h.point.y, o[4] = h.point.z;
        o[5] = h.position.x, o[6] = h.position.y, o[7] = h.position.z;
        o[8] = h.normal.x, o[9] = h.normal.y, o[10] = h.normal.z;
        write_ids(ids, i, h);
    }
}

// The world's bytes (World::serialize): returns their address, their count in the output area's
// first slot (u32). The JS face copies them out, then frees them with worldBytesRelease.
namespace {
std::vector<std::uint8_t> g_bytes;
}  // namespace
SHOTOTSU_EXPORT std::uintptr_t World_serialize(const World* w) {
    g_bytes = w->serialize();
    put_u32(0, static_cast<std::uint32_t>(g_bytes.size()));
    return reinterpret_cast<std::uintptr_t>(g_bytes.data());
}
SHOTOTSU_EXPORT void worldBytesRelease() { std::vector<std::uint8_t>().swap(g_bytes); }
// Replaces w by the world of the bytes at `bytes` (World::deserialize): 0, or 1 with the reason
// in lastError() (w untouched).
SHOTOTSU_EXPORT int World_deserialize(World* w, std::uintptr_t bytes, std::uint32_t count) {
    return done(World::deserialize({reinterpret_cast<const std::uint8_t*>(bytes), count}, *w));
}

}  // namespace shototsu::wasm
