// libFuzzer target: the bounding volume hierarchy, the broadphase and the collision world.
//
// The first byte chooses the mode (byte % 8):
// * 1, 2, 3, 5, 6, 7 — a STATIC world: one or two meshes of up to kMaxTriangles triangles, indexed
//   or not, with any coordinates (NaN, infinities, denormals, huge, repeated vertices), at the
//   identity pose, then up to 8 queries.
// * 4 — a DYNAMIC world: up to kMaxOps operations, each one of add_mesh and add_instance with
//   hostile ObjectOptions (NaN, inf, huge and denormal positions, zero and negative scales, zero
//   quaternions), add_sphere / add_capsule / add_box, set_transform, teleport, update(dt) with a
//   hostile dt, update_mesh (the same or another float count; nudged, scrambled or hostile
//   positions), remove, set_layers, or a query with a random QueryFilter. Ids are drawn from the
//   live, removed and never-handed-out ones.
// * 0 — build_bvh on arbitrary boxes, and the three broadphases.
//
// The world's promise is "EXACT AS BRUTE FORCE" (world.hpp): every query is compared with the
// same per-triangle primitive run over every finite world-space triangle (World::triangle of the
// live meshes and instances, rebuilt before each query) and with the same per-primitive function
// (detail::primitive_*, on World::sphere / capsule / box) over the primitives, with the same tie
// rule, bit for bit (world_queries.hpp), when every pose is realistic (positions within
// FuzzInput::kRealistic, scales within [kMinScale, kMaxScale]) and so are the coordinates. Also
// checked: no crash, no sanitizer report, no hang, never NaN out of finite input, triangles with
// a non-finite vertex never answer, removed and filtered-out objects never answer; each call
// with bad arguments is refused and changes nothing (id_limit, object_count, revision, the pose
// and the pending target), good ones do what world.hpp says (ids handed out in order and never
// reused, poses taken at update, velocities finite and zero without a step); build_bvh's tree is
// well formed (every primitive once, boxes nested, depth bounded), and the three broadphases
// give the same pairs.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "fuzz_input.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/bvh.hpp"
#include "shototsu/world.hpp"
#include "world_queries.hpp"

using namespace shototsu;
using namespace shototsu::fuzz;
using namespace shototsu::fuzz::world;

namespace {

constexpr std::uint32_t kMaxTriangles = 256;
// The dynamic mode's meshes are smaller: a sequence holds many objects and instances, and brute
// force is rebuilt before every query.
constexpr std::uint32_t kMaxDynamicTriangles = 32;
constexpr int kMaxOps = 64;
// The scales at which exactness is checked (with positions within FuzzInput::kRealistic).
constexpr float kMinScale = 1e-3f, kMaxScale = 1e3f;

/// A mesh's positions and indices as read from the input (empty indices: not indexed).
struct MeshData {
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;
    std::uint32_t triangles() const {
        return static_cast<std::uint32_t>(indices.empty() ? positions.size() / 9 : indices.size() / 3);
    }
    Triangle triangle(std::uint32_t t) const {
        auto vertex = [&](std::uint32_t v) {
            return Vec3{positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]};
        };
        return !indices.empty()
                   ? Triangle{vertex(indices[3 * t]), vertex(indices[3 * t + 1]), vertex(indices[3 * t + 2])}
                   : Triangle{vertex(3 * t), vertex(3 * t + 1), vertex(3 * t + 2)};
    }
};

MeshData read_mesh(FuzzInput& in, std::uint32_t max_triangles) {
    MeshData m;
    const bool indexed = in.flag();
    const std::uint32_t tri_count = in.below(max_triangles + 1);
    if (indexed && tri_count > 0) {  // (no indices at all means "not indexed")
        const std::uint32_t vertex_count = 1 + in.below(3 * tri_count + 3);
        for (std::uint32_t i = 0; i < 3 * vertex_count; ++i) m.positions.push_back(in.value());
        for (std::uint32_t i = 0; i < 3 * tri_count; ++i) m.indices.push_back(in.below(vertex_count));
    } else {
        for (std::uint32_t i = 0; i < 9 * tri_count; ++i) m.positions.push_back(in.value());
    }
    return m;
}

