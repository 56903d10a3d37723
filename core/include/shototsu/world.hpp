// shototsu — the collision world: triangle meshes, instances of them and primitive colliders
// (spheres, capsules, oriented boxes), each an OBJECT with a stable id, a rigid pose with a
// uniform scale, and a 32-bit layer mask; and the queries that particles, characters and games
// ask of them. Every answer says which object (and, for meshes, which triangle) answered.
//
// Conventions (results.hpp) hold here too; in addition:
// * Directions need not be unit length: they are normalised, and distances are measured along
//   the unit direction in world units. A zero or non-finite direction is a miss.
// * `triangle` is the index of the triangle in the mesh as it was added (the i-th triple of
//   `indices`, or of `positions` when there are no indices); kNoIndex for primitives.
// * Triangles are two-sided. Triangles with a non-finite vertex are kept in the count but never
//   hit. Zero-area triangles are never hit by rays (a ray meets a segment only on a set of
//   measure zero); the shape queries see them as the segment or point they collapse to.
//   Primitives are solid: a query that starts inside one touches it at distance 0.
// * On a miss: hit = false, distance = max_distance, every other field zero.
// * POSES. A mesh keeps its triangles and hierarchy in its own space; queries are carried into
//   that space to cull, and each candidate triangle is placed in world space (triangle(id, k),
//   the same float arithmetic every time) before the per-triangle primitive decides it. Objects
//   whose pose is the identity skip both steps.
// * EXACT AS BRUTE FORCE. The hierarchies (a top level over the objects' world boxes, a tree per
//   mesh) only cull, with margins for the rounding of their boxes and of the transforms
//   (tol::kTraversalSlopRel, tol::kTransformSlopRel; for sweeps also the touching band of
//   sweep.hpp), so every answer equals the same primitive run over every object's world-space
//   triangles (or primitive), tested on 10^4 queries per query over moving scenes.
// * TIES. When objects answer equally (the same distance, time or height), the lowest object
//   id wins, then the lowest triangle index: the answer never depends on the trees' shapes.
// * MOTION. set_transform says where an object will be at the end of the next step; update(dt)
//   begins the step: objects move to where they were set and their velocities over the step are
//   fixed from the two poses. Queries answer at the current poses. teleport moves at once,
//   without velocity. One World is not safe to change and query from several threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "shototsu/bvh.hpp"
#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"

