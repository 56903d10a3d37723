// character.hpp (MOVING WORLDS, crushed): a character pinned between a moving object and a still one
// is reported crushed and squeezed out to the nearest free spot — a door closing it against a wall,
// a lift carrying it into a ceiling, a piston driving it into a corner, a slab coming down to less
// than the capsule's diameter above the floor — and, where the gap closed around it, kept out of
// what did not move. Each at 15, 60 and 240 frames per second; the penetration into every object
// is measured independently of the world's queries: the double-precision distance from the
// capsule's axis to each of the object's world-space triangles (capsule_reference.hpp), and
// whether the centre lies inside the object by the parity of triangles crossed going straight up.
#include "catch_support.hpp"

#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "capsule_reference.hpp"
#include "character_support.hpp"
#include "meshes.hpp"
#include "overlap_reference.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kGravity = 9.81f;

std::uint32_t add_box_object(World& w, Vec3 lo, Vec3 hi) {
    MeshData m;
    add_box(m, lo, hi);
    const AddResult r = w.add_mesh(m.positions, m.indices);
    REQUIRE(r.ok);
    return r.object;
}

Transform at(Vec3 p, Quat q = {}) { return Transform{p, q, 1.0f}; }

// How deep the capsule of `ch` is inside `object` (0 when clear), by brute force: the capsule's
// radius less the distance from its axis to the nearest triangle, or the radius plus that distance
// when the whole capsule lies inside (its centre inside: an odd number of triangles above it).
double reference_penetration(const World& w, const CharacterController& ch, std::uint32_t object) {
    const CharacterSettings& s = ch.settings();
    const Vec3 c = ch.position();
    const double half = 0.5 * s.height - s.radius;
    const DVec3 p0{c.x, c.y - half, c.z}, p1{c.x, c.y + half, c.z};
    const DVec3 centre{c.x, c.y, c.z}, above{c.x, c.y + 1e4, c.z};
    double dist = INFINITY;
    int crossings = 0;
    for (std::uint32_t k = 0; k < w.triangle_count(object); ++k) {
        const Triangle t = w.triangle(object, k);
        dist = std::fmin(dist, ref_segment_triangle(p0, p1, t).dist);
        if (ref_segment_crosses_triangle(centre, above, d(t.a), d(t.b), d(t.c))) ++crossings;
    }
    if (crossings % 2 == 1) return s.radius + dist;
    return std::fmax(0.0, s.radius - dist);
}

// One step of the world and the character: the movers' poses for time t, then a walker standing
// still under gravity.
struct Probe {
    World w;
    std::vector<std::uint32_t> objects;
    std::function<void(World&, float)> pose;  // sets the movers' poses for time t
    float dt = 1.0f / 60.0f;
    float vy = 0.0f;

    explicit Probe(float step) : dt(step) {}
    // The floor every case stands on: a 12 m slab whose top is y = 0.
    void add_floor() { objects.push_back(add_box_object(w, {-6, -0.2f, -6}, {6, 0, 6})); }

    CharacterMove step(CharacterController& ch, float t) {
        pose(w, t);
        w.update(dt);
        vy = ch.grounded() ? -1.0f : vy - kGravity * dt;
        const CharacterMove m = ch.move(Vec3{0, vy, 0} * dt, dt);
        if (m.grounded) vy = 0.0f;
        return m;
    }
    // The deepest penetration into any object, and which.
    double worst(const CharacterController& ch, std::uint32_t& which) const {
        double deepest = 0.0;
        which = kNoIndex;
        for (const std::uint32_t o : objects) {
            const double p = reference_penetration(w, ch, o);
            if (p > deepest) {
                deepest = p;
                which = o;
            }
        }
        return deepest;
    }
};

constexpr float kDts[] = {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f};

}  // namespace

