// shototsu — prebuilt worlds: World::serialize and World::deserialize (world.hpp).
//
// The layout, version 1 (docs/serialization.md has the same table with the reasons). Every number
// is little-endian; floats are their IEEE-754 binary32 bits; nothing is padded.
//
//   header   u8[8] magic "SHOTOTSU" · u32 version · u32 flags (0) · u64 byte length (all of it)
//   world    u64 revision · u32 id limit (ids handed out, live or removed) · u32 live objects ·
//            u32 mesh count
//   mesh     u32 triangles T · u32 nodes N · u32 wide nodes W · u32 indices I (0 or 3T) ·
//            u64 position floats · f32 SAH cost at its last build ·
//            T x 9 f32 triangles in leaf order · T x u32 original index of each ·
//            I x u32 indices as added · N x (6 f32 box, u32 first, u32 count) ·
//            W x (4 u32 child, 4 u32 binary source node or 0xFFFFFFFF)
//   object   (the live ones, by increasing id) u32 id · u8 state: 1, or 3 with a pending target ·
//            u8 kind (ObjectKind) · u32 layers · pose · target (each f32 position xyz,
//            rotation xyzw, scale) · f32 linear xyz · f32 angular xyz · then by kind:
//            mesh/instance u32 mesh · sphere f32 radius · capsule f32 a xyz, b xyz (about the
//            centre), radius · box f32 half extents xyz
//   top      u32 nodes · f32 SAH cost at its last build · nodes x (6 f32 box, u32 first, u32 count)
//            · u32 object id per live object, in leaf order
//   trailer  u64 checksum of every byte before it: h = 0xcbf29ce484222325, then for each 8-byte
//            little-endian word w (the last zero-padded) h = (h ^ w) * 0x100000001b3
//
// Meshes are written in the order objects first use them. What the world derives (rotation
// matrices, world boxes, the four-wide nodes' boxes, the top level's leaf boxes, depths) is
// computed again on loading by the same arithmetic, so it comes back with the same bits.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "shototsu/bounding.hpp"
#include "shototsu/world.hpp"
#include "sort_detail.hpp"
#include "world_objects.hpp"

namespace shototsu {

namespace {

constexpr unsigned char kMagic[8] = {'S', 'H', 'O', 'T', 'O', 'T', 'S', 'U'};
// Magic, version, flags and byte length.
constexpr std::size_t kHeaderBytes = 24;
constexpr std::size_t kChecksumBytes = 8;
// The counts, position floats and SAH cost before a mesh's arrays.
constexpr std::size_t kMeshHeaderBytes = 28;
// The bytes of one serialized binary node: a box and two u32.
constexpr std::size_t kNodeBytes = 32;
// The bytes of one four-wide node: four children and four sources.
constexpr std::size_t kWideBytes = 32;
// The bytes of one Transform: position, rotation, scale.
constexpr std::size_t kTransformBytes = 32;
// The fewest bytes an object can take: its id, state, kind, layers, two poses, two velocities and
// the smallest shape (a sphere's radius or a mesh's index).
constexpr std::size_t kMinObjectBytes = 4 + 2 + 4 + 2 * 32 + 24 + 4;
constexpr std::uint8_t kStateLive = 1, kStatePending = 2;

std::uint64_t checksum(const std::uint8_t* p, std::size_t n) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w = 0;
        for (int k = 0; k < 8; ++k) w |= static_cast<std::uint64_t>(p[i + k]) << (8 * k);
        h = (h ^ w) * 0x100000001b3ull;
    }
    if (i < n) {
        std::uint64_t w = 0;
        for (int k = 0; i + k < n; ++k) w |= static_cast<std::uint64_t>(p[i + k]) << (8 * k);
        h = (h ^ w) * 0x100000001b3ull;
    }
    return h;
}

// Appends little-endian numbers to a buffer sized beforehand.
struct Writer {
    std::uint8_t* p;
    void u8(std::uint8_t v) { *p++ = v; }
    void u32(std::uint32_t v) {
        for (int k = 0; k < 4; ++k) *p++ = static_cast<std::uint8_t>(v >> (8 * k));
    }
    void u64(std::uint64_t v) {
        for (int k = 0; k < 8; ++k) *p++ = static_cast<std::uint8_t>(v >> (8 * k));
    }
    void f32(float v) {
        std::uint32_t w;
        std::memcpy(&w, &v, 4);
        u32(w);
    }
    void vec(Vec3 v) { f32(v.x), f32(v.y), f32(v.z); }
    void transform(const Transform& t) {
        vec(t.position);
        f32(t.rotation.x), f32(t.rotation.y), f32(t.rotation.z), f32(t.rotation.w);
        f32(t.scale);
    }
    void node(const BvhNode& n) {
        vec(n.box.min), vec(n.box.max);
        u32(n.first), u32(n.count);
    }
};

