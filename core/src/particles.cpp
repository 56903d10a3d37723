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
        if (n < kCacheSlots) slots[n] = {tri, object, id};
        ++n;
    });
    cache_box_[i] = box;
    cache_count_[i] = n <= kCacheSlots ? static_cast<std::uint8_t>(n) : kCacheOverflow;
}

// World::sphere_cast through the particle's triangle cache: the same per-triangle sweeps over the
// same motion and the same tie rule, so the same answer.
WorldHit ParticleSystem::sweep_particle(std::uint32_t i, Vec3 p, float r, Vec3 chord, float len) {
    if (!cache_enabled_) return world_->sphere_cast(p, r, chord, len);
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
    if (cache_count_[i] == kCacheOverflow) return world_->sphere_cast(p, r, chord, len);
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
    if (world_->revision() != world_revision_) {
        world_revision_ = world_->revision();
        for (std::uint32_t i = 0; i < count_; ++i) {
            cache_box_[i] = aabb_empty();
            asleep_[i] = 0;
            quiet_steps_[i] = 0;
        }
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

    const float e = clampf(settings_.restitution, 0.0f, 1.0f);
    const float mu = maxf(settings_.friction, 0.0f);
    Vec3 resting[3];
    int rest_count = 0;
    float t_left = dt;
    int iter = 0;
    for (; iter < kMaxIterations && t_left > 0.0f; ++iter) {
        Vec3 a = settings_.gravity;
        const float normal_load = constrain(a, resting, rest_count);
        Vec3 v_end = v + a * t_left;
        float t_sub = t_left;  // the time this iteration covers if nothing is hit
        if (rest_count > 0) {
            // Sliding on resting planes under Coulomb friction of magnitude mu * load, opposing
            // the motion. The velocity may not point into a resting plane either.
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
        }
        const Vec3 chord = (v + v_end) * (0.5f * t_sub);
        const float len = length(chord);
        if (!(len > 0.0f)) {
            v = v_end;
            t_left -= t_sub;
            continue;
        }
        const WorldHit hit = sweep_particle(i, p, r, chord, len);
        if (!hit.hit) {
            p += chord;
            v = v_end;
            t_left -= t_sub;
            continue;
        }
        const float f = clampf(hit.distance / len, 0.0f, 1.0f);
        const Vec3 n = hit.normal;
        ++stats_.contacts;
        // Stop a skin short of the contact, backing up along the path actually travelled: the
        // next sweep then starts free of this surface (the skin is wider than the sweeps'
        // touching band), and position and velocity stay a consistent point of the trajectory,
        // so no energy appears (pushing out along the normal would lift the particle for free).
        const float skin = skin_for(p, r);
        const float approach = -dot(chord, n) / len;  // > 0 when moving into the surface
        float back = f;
        if (f > 0.0f && approach > 0.0f) {
            back = maxf(f - skin / (approach * len), 0.0f);
        } else if (f == 0.0f && approach > 0.0f) {
            // In contact at the start (only after a spawn, a push or a caller's write): step out.
            p += n * skin;
        }
        if (back > 0.0f) p += chord * back;
        v = v + (v_end - v) * back;
        t_left -= back * t_sub;

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
        if (rests && rest_count < 3) resting[rest_count++] = n;
    }
    stats_.iterations += static_cast<std::uint32_t>(iter);
    if (t_left > 0.0f && iter == kMaxIterations) ++stats_.saturated;

    v *= 1.0f / (1.0f + maxf(settings_.damping, 0.0f) * dt);

    // Sleep after sleep_steps quiet steps in resting contact.
    if (settings_.sleep_speed > 0.0f && rest_count > 0 &&
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
