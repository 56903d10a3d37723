// character.hpp: the scenario tests — stairs, walkable and too-steep ramps, idle on a
// slope, a long walk on a finely triangulated floor, corners, narrow gaps, and a long random walk
// over rolling terrain that never sinks into the floor. The behaviour probes run at 15, 60 and 240
// frames per second (kRates), over the same simulated time.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "meshes.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kGravity = 9.81f;

// Frames in `seconds` at dt.
int frames(float seconds, float dt) { return static_cast<int>(std::lround(seconds / dt)); }

World world_of(const MeshData& m) {
    World w;
    REQUIRE(w.add_mesh(m.positions, m.indices).ok);
    return w;
}

CharacterSettings settings(float step_height = 0.3f, float max_slope = 45.0f) {
    CharacterSettings s;
    s.radius = 0.35f;
    s.height = 1.7f;  // segment half-height 0.5
    s.step_height = step_height;
    s.max_slope_degrees = max_slope;
    s.snap_distance = 0.3f;
    s.skin_width = 0.01f;
    return s;
}

// A caller as in the playground: gravity accumulates while airborne and resets on the ground.
struct Walker {
    explicit Walker(CharacterController& c, float step_dt = kDt) : ch(c), dt(step_dt) {}
    CharacterController& ch;
    float dt;
    float vy = 0.0f;
    CharacterMove last;
    CharacterMove step(Vec3 horizontal_velocity) {
        vy = ch.grounded() ? -1.0f : vy - kGravity * dt;  // a small push into the ground keeps contact
        last = ch.move((horizontal_velocity + Vec3{0, vy, 0}) * dt, dt);
        if (last.grounded) vy = 0.0f;
        return last;
    }
};

// The deepest overlap of the capsule (its true radius) with the world: 0 when it keeps clear.
float penetration(const World& w, const CharacterController& ch) {
    const CharacterSettings& s = ch.settings();
    const float half = 0.5f * s.height - s.radius;
    std::vector<WorldContact> contacts;
    w.overlap_capsule(ch.position() - Vec3{0, half, 0}, ch.position() + Vec3{0, half, 0}, s.radius, contacts);
    float deepest = 0.0f;
    for (const WorldContact& c : contacts) deepest = std::fmax(deepest, c.depth);
    return deepest;
}

}  // namespace

TEST_CASE("CharacterController: 0.25 m stairs are climbed with step height 0.3, 0.35 m steps stop it") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    for (const float riser : {0.25f, 0.35f}) {
        INFO("riser " << riser);
        MeshData m;
        m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
        add_stairs(m, 1.0f, 10, riser, 0.4f, 3.0f, 3.0f);
        const World w = world_of(m);
        CharacterController ch(w, settings(), {-1.0f, 0.86f, 0.0f});
        Walker walker{ch, dt};
        int steps_up = 0;
        float worst = 0.0f;
        for (int i = 0; i < frames(5.0f / 3.0f, dt); ++i) {  // 6.7 m: up the 4 m of stairs, onto the 3 m landing
            steps_up += walker.step({4.0f, 0, 0}).stepped_up;
            worst = std::fmax(worst, penetration(w, ch));
        }
        CHECK(worst < 1e-3f);
        if (riser < 0.3f) {
            CHECK(steps_up >= 10);
            CHECK(ch.position().y == Approx(10 * riser + 0.85f + 0.01f).margin(0.02f));  // on the landing
            CHECK(ch.grounded());
        } else {
            CHECK(steps_up == 0);
            CHECK(ch.position().y < 0.87f);                 // still on the floor
            CHECK(ch.position().x < 1.0f - 0.35f + 0.02f);  // stopped at the first riser
        }
    }
}

