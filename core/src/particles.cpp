// shototsu — bouncing particles (particles.hpp).
//
// One step of one particle, under constant acceleration a over the time left T:
//   * The path is the chord from p to p + (v + v_end) / 2 * T — exactly where the parabola ends,
//     so free flight conserves energy (no drift up, the usual v += g dt; p += v dt adds energy on
//     every bounce). The chord may pass up to |a| T^2 / 8 (0.34 mm at 1/60 s) above the parabola:
//     that is the largest possible penetration, and the next sweep starts in contact.
//   * The chord is swept against the world (World::sphere_cast, conservative: never later than
//     the true contact). At a contact at fraction f the velocity is v + (v_end - v) f; the normal
//     part bounces with restitution (or stops, below rest_speed), the tangential part loses
//     friction * normal impulse (Coulomb), and the particle is set back by a tiny skin along the
//     normal so that the next sweep starts free.
//   * A contact that stopped the normal motion is a resting plane for the rest of the step:
//     gravity into it is cancelled (the normal force) and becomes a friction load, so a particle
//     stays put on a slope whose tangent is below the friction coefficient and slides on a steeper
//     one. Then the step continues with the time left (bounded iterations).
#include "shototsu/particles.hpp"

#include <algorithm>
#include <cmath>

#include "particle_skin.hpp"
#include "primitive.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "world_detail.hpp"

