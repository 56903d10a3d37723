// shototsu (internal) — what the character controller's parts share (character.cpp,
// character_neighbours.cpp, character_group.cpp): its tolerances and the upright capsule. Never
// part of the public API.
#pragma once

#include <cstdint>
#include <vector>

#include "shototsu/math.hpp"
#include "shototsu/shapes.hpp"
#include "shototsu/world.hpp"

namespace shototsu::tol {

/// A slide stops when what is left of the motion is below this fraction of the skin width:
/// nothing visible remains, and chasing it would spend the pass budget on rounding.
inline constexpr float kCharacterMinMoveSkinRel = 1e-3f;
/// A step up is kept only when it gets the character farther horizontally than plain walking by
/// this fraction of the intended move, so walls too high to step onto never cause hops.
inline constexpr float kCharacterStepGain = 0.01f;
/// Contact normals with y below this count as this steep when a gap along the normal becomes a
/// vertical distance (which would blow up at walls), and nothing this steep (84.3 degrees) is
/// walkable: a wall's normal carries rounding noise in y that would fling a walker upward.
inline constexpr float kCharacterMinNormalY = 0.1f;
/// How far inside a step's edge, as a fraction of the radius, the floor is probed to decide
/// that a rounded contact on the edge stands on the step's top.
inline constexpr float kCharacterEdgeProbe = 0.1f;
/// Passes pushing the capsule out of what moved into it: each clears the deepest contact, so a
/// corner of a door and the floor takes two; more means it is pinned.
inline constexpr int kCharacterPushPasses = 4;
/// An overlap left after the pushes deeper than this fraction of the skin means pinned (crushed):
/// below it is the rounding of the contact depths, not a shape inside another.
inline constexpr float kCharacterCrushSkinRel = 0.1f;
/// Meshes whose motion over the step moved the capsule's centre, in their frame, more than this
/// many radii (or that pin it) are swept along that motion rather than read from contacts at the
/// end pose: a capsule clear of a mover can have its axis passed only by a radius or more of it.
inline constexpr float kCharacterFastMoverRel = 0.5f;
/// A mover that turns (or scales) over the step is swept as chords of the capsule's motion relative
/// to it, each straying at most this many radii from the true arc (the sweep's capsule is grown by
/// that, so a face that passes the axis on the arc is met).
inline constexpr float kCharacterArcDeviationRel = 0.25f;
/// At most this many chords per turning mover, so a wild spin costs bounded time (beyond it the
/// grown capsule is wider than the bound).
inline constexpr int kCharacterMaxArcPieces = 16;
/// A crushed capsule looks for a free spot at most this many half radii away (its height, for
/// capsules up to 16 radii tall), so a crush costs a bounded number of overlap queries.
inline constexpr int kCharacterSqueezeRings = 32;
/// Bisections refining a free spot between the last sample that was not free and the first that
/// is: a half radius halved 8 times, about 0.7 mm for the default capsule.
inline constexpr int kCharacterSqueezeBisections = 8;
/// Bisection steps when stopping short of another character where the closed-form stop and the
/// overlap test disagree by rounding: 16 halvings of a move of a few decimetres leave a few
/// microns of unused motion.
inline constexpr int kCharacterObstacleBisections = 16;
/// A character stopping short of another stops this fraction of the skin (10 microns for the
/// default) before the point where the closed form puts it one skin away: room for the rounding of
/// the positions, so the overlap test agrees that it is clear there.
inline constexpr float kCharacterObstacleBackoffSkinRel = 1e-3f;
/// A path that keeps horizontally farther from a neighbour than the overlap reach plus this
/// fraction of the coordinates' magnitude (and of the reach and the way) never overlaps it: far
/// beyond the float rounding of the positions tested (a few 1e-7 of that), so no search runs.
inline constexpr float kCharacterObstacleClearRel = 1e-5f;

}  // namespace shototsu::tol

namespace shototsu::detail {

/// "Up" for every character is +Y.
inline constexpr Vec3 kUp{0.0f, 1.0f, 0.0f};

inline Vec3 horizontal(Vec3 v) { return {v.x, 0.0f, v.z}; }

/// Bisection between `holds`, where `predicate` holds, and `fails`, where it does not (either may be
/// the larger): tol::kCharacterSqueezeBisections halvings, each keeping the half whose ends still
/// disagree; the value nearest `fails` where it was seen to hold. The ground lift kept out of a
/// ceiling, the free spot nearest a crush, and the room before a push or carry sinks the capsule
/// into what did not move are all this search.
template <class Predicate>
float bisect_holds(float holds, float fails, Predicate&& predicate) {
    for (int k = 0; k < tol::kCharacterSqueezeBisections; ++k) {
        const float mid = 0.5f * (holds + fails);
        (predicate(mid) ? holds : fails) = mid;
    }
    return holds;
}

/// The upright capsule of total height `height` (caps included) centred at `center`.
inline Capsule upright_capsule(Vec3 center, float radius, float height) {
    const float half = 0.5f * height - radius;
    return {center - kUp * half, center + kUp * half, radius};
}

/// The first met of the deepest contacts (deeper than 0) that `keep` accepts, or nullptr. `tie`:
/// another one as deep but of another object or with a normal of other bits comes after it, so
/// that in another order the answer could differ. Without a tie, every order of the same
/// contacts gives a contact of the same object, normal and depth.
template <class Keep>
const WorldContact* deepest_contact(const std::vector<WorldContact>& contacts, Keep&& keep, bool& tie) {
    const auto bits = [](float f) { return __builtin_bit_cast(std::uint32_t, f); };
    const WorldContact* first = nullptr;
    tie = false;
    for (const WorldContact& wc : contacts) {
        if (!(wc.depth > 0.0f) || (first && !(wc.depth >= first->depth)) || !keep(wc)) continue;
        if (first && wc.depth == first->depth) {
            tie = tie || wc.object != first->object || bits(wc.normal.x) != bits(first->normal.x) ||
                  bits(wc.normal.y) != bits(first->normal.y) || bits(wc.normal.z) != bits(first->normal.z);
            continue;
        }
        first = &wc;
        tie = false;
    }
    return first;
}

}  // namespace shototsu::detail
