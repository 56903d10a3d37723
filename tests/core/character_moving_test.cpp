// character.hpp (MOVING WORLDS): riding a lift that reverses (alone, and in a group over a
// neighbour crushed under it), a rotating disc, a swinging door that pushes, a box that pins against
// a wall, registered controllers that meet and particles that bounce off one — each at 15, 60 and
// 240 frames per second.
#include "catch_support.hpp"

#include <cmath>
#include <vector>

#include "character_support.hpp"
#include "meshes.hpp"
#include "shototsu/character.hpp"
#include "shototsu/particles.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kGravity = 9.81f;
// The probes: "never sinks" and "never lifts off" (m), and the disc's carry error after 10 s.
constexpr float kMaxSink = 1e-3f;
constexpr float kDiscCarryError = 1e-2f;

MeshData box_mesh(Vec3 lo, Vec3 hi) {
    MeshData m;
    add_box(m, lo, hi);
    return m;
}

std::uint32_t add_mesh(World& w, const MeshData& m) {
    const AddResult r = w.add_mesh(m.positions, m.indices);
    REQUIRE(r.ok);
    return r.object;
}

// A caller with gravity: its own vertical speed is relative to the ground and resets on it.
struct Walker {
    CharacterController& ch;
    float dt;
    float vy = 0.0f;
    CharacterMove step(Vec3 horizontal_velocity) {
        vy = ch.grounded() ? -1.0f : vy - kGravity * dt;
        const CharacterMove m = ch.move((horizontal_velocity + Vec3{0, vy, 0}) * dt, dt);
        if (m.grounded) vy = 0.0f;
        return m;
    }
};

// The deepest overlap of the character's capsule with the world's objects (0 when clear).
float penetration(const World& w, const CharacterController& ch, std::uint32_t only = kNoIndex) {
    const CharacterSettings& s = ch.settings();
    const float half = 0.5f * s.height - s.radius;
    std::vector<WorldContact> contacts;
    QueryFilter f;
    f.ignore = ch.body();
    w.overlap_capsule(ch.position() - Vec3{0, half, 0}, ch.position() + Vec3{0, half, 0}, s.radius, contacts, f);
    float deepest = 0.0f;
    for (const WorldContact& c : contacts)
        if (only == kNoIndex || c.object == only) deepest = std::fmax(deepest, c.depth);
    return deepest;
}

Transform at(Vec3 p, Quat q = {}) { return Transform{p, q, 1.0f}; }

Vec3 horizontal_of(Vec3 v) { return {v.x, 0.0f, v.z}; }

// A lift reversing every 1.5 s between 0 and 3 m at 2 m/s.
float lift_height(float t) {
    const float phase = std::fmod(t, 3.0f);
    return phase < 1.5f ? 2.0f * phase : 3.0f - 2.0f * (phase - 1.5f);
}

// The same travel with smooth starts, stops and reversals (a cosine profile).
float smooth_lift_height(float t) { return 1.5f * (1.0f - std::cos(kPi * t / 1.5f)); }

void ride_lift(float dt, float (*height)(float)) {
    World w;
    const std::uint32_t lift = add_mesh(w, box_mesh({-1.5f, -0.2f, -1.5f}, {1.5f, 0.0f, 1.5f}));
    const CharacterSettings s = settings();
    CharacterController ch(w, s, {0.3f, 0.5f * s.height + s.skin_width, 0.2f});
    Walker walker{ch, dt};
    for (int i = 0; i < 10; ++i) walker.step({});
    REQUIRE(ch.grounded());
    const int frames = static_cast<int>(std::lround(6.0f / dt));  // two trips up and down
    int grounded = 0;
    float worst_sink = 0.0f, worst_gap = 0.0f;
    for (int f = 1; f <= frames; ++f) {
        const float top = height(static_cast<float>(f) * dt);
        w.set_transform(lift, at({0, top, 0}));
        w.update(dt);
        const CharacterMove m = walker.step({});
        grounded += m.grounded ? 1 : 0;
        const float feet = ch.position().y - 0.5f * s.height;
        worst_sink = std::fmax(worst_sink, top - feet);
        worst_gap = std::fmax(worst_gap, feet - top);
        CHECK(m.ground_object == lift);
        CHECK((m.carried || !w.moved(lift)));  // a cosine's apex can repeat a height
    }
    CHECK(grounded == frames);
    CHECK(worst_sink <= kMaxSink);
    CHECK(worst_gap <= 2.0f * s.skin_width);  // never lifted off
}

}  // namespace