bool same_triangle(const Triangle& x, const Triangle& y) { return same(x.a, y.a) && same(x.b, y.b) && same(x.c, y.c); }

// ---- the static world -------------------------------------------------------------------------

/// Reads one mesh and adds it to both the world and the brute-force list.
void add_static_mesh(FuzzInput& in, World& world, Brute& brute) {
    const MeshData m = read_mesh(in, kMaxTriangles);
    const std::uint32_t mesh_index = static_cast<std::uint32_t>(world.object_count());
    const AddResult r = world.add_mesh(m.positions, m.indices);
    if (!r.ok || r.object != mesh_index) fail("add_mesh", "a well-formed mesh was refused");
    brute.layers.push_back(1);
    for (std::uint32_t t = 0; t < m.triangles(); ++t) {
        const Triangle tri = m.triangle(t);
        if (!same_triangle(world.triangle(mesh_index, t), tri))
            fail("World::triangle", "does not return the triangle as added");
        if (!finite_triangle(tri)) continue;
        brute.tris.push_back({mesh_index, t, tri});
        for (const Vec3 v : {tri.a, tri.b, tri.c}) brute.grow(v);
    }
}

void static_world(FuzzInput& in) {
    World world;
    Brute brute;
    g_brute = &brute;
    g_context = print_world;
    const std::uint32_t meshes = 1 + in.below(2);
    for (std::uint32_t m = 0; m < meshes; ++m) add_static_mesh(in, world, brute);
    for (int q = 0; q < 8 && !in.empty(); ++q) {
        in.reset_finite();
        any_query(in, world, brute, {});
    }
}

/// build_bvh on arbitrary boxes: every primitive exactly once, children inside parents, primitive
/// boxes inside their leaves, depth within kBvhMaxDepth.
void bvh_and_broadphase(FuzzInput& in) {
    const std::uint32_t n = in.below(kMaxTriangles + 1);
    std::vector<AABB> boxes(n);
    for (AABB& b : boxes) {
        b.min = in.vec();
        // Mostly proper boxes (max = min + extent), sometimes anything at all.
        b.max = in.flag() ? b.min + vabs(in.vec()) : in.vec();
    }
    const Check c("build_bvh", in);
    const Bvh bvh = build_bvh(boxes);
    c.that(n == 0 ? bvh.nodes.empty() : !bvh.nodes.empty(), "root presence");
    c.that(bvh.order.size() == n, "order does not hold every primitive");
    std::vector<std::uint8_t> count(n, 0);
    for (const std::uint32_t i : bvh.order) {
        c.that(i < n, "order holds an index out of range");
        c.that(++count[i] == 1, "a primitive appears twice");
    }
    c.that(bvh.depth <= kBvhMaxDepth, "depth above kBvhMaxDepth");
    auto inside = [](const AABB& in, const AABB& out) {
        return out.min.x <= in.min.x && out.min.y <= in.min.y && out.min.z <= in.min.z && out.max.x >= in.max.x &&
               out.max.y >= in.max.y && out.max.z >= in.max.z;
    };
    for (const BvhNode& node : bvh.nodes) {
        if (node.count > 0) {
            c.that(node.first + node.count <= n, "leaf range out of order");
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                const AABB& b = boxes[bvh.order[k]];
                const bool usable = !aabb_is_empty(b) && is_finite(b.min) && is_finite(b.max);
                if (usable) c.that(inside(b, node.box), "a primitive's box is outside its leaf");
            }
        } else {
            c.that(node.first + 1 < bvh.nodes.size(), "child index out of range");
            for (const std::uint32_t k : {node.first, node.first + 1})
                if (!aabb_is_empty(bvh.nodes[k].box))
                    c.that(inside(bvh.nodes[k].box, node.box), "a child's box is outside its parent");
        }
    }
    // The broadphases on the first 64 boxes: all of them may overlap (n^2 / 2 pairs), and the
    // run must stay fast to find much.
    const std::span<const AABB> few(boxes.data(), std::min<std::size_t>(boxes.size(), 64));
    std::vector<BoxPair> all, sap, tree;
    pairs_all(few, all);
    pairs_sweep_and_prune(few, sap);
    pairs_tree(few, tree);
    c.that(all == sap, "pairs_sweep_and_prune differs from pairs_all");
    c.that(all == tree, "pairs_tree differs from pairs_all");
    for (const BoxPair& p : all) c.that(p.a < p.b && p.b < few.size(), "a pair out of order or range");
}