TEST_CASE("CharacterController: walks up a 40 degree ramp and, idle on it for 10 s, drifts less than 1 mm") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    MeshData m;
    m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
    add_ramp(m, 1.0f, 40.0f, 3.0f, 4.0f, 4.0f);
    const World w = world_of(m);
    CharacterController ch(w, settings(), {-1.0f, 0.86f, 0.0f});
    Walker walker{ch, dt};
    for (int i = 0; i < frames(2.0f, dt); ++i) walker.step({3.0f, 0, 0});  // 6 m: up the 3.6 m slope, onto the top
    CHECK(ch.position().y > 3.0f + 0.8f);
    CHECK(ch.grounded());

    // Back onto the slope's middle, let it settle, then stand still with gravity for 10 s.
    CharacterController idle(w, settings(), {1.0f + 1.5f / std::tan(40.0f * kDegToRad), 2.6f, 0.0f});
    Walker still{idle, dt};
    for (int i = 0; i < frames(1.0f, dt); ++i) still.step({0, 0, 0});
    REQUIRE(idle.grounded());
    CHECK(still.last.slope_angle == Approx(40.0f).margin(0.5f));
    const Vec3 start = idle.position();
    for (int i = 0; i < frames(10.0f, dt); ++i) {
        still.step({0, 0, 0});
        REQUIRE(idle.grounded());
    }
    CHECK(length(idle.position() - start) < 1e-3f);
}

TEST_CASE("CharacterController: cannot climb a 60 degree ramp, and placed on it slides down") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    MeshData m;
    m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
    add_ramp(m, 1.0f, 60.0f, 3.0f, 2.0f, 4.0f);
    const World w = world_of(m);
    CharacterController ch(w, settings(), {-1.0f, 0.86f, 0.0f});
    Walker walker{ch, dt};
    bool blocked = false;
    for (int i = 0; i < frames(5.0f, dt); ++i) blocked |= walker.step({4.0f, 0, 0}).hit_wall;
    CHECK(blocked);
    CHECK(ch.position().y < 0.86f + 0.3f);  // no higher than a step
    CHECK(ch.position().x < 1.6f);

    // Placed against the slope at 2 m up: it slides down to the floor.
    const float x = 1.0f + 2.0f / std::tan(60.0f * kDegToRad);
    CharacterController slider(w, settings(), {x - 0.45f, 2.0f + 0.86f, 0.0f});
    Walker fall{slider, dt};
    bool too_steep_seen = false;
    for (int i = 0; i < frames(4.0f, dt); ++i) too_steep_seen |= fall.step({0, 0, 0}).reason == GroundReason::TooSteep;
    CHECK(too_steep_seen);
    CHECK(slider.position().y < 0.9f);  // down on the floor
    CHECK(penetration(w, slider) < 1e-3f);
}

TEST_CASE(
    "CharacterController: a fast walk or fall onto a steep walkable ramp ends on its top, never in the air above it") {
    // A 75 degree ramp 1 m high with a 3 m plateau, walkable with max_slope 80: each step's
    // horizontal 0.5 m (30 m/s) rises tan(75) * 0.5 = 1.9 m along the slope's plane — past the
    // top, far beyond the 0.3 m snap. The character must end on the plateau, not metres above it
    // (a fuzzed case: it flew over a wall).
    MeshData m;
    m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
    add_ramp(m, 1.0f, 75.0f, 1.0f, 3.0f, 4.0f);
    const World w = world_of(m);
    const float top = 1.0f, stand = 0.5f * 1.7f + 0.01f;  // centre above the ground when standing
    for (const float drop : {0.0f, 0.6f}) {               // walking from the floor, falling from 0.6 m up
        INFO("dropped from " << drop << " m");
        CharacterController ch(w, settings(0.3f, 80.0f), {-0.5f, stand + drop, 0.0f});
        Walker walker{ch};
        float highest = 0.0f, worst = 0.0f;
        bool on_top = false;
        for (int i = 0; i < 12 && ch.position().x < 3.5f; ++i) {
            const CharacterMove mv = walker.step({30.0f, 0, 0});
            highest = std::fmax(highest, ch.position().y);
            worst = std::fmax(worst, penetration(w, ch));
            on_top |= mv.grounded && std::fabs(ch.position().y - (top + stand)) < 2e-3f;
        }
        CHECK(on_top);
        CHECK(highest <= std::fmax(top, drop) + stand + 2e-3f);
        CHECK(worst < 1e-3f);
    }
}