TEST_CASE("character riding: a lift reversing every 1.5 s carries it grounded, never sinking or lifting off") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        ride_lift(dt, lift_height);
    }
}

TEST_CASE("character riding: a lift that accelerates, stops and reverses keeps it grounded") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        ride_lift(dt, smooth_lift_height);
    }
}

TEST_CASE("character riding: a disc turning at 1 rad/s carries it within 1 cm of the rigid carry for 10 s") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        World w;
        const std::uint32_t disc = add_mesh(w, box_mesh({-3.0f, -0.2f, -3.0f}, {3.0f, 0.0f, 3.0f}));
        const CharacterSettings s = settings();
        const Vec3 start{2.0f, 0.5f * s.height + s.skin_width, 0.5f};
        CharacterController ch(w, s, start);
        Walker walker{ch, dt};
        walker.step({});
        REQUIRE(ch.grounded());
        const Vec3 settled = ch.position();
        const int frames = static_cast<int>(std::lround(10.0f / dt));
        float yaw = 0.0f;
        bool always_grounded = true;
        for (int f = 1; f <= frames; ++f) {
            w.set_transform(disc, at({}, quat_from_axis_angle({0, 1, 0}, static_cast<float>(f) * dt)));
            w.update(dt);
            const CharacterMove m = walker.step({});
            always_grounded = always_grounded && m.grounded;
            yaw += m.yaw_change;
        }
        const float angle = static_cast<float>(frames) * dt;
        const Vec3 rigid = rotate(quat_from_axis_angle({0, 1, 0}, angle), settled);
        CHECK(always_grounded);
        CHECK(length(ch.position() - rigid) <= kDiscCarryError);
        CHECK(std::fabs(yaw - angle) <= 1e-3f);
        // Leaving the disc, it reports the disc's surface velocity (omega x r, about 2 m/s).
        w.set_transform(disc, at({}, quat_from_axis_angle({0, 1, 0}, angle + dt)));
        w.update(dt);
        const CharacterMove jump = ch.move({0, 0.05f, 0}, dt);
        CHECK_FALSE(jump.grounded);
        CHECK(length(jump.ground_velocity) == Approx(length(horizontal_of(settled))).epsilon(0.02));
    }
}

TEST_CASE("character pushed: a swinging door pushes it without penetration beyond the skin") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        World w;
        add_mesh(w, box_mesh({-6, -0.2f, -6}, {6, 0, 6}));
        const std::uint32_t wall = add_mesh(w, box_mesh({-4.0f, 0, -0.05f}, {-0.05f, 2.5f, 0.05f}));
        // The door: 1.2 m wide from its hinge at the origin along +x, swinging toward -z.
        MeshData door_mesh = box_mesh({0.05f, 0, -0.05f}, {1.25f, 2.2f, 0.05f});
        const std::uint32_t door = add_mesh(w, door_mesh);
        const CharacterSettings s = settings();
        CharacterController ch(w, s, {0.8f, 0.5f * s.height + s.skin_width, -0.6f});
        Walker walker{ch, dt};
        walker.step({});
        const int frames = static_cast<int>(std::lround(2.0f / dt));
        bool pushed = false;
        float worst = 0.0f;
        for (int f = 1; f <= frames; ++f) {
            const float angle = std::fmin(static_cast<float>(f) * dt, 1.5f) * 1.2f;  // to 1.8 rad
            w.set_transform(door, at({}, quat_from_axis_angle({0, 1, 0}, angle)));
            w.update(dt);
            const CharacterMove m = walker.step({0.5f, 0, 0});  // walking into the door
            pushed = pushed || m.pushed;
            CHECK_FALSE(m.crushed);
            worst = std::fmax(worst, std::fmax(penetration(w, ch, door), penetration(w, ch, wall)));
        }
        CHECK(pushed);
        CHECK(worst <= s.skin_width);
        CHECK(penetration(w, ch) <= 0.0f);
    }
}