// Reads little-endian numbers; a read past the end yields zeros and clears `ok` for good.
struct Reader {
    const std::uint8_t* p;
    const std::uint8_t* end;
    bool ok = true;
    std::size_t left() const { return static_cast<std::size_t>(end - p); }
    // Whether `count` items of `bytes` each can still be read (false on overflow too).
    bool has(std::uint64_t count, std::size_t bytes) const { return ok && count <= left() / bytes; }
    const std::uint8_t* take(std::size_t n) {
        if (!ok || n > left()) {
            ok = false;
            return nullptr;
        }
        const std::uint8_t* at = p;
        p += n;
        return at;
    }
    std::uint8_t u8() {
        const std::uint8_t* b = take(1);
        return b ? b[0] : 0;
    }
    std::uint32_t u32() {
        const std::uint8_t* b = take(4);
        if (!b) return 0;
        return static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8 |
               static_cast<std::uint32_t>(b[2]) << 16 | static_cast<std::uint32_t>(b[3]) << 24;
    }
    std::uint64_t u64() {
        const std::uint64_t lo = u32();
        return lo | static_cast<std::uint64_t>(u32()) << 32;
    }
    float f32() {
        const std::uint32_t w = u32();
        float v;
        std::memcpy(&v, &w, 4);
        return v;
    }
    Vec3 vec() {
        const float x = f32(), y = f32();
        return {x, y, f32()};
    }
    Transform transform() {
        Transform t;
        t.position = vec();
        const float x = f32(), y = f32(), z = f32();
        t.rotation = {x, y, z, f32()};
        t.scale = f32();
        return t;
    }
    BvhNode node() {
        BvhNode n;
        n.box.min = vec();
        n.box.max = vec();
        n.first = u32();
        n.count = u32();
        return n;
    }
};

std::size_t mesh_bytes(const World::MeshShape& m) {
    return kMeshHeaderBytes + m.tris.size() * (36 + 4) + m.indices.size() * 4 + m.bvh.nodes.size() * kNodeBytes +
           m.bvh.wide.size() * kWideBytes;
}

std::size_t object_bytes(const World::Object& o) {
    const std::size_t common = 4 + 2 + 4 + 2 * kTransformBytes + 24;
    switch (o.kind) {
        case ObjectKind::Mesh:
        case ObjectKind::Instance: return common + 4;
        case ObjectKind::Sphere: return common + 4;
        case ObjectKind::Capsule: return common + 28;
        case ObjectKind::Box: return common + 12;
    }
    return common;
}

bool valid_transform(const Transform& t) {
    const Quat& q = t.rotation;
    return is_finite(t.position) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) &&
           std::isfinite(q.w) && !(q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && q.w == 0.0f) && t.scale > 0.0f &&
           std::isfinite(t.scale);
}

bool box_has_nan(const AABB& b) {
    return std::isnan(b.min.x) || std::isnan(b.min.y) || std::isnan(b.min.z) || std::isnan(b.max.x) ||
           std::isnan(b.max.y) || std::isnan(b.max.z);
}

// Whether `outer` holds `inner` (an empty inner is held by anything).
bool holds(const AABB& outer, const AABB& inner) {
    if (aabb_is_empty(inner)) return true;
    return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
           outer.max.x >= inner.max.x && outer.max.y >= inner.max.y && outer.max.z >= inner.max.z;
}