namespace shototsu {

inline constexpr std::uint32_t kNoIndex = 0xFFFFFFFFu;
/// The layout World::serialize writes; World::deserialize reads this one only.
inline constexpr std::uint32_t kSerializationVersion = 1;

namespace detail {
struct RaySetup;

/// A map from object id to slot: open addressing with linear probing in a power-of-two table at
/// most three quarters full, removal by shifting the entries after it back (no tombstones).
/// Smaller in wasm than std::unordered_map (no prime table, no node allocations).
class IdSlots {
public:
    /// The slot of `id`, kNoIndex when absent.
    std::uint32_t find(std::uint32_t id) const;
    /// Maps `id` (never kNoIndex) to `slot`, adding it or replacing its slot.
    void set(std::uint32_t id, std::uint32_t slot);
    /// Forgets `id` if present.
    void erase(std::uint32_t id);
    std::size_t size() const { return size_; }
    std::size_t memory_bytes() const { return entries_.size() * sizeof(Entry); }

private:
    struct Entry {
        std::uint32_t id, slot;  // id kNoIndex: empty
    };
    std::size_t home(std::uint32_t id) const;
    std::vector<Entry> entries_;
    std::size_t size_ = 0;
    unsigned shift_ = 32;
};
}  // namespace detail

/// A rigid placement with a uniform positive scale: world = position + rotation * (scale * local).
struct Transform {
    Vec3 position;
    Quat rotation;
    float scale = 1.0f;
};

/// Decomposes an affine 4x4 matrix (column-major, three.js Matrix4.elements) into a Transform.
/// Returns nullptr on success, or why it is not one: a non-finite entry, a projective last row,
/// a reflection, shear or a scale that differs between axes by more than tol::kRigidScaleRel,
/// a scale that is zero or not finite.
const char* transform_from_matrix(const Mat4& m, Transform& out);

/// A Transform from parts as three.js Object3D holds them: position, rotation (normalised when
/// it is not unit) and a scale whose three components must agree within tol::kRigidScaleRel and
/// be > 0. nullptr on success, or why not.
const char* transform_from_parts(Vec3 position, Quat rotation, Vec3 scale, Transform& out);

/// Which objects a query sees: those whose layers share a bit with `layers`, except `ignore`.
struct QueryFilter {
    std::uint32_t layers = 0xFFFFFFFFu;
    std::uint32_t ignore = kNoIndex;
};

enum class ObjectKind : std::uint8_t { Mesh, Instance, Sphere, Capsule, Box };

/// Where a new object starts and which layers it is on.
struct ObjectOptions {
    Transform transform;
    std::uint32_t layers = 1;
};

/// The first hit of a ray, segment, sphere or capsule cast.
struct WorldHit {
    bool hit = false;
    /// Distance travelled along the unit direction before the hit (0 when starting in contact).
    float distance = 0.0f;
    /// The touching point on the surface.
    Vec3 point;
    /// The cast shape's position at the hit: the ray/segment point, the sphere's centre, or the
    /// capsule's translated centre ((a + b) / 2 moved by distance).
    Vec3 position;
    /// Unit, from the surface toward the cast shape (for rays: the face normal facing the origin).
    Vec3 normal;
    std::uint32_t object = kNoIndex, triangle = kNoIndex;
};

/// One surface a ray crosses (raycast_all).
struct WorldRayCrossing {
    /// Distance along the unit direction to the crossing: the point is origin + unit(dir) * it.
    float distance = 0.0f;
    std::uint32_t object = kNoIndex, triangle = kNoIndex;
    /// The ray meets the triangle's front: dot(dir, (b - a) x (c - a)) < 0, the world-space
    /// triangle counter-clockwise as seen from the origin (three.js FrontSide). Always true for a
    /// primitive, which a ray enters.
    bool front = false;
};

/// One contact of an overlap query.
struct WorldContact {
    std::uint32_t object = kNoIndex, triangle = kNoIndex;
    /// The closest point of the triangle (or primitive) to the shape's centre (or axis).
    Vec3 point;
    /// Unit, from `point` toward the shape (see triangle_sphere / triangle_capsule).
    Vec3 normal;
    /// > 0: how far the shape must move along normal to stop touching this triangle.
    float depth = 0.0f;
    /// Which feature of the triangle is closest: a vertex, an edge, or the face (Face for
    /// primitives).
    TriangleRegion feature = TriangleRegion::Face;
};

struct WorldClosestPoint {
    bool hit = false;
    Vec3 point;
    float distance = 0.0f;
    std::uint32_t object = kNoIndex, triangle = kNoIndex;
    TriangleRegion feature = TriangleRegion::Face;
};

struct WorldFloor {
    bool hit = false;
    /// Height (y) of the highest surface at (x, z) at or below from_y.
    float height = 0.0f;
    /// That surface's unit normal, turned to point up (y >= 0).
    Vec3 normal;
    std::uint32_t object = kNoIndex, triangle = kNoIndex;
};

/// One node of a hierarchy as tree_boxes and mesh_tree_boxes report it.
struct TreeBox {
    AABB box;
    /// 1 for the root, and one more per level below it.
    std::uint32_t depth = 0;
    /// A leaf (it holds objects or triangles) rather than an inner node.
    bool leaf = false;
};

/// What the add_* methods report.
struct AddResult {
    bool ok = false;
    std::uint32_t object = kNoIndex;
    /// Why it failed (a static string), or nullptr.
    const char* error = nullptr;
};

struct WorldStats {
    /// `objects` counts live objects, `meshes` the triangle meshes they share (an instance adds
    /// none), `triangles` those meshes' triangles. `nodes` counts the meshes' binary hierarchy
    /// nodes (BvhNode, 32 bytes), `wide_nodes` those of their four-wide forms (BvhNode4, 128
    /// bytes), `top_nodes` the top level's.
    std::uint32_t objects = 0, meshes = 0, triangles = 0, nodes = 0, wide_nodes = 0, top_nodes = 0;
    /// Bytes held by triangles, hierarchies, index maps and objects.
    std::size_t memory_bytes = 0;
    /// Milliseconds spent building and refitting mesh hierarchies so far (a steady clock).
    double build_ms = 0.0;
    int max_depth = 0;
    /// Top-level rebuilds and refits so far; mesh rebuilds after a refit degraded the tree.
    std::uint32_t top_rebuilds = 0, top_refits = 0, mesh_rebuilds = 0;
};

class World {
public:
    World();
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    // ---- objects ----------------------------------------------------------------------------

