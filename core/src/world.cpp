// shototsu — the world's objects (world.hpp): adding, placing, moving, refitting and removing
// them, and the top-level hierarchy over their world boxes. The queries live in world_query.cpp
// and world_cast.cpp.
#include "shototsu/world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "shototsu/bounding.hpp"
#include "shototsu/tolerance.hpp"
#include "sort_detail.hpp"
#include "world_objects.hpp"

namespace shototsu {

// ---- transforms -------------------------------------------------------------------------------

const char* transform_from_matrix(const Mat4& m, Transform& out) {
    for (float e : m.e)
        if (!std::isfinite(e)) return "the matrix has a non-finite element";
    if (m.e[3] != 0.0f || m.e[7] != 0.0f || m.e[11] != 0.0f || m.e[15] != 1.0f)
        return "the matrix is projective (its last row is not 0, 0, 0, 1)";
    double c[3][3];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) c[i][j] = m.e[4 * i + j];
    double len[3];
    for (int i = 0; i < 3; ++i) len[i] = std::sqrt(c[i][0] * c[i][0] + c[i][1] * c[i][1] + c[i][2] * c[i][2]);
    const double s = (len[0] + len[1] + len[2]) / 3.0;
    if (!(s > 0.0) || !std::isfinite(s) || static_cast<float>(s) == 0.0f) return "the matrix has a zero scale";
    for (double l : len)
        if (std::fabs(l - s) > tol::kRigidScaleRel * s) return "the matrix scales the axes differently (non-uniform)";
    for (int i = 0; i < 3; ++i)
        for (int j = i + 1; j < 3; ++j) {
            const double d = c[i][0] * c[j][0] + c[i][1] * c[j][1] + c[i][2] * c[j][2];
            if (std::fabs(d) > tol::kRigidScaleRel * s * s) return "the matrix shears (its axes are not orthogonal)";
        }
    const double det = c[0][0] * (c[1][1] * c[2][2] - c[1][2] * c[2][1]) -
                       c[1][0] * (c[0][1] * c[2][2] - c[0][2] * c[2][1]) +
                       c[2][0] * (c[0][1] * c[1][2] - c[0][2] * c[1][1]);
    if (!(det > 0.0)) return "the matrix mirrors (negative determinant)";
    // The rotation from the normalised columns (Shepperd's method, in double).
    double r[3][3];  // r[col][row]
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r[i][j] = c[i][j] / len[i];
    const double m00 = r[0][0], m11 = r[1][1], m22 = r[2][2];
    const double trace = m00 + m11 + m22;
    double qx, qy, qz, qw;
    if (trace > 0.0) {
        const double k = 0.5 / std::sqrt(trace + 1.0);
        qw = 0.25 / k;
        qx = (r[1][2] - r[2][1]) * k;
        qy = (r[2][0] - r[0][2]) * k;
        qz = (r[0][1] - r[1][0]) * k;
    } else if (m00 > m11 && m00 > m22) {
        const double k = 2.0 * std::sqrt(1.0 + m00 - m11 - m22);
        qw = (r[1][2] - r[2][1]) / k;
        qx = 0.25 * k;
        qy = (r[1][0] + r[0][1]) / k;
        qz = (r[2][0] + r[0][2]) / k;
    } else if (m11 > m22) {
        const double k = 2.0 * std::sqrt(1.0 + m11 - m00 - m22);
        qw = (r[2][0] - r[0][2]) / k;
        qx = (r[1][0] + r[0][1]) / k;
        qy = 0.25 * k;
        qz = (r[2][1] + r[1][2]) / k;
    } else {
        const double k = 2.0 * std::sqrt(1.0 + m22 - m00 - m11);
        qw = (r[0][1] - r[1][0]) / k;
        qx = (r[2][0] + r[0][2]) / k;
        qy = (r[2][1] + r[1][2]) / k;
        qz = 0.25 * k;
    }
    const double ql = std::sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
    out.rotation = {static_cast<float>(qx / ql), static_cast<float>(qy / ql), static_cast<float>(qz / ql),
                    static_cast<float>(qw / ql)};
    out.position = {m.e[12], m.e[13], m.e[14]};
    out.scale = static_cast<float>(s);
    return nullptr;
}