// Checks a binary hierarchy over `count` primitives whose boxes box_of(k) gives in leaf order:
// a tree (each node but the root the child of exactly one inner node, children after their
// parent, as refits need), leaves covering every primitive once, no deeper than kBvhMaxDepth,
// every box without NaN and holding its children's. Sets bvh.depth. nullptr, or why not.
template <class BoxOf>
const char* check_tree(Bvh& bvh, std::uint32_t count, BoxOf&& box_of) {
    const std::vector<BvhNode>& nodes = bvh.nodes;
    bvh.depth = 0;
    if (nodes.empty()) return count == 0 ? nullptr : "a tree has no nodes but holds primitives";
    if (count == 0) return "a tree has nodes but no primitives";
    std::vector<std::uint8_t> depth(nodes.size(), 0);
    std::vector<std::uint8_t> covered(count, 0);
    depth[0] = 1;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const BvhNode& n = nodes[i];
        if (depth[i] == 0) return "a tree node is no node's child";
        if (box_has_nan(n.box)) return "a tree node's box is NaN";
        if (n.count > 0) {
            if (n.first > count || n.count > count - n.first) return "a tree leaf is out of range of its primitives";
            for (std::uint32_t k = n.first; k < n.first + n.count; ++k) {
                if (covered[k]) return "a primitive is in two tree leaves";
                covered[k] = 1;
                const AABB b = box_of(k);
                // Boxes the build leaves out (not finite, or empty) bound nothing a query reaches.
                const bool counted = is_finite(b.min) && is_finite(b.max) && !aabb_is_empty(b);
                if (counted && !holds(n.box, b)) return "a tree leaf's box does not hold its primitives";
            }
            bvh.depth = bvh.depth > depth[i] ? bvh.depth : depth[i];
            continue;
        }
        if (n.first <= i || n.first >= nodes.size() - 1) return "a tree node's children are out of range";
        if (depth[i] >= kBvhMaxDepth) return "a tree is deeper than any build makes";
        for (std::uint32_t c = n.first; c <= n.first + 1; ++c) {
            if (depth[c] != 0) return "a tree node has two parents";
            depth[c] = static_cast<std::uint8_t>(depth[i] + 1);
        }
        if (!holds(n.box, nodes[n.first].box) || !holds(n.box, nodes[n.first + 1].box))
            return "a tree node's box does not hold its children's";
    }
    for (const std::uint8_t c : covered)
        if (!c) return "a primitive is in no tree leaf";
    return nullptr;
}

// Checks the four-wide form against the binary one (as widen() makes it: each slot names the
// binary node behind it; a leaf slot its primitives, an inner slot a later wide node, each wide
// node but the root in one slot) and fills its boxes from the binary nodes (refit_wide).
const char* check_wide(Bvh& bvh) {
    const std::size_t w = bvh.wide.size();
    if (bvh.nodes.empty() != (w == 0)) return "a four-wide tree does not match its binary tree";
    std::vector<std::uint8_t> depth(w, 0);
    if (w > 0) depth[0] = 1;
    const float inf = std::numeric_limits<float>::infinity();
    for (std::size_t i = 0; i < w; ++i) {
        BvhNode4& node = bvh.wide[i];
        if (depth[i] == 0) return "a four-wide node is no node's child";
        for (int k = 0; k < 4; ++k) {
            node.min_x[k] = node.min_y[k] = node.min_z[k] = inf;
            node.max_x[k] = node.max_y[k] = node.max_z[k] = -inf;
            const std::uint32_t src = bvh.wide_source[4 * i + k];
            if (src == kBvhNoNode) {
                if (node.child[k] != 0) return "an unused four-wide slot has a child";
                node.count[k] = 0;
                continue;
            }
            if (src >= bvh.nodes.size()) return "a four-wide slot's source node is out of range";
            const BvhNode& s = bvh.nodes[src];
            node.count[k] = s.count;
            if (s.count > 0) {
                if (node.child[k] != s.first) return "a four-wide leaf slot differs from its source leaf";
                continue;
            }
            const std::uint32_t c = node.child[k];
            if (c <= i || c >= w) return "a four-wide node's child is out of range";
            if (depth[c] != 0) return "a four-wide node has two parents";
            if (depth[i] >= kBvhMaxDepth) return "a four-wide tree is deeper than any build makes";
            depth[c] = static_cast<std::uint8_t>(depth[i] + 1);
        }
    }
    refit_wide(bvh);
    return nullptr;
}

