// shototsu — bouncing particles: spheres under gravity, swept continuously against a mesh world
// so that none tunnels at any speed, with restitution, Coulomb friction, resting contact and
// sleeping; optionally colliding with each other.
//
// MOVING OBJECTS. Step the particles once after each World::update(dt), with the same dt, and
// after the characters' moves: an object that moved over that update, or within the step
// (World::move_over_step: a registered character's capsule), from previous_transform to
// transform, is swept in the RELATIVE motion of the step. The particle's path over a sweep is carried into the object's
// end pose: q(s) = end + R_rest(s) (x(s) - c(s)), where c(s) is the object's position and R_rest(s) the rotation it has
// left to turn at time s (both interpolated at constant velocity). A translating object gives a straight relative path,
// swept exactly as a static one. A turning object bends it into a curve, which is swept as chords: with the angle
// turned over the sweep alpha, the path's largest distance from the object's centre W and its relative displacement D,
// |q''| <= alpha (alpha W + 2 D), so n chords stray at most alpha (alpha W + 2 D) / (8 n^2) from
// the curve; n is chosen so that this stays below tol::kParticleArcDeviationRel * radius (at
// most tol::kParticleMaxArcPieces chords): that is the deepest a particle can end inside a
// turning surface, and a surface thicker than it is never crossed. Primitives (spheres,
// capsules, boxes) are swept the same way whether they move or not. A contact with a moving
// surface bounces and rubs in the surface's frame: restitution and friction act on the velocity
// relative to World::velocity_at there, and a particle resting on it is carried at that velocity
// for the rest of the step (it never sleeps there). Sleepers wake when a moving object's swept box
// comes near them; anything else that changes the world (add, remove, teleport, refit) wakes all.
// A changing scale is swept at its end value. A particle that starts a step inside a primitive
// (stepped before the character that walked into it, or the primitive teleported onto it) is
// first pushed out to one skin from its surface by the nearest way out that nothing else in the
// world blocks (the overlap's normal, the primitive's axes, the normal slid along a blocking
// floor), keeping no velocity into the surface beyond the surface's own. Meshes are surfaces, not
// solids: a particle overlapping a triangle is stepped out by the sweeps.
//
// State is structure-of-arrays (positions and velocities 3 floats per particle, radii 1), so a
// renderer can read positions directly (a three.js InstancedMesh, through the JS views).
#pragma once

#include <cstdint>
#include <vector>

#include "shototsu/world.hpp"

namespace shototsu {

struct ParticleSettings {
    std::uint32_t capacity = 1024;
    /// Default radius of spawned particles (m).
    float radius = 0.1f;
    /// Fraction of the normal speed kept by a bounce, in [0, 1].
    float restitution = 0.5f;
    /// Coulomb friction coefficient (tangential impulse <= friction * normal impulse), >= 0.
    float friction = 0.3f;
    /// Linear damping per second: each step v *= 1 / (1 + damping dt).
    float damping = 0.0f;
    Vec3 gravity{0.0f, -9.81f, 0.0f};
    /// Resolve particle–particle overlaps (equal masses, the same restitution).
    bool collide_particles = false;
    /// Bounces slower than this (m/s, along the normal) do not bounce: the particle comes to rest
    /// on the surface (Box2D's restitution threshold). Without it a resting particle would bounce
    /// by a rounding error every step.
    float rest_speed = 0.25f;
    /// A particle resting on a surface whose speed stays below this (m/s) for sleep_steps steps
    /// sleeps: it is skipped until something moves it (a collision, or a caller writing its
    /// position or velocity). 0 disables sleeping.
    float sleep_speed = 0.05f;
    std::uint32_t sleep_steps = 30;
};

/// What the last step did.
struct ParticleStats {
    /// Contacts with the world resolved (a particle bouncing twice counts twice).
    std::uint32_t contacts = 0;
    /// Particle–particle contacts resolved.
    std::uint32_t particle_contacts = 0;
    /// Sweep iterations over all particles.
    std::uint32_t iterations = 0;
    /// Particles that used every iteration of the step and left some of it unused (time lost;
    /// expected to stay 0 outside of wedged corners).
    std::uint32_t saturated = 0;
    std::uint32_t sleeping = 0;
};

/// Particles over a World that must outlive the system (and not change while it steps).
class ParticleSystem {
public:
    /// At most this many sweeps per particle per step: a particle in a corner bounces between
    /// faces; each bounce costs one sweep, and bouncing more often than this within 1/60 s is
    /// not visible.
    static constexpr int kMaxIterations = 8;

    ParticleSystem(const World& world, const ParticleSettings& settings);

    /// Adds a particle; radius < 0 means settings.radius. Returns its index, or -1 when full or
    /// when position, velocity or radius is not finite (radius must be > 0).
    std::int32_t spawn(Vec3 position, Vec3 velocity, float radius = -1.0f);
    /// Advances every particle by dt seconds (dt <= 0 or non-finite: nothing happens).
    void step(float dt);
    /// Removes every particle.
    void clear();
    /// Sets the radius of every live particle, and settings.radius for later spawns, to `radius`
    /// (m, finite and > 0; anything else changes nothing and returns 0). Every particle wakes (a
    /// smaller one falls onto what it rested on). A particle that grows first leaves the surfaces
    /// its larger sphere would overlap: it is pushed along each such contact's normal by the depth
    /// plus its skin, each push swept with its old radius so that it never crosses a surface (a
    /// few pushes, for corners). A particle resting on a surface is thereby lifted onto it and
    /// never ends inside anything. One that has no room for the new radius there (a gap narrower
    /// than the new diameter) stays where it is with its old radius. Particles that now overlap
    /// one another are separated by the next step when collide_particles is on. Returns how many
    /// particles kept their old radius.
    std::uint32_t set_radius(float radius);