TEST_CASE(
    "CharacterController: a steep walkable ramp carries a very fast walker no higher than its top, even with a wall "
    "behind") {
    // 2 m per step (a fuzzed case) into an 80 degree ramp 1 m high, walkable with max_slope 89:
    // carried along its plane the walker would rise 2 tan(80) = 11 m and pass over the 3 m wall
    // standing 0.5 m behind the ramp, and the snap would then find the wall's top to stand on.
    MeshData m;
    m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
    add_ramp(m, 1.0f, 80.0f, 1.0f, 0.5f, 4.0f);
    const float ramp_end = 1.0f + 1.0f / std::tan(80.0f * kDegToRad) + 0.5f;
    add_box(m, {ramp_end, 0, -4}, {ramp_end + 1, 3, 4});
    const World w = world_of(m);
    const float stand = 0.5f * 1.7f + 0.01f;
    for (const float x0 : {-1.5f, -1.2f, -0.8f, -0.5f, 0.0f}) {  // where the first steps meet the ramp
        INFO("from x " << x0);
        CharacterController ch(w, settings(0.3f, 89.0f), {x0, stand, 0.0f});
        Walker walker{ch};
        float highest = 0.0f;
        for (int i = 0; i < 20; ++i) {
            walker.step({120.0f, 0, 0});
            highest = std::fmax(highest, ch.position().y);
            REQUIRE(penetration(w, ch) < 1e-3f);
        }
        CHECK(highest <= 1.0f + stand + 0.35f + 2e-3f);  // at most rolling over the ramp's top edge
        CHECK(ch.position().x < ramp_end);               // stopped by the wall, on the plateau or below
    }
}

TEST_CASE("CharacterController: with max_slope 90 a wall is still a wall, 10^4 m from the origin too") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    // A wall's contact normal carries rounding noise in y (about 1e-2 at 1e4): taken as ground,
    // walking into the wall turned into a climb of horizontal / n.y — 160 m in one step (fuzzed).
    for (const float at : {0.0f, 1e4f}) {
        INFO("offset " << at);
        MeshData m;
        m.quad({at - 20, 0, at - 20}, {at - 20, 0, at + 20}, {at + 20, 0, at + 20}, {at + 20, 0, at - 20});
        add_box(m, {at + 2, -1, at - 20}, {at + 3, 8, at + 20});
        const World w = world_of(m);
        CharacterController ch(w, settings(0.3f, 90.0f), {at, 0.86f, at});
        Walker walker{ch, dt};
        float highest = -1e9f;
        for (int i = 0; i < frames(4.0f, dt); ++i) {
            walker.step({3.0f, 0, 2.0f});  // diagonally into the wall, then along it
            highest = std::fmax(highest, ch.position().y);
        }
        CHECK(ch.position().x > at + 2 - 0.35f - 0.02f);  // reached the wall
        CHECK(highest < 0.86f + 0.02f);
        CHECK(penetration(w, ch) < 1e-3f);
    }
}

TEST_CASE("CharacterController: a 50 m walk over a floor of 10^4 triangles deviates less than 1 mm") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    const World w = world_of(flat_floor(71, 71.0f));  // 10,082 triangles
    CHECK(w.stats().triangles > 10000);
    CharacterController ch(w, settings(), {-30.0f, 0.86f, 0.123f});
    Walker walker{ch, dt};
    for (int i = 0; i < frames(0.5f, dt); ++i) walker.step({0, 0, 0});  // settle
    const Vec3 start = ch.position();
    float max_dy = 0.0f, max_dz = 0.0f;
    while (ch.position().x < start.x + 50.0f) {
        const CharacterMove m = walker.step({5.0f, 0, 0});
        REQUIRE(m.grounded);
        REQUIRE_FALSE(m.hit_wall);
        max_dy = std::fmax(max_dy, std::fabs(ch.position().y - start.y));
        max_dz = std::fmax(max_dz, std::fabs(ch.position().z - start.z));
    }
    CHECK(max_dy < 1e-3f);
    CHECK(max_dz < 1e-3f);
}