// ---- the dynamic world ------------------------------------------------------------------------

/// What the harness expects of one id.
struct Expected {
    bool live = false;
    ObjectKind kind = ObjectKind::Mesh;
    int shape = -1;  // meshes and instances: index into Model::shapes
    std::uint32_t layers = 1;
    Transform pose;  // as given (the world may normalise the rotation)
    bool pending = false;
    Transform target;
};

/// The harness's model of the world: every id handed out, and the meshes' positions as last set.
struct Model {
    std::vector<Expected> objects;
    std::vector<MeshData> shapes;
    bool is_mesh(std::uint32_t id) const {
        return id < objects.size() && objects[id].live &&
               (objects[id].kind == ObjectKind::Mesh || objects[id].kind == ObjectKind::Instance);
    }
    bool live(std::uint32_t id) const { return id < objects.size() && objects[id].live; }
};

const Model* g_model = nullptr;
const char* g_op = "";
void print_dynamic() {
    std::fprintf(stderr, "during: %s\n", g_op);
    print_world();
    if (!g_model) return;
    std::fprintf(stderr, "objects (id: kind layers position rotation scale):\n");
    for (std::size_t id = 0; id < g_model->objects.size(); ++id) {
        const Expected& e = g_model->objects[id];
        if (!e.live) continue;
        const Transform& t = e.pose;
        std::fprintf(stderr, "  %zu: %d %#x (%a, %a, %a) (%a, %a, %a, %a) %a\n", id, static_cast<int>(e.kind), e.layers,
                     t.position.x, t.position.y, t.position.z, t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w,
                     t.scale);
    }
}

bool valid_transform(const Transform& t) {
    const Quat& q = t.rotation;
    return is_finite(t.position) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) &&
           std::isfinite(q.w) && !(q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && q.w == 0.0f) && t.scale > 0.0f &&
           std::isfinite(t.scale);
}

bool is_identity(const Transform& t) {
    return t.position == Vec3{0, 0, 0} && t.rotation.x == 0.0f && t.rotation.y == 0.0f && t.rotation.z == 0.0f &&
           t.rotation.w == 1.0f && t.scale == 1.0f;
}

/// A pose as the world keeps one given as `want`: the same position and scale bits, and the
/// rotation unit and turning the same way (rotations are normalised; q and -q are not the same
/// quaternion but the world keeps the sign).
bool same_pose(const Transform& got, const Transform& want) {
    if (!same(got.position, want.position) || !same(got.scale, want.scale)) return false;
    const Quat& g = got.rotation;
    const Quat& w = want.rotation;
    // The given quaternion scaled to unit length in double (no overflow or underflow for floats).
    const double big =
        std::max({std::fabs(double(w.x)), std::fabs(double(w.y)), std::fabs(double(w.z)), std::fabs(double(w.w))});
    const double sx = w.x / big, sy = w.y / big, sz = w.z / big, sw = w.w / big;
    const double sl = std::sqrt(sx * sx + sy * sy + sz * sz + sw * sw);
    const double dot = (g.x * sx + g.y * sy + g.z * sz + g.w * sw) / sl;
    const double g2 = double(g.x) * g.x + double(g.y) * g.y + double(g.z) * g.z + double(g.w) * g.w;
    return std::fabs(g2 - 1.0) <= 3e-5 && std::fabs(dot - 1.0) <= 3e-5;
}

bool realistic(const Transform& t) {
    const Vec3 p = vabs(t.position);
    return maxf(maxf(p.x, p.y), p.z) <= FuzzInput::kRealistic && t.scale >= kMinScale && t.scale <= kMaxScale;
}