const char* transform_from_parts(Vec3 position, Quat rotation, Vec3 scale, Transform& out) {
    if (!is_finite(position)) return "the position must be finite";
    if (!is_finite(scale)) return "the scale must be finite";
    const double s = (static_cast<double>(scale.x) + scale.y + scale.z) / 3.0;
    if (!(scale.x > 0.0f && scale.y > 0.0f && scale.z > 0.0f)) return "the scale must be > 0";
    for (const float c : {scale.x, scale.y, scale.z})
        if (std::fabs(c - s) > tol::kRigidScaleRel * s) return "the scale differs between axes (non-uniform)";
    out.position = position;
    out.rotation = rotation;
    out.scale = static_cast<float>(s);
    return nullptr;
}

namespace {

const char* check_transform(const Transform& t) {
    if (!is_finite(t.position)) return "the position must be finite";
    const Quat& q = t.rotation;
    if (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z) || !std::isfinite(q.w))
        return "the rotation must be finite";
    if (q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && q.w == 0.0f) return "the rotation must not be zero";
    if (!(t.scale > 0.0f) || !std::isfinite(t.scale)) return "the scale must be finite and > 0";
    return nullptr;
}

Transform normalized(const Transform& t) {
    Transform r = t;
    // Quaternions already unit to float precision stay as they are, so that setting a pose read
    // back from transform() puts the object exactly where it was.
    const Quat& q = t.rotation;
    const float n2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    if (std::fabs(n2 - 1.0f) > tol::kUnitQuatSq) r.rotation = quat_normalize(q);
    return r;
}

bool is_identity(const Transform& t) {
    return t.position.x == 0.0f && t.position.y == 0.0f && t.position.z == 0.0f && t.rotation.x == 0.0f &&
           t.rotation.y == 0.0f && t.rotation.z == 0.0f && t.rotation.w == 1.0f && t.scale == 1.0f;
}

void set_pose(World::Object& o, const Transform& t) {
    o.pose = t;
    o.identity = is_identity(t);
    o.rot = mat3_from_quat(t.rotation);
    o.inv_scale = 1.0f / t.scale;
    o.box = detail::object_box(o);
}

std::vector<Triangle> read_triangles(std::span<const float> positions, std::span<const std::uint32_t> indices,
                                     std::size_t tri_count) {
    auto vertex = [&](std::size_t v) { return Vec3{positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]}; };
    std::vector<Triangle> tris(tri_count);
    for (std::size_t t = 0; t < tri_count; ++t)
        tris[t] = indices.empty()
                      ? Triangle{vertex(3 * t), vertex(3 * t + 1), vertex(3 * t + 2)}
                      : Triangle{vertex(indices[3 * t]), vertex(indices[3 * t + 1]), vertex(indices[3 * t + 2])};
    return tris;
}

}  // namespace

namespace detail {

// The world box of the object at its pose.
AABB object_box(const World::Object& o) {
    if (detail::is_mesh(o)) {
        if (aabb_is_empty(o.shape->box)) return aabb_empty();
        return o.identity ? o.shape->box : detail::place_box(o, o.shape->box);
    }
    const AABB b = detail::primitive_box(detail::world_primitive(o));
    if (aabb_is_empty(b)) return b;
    const float m = tol::kTransformSlopRel * detail::box_magnitude(b);
    return {b.min - Vec3{m, m, m}, b.max + Vec3{m, m, m}};
}

// Builds a mesh's hierarchy from its triangles (given in original order) and stores them in
// leaf order.
void build_shape(World::MeshShape& mesh, std::vector<Triangle>&& tris) {
    const std::size_t n = tris.size();
    std::vector<AABB> boxes(n);
    for (std::size_t t = 0; t < n; ++t) {
        const Triangle& tr = tris[t];
        // A triangle with a non-finite vertex gets an empty box: no query reaches it.
        boxes[t] = (is_finite(tr.a) && is_finite(tr.b) && is_finite(tr.c)) ? aabb_of_triangle(tr) : aabb_empty();
    }
    mesh.bvh = build_bvh(boxes);
    mesh.built_cost = bvh_sah_cost(mesh.bvh);
    widen(mesh.bvh);
    mesh.ids = std::move(mesh.bvh.order);  // the original index of each stored triangle
    mesh.bvh.order = {};
    mesh.tris.resize(n);
    mesh.slot_of.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t id = mesh.ids[k];
        mesh.tris[k] = tris[id];
        mesh.slot_of[id] = static_cast<std::uint32_t>(k);
    }
    mesh.box = mesh.bvh.nodes.empty() ? aabb_empty() : mesh.bvh.nodes[0].box;
}