TEST_CASE("CharacterController: a gap narrower than the capsule blocks it, a wider one lets it through") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    for (const float gap : {0.6f, 0.8f}) {
        INFO("gap " << gap);
        MeshData m;
        m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
        add_box(m, {2, 0, -5}, {2.5f, 3, -gap / 2});
        add_box(m, {2, 0, gap / 2}, {2.5f, 3, 5});
        const World w = world_of(m);
        CharacterController ch(w, settings(), {0.0f, 0.86f, 0.0f});
        Walker walker{ch, dt};
        float worst = 0.0f;
        for (int i = 0; i < frames(2.0f, dt); ++i) {
            walker.step({3.0f, 0, 0});
            worst = std::fmax(worst, penetration(w, ch));
        }
        CHECK(worst < 1e-3f);
        if (gap < 0.7f)
            CHECK(ch.position().x < 2.0f);
        else
            CHECK(ch.position().x > 3.0f);
    }
}

TEST_CASE("CharacterController: pushed into a corridor corner it stops there and never passes through") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    MeshData m;
    m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
    add_box(m, {-5, 0, 1}, {5, 3, 1.5f});     // wall along x at z = 1
    add_box(m, {3, 0, -5}, {3.5f, 3, 1.5f});  // wall along z at x = 3: a corner at (3, 1)
    const World w = world_of(m);
    CharacterController ch(w, settings(), {0.0f, 0.86f, 0.0f});
    Walker walker{ch, dt};
    float worst = 0.0f, jitter = 0.0f;
    Vec3 last{};
    for (int i = 0; i < frames(5.0f, dt); ++i) {
        walker.step({3.0f, 0, 3.0f});  // diagonally into the corner
        worst = std::fmax(worst, penetration(w, ch));
        if (i > frames(3.35f, dt)) jitter = std::fmax(jitter, length(ch.position() - last));
        last = ch.position();
    }
    CHECK(jitter < 1e-4f);  // at rest, no jitter
    CHECK(worst < 1e-3f);
    CHECK(ch.position().x == Approx(3.0f - 0.35f - 0.01f).margin(0.01f));
    CHECK(ch.position().z == Approx(1.0f - 0.35f - 0.01f).margin(0.01f));
}

TEST_CASE("CharacterController: a long random walk over rolling terrain never sinks below the floor") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    MeshData m = heightfield(64, 64.0f, [](float x, float z) {
        return 1.0f * std::sin(0.2f * x) + 0.8f * std::cos(0.15f * z) + 0.5f * std::sin(0.1f * (x + z));
    });
    const float s = 32.0f;
    add_box(m, {-s - 1, -5, -s - 1}, {-s, 10, s + 1});
    add_box(m, {s, -5, -s - 1}, {s + 1, 10, s + 1});
    add_box(m, {-s, -5, -s - 1}, {s, 10, -s});
    add_box(m, {-s, -5, s}, {s, 10, s + 1});
    const World w = world_of(m);
    CharacterController ch(w, settings(), {0.0f, 4.0f, 0.0f});
    Walker walker{ch, dt};
    Rng rng(600);
    Vec3 dir{1, 0, 0};
    float worst = 0.0f;
    // 10 simulated minutes, at most 36000 steps (2.5 minutes at 240 Hz); a new heading every 2 s.
    const int steps = std::min(frames(600.0f, dt), 36000), turn = frames(2.0f, dt);
    for (int i = 0; i < steps; ++i) {
        if (i % turn == 0) {
            const float a = rng.uniform(0.0f, 2.0f * kPi);
            dir = {det_cos(a), 0, det_sin(a)};
        }
        walker.step(dir * 4.0f);
        const Vec3 p = ch.position();
        const WorldFloor f = w.floor(p.x, p.z, p.y);
        REQUIRE(f.hit);                    // there is floor under the centre: it never fell through
        REQUIRE(p.y - 0.85f >= f.height);  // on slopes the feet are even higher: r / cos(slope) - r
        if (i % 10 == 0) worst = std::fmax(worst, penetration(w, ch));
    }
    INFO("deepest penetration " << worst);
    CHECK(worst < ch.settings().skin_width);
}

TEST_CASE("CharacterController: bad input leaves it where it was") {
    MeshData m;
    m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
    const World w = world_of(m);
    CharacterController ch(w, settings(), {0.0f, 0.86f, 0.0f});
    const Vec3 before = ch.position();
    const CharacterMove r = ch.move({std::nanf(""), 0, 0}, kDt);
    CHECK(r.position == before);
    CHECK(ch.position() == before);
    CHECK_FALSE(r.grounded);
    ch.move({0.1f, 0, 0}, -1.0f);
    CHECK(ch.position() == before);
}

