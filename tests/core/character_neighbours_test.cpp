// Characters among characters (character_neighbours.hpp, CharacterGroup): a character stopped
// only by another never climbing onto it.
#include "catch_support.hpp"

#include "meshes.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

CharacterSettings settings() {
    CharacterSettings s;
    s.radius = 0.35f;
    s.height = 1.7f;
    s.skin_width = 0.01f;
    return s;
}

}  // namespace

TEST_CASE("CharacterGroup: a character stopped only by another does not climb over it") {
    // The other stands in a trench 0.72 m wide and 1.6 m deep: its head is 0.11 m above the floor
    // the walker is on, and the far side is a ledge 0.2 m high. A step up would lift the walker
    // over the other's head onto the ledge; a character is no ledge, so it stops in front.
    MeshData m;
    add_box(m, {-10.0f, -2.0f, -5.0f}, {0.0f, 0.0f, 5.0f});
    add_box(m, {0.0f, -2.0f, -5.0f}, {0.72f, -1.6f, 5.0f});
    add_box(m, {0.72f, -2.0f, -5.0f}, {10.0f, 0.2f, 5.0f});
    World w;
    REQUIRE(w.add_mesh(m.positions, m.indices).ok);
    CharacterSettings s = settings();
    s.step_height = 0.3f;
    s.snap_distance = 0.3f;
    CharacterGroup g(w, s, 2);
    g.add({-1.0f, 0.86f, 0.0f});
    g.add({0.36f, -1.6f + 0.86f, 0.0f});
    const float settle[6] = {0, -0.02f, 0, 0, -0.02f, 0};
    g.move_all(settle, 1.0f / 60.0f);
    REQUIRE(g.last_move(0).grounded);
    REQUIRE(g.last_move(1).grounded);
    const float walk[6] = {2.0f, -0.02f, 0, 0, -0.02f, 0};
    g.move_all(walk, 1.0f / 15.0f);
    const CharacterMove& mv = g.last_move(0);
    CHECK_FALSE(mv.stepped_up);
    CHECK(mv.grounded);
    CHECK(mv.hit_wall);
    CHECK(mv.position.x < 0.0f);  // in front of the trench, its bottom against the other's head
    CHECK(mv.position.x > -0.1f);
    CHECK(mv.position.y == Approx(0.86f).margin(1e-3f));
    // Without the other the same walk crosses the trench and steps up onto the ledge.
    CharacterController alone(w, s, {-1.0f, 0.86f, 0.0f});
    alone.move({0, -0.02f, 0}, 1.0f / 60.0f);
    REQUIRE(alone.grounded());
    const CharacterMove solo = alone.move({2.0f, -0.02f, 0}, 1.0f / 15.0f);
    CHECK(solo.stepped_up);
    CHECK(solo.position.x > 0.72f);
    CHECK(solo.position.y == Approx(1.06f).margin(1e-3f));
}
