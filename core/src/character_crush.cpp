// shototsu — a crushed character squeezed out (character.hpp: CharacterMove::crushed): the
// search for the nearest free spot around where the pushes pinned it, and what it falls back on
// when the gap closed. Rare and bounded (at most 12 ways x 32 samples, each an overlap query), so
// the wasm build compiles it for size with the other cold sources.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "character_detail.hpp"
#include "shototsu/character.hpp"

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
    world_->overlap_capsule(c.start, c.end, c.radius + settings_.skin_width, contacts, filter_);
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
    std::vector<WorldRayCrossing> up, down;
    const float far = std::numeric_limits<float>::infinity();
    world_->raycast_all(center, kUp, far, up, filter_);
    world_->raycast_all(center, kUp * -1.0f, far, down, filter_);
    for (const WorldRayCrossing& u : up) {
        if (u.front) continue;
        bool first = true;  // u is the object's first crossing going up (sorted by distance)
        for (const WorldRayCrossing& e : up) {
            if (&e == &u) break;
            if (e.object == u.object) first = false;
        }
        if (!first) continue;
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
//     the pusher by the crush depth.
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
    const int rings = std::min(static_cast<int>(std::ceil(s.height / step)), tol::kCharacterSqueezeRings);
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
            float lo = step * static_cast<float>(ring - 1), hi = step * static_cast<float>(ring);
            for (int k = 0; k < tol::kCharacterSqueezeBisections; ++k) {
                const float mid = 0.5f * (lo + hi);
                if (free_at(kept + ways[i] * mid, passable))
                    hi = mid;
                else
                    lo = mid;
            }
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
    clearance(start, all, still, true, inside);
    if (all <= 0.5f * s.skin_width && !inside) {
        pinned_by_ = kNoIndex;
        return start;
    }
    return kept;
}

}  // namespace shototsu
