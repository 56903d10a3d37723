// shototsu — a crushed character squeezed out (character.hpp: CharacterMove::crushed): the
// search for the nearest free spot around where the pushes pinned it, and what it falls back on
// when the gap closed; and the sweep of objects that moved far relative to it (or meshes that pin
// it), which finds the side a surface passed its axis from. Rare and bounded (at most 12 ways x 32 samples, each an
// overlap query), so the wasm build compiles it for size with the other cold sources.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "character_detail.hpp"
#include "primitive.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/character.hpp"
#include "shototsu/sweep.hpp"
#include "triangle_cache.hpp"
#include "world_detail.hpp"

namespace shototsu {

using detail::kUp;

// The deepest overlaps of the capsule at `center` grown by a skin, with everything (`all`) and
// with what neither moved nor pins it (`still`), and (when asked, and `all` is within two skins,
// as near as squeezed() lets a spot ahead of the pushers be) whether its centre lies inside a
// closed mesh: a capsule wholly inside one touches none of its triangles. `all` <= half a skin and not inside: the
// capsule is half a skin clear of everything.
void CharacterController::clearance(Vec3 center, float& all, float& still, bool test_inside, bool& inside) const {
    std::vector<WorldContact> contacts;
    const Capsule c = capsule_at(center);
    const Capsule grown{c.start, c.end, c.radius + settings_.skin_width};
    // The world's contacts from the triangle cache when it holds the triangles around
    // (triangle_cache_overlap.cpp), in another order: the maxima below are the same in any order
    // unless a depth is zero (its sign would depend on the order) or NaN, and then the world lists
    // them in its own.
    const auto order_free = [&]() {
        for (const WorldContact& wc : contacts)
            if (!(wc.depth != 0.0f) || std::isnan(wc.depth)) return false;
        return true;
    };
    const AABB query = detail::grown_query_box(aabb_of_capsule(grown), world_->scene_magnitude());
    if (!cache_->capsule_contacts(*world_, grown, query, contacts) || !order_free()) {
        contacts.clear();
        world_->overlap_capsule(grown.start, grown.end, grown.radius, contacts, filter_);
    }
    all = still = 0.0f;
    for (const WorldContact& wc : contacts) {
        all = maxf(all, wc.depth);
        if (!world_->moved(wc.object) && wc.object != pinned_by_) still = maxf(still, wc.depth);
    }
    inside = false;
    if (!test_inside || all > 2.0f * settings_.skin_width) return;
    // Inside a mesh when the first of its triangles met going straight up and the first met going
    // straight down are both seen from behind (left, not entered): an open floor or ceiling, met
    // on one side only, never counts.
    // The ray down is cast only once an object's first crossing going up is seen from behind
    // (mostly none is: the ceiling above a crushed character is met from the front).
    std::vector<WorldRayCrossing> up, down;
    const float far = std::numeric_limits<float>::infinity();
    world_->raycast_all(center, kUp, far, up, filter_);
    bool cast_down = false;
    for (const WorldRayCrossing& u : up) {
        if (u.front) continue;
        bool first = true;  // u is the object's first crossing going up (sorted by distance)
        for (const WorldRayCrossing& e : up) {
            if (&e == &u) break;
            if (e.object == u.object) first = false;
        }
        if (!first) continue;
        if (!cast_down) world_->raycast_all(center, kUp * -1.0f, far, down, filter_);
        cast_down = true;
        for (const WorldRayCrossing& d : down)
            if (d.object == u.object) {
                if (!d.front) inside = true;
                break;
            }
        if (inside) return;
    }
}

// A crushed capsule (kept out of what did not move at `kept`; `pinched` where the pushes left it,
// `pinch` the push out of the deepest pusher; `start` where the move began) goes, in this order:
//  1. to the nearest free spot (clearance) within reach: samples every half radius, out to the
//     capsule's height (at most 16 radii), along the pinch both ways (horizontally, across the
//     push), up, down and the 8 compass directions, the first free one on each way refined by
//     bisection; a way is closed at a sample deeper in anything, or in what did not move, than
//     one skin past `kept`, so it slides out of the pinch and never passes through a wall, a floor
//     or the pusher (the samples are closer than the capsule is wide: none can skip a wall);
//  2. out of the pushers ahead of them, when that leaves it within a skin of everything and its
//     way there crosses nothing that did not move;
//  3. back where the move began, when that is free;
//  4. otherwise (the gap closed around it) it stays at `kept`: out of what did not move, inside
//     the pusher by the crush depth; or, when `kept` is still more than a skin deep in what did not
//     move (a gap lower than the capsule), where the move began if that is shallower in it.
// Only 4 leaves it pinned.
Vec3 CharacterController::squeezed(Vec3 kept, Vec3 pinched, Vec3 pinch, Vec3 start) {
    const CharacterSettings& s = settings_;
    float all = 0.0f, still = 0.0f;
    bool inside = false;
    clearance(kept, all, still, false, inside);
    const float still_limit = maxf(still, 0.0f) + s.skin_width, all_limit = maxf(all, 0.0f) + s.skin_width;
    // Free: at least half a skin from everything, or as near a still surface as the pushes left it
    // (they stop short of a skin when nothing overlaps), never overlapping.
    const float free_limit = clampf(still, 0.5f * s.skin_width, s.skin_width);

    Vec3 ways[12];
    int count = 0;
    const Vec3 across = normalize_or(cross(kUp, detail::horizontal(pinch)), Vec3{0, 0, 0});
    if (length(detail::horizontal(pinch)) > tol::kCharacterMinNormalY * length(pinch) && across != Vec3{0, 0, 0}) {
        ways[count++] = across;
        ways[count++] = across * -1.0f;
    }
    ways[count++] = kUp;
    ways[count++] = kUp * -1.0f;
    const float diag = 0.70710678f;
    for (const Vec3 w : {Vec3{1, 0, 0}, Vec3{-1, 0, 0}, Vec3{0, 0, 1}, Vec3{0, 0, -1}, Vec3{diag, 0, diag},
                         Vec3{-diag, 0, diag}, Vec3{diag, 0, -diag}, Vec3{-diag, 0, -diag}})
        ways[count++] = w;

    const float step = 0.5f * s.radius;
    // Compared as a float first: a denormal radius makes the ratio infinite, which no int holds.
    const float wanted_rings = std::ceil(s.height / step);
    const int rings = wanted_rings < static_cast<float>(tol::kCharacterSqueezeRings) ? static_cast<int>(wanted_rings)
                                                                                     : tol::kCharacterSqueezeRings;
    bool closed[12] = {};
    const auto free_at = [&](Vec3 p, bool& passable) {
        float a = 0.0f, st = 0.0f;
        bool in = false;
        clearance(p, a, st, true, in);
        passable = st <= still_limit && a <= all_limit;
        return passable && a <= free_limit && !in;
    };
    for (int ring = 1; ring <= rings; ++ring) {
        float best = std::numeric_limits<float>::infinity();
        Vec3 spot;
        for (int i = 0; i < count; ++i) {
            if (closed[i]) continue;
            bool passable = true;
            if (!free_at(kept + ways[i] * (step * static_cast<float>(ring)), passable)) {
                closed[i] = !passable;
                continue;
            }
            // The free spot nearest along this way, between the last sample that was not free and
            // this one.
            const float hi = detail::bisect_holds(step * static_cast<float>(ring), step * static_cast<float>(ring - 1),
                                                  [&](float at) { return free_at(kept + ways[i] * at, passable); });
            if (hi < best) {
                best = hi;
                spot = kept + ways[i] * hi;
            }
        }
        if (best < std::numeric_limits<float>::infinity()) {
            pinned_by_ = kNoIndex;
            return spot;
        }
    }

    // Out ahead of the pushers, unless that passes through what did not move (an open floor or
    // terrain, which no inside test sees from beneath).
    Vec3 ahead = pinched, push;
    bool through_still = false;
    for (int pass = 0; pass < tol::kCharacterPushPasses && !through_still; ++pass) {
        if (!(deepest_overlap(ahead, Overlaps::Pushers, push) > 0.0f)) break;
        through_still = push_crosses_still(ahead, push);
        ahead += push;
    }
    clearance(ahead, all, still, true, inside);
    if (all <= 2.0f * s.skin_width && !inside && !through_still) {
        pinned_by_ = kNoIndex;
        return ahead;
    }
    const float still_at_kept = still_limit - s.skin_width;
    clearance(start, all, still, true, inside);
    if (all <= 0.5f * s.skin_width && !inside) {
        pinned_by_ = kNoIndex;
        return start;
    }
    // Still more than a skin deep in what did not move at `kept` (a gap between still surfaces lower
    // than the capsule, which the pushes drove it into): where the move began, when that is shallower
    // in what did not move (inside the pusher).
    if (still_at_kept > 2.0f * s.skin_width && still < still_at_kept) {
        // Inside the pusher there, which pins it: still a pusher on the next moves, also once it
        // stops (as still geometry it would make `start` look deeper than `kept`).
        Vec3 unused;
        std::uint32_t by = kNoIndex;
        if (pinned_by_ == kNoIndex && deepest_overlap(start, Overlaps::Pushers, unused, &by) > 0.0f) pinned_by_ = by;
        return start;
    }
    return kept;
}

// Objects that moved far relative to the capsule (more than tol::kCharacterFastMoverRel radii of
// the capsule's centre, mapped from the step start through the mover's poses), or meshes that pin
// it: the contacts at the end pose cannot say which side a surface passed the capsule's axis from
// (nor see a mover that went wholly past it, which pushed_out lists too), so the axis is swept over
// the step in the mover's frame (from where the step start puts it relative to the mover's end
// pose, translated to `center`; a fast turn along its arc: swept_by_turn) against the front faces
// of a mesh it could enter, or a solid primitive. When it entered one, the capsule goes back along that relative motion
// — along the mover's motion — to a skin before the face, and the pushes that follow clear it from the right side. When
// that way crosses what did not move, or its axis (its centre or an end) is inside the mesh that pins it, it is crushed
// here: kept a skin short of what did not move, and squeezed (true, `center` set). A pinning primitive is not swept for
// pinning alone: being solid, its contacts see the axis inside it. Crushed by the mesh `id` with its centre `depth`
// inside it at `kept`: pinned by it, pushed out of what did not move as the pushes would (never through it), and
// squeezed (pinch: the way out of `id`, zero when unknown).
Vec3 CharacterController::crushed_in(Vec3 kept, Vec3 pinch, float depth, std::uint32_t id, Vec3 start,
                                     CharacterMove& out) {
    out.crushed = true;
    out.crush_depth = maxf(out.crush_depth, depth);
    pinned_by_ = id;
    kept = out_of_still(kept);
    return squeezed(kept, kept, pinch, start);
}

// Whether the point `p` lies inside the closed mesh `id`: the first of its faces met going straight up and
// the first met going straight down are both seen from behind.
bool CharacterController::axis_inside(Vec3 p, std::uint32_t id) const {
    std::vector<WorldRayCrossing>& crossings = scratch_.crossings;
    const float far = std::numeric_limits<float>::infinity();
    for (const float way : {1.0f, -1.0f}) {
        crossings.clear();
        world_->raycast_all(p, kUp * way, far, crossings, filter_);
        bool met = false;
        for (const WorldRayCrossing& x : crossings)
            if (x.object == id) {
                if (x.front) return false;
                met = true;
                break;
            }
        if (!met) return false;
    }
    return true;
}

namespace {

// The earliest of the mesh `id`'s front faces that the capsule `swept`, moving by `move`, enters
// (among those in `box`): its time of impact in [0, 1] (2 for none) and the face.
float first_entered(const World& world, std::uint32_t id, const Capsule& swept, Vec3 move, const AABB& box,
                    Triangle& met) {
    float first = 2.0f;
    world.for_each_triangle_of(id, box, [&](std::uint32_t, std::uint32_t, const Triangle& tri) {
        if (!(dot(move, triangle_normal_unnormalized(tri)) < 0.0f)) return;  // only faces it enters
        const SweepHit h = sweep_capsule_triangle(swept, move, tri);
        if (h.hit && h.t < first) {
            first = h.t;
            met = tri;
        }
    });
    return first;
}

// The primitive object `id` (a sphere, capsule or box) at its current pose; false for meshes.
bool primitive_of(const World& world, std::uint32_t id, detail::Primitive& p) {
    switch (world.kind(id)) {
        case ObjectKind::Sphere: p.kind = detail::Primitive::Kind::Sphere; return world.sphere(id, p.sphere);
        case ObjectKind::Capsule: p.kind = detail::Primitive::Kind::Capsule; return world.capsule(id, p.capsule);
        case ObjectKind::Box: p.kind = detail::Primitive::Kind::Box; return world.box(id, p.box);
        default: return false;
    }
}

// When the capsule `swept`, moving by `move`, first meets the object `id` at its current pose: the
// front faces it enters of a mesh (among those in `box`), a primitive (solid: a start inside or
// touching meets it at once). Its time in [0, 1] (2 for none), a point of the surface met and the
// unit normal there, out of the object.
float first_met(const World& world, std::uint32_t id, const Capsule& swept, Vec3 move, const AABB& box, Vec3& point,
                Vec3& normal) {
    detail::Primitive p;
    if (primitive_of(world, id, p)) {
        const float len = length(move);
        if (!(len > 0.0f) || !std::isfinite(len)) return 2.0f;
        const detail::PrimitiveHit h = detail::primitive_capsule_cast(p, swept, move * (1.0f / len), len);
        if (!h.hit) return 2.0f;
        point = h.point;
        normal = h.normal;
        return minf(h.distance / len, 1.0f);
    }
    Triangle met;
    const float first = first_entered(world, id, swept, move, box, met);
    if (first <= 1.0f) {
        point = met.a;
        normal = normalize_or(triangle_normal_unnormalized(met), Vec3{0, 0, 0});
    }
    return first;
}

}  // namespace

// swept_by_movers for a mover (from pose a to pose b) that turns or scales over the step while the
// capsule goes from `start` to `center`. Relative to the mover's end pose the capsule's centre
// follows an arc and its axis tilts with the turn; kept upright along the chord (the plain sweep),
// they stray at most (the bound of particles.hpp, with the largest distance W of the axis from the
// mover's centre and the relative displacement D) angle (angle W + 2 D) / 8 + |half| angle. When
// that exceeds tol::kCharacterArcDeviationRel radii, the step is cut into enough chords (at most
// tol::kCharacterMaxArcPieces) that each strays less, and each sweeps the axis as it lies at the
// chord's start, moved by its centre's chord and grown to a capsule of that bound plus its ends'
// own turn, against the faces it enters. 0: the plain sweep will do; 1: no hit (or, not pinned,
// the axis moves less than tol::kCharacterFastMoverRel radii); 2: a hit, and `back` is where the
// upright capsule goes: a skin (and the growth) before the face along the chord, and in front of
// the face's plane by a skin with both ends of its axis (it was tilted where it met the face).
int CharacterController::swept_by_turn(std::uint32_t id, const Transform& a, const Transform& b, Vec3 start,
                                       Vec3 center, bool pins, Vec3& back) const {
    const Quat qa = a.rotation, qb = b.rotation;
    if (qa.x == qb.x && qa.y == qb.y && qa.z == qb.z && qa.w == qb.w && a.scale == b.scale) return 0;
    const float r = settings_.radius, skin = settings_.skin_width;
    const Vec3 half = kUp * (0.5f * settings_.height - r);
    const float w = maxf(length(start - a.position), length(center - b.position)) + half.y;
    const float dw = length((center - start) - (b.position - a.position));
    const float ratio = maxf(a.scale / b.scale, b.scale / a.scale);
    const float allowed = tol::kCharacterArcDeviationRel * r;
    const auto bound = [&](float angle) {
        return (angle * (angle * w + 2.0f * dw) / 8.0f + half.y * angle) * ratio +
               std::fabs(b.scale - a.scale) / minf(a.scale, b.scale) * (w + dw);
    };
    // First with a bound of the angle that needs no trigonometry (pi sin(angle / 2) >= angle up to
    // pi, with sin(angle / 2) from the quaternions' dot product, loosened for its rounding): most
    // turns are slow, and this runs for every mover around every character.
    const float cosine = minf(std::fabs(qa.x * qb.x + qa.y * qb.y + qa.z * qb.z + qa.w * qb.w), 1.0f);
    const float quick = bound(kPi * std::sqrt(1.0f - cosine * cosine) + 4e-3f);
    if (!(quick > allowed)) return std::isfinite(quick) ? 0 : 1;
    const Vec3 turn = rotation_vector(a.rotation, b.rotation);
    const float angle = length(turn);
    const Vec3 axis = angle > 0.0f ? turn * (1.0f / angle) : Vec3{0, 1, 0};
    const float need = bound(angle);
    if (!(need > allowed)) return std::isfinite(need) ? 0 : 1;
    // Not pinned, and every point of the axis moves less than (arc at most angle W, plus D) the
    // distance that could pass it.
    if (!pins && !((angle * w + dw) * ratio > tol::kCharacterFastMoverRel * r)) return 1;
    const int pieces =
        static_cast<int>(minf(std::ceil(need / allowed), static_cast<float>(tol::kCharacterMaxArcPieces)));
    const float bow = need / static_cast<float>(pieces * pieces);
    // The axis's centre c and half axis h at fraction k / pieces, relative to the end pose.
    const auto at = [&](int k, Vec3& c, Vec3& h) {
        if (k == pieces) {
            c = center, h = half;
            return;
        }
        const float f = static_cast<float>(k) / static_cast<float>(pieces);
        const Quat q = quat_from_axis_angle(axis, (1.0f - f) * angle);
        const float scale = b.scale / (a.scale + (b.scale - a.scale) * f);
        c = b.position + rotate(q, start + (center - start) * f - (a.position + (b.position - a.position) * f)) * scale;
        h = rotate(q, half) * scale;
    };
    Vec3 c0, h0, c1, h1;
    at(0, c0, h0);
    for (int k = 0; k < pieces; ++k) {
        at(k + 1, c1, h1);
        const Vec3 move = c1 - c0;
        const float grow = bow + length(h1 - h0) + 1e-6f * w;
        if (!is_finite(move) || !std::isfinite(grow)) return 1;
        const Capsule swept{c0 - h0, c0 + h0, grow};
        const Vec3 ext = vmax(vabs(h0), vabs(h1)) + Vec3{grow + skin, grow + skin, grow + skin};
        Vec3 point, n;
        const float first = first_met(*world_, id, swept, move, {vmin(c0, c1) - ext, vmax(c0, c1) + ext}, point, n);
        if (first <= 1.0f) {
            back = c0 + move * first - move * ((skin + grow) / length(move));
            const float ahead = minf(dot(back - half - point, n), dot(back + half - point, n));
            if (ahead < skin) back += n * (skin - ahead);
            return is_finite(back) ? 2 : 1;
        }
        c0 = c1, h0 = h1;
    }
    return 1;
}

// How far (at most `room`) the capsule at `center` goes along the unit `way` before it sinks more
// than a skin deeper than at `center` into what did not move (nor pins it): sampled every half
// radius (closer than the capsule is wide, so no face is skipped; at most 64 samples, so a huge
// way stays bounded), the first sample too deep refined by bisection.
float CharacterController::room_before_sinking(Vec3 center, Vec3 way, float room) const {
    Vec3 unused;
    const float deep = deepest_overlap(center, Overlaps::Still, unused) + settings_.skin_width;
    const auto sinks = [&](float at) { return deepest_overlap(center + way * at, Overlaps::Still, unused) > deep; };
    const float step = maxf(0.5f * settings_.radius, room / 64.0f);
    for (float at = minf(step, room), lo = 0.0f; at > lo; lo = at, at = minf(at + step, room)) {
        if (sinks(at)) return detail::bisect_holds(lo, at, [&](float a) { return !sinks(a); });
    }
    return room;
}

bool CharacterController::swept_by_movers(Vec3& center, Vec3 start, CharacterMove& out) {
    const std::vector<std::uint32_t>& near = scratch_.objects;  // the objects around, listed by pushed_out
    const float r = settings_.radius, skin = settings_.skin_width;
    const Vec3 half = kUp * (0.5f * settings_.height - r);
    for (std::size_t i = 0; i < near.size(); ++i) {
        const std::uint32_t id = near[i];
        if (!world_->moved(id) && id != pinned_by_) continue;
        const ObjectKind kind = world_->kind(id);
        // A solid primitive's contacts see an axis inside it: only one that moved far is swept.
        const bool pins = id == pinned_by_ && (kind == ObjectKind::Mesh || kind == ObjectKind::Instance);
        if (pins && (axis_inside(center, id) || axis_inside(center - half, id) || axis_inside(center + half, id))) {
            // Its axis inside what pins it: the contacts would push it on from the inside.
            center = crushed_in(center, Vec3{0, 0, 0}, r, id, start, out);
            return true;
        }
        const Transform a = world_->previous_transform(id), b = world_->transform(id);
        Vec3 back;
        const int turned = swept_by_turn(id, a, b, start, center, pins, back);
        if (turned == 1) continue;
        if (turned == 0) {
            const Vec3 local =
                rotate(Quat{-a.rotation.x, -a.rotation.y, -a.rotation.z, a.rotation.w}, start - a.position) *
                (1.0f / a.scale);
            const Vec3 from = rotate(b.rotation, local * b.scale) + b.position;
            const Vec3 rel = center - from;
            const float d = length(rel);
            if (!is_finite(from) || !(d > 0.0f) || (!pins && !(d > tol::kCharacterFastMoverRel * r))) continue;
            const Capsule axis{from - half, from + half, 0.0f};
            const Vec3 lo = vmin(vmin(axis.start, axis.end), vmin(center - half, center + half));
            const Vec3 hi = vmax(vmax(axis.start, axis.end), vmax(center - half, center + half));
            const Vec3 pad{skin, skin, skin};
            Vec3 point, normal;
            const float first = first_met(*world_, id, axis, rel, {lo - pad, hi + pad}, point, normal);
            if (!(first <= 1.0f)) continue;
            const Vec3 dir = rel * (1.0f / d);
            back = from + dir * (first * d - skin);
        }
        const Vec3 push = back - center;
        // The rays pass above and below a still beam thinner than the capsule's axis: a push that
        // ends deeper in one than it began is blocked too.
        if (!push_crosses_still(center, push) && !push_sinks_into_still(center, push)) {
            center = back;
            out.pushed = true;
            continue;
        }
        // Blocked: as far along the push as what did not move lets it, a skin short.
        const float len = length(push);
        const Vec3 way = push * (1.0f / len);
        float room = len;
        std::vector<WorldRayCrossing>& crossings = scratch_.crossings;
        for (const Vec3 p : {center - half, center + half}) {
            crossings.clear();
            world_->raycast_all(p, way, len + r, crossings, filter_);
            for (const WorldRayCrossing& x : crossings)
                if (!world_->moved(x.object) && x.object != pinned_by_) {
                    room = minf(room, x.distance - r - skin);
                    break;
                }
        }
        // The rays pass above and below a still slab thinner than the capsule's axis.
        room = room_before_sinking(center, way, clampf(room, 0.0f, len));
        const Vec3 kept = center + way * room;
        out.pushed = out.pushed || room > 0.0f;
        center = crushed_in(kept, push, r + maxf(len - room - skin, 0.0f), id, start, out);
        return true;
    }
    return false;
}

}  // namespace shototsu
