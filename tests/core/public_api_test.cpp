// shototsu.hpp: one include gives the whole public API. This file includes nothing of the library
// before it, names a declaration of every public header, and checks that every header in
// core/include/shototsu/ is included by it (so a new header cannot be left out).
#include "shototsu/shototsu.hpp"

#include "catch_support.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace shototsu;

TEST_CASE("shototsu.hpp: every public header in core/include/shototsu is included by it") {
    const std::filesystem::path dir = std::filesystem::path(SHOTOTSU_SOURCE_DIR) / "core/include/shototsu";
    std::ifstream in(dir / "shototsu.hpp");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    int headers = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".hpp" || name == "shototsu.hpp") continue;
        ++headers;
        INFO(name);
        CHECK(text.str().find("#include \"shototsu/" + name + "\"") != std::string::npos);
    }
    CHECK(headers >= 15);
}

TEST_CASE("shototsu.hpp: a declaration of every public header is visible through it") {
    // bounding, broadphase, bvh, cast, character, closest_point, floor, math, overlap, particles,
    // results, shapes, sweep, tolerance, world
    const Triangle tri{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}};
    CHECK(aabb_is_empty(aabb_empty()));
    std::vector<BoxPair> pairs;
    pairs_all(std::vector<AABB>{aabb_of_triangle(tri), aabb_of_triangle(tri)}, pairs);
    CHECK(pairs.size() == 1);
    CHECK(build_bvh(std::vector<AABB>{aabb_of_triangle(tri)}, 1).nodes.size() == 1);
    CHECK(intersect_segment_triangle({{0.2f, 1, 0.2f}, {0.2f, -1, 0.2f}}, tri).hit);
    CHECK(std::string(ground_reason_name(GroundReason::Walkable)) == "walkable");
    CHECK(closest_point_on_triangle({0.2f, 1, 0.2f}, tri).region == TriangleRegion::Face);
    CHECK(floor_height(tri, 0.2f, 0.2f).hit);
    CHECK(length(Vec3{3, 4, 0}) == 5.0f);
    CHECK(triangle_sphere(tri, {{0.2f, 0.5f, 0.2f}, 1.0f}).hit);
    CHECK(ParticleSettings{}.capacity > 0);
    CHECK(Contact{}.hit == false);
    CHECK(sweep_sphere_triangle(0.1f, {0.2f, 1, 0.2f}, {0.2f, -1, 0.2f}, tri).hit);
    CHECK(tol::kSweepContactSlop > 0.0);
    World world;
    CHECK(world.object_count() == 0);
}