TEST_CASE("CharacterGroup: 100 characters crossing a square never overlap one another") {
    const float dt = GENERATE(1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f);
    INFO("dt = " << dt);
    MeshData m;
    m.quad({-30, 0, -30}, {-30, 0, 30}, {30, 0, 30}, {30, 0, -30});
    const World w = world_of(m);
    CharacterGroup group(w, settings(), 100);
    Rng rng(100);
    std::vector<Vec3> dirs;
    for (int i = 0; i < 100; ++i) {
        // On a circle of radius 12 (0.75 m apart), heading through the centre: they all meet there.
        const float a = 2.0f * kPi * static_cast<float>(i) / 100.0f;
        REQUIRE(group.add({12.0f * det_cos(a), 0.86f, 12.0f * det_sin(a)}) == i);
        dirs.push_back(Vec3{-det_cos(a), 0, -det_sin(a)} * 3.0f);
    }
    std::vector<float> disp(300);
    float closest = 1e9f;  // same heights: the capsules overlap exactly when their axes are closer than 2 r
    for (int step = 0; step < frames(6.0f, dt); ++step) {
        for (int i = 0; i < 100; ++i) {
            const Vec3 d =
                dirs[static_cast<std::size_t>(i)] * dt +
                Vec3{0, group.controller(static_cast<std::uint32_t>(i)).grounded() ? -dt : -kGravity * dt * dt, 0};
            disp[3 * i] = d.x;
            disp[3 * i + 1] = d.y;
            disp[3 * i + 2] = d.z;
        }
        group.move_all(disp.data(), dt);
        const float* p = group.positions();
        for (std::uint32_t i = 0; i < 100; ++i)
            for (std::uint32_t j = i + 1; j < 100; ++j)
                closest = std::fmin(closest, std::hypot(p[3 * i] - p[3 * j], p[3 * i + 2] - p[3 * j + 2]));
    }
    CHECK(closest >= 2 * 0.35f - 1e-3f);
}

