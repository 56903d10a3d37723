// shototsu — the kinematic capsule character controller (character.hpp).
//
// A move is: push out of anything the capsule overlaps (only after a teleport, a spawn or a change
// of settings), slide by the displacement (each capsule cast stops one skin short of the surface
// along its normal, then the rest of the motion is redirected along that surface), try a step up
// when a wall stopped a grounded character, keep clear of neighbours, then probe below: snap to
// walkable ground within reach, or report why the character is not grounded.
//
// How surfaces redirect the motion (the heart of "climbs steps, stands on slopes, never snags"):
//   walkable ground  carries the character: the downward part of the motion is dropped (so it
//                    stands still on a slope instead of creeping) and the horizontal part
//                    follows the surface (so it walks up and down slopes at its own pace);
//   steep surfaces   are walls for horizontal motion (the horizontal normal removes the part going
//                    into them, so they are never climbed) and slides for downward motion (the
//                    character slides down them);
//   ceilings         slide the motion along them.
// The sweeps are exact (sweep_capsule_triangle), so the normal at an internal edge of a flat or
// smooth floor is the floor's own: nothing snags.
//
// The casts go through the character's triangle cache (triangle_cache.hpp) when it covers them;
// other characters are kept clear by character_neighbours.hpp.
#include "shototsu/character.hpp"

#include <cmath>
#include <limits>

#include "character_detail.hpp"
#include "character_neighbours.hpp"
#include "triangle_cache.hpp"