void set_pose(World::Object& o, const Transform& t) { ::shototsu::set_pose(o, t); }

Primitive world_primitive(const World::Object& o) {
    Primitive p = o.local;
    const float s = o.pose.scale;
    switch (o.kind) {
        case ObjectKind::Sphere: p.sphere = {place(o, o.local.sphere.center), o.local.sphere.radius * s}; break;
        case ObjectKind::Capsule:
            p.capsule = {place(o, o.local.capsule.start), place(o, o.local.capsule.end), o.local.capsule.radius * s};
            break;
        case ObjectKind::Box:
            p.box = {place(o, o.local.box.center), o.pose.rotation, o.local.box.half_extents * s};
            break;
        default: break;
    }
    return p;
}

// Fibonacci hashing: the top bits of id * 2^32/phi, so that ids in any stride spread over the table.
std::size_t IdSlots::home(std::uint32_t id) const { return (id * 0x9E3779B9u) >> shift_; }

std::uint32_t IdSlots::find(std::uint32_t id) const {
    if (entries_.empty() || id == kNoIndex) return kNoIndex;
    const std::size_t mask = entries_.size() - 1;
    for (std::size_t i = home(id);; i = (i + 1) & mask) {
        const Entry& e = entries_[i];
        if (e.id == id) return e.slot;
        if (e.id == kNoIndex) return kNoIndex;  // the table is never full
    }
}

void IdSlots::set(std::uint32_t id, std::uint32_t slot) {
    if (4 * (size_ + 1) > 3 * entries_.size()) {
        // Twice the entries (16 at first), every entry placed again.
        std::vector<Entry> old(entries_.size() < 8 ? 16 : 2 * entries_.size(), Entry{kNoIndex, 0});
        old.swap(entries_);
        for (shift_ = 32; (std::size_t{1} << (32 - shift_)) < entries_.size();) --shift_;
        size_ = 0;
        for (const Entry& e : old)
            if (e.id != kNoIndex) set(e.id, e.slot);
    }
    const std::size_t mask = entries_.size() - 1;
    std::size_t i = home(id);
    while (entries_[i].id != kNoIndex && entries_[i].id != id) i = (i + 1) & mask;
    if (entries_[i].id == kNoIndex) ++size_;
    entries_[i] = {id, slot};
}

void IdSlots::erase(std::uint32_t id) {
    if (entries_.empty() || id == kNoIndex) return;
    const std::size_t mask = entries_.size() - 1;
    std::size_t hole = home(id);
    while (entries_[hole].id != id) {
        if (entries_[hole].id == kNoIndex) return;
        hole = (hole + 1) & mask;
    }
    --size_;
    // Each entry after the hole, up to the next empty one, moves into the hole when the hole lies
    // on its probe path (between its home and where it is, cyclically); the last hole is emptied.
    for (std::size_t j = (hole + 1) & mask; entries_[j].id != kNoIndex; j = (j + 1) & mask) {
        const std::size_t h = home(entries_[j].id);
        if (((j - h) & mask) >= ((j - hole) & mask)) {
            entries_[hole] = entries_[j];
            hole = j;
        }
    }
    entries_[hole] = {kNoIndex, 0};
}

}  // namespace detail

// ---- objects ----------------------------------------------------------------------------------

World::World() = default;
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