    /// Adds a triangle mesh: `positions` holds 3 floats per vertex; `indices` 3 per triangle, or
    /// is empty for a non-indexed mesh (then positions holds 9 floats per triangle). Builds its
    /// hierarchy in its own space at once. Fails (adding nothing) when positions is not a
    /// multiple of 3 floats, a non-indexed mesh is not a multiple of 9, indices is not a multiple
    /// of 3, an index is out of range, or the options are bad (see set_transform).
    AddResult add_mesh(std::span<const float> positions, std::span<const std::uint32_t> indices = {},
                       const ObjectOptions& options = {});
    /// Another placement of a live mesh's (or instance's) triangles: it shares their hierarchy
    /// and costs a top-level entry. A mesh removed later lives on in its instances.
    AddResult add_instance(std::uint32_t mesh, const ObjectOptions& options = {});
    /// Primitive colliders. The object's position is the shape's centre (the capsule's midpoint),
    /// its rotation the box's; later transforms move and turn the shape about that centre. A
    /// radius or half extent must be finite and >= 0; the points finite.
    AddResult add_sphere(Vec3 center, float radius, std::uint32_t layers = 1);
    AddResult add_capsule(Vec3 a, Vec3 b, float radius, std::uint32_t layers = 1);
    AddResult add_box(Vec3 center, Quat rotation, Vec3 half_extents, std::uint32_t layers = 1);

    /// Removes an object; its id is never used again. A mesh's triangles and hierarchy are freed
    /// with the last object that uses them (the mesh or its instances). nullptr, or why not.
    const char* remove(std::uint32_t object);
    /// Where the object will be at the end of the next step (update). nullptr, or why not: an
    /// unknown or removed id, a non-finite position or rotation, a zero rotation (rotations are
    /// normalised), a scale that is not finite and > 0.
    const char* set_transform(std::uint32_t object, const Transform& t);
    /// The object is at `t` now, and does not move over the current step (zero velocity).
    const char* teleport(std::uint32_t object, const Transform& t);
    /// The object is at `t` now, having moved there over the current step: previous_transform
    /// stays where it was when the step began (update), its velocities become those that carry it
    /// from there to `t` in the step's dt, and moved() says so — so particles stepped afterwards
    /// sweep it in that motion, as they sweep an object update moved. For objects placed after
    /// update(), such as a registered character's capsule; called again within the step, it moves
    /// on from the step's start again; to where the object already is, it changes nothing. Before
    /// a timed step (no update with dt > 0 yet, or a world just deserialized) it is a teleport.
    /// nullptr, or why not (as set_transform; a pending set_transform is dropped).
    const char* move_over_step(std::uint32_t object, const Transform& t);
    /// Begins a step of dt seconds (> 0; anything else keeps velocities zero): every object moves
    /// to where set_transform put it, its velocities over the step fixed from the two poses,
    /// and the top level is refitted (rebuilt when refitting made it much worse).
    void update(float dt);
    /// New vertex positions for a mesh (the same number of floats as it was added with; the
    /// indices stay): its hierarchy is refitted, or rebuilt when the refit tree's SAH cost
    /// exceeds tol::kRefitRebuildRatio times a fresh build's estimate. Its instances change too.
    const char* update_mesh(std::uint32_t mesh, std::span<const float> positions);
    /// Changes an object's layer mask.
    const char* set_layers(std::uint32_t object, std::uint32_t layers);