namespace shototsu {

using detail::horizontal;
using detail::kUp;

const char* ground_reason_name(GroundReason reason) {
    switch (reason) {
        case GroundReason::Walkable: return "walkable";
        case GroundReason::Snapped: return "snapped";
        case GroundReason::SteppedUp: return "stepped up";
        case GroundReason::TooSteep: return "too steep";
        case GroundReason::NoGround: return "no ground";
        case GroundReason::Rising: return "rising";
    }
    return "no ground";
}

namespace detail {

TriangleCacheHandle::TriangleCacheHandle() : cache_(std::make_unique<TriangleCache>()) {}
TriangleCacheHandle::TriangleCacheHandle(const TriangleCacheHandle& other)
    : cache_(std::make_unique<TriangleCache>(*other.cache_)) {}
TriangleCacheHandle::TriangleCacheHandle(TriangleCacheHandle&& other) noexcept = default;
TriangleCacheHandle& TriangleCacheHandle::operator=(const TriangleCacheHandle& other) {
    if (this != &other) cache_ = std::make_unique<TriangleCache>(*other.cache_);
    return *this;
}
TriangleCacheHandle& TriangleCacheHandle::operator=(TriangleCacheHandle&& other) noexcept = default;
TriangleCacheHandle::~TriangleCacheHandle() = default;

}  // namespace detail

namespace {

float horizontal_distance(Vec3 a, Vec3 b) { return length(horizontal(b - a)); }

// An invalid radius, skin or slope falls back to the default (CharacterSettings' initialisers).
CharacterSettings clamped(CharacterSettings s) {
    const CharacterSettings defaults;
    if (!(s.radius > 0.0f) || !std::isfinite(s.radius)) s.radius = defaults.radius;
    if (!(s.height >= 2.0f * s.radius) || !std::isfinite(s.height)) s.height = 2.0f * s.radius;
    if (!(s.step_height >= 0.0f) || !std::isfinite(s.step_height)) s.step_height = 0.0f;
    if (!(s.snap_distance >= 0.0f) || !std::isfinite(s.snap_distance)) s.snap_distance = 0.0f;
    if (!(s.skin_width > 0.0f) || !std::isfinite(s.skin_width)) s.skin_width = defaults.skin_width;
    const float slope = std::isfinite(s.max_slope_degrees) ? s.max_slope_degrees : defaults.max_slope_degrees;
    s.max_slope_degrees = clampf(slope, 0.0f, 90.0f);
    return s;
}

// What a wall (any contact that does not carry the character) leaves of the remaining motion.
// Horizontal motion (a step-up's leg, support_on_walkable false): the wall's horizontal normal
// removes what goes into it. A ceiling slides the motion along it. A wall or a too-steep slope is
// never climbed horizontally and is slid down vertically.
Vec3 along_wall(Vec3 remaining, Vec3 n, bool support_on_walkable) {
    if (!support_on_walkable) {
        const Vec3 nh = normalize_or(horizontal(n), Vec3{0, 0, 0});
        Vec3 h = horizontal(remaining);
        h -= nh * minf(dot(h, nh), 0.0f);
        return h;
    }
    if (n.y < 0.0f) return remaining - n * minf(dot(remaining, n), 0.0f);
    const Vec3 nh = normalize_or(horizontal(n), n);
    Vec3 h = horizontal(remaining);
    h -= nh * minf(dot(h, nh), 0.0f);
    Vec3 v{0.0f, remaining.y, 0.0f};
    if (v.y < 0.0f)
        v -= n * dot(v, n);  // down the slope
    else
        v -= n * minf(dot(v, n), 0.0f);
    return h + v;
}

}  // namespace

struct CharacterController::SlideResult {
    Vec3 end;
    bool hit_wall = false;
    Vec3 wall_normal;
    // The lowest point at which a wall of the world was touched (another character is no wall of
    // the world: +inf when only characters stopped it).
    float lowest_wall_contact = std::numeric_limits<float>::infinity();
};

struct CharacterController::StepUp {
    bool taken = false;
    Vec3 end;
    bool hit_wall = false;
    Vec3 wall_normal;
};

struct CharacterController::GroundProbe {
    WorldHit hit;
    // Found only by looking below the height the move started at (see probe_ground).
    bool lift_snap = false;
};

CharacterController::CharacterController(const World& world, const CharacterSettings& settings, Vec3 position)
    : world_(&world) {
    apply_settings(settings);
    set_position(position);
}

void CharacterController::configure(const CharacterSettings& settings) {
    const float old_height = settings_.height;
    apply_settings(settings);
    if (settings_.height != old_height) position_.y += 0.5f * (settings_.height - old_height);  // the feet stay
    needs_depenetration_ = true;
    if (body_world_) {  // the capsule object takes the new shape
        World& w = *body_world_;
        unregister();
        register_in(w, body_layers_);
    }
}

void CharacterController::apply_settings(const CharacterSettings& settings) {
    settings_ = clamped(settings);
    // Nothing steeper than kCharacterMinNormalY (84.3 degrees) is walkable: walking converts
    // horizontal motion into climb along the ground's plane by the ratio of the normal's
    // horizontal part to n.y, and a wall's contact normal carries rounding noise in y (about 1e-2
    // at 1e4 from the origin) — as ground it would fling the character up by hundreds of metres.
    cos_max_slope_ = maxf(det_cos(settings_.max_slope_degrees * kDegToRad), tol::kCharacterMinNormalY);
}

void CharacterController::set_position(Vec3 p) {
    if (is_finite(p)) position_ = p;
    grounded_ = false;
    ground_normal_ = Vec3{0, 0, 0};
    ground_object_ = kNoIndex;
    pinned_by_ = kNoIndex;
    in_ceiling_ = false;
    needs_depenetration_ = true;
    place_body();
}

void CharacterController::set_cache_enabled(bool on) { cache_->set_enabled(on); }

Capsule CharacterController::capsule_at(Vec3 c) const {
    return detail::upright_capsule(c, settings_.radius, settings_.height);
}

// Fills the triangle cache for a move from `center` reaching at most `reach_sideways`
// horizontally and `reach_vertical` up or down (the step up and the snap only go vertically).
void CharacterController::prepare_cache(Vec3 center, float reach_sideways, float reach_vertical) const {
    const float half = 0.5f * settings_.height;
    const Vec3 ext{settings_.radius + reach_sideways, half + reach_vertical, settings_.radius + reach_sideways};
    cache_->prepare(*world_, {center - ext, center + ext}, tol::kCharacterCacheMargin * settings_.height);
}

WorldHit CharacterController::cast(Vec3 center, Vec3 motion) const {
    const float len = length(motion);
    WorldHit miss;
    miss.distance = len;
    if (!(len > 0.0f)) return miss;
    const Capsule c = capsule_at(center);
    if (cache_->covers(center, motion, (c.end - c.start) * 0.5f, c.radius))
        return cache_->capsule_cast(center, c, motion, len);
    return world_->capsule_cast(c.start, c.end, c.radius, motion, len, filter_);
}

// A vertical cast of the upright capsule: whatever it meets moving straight down, its bottom
// sphere meets first (every other sphere of the capsule is the bottom one raised), and moving up
// its top sphere — so a sphere cast answers, at a fraction of a capsule cast's cost. `position`
// is converted back to the capsule's centre.
WorldHit CharacterController::cast_vertical(Vec3 center, float dy) const {
    const float len = std::fabs(dy);
    WorldHit miss;
    miss.distance = len;
    if (!(len > 0.0f)) return miss;
    const Vec3 offset = kUp * (0.5f * settings_.height - settings_.radius);
    const Vec3 lead = dy < 0.0f ? center - offset : center + offset;
    const Vec3 dir = kUp * (dy < 0.0f ? -1.0f : 1.0f);
    const float r = settings_.radius;
    WorldHit hit = cache_->covers(lead, dir * len, Vec3{0, 0, 0}, r) ? cache_->vertical_sphere_cast(lead, r, dir, len)
                                                                     : world_->sphere_cast(lead, r, dir, len, filter_);
    if (hit.hit) hit.position = dy < 0.0f ? hit.position + offset : hit.position - offset;
    return hit;
}

float CharacterController::obstacle_limit(Vec3 p, Vec3 dir, float travel, Vec3& normal) const {
    if (obstacles_.empty()) return travel;
    return detail::obstacle_limit(settings_, obstacles_, p, dir, travel, normal);
}

// The start of a move: the cache filled for everything the move can reach (the displacement, a
// step up and over, the snap probe and a push away from another character), and the capsule out
// of anything it overlaps after a teleport.
inline Vec3 CharacterController::begin_move(Vec3 displacement) {
    const CharacterSettings& s = settings_;
    const float reach = length(displacement) + 4.0f * s.skin_width;
    prepare_cache(position_, reach, reach + maxf(s.step_height, s.snap_distance));
    if (!needs_depenetration_) return position_;
    needs_depenetration_ = false;
    return depenetrate(position_);
}

// A grounded character walks along its ground: the horizontal part of the displacement follows
// the ground plane it stood on, and the downward part is dropped (the ground carries it; the probe
// keeps it there). One cast instead of two — first into the ground, then along it — and no
// grazing of the floor's internal edges.
inline Vec3 CharacterController::along_ground(Vec3 displacement, bool rising) const {
    if (!grounded_ || rising || !(ground_normal_.y > 0.0f)) return displacement;
    const Vec3 h = horizontal(displacement);
    Vec3 wanted{h.x, -(ground_normal_.x * h.x + ground_normal_.z * h.z) / ground_normal_.y, h.z};
    // At most a radius up along the old plane (a very fast walk up a steep slope): where the
    // ground goes on rising, the slide meets it and is carried on along it.
    if (wanted.y > settings_.radius) wanted.y = settings_.radius;
    return wanted;
}

CharacterMove CharacterController::move(Vec3 displacement, float dt) {
    CharacterMove out;
    out.position = position_;
    if (!is_finite(displacement) || !(dt >= 0.0f) || !std::isfinite(dt)) {
        out.reason = GroundReason::NoGround;
        grounded_ = false;
        return out;
    }
    const bool rising = displacement.y > 0.0f;
    // 0. Ride what it stood on, then be pushed out of what moved into it.
    const Vec3 start = position_;
    if (grounded_ && ground_object_ != kNoIndex && world_->moved(ground_object_))
        position_ = carry_until_blocked(position_, ride(position_, out));
    const Vec3 p = pushed_out(begin_move(displacement), start, out);

    // 1. Slide, along the ground when standing on it.
    const SlideResult walk = slide(p, along_ground(displacement, rising), true);
    Vec3 end = walk.end;
    out.hit_wall = walk.hit_wall;
    out.wall_normal = walk.wall_normal;

    // 2. Step up onto a ledge that stopped the walk.
    if (may_step_up(p, displacement, rising, walk)) {
        const StepUp step = step_up(p, horizontal(displacement), end);
        if (step.taken) {
            end = step.end;
            out.stepped_up = true;
            out.hit_wall = step.hit_wall;
            out.wall_normal = step.wall_normal;
        }
    }

    // 3. Characters may not overlap.
    if (!obstacles_.empty())
        end = detail::push_out_of_obstacles(settings_, obstacles_, end, [&](Vec3 c, Vec3 m) { return cast(c, m); });

    // 4. Ground: probe below; snap down onto walkable ground when walking (not rising).
    const bool may_snap = (grounded_ || out.stepped_up) && !rising;
    const GroundProbe below = probe_ground(p, end, may_snap, rising);
    out.reason = rising ? GroundReason::Rising : GroundReason::NoGround;
    if (below.hit.hit) stand_on(below, may_snap, rising, end, out);
    if (out.stepped_up && !out.grounded) out.stepped_up = false;
    if (!is_finite(end)) {
        // Lengths past the float range (a move or a pusher's step of about 1e19 m) left no
        // finite answer: the character stays where the move began, crushed (see CharacterMove).
        const Vec3 velocity = out.ground_velocity;
        const float yaw = out.yaw_change;
        out = CharacterMove{};
        out.ground_velocity = is_finite(velocity) ? velocity : Vec3{};
        out.yaw_change = std::isfinite(yaw) ? yaw : 0.0f;
        out.crushed = true;
        end = start;
    }

    position_ = end;
    grounded_ = out.grounded;
    if (out.crushed || in_ceiling_) {
        Vec3 unused;
        in_ceiling_ = out.crushed || deepest_overlap(end, Overlaps::StillNotGround, unused) > 0.0f;
    }
    ground_object_ = out.grounded ? out.ground_object : kNoIndex;
    if (out.grounded && ground_object_ != kNoIndex)
        out.ground_velocity = world_->velocity_at(ground_object_, end - kUp * (0.5f * settings_.height));
    place_body(true);
    // The plane walked along next time: the ground's own, or level when standing on a rim (whose
    // contact normal is the edge's, not the top surface's).
    ground_normal_ = !out.grounded ? Vec3{0, 0, 0} : (walkable(out.ground_normal) ? out.ground_normal : kUp);
    out.position = end;
    return out;
}

// A grounded character stopped by a wall while walking tries the ledge — unless every wall it
// touched was touched higher than a step (the landing test could only accept ground no higher
// than that): a wall, the far side of a slope too steep to walk. Another character is no ledge:
// one stopped only by neighbours does not try (it would not climb onto them, and the slide over
// would stop at them again).
inline bool CharacterController::may_step_up(Vec3 start, Vec3 displacement, bool rising,
                                             const SlideResult& walk) const {
    const CharacterSettings& s = settings_;
    const float step_top = start.y - 0.5f * s.height + s.step_height + s.skin_width;
    return grounded_ && !rising && walk.hit_wall && length(horizontal(displacement)) > 0.0f && s.step_height > 0.0f &&
           walk.lowest_wall_contact <= step_top;
}

// Up by a step (or to the ceiling), across by the horizontal displacement `want`, down onto what is
// there. Taken when it lands on ground that carries the character no higher than a step above the
// feet, climbed, got farther than walking did (to `walked_to`), and passed no other character.
CharacterController::StepUp CharacterController::step_up(Vec3 start, Vec3 want, Vec3 walked_to) const {
    const CharacterSettings& s = settings_;
    const float skin = s.skin_width;
    const WorldHit up_hit = cast_vertical(start, s.step_height);
    const float up = up_hit.hit ? maxf(up_hit.distance - skin, 0.0f) : s.step_height;
    const SlideResult over = slide(start + kUp * up, want, false);
    const WorldHit down_hit = cast_vertical(over.end, -(up + skin));
    // The surface landed on may be no higher than step_height above the feet: landing on the rim
    // of a taller ledge (reachable by the rounded bottom) is not a step.
    const float feet = start.y - 0.5f * s.height;
    if (!down_hit.hit || !supported(down_hit) || !(down_hit.point.y <= feet + s.step_height + skin)) return {};
    const float drop = maxf(down_hit.distance - skin / maxf(down_hit.normal.y, tol::kCharacterMinNormalY), 0.0f);
    const Vec3 landed = over.end - kUp * drop;
    const bool climbed = landed.y > start.y + skin;
    const bool farther = horizontal_distance(start, landed) >
                         horizontal_distance(start, walked_to) + tol::kCharacterStepGain * length(want);
    // The lift and the drop pass no other character (the slide over already keeps clear).
    Vec3 ignored;
    const bool clear = obstacles_.empty() || (obstacle_limit(start, kUp, up, ignored) >= up &&
                                              obstacle_limit(over.end, -kUp, drop, ignored) >= drop);
    if (!(climbed && farther && clear)) return {};
    return {true, landed, over.hit_wall, over.wall_normal};
}

// Two reaches: the ground usually lies within a couple of skins (walking on it), and a short cast
// meets far fewer triangles; only when that finds nothing does the snap reach look on. A move that
// did not ask to rise but ended higher was carried up by what it walked on: along a walkable plane
// for the rest of the displacement — past the top of a short steep slope that is air, up to
// tan(slope) times the horizontal motion. Then the probe reaches snap_distance below the height
// the move started at, and the top is found instead of left behind.
inline CharacterController::GroundProbe CharacterController::probe_ground(Vec3 start, Vec3 end, bool may_snap,
                                                                          bool rising) const {
    const CharacterSettings& s = settings_;
    const float skin = s.skin_width;
    const float near_probe = 2.0f * skin;
    GroundProbe below{cast_vertical(end, -(near_probe + skin))};
    if (!below.hit.hit && may_snap && s.snap_distance > near_probe)
        below.hit = cast_vertical(end, -(s.snap_distance + 2.0f * skin));
    const float lifted = end.y - start.y;
    if (!below.hit.hit && !rising && lifted > 0.0f) {
        below.hit = cast_vertical(end, -(lifted + s.snap_distance + 2.0f * skin));
        below.lift_snap = below.hit.hit;
    }
    return below;
}

// Reports the ground found below and decides whether the character stands on it: snapped down to
// one skin above it when it may snap (not into another character: a snap it would end inside
// stops on it, not grounded), or grounded when already within a skin.
inline void CharacterController::stand_on(const GroundProbe& below, bool may_snap, bool rising, Vec3& end,
                                          CharacterMove& out) const {
    const float skin = settings_.skin_width;
    const WorldHit& hit = below.hit;
    const Vec3 n = hit.normal;
    out.ground_normal = n;
    out.slope_angle = det_acos(clampf(n.y, -1.0f, 1.0f)) / kDegToRad;
    out.ground_object = hit.object;
    out.ground_triangle = hit.triangle;
    if (!supported(hit)) {
        if (!rising && hit.distance <= 3.0f * skin / maxf(n.y, tol::kCharacterMinNormalY))
            out.reason = GroundReason::TooSteep;
        return;
    }
    // How far above one skin (along the normal) of the ground the character is.
    float gap = hit.distance - skin / maxf(n.y, tol::kCharacterMinNormalY);
    // Lifted to a skin above a rim whose contact normal is nearly horizontal, the capsule could
    // rise several skins: never into what is above it (a ceiling a crush left it under). Only a
    // surface facing down caps it: a cast from a capsule sunk into its ground meets that ground
    // at once, and the lift out of it stays whole.
    const bool deep = gap < -tol::kCharacterCrushSkinRel * skin;
    if (deep) {
        const WorldHit above = cast_vertical(end, skin - gap);
        if (above.hit && above.normal.y < 0.0f) {
            const float under = maxf(above.distance - skin, 0.0f);  // the lift to a skin under the ceiling
            float lift = -gap;
            // Between the ground and a still ceiling less than two skins more than the capsule's
            // height apart (a crush leaves it there): to the middle of that room, as far from both,
            // rather than a skin under the ceiling, which leaves it nearer the ground or in it; a
            // room lower than the capsule by up to a skin shares the overlap. How far the bottom
            // sphere is sunk in its ground, vertically, decides it: a cast that starts in the ground
            // reads 0, so it is measured again from a skin higher than the ceiling lets the capsule
            // rise. A skin under the ceiling at most, as elsewhere, when that depth is unknown (the
            // raised start overlaps something too, or meets another object first), the room is
            // lower still, the top already touches the ceiling (no cast reads its depth in it:
            // lifted again it would creep up into it), or the ceiling moved or pins the capsule (the
            // next move's pushes see it).
            if (lift > under && above.distance > 0.0f && !world_->moved(above.object) && above.object != pinned_by_) {
                float sunk = -hit.distance;
                bool known = hit.distance > 0.0f;
                if (!known) {
                    const float raise = above.distance + skin;
                    const WorldHit again = cast_vertical(end + kUp * raise, -(raise + skin));
                    known = again.hit && again.distance > 0.0f && again.object == hit.object;
                    sunk = raise - again.distance;
                }
                const float want = lift + maxf(sunk, 0.0f);  // a skin above the ground
                const float slack = above.distance - sunk;   // the room's height less the capsule's
                if (known && slack >= -skin)
                    lift = maxf(under, minf(want, 0.5f * (above.distance + sunk)));
                else
                    lift = under;
            } else {
                lift = minf(lift, under);
            }
            gap = -lift;
        }
    }
    // The cast from a capsule that overlaps something (the pusher of a crush, the ground of a gap
    // lower than the capsule that a crush left it in) meets that first, and it hides a still
    // ceiling beyond: the lift is also kept from sinking the capsule more than half a skin (or
    // deeper than it already is) into what did not move and does not face up, by bisection. So is
    // a lift within the rounding allowance since a crush (in_ceiling_).
    if (gap < 0.0f && (deep || out.crushed || in_ceiling_)) {
        Vec3 unused;
        const float limit = maxf(deepest_overlap(end, Overlaps::StillNotGround, unused), 0.5f * skin);
        const auto sinks = [&](float lift) {
            return deepest_overlap(end + kUp * lift, Overlaps::StillNotGround, unused) > limit;
        };
        if (sinks(-gap)) gap = -detail::bisect_holds(0.0f, -gap, [&](float lift) { return !sinks(lift); });
        // Crushed, the ground that rose into it is what pins it: no lift into or through what did
        // not move above (a slab it is pinned under). Still grounded: it stands where it is.
        const Vec3 lift{0.0f, (end.y - gap) - end.y, 0.0f};  // as the snap below would lift it
        if (out.crushed && lift.y > 0.0f && (push_crosses_still(end, lift) || push_sinks_into_still(end, lift)))
            gap = 0.0f;
    }
    if (may_snap || below.lift_snap) {
        const float dist = std::fabs(gap);
        Vec3 ignored;
        const float free = obstacles_.empty() ? dist : obstacle_limit(end, gap > 0.0f ? -kUp : kUp, dist, ignored);
        if (free >= dist) {
            end -= kUp * gap;  // keep exactly one skin above the ground (gap may be < 0)
            out.grounded = true;
            out.snapped = gap > 2.0f * skin;
        } else {
            // A neighbour stops the snap short (one below the ground, crushed through it, reaches
            // within a skin of the feet): down as far as it allows, and grounded when that leaves
            // the feet within a skin of the ground, as without a snap.
            const float moved = gap > 0.0f ? free : 0.0f;
            end -= kUp * moved;
            out.grounded = gap - moved <= skin;
        }
    } else {
        out.grounded = gap <= skin;
    }
    if (out.grounded)
        out.reason =
            out.stepped_up ? GroundReason::SteppedUp : (out.snapped ? GroundReason::Snapped : GroundReason::Walkable);
}

// Moves by `displacement` with collide-and-slide. support_on_walkable: walkable surfaces carry the
// character (walking); otherwise every contact is a wall and the motion stays horizontal (the
// horizontal leg of a step-up, which must not climb anything on its own).
CharacterController::SlideResult CharacterController::slide(Vec3 start, Vec3 displacement,
                                                            bool support_on_walkable) const {
    SlideResult out;
    Vec3 p = start;
    Vec3 remaining = displacement;
    Vec3 planes[kMaxSlides];
    int plane_count = 0;
    const float skin = settings_.skin_width;
    for (int pass = 0; pass < kMaxSlides; ++pass) {
        const float len = length(remaining);
        if (!(len > skin * tol::kCharacterMinMoveSkinRel)) break;
        const Vec3 dir = remaining * (1.0f / len);
        const WorldHit hit = cast(p, dir * (len + skin));
        Vec3 n = hit.normal;
        // Stop where the gap along the normal is one skin (never back up).
        const float approach = -dot(dir, n);
        float travel = hit.hit ? (approach > 0.0f ? clampf(hit.distance - skin / approach, 0.0f, len) : 0.0f) : len;
        // Other characters: never move into one (kept one skin apart).
        Vec3 obstacle_normal;
        const float free_travel = obstacle_limit(p, dir, travel, obstacle_normal);
        const bool by_obstacle = free_travel < travel;
        if (by_obstacle) {
            travel = free_travel;
            n = obstacle_normal;
        } else if (!hit.hit) {
            p += remaining;
            break;
        }
        p += dir * travel;
        remaining = remaining * ((len - travel) / len);

        if (support_on_walkable && walkable(n)) {
            remaining = carried_along(remaining, n, hit);
        } else {
            out.hit_wall = true;
            out.wall_normal = n;
            if (!by_obstacle) out.lowest_wall_contact = minf(out.lowest_wall_contact, hit.point.y);
            remaining = along_wall(remaining, n, support_on_walkable);
        }
        // In a crease between this surface and an earlier one, move along the crease.
        for (int k = 0; k < plane_count; ++k) {
            if (dot(remaining, planes[k]) < 0.0f) {
                const Vec3 crease = normalize_or(cross(planes[k], n), Vec3{0, 0, 0});
                remaining = crease * dot(remaining, crease);
                if (!support_on_walkable) remaining = horizontal(remaining);
                break;
            }
        }
        planes[plane_count++] = n;
    }
    out.end = p;
    return out;
}

// What walkable ground (normal n, met at `hit`) leaves of the remaining motion. Rising into it:
// slide along it. Otherwise carried: drop the downward part, follow the slope with the horizontal
// part — up to one radius above the top of the triangle met (rolling over its rim): the plane goes
// no higher than the triangle, and a step's worth of fast motion across a steep one would
// otherwise rise metres into the air past its top.
inline Vec3 CharacterController::carried_along(Vec3 remaining, Vec3 n, const WorldHit& hit) const {
    if (remaining.y > 0.0f) return remaining - n * minf(dot(remaining, n), 0.0f);
    const Vec3 h = horizontal(remaining);
    Vec3 carried{h.x, -(n.x * h.x + n.z * h.z) / n.y, h.z};
    if (carried.y > 0.0f) {
        const Triangle tri = world_->triangle(hit.object, hit.triangle);
        const float top = maxf(tri.a.y, maxf(tri.b.y, tri.c.y));
        const float cap = maxf(top - hit.point.y, 0.0f) + settings_.radius;
        if (carried.y > cap) carried *= cap / carried.y;
    }
    return carried;
}

// Whether a contact below carries the character. A walkable contact normal does. So does the
// rounded bottom resting on the rim of a step or ledge whose top is walkable: the contact normal
// there points from the edge to the sphere's centre and may be steep, but the floor just beyond
// the edge (away from the character, seen from above: floor_height) is the top, at the contact's
// height. A steep slope's face fails that test (the floor beyond it is not at the contact's
// height), as does a wall (its normal has no upward part).
bool CharacterController::supported(const WorldHit& hit) const {
    if (walkable(hit.normal)) return true;
    if (!(hit.normal.y > 0.0f)) return false;
    const Vec3 outward = normalize_or(horizontal(hit.normal), Vec3{0, 0, 0});
    if (outward == Vec3{0, 0, 0}) return false;
    const Vec3 probe = hit.point - outward * (tol::kCharacterEdgeProbe * settings_.radius);
    const WorldFloor f = world_->floor(probe.x, probe.z, hit.point.y + settings_.skin_width, filter_);
    return f.hit && walkable(f.normal) && f.height >= hit.point.y - settings_.skin_width;
}

}  // namespace shototsu