TEST_CASE("character pushed: pinned between a moving box and a wall it is crushed and never inside the wall") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        World w;
        add_mesh(w, box_mesh({-6, -0.2f, -6}, {6, 0, 6}));
        const std::uint32_t wall = add_mesh(w, box_mesh({2.0f, 0, -2}, {2.5f, 3, 2}));
        const std::uint32_t box = add_mesh(w, box_mesh({-1.0f, 0, -2}, {0.0f, 3, 2}));
        const CharacterSettings s = settings();
        CharacterController ch(w, s, {1.0f, 0.5f * s.height + s.skin_width, 0});
        Walker walker{ch, dt};
        walker.step({});
        // The box's face goes from x = 0 to x = 1.5 at 1 m/s: a gap of 0.5 m is left, narrower
        // than the capsule (0.7 m).
        bool crushed = false;
        float worst_wall = 0.0f, worst_box_free = 0.0f;
        const int frames = static_cast<int>(std::lround(2.0f / dt));
        for (int f = 1; f <= frames; ++f) {
            const float x = std::fmin(static_cast<float>(f) * dt, 1.5f);
            w.set_transform(box, at({x, 0, 0}));
            w.update(dt);
            const CharacterMove m = walker.step({});
            crushed = crushed || m.crushed;
            worst_wall = std::fmax(worst_wall, penetration(w, ch, wall));
            if (!m.crushed) worst_box_free = std::fmax(worst_box_free, penetration(w, ch, box));
            if (m.crushed) CHECK(m.crush_depth > 0.0f);
        }
        CHECK(crushed);
        CHECK(worst_wall <= 0.0f);
        CHECK(worst_box_free <= s.skin_width);
    }
}

TEST_CASE("character registration: two registered controllers walking into each other never overlap") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        World w;
        add_mesh(w, box_mesh({-10, -0.2f, -10}, {10, 0, 10}));
        const CharacterSettings s = settings();
        const float y = 0.5f * s.height + s.skin_width;
        CharacterController a(w, s, {-2.0f, y, 0.0f}), b(w, s, {2.0f, y, 0.1f});
        REQUIRE(a.register_in(w, 2));
        REQUIRE(b.register_in(w, 2));
        CHECK(a.body() != b.body());
        Walker wa{a, dt}, wb{b, dt};
        float closest = 1e9f;
        const int frames = static_cast<int>(std::lround(4.0f / dt));
        for (int f = 0; f < frames; ++f) {
            w.update(dt);
            wa.step({2.0f, 0, 0});
            wb.step({-2.0f, 0, 0});
            closest = std::fmin(closest, length(horizontal_of(a.position() - b.position())));
        }
        CHECK(closest >= 2.0f * s.radius);
        // The world sees them: a ray along the line between them hits a's capsule first.
        const WorldHit hit = w.raycast({-6.0f, y, 0.0f}, {1, 0, 0}, 20.0f);
        CHECK(hit.object == a.body());
        const std::uint32_t body = a.body();
        a.unregister();
        CHECK_FALSE(w.is_live(body));
        CHECK(a.body() == kNoIndex);
        b.unregister();
    }
}

TEST_CASE("character registration: registering in another world is refused and the default is unregistered") {
    World w, other;
    CharacterController ch(w, settings(), {0, 1, 0});
    CHECK(ch.body() == kNoIndex);
    CHECK_FALSE(ch.register_in(other));
    CHECK(ch.register_in(w));
    CHECK_FALSE(ch.register_in(w));
    CHECK(w.kind(ch.body()) == ObjectKind::Capsule);
}

