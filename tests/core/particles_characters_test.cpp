// particles.hpp against registered characters (character.hpp, register_in): a character walking
// through resting particles pushes them aside and never ends a step with one inside its capsule,
// at 4 and 10 m/s and at 15, 60 and 240 steps per second; and a particle that starts a step inside
// an object (teleported onto it, or stepped before the character moved) is pushed out at once.
#include "catch_support.hpp"

#include <cmath>
#include <vector>

#include "meshes.hpp"
#include "particle_support.hpp"
#include "shototsu/character.hpp"
#include "shototsu/particles.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kGravity = 9.81f;
// "Inside" the capsule: deeper than this (m) at the end of a step.
constexpr float kInside = 1e-3f;

// A 40 m square floor whose top is y = 0.
std::uint32_t add_floor(World& w) {
    MeshData m;
    add_box(m, {-20, -0.5f, -20}, {20, 0, 20});
    const AddResult r = w.add_mesh(m.positions, m.indices);
    REQUIRE(r.ok);
    return r.object;
}

// How deep particle i is inside the capsule (m; <= 0 outside).
float depth_in(const ParticleSystem& ps, std::uint32_t i, const Capsule& c) {
    const Vec3 p = position(ps, i);
    const Vec3 q = closest_point_on_segment(p, {c.start, c.end}).point;
    return c.radius + ps.radii()[i] - length(p - q);
}

struct Tally {
    int inside = 0;        // particle-steps ending deeper than kInside in the capsule
    float deepest = 0.0f;  // the deepest at any step's end
    void check(const ParticleSystem& ps, const Capsule& c) {
        for (std::uint32_t i = 0; i < ps.count(); ++i) {
            const float d = depth_in(ps, i, c);
            deepest = std::fmax(deepest, d);
            if (d > kInside) ++inside;
        }
    }
};

struct Walk {
    Tally tally;
    int pushed = 0;       // particles in the capsule's path that it moved aside
    int in_path = 0;      // particles the capsule would overlap passing over them
    float lowest = 1e9f;  // the lowest particle bottom seen (the floor is at 0)
};

// A registered character walks `distance` along +x at `speed` over a field of resting particles
// (`rows` by 5, 0.35 m apart, radii 0.05 to 0.15) on a floor, frame by frame in the documented
// order: update, move the character, step the particles. With particles_first, the particles are
// stepped before the character instead.
Walk walk_through(float speed, float dt, int rows, float distance, bool particles_first = false) {
    World w;
    add_floor(w);
    CharacterSettings cs;
    const float y = 0.5f * cs.height + cs.skin_width;
    CharacterController ch(w, cs, {-1.0f, y, 0.0f});
    REQUIRE(ch.register_in(w));
    ParticleSettings st;
    st.capacity = static_cast<std::uint32_t>(rows * 5);
    st.restitution = 0.3f;
    ParticleSystem ps(w, st);
    Rng rng(1500u + static_cast<std::uint32_t>(rows));
    for (int row = 0; row < rows; ++row)
        for (int k = 0; k < 5; ++k) {
            const float r = rng.uniform(0.05f, 0.15f);
            REQUIRE(ps.spawn({0.5f + 0.35f * static_cast<float>(row), r, -0.7f + 0.35f * static_cast<float>(k)},
                             {0, 0, 0}, r) >= 0);
        }
    for (int f = 0; f < 10; ++f) {
        w.update(dt);
        ps.step(dt);
    }
    Walk out;
    // In the path: the capsule, passing over the particle's x, would overlap it.
    const float half = 0.5f * cs.height - cs.radius;
    std::vector<Vec3> start(ps.count());
    std::vector<std::uint8_t> in_path(ps.count(), 0);
    for (std::uint32_t i = 0; i < ps.count(); ++i) {
        start[i] = position(ps, i);
        const Capsule over{{start[i].x, y - half, 0.0f}, {start[i].x, y + half, 0.0f}, cs.radius};
        in_path[i] = depth_in(ps, i, over) > 0.0f;
        out.in_path += in_path[i];
    }
    float vy = 0.0f;
    const int frames = static_cast<int>(std::lround(distance / speed / dt));
    for (int f = 0; f < frames; ++f) {
        w.update(dt);
        const auto step_particles = [&]() {
            ps.step(dt);
            Capsule c;
            REQUIRE(w.capsule(ch.body(), c));
            out.tally.check(ps, c);
        };
        if (particles_first) step_particles();
        vy = ch.grounded() ? -1.0f : vy - kGravity * dt;
        const CharacterMove m = ch.move(Vec3{speed, vy, 0.0f} * dt, dt);
        if (m.grounded) vy = 0.0f;
        if (!particles_first) step_particles();
        for (std::uint32_t i = 0; i < ps.count(); ++i)
            out.lowest = std::fmin(out.lowest, position(ps, i).y - ps.radii()[i]);
    }
    // It walked the whole way: particles do not stop a character.
    CHECK(ch.position().x == Approx(-1.0f + speed * dt * static_cast<float>(frames)).margin(1e-3));
    for (std::uint32_t i = 0; i < ps.count(); ++i)
        if (in_path[i] && length(position(ps, i) - start[i]) > 0.05f) ++out.pushed;
    return out;
}

}  // namespace