namespace shototsu {

namespace {

// How far a particle is set back from a contact (tol::kParticleSkinRadiusRel/CoordRel).
float skin_for(Vec3 p, float r) {
    const Vec3 m = vabs(p);
    return maxf(r * tol::kParticleSkinRadiusRel, tol::kParticleSkinCoordRel * maxf(maxf(maxf(m.x, m.y), m.z), r));
}

// Removes from `a` its components into the resting planes (those pointing into a surface).
// Returns the total normal load (for friction). Two passes settle creases between two planes.
float constrain(Vec3& a, const Vec3* normals, int count) {
    float load = 0.0f;
    for (int pass = 0; pass < 2; ++pass)
        for (int k = 0; k < count; ++k) {
            const float an = dot(a, normals[k]);
            if (an < 0.0f) {
                a -= normals[k] * an;
                if (pass == 0) load -= an;
            }
        }
    return load;
}

bool boxes_meet(const AABB& a, const AABB& b) {
    return !(a.min.x > b.max.x || a.max.x < b.min.x || a.min.y > b.max.y || a.max.y < b.min.y || a.min.z > b.max.z ||
             a.max.z < b.min.z);
}

bool same_pose(const Transform& a, const Transform& b) {
    return a.position == b.position && a.rotation.x == b.rotation.x && a.rotation.y == b.rotation.y &&
           a.rotation.z == b.rotation.z && a.rotation.w == b.rotation.w && a.scale == b.scale;
}

// How far the sweep boxes are grown around a motion from p of length len: the radius, the
// traversal slop and the sweeps' touching band (as World::sphere_cast grows its boxes).
float sweep_grow(Vec3 p, float r, float len) {
    const Vec3 m = vabs(p);
    const float mag = maxf(maxf(m.x, m.y), m.z);
    const float slop = tol::kTraversalSlopRel * (mag + len + r);
    const float band = 2.0f * static_cast<float>(tol::kSweepContactSlop * static_cast<double>(maxf(mag, r)));
    return r + slop + band;
}

}  // namespace

ParticleSystem::ParticleSystem(const World& world, const ParticleSettings& settings)
    : world_(&world), settings_(settings) {
    const std::size_t n = settings_.capacity;
    positions_.assign(3 * n, 0.0f);
    velocities_.assign(3 * n, 0.0f);
    radii_.assign(n, 0.0f);
    quiet_steps_.assign(n, 0);
    asleep_.assign(n, 0);
    sleep_positions_.assign(3 * n, 0.0f);
    cache_.resize(n * kCacheSlots);
    cache_box_.assign(n, aabb_empty());
    cache_count_.assign(n, 0);
}

double ParticleSystem::memory_bytes(std::uint32_t capacity) {
    // positions, velocities and sleep positions (3 floats each), radii, quiet steps, asleep flag,
    // cache slots, cache box and cache count: what the constructor assigns.
    const double per_particle = 9.0 * sizeof(float) + sizeof(float) + sizeof(std::uint32_t) + sizeof(std::uint8_t) +
                                kCacheSlots * sizeof(CachedTriangle) + sizeof(AABB) + sizeof(std::uint8_t);
    return per_particle * static_cast<double>(capacity);
}

std::int32_t ParticleSystem::spawn(Vec3 position, Vec3 velocity, float radius) {
    if (count_ >= settings_.capacity) return -1;
    if (radius < 0.0f) radius = settings_.radius;
    if (!is_finite(position) || !is_finite(velocity) || !(radius > 0.0f) || !std::isfinite(radius)) return -1;
    const std::uint32_t i = count_++;
    store(positions_, i, position);
    store(velocities_, i, velocity);
    radii_[i] = radius;
    quiet_steps_[i] = 0;
    asleep_[i] = 0;
    cache_box_[i] = aabb_empty();
    return static_cast<std::int32_t>(i);
}

void ParticleSystem::refill_cache(std::uint32_t i, const AABB& box) {
    std::uint32_t n = 0;
    CachedTriangle* slots = &cache_[static_cast<std::size_t>(i) * kCacheSlots];
    world_->for_each_triangle_in(box, [&](std::uint32_t object, std::uint32_t id, const Triangle& tri) {
        if (object < moved_mesh_.size() && moved_mesh_[object]) return;
        if (n < kCacheSlots) slots[n] = {tri, object, id};
        ++n;
    });
    cache_box_[i] = box;
    cache_count_[i] = n <= kCacheSlots ? static_cast<std::uint8_t>(n) : kCacheOverflow;
}

// World::sphere_cast through the particle's triangle cache: the same per-triangle sweeps over the
// same motion and the same tie rule, so the same answer.
WorldHit ParticleSystem::sweep_particle(std::uint32_t i, Vec3 p, float r, Vec3 chord, float len) {
    // With movers about, the world's own cast would meet them at their end poses: walk the meshes
    // that stay put instead (the same per-triangle sweeps as the cache).
    const auto uncached = [&]() {
        if (movers_.empty()) return world_->sphere_cast(p, r, chord, len);
        const Vec3 dir = normalize_or(chord, Vec3{0, 0, 0});
        detail::EarliestSweep earliest;
        if (dir == Vec3{0, 0, 0}) return earliest.result(len, len);
        const Vec3 end = p + dir * len;
        const float grow = sweep_grow(p, r, len);
        const Vec3 g{grow, grow, grow};
        world_->for_each_triangle_in({vmin(p, end) - g, vmax(p, end) + g},
                                     [&](std::uint32_t object, std::uint32_t id, const Triangle& tri) {
                                         if (object < moved_mesh_.size() && moved_mesh_[object]) return;
                                         earliest.offer(sweep_sphere_triangle(r, p, end, tri), object, id);
                                     });
        return earliest.result(len, len);
    };
    if (!cache_enabled_) return uncached();
    const Vec3 dir = normalize_or(chord, Vec3{0, 0, 0});
    if (dir == Vec3{0, 0, 0}) return detail::EarliestSweep{}.result(len, len);
    const Vec3 motion = dir * len;
    const Vec3 end = p + motion;
    const Vec3 m = vabs(p);
    const float mag = maxf(maxf(m.x, m.y), m.z);
    const float slop = tol::kTraversalSlopRel * (mag + len + r);
    // Grown by the sweeps' touching band too, as World::sphere_cast grows its boxes: a particle
    // within the band of a triangle and moving toward it hits at t = 0, though the triangle lies
    // outside the box of its motion grown by r + slop (the band is the wider far from the origin).
    const float band = 2.0f * static_cast<float>(tol::kSweepContactSlop * static_cast<double>(maxf(mag, r)));
    const float grow = r + slop + band;
    const Vec3 g{grow, grow, grow};
    const AABB need{vmin(p, end) - g, vmax(p, end) + g};
    const AABB& have = cache_box_[i];
    if (!(need.min.x >= have.min.x && need.min.y >= have.min.y && need.min.z >= have.min.z &&
          need.max.x <= have.max.x && need.max.y <= have.max.y && need.max.z <= have.max.z)) {
        // Refill with room to move: the particle's radius, or half its motion, on every side.
        const float margin = maxf(r, 0.5f * len);
        const Vec3 mg{margin, margin, margin};
        refill_cache(i, {need.min - mg, need.max + mg});
    }
    if (cache_count_[i] == kCacheOverflow) return uncached();
    const CachedTriangle* slots = &cache_[static_cast<std::size_t>(i) * kCacheSlots];
    detail::EarliestSweep earliest;
    for (std::uint32_t k = 0; k < cache_count_[i]; ++k) {
        const Triangle& tri = slots[k].tri;
        if (minf(minf(tri.a.x, tri.b.x), tri.c.x) > need.max.x || maxf(maxf(tri.a.x, tri.b.x), tri.c.x) < need.min.x ||
            minf(minf(tri.a.y, tri.b.y), tri.c.y) > need.max.y || maxf(maxf(tri.a.y, tri.b.y), tri.c.y) < need.min.y ||
            minf(minf(tri.a.z, tri.b.z), tri.c.z) > need.max.z || maxf(maxf(tri.a.z, tri.b.z), tri.c.z) < need.min.z)
            continue;
        earliest.offer(sweep_sphere_triangle(r, p, end, tri), slots[k].object, slots[k].id);
    }
    return earliest.result(len, len);
}

// Lists the primitives and moved meshes with their poses over the step (all still when the world
// has not changed since the last step: nothing moved in between).
void ParticleSystem::refresh_movers(float dt) {
    const bool changed = world_->revision() != world_revision_;
    if (!changed) {
        for (Mover& m : movers_)
            if (m.moving) {
                m.moving = false;
                m.start = m.end;
                m.angle = 0.0f;
                m.linear = m.angular = Vec3{};
            }
        return;
    }
    movers_.clear();
    const std::uint32_t limit = world_->id_limit();
    moved_mesh_.resize(limit, 0);
    for (std::uint32_t id = 0; id < limit; ++id) {
        if (!world_->is_live(id)) continue;
        const ObjectKind kind = world_->kind(id);
        const bool mesh = kind == ObjectKind::Mesh || kind == ObjectKind::Instance;
        if (mesh && !moved_mesh_[id]) continue;
        Mover m;
        m.id = id;
        m.kind = kind;
        const Transform a = world_->previous_transform(id), b = world_->transform(id);
        m.start = a.position;
        m.end = b.position;
        m.moving = !same_pose(a, b);
        if (m.moving) {
            const Vec3 turn = rotation_vector(a.rotation, b.rotation);
            m.angle = length(turn);
            m.axis = m.angle > 0.0f ? turn * (1.0f / m.angle) : Vec3{0, 1, 0};
            m.linear = (m.end - m.start) * (1.0f / dt);
            m.angular = turn * (1.0f / dt);
        }
        if (kind == ObjectKind::Sphere) world_->sphere(id, m.sphere);
        if (kind == ObjectKind::Capsule) world_->capsule(id, m.capsule);
        if (kind == ObjectKind::Box) world_->box(id, m.box);
        // Every point of the object is within |translation| + reach * min(angle, 2) of where it
        // ends (an arc is no longer than its angle times its radius, nor than the diameter).
        const AABB b_end = world_->bounds(id);
        const Vec3 reach = vmax(vabs(b_end.min - m.end), vabs(b_end.max - m.end));
        const float sweep = length(m.end - m.start) + length(reach) * minf(m.angle, 2.0f);
        m.swept = {b_end.min - Vec3{sweep, sweep, sweep}, b_end.max + Vec3{sweep, sweep, sweep}};
        movers_.push_back(m);
    }
}

// Sweeps the chord p -> p + chord (covering the fractions s0..s1 of the step) against every mover
// in the relative motion (particles.hpp), and returns the earliest contact.
ParticleSystem::MoverHit ParticleSystem::sweep_movers(Vec3 p, float r, Vec3 chord, float len, float s0,
                                                      float s1) const {
    MoverHit best;
    const Vec3 p_end = p + chord;
    const float grow = sweep_grow(p, r, len);
    const Vec3 g{grow, grow, grow};
    const AABB motion{vmin(p, p_end) - g, vmax(p, p_end) + g};
    for (const Mover& m : movers_) {
        if (!boxes_meet(motion, m.swept)) continue;
        // The path in the object's end pose at fraction u of the chord.
        const auto rest_turn = [&](float s) { return quat_from_axis_angle(m.axis, (1.0f - s) * m.angle); };
        const auto carried = [&](float u, Vec3 x) { return m.moving ? ride(m, x, s0 + (s1 - s0) * u) : x; };
        int pieces = 1;
        if (m.moving && m.angle > 0.0f) {
            const Vec3 w0 = p - m.start - (m.end - m.start) * s0;
            const Vec3 w1 = p_end - m.start - (m.end - m.start) * s1;
            const float alpha = m.angle * (s1 - s0);
            const float need = alpha * (alpha * maxf(length(w0), length(w1)) + 2.0f * length(w1 - w0));
            const float allowed = 8.0f * tol::kParticleArcDeviationRel * r;
            if (need > allowed)
                pieces = static_cast<int>(
                    minf(std::ceil(std::sqrt(need / allowed)), static_cast<float>(tol::kParticleMaxArcPieces)));
        }
        Vec3 q0 = carried(0.0f, p);
        for (int k = 0; k < pieces; ++k) {
            const float u0 = static_cast<float>(k) / static_cast<float>(pieces);
            if (best.hit && u0 >= best.f) break;
            const float u1 = k + 1 == pieces ? 1.0f : static_cast<float>(k + 1) / static_cast<float>(pieces);
            const Vec3 q1 = carried(u1, k + 1 == pieces ? p_end : p + chord * u1);
            const Vec3 d = q1 - q0;
            const float piece = length(d);
            float t = 2.0f;
            Vec3 n;
            if (piece > 0.0f) {
                if (m.kind == ObjectKind::Mesh || m.kind == ObjectKind::Instance) {
                    const float gq = sweep_grow(q0, r, piece);
                    const Vec3 gv{gq, gq, gq};
                    detail::EarliestSweep earliest;
                    world_->for_each_triangle_of(m.id, {vmin(q0, q1) - gv, vmax(q0, q1) + gv},
                                                 [&](std::uint32_t object, std::uint32_t id, const Triangle& tri) {
                                                     earliest.offer(sweep_sphere_triangle(r, q0, q1, tri), object, id);
                                                 });
                    if (earliest.best.hit) {
                        t = earliest.t;
                        n = earliest.sweep.normal;
                    }
                } else {
                    detail::Primitive prim;
                    prim.kind = m.kind == ObjectKind::Sphere
                                    ? detail::Primitive::Kind::Sphere
                                    : (m.kind == ObjectKind::Capsule ? detail::Primitive::Kind::Capsule
                                                                     : detail::Primitive::Kind::Box);
                    prim.sphere = m.sphere;
                    prim.capsule = m.capsule;
                    prim.box = m.box;
                    const detail::PrimitiveHit h =
                        detail::primitive_sphere_cast(prim, q0, r, d * (1.0f / piece), piece);
                    if (h.hit) {
                        t = clampf(h.distance / piece, 0.0f, 1.0f);
                        n = h.normal;
                    }
                }
            }
            // A chord starts up to the arc deviation inside a turning surface it curves along: leaving
            // it there is free, as touching and moving away is (else the particle would stay stuck).
            if (t == 0.0f && m.moving && dot(d, n) >= 0.0f) t = 2.0f;
            if (t <= 1.0f) {
                const float f = u0 + (u1 - u0) * t;
                if (!best.hit || f < best.f) {
                    best.hit = true;
                    best.f = f;
                    best.moving = m.moving;
                    best.mover = static_cast<std::uint32_t>(&m - movers_.data());
                    if (m.moving) {
                        const float s = s0 + (s1 - s0) * f;
                        const Quat q = rest_turn(s);
                        best.normal = m.angle > 0.0f ? rotate(Quat{-q.x, -q.y, -q.z, q.w}, n) : n;
                        const Vec3 x = p + chord * f;
                        best.surface_velocity = m.linear + cross(m.angular, x - lerp(m.start, m.end, s));
                    } else {
                        best.normal = n;
                        best.surface_velocity = Vec3{};
                    }
                }
                break;
            }
            q0 = q1;
        }
    }
    return best;
}

// A particle that starts the step inside a primitive (stepped before what moved the primitive
// there, or the primitive teleported onto it) leaves by the shortest way that is free: out along
// the overlap's normal, else along the primitive's axes or the normal slid along what blocked it,
// whichever exit is nearest, to one skin clear of the surface at the primitive's pose at the
// step's start. Each way out is swept against everything else in the world, so a push never
// crosses a floor, a wall or another object; when every way is blocked the particle stays (the
// sweeps then step it out a skin at a time). Its velocity loses whatever part runs back in faster
// than the surface moves.
// Cold (compiled for size, not inlined): it finds a particle inside only after a teleport or the
// wrong order of steps, and inlined it would copy every primitive query into the step.
[[gnu::cold, gnu::noinline]] void ParticleSystem::leave_primitives(Vec3& p, Vec3& v, float r) const {
    for (const Mover& m : movers_) {
        if (m.kind == ObjectKind::Mesh || m.kind == ObjectKind::Instance) continue;
        const Vec3 rv{r, r, r};
        if (!boxes_meet({p - rv, p + rv}, m.swept)) continue;
        detail::Primitive prim;
        prim.kind = m.kind == ObjectKind::Sphere ? detail::Primitive::Kind::Sphere
                                                 : (m.kind == ObjectKind::Capsule ? detail::Primitive::Kind::Capsule
                                                                                  : detail::Primitive::Kind::Box);
        prim.sphere = m.sphere;
        prim.capsule = m.capsule;
        prim.box = m.box;
        // The primitive is held at its end pose: carry the particle there as the sweeps do, and
        // directions back with the turn it has left.
        const Vec3 q = m.moving ? ride(m, p, 0.0f) : p;
        const Contact c = detail::primitive_sphere_overlap(prim, {q, r});
        if (!c.hit || !(c.depth > 0.0f)) continue;
        const Quat turn = m.moving && m.angle > 0.0f ? quat_from_axis_angle(m.axis, m.angle) : Quat{};
        const Quat back{-turn.x, -turn.y, -turn.z, turn.w};
        const AABB pb = detail::primitive_box(prim);
        // From this far along any direction the particle is clear of the primitive.
        const float reach = length(pb.max - pb.min) + 4.0f * r;
        const float skin = skin_for(p, r);
        QueryFilter others;
        others.ignore = m.id;
        const Mat3 axes = m.kind == ObjectKind::Box ? mat3_from_quat(m.box.rotation) : Mat3{};
        Vec3 ways[8] = {c.normal};
        int count = 1;
        for (int k = 0; k < 3; ++k) {
            ways[count++] = axes.col[k];
            ways[count++] = -axes.col[k];
        }
        float best = reach;
        Vec3 out;
        for (int k = 0; k < count; ++k) {
            // The exit along the way: a cast back from outside meets the surface there.
            const Vec3 d = ways[k];
            const detail::PrimitiveHit h = detail::primitive_sphere_cast(prim, q + d * reach, r, -d, reach);
            if (!h.hit) continue;
            const float len = reach - h.distance + skin;
            if (!(len < best)) continue;
            const Vec3 dw = rotate(back, d);
            const WorldHit wall = world_->sphere_cast(p, r, dw, len, others);
            if (wall.hit) {
                // Blocked: try sliding the way along what blocked it (once, from the normal).
                const Vec3 slid = normalize_or(dw - wall.normal * dot(dw, wall.normal), Vec3{0, 0, 0});
                if (k == 0 && !(slid == Vec3{0, 0, 0})) ways[count++] = rotate(turn, slid);
                continue;
            }
            best = len;
            out = dw;
        }
        if (!(best < reach)) continue;
        p += out * best;
        const Vec3 us = m.moving ? m.linear + cross(m.angular, p - m.start) : Vec3{};
        const float vn = dot(v - us, out);
        if (vn < 0.0f) v -= out * vn;
    }
}

Vec3 ParticleSystem::ride(const Mover& m, Vec3 x, float s) {
    const Vec3 w = x - lerp(m.start, m.end, s);
    return m.end + (m.angle > 0.0f ? rotate(quat_from_axis_angle(m.axis, (1.0f - s) * m.angle), w) : w);
}

void ParticleSystem::clear() { count_ = 0; }

std::uint32_t ParticleSystem::set_radius(float radius) {
    if (!(radius > 0.0f) || !std::isfinite(radius)) return 0;
    settings_.radius = radius;
    std::uint32_t kept = 0;
    std::vector<WorldContact> contacts;
    for (std::uint32_t i = 0; i < count_; ++i) {
        if (radius > radii_[i] && !make_room(i, radius, contacts)) {
            ++kept;
            continue;
        }
        radii_[i] = radius;
    }
    wake_all();
    return kept;
}

// Moves particle i (free at its current radius) out of every surface a sphere of `radius` there
// would overlap, along the deepest contact's normal by its depth plus the skin, each push swept
// with the current radius. False, and the particle left where it was, when a push is blocked or
// the passes run out before the larger sphere is clear.
bool ParticleSystem::make_room(std::uint32_t i, float radius, std::vector<WorldContact>& contacts) {
    constexpr int kPushes = 4;
    const Vec3 start = load(positions_, i);
    if (!is_finite(start)) return false;
    Vec3 p = start;
    for (int push = 0; push <= kPushes; ++push) {
        contacts.clear();
        world_->overlap_sphere(p, radius, contacts);
        const WorldContact* deepest = nullptr;
        for (const WorldContact& c : contacts)
            if (c.depth > 0.0f && (!deepest || c.depth > deepest->depth)) deepest = &c;
        if (!deepest) {
            store(positions_, i, p);
            return true;
        }
        if (push == kPushes) break;
        const float length = deepest->depth + skin_for(p, radius);
        if (world_->sphere_cast(p, radii_[i], deepest->normal, length).hit) break;
        p += deepest->normal * length;
    }
    return false;
}

void ParticleSystem::wake_all() {
    for (std::uint32_t i = 0; i < count_; ++i) {
        asleep_[i] = 0;
        quiet_steps_[i] = 0;
    }
}

void ParticleSystem::step(float dt) {
    stats_ = {};
    if (!(dt > 0.0f) || !std::isfinite(dt)) return;
    dt_ = dt;
    if (world_->revision() != world_revision_) {
        // Which objects changed since the last step: one that moved at a velocity wakes the
        // sleepers its swept box reaches (and a mesh leaves the caches for the movers); anything
        // else (added, removed, teleported, refitted, relayered) refills every cache and wakes all.
        // A removal leaves no object to ask: it refills and wakes everything.
        bool refill = world_->removal_revision() > world_revision_;
        bool wake_everyone = refill;
        std::vector<std::uint32_t> moved, changed;
        moved_mesh_.resize(world_->id_limit(), 0);
        world_->changed_since(world_revision_, changed);
        for (const std::uint32_t id : changed) {
            const bool live = world_->is_live(id);
            const ObjectKind kind = world_->kind(id);
            const bool mesh = live && (kind == ObjectKind::Mesh || kind == ObjectKind::Instance);
            const bool carried = live && !same_pose(world_->previous_transform(id), world_->transform(id)) &&
                                 (world_->linear_velocity(id) != Vec3{} || world_->angular_velocity(id) != Vec3{});
            if (carried) {
                moved.push_back(id);
                if (mesh && !moved_mesh_[id]) {
                    moved_mesh_[id] = 1;
                    refill = true;
                }
            } else {
                wake_everyone = true;
                if (!live || (mesh && !moved_mesh_[id])) refill = true;
                if (!live) moved_mesh_[id] = 0;
            }
        }
        refresh_movers(dt);
        world_revision_ = world_->revision();
        std::vector<AABB> wake_boxes;
        for (const Mover& m : movers_)
            if (std::find(moved.begin(), moved.end(), m.id) != moved.end()) wake_boxes.push_back(m.swept);
        for (std::uint32_t i = 0; i < count_; ++i) {
            if (refill) cache_box_[i] = aabb_empty();
            bool wake = wake_everyone;
            if (!wake && asleep_[i]) {
                const Vec3 p = load(positions_, i);
                const float reach = 2.0f * radii_[i];
                const AABB near{p - Vec3{reach, reach, reach}, p + Vec3{reach, reach, reach}};
                for (const AABB& b : wake_boxes)
                    if (boxes_meet(near, b)) {
                        wake = true;
                        break;
                    }
            }
            if (wake) {
                asleep_[i] = 0;
                quiet_steps_[i] = 0;
            }
        }
    } else {
        refresh_movers(dt);
    }
    for (std::uint32_t i = 0; i < count_; ++i) step_one(i, dt);
    if (settings_.collide_particles) collide_pairs();
    for (std::uint32_t i = 0; i < count_; ++i) stats_.sleeping += asleep_[i];
}

void ParticleSystem::step_one(std::uint32_t i, float dt) {
    Vec3 p = load(positions_, i), v = load(velocities_, i);
    const float r = radii_[i];

    // Asleep and untouched since: nothing to do. A caller writing position or velocity wakes it.
    if (asleep_[i]) {
        if (p == load(sleep_positions_, i) && v == Vec3{0, 0, 0}) return;
        asleep_[i] = 0;
        quiet_steps_[i] = 0;
    }
    if (!is_finite(p) || !is_finite(v)) return;  // a caller wrote NaN: leave it alone, never spread it
    if (!movers_.empty()) leave_primitives(p, v, r);

    const float e = clampf(settings_.restitution, 0.0f, 1.0f);
    const float mu = maxf(settings_.friction, 0.0f);
    Vec3 resting[3];
    int rest_count = 0;
    // The velocity of the moving surface the particle last came to rest on: sliding and friction
    // on the resting planes are worked out relative to it.
    Vec3 frame;
    bool carried = false;
    float t_left = dt;
    int iter = 0;
    std::int32_t last_mover = -1;  // the moving object met last in this step
    bool any_moving = false;
    for (const Mover& m : movers_) any_moving = any_moving || m.moving;
    for (; iter < kMaxIterations && t_left > 0.0f; ++iter) {
        Vec3 a = settings_.gravity;
        const float normal_load = constrain(a, resting, rest_count);
        Vec3 v_end = v + a * t_left;
        float t_sub = t_left;  // the time this iteration covers if nothing is hit
        if (rest_count > 0) {
            // Sliding on resting planes under Coulomb friction of magnitude mu * load, opposing
            // the motion. The velocity may not point into a resting plane either.
            if (carried) v -= frame;
            constrain(v, resting, rest_count);
            const float friction_decel = mu * normal_load;
            const float speed = length(v);
            if (speed == 0.0f) {
                // Static friction holds unless the slope's pull exceeds it.
                const float pull = length(a);
                v_end = pull <= friction_decel ? Vec3{0, 0, 0} : a * ((pull - friction_decel) / pull * t_left);
            } else {
                const Vec3 u = v * (1.0f / speed);
                const float rate = dot(a, u) - friction_decel;  // d|v|/dt along the motion
                if (rate < 0.0f && speed + rate * t_left <= 0.0f) {
                    // Comes to a stop within this iteration: end it there, so the particle does
                    // not coast on past its stopping point (energy would appear).
                    t_sub = speed / -rate;
                    v_end = Vec3{0, 0, 0};
                } else {
                    v_end = v + (a - u * friction_decel) * t_left;
                }
            }
            constrain(v_end, resting, rest_count);
            if (carried) {
                v += frame;
                v_end += frame;
            }
        }
        const Vec3 chord = (v + v_end) * (0.5f * t_sub);
        const float len = length(chord);
        // Still, it may yet be met by a moving object.
        if (!(len > 0.0f) && !any_moving) {
            v = v_end;
            t_left -= t_sub;
            continue;
        }
        const WorldHit hit = len > 0.0f ? sweep_particle(i, p, r, chord, len) : WorldHit{};
        MoverHit mover;
        if (!movers_.empty()) {
            const float s0 = (dt - t_left) / dt;
            mover = sweep_movers(p, r, chord, len, s0, minf((dt - t_left + t_sub) / dt, 1.0f));
            if (hit.hit && !(mover.f < clampf(hit.distance / len, 0.0f, 1.0f))) mover.hit = false;
        }
        if (!hit.hit && !mover.hit) {
            p += chord;
            v = v_end;
            t_left -= t_sub;
            continue;
        }
        const float f = mover.hit ? mover.f : clampf(hit.distance / len, 0.0f, 1.0f);
        const Vec3 n = mover.hit ? mover.normal : hit.normal;
        // The surface's velocity at the contact (zero for what stays put): the bounce and the
        // friction act on the velocity relative to it.
        const bool moving = mover.hit && mover.moving;
        if (moving) last_mover = static_cast<std::int32_t>(mover.mover);
        const Vec3 us = moving ? mover.surface_velocity : Vec3{};
        ++stats_.contacts;
        // Stop a skin short of the contact, backing up along the path actually travelled: the
        // next sweep then starts free of this surface (the skin is wider than the sweeps'
        // touching band), and position and velocity stay a consistent point of the trajectory,
        // so no energy appears (pushing out along the normal would lift the particle for free).
        const float skin = skin_for(p, r);
        // How far the particle closes on the surface over the chord (in the surface's frame).
        const float closing = -dot(moving ? chord - us * t_sub : chord, n);
        const float approach = moving ? closing : closing / len;  // > 0 when moving into the surface
        float back = f;
        if (f > 0.0f && approach > 0.0f) {
            back = maxf(f - skin / (moving ? closing : approach * len), 0.0f);
        } else if (f == 0.0f && approach > 0.0f) {
            // In contact at the start (only after a spawn, a push or a caller's write): step out.
            p += n * skin;
        }
        if (back > 0.0f) p += chord * back;
        v = v + (v_end - v) * back;
        t_left -= back * t_sub;

        if (moving) v -= us;
        const float vn = dot(v, n);
        bool rests = vn >= 0.0f;  // met by the acceleration alone: a resting contact
        if (vn < 0.0f) {
            const float vn_new = -vn > settings_.rest_speed ? -e * vn : 0.0f;
            Vec3 vt = v - n * vn;
            const float vt_len = length(vt);
            const float drop = mu * (vn_new - vn);
            vt = vt_len <= drop ? Vec3{0, 0, 0} : vt * ((vt_len - drop) / vt_len);
            v = vt + n * vn_new;
            rests = vn_new == 0.0f;
        }
        if (moving) v += us;
        if (rests && moving) {
            frame = us;
            carried = true;
        }
        if (rests && rest_count < 3) resting[rest_count++] = n;
    }
    stats_.iterations += static_cast<std::uint32_t>(iter);
    if (t_left > 0.0f && iter == kMaxIterations) {
        ++stats_.saturated;
        // Out of sweeps while a moving object presses on it: ride with that object for the time
        // left, so that it is not left behind inside it.
        if (last_mover >= 0) p = ride(movers_[static_cast<std::size_t>(last_mover)], p, (dt - t_left) / dt);
    }

    v *= 1.0f / (1.0f + maxf(settings_.damping, 0.0f) * dt);

    // Sleep after sleep_steps quiet steps in resting contact.
    if (settings_.sleep_speed > 0.0f && rest_count > 0 && !carried &&
        length_sq(v) < settings_.sleep_speed * settings_.sleep_speed) {
        if (++quiet_steps_[i] >= settings_.sleep_steps) {
            asleep_[i] = 1;
            v = Vec3{0, 0, 0};
            store(sleep_positions_, i, p);
        }
    } else {
        quiet_steps_[i] = 0;
    }
    store(positions_, i, p);
    store(velocities_, i, v);
}

void ParticleSystem::collide_pairs() {
    std::vector<AABB> boxes(count_);
    for (std::uint32_t i = 0; i < count_; ++i) boxes[i] = aabb_of_sphere({load(positions_, i), radii_[i]});
    std::vector<BoxPair> pairs;
    pairs_tree(boxes, pairs);
    const float e = clampf(settings_.restitution, 0.0f, 1.0f);
    for (const BoxPair& pr : pairs) {
        const std::uint32_t i = pr.a, j = pr.b;
        Vec3 pi = load(positions_, i), pj = load(positions_, j);
        const Vec3 d = pj - pi;
        const float rsum = radii_[i] + radii_[j];
        const float d2 = length_sq(d);
        if (!(d2 < rsum * rsum)) continue;
        const Vec3 n = normalize_or(d, Vec3{0, 1, 0});
        ++stats_.particle_contacts;
        Vec3 vi = load(velocities_, i), vj = load(velocities_, j);
        const float vrel = dot(vj - vi, n);
        if (vrel < 0.0f) {
            // Equal masses: each takes half of the (1 + e) relative normal impulse.
            const float jimp = -(1.0f + e) * vrel * 0.5f;
            vi -= n * jimp;
            vj += n * jimp;
        }
        // Separate the overlap half each, swept so a push never crosses a wall.
        const float half = 0.5f * (rsum - std::sqrt(d2));
        if (half > 0.0f) {
            const WorldHit hi = world_->sphere_cast(pi, radii_[i], -n, half);
            pi = hi.hit ? hi.position : pi - n * half;
            const WorldHit hj = world_->sphere_cast(pj, radii_[j], n, half);
            pj = hj.hit ? hj.position : pj + n * half;
        }
        store(positions_, i, pi);
        store(positions_, j, pj);
        store(velocities_, i, vi);
        store(velocities_, j, vj);
        asleep_[i] = asleep_[j] = 0;
        quiet_steps_[i] = quiet_steps_[j] = 0;
    }
}

}  // namespace shototsu
