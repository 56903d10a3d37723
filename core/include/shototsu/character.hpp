// shototsu — a kinematic capsule character controller over a mesh world: collide-and-slide with
// a skin, walkable vs too-steep slopes, step-up onto ledges, snapping down slopes and stairs, and
// no snagging on the internal edges of triangulated floors.
//
// Like Unity's CharacterController.Move and Rapier's controller, it moves by the displacement it
// is given (gravity and jumping belong to the caller) and reports what happened. "Up" is +Y.
//
// MOVING WORLDS. Per frame: set the objects' next poses (World::set_transform), World::update(dt),
// then move the characters. Each move first rides: a character that stood on an object that moved
// over the step is carried rigidly with it (previous_transform -> transform: translation and the
// rotation about any axis, the yaw change reported), so it neither sinks into a rising lift nor
// lifts off one that stops or reverses; a carry of a radius or more in one step stops one skin
// short of anything that did not move (a platform sliding into a wall), and before it sinks the capsule
// deeper into it. Then it is pushed: whatever moved into the
// capsule pushes it out along the contact normal to one skin away; an object (mesh, box, sphere or capsule) that moved
// more than half a radius relative to it over the step is swept first (the capsule's axis in the object's frame; a
// fast turn along its arc), also one whose box swept over the step met the capsule though it now lies wholly beyond
// (World::moved_in), so a surface that passed its axis — a fast wall, door, paddle or thin plate — takes it back along
// that motion to a skin before the surface and pushes it out ahead, never through (with what did not move in the way,
// or its axis inside the mesh that pins it, it is crushed); a capsule that cannot be cleared of everything
// (pinned between a moving object and another) is reported crushed and squeezed out (CharacterMove::crushed says where
// to). Then its own move. A character's own velocity is relative to its ground: when it leaves the ground (a jump,
// walking off), the caller adds the last grounded move's ground_velocity to its velocity.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "shototsu/broadphase.hpp"
#include "shototsu/world.hpp"

