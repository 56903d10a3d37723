// shototsu — a character in a moving world (character.hpp: MOVING WORLDS): carried by the object it
// stands on, pushed out of objects that move into it, and registered in the world as a capsule so
// that others meet it.
//
// Riding maps the feet rigidly from the ground's pose at the step start to its pose now, the way
// Jolt's CharacterVirtual takes its ground body's motion before its own move; mapping the pose
// instead of integrating a velocity keeps a lift's rider exactly one skin above it through
// acceleration, stops and reversals, and a disc's rider on its circle at any frame rate.
#include <algorithm>
#include <vector>

#include "character_detail.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/character.hpp"
#include "triangle_cache.hpp"
#include "world_detail.hpp"

namespace shototsu {

using detail::kUp;

namespace {

Quat conjugate(Quat q) { return {-q.x, -q.y, -q.z, q.w}; }

// The rotation's turn about +Y (its twist), in [-pi, pi].
float yaw_of(Quat q) {
    float a = 2.0f * det_atan2(q.y, q.w);
    if (a > kPi) a -= 2.0f * kPi;
    if (a < -kPi) a += 2.0f * kPi;
    return a;
}

}  // namespace

// The feet at `center` mapped from the ground's pose at the step start to its pose now (not
// finite when the poses make them so).
Vec3 CharacterController::carried_feet(Vec3 center) const {
    const Transform a = world_->previous_transform(ground_object_);
    const Transform b = world_->transform(ground_object_);
    const Vec3 half = kUp * (0.5f * settings_.height);
    const Vec3 local = rotate(conjugate(a.rotation), center - half - a.position) * (1.0f / a.scale);
    return rotate(b.rotation, local * b.scale) + b.position;
}

Vec3 CharacterController::ride(Vec3 center, CharacterMove& out) const {
    const Vec3 feet = carried_feet(center);
    if (!is_finite(feet)) return center;
    out.carried = true;
    const Quat turn = quat_mul(world_->transform(ground_object_).rotation,
                               conjugate(world_->previous_transform(ground_object_).rotation));
    out.yaw_change = yaw_of(turn);
    out.ground_velocity = world_->velocity_at(ground_object_, feet);
    return feet + kUp * (0.5f * settings_.height);
}

// The ride's carry from `from` to `to`, cut short one skin before the first object that did not
// move. Only a carry of a radius or more is cast: a shorter one can leave the capsule only less
// than a radius deep in what stays, its axis on the near side, which the pushes clear; a longer
// one could take the axis through a wall or floor (a platform sliding into a wall, a lift sinking
// into the ground at speed), where no push finds the way back. The cast passes through the
// ground, which moves with the capsule; a registered character's cast ignores its own capsule
// instead, and then a hit on the ground hides what lies beyond it.
Vec3 CharacterController::carry_until_blocked(Vec3 from, Vec3 to) const {
    const Vec3 carry = to - from;
    const float len = length(carry);
    if (!(len >= settings_.radius) || !is_finite(carry)) return to;
    QueryFilter f = filter_;
    if (body_ == kNoIndex) f.ignore = ground_object_;
    const Capsule c = capsule_at(from);
    const Vec3 dir = carry * (1.0f / len);
    const WorldHit hit = world_->capsule_cast(c.start, c.end, c.radius, dir, len, f);
    float room = len;
    // Stop where the gap along the normal is one skin (never back up); touching and moving along
    // or away is no block.
    const float approach = hit.hit ? -dot(dir, hit.normal) : 0.0f;
    if (hit.hit && hit.object != ground_object_ && !world_->moved(hit.object) && approach > 0.0f)
        room = clampf(hit.distance - settings_.skin_width / approach, 0.0f, len);
    // The cast stops at its first hit, which hides what lies beyond it: a surface it touches at the
    // start and leaves (a slab above, the carry going down), the ground, or a mover. The carry is
    // also kept from sinking the capsule more than a skin deeper into what did not move.
    room = room_before_sinking(from, dir, room);
    return room == len ? to : from + dir * room;
}

// Where ride() puts the character, without its report (no turn, no velocity).
Vec3 CharacterController::carried_position() const {
    if (!grounded_ || ground_object_ == kNoIndex || !world_->moved(ground_object_)) return position_;
    const Vec3 feet = carried_feet(position_);
    return is_finite(feet) ? feet + kUp * (0.5f * settings_.height) : position_;
}

// The deepest overlap of the capsule at `center` with `which` objects (Still: those that neither
// moved over the step nor pin it; StillNotGround: their contacts whose normal does not face up;
// Pushers: the others), the push that clears it to one skin, and its object; 0 when nothing
// overlaps.
float CharacterController::deepest_overlap(Vec3 center, Overlaps which, Vec3& push, std::uint32_t* object) const {
    std::vector<WorldContact>& contacts = scratch_.contacts;
    contacts.clear();
    const Capsule c = capsule_at(center);
    const auto keep = [&](const WorldContact& wc) {
        const bool pusher = world_->moved(wc.object) || wc.object == pinned_by_;
        if (which != Overlaps::All && pusher != (which == Overlaps::Pushers)) return false;
        return !(which == Overlaps::StillNotGround && wc.normal.y > 0.0f);
    };
    // The triangle cache lists the world's contacts without the world's walk when it holds the
    // triangles around (triangle_cache_overlap.cpp), in its own order: the deepest is the world's
    // unless another contact as deep would answer otherwise, and then the world decides, in its
    // order.
    bool tie = false;
    const WorldContact* deepest = nullptr;
    const bool cached = cache_->capsule_contacts(
        *world_, c, detail::grown_query_box(aabb_of_capsule(c), world_->scene_magnitude()), contacts);
    if (cached) deepest = detail::deepest_contact(contacts, keep, tie);
    if (!cached || tie) {
        contacts.clear();
        world_->overlap_capsule(c.start, c.end, c.radius, contacts, filter_);
        deepest = detail::deepest_contact(contacts, keep, tie);
    }
    if (!deepest) return 0.0f;
    if (object) *object = deepest->object;
    push = deepest->normal * (deepest->depth + settings_.skin_width);
    return deepest->depth;
}

// Whether the capsule at `center`, pushed by `push`, would cross into an object that did not move
// (other than `except`): a ray from each end sphere's centre along the push, a radius longer (a
// push out of what moved in, a lift coming down on it, must not carry it into or through the
// floor or a wall beyond).
bool CharacterController::push_crosses_still(Vec3 center, Vec3 push, std::uint32_t except) const {
    const float len = length(push);
    if (!(len > 0.0f)) return false;
    const Vec3 dir = push * (1.0f / len);
    const Capsule c = capsule_at(center);
    const auto still = [&](std::uint32_t o) { return !world_->moved(o) && o != pinned_by_ && o != except; };
    std::vector<WorldRayCrossing>& crossings = scratch_.crossings;
    for (const Vec3 from : {c.start, c.end}) {
        crossings.clear();
        world_->raycast_all(from, dir, len + c.radius, crossings, filter_);
        for (const WorldRayCrossing& x : crossings)
            if (still(x.object)) return true;
    }
    return false;
}

// Whether the capsule at `center`, pushed by `push` out of what moved into it, would end more than a
// skin deeper than now in a still surface that does not face up: the underside of a slab or a beam
// that push_crosses_still's rays pass below or between (a surface facing up is ground, which the
// probe lifts the capsule out of).
bool CharacterController::push_sinks_into_still(Vec3 center, Vec3 push) const {
    Vec3 unused;
    const float after = deepest_overlap(center + push, Overlaps::StillNotGround, unused);
    return after > settings_.skin_width &&
           after > deepest_overlap(center, Overlaps::StillNotGround, unused) + settings_.skin_width;
}

// A pinned capsule at `center` pushed out of what did not move (nor pins it), deepest contact first,
// never through another still surface; a push that would undo an earlier one (out of a wall, then
// out of a sloped ground back into the wall) slides along it instead, so a corner is cleared
// from both sides.
Vec3 CharacterController::out_of_still(Vec3 center) const {
    Vec3 push, ways[tol::kCharacterPushPasses];
    for (int pass = 0; pass < tol::kCharacterPushPasses; ++pass) {
        if (!(deepest_overlap(center, Overlaps::Still, push) > 0.0f)) break;
        ways[pass] = normalize_or(push, Vec3{0, 0, 0});
        for (int k = 0; k < pass; ++k) {
            const float into = dot(push, ways[k]);
            if (into < 0.0f) push -= ways[k] * into;
        }
        if (push_crosses_still(center, push)) break;  // out of one still surface through another
        center += push;
    }
    return center;
}

// Only when an object near the capsule moved over the step, or it was pinned: out of everything,
// deepest contact first; what cannot be cleared is a pin, and then the capsule is at least kept
// out of what did not move.
Vec3 CharacterController::pushed_out(Vec3 center, Vec3 start, CharacterMove& out) {
    const bool was_pinned = pinned_by_ != kNoIndex && world_->is_live(pinned_by_);
    if (!was_pinned) pinned_by_ = kNoIndex;
    if (world_->moved_count() == 0 && !was_pinned && !in_ceiling_) return center;
    const Capsule c = capsule_at(center);
    const float pad = c.radius + 2.0f * settings_.skin_width;
    const AABB around{vmin(c.start, c.end) - Vec3{pad, pad, pad}, vmax(c.start, c.end) + Vec3{pad, pad, pad}};
    // Whether an object near it moved: the triangle cache, filled for this move, lists the
    // objects around, else the world's hierarchy.
    bool known = false;
    bool any = cache_->moved_in(*world_, around, known);
    std::vector<std::uint32_t>& near = scratch_.objects;
    if (!known) {
        near.clear();
        world_->objects_in(around, near, filter_);
        for (const std::uint32_t id : near) any = any || world_->moved(id);
    }
    // Movers whose box swept over the step meets the capsule's at the step start or now though
    // their box now does not: one may have passed wholly through it (a fast thin wall).
    std::vector<std::uint32_t>& passed = scratch_.passed;
    passed.clear();
    if (world_->moved_count() > 0) {
        const Capsule c0 = capsule_at(start);
        const AABB travel{vmin(around.min, vmin(c0.start, c0.end) - Vec3{pad, pad, pad}),
                          vmax(around.max, vmax(c0.start, c0.end) + Vec3{pad, pad, pad})};
        world_->moved_in(travel, passed, filter_);
        std::size_t kept = 0;
        for (const std::uint32_t id : passed) {
            if (!aabb_overlaps_aabb(world_->bounds(id), around)) passed[kept++] = id;
        }
        passed.resize(kept);
    }
    // A carry (ride) is not cast when shorter than a radius: the pushes clear what it entered.
    // Left by a crush in a still ceiling (a gap lower than the capsule, once what pushed it has
    // gone): still pushed, so that it is cleared, squeezed out, or reported crushed.
    if (!any && passed.empty() && !was_pinned && !out.carried && !in_ceiling_) return center;
    if (known) {
        // The sweep below (and the check after the pushes) reads the objects around from
        // scratch_.objects, only those that moved or pin the capsule, one after another in their
        // order (each may move it). With one such object at most among them and `passed` (a
        // rider's ground) the order cannot matter: the cache lists it without the world's walk.
        near.clear();
        cache_->movers_in(*world_, around, pinned_by_, near);
        if (near.size() + passed.size() > 1) {
            near.clear();
            world_->objects_in(around, near, filter_);
        }
    }
    for (const std::uint32_t id : passed)
        if (std::find(near.begin(), near.end(), id) == near.end()) near.push_back(id);
    if (swept_by_movers(center, start, out)) return center;
    const Vec3 before_pushes = center;
    Vec3 push;
    // The deepest overlap at `center` (a pass that stops without pushing has measured it already).
    float left = 0.0f;
    bool measured = false;
    for (int pass = 0; pass < tol::kCharacterPushPasses; ++pass) {
        left = deepest_overlap(center, Overlaps::All, push);
        measured = true;
        if (!(left > 0.0f)) break;
        // The only way out is into what stays: pinned.
        if (push_crosses_still(center, push) || push_sinks_into_still(center, push)) break;
        center += push;
        measured = false;
        out.pushed = true;
    }
    // Still pushing after the last pass: the pushes go back and forth between what pins it (a
    // mover pressing it into the ground), and any overlap left is a pin, however shallow.
    const bool out_of_passes = !measured;
    if (!measured) left = deepest_overlap(center, Overlaps::All, push);
    if (!(left > (out_of_passes ? 0.0f : tol::kCharacterCrushSkinRel * settings_.skin_width))) {
        // Pushed wholly inside the mesh that pinned it (its axis was through a corner, so neither
        // its centre nor an end was inside): a capsule inside a closed mesh touches none of its
        // triangles, and the pushes stop there.
        const ObjectKind kind = world_->kind(pinned_by_);
        const bool mesh = was_pinned && (kind == ObjectKind::Mesh || kind == ObjectKind::Instance);
        if (mesh && axis_inside(center, pinned_by_))
            return crushed_in(center, Vec3{0, 0, 0}, settings_.radius, pinned_by_, start, out);
        // Pushed wholly inside a mesh that moved (the sweep put the axis a skin before a face it
        // met, deep in a ground rising toward it; the push out of the ground along its slope took
        // the axis across that face, and the face's contact pushed it on inside): a crush from
        // where the pushes began, and the squeeze finds the free spot ahead of the face.
        if (out.pushed)
            for (const std::uint32_t id : near) {
                const ObjectKind k = world_->kind(id);
                if (!world_->moved(id) || (k != ObjectKind::Mesh && k != ObjectKind::Instance)) continue;
                const AABB b = world_->bounds(id);
                const bool within = center.x >= b.min.x && center.x <= b.max.x && center.y >= b.min.y &&
                                    center.y <= b.max.y && center.z >= b.min.z && center.z <= b.max.z;
                if (within && axis_inside(center, id))
                    return crushed_in(before_pushes, Vec3{0, 0, 0}, settings_.radius, id, start, out);
            }
        pinned_by_ = kNoIndex;
        return center;
    }
    out.crushed = true;
    std::uint32_t by = kNoIndex;
    Vec3 pinch{0, 0, 0};
    if (deepest_overlap(center, Overlaps::Pushers, pinch, &by) > 0.0f) pinned_by_ = by;
    const Vec3 pinched = center;
    center = out_of_still(center);
    // Clear of what moved where the pushes pinned it, but back inside it once out of what did not
    // move (a ground and a wall it was pushed into): that pins it, also on the next moves.
    if (pinned_by_ == kNoIndex && deepest_overlap(center, Overlaps::Pushers, pinch, &by) > 0.0f) pinned_by_ = by;
    out.crush_depth = deepest_overlap(center, Overlaps::All, push);
    return squeezed(center, pinched, pinch, start);
}

bool CharacterController::register_in(World& world, std::uint32_t layers) {
    if (&world != world_ || body_world_) return false;
    const Capsule c = capsule_at(position_);
    const AddResult r = world.add_capsule(c.start, c.end, c.radius, layers);
    if (!r.ok) return false;
    body_world_ = &world;
    body_ = r.object;
    body_layers_ = layers;
    filter_.ignore = body_;
    cache_->set_filter(filter_);
    return true;
}

void CharacterController::unregister() {
    if (!body_world_) return;
    body_world_->remove(body_);
    body_world_ = nullptr;
    body_ = kNoIndex;
    filter_.ignore = kNoIndex;
    cache_->set_filter(filter_);
}

void CharacterController::place_body(bool over_step) {
    if (!body_world_) return;
    const Transform t{position_, Quat{}, 1.0f};
    if (over_step)
        body_world_->move_over_step(body_, t);
    else
        body_world_->teleport(body_, t);
}

bool CharacterGroup::register_in(World& world, std::uint32_t layers) {
    if (&world != world_) return false;
    body_world_ = &world;
    body_layers_ = layers;
    for (CharacterController& c : controllers_) c.register_in(world, layers);
    return true;
}

void CharacterGroup::unregister() {
    for (CharacterController& c : controllers_) c.unregister();
    body_world_ = nullptr;
}

}  // namespace shototsu