TEST_CASE("CharacterGroup: a step longer than a diameter stops at a standing character instead of passing through it") {
    // A step longer than a diameter would pass wholly through the other if only its end were
    // checked.
    const World w = world_of(flat_floor(4, 40.0f));
    for (const float step : {0.5f, 2.0f, 6.0f}) {
        for (const float side : {0.0f, 0.3f, 0.69f}) {  // head on, off centre, grazing
            INFO("step " << step << " m, " << side << " m off the other's axis");
            CharacterGroup g(w, settings(), 2);
            g.add({-1.0f, 0.86f, side});
            g.add({0.0f, 0.86f, 0.0f});
            const float d[6] = {step, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
            g.move_all(d, kDt);
            const Vec3 a{g.positions()[0], g.positions()[1], g.positions()[2]};
            const float apart = length(Vec3{a.x, 0, a.z});
            CHECK(apart >= 2 * 0.35f - 1e-4f);     // same heights: axes at least 2 r apart
            if (side == 0.0f) CHECK(a.x < -0.7f);  // head on: stopped in front (off centre it slides round)
        }
    }
}

TEST_CASE("CharacterController: the triangle cache gives bit-identical moves to casting through the world") {
    MeshData m =
        heightfield(40, 40.0f, [](float x, float z) { return 0.8f * std::sin(0.3f * x) + 0.6f * std::cos(0.25f * z); });
    add_stairs(m, -6, 8, 0.25f, 0.4f, 2.0f, 2.0f);
    add_ramp(m, 4, 40.0f, 2.0f, 1.0f, 2.0f);
    add_box(m, {-3, 0, 3}, {3, 3, 3.5f});
    const World w = world_of(m);
    auto run = [&](bool cache) {
        CharacterController ch(w, settings(), {0.0f, 3.0f, 0.0f});
        ch.set_cache_enabled(cache);
        Walker walker(ch);
        Rng rng(77);
        Vec3 dir{1, 0, 0};
        std::vector<float> trail;
        for (int i = 0; i < 4000; ++i) {
            if (i % 90 == 0) {
                const float a = rng.uniform(0.0f, 2.0f * kPi);
                dir = {det_cos(a), 0, det_sin(a)};
            }
            const CharacterMove mv = walker.step(dir * 5.0f);
            trail.insert(trail.end(), {mv.position.x, mv.position.y, mv.position.z, mv.grounded ? 1.0f : 0.0f});
        }
        return trail;
    };
    CHECK(run(true) == run(false));
}

TEST_CASE("CharacterController::configure: the same settings again change no move, bit for bit") {
    MeshData m =
        heightfield(20, 20.0f, [](float x, float z) { return 0.5f * std::sin(0.4f * x) * std::cos(0.3f * z); });
    add_stairs(m, 2, 5, 0.25f, 0.4f, 2.0f, 2.0f);
    const World w = world_of(m);
    CharacterController plain(w, settings(), {0.0f, 2.0f, 0.0f}), configured(w, settings(), {0.0f, 2.0f, 0.0f});
    Walker a(plain), b(configured);
    for (int i = 0; i < 600; ++i) {
        if (i % 50 == 25) configured.configure(settings());
        const Vec3 v{4.0f * det_cos(0.01f * static_cast<float>(i)), 0, 3.0f * det_sin(0.02f * static_cast<float>(i))};
        const CharacterMove ma = a.step(v), mb = b.step(v);
        INFO("step " << i);
        REQUIRE(same_bits(ma.position, mb.position));
        REQUIRE(ma.grounded == mb.grounded);
    }
}

TEST_CASE("CharacterController::configure: settings are clamped as the constructor clamps them") {
    const World w = world_of(flat_floor(2, 10.0f));
    CharacterSettings bad;
    bad.radius = -1.0f;
    bad.height = std::numeric_limits<float>::quiet_NaN();
    bad.step_height = -0.5f;
    bad.max_slope_degrees = 200.0f;
    bad.snap_distance = std::numeric_limits<float>::infinity();
    bad.skin_width = 0.0f;
    const CharacterController fresh(w, bad);
    CharacterController configured(w, settings());
    configured.configure(bad);
    const CharacterSettings& f = fresh.settings();
    const CharacterSettings& c = configured.settings();
    CHECK(c.radius == f.radius);
    CHECK(c.height == f.height);
    CHECK(c.step_height == f.step_height);
    CHECK(c.max_slope_degrees == f.max_slope_degrees);
    CHECK(c.snap_distance == f.snap_distance);
    CHECK(c.skin_width == f.skin_width);
    CHECK(c.radius == 0.35f);
    CHECK(c.height == 0.7f);
    CHECK(c.max_slope_degrees == 90.0f);
}

TEST_CASE("CharacterController::configure: a larger step height climbs 0.35 m stairs that stopped it") {
    MeshData m;
    m.quad({-20, 0, -20}, {-20, 0, 20}, {20, 0, 20}, {20, 0, -20});
    add_stairs(m, 1.0f, 10, 0.35f, 0.4f, 3.0f, 3.0f);
    const World w = world_of(m);
    CharacterController ch(w, settings(0.3f), {-1.0f, 0.86f, 0.0f});
    Walker walker{ch};
    for (int i = 0; i < 60; ++i) walker.step({4.0f, 0, 0});
    REQUIRE(ch.position().x < 1.0f - 0.35f + 0.02f);  // stopped at the first riser
    ch.configure(settings(0.4f));
    int steps_up = 0;
    for (int i = 0; i < 100; ++i) {
        steps_up += walker.step({4.0f, 0, 0}).stepped_up;
        REQUIRE(penetration(w, ch) < 1e-3f);
    }
    CHECK(steps_up >= 10);
    CHECK(ch.position().y == Approx(10 * 0.35f + 0.85f + 0.01f).margin(0.02f));  // on the landing
}

TEST_CASE("CharacterController::configure: taller or shorter, a character standing on the floor stays on it") {
    const World w = world_of(flat_floor(4, 20.0f));
    CharacterController ch(w, settings(), {0.0f, 0.86f, 0.0f});
    Walker walker{ch};
    for (int i = 0; i < 30; ++i) walker.step({0, 0, 0});
    REQUIRE(ch.grounded());
    for (const float height : {2.5f, 1.0f, 1.7f}) {
        INFO("height " << height);
        CharacterSettings s = settings();
        s.height = height;
        ch.configure(s);
        CHECK(ch.position().y == Approx(0.5f * height + 0.01f).margin(1e-5f));  // the feet stayed
        CHECK(penetration(w, ch) == 0.0f);
        for (int i = 0; i < 10; ++i) {
            const CharacterMove mv = walker.step({1.0f, 0, 0});
            CHECK(mv.grounded);
            CHECK(penetration(w, ch) == 0.0f);
        }
        CHECK(ch.position().y == Approx(0.5f * height + 0.01f).margin(1e-3f));
    }
}

TEST_CASE("CharacterController::configure: a wider capsule against a wall is pushed out of it by its next move") {
    MeshData m = flat_floor(4, 20.0f);
    m.quad({1, 0, -10}, {1, 3, -10}, {1, 3, 10}, {1, 0, 10});  // a wall at x = 1, facing -x
    const World w = world_of(m);
    CharacterController ch(w, settings(), {0.0f, 0.86f, 0.0f});
    Walker walker{ch};
    for (int i = 0; i < 60; ++i) walker.step({2.0f, 0, 0});  // walk up to the wall
    REQUIRE(ch.position().x == Approx(1.0f - 0.35f - 0.01f).margin(1e-3f));
    CharacterSettings wide = settings();
    wide.radius = 0.6f;
    ch.configure(wide);
    CHECK(penetration(w, ch) > 0.2f);
    walker.step({0, 0, 0});
    CHECK(penetration(w, ch) == 0.0f);
    CHECK(ch.position().x <= 1.0f - 0.6f);
    CHECK(ch.grounded());
}

TEST_CASE("CharacterController: a copy moves exactly as the original, triangle cache included") {
    const World w = world_of(terrain(16, 16.0f));
    CharacterController ch(w, settings(), {0.0f, 3.0f, 0.0f});
    Walker walker{ch};
    for (int i = 0; i < 60; ++i) walker.step({2.0f, 0, 1.0f});
    CharacterController copy = ch;
    Walker twin{copy};
    twin.vy = walker.vy;
    for (int i = 0; i < 300; ++i) {
        const Vec3 v{3.0f * det_cos(0.02f * static_cast<float>(i)), 0, 3.0f * det_sin(0.02f * static_cast<float>(i))};
        INFO("step " << i);
        REQUIRE(same_bits(walker.step(v).position, twin.step(v).position));
    }
}

TEST_CASE("CharacterGroup::configure: every member takes the settings, and a larger radius pushes neighbours apart") {
    const World w = world_of(flat_floor(4, 40.0f));
    CharacterGroup group(w, settings(), 6);
    for (int i = 0; i < 5; ++i) REQUIRE(group.add({0.8f * static_cast<float>(i), 0.86f, 0.0f}) == i);
    CharacterSettings wide = settings();
    wide.radius = 0.5f;  // the neighbours, 0.8 m apart, now overlap by 0.2 m
    group.configure(wide);
    REQUIRE(group.add({0.0f, 0.86f, 5.0f}) == 5);
    for (std::uint32_t i = 0; i < group.count(); ++i) CHECK(group.controller(i).settings().radius == 0.5f);
    std::vector<float> down(3 * group.count(), 0.0f);
    for (std::uint32_t i = 0; i < group.count(); ++i) down[3 * i + 1] = -kDt;
    for (int step = 0; step < 10; ++step) group.move_all(down.data(), kDt);
    for (std::uint32_t i = 0; i < group.count(); ++i)
        for (std::uint32_t j = i + 1; j < group.count(); ++j) {
            const Vec3 pi{group.positions()[3 * i], 0, group.positions()[3 * i + 2]};
            const Vec3 pj{group.positions()[3 * j], 0, group.positions()[3 * j + 2]};
            INFO("characters " << i << " and " << j);
            CHECK(length(pi - pj) >= 2 * 0.5f - 1e-3f);
        }
}