TEST_CASE("character riding: in a group, a neighbour crushed under a descending lift never ungrounds its rider") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        World w;
        add_mesh(w, box_mesh({-6, -0.2f, -6}, {6, 0, 6}));
        const std::uint32_t lift = add_mesh(w, box_mesh({-1.5f, -0.2f, -1.5f}, {1.5f, 0.0f, 1.5f}));
        // The lift comes down from 3.1 m to 0.1 m at 2 m/s onto a character standing under it,
        // within a capsule's width of the rider's axis: the one below is crushed and squeezed out
        // from under the lift, the nearest way (+z, 1.55 m), while the rider stays on.
        const auto top_at = [](float t) { return 0.1f + lift_height(1.5f + t); };
        w.set_transform(lift, at({0, top_at(0.0f), 0}));
        w.update(dt);
        const CharacterSettings s = settings();
        const float half = 0.5f * s.height;
        CharacterGroup group(w, s, 2);
        REQUIRE(group.add({0.0f, top_at(0.0f) + half + s.skin_width, 0.0f}) == 0);
        REQUIRE(group.add({0.2f, half + s.skin_width, 0.3f}) == 1);
        std::vector<float> disp(6, 0.0f);
        float vy[2] = {-1.0f, -1.0f};
        for (int i = 0; i < 2; ++i) disp[3 * i + 1] = -dt;
        for (int f = 0; f < 4; ++f) {  // both stand before the lift moves
            w.update(dt);
            group.move_all(disp.data(), dt);
        }
        REQUIRE(group.last_move(0).grounded);
        REQUIRE(group.last_move(1).grounded);
        int grounded = 0;
        bool crushed = false;
        float lowest_below = 1e9f;  // the feet of the one crushed under the lift
        float worst_sink = 0.0f, worst_gap = 0.0f;
        const int frames = static_cast<int>(std::lround(1.5f / dt));
        for (int f = 1; f <= frames; ++f) {
            const float top = top_at(static_cast<float>(f) * dt);
            w.set_transform(lift, at({0, top, 0}));
            w.update(dt);
            for (int i = 0; i < 2; ++i) disp[3 * i + 1] = vy[i] * dt;
            group.move_all(disp.data(), dt);
            for (std::uint32_t i = 0; i < 2; ++i) {
                const bool on = group.last_move(i).grounded;
                vy[i] = on ? -1.0f : vy[i] - kGravity * dt;
            }
            crushed = crushed || group.last_move(1).crushed;
            lowest_below = std::fmin(lowest_below, group.positions()[4] - half);
            const CharacterMove& m = group.last_move(0);
            grounded += m.grounded ? 1 : 0;
            const float feet = group.positions()[1] - half;
            worst_sink = std::fmax(worst_sink, top - feet);
            worst_gap = std::fmax(worst_gap, feet - top);
        }
        CHECK(crushed);
        CHECK(lowest_below >= 0.0f);                     // pinned on the floor, never pushed through it
        CHECK(group.positions()[5] >= 1.5f + s.radius);  // out from under the lift
        CHECK(group.positions()[3] == 0.2f);
        CHECK(grounded == frames);
        CHECK(worst_sink <= kMaxSink);
        CHECK(worst_gap <= 2.0f * s.skin_width);
    }
}