AddResult World::add_object(Object&& o) {
    AddResult r;
    if (next_id_ >= kNoIndex - 1) {
        r.error = "too many objects";
        return r;
    }
    o.id = next_id_++;
    slot_of_.set(o.id, static_cast<std::uint32_t>(slots_.size()));
    slots_.push_back(std::move(o));
    top_structure_dirty_ = true;
    ++revision_;
    slots_.back().changed = revision_;
    r.ok = true;
    r.object = slots_.back().id;
    return r;
}

AddResult World::add_mesh(std::span<const float> positions, std::span<const std::uint32_t> indices,
                          const ObjectOptions& options) {
    AddResult r;
    if (positions.size() % 3 != 0) {
        r.error = "positions must hold 3 floats per vertex";
        return r;
    }
    const std::size_t vertex_count = positions.size() / 3;
    std::size_t tri_count;
    if (indices.empty()) {
        if (vertex_count % 3 != 0) {
            r.error = "a mesh without indices must hold 3 vertices per triangle";
            return r;
        }
        tri_count = vertex_count / 3;
    } else {
        if (indices.size() % 3 != 0) {
            r.error = "indices must hold 3 entries per triangle";
            return r;
        }
        for (const std::uint32_t i : indices)
            if (i >= vertex_count) {
                r.error = "an index is out of range of the positions";
                return r;
            }
        tri_count = indices.size() / 3;
    }
    if (tri_count >= kNoIndex) {
        r.error = "too many triangles";
        return r;
    }
    if ((r.error = check_transform(options.transform))) return r;

    const auto t0 = std::chrono::steady_clock::now();
    auto shape = std::make_shared<MeshShape>();
    detail::build_shape(*shape, read_triangles(positions, indices, tri_count));
    shape->indices.assign(indices.begin(), indices.end());
    shape->position_floats = positions.size();
    build_ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    Object o;
    o.kind = ObjectKind::Mesh;
    o.layers = options.layers;
    o.shape = std::move(shape);
    set_pose(o, normalized(options.transform));
    o.target = o.pose;
    o.previous = o.pose;
    return add_object(std::move(o));
}

AddResult World::add_instance(std::uint32_t mesh, const ObjectOptions& options) {
    AddResult r;
    const Object* source = live(mesh);
    if (!source || !detail::is_mesh(*source)) {
        r.error = "the mesh is not a live mesh or instance of this world";
        return r;
    }
    if ((r.error = check_transform(options.transform))) return r;
    Object o;
    o.kind = ObjectKind::Instance;
    o.layers = options.layers;
    o.shape = source->shape;
    set_pose(o, normalized(options.transform));
    o.target = o.pose;
    o.previous = o.pose;
    return add_object(std::move(o));
}

AddResult World::add_sphere(Vec3 center, float radius, std::uint32_t layers) {
    AddResult r;
    if (!is_finite(center) || !(radius >= 0.0f) || !std::isfinite(radius)) {
        r.error = "the centre must be finite and the radius finite and >= 0";
        return r;
    }
    Object o;
    o.kind = ObjectKind::Sphere;
    o.layers = layers;
    o.local.kind = detail::Primitive::Kind::Sphere;
    o.local.sphere = {{0, 0, 0}, radius};
    set_pose(o, Transform{center, {}, 1.0f});
    o.target = o.pose;
    o.previous = o.pose;
    return add_object(std::move(o));
}

AddResult World::add_capsule(Vec3 a, Vec3 b, float radius, std::uint32_t layers) {
    AddResult r;
    if (!is_finite(a) || !is_finite(b) || !(radius >= 0.0f) || !std::isfinite(radius)) {
        r.error = "the ends must be finite and the radius finite and >= 0";
        return r;
    }
    const Vec3 mid = (a + b) * 0.5f;
    if (!is_finite(mid)) {
        r.error = "the ends are too far apart";
        return r;
    }
    Object o;
    o.kind = ObjectKind::Capsule;
    o.layers = layers;
    o.local.kind = detail::Primitive::Kind::Capsule;
    o.local.capsule = {a - mid, b - mid, radius};
    set_pose(o, Transform{mid, {}, 1.0f});
    o.target = o.pose;
    o.previous = o.pose;
    return add_object(std::move(o));
}