const char* read_mesh(Reader& r, World::MeshShape& m) {
    const std::uint32_t tris = r.u32(), nodes = r.u32(), wide = r.u32(), indices = r.u32();
    const std::uint64_t position_floats = r.u64();
    m.built_cost = r.f32();
    if (!r.ok) return "the bytes are truncated";
    if (indices != 0 && indices / 3 != tris) return "a mesh's index count is not 3 per triangle";
    if (indices != 0 && indices % 3 != 0) return "a mesh's index count is not 3 per triangle";
    if (indices == 0 && position_floats != 9ull * tris) return "a mesh's position count does not match its triangles";
    if (indices != 0 && (position_floats % 3 != 0 || position_floats / 3 > kNoIndex))
        return "a mesh's position count is not 3 per vertex";
    if (!r.has(tris, 40) || !r.has(indices, 4) || !r.has(nodes, kNodeBytes) || !r.has(wide, kWideBytes) ||
        !r.has(static_cast<std::uint64_t>(tris) * 40 + static_cast<std::uint64_t>(indices) * 4 +
                   static_cast<std::uint64_t>(nodes) * kNodeBytes + static_cast<std::uint64_t>(wide) * kWideBytes,
               1))
        return "the bytes are truncated";
    m.position_floats = static_cast<std::size_t>(position_floats);
    m.tris.resize(tris);
    for (Triangle& t : m.tris) {
        t.a = r.vec();
        t.b = r.vec();
        t.c = r.vec();
    }
    m.ids.resize(tris);
    m.slot_of.assign(tris, kNoIndex);
    for (std::uint32_t k = 0; k < tris; ++k) {
        const std::uint32_t id = m.ids[k] = r.u32();
        if (id >= tris || m.slot_of[id] != kNoIndex) return "a mesh's triangle order is not a permutation";
        m.slot_of[id] = k;
    }
    m.indices.resize(indices);
    const std::uint64_t vertices = position_floats / 3;
    for (std::uint32_t& i : m.indices)
        if ((i = r.u32()) >= vertices) return "a mesh's index is out of range of its positions";
    m.bvh.nodes.resize(nodes);
    for (BvhNode& n : m.bvh.nodes) n = r.node();
    m.bvh.wide.resize(wide);
    m.bvh.wide_source.resize(4 * static_cast<std::size_t>(wide));
    for (std::size_t i = 0; i < wide; ++i) {
        for (int k = 0; k < 4; ++k) m.bvh.wide[i].child[k] = r.u32();
        for (int k = 0; k < 4; ++k) m.bvh.wide_source[4 * i + k] = r.u32();
    }
    if (!r.ok) return "the bytes are truncated";
    if (const char* e = check_tree(m.bvh, tris, [&](std::uint32_t k) {
            const Triangle& t = m.tris[k];
            return is_finite(t.a) && is_finite(t.b) && is_finite(t.c) ? aabb_of_triangle(t) : aabb_empty();
        }))
        return e;
    if (const char* e = check_wide(m.bvh)) return e;
    m.box = m.bvh.nodes.empty() ? aabb_empty() : m.bvh.nodes[0].box;
    return nullptr;
}

const char* read_object(Reader& r, World::Object& o, const std::vector<std::shared_ptr<World::MeshShape>>& meshes,
                        std::vector<std::uint8_t>& used) {
    o.id = r.u32();
    const std::uint8_t state = r.u8();
    if (!r.ok) return "the bytes are truncated";
    if (state != kStateLive && state != (kStateLive | kStatePending)) return "an object's state is not one";
    const std::uint8_t kind = r.u8();
    o.layers = r.u32();
    const Transform pose = r.transform();
    o.target = r.transform();
    o.linear = r.vec();
    o.angular = r.vec();
    if (!r.ok) return "the bytes are truncated";
    if (kind > static_cast<std::uint8_t>(ObjectKind::Box)) return "an object's kind is not one";
    if (!valid_transform(pose) || !valid_transform(o.target)) return "an object's pose is not a rigid transform";
    if (!is_finite(o.linear) || !is_finite(o.angular)) return "an object's velocity is not finite";
    o.kind = static_cast<ObjectKind>(kind);
    o.pending = (state & kStatePending) != 0;
    switch (o.kind) {
        case ObjectKind::Mesh:
        case ObjectKind::Instance: {
            const std::uint32_t mesh = r.u32();
            if (!r.ok) return "the bytes are truncated";
            if (mesh >= meshes.size()) return "an object's mesh is out of range";
            o.shape = meshes[mesh];
            used[mesh] = 1;
            break;
        }
        case ObjectKind::Sphere: {
            o.local.kind = detail::Primitive::Kind::Sphere;
            o.local.sphere.radius = r.f32();
            if (!(o.local.sphere.radius >= 0.0f) || !std::isfinite(o.local.sphere.radius))
                return "a sphere's radius is not finite and >= 0";
            break;
        }
        case ObjectKind::Capsule: {
            o.local.kind = detail::Primitive::Kind::Capsule;
            o.local.capsule.start = r.vec();
            o.local.capsule.end = r.vec();
            o.local.capsule.radius = r.f32();
            const Capsule& c = o.local.capsule;
            if (!is_finite(c.start) || !is_finite(c.end) || !(c.radius >= 0.0f) || !std::isfinite(c.radius))
                return "a capsule's ends or radius are not finite";
            break;
        }
        case ObjectKind::Box: {
            o.local.kind = detail::Primitive::Kind::Box;
            o.local.box.half_extents = r.vec();
            const Vec3 h = o.local.box.half_extents;
            if (!is_finite(h) || !(h.x >= 0.0f) || !(h.y >= 0.0f) || !(h.z >= 0.0f))
                return "a box's half extents are not finite and >= 0";
            break;
        }
    }
    if (!r.ok) return "the bytes are truncated";
    detail::set_pose(o, pose);
    // A loaded world is where a step begins: nothing has moved within it yet (moved() is false,
    // previous_transform() the pose); the saved velocities stay for velocity_at.
    o.previous = o.pose;
    return nullptr;
}

}  // namespace