TEST_CASE("character registration: particles fired at a registered character bounce back and never end inside it") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f})
        for (const float walk : {0.0f, -1.5f}) {  // standing, or walking into the stream
            INFO("dt = " << dt << ", walking at " << walk << " m/s");
            World w;
            add_mesh(w, box_mesh({-10, -0.2f, -10}, {10, 0, 10}));
            const CharacterSettings s = settings();
            CharacterController ch(w, s, {0.0f, 0.5f * s.height + s.skin_width, 0.0f});
            REQUIRE(ch.register_in(w));
            Walker walker{ch, dt};
            walker.step({});
            ParticleSettings ps_settings;
            ps_settings.capacity = 64;
            ps_settings.gravity = {0, 0, 0};
            ps_settings.restitution = 0.5f;
            ParticleSystem ps(w, ps_settings);
            // From 4 m to the -x side, at 8-20 m/s toward the capsule's axis: along its straight
            // part and on its rounded caps, head on and off centre.
            Rng rng(15);
            const float r = 0.05f;
            for (std::uint32_t i = 0; i < 64; ++i) {
                const Vec3 from{-4.0f, rng.uniform(0.25f, 1.45f), rng.uniform(-0.2f, 0.2f)};
                REQUIRE(ps.spawn(from, Vec3{rng.uniform(8.0f, 20.0f), 0, 0}, r) == static_cast<std::int32_t>(i));
            }
            const float half = 0.5f * s.height - s.radius;
            float deepest = 0.0f;
            for (int f = 0; f < static_cast<int>(std::lround(1.0f / dt)); ++f) {
                w.update(dt);
                walker.step({walk, 0, 0});
                ps.step(dt);
                const Vec3 c = ch.position();
                for (std::uint32_t i = 0; i < ps.count(); ++i) {
                    const Vec3 p{ps.positions()[3 * i], ps.positions()[3 * i + 1], ps.positions()[3 * i + 2]};
                    const float y = std::fmin(std::fmax(p.y, c.y - half), c.y + half);
                    const float gap = length(p - Vec3{c.x, y, c.z}) - s.radius - r;
                    deepest = std::fmax(deepest, -gap);
                }
            }
            CHECK(deepest <= 1e-3f);
            int back = 0;
            for (std::uint32_t i = 0; i < ps.count(); ++i) back += ps.velocities()[3 * i] < 0.0f ? 1 : 0;
            CHECK(back == 64);
        }
}

TEST_CASE("character riding: in a group, neighbours close on a turning disc are carried together, rigidly") {
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
        INFO("dt = " << dt);
        World w;
        const std::uint32_t disc = add_mesh(w, box_mesh({-3.0f, -0.2f, -3.0f}, {3.0f, 0.0f, 3.0f}));
        const CharacterSettings s = settings();
        const float y = 0.5f * s.height + s.skin_width;
        // A row along the direction of turning at 2 m from the axis, 0.75 m apart (one skin and a
        // few centimetres between capsules): each is carried toward where the next one stood.
        CharacterGroup group(w, s, 3);
        for (int i = 0; i < 3; ++i) REQUIRE(group.add({2.0f, y, 0.75f * static_cast<float>(i - 1)}) == i);
        std::vector<float> disp(9, 0.0f);
        for (int i = 0; i < 3; ++i) disp[3 * i + 1] = -dt;
        w.update(dt);
        group.move_all(disp.data(), dt);
        std::vector<Vec3> settled;
        for (std::uint32_t i = 0; i < 3; ++i)
            settled.push_back({group.positions()[3 * i], group.positions()[3 * i + 1], group.positions()[3 * i + 2]});
        const int frames = static_cast<int>(std::lround(3.0f / dt));
        float worst = 0.0f;
        for (int f = 1; f <= frames; ++f) {
            const float angle = -static_cast<float>(f) * dt;  // each toward where the next one stood
            w.set_transform(disc, at({}, quat_from_axis_angle({0, 1, 0}, angle)));
            w.update(dt);
            group.move_all(disp.data(), dt);
            for (std::uint32_t i = 0; i < 3; ++i) {
                const Vec3 rigid = rotate(quat_from_axis_angle({0, 1, 0}, angle), settled[i]);
                const Vec3 p{group.positions()[3 * i], group.positions()[3 * i + 1], group.positions()[3 * i + 2]};
                worst = std::fmax(worst, length(p - rigid));
            }
        }
        CHECK(worst <= kDiscCarryError);
    }
}