Transform read_transform(FuzzInput& in) {
    Transform t;
    switch (in.byte() % 4) {
        case 0: break;  // the identity
        case 1: t.position = in.vec(); break;
        case 2:
            t.position = in.vec();
            t.rotation = in.quat();
            break;
        default:
            t.position = in.vec();
            t.rotation = in.quat();
            t.scale = in.value();
            break;
    }
    return t;
}

std::uint32_t read_layers(FuzzInput& in) {
    switch (in.byte() % 4) {
        case 0: return 1;
        case 1: return 2;
        case 2: return 3;
        default: return in.u32();
    }
}

/// A live, removed or never-handed-out id, or kNoIndex.
std::uint32_t read_id(FuzzInput& in, const World& world) {
    const std::uint8_t b = in.byte();
    return b == 255 ? kNoIndex : b % (world.id_limit() + 2);
}

QueryFilter read_filter(FuzzInput& in, const World& world) {
    QueryFilter f;
    const std::uint8_t b = in.byte();
    if (b & 1) f.layers = read_layers(in);
    if (b & 2) f.ignore = read_id(in, world);
    return f;
}

/// What a refused call must leave as it was.
struct Snapshot {
    std::uint32_t id_limit;
    std::size_t objects;
    std::uint64_t revision;
    explicit Snapshot(const World& w) : id_limit(w.id_limit()), objects(w.object_count()), revision(w.revision()) {}
    bool operator==(const Snapshot&) const = default;
};

void check(bool ok, const char* what) {
    if (!ok) fail(g_op, what);
}

/// The world agrees with the model: the same ids live, kinds, layers and poses; mesh triangles
/// at the identity pose as last set; the shapes counted once however many objects share them.
void agrees(const World& world, const Model& model) {
    check(world.id_limit() == model.objects.size(), "id_limit differs from the ids handed out");
    std::size_t live = 0;
    std::vector<int> shapes;
    for (std::uint32_t id = 0; id < model.objects.size(); ++id) {
        const Expected& e = model.objects[id];
        check(world.is_live(id) == e.live, "an id is live that should not be, or the other way");
        if (!e.live) {
            check(world.triangle_count(id) == 0 && aabb_is_empty(world.bounds(id)), "a removed object has geometry");
            continue;
        }
        ++live;
        check(world.kind(id) == e.kind, "kind differs");
        check(world.layers(id) == e.layers, "layers differ");
        check(same_pose(world.transform(id), e.pose), "transform differs from the pose set");
        check(is_finite(world.linear_velocity(id)) && is_finite(world.angular_velocity(id)),
              "a velocity is not finite");
        if (e.shape < 0) {
            check(world.triangle_count(id) == 0, "a primitive has triangles");
            continue;
        }
        const MeshData& m = model.shapes[static_cast<std::size_t>(e.shape)];
        check(world.triangle_count(id) == m.triangles(), "triangle_count differs from the mesh");
        if (std::find(shapes.begin(), shapes.end(), e.shape) == shapes.end()) shapes.push_back(e.shape);
        if (is_identity(e.pose))
            for (std::uint32_t t = 0; t < m.triangles(); ++t)
                check(same_triangle(world.triangle(id, t), m.triangle(t)),
                      "World::triangle at the identity pose differs from the positions as last set");
    }
    check(world.object_count() == live, "object_count differs from the live ids");
    const WorldStats s = world.stats();
    check(s.objects == live && s.meshes == shapes.size(), "stats count objects or meshes wrongly");
}