TEST_CASE("character crushed: the reference penetration agrees with the world's overlap on a plain case") {
    World w;
    const std::uint32_t box = add_box_object(w, {-1, 0, -1}, {1, 1, 1});
    const CharacterSettings s = settings();
    CharacterController ch(w, s, {0, 1.0f + 0.5f * s.height - 0.1f, 0});  // 0.1 m into the top
    CHECK(reference_penetration(w, ch, box) == Approx(0.1).margin(1e-5));
    ch.set_position({0, 1.0f + 0.5f * s.height + 0.05f, 0});
    CHECK(reference_penetration(w, ch, box) == 0.0);
    ch.set_position({0, -5.0f, 0});
    CHECK(reference_penetration(w, ch, box) == 0.0);
    // Wholly inside a thick box: the radius plus the distance to its nearest face.
    World thick;
    const std::uint32_t big = add_box_object(thick, {-3, -3, -3}, {3, 3, 3});
    CharacterController inside(thick, s, {0, 0, 2.0f});
    CHECK(reference_penetration(thick, inside, big) == Approx(s.radius + 1.0f).margin(1e-5));
}

TEST_CASE("character crushed: a door closing it against a wall squeezes it out past the door's end") {
    for (const float dt : kDts) {
        INFO("dt = " << dt);
        Probe p(dt);
        const CharacterSettings s = settings();
        p.add_floor();
        // The wall, 1 cm beyond the door's closed position (x = -0.05).
        p.objects.push_back(add_box_object(p.w, {-0.6f, 0, -3}, {-0.06f, 2.5f, 1}));
        // The door: 1.2 m from its hinge at the origin along +x, swinging toward -z to lie along
        // -z (closed against the wall) after 1.5 s.
        const std::uint32_t door = add_box_object(p.w, {0.05f, 0, -0.05f}, {1.25f, 2.2f, 0.05f});
        p.objects.push_back(door);
        p.pose = [door](World& w, float t) {
            const float angle = std::fmin(t / 1.5f, 1.0f) * 0.5f * kPi;
            w.set_transform(door, at({}, quat_from_axis_angle({0, 1, 0}, angle)));
        };
        CharacterController ch(p.w, s, {0.55f, 0.5f * s.height + s.skin_width, -0.8f});
        p.step(ch, 0.0f);
        const int frames = static_cast<int>(std::lround(2.0f / dt));
        int crushed = 0, crushed_after_close = 0;
        double worst = 0.0;
        for (int f = 1; f <= frames; ++f) {
            const float t = static_cast<float>(f) * dt;
            const CharacterMove m = p.step(ch, t);
            REQUIRE(is_finite(m.position));
            crushed += m.crushed ? 1 : 0;
            if (t > 1.6f && m.crushed) ++crushed_after_close;
            std::uint32_t which = kNoIndex;
            const double pen = p.worst(ch, which);
            INFO("frame " << f << " object " << which << " position " << m.position.x << ", " << m.position.y << ", "
                          << m.position.z);
            CHECK(pen <= s.skin_width);
            worst = std::fmax(worst, pen);
        }
        CHECK(crushed > 0);
        CHECK(crushed_after_close == 0);
        // Out past the door's end, against the wall.
        CHECK(ch.position().z < -1.25f);
        CHECK(ch.position().x >= -0.06f + s.radius);
    }
}