TEST_CASE("character cache: in a world where objects move, near and far, cached moves equal moves through the world") {
    // The triangle cache keeps its triangles when only objects away from its box moved. A platform
    // carrying the character, a box sweeping back and forth across its walk, a far box moving
    // every frame and then removed, and a static ramp: every move must stay bit-identical to a
    // twin that casts through the world.
    World w;
    add_mesh(w, box_mesh({-20.0f, -0.2f, -20.0f}, {20.0f, 0.0f, 20.0f}));
    MeshData ramp;
    add_ramp(ramp, 1.5f, 30.0f, 1.0f, 1.0f, 2.0f);
    add_mesh(w, ramp);
    const std::uint32_t far = add_mesh(w, box_mesh({-1.0f, 0.0f, -1.0f}, {1.0f, 1.0f, 1.0f}));
    const std::uint32_t mover = add_mesh(w, box_mesh({-0.5f, 0.0f, -0.5f}, {0.5f, 0.6f, 0.5f}));
    const std::uint32_t platform = add_mesh(w, box_mesh({-1.5f, -0.1f, -1.5f}, {1.5f, 0.0f, 1.5f}));
    const auto platform_at = [](float t) { return at({-3.0f + 1.5f * det_sin(0.5f * t), 0.1f, 0.0f}); };
    w.teleport(platform, platform_at(0.0f));
    const CharacterSettings s = settings();
    const Vec3 start{-3.0f, 0.1f + 0.5f * s.height + s.skin_width, 0.0f};
    CharacterController cached(w, s, start), direct(w, s, start);
    direct.set_cache_enabled(false);
    const float dt = 1.0f / 60.0f;
    Walker a{cached, dt}, b{direct, dt};
    int carried = 0, pushed = 0, off_platform = 0;
    for (int f = 1; f <= 900; ++f) {
        const float t = static_cast<float>(f) * dt;
        if (f < 450) w.set_transform(far, at({15.0f, 0.0f, 10.0f * det_sin(t)}));
        if (f == 450) w.remove(far);
        w.set_transform(mover, at({6.0f * det_sin(0.7f * t), 0.0f, 1.0f}));
        w.set_transform(platform, platform_at(t));
        w.update(dt);
        // Standing on the platform for the first 3 s, then walking a circle off it and across the
        // mover's track and the ramp.
        const Vec3 v = f <= 180 ? Vec3{} : Vec3{2.0f * det_sin(0.5f * t), 0.0f, 2.0f * det_cos(0.5f * t)};
        const CharacterMove ma = a.step(v), mb = b.step(v);
        INFO("frame " << f);
        REQUIRE(same_bits(ma.position, mb.position));
        REQUIRE(ma.grounded == mb.grounded);
        REQUIRE(ma.reason == mb.reason);
        REQUIRE(ma.ground_object == mb.ground_object);
        REQUIRE(ma.ground_triangle == mb.ground_triangle);
        REQUIRE(ma.carried == mb.carried);
        REQUIRE(ma.pushed == mb.pushed);
        carried += ma.carried ? 1 : 0;
        pushed += ma.pushed ? 1 : 0;
        off_platform += ma.grounded && ma.ground_object != platform ? 1 : 0;
    }
    // It rode the platform (the cache refilled as its box moved), then walked elsewhere.
    CHECK(carried >= 170);
    CHECK(off_platform >= 300);
}