std::vector<std::uint8_t> World::serialize() const {
    refresh_top();
    // The objects by increasing id (the slots' order depends on the removals' history); meshes in
    // the order those objects first use them, an object naming its mesh by that position.
    std::vector<std::uint32_t> by_id(slots_.size());
    for (std::uint32_t k = 0; k < by_id.size(); ++k) by_id[k] = k;
    detail::sort_range(by_id.data(), by_id.data() + by_id.size(),
                       [&](std::uint32_t a, std::uint32_t b) { return slots_[a].id < slots_[b].id; });
    std::vector<const MeshShape*> meshes;
    std::vector<std::uint32_t> mesh_of(slots_.size(), kNoIndex);
    for (const std::uint32_t slot : by_id) {
        const Object& o = slots_[slot];
        if (!detail::is_mesh(o)) continue;
        std::uint32_t m = 0;
        while (m < meshes.size() && meshes[m] != o.shape.get()) ++m;
        if (m == meshes.size()) meshes.push_back(o.shape.get());
        mesh_of[slot] = m;
    }
    std::size_t size = kHeaderBytes + 20;
    for (const MeshShape* m : meshes) size += mesh_bytes(*m);
    for (const Object& o : slots_) size += object_bytes(o);
    size += 8 + top_.nodes.size() * kNodeBytes + top_.order.size() * 4 + kChecksumBytes;

    std::vector<std::uint8_t> bytes(size);
    Writer w{bytes.data()};
    for (const unsigned char c : kMagic) w.u8(c);
    w.u32(kSerializationVersion);
    w.u32(0);
    w.u64(size);
    w.u64(revision_);
    w.u32(next_id_);
    w.u32(static_cast<std::uint32_t>(slots_.size()));
    w.u32(static_cast<std::uint32_t>(meshes.size()));
    for (const MeshShape* m : meshes) {
        w.u32(static_cast<std::uint32_t>(m->tris.size()));
        w.u32(static_cast<std::uint32_t>(m->bvh.nodes.size()));
        w.u32(static_cast<std::uint32_t>(m->bvh.wide.size()));
        w.u32(static_cast<std::uint32_t>(m->indices.size()));
        w.u64(m->position_floats);
        w.f32(m->built_cost);
        for (const Triangle& t : m->tris) w.vec(t.a), w.vec(t.b), w.vec(t.c);
        for (const std::uint32_t id : m->ids) w.u32(id);
        for (const std::uint32_t i : m->indices) w.u32(i);
        for (const BvhNode& n : m->bvh.nodes) w.node(n);
        for (std::size_t i = 0; i < m->bvh.wide.size(); ++i) {
            for (int k = 0; k < 4; ++k) w.u32(m->bvh.wide[i].child[k]);
            for (int k = 0; k < 4; ++k) w.u32(m->bvh.wide_source[4 * i + k]);
        }
    }
    for (const std::uint32_t slot : by_id) {
        const Object& o = slots_[slot];
        w.u32(o.id);
        w.u8(o.pending ? kStateLive | kStatePending : kStateLive);
        w.u8(static_cast<std::uint8_t>(o.kind));
        w.u32(o.layers);
        w.transform(o.pose);
        w.transform(o.target);
        w.vec(o.linear);
        w.vec(o.angular);
        switch (o.kind) {
            case ObjectKind::Mesh:
            case ObjectKind::Instance: w.u32(mesh_of[slot]); break;
            case ObjectKind::Sphere: w.f32(o.local.sphere.radius); break;
            case ObjectKind::Capsule:
                w.vec(o.local.capsule.start), w.vec(o.local.capsule.end), w.f32(o.local.capsule.radius);
                break;
            case ObjectKind::Box: w.vec(o.local.box.half_extents); break;
        }
    }
    w.u32(static_cast<std::uint32_t>(top_.nodes.size()));
    w.f32(top_built_cost_);
    for (const BvhNode& n : top_.nodes) w.node(n);
    for (const std::uint32_t slot : top_.order) w.u32(slots_[slot].id);
    w.u64(checksum(bytes.data(), size - kChecksumBytes));
    return bytes;
}

