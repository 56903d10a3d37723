// shototsu — a character spawned or teleported into the world (character.hpp): the push out of
// what the capsule overlaps, made by the first move after a spawn, a teleport or a change of
// settings. Cold (once per teleport): the wasm build compiles it at -O2, where it is smallest
// (wasm/CMakeLists.txt).
#include <cmath>
#include <vector>

#include "character_detail.hpp"
#include "shototsu/character.hpp"

namespace shototsu {

// Only after a teleport, a spawn or a change of settings: if the capsule overlaps the world, move
// it out along the contact normals (a few passes for corners), never into or through another
// object (a wall behind a box it was spawned in: it stays in the box instead). Objects that moved
// over the step are left to the pushes that follow (pushed_out), which never push it through what
// stays.
//
// Spawned with its axis across the ground (the bottom sphere's centre under a face whose front
// faces up), the deepest contact is that face's, along its normal on the side of the axis's start
// — the feet: down, through the ground. It goes up instead, onto the ground, unless that way
// crosses another object (up_out_of_ground).
Vec3 CharacterController::depenetrate(Vec3 center) const {
    std::vector<WorldContact> contacts;
    for (int pass = 0; pass < 3; ++pass) {
        contacts.clear();
        const Capsule c = capsule_at(center);
        world_->overlap_capsule(c.start, c.end, c.radius, contacts, filter_);
        const WorldContact* deepest = nullptr;
        for (const WorldContact& wc : contacts)
            if (wc.depth > (deepest ? deepest->depth : 0.0f) && !world_->moved(wc.object)) deepest = &wc;
        if (!deepest) break;
        Vec3 up;
        const bool go_up = up_out_of_ground(c, *deepest, up) && !push_crosses_still(center, up, deepest->object);
        const Vec3 push = go_up ? up : deepest->normal * (deepest->depth + settings_.skin_width);
        if (!go_up && push_crosses_still(center, push, deepest->object)) break;
        center += push;
    }
    return center;
}

// Whether the contact `wc` of the capsule `c` pushes it down through a face whose front faces up,
// which its axis crosses, and then (`up`) the push the other way that leaves it a skin above the
// face's plane. A triangle's contact deeper than the radius comes only from an axis across the
// face (or touching it): triangle_capsule's lift along the face normal n on the side of the axis's
// start, so that the end farthest along -n is a radius beyond the plane. The capsule spans its
// axis's extent along n plus a diameter; cleared one way by `depth`, it is cleared the other way by
// that span less `depth`. (A solid primitive's contact is already its shortest way out.)
bool CharacterController::up_out_of_ground(const Capsule& c, const WorldContact& wc, Vec3& up) const {
    const Vec3 n = wc.normal;
    if (wc.triangle == kNoIndex || !(n.y < 0.0f) || !(wc.depth > c.radius)) return false;
    if (!(dot(triangle_normal_unnormalized(world_->triangle(wc.object, wc.triangle)), n) < 0.0f)) return false;
    const float span = std::fabs(dot(c.end - c.start, n)) + 2.0f * c.radius;
    up = n * -(span - wc.depth + settings_.skin_width);
    return true;
}

}  // namespace shototsu