TEST_CASE("character crushed: a lift carrying it into a ceiling squeezes it off the lift") {
    for (const float dt : kDts) {
        INFO("dt = " << dt);
        Probe p(dt);
        const CharacterSettings s = settings();
        p.objects.push_back(add_box_object(p.w, {-6, -1.2f, -6}, {6, -1.0f, 6}));  // the shaft's floor
        const float ceiling = 2.6f;
        p.objects.push_back(add_box_object(p.w, {-4, ceiling, -4}, {4, ceiling + 0.3f, 4}));
        // The lift: 2 m square, its top from 0 up to 1.2 m at 1 m/s, leaving 1.4 m below the
        // ceiling for a 1.7 m capsule.
        const std::uint32_t lift = add_box_object(p.w, {-1, -0.2f, -1}, {1, 0, 1});
        p.objects.push_back(lift);
        const auto top_at = [](float t) { return std::fmin(t, 1.2f); };
        p.pose = [lift, top_at](World& w, float t) { w.set_transform(lift, at({0, top_at(t), 0})); };
        CharacterController ch(p.w, s, {0.3f, 0.5f * s.height + s.skin_width, 0.2f});
        p.step(ch, 0.0f);
        p.step(ch, 0.0f);
        REQUIRE(ch.grounded());
        const int frames = static_cast<int>(std::lround(2.0f / dt));
        int crushed = 0;
        bool left_lift = false;
        for (int f = 1; f <= frames; ++f) {
            const float t = static_cast<float>(f) * dt;
            const CharacterMove m = p.step(ch, t);
            REQUIRE(is_finite(m.position));
            const float gap = ceiling - top_at(t);
            INFO("frame " << f << " gap " << gap << " position " << m.position.x << ", " << m.position.y << ", "
                          << m.position.z);
            // Crushed only where the room left is less than the capsule with a skin at each end,
            // and never again once squeezed out.
            if (m.crushed) {
                CHECK(gap < s.height + 3.0f * s.skin_width);
                ++crushed;
            }
            // Still riding while it fits (a step's rounding aside).
            if (gap >= s.height + 3.0f * s.skin_width) CHECK(m.carried);
            const Vec3 c = ch.position();
            left_lift = left_lift || std::fmax(std::fabs(c.x), std::fabs(c.z)) > 1.0f;
            std::uint32_t which = kNoIndex;
            const double pen = p.worst(ch, which);
            INFO("object " << which << " crushed " << m.crushed << " pushed " << m.pushed << " carried " << m.carried
                           << " grounded " << m.grounded);
            CHECK(pen <= s.skin_width);
        }
        CHECK(crushed >= 1);
        CHECK(left_lift);
        // Squeezed out the nearest way (+x), its axis past the lift's edge.
        CHECK(ch.position().x > 1.0f);
        CHECK(std::fabs(ch.position().z - 0.2f) < 1e-3f);
    }
}

TEST_CASE("character crushed: a piston driving it into a corner squeezes it out along the pinch") {
    for (const float dt : kDts) {
        INFO("dt = " << dt);
        Probe p(dt);
        const CharacterSettings s = settings();
        p.add_floor();
        p.objects.push_back(add_box_object(p.w, {2.0f, 0, -3}, {2.5f, 3, 3}));          // wall ahead
        p.objects.push_back(add_box_object(p.w, {-3.0f, 0, -1.5f}, {2.5f, 3, -1.0f}));  // wall beside
        // The piston: 1.49 m wide along the side wall, its face from x = 0 to x = 1.7 at 1 m/s
        // (0.3 m short of the wall ahead).
        const std::uint32_t piston = add_box_object(p.w, {-1.0f, 0, -0.99f}, {0.0f, 2.5f, 0.5f});
        p.objects.push_back(piston);
        p.pose = [piston](World& w, float t) { w.set_transform(piston, at({std::fmin(t, 1.7f), 0, 0})); };
        CharacterController ch(p.w, s, {1.0f, 0.5f * s.height + s.skin_width, -0.6f});
        p.step(ch, 0.0f);
        const int frames = static_cast<int>(std::lround(2.5f / dt));
        int crushed = 0;
        for (int f = 1; f <= frames; ++f) {
            const float t = static_cast<float>(f) * dt;
            const CharacterMove m = p.step(ch, t);
            REQUIRE(is_finite(m.position));
            const float face = std::fmin(t, 1.7f);
            // Crushed only once the piston's face is within a capsule's width of the wall.
            if (m.crushed) {
                CHECK(2.0f - face < 2.0f * s.radius + 3.0f * s.skin_width);
                ++crushed;
            }
            std::uint32_t which = kNoIndex;
            const double pen = p.worst(ch, which);
            INFO("frame " << f << " object " << which << " position " << m.position.x << ", " << m.position.y << ", "
                          << m.position.z);
            CHECK(pen <= s.skin_width);
        }
        CHECK(crushed >= 1);
        // Out beside the piston (+z), in the gap between it and the wall ahead.
        CHECK(ch.position().z >= 0.5f + s.radius);
        CHECK(ch.position().x <= 2.0f - s.radius);
    }
}