    bool is_live(std::uint32_t object) const;
    ObjectKind kind(std::uint32_t object) const;
    std::uint32_t layers(std::uint32_t object) const;
    /// The object's current pose (the identity for unknown ids).
    Transform transform(std::uint32_t object) const;
    /// The object's pose at the start of the current step: where it was before the last update
    /// moved it (the current pose after teleport, or for an object the update did not move). The
    /// object moved from here to transform(object) over the step, at its linear and angular
    /// velocity. The identity for unknown ids.
    Transform previous_transform(std::uint32_t object) const;
    /// The revision() at which the object last changed (added, moved, teleported, refitted,
    /// relayered or removed): caches compare it to know which objects went stale. 0 for ids never
    /// handed out or removed.
    std::uint64_t object_revision(std::uint32_t object) const;
    /// Whether the object's pose changed over the current step (update(), move_over_step).
    bool moved(std::uint32_t object) const;
    /// How many objects moved over the current step (0: a still world).
    std::uint32_t moved_count() const { return moved_count_; }
    /// The live objects passing `filter` that moved over the current step and whose box swept
    /// over it may overlap `box` (touching counts), appended to `out` in a deterministic order;
    /// returns how many. The swept box holds the object at every pose between previous_transform
    /// and transform with its position on the line between theirs, its rotation on the shortest
    /// arc between theirs and its scale between theirs: its boxes at both poses, grown when it
    /// turned or scaled by how far its points' arcs stray from their chords. It finds a mover that
    /// went wholly past `box` within the step. Costs one box test per object that moved.
    std::size_t moved_in(const AABB& box, std::vector<std::uint32_t>& out, const QueryFilter& filter = {}) const;
    /// The revision() of the last removal (0: none yet): caches of objects compare it, as removed
    /// ids have no object_revision.
    std::uint64_t removal_revision() const { return removal_revision_; }
    /// The ids of the live objects that changed after revision `since` (object_revision > since),
    /// appended to `out` in a deterministic order; returns how many.
    std::size_t changed_since(std::uint64_t since, std::vector<std::uint32_t>& out) const;
    /// The live objects passing `filter` whose world box may overlap `box` (touching counts),
    /// appended to `out` in a deterministic order; returns how many.
    std::size_t objects_in(const AABB& box, std::vector<std::uint32_t>& out, const QueryFilter& filter = {}) const;
    /// The object's linear velocity (of its position) and angular velocity (rad/s, about its
    /// position) over the current step; zero after teleport or for an object that did not move.
    Vec3 linear_velocity(std::uint32_t object) const;
    Vec3 angular_velocity(std::uint32_t object) const;
    /// The velocity of the object's surface at world point p over the current step:
    /// linear + angular x (p - position). Zero for unknown ids.
    Vec3 velocity_at(std::uint32_t object, Vec3 p) const;
    /// The object's world box at its current pose (empty for unknown ids).
    AABB bounds(std::uint32_t object) const;
    /// Live objects.
    std::size_t object_count() const;
    /// Ids handed out so far (live or removed): ids are 0 .. id_limit() - 1.
    std::uint32_t id_limit() const;
    /// Increases whenever geometry that queries see changes (add, remove, move, refit): caches
    /// of triangles compare it to know they are stale.
    std::uint64_t revision() const { return revision_; }
    /// The largest absolute coordinate of the live objects' boxes (0 for an empty world): the
    /// overlap queries' touching noise is relative to it.
    float scene_magnitude() const;
    /// Triangles of a mesh or instance (0 for others).
    std::uint32_t triangle_count(std::uint32_t object) const;
    /// A triangle of a mesh or instance in world space at the current pose, exactly as the
    /// queries see it ({} for bad indices).
    Triangle triangle(std::uint32_t object, std::uint32_t triangle) const;
    /// A primitive's shape in world space at the current pose (false for meshes and bad ids).
    bool sphere(std::uint32_t object, Sphere& out) const;
    bool capsule(std::uint32_t object, Capsule& out) const;
    bool box(std::uint32_t object, OBB& out) const;

    // ---- inspection (world_inspect.cpp): what debug drawing reads ---------------------------

    /// Every triangle of a mesh or instance in world space at the current pose, in added order
    /// (triangle(object, k) for each k, the same bits), appended to `out`; returns how many (0
    /// for primitives and bad ids).
    std::size_t triangles(std::uint32_t object, std::vector<Triangle>& out) const;
    /// The nodes of the top level (in world space: the boxes it culls objects with) down to
    /// depth `max_depth` (the root is depth 1; 0 gives none), parents before children, appended
    /// to `out`; returns how many. At full depth there are stats().top_nodes of them.
    std::size_t tree_boxes(std::uint32_t max_depth, std::vector<TreeBox>& out) const;
    /// The same for the hierarchy of a mesh or instance, in the mesh's own space (transform(object)
    /// places them); an instance shows the tree it shares with its mesh. 0 for other objects.
    std::size_t mesh_tree_boxes(std::uint32_t object, std::uint32_t max_depth, std::vector<TreeBox>& out) const;