/// The world's live geometry in world space, as the queries must see it.
Brute brute_of(const World& world, const Model& model) {
    Brute b;
    b.layers.assign(world.id_limit(), 0);
    for (std::uint32_t id = 0; id < world.id_limit(); ++id) {
        if (!world.is_live(id)) continue;
        b.layers[id] = world.layers(id);
        const Transform t = world.transform(id);
        b.realistic_poses = b.realistic_poses && realistic(t);
        Prim p{id, {}};
        if (world.sphere(id, p.p.sphere)) {
            p.p.kind = detail::Primitive::Kind::Sphere;
        } else if (world.capsule(id, p.p.capsule)) {
            p.p.kind = detail::Primitive::Kind::Capsule;
        } else if (world.box(id, p.p.box)) {
            p.p.kind = detail::Primitive::Kind::Box;
        } else {
            // A mesh: its own coordinates count toward the magnitude too (the placement's
            // rounding is relative to them).
            for (const float v : model.shapes[static_cast<std::size_t>(model.objects[id].shape)].positions)
                if (std::isfinite(v)) b.magnitude = maxf(b.magnitude, std::fabs(v));
            const bool placed = !is_identity(t);
            for (std::uint32_t k = 0; k < world.triangle_count(id); ++k) {
                const Triangle tri = world.triangle(id, k);
                if (!finite_triangle(tri)) continue;
                b.tris.push_back({id, k, tri, placed});
                for (const Vec3 v : {tri.a, tri.b, tri.c}) b.grow(v);
            }
            continue;
        }
        const AABB box = detail::primitive_box(p.p);
        b.grow(box.min);
        b.grow(box.max);
        if (!is_finite(box.min) || !is_finite(box.max)) b.magnitude = INFINITY;
        b.prims.push_back(p);
    }
    return b;
}

/// Adds to the model what a successful add returned, after checking the id is the next one.
void added(const AddResult& r, const Snapshot& before, Model& model, Expected e) {
    check(r.ok && r.error == nullptr, "a good add was refused");
    check(r.object == before.id_limit, "the new id is not the next one (ids are handed out in order, never reused)");
    e.live = true;
    model.objects.push_back(e);
}

void refused_add(const AddResult& r, const World& world, const Snapshot& before) {
    check(!r.ok && r.error != nullptr && r.object == kNoIndex, "a bad add was accepted");
    check(Snapshot(world) == before, "a refused add changed the world");
}

/// add_mesh with options; sometimes a malformed mesh (it must be refused).
void op_add_mesh(FuzzInput& in, World& world, Model& model) {
    g_op = "add_mesh";
    MeshData m = read_mesh(in, kMaxDynamicTriangles);
    bool malformed = false;
    switch (in.byte() % 8) {
        case 0:  // not whole vertices
            m.positions.push_back(0.0f);
            malformed = true;
            break;
        case 1:  // an index past the vertices
            if (!m.indices.empty()) {
                m.indices[in.below(static_cast<std::uint32_t>(m.indices.size()))] =
                    static_cast<std::uint32_t>(m.positions.size() / 3) + in.byte();
                malformed = true;
            }
            break;
        case 2:  // not whole triangles
            if (!m.indices.empty()) {
                m.indices.pop_back();
                malformed = true;
            } else if (!m.positions.empty()) {
                m.positions.resize(m.positions.size() - 3);
                malformed = true;
            }
            break;
        default: break;
    }
    ObjectOptions o;
    o.transform = read_transform(in);
    o.layers = read_layers(in);
    const Snapshot before(world);
    const AddResult r = world.add_mesh(m.positions, m.indices, o);
    if (malformed || !valid_transform(o.transform)) return refused_add(r, world, before);
    model.shapes.push_back(std::move(m));
    Expected e;
    e.kind = ObjectKind::Mesh;
    e.shape = static_cast<int>(model.shapes.size() - 1);
    e.layers = o.layers;
    e.pose = o.transform;
    added(r, before, model, e);
}

void op_add_instance(FuzzInput& in, World& world, Model& model) {
    g_op = "add_instance";
    const std::uint32_t source = read_id(in, world);
    ObjectOptions o;
    o.transform = read_transform(in);
    o.layers = read_layers(in);
    const Snapshot before(world);
    const AddResult r = world.add_instance(source, o);
    if (!model.is_mesh(source) || !valid_transform(o.transform)) return refused_add(r, world, before);
    Expected e;
    e.kind = ObjectKind::Instance;
    e.shape = model.objects[source].shape;
    e.layers = o.layers;
    e.pose = o.transform;
    added(r, before, model, e);
}