TEST_CASE("character crushed: a slab coming down to less than its diameter above the floor squeezes it out") {
    for (const float dt : kDts) {
        INFO("dt = " << dt);
        Probe p(dt);
        const CharacterSettings s = settings();
        p.add_floor();
        // The slab: 1.6 m square, its underside from 2.5 m down to 0.5 m (less than the capsule's
        // 0.7 m diameter) at 1 m/s.
        const std::uint32_t slab = add_box_object(p.w, {-0.8f, 0, -0.8f}, {0.8f, 0.4f, 0.8f});
        p.objects.push_back(slab);
        const auto bottom_at = [](float t) { return std::fmax(2.5f - t, 0.5f); };
        p.pose = [slab, bottom_at](World& w, float t) { w.set_transform(slab, at({0, bottom_at(t), 0})); };
        CharacterController ch(p.w, s, {0.2f, 0.5f * s.height + s.skin_width, 0.1f});
        p.step(ch, 0.0f);
        p.pose(p.w, 0.0f);
        const int frames = static_cast<int>(std::lround(2.5f / dt));
        int crushed = 0;
        bool out = false;
        for (int f = 1; f <= frames; ++f) {
            const float t = static_cast<float>(f) * dt;
            const CharacterMove m = p.step(ch, t);
            REQUIRE(is_finite(m.position));
            const float gap = bottom_at(t);
            if (m.crushed) {
                CHECK(gap < s.height + 3.0f * s.skin_width);
                CHECK_FALSE(out);
                ++crushed;
            }
            const Vec3 c = ch.position();
            out = out || std::fmax(std::fabs(c.x), std::fabs(c.z)) > 0.8f + s.radius;
            std::uint32_t which = kNoIndex;
            const double pen = p.worst(ch, which);
            INFO("frame " << f << " object " << which << " position " << c.x << ", " << c.y << ", " << c.z);
            CHECK(pen <= s.skin_width);
        }
        CHECK(crushed >= 1);
        CHECK(out);
        // The nearest way out is +x (0.95 m), and it stays on the floor.
        CHECK(ch.position().x > 0.8f + s.radius);
        CHECK(ch.position().y == Approx(0.5f * s.height + s.skin_width).margin(2.0f * s.skin_width));
    }
}

TEST_CASE("character crushed: under a slab too wide to leave, it stays crushed, out of the floor") {
    for (const float dt : kDts) {
        INFO("dt = " << dt);
        Probe p(dt);
        const CharacterSettings s = settings();
        const std::uint32_t floor = add_box_object(p.w, {-8, -0.2f, -8}, {8, 0, 8});
        p.objects.push_back(floor);
        // 10 m square: the nearest free spot is farther than the search reaches (the capsule's
        // height); the gap closes to 0.5 m.
        const std::uint32_t slab = add_box_object(p.w, {-5, 0, -5}, {5, 0.4f, 5});
        p.objects.push_back(slab);
        const auto bottom_at = [](float t) { return std::fmax(2.5f - t, 0.5f); };
        p.pose = [slab, bottom_at](World& w, float t) { w.set_transform(slab, at({0, bottom_at(t), 0})); };
        p.pose(p.w, 0.0f);
        p.w.update(p.dt);
        CharacterController ch(p.w, s, {0.2f, 0.5f * s.height + s.skin_width, 0.1f});
        p.step(ch, 0.0f);
        const int frames = static_cast<int>(std::lround(2.5f / dt));
        int crushed = 0, pinned_steps = 0;
        for (int f = 1; f <= frames; ++f) {
            const float t = static_cast<float>(f) * dt;
            const CharacterMove m = p.step(ch, t);
            REQUIRE(is_finite(m.position));
            if (bottom_at(t) < s.height) {
                ++pinned_steps;
                CHECK(m.crushed);
                CHECK(m.crush_depth > 0.0f);
            }
            if (m.crushed) ++crushed;
            INFO("frame " << f);
            CHECK(reference_penetration(p.w, ch, floor) <= s.skin_width);
            // It stays where it was pinned: no free spot to go to.
            CHECK(std::fabs(ch.position().x - 0.2f) < 1e-4f);
            CHECK(std::fabs(ch.position().z - 0.1f) < 1e-4f);
        }
        CHECK(pinned_steps > 0);
        CHECK(crushed >= pinned_steps);
    }
}