    // ---- queries ----------------------------------------------------------------------------

    /// The closest hit of the ray origin + s dir, 0 <= s <= max_distance (+inf allowed), against
    /// every triangle: intersect_ray_triangle per triangle (watertight: a ray through a shared
    /// edge or vertex hits a triangle there), nearest child first; primitives by their segment
    /// casts. normal: the face normal turned toward the origin.
    WorldHit raycast(Vec3 origin, Vec3 dir, float max_distance, const QueryFilter& filter = {}) const;
    /// raycast for many rays: `rays` holds 6 floats per ray (origin xyz, direction xyz), and
    /// out[i] = raycast(ray i, max_distance) for i < min(out.size(), rays.size() / 6). The same
    /// answers, sooner in a static scene: rays are walked two at a time in turn.
    void raycast_batch(std::span<const float> rays, float max_distance, std::span<WorldHit> out,
                       const QueryFilter& filter = {}) const;
    /// Every triangle the ray origin + s dir, 0 <= s <= max_distance (+inf allowed), crosses, and
    /// for each primitive its first hit: the per-triangle test and the culling of raycast, with
    /// no hit shortening the walk. Appended to `out` sorted by (distance, object, triangle) and
    /// counted; none for a bad ray (see the conventions).
    std::size_t raycast_all(Vec3 origin, Vec3 dir, float max_distance, std::vector<WorldRayCrossing>& out,
                            const QueryFilter& filter = {}) const;
    /// Whether anything blocks the ray within max_distance: raycast(...).hit, but it stops at
    /// the first hit found.
    bool raycast_any(Vec3 origin, Vec3 dir, float max_distance, const QueryFilter& filter = {}) const;
    /// SegmentCast of Madhav, Game Programming in C++ ch. 10: the hit closest to `start` on the
    /// segment start–end (a raycast of length |end - start|); distance is measured from start,
    /// and is that length on a miss. A zero-length segment is a miss (distance 0).
    WorldHit intersect_segment(Vec3 start, Vec3 end, const QueryFilter& filter = {}) const;

    /// Every triangle (and primitive) touching or overlapping the sphere, appended to `out` in
    /// hierarchy order (deterministic, not sorted): triangle_sphere per triangle, feature = the
    /// Voronoi region of the centre. Returns how many were appended; none for a negative, NaN or
    /// infinite radius.
    std::size_t overlap_sphere(Vec3 center, float radius, std::vector<WorldContact>& out,
                               const QueryFilter& filter = {}) const;
    /// Every triangle touching or overlapping the capsule (triangle_capsule per triangle; feature =
    /// the Voronoi region of the axis point nearest the contact). When the axis crosses a
    /// triangle, depth is triangle_capsule's lift out along the face normal.
    std::size_t overlap_capsule(Vec3 a, Vec3 b, float radius, std::vector<WorldContact>& out,
                                const QueryFilter& filter = {}) const;

    /// The first time of impact of a sphere moving from `center` along dir for max_distance
    /// (sweep_sphere_triangle per triangle over the whole motion; distance = t * max_distance).
    /// Starting overlapping, or touching and moving toward a triangle: distance 0; touching and
    /// moving away is free (sweep.hpp). point: the contact on the triangle; position: the centre
    /// at the hit. A non-finite max_distance is a miss (a sweep needs an end).
    WorldHit sphere_cast(Vec3 center, float radius, Vec3 dir, float max_distance, const QueryFilter& filter = {}) const;
    /// The same for a capsule (segment a–b, radius) translating along dir (sweep_capsule_triangle);
    /// position: the capsule's centre (a + b) / 2 at the hit.
    WorldHit capsule_cast(Vec3 a, Vec3 b, float radius, Vec3 dir, float max_distance,
                          const QueryFilter& filter = {}) const;