TEST_CASE("particles and characters: a walking character never ends a step with a particle inside") {
    for (const float speed : {4.0f, 10.0f})
        for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f, 1.0f / 240.0f}) {
            INFO("speed = " << speed << " m/s, dt = " << dt);
            const Walk one = walk_through(speed, dt, 1, 3.0f);
            CHECK(one.tally.inside == 0);
            CHECK(one.tally.deepest < kInside);
            const Walk field = walk_through(speed, dt, 12, 8.0f);
            CHECK(field.tally.inside == 0);
            CHECK(field.tally.deepest < kInside);
            // Every particle in its way was moved aside, and none was pushed into the floor.
            CHECK(field.in_path > 10);
            CHECK(field.pushed == field.in_path);
            CHECK(field.lowest > -kInside);
        }
}

TEST_CASE("particles and characters: particles stepped before the character are pushed out of it at once") {
    // The wrong order: each step starts with the particles the character walked into since the
    // last one inside its capsule; the step pushes them out to its surface before anything else,
    // so no step ends with one inside (though the capsule, still in that step, bats none away).
    for (const float dt : {1.0f / 15.0f, 1.0f / 60.0f}) {
        INFO("dt = " << dt);
        const Walk field = walk_through(4.0f, dt, 12, 8.0f, true);
        CHECK(field.tally.inside == 0);
        CHECK(field.tally.deepest < kInside);
        CHECK(field.pushed > field.in_path / 2);
        CHECK(field.lowest > -kInside);
    }
}

TEST_CASE("particles and characters: a particle an object is teleported onto is pushed out in one step") {
    World w;
    add_floor(w);
    const std::uint32_t box = w.add_box({5, 0.5f, 0}, Quat{}, {0.5f, 0.5f, 0.5f}).object;
    const std::uint32_t cap = w.add_capsule({-5, 0.5f, 0}, {-5, 1.5f, 0}, 0.4f).object;
    ParticleSettings st;
    st.capacity = 2;
    st.restitution = 0.0f;
    ParticleSystem ps(w, st);
    const float r = 0.1f;
    ps.spawn({0.0f, r, 0.3f}, {0, 0, 0}, r);
    ps.spawn({2.0f, r, 0.0f}, {0, 0, 0}, r);
    const float dt = 1.0f / 60.0f;
    for (int f = 0; f < 20; ++f) {
        w.update(dt);
        ps.step(dt);
    }
    // The capsule onto particle 0, its axis 0.15 m from the centre; the box over particle 1, its
    // nearest exit the +x side 0.3 m away (the floor blocks the way down).
    REQUIRE(w.teleport(cap, Transform{{0.0f, 0.9f, 0.15f}, Quat{}, 1.0f}) == nullptr);
    REQUIRE(w.teleport(box, Transform{{1.8f, 0.5f, 0.0f}, Quat{}, 1.0f}) == nullptr);
    w.update(dt);
    ps.step(dt);
    Capsule c;
    REQUIRE(w.capsule(cap, c));
    CHECK(depth_in(ps, 0, c) < kInside);
    CHECK(depth_in(ps, 0, c) > -kInside);
    CHECK(position(ps, 0).z > 0.3f);
    CHECK(position(ps, 0).y > r - kInside);
    OBB b;
    REQUIRE(w.box(box, b));
    const Vec3 p1 = position(ps, 1);
    CHECK(p1.x > 1.8f + 0.5f + r - kInside);
    CHECK(p1.y > r - kInside);
}