AddResult World::add_box(Vec3 center, Quat rotation, Vec3 half_extents, std::uint32_t layers) {
    AddResult r;
    if (!is_finite(center) || !is_finite(half_extents) || !(half_extents.x >= 0.0f) || !(half_extents.y >= 0.0f) ||
        !(half_extents.z >= 0.0f)) {
        r.error = "the centre must be finite and the half extents finite and >= 0";
        return r;
    }
    const Transform t{center, rotation, 1.0f};
    if ((r.error = check_transform(t))) return r;
    Object o;
    o.kind = ObjectKind::Box;
    o.layers = layers;
    o.local.kind = detail::Primitive::Kind::Box;
    o.local.box = {{0, 0, 0}, {}, half_extents};
    set_pose(o, normalized(t));
    o.target = o.pose;
    o.previous = o.pose;
    return add_object(std::move(o));
}

const char* World::remove(std::uint32_t id) {
    const std::uint32_t slot = slot_of_.find(id);
    if (slot == kNoIndex) return "the object is not a live object of this world";
    // The last object moves into the hole; the removed one frees its mesh when no other object
    // shares it.
    slot_of_.erase(id);
    if (slot + 1 != slots_.size()) {
        slots_[slot] = std::move(slots_.back());
        slot_of_.set(slots_[slot].id, slot);
    }
    slots_.pop_back();
    top_structure_dirty_ = true;
    ++revision_;
    removal_revision_ = revision_;
    return nullptr;
}

const char* World::set_transform(std::uint32_t id, const Transform& t) {
    Object* o = live(id);
    if (!o) return "the object is not a live object of this world";
    if (const char* e = check_transform(t)) return e;
    o->target = normalized(t);
    o->pending = true;
    return nullptr;
}

const char* World::teleport(std::uint32_t id, const Transform& t) {
    Object* o = live(id);
    if (!o) return "the object is not a live object of this world";
    if (const char* e = check_transform(t)) return e;
    set_pose(*o, normalized(t));
    o->previous = o->target = o->pose;
    o->pending = false;
    o->linear = o->angular = Vec3{};
    top_boxes_dirty_ = true;
    ++revision_;
    o->changed = revision_;
    return nullptr;
}

const char* World::move_over_step(std::uint32_t id, const Transform& t) {
    // Before a timed step there is no motion to sweep: the previous pose could be any age.
    if (!(step_dt_ > 0.0f)) return teleport(id, t);
    Object* o = live(id);
    if (!o) return "the object is not a live object of this world";
    if (const char* e = check_transform(t)) return e;
    const Transform to = normalized(t);
    o->target = to;
    o->pending = false;
    // Where it already is: nothing changes (a standing character wakes no particle).
    if (detail::same_pose(o->pose, to)) return nullptr;
    const bool was_moved = !detail::same_pose(o->previous, o->pose);
    if (!was_moved) o->previous_box = o->box;
    set_pose(*o, to);
    detail::set_velocities(*o, step_dt_);
    const bool now_moved = !detail::same_pose(o->previous, o->pose);
    if (now_moved && std::find(moved_ids_.begin(), moved_ids_.end(), id) == moved_ids_.end()) moved_ids_.push_back(id);
    if (now_moved && !was_moved) ++moved_count_;
    if (was_moved && !now_moved) --moved_count_;
    top_boxes_dirty_ = true;
    ++revision_;
    o->changed = revision_;
    return nullptr;
}

const char* World::set_layers(std::uint32_t id, std::uint32_t layers) {
    Object* o = live(id);
    if (!o) return "the object is not a live object of this world";
    o->layers = layers;
    ++revision_;
    o->changed = revision_;
    return nullptr;
}