    /// The closest point of any triangle (or solid primitive) to p within max_distance
    /// (inclusive; +inf allowed): closest_point_on_triangle per triangle, compared by squared
    /// float distance; feature: its Voronoi region. A negative or NaN max_distance is a miss.
    WorldClosestPoint closest_point(Vec3 p, float max_distance, const QueryFilter& filter = {}) const;

    /// marupeke296.com 3D collision no. 8 at world scale: the highest surface at (x, z) whose
    /// height is <= from_y (floor_height per triangle; walls never count). from_y may be +inf;
    /// NaN is a miss.
    WorldFloor floor(float x, float z, float from_y, const QueryFilter& filter = {}) const;

    WorldStats stats() const;

    // ---- prebuilt worlds (world_serialize.cpp, docs/serialization.md) -------------------------

    /// The whole world as bytes: every mesh's triangles, indices and hierarchies (so loading
    /// builds nothing), every object (kind, layers, pose, pending target, velocities, shared
    /// mesh), removed ids (never reused after loading), the revision and the top level.
    /// Versioned (kSerializationVersion), little-endian, ending in a checksum; the same world
    /// gives the same bytes on every platform. Brings the top level up to date first.
    std::vector<std::uint8_t> serialize() const;
    /// A world from serialize()'s bytes: nullptr and `out` replaced by a world that answers
    /// every query with the same bits, or why the bytes are not one (truncated, corrupted, wrong
    /// magic or version, a count, index or tree out of range) with `out` untouched. Every field
    /// is checked before use: no input crashes or reads out of bounds. The stats' build time and
    /// rebuild counters start again from zero.
    static const char* deserialize(std::span<const std::uint8_t> bytes, World& out);

    /// Calls f(object, triangle_index, tri) with world-space triangles for every mesh leaf whose
    /// box may overlap `box` (touching counts): a superset of the triangles that meet the box
    /// (for meshes at the identity pose, of those whose own boxes overlap it), in a
    /// deterministic order. Primitives are not visited.
    template <class F>
    void for_each_triangle_in(const AABB& box, F&& f, const QueryFilter& filter = {}) const;

    /// for_each_triangle_in restricted to one mesh or instance (nothing for other objects).
    template <class F>
    void for_each_triangle_of(std::uint32_t object, const AABB& box, F&& f) const;

    struct MeshShape;
    struct Object;

private:
    // Shared by sphere_cast and capsule_cast (world_cast.cpp): `sweep(tri, motion)` returns the
    // SweepHit of one world-space triangle over the full motion, `prim(primitive)` the
    // PrimitiveHit of one primitive.
    // The shape's half size is |half_axis| + round on each axis (a capsule's half segment and
    // radius; a sphere's radius).
    template <class Sweep, class Prim>
    WorldHit cast_shape(Vec3 center, Vec3 half_axis, float round, Vec3 dir, float max_distance,
                        const QueryFilter& filter, Sweep&& sweep, Prim&& prim) const;
    // The objects whose top-level box the ray (its boxes grown by `grow`) enters before the
    // limit, nearer subtrees first; visit(slot) returns the new limit (negative: stop).
    template <class Visit>
    void walk_top_ray(const detail::RaySetup& ray, float limit, Vec3 grow, const QueryFilter& filter,
                      Visit&& visit) const;
    // The shapes of the objects whose boxes may meet `box`, in a deterministic order: each mesh
    // triangle that may (placed in world space) as on_triangle(object, triangle, tri), each
    // primitive as on_primitive(object, primitive in world space). world_query.cpp.
    template <class OnTriangle, class OnPrimitive>
    void for_each_shape_in(const AABB& box, const QueryFilter& filter, OnTriangle&& on_triangle,
                           OnPrimitive&& on_primitive) const;
    // The slots of the objects whose top-level entry may overlap `box`, in a deterministic order.
    template <class F>
    void for_each_object_in(const AABB& box, const QueryFilter& filter, F&& f) const;
    // A mesh object's (by slot) leaf triangles in world space that may overlap the world box, in
    // order, a run at a time: emit(ctx, object, triangle ids, triangles, count) (one call per
    // run, not per triangle).
    using TriangleRun = void (*)(void*, std::uint32_t, const std::uint32_t*, const Triangle*, std::uint32_t);
    void mesh_triangles_in(std::uint32_t id, const AABB& box, TriangleRun emit, void* ctx) const;
    // The TriangleRun that hands a run's triangles one at a time to the callable of type F at
    // ctx, as f(object, triangle id, triangle).
    template <class F>
    static void each_of_run(void* ctx, std::uint32_t object, const std::uint32_t* ids, const Triangle* tris,
                            std::uint32_t n) {
        for (std::uint32_t k = 0; k < n; ++k) (*static_cast<F*>(ctx))(object, ids[k], tris[k]);
    }
    void refresh_top() const;
    bool object_passes(std::uint32_t id, const QueryFilter& filter) const;
    Object* live(std::uint32_t id);
    const Object* live(std::uint32_t id) const;
    // The slot of a live object, kNoIndex for any other id.
    std::uint32_t slot_of(std::uint32_t id) const;
    AddResult add_object(Object&& o);