TEST_CASE("World: move_over_step moves an object over the current step, with velocity") {
    World w;
    const std::uint32_t s = w.add_sphere({0, 0, 0}, 0.5f).object;
    // Before any step has begun it is a teleport.
    REQUIRE(w.move_over_step(s, Transform{{1, 0, 0}, Quat{}, 1.0f}) == nullptr);
    CHECK(w.previous_transform(s).position.x == 1.0f);
    CHECK(w.linear_velocity(s) == Vec3{0, 0, 0});
    w.update(0.5f);
    const std::uint64_t before = w.revision();
    REQUIRE(w.move_over_step(s, Transform{{2, 0, 0}, quat_from_axis_angle({0, 1, 0}, 0.2f), 1.0f}) == nullptr);
    CHECK(w.revision() > before);
    CHECK(w.object_revision(s) == w.revision());
    CHECK(w.transform(s).position.x == 2.0f);
    CHECK(w.previous_transform(s).position.x == 1.0f);
    CHECK(w.moved(s));
    CHECK_THAT(w.linear_velocity(s).x, Catch::Matchers::WithinAbs(2.0, 1e-6));
    CHECK_THAT(w.angular_velocity(s).y, Catch::Matchers::WithinAbs(0.4, 1e-5));
    CHECK(w.raycast({2, 5, 0}, {0, -1, 0}, 10.0f).hit);
    // Again within the same step: still from where it was at the step's start.
    REQUIRE(w.move_over_step(s, Transform{{3, 0, 0}, Quat{}, 1.0f}) == nullptr);
    CHECK(w.previous_transform(s).position.x == 1.0f);
    CHECK_THAT(w.linear_velocity(s).x, Catch::Matchers::WithinAbs(4.0, 1e-6));
    CHECK(w.angular_velocity(s) == Vec3{0, 0, 0});
    // To where it already is: nothing changes.
    const std::uint64_t same = w.revision();
    REQUIRE(w.move_over_step(s, Transform{{3, 0, 0}, Quat{}, 1.0f}) == nullptr);
    CHECK(w.revision() == same);
    // The next step starts where it ended, at rest; bad input is refused and changes nothing.
    w.update(0.5f);
    CHECK(w.previous_transform(s).position.x == 3.0f);
    CHECK(w.linear_velocity(s) == Vec3{0, 0, 0});
    Transform bad;
    bad.position.x = std::numeric_limits<float>::quiet_NaN();
    CHECK(w.move_over_step(s, bad) != nullptr);
    CHECK(w.move_over_step(99, Transform{}) != nullptr);
    CHECK(w.transform(s).position.x == 3.0f);
}

TEST_CASE("character registration: the capsule object carries the character's move over the step") {
    World w;
    add_floor(w);
    CharacterSettings cs;
    const float y = 0.5f * cs.height + cs.skin_width;
    CharacterController ch(w, cs, {0.0f, y, 0.0f});
    REQUIRE(ch.register_in(w));
    const float dt = 1.0f / 60.0f;
    w.update(dt);
    ch.move({4.0f * dt, -dt, 0.0f}, dt);
    CHECK(w.previous_transform(ch.body()).position.x == 0.0f);
    CHECK(w.transform(ch.body()).position.x == ch.position().x);
    CHECK_THAT(w.linear_velocity(ch.body()).x, Catch::Matchers::WithinAbs(4.0, 1e-3));
    // A teleport carries no velocity.
    ch.set_position({5.0f, y, 0.0f});
    CHECK(w.previous_transform(ch.body()).position.x == 5.0f);
    CHECK(w.linear_velocity(ch.body()) == Vec3{0, 0, 0});
}