bool World::is_live(std::uint32_t id) const { return live(id) != nullptr; }
ObjectKind World::kind(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->kind : ObjectKind::Mesh;
}
std::uint32_t World::layers(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->layers : 0;
}
Transform World::transform(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->pose : Transform{};
}
Vec3 World::linear_velocity(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->linear : Vec3{};
}
Vec3 World::angular_velocity(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->angular : Vec3{};
}
Transform World::previous_transform(std::uint32_t id) const {
    const Object* o = live(id);
    return o ? o->previous : Transform{};
}
std::size_t World::changed_since(std::uint64_t since, std::vector<std::uint32_t>& out) const {
    const std::size_t before = out.size();
    for (const Object& o : slots_)
        if (o.changed > since) out.push_back(o.id);
    detail::sort_range(out.data() + before, out.data() + out.size(),
                       [](std::uint32_t a, std::uint32_t b) { return a < b; });
    return out.size() - before;
}
Vec3 World::velocity_at(std::uint32_t id, Vec3 p) const {
    const Object* o = live(id);
    if (!o || !is_finite(p)) return {};
    return o->linear + cross(o->angular, p - o->pose.position);
}
std::size_t World::object_count() const { return slots_.size(); }
std::uint32_t World::id_limit() const { return next_id_; }

std::uint32_t World::triangle_count(std::uint32_t id) const {
    const Object* o = live(id);
    return o && detail::is_mesh(*o) ? static_cast<std::uint32_t>(o->shape->tris.size()) : 0;
}

Triangle World::triangle(std::uint32_t id, std::uint32_t tri) const {
    const Object* o = live(id);
    if (!o || !detail::is_mesh(*o) || tri >= o->shape->slot_of.size()) return {};
    const Triangle& t = o->shape->tris[o->shape->slot_of[tri]];
    return o->identity ? t : detail::place(*o, t);
}

bool World::sphere(std::uint32_t id, Sphere& out) const {
    const Object* o = live(id);
    if (!o || o->kind != ObjectKind::Sphere) return false;
    out = detail::world_primitive(*o).sphere;
    return true;
}
bool World::capsule(std::uint32_t id, Capsule& out) const {
    const Object* o = live(id);
    if (!o || o->kind != ObjectKind::Capsule) return false;
    out = detail::world_primitive(*o).capsule;
    return true;
}
bool World::box(std::uint32_t id, OBB& out) const {
    const Object* o = live(id);
    if (!o || o->kind != ObjectKind::Box) return false;
    out = detail::world_primitive(*o).box;
    return true;
}

WorldStats World::stats() const {
    refresh_top();
    WorldStats s;
    std::vector<const MeshShape*> seen;
    for (const Object& o : slots_) {
        ++s.objects;
        s.memory_bytes += sizeof(Object);
        if (!detail::is_mesh(o)) continue;
        const MeshShape* m = o.shape.get();
        bool counted = false;
        for (const MeshShape* x : seen) counted = counted || x == m;
        if (counted) continue;
        seen.push_back(m);
        ++s.meshes;
        s.triangles += static_cast<std::uint32_t>(m->tris.size());
        s.nodes += static_cast<std::uint32_t>(m->bvh.nodes.size());
        s.wide_nodes += static_cast<std::uint32_t>(m->bvh.wide.size());
        s.memory_bytes += m->tris.size() * sizeof(Triangle) + m->ids.size() * 4 + m->slot_of.size() * 4 +
                          m->indices.size() * 4 + m->bvh.nodes.size() * sizeof(BvhNode) +
                          m->bvh.wide.size() * sizeof(BvhNode4) + m->bvh.wide_source.size() * 4;
        s.max_depth = s.max_depth > m->bvh.depth ? s.max_depth : m->bvh.depth;
    }
    s.top_nodes = static_cast<std::uint32_t>(top_.nodes.size());
    s.memory_bytes += top_.nodes.size() * sizeof(BvhNode) + top_.order.size() * 4 + top_boxes_.size() * sizeof(AABB) +
                      slot_of_.memory_bytes();
    s.build_ms = build_ms_;
    s.top_rebuilds = top_rebuilds_;
    s.top_refits = top_refits_;
    s.mesh_rebuilds = mesh_rebuilds_;
    return s;
}

}  // namespace shototsu