    // The live objects, densely (a removal moves the last into the hole); ids map to slots.
    std::vector<Object> slots_;
    detail::IdSlots slot_of_;
    std::uint32_t next_id_ = 0;
    std::uint64_t revision_ = 1;
    std::uint32_t moved_count_ = 0;
    // The ids that moved over the current step (some may have stopped or gone since: moved_in
    // checks), each once.
    std::vector<std::uint32_t> moved_ids_;
    // moved_in's swept boxes of the objects that moved, computed once per step and revision: every
    // character asks for them every move.
    struct MovedBox {
        std::uint32_t id, layers;
        AABB box;
    };
    mutable std::vector<MovedBox> moved_boxes_;
    mutable std::uint64_t moved_boxes_revision_ = 0;  // 0: to be computed
    float step_dt_ = 0.0f;                            // the last update's dt when it was timed, else 0
    std::uint64_t removal_revision_ = 0;
    double build_ms_ = 0.0;
    std::uint32_t mesh_rebuilds_ = 0;
    // The top level: a hierarchy over the live objects' world boxes (slots in its order).
    mutable Bvh top_;
    mutable std::vector<AABB> top_boxes_;
    mutable bool top_structure_dirty_ = true, top_boxes_dirty_ = false;
    mutable float top_built_cost_ = 0.0f;
    mutable std::uint32_t top_rebuilds_ = 0, top_refits_ = 0;
};

template <class F>
void World::for_each_triangle_in(const AABB& box, F&& f, const QueryFilter& filter) const {
    for_each_object_in(box, filter, [&](std::uint32_t slot) {
        mesh_triangles_in(slot, box, &each_of_run<std::remove_reference_t<F>>,
                          const_cast<void*>(static_cast<const void*>(&f)));
    });
}

template <class F>
void World::for_each_triangle_of(std::uint32_t object, const AABB& box, F&& f) const {
    // mesh_triangles_in takes the object's slot, which is its id only until a removal moves it.
    const std::uint32_t slot = slot_of(object);
    if (slot == kNoIndex) return;
    mesh_triangles_in(slot, box, &each_of_run<std::remove_reference_t<F>>,
                      const_cast<void*>(static_cast<const void*>(&f)));
}

template <class F>
void World::for_each_object_in(const AABB& box, const QueryFilter& filter, F&& f) const {
    refresh_top();
    if (top_.nodes.empty()) return;
    std::uint32_t stack[kTraversalStack];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const BvhNode& node = top_.nodes[stack[--top]];
        const AABB& b = node.box;
        if (b.min.x > box.max.x || b.max.x < box.min.x || b.min.y > box.max.y || b.max.y < box.min.y ||
            b.min.z > box.max.z || b.max.z < box.min.z)
            continue;
        if (node.count > 0) {
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const std::uint32_t slot = top_.order[k];
                if (!object_passes(slot, filter)) continue;
                const AABB& ob = top_boxes_[k];
                if (ob.min.x > box.max.x || ob.max.x < box.min.x || ob.min.y > box.max.y || ob.max.y < box.min.y ||
                    ob.min.z > box.max.z || ob.max.z < box.min.z)
                    continue;
                f(slot);
            }
        } else {
            stack[top++] = node.first + 1;
            stack[top++] = node.first;
        }
    }
}

}  // namespace shototsu