    std::uint32_t count() const { return count_; }
    std::uint32_t capacity() const { return settings_.capacity; }
    /// Bytes a system of `capacity` particles allocates at construction (its per-particle arrays
    /// and triangle cache), as a double: above 2^32 on wasm32. A caller short of memory checks it
    /// first (the JS face does, to answer a RangeError instead of running out of memory).
    static double memory_bytes(std::uint32_t capacity);
    /// 3 floats per particle (x, y, z), `capacity` entries allocated once: the pointers stay
    /// valid for the life of the system. Writable: writing wakes the particle at its next step.
    float* positions() { return positions_.data(); }
    float* velocities() { return velocities_.data(); }
    float* radii() { return radii_.data(); }
    const float* positions() const { return positions_.data(); }
    const float* velocities() const { return velocities_.data(); }
    const float* radii() const { return radii_.data(); }
    const ParticleStats& stats() const { return stats_; }
    ParticleSettings& settings() { return settings_; }
    const ParticleSettings& settings() const { return settings_; }
    /// Wakes every sleeping particle (call after changing settings such as gravity: sleepers
    /// do not notice that by themselves).
    void wake_all();
    /// Whether particle i is asleep (resting, skipped until disturbed).
    bool sleeping(std::uint32_t i) const { return i < count_ && asleep_[i] != 0; }

    /// Each particle caches the triangles around it (those whose boxes meet a box a little larger
    /// than its motion), refilled from the world's hierarchy only when it moves out of that box.
    /// Its sweeps then test a handful of triangles instead of traversing the tree. Results are
    /// identical to sweeping through the world (tested). At most this many triangles are cached;
    /// a particle among more (a dense mesh) sweeps through the world directly.
    static constexpr std::uint32_t kCacheSlots = 16;
    /// Turn the cache off (for tests that compare against the world's own sweeps).
    void set_cache_enabled(bool on) { cache_enabled_ = on; }

private:
    // An object swept per particle rather than through the cache: a primitive, or a mesh that has
    // moved. Its poses over the current step, and the box of everything it covers in it.
    struct Mover {
        std::uint32_t id = kNoIndex;
        ObjectKind kind = ObjectKind::Mesh;
        bool moving = false;
        Sphere sphere;
        Capsule capsule;
        OBB box;
        Vec3 start, end;     // position at the step's start and end
        Vec3 axis;           // unit axis of the turn over the step (world)
        float angle = 0.0f;  // radians turned over the step
        Vec3 linear, angular;
        AABB swept;
    };
    // The first contact of a sweep with a mover: fraction of the chord, normal at the time of the
    // contact, and the surface's velocity there.
    struct MoverHit {
        bool hit = false;
        float f = 1.0f;
        Vec3 normal, surface_velocity;
        bool moving = false;
        std::uint32_t mover = 0;  // index in movers_
    };
    // Where a point at fraction s of the step ends if it rides with the mover to the step's end.
    static Vec3 ride(const Mover& m, Vec3 x, float s);
    MoverHit sweep_movers(Vec3 p, float r, Vec3 chord, float len, float s0, float s1) const;
    void leave_primitives(Vec3& p, Vec3& v, float r) const;
    void refresh_movers(float dt);
    struct CachedTriangle {
        Triangle tri;
        std::uint32_t object, id;
    };
    WorldHit sweep_particle(std::uint32_t i, Vec3 p, float r, Vec3 chord, float len);
    void refill_cache(std::uint32_t i, const AABB& box);
    bool make_room(std::uint32_t i, float radius, std::vector<WorldContact>& contacts);
    void step_one(std::uint32_t i, float dt);
    void collide_pairs();
    Vec3 load(const std::vector<float>& a, std::uint32_t i) const { return {a[3 * i], a[3 * i + 1], a[3 * i + 2]}; }
    void store(std::vector<float>& a, std::uint32_t i, Vec3 v) {
        a[3 * i] = v.x;
        a[3 * i + 1] = v.y;
        a[3 * i + 2] = v.z;
    }

    const World* world_;
    ParticleSettings settings_;
    std::uint32_t count_ = 0;
    std::vector<float> positions_, velocities_, radii_;
    // Sleeping: how many consecutive quiet steps, whether asleep, and where it fell asleep (a
    // caller moving it wakes it).
    std::vector<std::uint32_t> quiet_steps_;
    std::vector<std::uint8_t> asleep_;
    std::vector<float> sleep_positions_;
    // The triangle cache: kCacheSlots entries per particle, the box they cover, how many are used
    // (kCacheOverflow: too many, sweep through the world).
    static constexpr std::uint8_t kCacheOverflow = 0xFF;
    std::vector<CachedTriangle> cache_;
    std::vector<AABB> cache_box_;
    std::vector<std::uint8_t> cache_count_;
    bool cache_enabled_ = true;
    // Primitives and moving meshes (by object id: whether a mesh has moved and left the cache).
    std::vector<Mover> movers_;
    std::vector<std::uint8_t> moved_mesh_;
    float dt_ = 0.0f;  // the current step's length (movers' poses are at fractions of it)
    // The world's revision the caches were filled at: when the world changes they are refilled
    // (and sleepers near what changed woken, as what they rest on may have moved).
    std::uint64_t world_revision_ = 0;
    ParticleStats stats_;
};

}  // namespace shototsu