TEST_CASE("character crushed: random boxes moving and turning through a room never leave it in still geometry") {
    // 300 scenes (fixed seed), a third at each dt: up to three still boxes around the character, a
    // box of random size moving over 1.5 s from a random place to near the character while
    // turning, the character walking at 0.5 m/s under gravity. At every step's end: a finite
    // position, inside no still object beyond the skin, and inside the mover beyond the skin only
    // on a crushed step (the gap closed around it).
    std::mt19937 rng(20261127);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const CharacterSettings s = settings();
    int crushed = 0;
    for (int scene = 0; scene < 300; ++scene) {
        const float dt = kDts[scene % 3];
        Probe p(dt);
        p.add_floor();
        for (int k = 0; k < 3; ++k) {
            const Vec3 c{2.0f * u(rng), 1.0f + u(rng), 2.0f * u(rng)};
            const Vec3 h{0.2f + 0.8f * std::fabs(u(rng)), 0.2f + 1.5f * std::fabs(u(rng)),
                         0.2f + 0.8f * std::fabs(u(rng))};
            if (std::fabs(c.x) < h.x + 0.5f && std::fabs(c.z) < h.z + 0.5f) continue;  // not on the character
            p.objects.push_back(add_box_object(p.w, c - h, c + h));
        }
        const std::size_t still = p.objects.size();
        const Vec3 h{0.2f + std::fabs(u(rng)), 0.2f + 1.2f * std::fabs(u(rng)), 0.2f + std::fabs(u(rng))};
        const std::uint32_t mover = add_box_object(p.w, h * -1.0f, h);
        p.objects.push_back(mover);
        const Vec3 from{3.0f * u(rng), 1.0f + 1.5f * std::fabs(u(rng)), 3.0f * u(rng)};
        const Vec3 to{0.5f * u(rng), 0.5f + 0.5f * u(rng), 0.5f * u(rng)};
        const Vec3 axis = normalize_or(Vec3{u(rng), u(rng), u(rng)}, Vec3{0, 1, 0});
        const float turn = 1.5f * u(rng);
        p.pose = [=](World& w, float t) {
            const float a = std::fmin(t / 1.5f, 1.0f);
            w.set_transform(mover, at(from + (to - from) * a, quat_from_axis_angle(axis, turn * a)));
        };
        p.w.teleport(mover, at(from));
        CharacterController ch(p.w, s, {0.3f * u(rng), 0.5f * s.height + s.skin_width, 0.3f * u(rng)});
        const int frames = static_cast<int>(std::lround(2.0f / dt));
        for (int f = 1; f <= frames; ++f) {
            p.pose(p.w, static_cast<float>(f) * dt);
            p.w.update(dt);
            p.vy = ch.grounded() ? -1.0f : p.vy - kGravity * dt;
            const CharacterMove m = ch.move(Vec3{0.5f, p.vy, 0.0f} * dt, dt);
            if (m.grounded) p.vy = 0.0f;
            REQUIRE(is_finite(m.position));
            crushed += m.crushed ? 1 : 0;
            double in_still = 0.0;
            for (std::size_t k = 0; k < still; ++k)
                in_still = std::fmax(in_still, reference_penetration(p.w, ch, p.objects[k]));
            INFO("scene " << scene << " frame " << f);
            CHECK(in_still <= s.skin_width);
            if (!m.crushed) CHECK(reference_penetration(p.w, ch, mover) <= s.skin_width);
        }
    }
    CHECK(crushed > 100);  // the scenes do crush it
}