void op_add_primitive(FuzzInput& in, World& world, Model& model, ObjectKind kind) {
    const Snapshot before(world);
    Expected e;
    e.kind = kind;
    AddResult r;
    bool good = false;
    switch (kind) {
        case ObjectKind::Sphere: {
            g_op = "add_sphere";
            const Vec3 c = in.vec();
            const float radius = in.value();
            e.layers = read_layers(in);
            r = world.add_sphere(c, radius, e.layers);
            good = is_finite(c) && radius >= 0.0f && std::isfinite(radius);
            e.pose.position = c;
            break;
        }
        case ObjectKind::Capsule: {
            g_op = "add_capsule";
            const Vec3 a = in.vec(), b = in.vec();
            const float radius = in.value();
            e.layers = read_layers(in);
            r = world.add_capsule(a, b, radius, e.layers);
            good = is_finite(a) && is_finite(b) && radius >= 0.0f && std::isfinite(radius);
            e.pose.position = (a + b) * 0.5f;
            // Ends so far apart that their midpoint overflows may be refused too.
            if (good && !is_finite(e.pose.position) && !r.ok) good = false;
            break;
        }
        default: {
            g_op = "add_box";
            const Vec3 c = in.vec();
            const Quat q = in.flag() ? Quat{} : in.quat();
            const Vec3 h = in.vec();
            e.layers = read_layers(in);
            r = world.add_box(c, q, h, e.layers);
            good = is_finite(c) && is_finite(h) && h.x >= 0.0f && h.y >= 0.0f && h.z >= 0.0f &&
                   valid_transform(Transform{c, q, 1.0f});
            e.pose = Transform{c, q, 1.0f};
            break;
        }
    }
    if (!good) return refused_add(r, world, before);
    added(r, before, model, e);
}

/// set_transform or teleport of any id to any transform.
void op_move(FuzzInput& in, World& world, Model& model, bool teleport) {
    g_op = teleport ? "teleport" : "set_transform";
    const std::uint32_t id = read_id(in, world);
    const Transform t = read_transform(in);
    const Snapshot before(world);
    const char* error = teleport ? world.teleport(id, t) : world.set_transform(id, t);
    if (!model.live(id) || !valid_transform(t)) {
        check(error != nullptr, "a bad move was accepted");
        check(Snapshot(world) == before, "a refused move changed the world");
        return;  // agrees() checks that the pose did not change; update() that the target did not
    }
    check(error == nullptr, "a good move was refused");
    Expected& e = model.objects[id];
    if (teleport) {
        e.pose = t;
        e.pending = false;
        check(world.linear_velocity(id) == Vec3{0, 0, 0} && world.angular_velocity(id) == Vec3{0, 0, 0},
              "teleport left a velocity");
    } else {
        e.target = t;
        e.pending = true;
    }
}

void op_update(FuzzInput& in, World& world, Model& model) {
    g_op = "update";
    const float dt = in.value();
    world.update(dt);
    const bool timed = dt > 0.0f && std::isfinite(dt);
    for (std::uint32_t id = 0; id < model.objects.size(); ++id) {
        Expected& e = model.objects[id];
        if (!e.live) continue;
        if (!e.pending || !timed)
            check(world.linear_velocity(id) == Vec3{0, 0, 0} && world.angular_velocity(id) == Vec3{0, 0, 0},
                  "a velocity without a timed step");
        if (e.pending) e.pose = e.target;
        e.pending = false;
    }
}

/// New positions for a mesh: nudged, scrambled or hostile, sometimes of another length.
void op_update_mesh(FuzzInput& in, World& world, Model& model) {
    g_op = "update_mesh";
    const std::uint32_t id = read_id(in, world);
    const bool mesh = model.is_mesh(id);
    std::vector<float> positions =
        mesh ? model.shapes[static_cast<std::size_t>(model.objects[id].shape)].positions : std::vector<float>{};
    switch (in.byte() % 4) {
        case 0:  // another length
            if (!positions.empty() && in.flag())
                positions.resize(positions.size() - 1 - in.below(static_cast<std::uint32_t>(positions.size())));
            else
                positions.resize(positions.size() + 1 + in.below(9), 1.0f);
            break;
        case 1:  // nudged: a refit
            for (float& v : positions) v += in.in_range(-0.25f, 0.25f);
            break;
        case 2: {  // vertices swapped: a refit that may need a rebuild
            const std::size_t n = positions.size() / 3;
            for (std::size_t v = 0; v < n; ++v) {
                const std::size_t u = in.below(static_cast<std::uint32_t>(n));
                for (int k = 0; k < 3; ++k) std::swap(positions[3 * v + k], positions[3 * u + k]);
            }
            break;
        }
        default:  // anything at all
            for (float& v : positions) v = in.value();
            break;
    }
    const Snapshot before(world);
    const char* error = world.update_mesh(id, positions);
    if (!mesh || positions.size() != model.shapes[static_cast<std::size_t>(model.objects[id].shape)].positions.size()) {
        check(error != nullptr, "bad positions were accepted");
        check(Snapshot(world) == before, "a refused update_mesh changed the world");
        return;
    }
    check(error == nullptr, "good positions were refused");
    model.shapes[static_cast<std::size_t>(model.objects[id].shape)].positions = std::move(positions);
}