TEST_CASE("character cache: a group on moving ground moves bit for bit as its twin casting through the world") {
    // Riders on a lift and a turning disc, a crowd pressed into a swinging door, walkers crossing
    // a moving box: each frame changes the objects inside most caches, which are then brought up
    // to date (and answer whether anything overlaps a character pushed by what moved) instead of
    // refilled. The twin's characters cast through the world only; every report must agree, and
    // grounded() must say what each report says.
    World w;
    add_mesh(w, box_mesh({-12, -0.2f, -12}, {12, 0, 12}));
    const std::uint32_t lift = add_mesh(w, box_mesh({-1.5f, -0.2f, -1.5f}, {1.5f, 0.0f, 1.5f}));
    const std::uint32_t disc = add_mesh(w, box_mesh({-3, -0.3f, -3}, {3, 0, 3}));
    const std::uint32_t door = add_mesh(w, box_mesh({0.05f, 0, -0.05f}, {1.25f, 2.2f, 0.05f}));
    const std::uint32_t mover = add_mesh(w, box_mesh({-0.5f, 0.0f, -0.5f}, {0.5f, 0.6f, 0.5f}));
    add_mesh(w, box_mesh({-4, 0, 7.95f}, {-0.05f, 2.5f, 8.05f}));
    add_mesh(w, box_mesh({1.3f, 0, 7.95f}, {5, 2.5f, 8.05f}));
    const auto pose = [&](float t) {
        w.set_transform(lift, at({-8.0f, 0.1f + lift_height(t), 0.0f}));
        w.set_transform(disc, at({3.0f, 0.3f, -5.0f}, Quat{0, det_sin(0.5f * t), 0, det_cos(0.5f * t)}));
        const float a = 0.7f * det_sin(0.8f * t);
        w.set_transform(door, at({0, 0, 8}, Quat{0, det_sin(a), 0, det_cos(a)}));
        w.set_transform(mover, at({6.0f * det_sin(0.7f * t), 0.0f, 3.0f}));
    };
    pose(0.0f);
    w.update(0.0f);
    const CharacterSettings s = settings();
    const float dt = 1.0f / 30.0f;
    std::vector<Vec3> starts, walks;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) starts.push_back({-8.5f + i, 0.1f + 0.86f, -0.5f + j}), walks.push_back({});
    for (int k = 0; k < 6; ++k) {
        const float a = static_cast<float>(k) * 1.047f;
        starts.push_back({3.0f + 1.2f * det_cos(a), 0.3f + 0.86f, -5.0f + 1.2f * det_sin(a)}), walks.push_back({});
    }
    for (int k = 0; k < 8; ++k)
        starts.push_back({-1.0f + 0.8f * static_cast<float>(k % 4), 0.86f, k < 4 ? 6.8f : 9.2f}),
            walks.push_back({0.0f, 0.0f, k < 4 ? 0.8f : -0.8f});
    for (int k = 0; k < 6; ++k)
        starts.push_back({-5.0f + 2.0f * static_cast<float>(k), 0.86f, 1.5f}), walks.push_back({0, 0, 1});
    const std::uint32_t n = static_cast<std::uint32_t>(starts.size());
    CharacterGroup cached(w, s, n), direct(w, s, n);
    for (const Vec3 p : starts) {
        cached.add(p);
        direct.add(p);
    }
    for (std::uint32_t i = 0; i < n; ++i) direct.controller(i).set_cache_enabled(false);
    std::vector<float> disp(3 * n), vy(n, 0.0f);
    int carried = 0, pushed = 0;
    for (int f = 1; f <= 300; ++f) {
        const float t = static_cast<float>(f) * dt;
        pose(t);
        w.update(dt);
        for (std::uint32_t i = 0; i < n; ++i) {
            disp[3 * i] = walks[i].x * dt;
            disp[3 * i + 1] = vy[i] * dt;
            disp[3 * i + 2] = walks[i].z * dt;
        }
        cached.move_all(disp.data(), dt);
        direct.move_all(disp.data(), dt);
        INFO("frame " << f);
        for (std::uint32_t i = 0; i < n; ++i) {
            INFO("character " << i);
            const CharacterMove &a = cached.last_move(i), &b = direct.last_move(i);
            REQUIRE(same_bits(a.position, b.position));
            REQUIRE(a.grounded == b.grounded);
            REQUIRE(a.reason == b.reason);
            REQUIRE(a.ground_object == b.ground_object);
            REQUIRE(a.carried == b.carried);
            REQUIRE(a.pushed == b.pushed);
            REQUIRE(a.crushed == b.crushed);
            REQUIRE(cached.grounded()[i] == (a.grounded ? 1 : 0));
            vy[i] = a.grounded ? -1.0f : vy[i] - kGravity * dt;
            carried += a.carried ? 1 : 0;
            pushed += a.pushed ? 1 : 0;
        }
    }
    // The riders rode, and the door and the mover pushed some of the others.
    CHECK(carried >= 10 * 250);
    CHECK(pushed >= 5);
}
