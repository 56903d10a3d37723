// shototsu (internal) — keeping a character clear of its neighbours (the other members of a
// CharacterGroup, given to each move as obstacles): how far it may move before it comes within one
// skin of one, and how it is pushed out of those it overlaps. Never part of the public API.
#pragma once

#include <span>

#include "shototsu/character.hpp"
#include "shototsu/math.hpp"
#include "shototsu/results.hpp"

namespace shototsu::detail {

using Obstacle = CharacterController::Obstacle;

/// Whether the character `self` centred at `center` comes within one skin of the obstacle;
/// `contact` (when not null) gets the contact of the obstacle's capsule grown by the skin with it.
bool overlaps_obstacle(const CharacterSettings& self, Vec3 center, const Obstacle& o, Contact* contact);

/// How far along dir (unit, up to `travel`) the character at p can move without coming within one
/// skin of any obstacle. Sets `normal` (horizontal where it can be, from the obstacle) when it
/// stops short.
float obstacle_limit(const CharacterSettings& self, std::span<const Obstacle> obstacles, Vec3 p, Vec3 dir, float travel,
                     Vec3& normal);

/// The way out of one obstacle: sideways (characters do not stand on each other's heads), by the
/// overlap plus a skin. `hit` is false when they do not overlap.
struct Push {
    bool hit = false;
    Vec3 dir;
    float length = 0.0f;
};
Push push_away(const CharacterSettings& self, Vec3 center, const Obstacle& o);

/// Moves the character out of every obstacle it overlaps (three passes, for several at once), each
/// push swept with `cast(center, motion)` (a WorldHit) so that it never goes through a wall.
///
/// A pass that pushes nothing ends the loop: push_away is a function of (self, center, o) alone,
/// and such a pass neither calls cast nor changes center, so every later pass would make the very
/// same push_away calls, again push nothing, and leave the same center.
template <class Cast>
Vec3 push_out_of_obstacles(const CharacterSettings& self, std::span<const Obstacle> obstacles, Vec3 center,
                           Cast&& cast) {
    for (int pass = 0; pass < 3; ++pass) {
        bool pushed = false;
        for (const Obstacle& o : obstacles) {
            const Push push = push_away(self, center, o);
            if (!push.hit) continue;
            pushed = true;
            const WorldHit hit = cast(center, push.dir * push.length);
            const float travel = hit.hit ? maxf(hit.distance - self.skin_width, 0.0f) : push.length;
            center += push.dir * travel;
        }
        if (!pushed) break;
    }
    return center;
}

}  // namespace shototsu::detail