const char* World::deserialize(std::span<const std::uint8_t> bytes, World& out) {
    if (bytes.size() < kHeaderBytes + kChecksumBytes) return "the bytes are too short to be a serialized World";
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        return "the bytes are not a serialized World (no SHOTOTSU magic)";
    Reader r{bytes.data() + sizeof kMagic, bytes.data() + bytes.size()};
    if (r.u32() != kSerializationVersion) return "the bytes are of a serialization version this build does not read";
    if (r.u32() != 0) return "the bytes have header flags this build does not know";
    if (r.u64() != bytes.size()) return "the byte length differs from the header's (truncated or extended)";
    const std::size_t body = bytes.size() - kChecksumBytes;
    Reader tail{bytes.data() + body, bytes.data() + bytes.size()};
    if (tail.u64() != checksum(bytes.data(), body)) return "the checksum does not match (the bytes are corrupted)";
    r.end = bytes.data() + body;

    World w;
    w.revision_ = r.u64();
    const std::uint32_t id_limit = r.u32(), live = r.u32(), mesh_count = r.u32();
    if (!r.ok) return "the bytes are truncated";
    if (id_limit >= kNoIndex || live > id_limit || !r.has(live, kMinObjectBytes))
        return "the object count is out of range";
    if (!r.has(mesh_count, kMeshHeaderBytes)) return "the mesh count is out of range";
    std::vector<std::shared_ptr<MeshShape>> meshes(mesh_count);
    for (auto& m : meshes) {
        m = std::make_shared<MeshShape>();
        if (const char* e = read_mesh(r, *m)) return e;
    }
    std::vector<std::uint8_t> used(mesh_count, 0);
    w.next_id_ = id_limit;
    w.slots_.resize(live);
    for (std::uint32_t k = 0; k < live; ++k) {
        Object& o = w.slots_[k];
        if (const char* e = read_object(r, o, meshes, used)) return e;
        if (o.id >= id_limit || (k > 0 && o.id <= w.slots_[k - 1].id))
            return "the objects' ids are not increasing below the id limit";
        w.slot_of_.set(o.id, k);
    }
    for (const std::uint8_t u : used)
        if (!u) return "a mesh is used by no object";

    const std::uint32_t top_nodes = r.u32();
    w.top_built_cost_ = r.f32();
    if (!r.has(top_nodes, kNodeBytes)) return "the top level's node count is out of range";
    w.top_.nodes.resize(top_nodes);
    for (BvhNode& n : w.top_.nodes) n = r.node();
    if (!r.has(live, 4)) return "the bytes are truncated";
    w.top_.order.resize(live);
    w.top_boxes_.resize(live);
    std::vector<std::uint8_t> listed(live, 0);
    for (std::uint32_t k = 0; k < live; ++k) {
        const std::uint32_t slot = w.slot_of_.find(r.u32());
        if (slot == kNoIndex || listed[slot]) return "the top level does not list each live object once";
        listed[slot] = 1;
        w.top_.order[k] = slot;
        w.top_boxes_[k] = w.slots_[slot].box;
    }
    if (r.left() != 0) return "the bytes hold more than the world they describe";
    if (const char* e = check_tree(w.top_, live, [&](std::uint32_t k) { return w.top_boxes_[k]; })) return e;
    w.top_structure_dirty_ = w.top_boxes_dirty_ = false;
    out = std::move(w);
    return nullptr;
}

}  // namespace shototsu