TEST_CASE("character crushed: a pusher whose step is past the float range leaves it where it was, crushed") {
    // At y = -3.3e28 a box mesh pins the character, then jumps 2e27 m in one step: the lengths
    // of that motion overflow float (their squares pass 3.4e38), so no push has a finite answer.
    // The move ends where it began, finite, reported crushed; the next, with the box removed, is
    // an ordinary fall.
    constexpr float y = -3.3e28f;
    for (const float jump : {2e27f, -2e27f, 1e20f}) {
        INFO("jump " << jump);
        World w;
        MeshData m;
        add_box(m, {-2, -1, -2}, {2, 1, 2});
        const std::uint32_t box = w.add_mesh(m.positions, m.indices).object;
        const CharacterSettings s = settings();
        REQUIRE(w.teleport(box, Transform{{1.0f, y, 1.0f}, {}, 1}) == nullptr);
        CharacterController ch(w, s, {0, y, 0});
        w.update(1.0f / 60.0f);
        const CharacterMove pinned = ch.move({0.1f, 0, 0.1f}, 1.0f / 60.0f);
        REQUIRE(is_finite(pinned.position));
        const Vec3 before = ch.position();
        w.set_transform(box, Transform{{1.0f, y + jump, 1.0f}, {}, 1});
        w.update(1.0f / 60.0f);
        const CharacterMove jumped = ch.move({0.1f, 0, 0.1f}, 1.0f / 60.0f);
        CHECK(is_finite(jumped.position));
        CHECK(is_finite(jumped.ground_velocity));
        CHECK(std::isfinite(jumped.yaw_change));
        CHECK(std::isfinite(jumped.crush_depth));
        if (!jumped.crushed) CHECK(jumped.position.y <= before.y + 1.0f);
        REQUIRE(w.remove(box) == nullptr);
        w.update(1.0f / 60.0f);
        const CharacterMove after = ch.move({0, -1.0f, 0}, 1.0f / 60.0f);
        CHECK(is_finite(after.position));
        CHECK_FALSE(after.crushed);
    }
}

TEST_CASE("character crushed: a denormal radius squeezes it out within bounds, finite") {
    // tests/fuzz/corpus/character/squeeze-denormal-radius.bin: with a denormal radius the squeeze's
    // sample step (half the radius) makes the capsule's height an infinite number of steps, which
    // was converted to int (undefined behaviour, caught by UBSan). The samples are capped at
    // tol::kCharacterSqueezeRings as for any capsule taller than that many half radii.
    for (const float radius : {1e-40f, 1.4e-45f}) {
        INFO("radius " << radius);
        World w;
        add_box_object(w, {-5, -1, -5}, {5, 0, 5});
        const std::uint32_t slab = add_box_object(w, {-1, 0, -1}, {1, 0.4f, 1});
        CharacterSettings s = settings();
        s.radius = radius;
        s.height = 1.0f;
        CharacterController ch(w, s, {0.2f, 0.5f + s.skin_width, 0.1f});
        int crushed = 0;
        for (int f = 0; f <= 90; ++f) {
            const float t = static_cast<float>(f) / 60.0f;
            w.set_transform(slab, at({0, std::fmax(1.6f - t, 0.5f), 0}));  // underside 1.6 m down to 0.5 m
            w.update(1.0f / 60.0f);
            const CharacterMove m = ch.move({0, -0.01f, 0}, 1.0f / 60.0f);
            REQUIRE(is_finite(m.position));
            crushed += m.crushed ? 1 : 0;
        }
        CHECK(crushed >= 1);  // the squeeze ran
    }
}