void op_remove(FuzzInput& in, World& world, Model& model) {
    g_op = "remove";
    const std::uint32_t id = read_id(in, world);
    const Snapshot before(world);
    const char* error = world.remove(id);
    if (!model.live(id)) {
        check(error != nullptr, "removing a removed or unknown id was accepted");
        check(Snapshot(world) == before, "a refused remove changed the world");
        return;
    }
    check(error == nullptr, "removing a live object was refused");
    model.objects[id].live = false;
}

void op_set_layers(FuzzInput& in, World& world, Model& model) {
    g_op = "set_layers";
    const std::uint32_t id = read_id(in, world);
    const std::uint32_t layers = read_layers(in);
    const Snapshot before(world);
    const char* error = world.set_layers(id, layers);
    if (!model.live(id)) {
        check(error != nullptr, "set_layers of a removed or unknown id was accepted");
        check(Snapshot(world) == before, "a refused set_layers changed the world");
        return;
    }
    check(error == nullptr, "set_layers of a live object was refused");
    model.objects[id].layers = layers;
}

void dynamic_world(FuzzInput& in) {
    const bool verbose = std::getenv("SHOTOTSU_FUZZ_VERBOSE") != nullptr;
    World world;
    Model model;
    Brute brute;
    g_brute = &brute;
    g_model = &model;
    g_context = print_dynamic;
    for (int op = 0; op < kMaxOps && !in.empty(); ++op) {
        switch (in.byte() % 16) {
            case 0:
            case 1: op_add_mesh(in, world, model); break;
            case 2: op_add_instance(in, world, model); break;
            case 3: op_add_primitive(in, world, model, ObjectKind::Sphere); break;
            case 4: op_add_primitive(in, world, model, ObjectKind::Capsule); break;
            case 5: op_add_primitive(in, world, model, ObjectKind::Box); break;
            case 6: op_move(in, world, model, false); break;
            case 7: op_move(in, world, model, true); break;
            case 8: op_update(in, world, model); break;
            case 9: op_update_mesh(in, world, model); break;
            case 10: op_remove(in, world, model); break;
            case 11: op_set_layers(in, world, model); break;
            default: {
                g_op = "a query";
                const QueryFilter f = read_filter(in, world);
                brute = brute_of(world, model);
                if (verbose)
                    std::fprintf(stderr,
                                 "query (layers %#x, ignore %u): %zu triangles, %zu primitives, magnitude %g%s\n",
                                 f.layers, f.ignore, brute.tris.size(), brute.prims.size(), brute.magnitude,
                                 brute.realistic_poses ? "" : ", unrealistic poses");
                in.reset_finite();
                any_query(in, world, brute, f);
                continue;
            }
        }
        if (verbose)
            std::fprintf(stderr, "%s: ids %u, live %zu, revision %llu\n", g_op, world.id_limit(), world.object_count(),
                         static_cast<unsigned long long>(world.revision()));
        agrees(world, model);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzInput in(data, size);
    g_input = &in;
    g_brute = nullptr;
    g_model = nullptr;
    g_context = nullptr;
    const std::uint8_t mode = in.byte() % 8;
    if (mode == 0)
        bvh_and_broadphase(in);
    else if (mode == 4)
        dynamic_world(in);
    else
        static_world(in);
    return 0;
}