namespace shototsu {

struct CharacterSettings {
    /// Capsule radius (m), > 0.
    float radius = 0.35f;
    /// Total height, caps included (m), >= 2 * radius.
    float height = 1.7f;
    /// Highest ledge the character steps onto without jumping (m). A step up is tried when a
    /// wall of the world stops a grounded walk low enough to be a ledge; never when only other
    /// characters stop it (CharacterGroup, set_obstacles): characters do not climb onto one another.
    float step_height = 0.3f;
    /// Steepest walkable slope (degrees from horizontal), [0, 90]; walkable surfaces stop at
    /// 84.3 degrees (normal y 0.1) whatever this says. Steeper surfaces are walls: the character
    /// cannot climb them and slides down them.
    float max_slope_degrees = 45.0f;
    /// How far the character is pulled down to stay on the ground when walking down slopes and
    /// stairs (m). It never pulls while the displacement rises (a jump).
    float snap_distance = 0.3f;
    /// The gap kept between the capsule and every surface (m). Casts stop this short of a contact,
    /// so the next cast starts free and sliding along a floor never grazes it.
    float skin_width = 0.01f;
};

/// Why the character is or is not grounded after a move.
enum class GroundReason : std::uint8_t {
    /// Standing on a surface no steeper than max_slope.
    Walkable,
    /// Pulled down onto walkable ground within snap_distance (walking down a slope or stairs).
    Snapped,
    /// Stepped up onto a ledge no higher than step_height.
    SteppedUp,
    /// Touching only surfaces steeper than max_slope: sliding, not grounded.
    TooSteep,
    /// Nothing below within reach: in the air.
    NoGround,
    /// Moving up (a jump): ground snapping is off.
    Rising,
};

/// "walkable", "snapped", "stepped up", "too steep", "no ground" or "rising".
const char* ground_reason_name(GroundReason reason);

/// What a move did.
struct CharacterMove {
    /// The capsule's centre after the move.
    Vec3 position;
    bool grounded = false;
    /// Unit normal of the ground (walkable or not) touched below; zero when there is none.
    Vec3 ground_normal;
    /// Angle of ground_normal from +Y, in degrees (0 when there is no ground).
    float slope_angle = 0.0f;
    bool stepped_up = false;
    bool snapped = false;
    /// A surface steeper than max_slope (or a ceiling) blocked part of the motion.
    bool hit_wall = false;
    /// The last such surface's unit normal; zero when none.
    Vec3 wall_normal;
    GroundReason reason = GroundReason::NoGround;
    /// The ground triangle, when there is ground below.
    std::uint32_t ground_object = kNoIndex, ground_triangle = kNoIndex;
    /// The velocity (m/s) of the ground under the feet over the current step (World::velocity_at)
    /// when grounded after the move, or of the ground that carried it when it left that ground
    /// this move; zero otherwise. The caller adds it to its velocity when the character leaves
    /// the ground.
    Vec3 ground_velocity;
    /// How far (radians, about +Y, counter-clockwise seen from above) the ground turned the
    /// character this move: add it to the camera's or the character's facing.
    float yaw_change = 0.0f;
    /// Carried by the moving object it stood on (before its own move).
    bool carried = false;
    /// Pushed out of an object that moved into it.
    bool pushed = false;
    /// Pinned: the pushes could not clear the capsule of everything. Then, in this order, it goes
    ///  1. to the nearest free spot (overlapping nothing: half a skin clear of everything, or as
    ///     near what did not move as the pushes left it, if nearer) within the
    ///     capsule's height (at most 16 radii): sampled every half radius along the pinch both ways
    ///     (horizontally, across the push of what pins it), up, down and the 8 compass directions,
    ///     the first free sample of each way refined by bisection. A way is closed where the capsule
    ///     would overlap anything more than one skin deeper than where it was pinned, so it slides
    ///     out of the pinch and never passes through a wall, a floor or what pins it;
    ///  2. else out of what moved, ahead of it, when that leaves it within a skin of everything
    ///     and does not carry it through anything that did not move;
    ///  3. else back where the move began, when that is free;
    ///  4. else (the gap closed around it) it is kept out of what did not move and remains inside
    ///     what pushes it by up to `crush_depth`; it stays crushed, and out of all but that pusher,
    ///     until a move clears it — also after the pusher stops.
    /// So it ends inside neither object beyond the skin whenever a free spot lies within reach.
    /// A move whose arithmetic leaves the float range (a displacement, or a pusher's motion over
    /// the step, of about 1e19 m or more) ends where it began, reported crushed with depth 0.
    bool crushed = false;
    /// How deep it was pinned: the deepest overlap (m) the pushes left, kept out of what did not
    /// move, before it was squeezed out (1-3 leave it inside nothing); 0 when not crushed.
    float crush_depth = 0.0f;
};

namespace detail {
class TriangleCache;
/// Owns a controller's triangle cache (core/src/triangle_cache.hpp); a copy copies it. The cache
/// only remembers what the world holds, so the controller's const queries may fill it.
class TriangleCacheHandle {
public:
    TriangleCacheHandle();
    TriangleCacheHandle(const TriangleCacheHandle& other);
    TriangleCacheHandle(TriangleCacheHandle&& other) noexcept;
    TriangleCacheHandle& operator=(const TriangleCacheHandle& other);
    TriangleCacheHandle& operator=(TriangleCacheHandle&& other) noexcept;
    ~TriangleCacheHandle();
    TriangleCache* operator->() const { return cache_.get(); }

private:
    std::unique_ptr<TriangleCache> cache_;
};
}  // namespace detail

class CharacterController {
public:
    /// Collide-and-slide passes per move: each pass slides along the surface hit by the previous
    /// one; a corner takes two, a crease between three surfaces three.
    static constexpr int kMaxSlides = 4;

    /// The world must outlive the controller. Settings are clamped to valid ranges
    /// (radius > 0, height >= 2 radius, non-negative distances, slope in [0, 90]).
    CharacterController(const World& world, const CharacterSettings& settings, Vec3 position = {});

    /// Replaces the settings, clamped as the constructor clamps them. The bottom of the capsule
    /// stays where it was (a character standing on the ground stays on it: its centre moves by half
    /// the change of height), and so does the grounded state. The next move first pushes the
    /// capsule out of what a wider or taller shape now overlaps (a wall beside it), as after a
    /// teleport; where the new shape has no room (under a ceiling lower than the new height) that
    /// push cannot clear everything.
    void configure(const CharacterSettings& settings);

    /// Moves by `displacement` (m, world space; the caller adds gravity and jumps) and reports.
    /// `dt` (s) only scales nothing today: it is kept for the API's shape (Unity, Rapier) and
    /// must be finite and >= 0. Non-finite input: the character stays, and the report says why
    /// (reason NoGround, nothing moved).
    CharacterMove move(Vec3 displacement, float dt);

    Vec3 position() const { return position_; }
    /// Where the next move starts before its own motion: the position carried by the ground it
    /// stood on over the current step (after World::update), the position itself when that ground
    /// did not move or it is not grounded.
    Vec3 carried_position() const;
    /// Teleports (no collision); the next move starts there and is not considered grounded. That
    /// move first pushes the capsule out of what it overlaps: one whose axis crosses a ground that
    /// faces up goes up onto it, unless the way up crosses other geometry.
    void set_position(Vec3 p);
    const CharacterSettings& settings() const { return settings_; }
    bool grounded() const { return grounded_; }

