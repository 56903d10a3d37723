// shototsu.hpp: one include gives the whole public API. This file includes nothing of the library
// before it, names a declaration of every public header, and checks that every header in
// core/include/shototsu/ is included by it (so a new header cannot be left out).
#include "shototsu/shototsu.hpp"

#include "catch_support.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

namespace {
/// The names of enumerators 0 .. last, in order.
template <class E>
std::vector<std::string> names(const char* (*name)(E), E last) {
    std::vector<std::string> out;
    for (int i = 0; i <= static_cast<int>(last); ++i) out.emplace_back(name(static_cast<E>(i)));
    return out;
}
void check_distinct(const std::vector<std::string>& list) {
    for (std::size_t i = 0; i < list.size(); ++i) {
        INFO(list[i]);
        CHECK(!list[i].empty());
        for (std::size_t j = 0; j < i; ++j) CHECK(list[i] != list[j]);
    }
}
}  // namespace

TEST_CASE("enum names: every enumerator of a public enum has a name of its own") {
    check_distinct(names(&region_name, TriangleRegion::Face));
    check_distinct(names(&ground_reason_name, GroundReason::Rising));
    check_distinct(names(&triangle_feature_name, TriangleFeature::VertexC));
    check_distinct(names(&sweep_plane_case_name, SweepPlaneCase::Invalid));
    check_distinct(names(&bounding_sphere_kind_name, BoundingSphereKind::Degenerate));
}

TEST_CASE("triangle_feature_name: a feature is named as the triangle region it is") {
    CHECK(names(&triangle_feature_name, TriangleFeature::VertexC) ==
          std::vector<std::string>{region_name(TriangleRegion::Face), region_name(TriangleRegion::AB),
                                   region_name(TriangleRegion::BC), region_name(TriangleRegion::CA),
                                   region_name(TriangleRegion::A), region_name(TriangleRegion::B),
                                   region_name(TriangleRegion::C)});
}