    /// Makes the character visible to the world as a capsule object on `layers` (off by default),
    /// moved with the character (each move moves it over the current step, World::move_over_step,
    /// so that particles stepped after it meet it in motion; set_position teleports it), so that other
    /// characters, particles and queries meet it; the character's own queries ignore it. `world`
    /// must be the world the controller was made with (false otherwise, or when already
    /// registered). The object is removed by unregister(), not by the destructor: a controller is a
    /// value that may be copied, and only one copy should own it.
    bool register_in(World& world, std::uint32_t layers = 1);
    /// Removes the character's capsule from the world (nothing when it is not registered).
    void unregister();
    /// The character's capsule object while registered; kNoIndex otherwise.
    std::uint32_t body() const { return body_; }

    /// Other characters' capsules that this one may not overlap (capsule–capsule), as
    /// (centre, radius, height) triples set by the caller before a move; cleared by the caller.
    struct Obstacle {
        Vec3 center;
        float radius, height;
    };
    void set_obstacles(std::span<const Obstacle> others) { obstacles_.assign(others.begin(), others.end()); }

    /// The controller keeps the triangles around it, refilled from the world's hierarchy only when
    /// it walks out of the box they cover; its casts then sweep those instead of traversing the
    /// tree, with results identical to casting through the world (tested). Among too many
    /// triangles it casts through the world directly. Turning the cache off is for tests that
    /// compare against the world's own casts.
    void set_cache_enabled(bool on);

private:
    struct SlideResult;
    struct StepUp;
    struct GroundProbe;
    void apply_settings(const CharacterSettings& settings);
    Capsule capsule_at(Vec3 center) const;
    void prepare_cache(Vec3 center, float reach_sideways, float reach_vertical) const;
    WorldHit cast(Vec3 center, Vec3 motion) const;
    WorldHit cast_vertical(Vec3 center, float dy) const;
    Vec3 begin_move(Vec3 displacement);
    Vec3 along_ground(Vec3 displacement, bool rising) const;
    SlideResult slide(Vec3 start, Vec3 displacement, bool support_on_walkable) const;
    Vec3 carried_along(Vec3 remaining, Vec3 n, const WorldHit& hit) const;
    bool may_step_up(Vec3 start, Vec3 displacement, bool rising, const SlideResult& walk) const;
    StepUp step_up(Vec3 start, Vec3 want, Vec3 walked_to) const;
    GroundProbe probe_ground(Vec3 start, Vec3 end, bool may_snap, bool rising) const;
    void stand_on(const GroundProbe& below, bool may_snap, bool rising, Vec3& end, CharacterMove& out) const;
    Vec3 depenetrate(Vec3 center) const;
    bool up_out_of_ground(const Capsule& c, const WorldContact& wc, Vec3& up) const;
    Vec3 carried_feet(Vec3 center) const;
    Vec3 ride(Vec3 center, CharacterMove& out) const;
    Vec3 carry_until_blocked(Vec3 from, Vec3 to) const;
    float room_before_sinking(Vec3 center, Vec3 way, float room) const;
    Vec3 pushed_out(Vec3 center, Vec3 start, CharacterMove& out);
    bool swept_by_movers(Vec3& center, Vec3 start, CharacterMove& out);
    bool axis_inside(Vec3 p, std::uint32_t id) const;
    Vec3 crushed_in(Vec3 kept, Vec3 pinch, float depth, std::uint32_t id, Vec3 start, CharacterMove& out);
    Vec3 squeezed(Vec3 kept, Vec3 pinched, Vec3 pinch, Vec3 start);
    void clearance(Vec3 center, float& all, float& still, bool test_inside, bool& inside) const;
    bool push_crosses_still(Vec3 center, Vec3 push, std::uint32_t except = kNoIndex) const;
    bool push_sinks_into_still(Vec3 center, Vec3 push) const;
    Vec3 out_of_still(Vec3 center) const;
    int swept_by_turn(std::uint32_t id, const Transform& a, const Transform& b, Vec3 start, Vec3 center, bool pins,
                      Vec3& back) const;
    enum class Overlaps : std::uint8_t { All, Still, StillNotGround, Pushers };
    float deepest_overlap(Vec3 center, Overlaps which, Vec3& push, std::uint32_t* object = nullptr) const;
    // The capsule object to the character's position: moved over the step by a move (others
    // meet it in motion), teleported by a teleport.
    void place_body(bool over_step = false);
    float obstacle_limit(Vec3 p, Vec3 dir, float travel, Vec3& normal) const;
    bool walkable(Vec3 normal) const { return normal.y >= cos_max_slope_; }
    bool supported(const WorldHit& hit) const;

    const World* world_;
    CharacterSettings settings_;
    float cos_max_slope_ = 0.0f;
    Vec3 position_;
    bool grounded_ = false;
    Vec3 ground_normal_;                      // of the ground stood on after the last move (zero when not grounded)
    std::uint32_t ground_object_ = kNoIndex;  // what it stood on after the last move
    // What pins it (crushed) after the last move: it stays a pusher while it rests there.
    std::uint32_t pinned_by_ = kNoIndex;
    // Since a crush, until a move ends clear of every still surface that does not face up: a crush
    // may leave the capsule's top up to a skin in a still ceiling, and meanwhile every ground lift,
    // however small, is kept from sinking it deeper, and the pushes run on every move (what pushed
    // it may have gone, leaving it in a gap lower than itself).
    bool in_ceiling_ = false;
    // Registration (register_in): the capsule object, and the filter every query uses.
    World* body_world_ = nullptr;
    std::uint32_t body_ = kNoIndex, body_layers_ = 1;
    QueryFilter filter_;
    // Set by a teleport or a change of settings: the next move first pushes the capsule out of
    // anything it overlaps. Moves themselves never end inside anything, so they skip that (costly)
    // overlap query.
    bool needs_depenetration_ = true;
    std::vector<Obstacle> obstacles_;
    detail::TriangleCacheHandle cache_;
    // Reused by the queries of a move (what they hold between moves means nothing).
    struct Scratch {
        std::vector<WorldContact> contacts;
        std::vector<WorldRayCrossing> crossings;
        std::vector<std::uint32_t> objects;
        std::vector<std::uint32_t> passed;  // movers that went past the capsule over the step
    };
    mutable Scratch scratch_;
};

/// Many characters moved in one call (the batch form of the JS API): structure-of-arrays state,
/// and characters never overlap one another — each sees its neighbours (found through the
/// broadphase) as obstacles: those already moved where they ended, the others where their ground
/// carries them (carried_position), so riders of one platform move together. Moves run in index
/// order, so results are deterministic.
class CharacterGroup {
public:
    CharacterGroup(const World& world, const CharacterSettings& settings, std::uint32_t capacity);

    /// Adds a character; -1 when full or the position is not finite.
    std::int32_t add(Vec3 position);
    /// Moves character i by displacements[3 i .. 3 i + 2] for every i < count(). Non-finite
    /// displacements leave that character in place (its report says so).
    void move_all(const float* displacements, float dt);

    std::uint32_t count() const { return static_cast<std::uint32_t>(controllers_.size()); }
    std::uint32_t capacity() const { return capacity_; }
    /// 3 floats per character: the capsule centres after the last move (allocated once).
    const float* positions() const { return positions_.data(); }
    /// The full report of character i's last move.
    const CharacterMove& last_move(std::uint32_t i) const { return moves_[i]; }
    /// 1 byte per character: 1 when its last move ended grounded (last_move(i).grounded), else 0
    /// (allocated once: the JS face reads it as one view instead of a report per character).
    const std::uint8_t* grounded() const { return grounded_.data(); }
    CharacterController& controller(std::uint32_t i) { return controllers_[i]; }
    /// Teleports character i (as CharacterController::set_position: its next move first pushes it
    /// out of what it overlaps, up onto a ground its feet are sunk into).
    void set_position(std::uint32_t i, Vec3 p);
    /// Registers every character (and those added later) in `world` as capsule objects on
    /// `layers` (CharacterController::register_in); false when `world` is not the group's.
    bool register_in(World& world, std::uint32_t layers = 1);
    /// Removes every character's capsule from the world.
    void unregister();
    /// Replaces the settings of every character (and of those added later), clamped as the
    /// constructor clamps them (CharacterController::configure: each keeps its feet where they
    /// are). Characters that a larger capsule makes overlap the world or one another are pushed
    /// out and apart by their next moves.
    void configure(const CharacterSettings& settings);

private:
    const World* world_;
    CharacterSettings settings_;
    std::uint32_t capacity_;
    World* body_world_ = nullptr;
    std::uint32_t body_layers_ = 1;
    std::vector<CharacterController> controllers_;
    std::vector<CharacterMove> moves_;
    std::vector<float> positions_;
    std::vector<std::uint8_t> grounded_;
    // Reused by move_all (what they hold between calls means nothing).
    struct Scratch {
        std::vector<Vec3> carried;
        std::vector<AABB> boxes;
        std::vector<BoxPair> pairs;
        std::vector<std::uint32_t> first, fill, neighbours;
        std::vector<std::uint32_t> order, listed;  // the boxes by min.x, kept between steps
        std::vector<CharacterController::Obstacle> obstacles;
    };
    Scratch scratch_;
};

}  // namespace shototsu
