// The overlap tests of the pushes, the ride and the squeeze answered from the triangle cache
// (triangle_cache_overlap.cpp: CharacterController::deepest_overlap and clearance) against a twin
// whose characters ask the world: S5's moving world (a lift, a turning disc, a diagonal platform, a
// swinging door between walls, a conveyor of boxes that wrap back) with 100 characters, at
// 1/15 s, where riders are pushed, carried and crushed most, and at 1/60 s. Every report must be
// the same, bit for bit. And the pick of the deepest contact, which the cache makes in its own
// order, against the pick in another order.
#include "catch_support.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "character_detail.hpp"
#include "meshes.hpp"
#include "shototsu/character.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

struct Scene {
    World w;
    std::vector<std::uint32_t> ids;
    std::vector<int> kinds;  // 0 still, 1 lift, 2 disc, 3 diagonal, 4 door, 5 + k belt k
    std::vector<Vec3> starts, walks;

    void add(int kind, Vec3 lo, Vec3 hi) {
        MeshData m;
        add_box(m, lo, hi);
        ids.push_back(w.add_mesh(m.positions, m.indices).object);
        kinds.push_back(kind);
    }
    static Quat yaw(double a) {
        return {0.0f, static_cast<float>(std::sin(a / 2)), 0.0f, static_cast<float>(std::cos(a / 2))};
    }
    static double belt_x(int k, double t) { return -14.0 + std::fmod(k * 2.4 + t, 12.0); }
    bool pose(int kind, double t, Transform& out) const {
        out = Transform{};
        switch (kind) {
            case 0: return false;
            case 1: {
                const double phase = std::fmod(t, 3.0), h = phase < 1.5 ? 2 * phase : 3 - 2 * (phase - 1.5);
                out.position = {-10.0f, static_cast<float>(0.1 + h), 0.0f};
                return true;
            }
            case 2: out.position = {0.0f, 0.3f, 0.0f}, out.rotation = yaw(t); return true;
            case 3: {
                const double s = std::sin(t);
                out.position = {static_cast<float>(10 + s), static_cast<float>(1 + 0.5 * s),
                                static_cast<float>(-6 + s)};
                return true;
            }
            case 4: out.position = {0.0f, 0.0f, 10.0f}, out.rotation = yaw(1.4 * std::sin(0.8 * t)); return true;
            default: out.position = {static_cast<float>(belt_x(kind - 5, t)), 0.3f, -10.0f}; return true;
        }
    }
    void step_objects(double t, double dt) {
        for (std::size_t i = 0; i < ids.size(); ++i) {
            Transform p;
            if (!pose(kinds[i], t, p)) continue;
            if (kinds[i] >= 5 && belt_x(kinds[i] - 5, t - dt) > belt_x(kinds[i] - 5, t))
                w.teleport(ids[i], p);
            else
                w.set_transform(ids[i], p);
        }
        w.update(static_cast<float>(dt));
    }

    Scene() {
        add(0, {-20, -0.2f, -20}, {20, 0, 20});
        add(1, {-1.5f, -0.2f, -1.5f}, {1.5f, 0, 1.5f});
        add(2, {-3, -0.3f, -3}, {3, 0, 3});
        add(3, {-1.2f, -0.2f, -1.2f}, {1.2f, 0, 1.2f});
        add(0, {-4, 0, 9.95f}, {-0.05f, 2.5f, 10.05f});
        add(0, {1.3f, 0, 9.95f}, {5, 2.5f, 10.05f});
        add(4, {0.05f, 0, -0.05f}, {1.25f, 2.2f, 0.05f});
        for (int k = 0; k < 5; ++k) add(5 + k, {-0.6f, -0.3f, -0.6f}, {0.6f, 0, 0.6f});
        for (std::size_t i = 0; i < ids.size(); ++i) {
            Transform p;
            if (pose(kinds[i], 0.0, p)) w.teleport(ids[i], p);
        }
        const auto put = [&](double x, double y, double z, double vx = 0, double vz = 0) {
            starts.push_back({static_cast<float>(x), static_cast<float>(y + 0.86), static_cast<float>(z)});
            walks.push_back({static_cast<float>(vx), 0.0f, static_cast<float>(vz)});
        };
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) put(-11 + i, 0.1, -1 + j);
        put(2, 0.3, 0);
        for (int k = 0; k < 11; ++k) {
            const double a = k / 11.0 * 2 * 3.141592653589793, r = 1.0 + (k % 2) * 1.4;
            put(r * std::cos(a), 0.3, r * std::sin(a));
        }
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) put(9.5 + i, 1, -6.5 + j);
        for (int k = 0; k < 10; ++k) put(-1 + (k % 5) * 0.8, 0, k < 5 ? 8.8 : 11.2, 0, k < 5 ? 0.8 : -0.8);
        for (int k = 0; k < 5; ++k) put(-14 + k * 2.4, 0.3, -10);
        for (int k = 0; starts.size() < 100; ++k) {
            const double a = k * 2.399963, r = 6 + (k % 7);
            put(r * std::cos(a), 0, r * std::sin(a) + 4, std::cos(a + 1.3), std::sin(a + 1.3));
        }
    }
};

}  // namespace

TEST_CASE("character cache: S5's characters move bit for bit as twins whose overlap tests ask the world") {
    for (const double rate : {15.0, 60.0}) {
        Scene scene;
        CharacterSettings s;
        s.radius = 0.35f;
        s.height = 1.7f;
        s.skin_width = 0.01f;
        const std::uint32_t n = static_cast<std::uint32_t>(scene.starts.size());
        CharacterGroup cached(scene.w, s, n), direct(scene.w, s, n);
        for (const Vec3 p : scene.starts) {
            cached.add(p);
            direct.add(p);
        }
        for (std::uint32_t i = 0; i < n; ++i) direct.controller(i).set_cache_enabled(false);
        const double dt = 1.0 / rate;
        const float dtf = static_cast<float>(dt);
        std::vector<float> disp(3 * n), vy(n, 0.0f);
        int carried = 0, pushed = 0, crushed = 0;
        const int frames = static_cast<int>(std::lround((rate == 15.0 ? 10.0 : 4.0) / dt));
        for (int f = 1; f <= frames; ++f) {
            scene.step_objects(f * dt, dt);
            for (std::uint32_t i = 0; i < n; ++i) {
                disp[3 * i] = scene.walks[i].x * dtf;
                disp[3 * i + 1] = vy[i] * dtf;
                disp[3 * i + 2] = scene.walks[i].z * dtf;
            }
            cached.move_all(disp.data(), dtf);
            direct.move_all(disp.data(), dtf);
            INFO("rate " << rate << " frame " << f);
            for (std::uint32_t i = 0; i < n; ++i) {
                INFO("character " << i);
                const CharacterMove &a = cached.last_move(i), &b = direct.last_move(i);
                REQUIRE(same_bits(a.position, b.position));
                REQUIRE(a.grounded == b.grounded);
                REQUIRE(a.ground_object == b.ground_object);
                REQUIRE(same_bits(a.ground_normal, b.ground_normal));
                REQUIRE(a.carried == b.carried);
                REQUIRE(a.pushed == b.pushed);
                REQUIRE(a.crushed == b.crushed);
                REQUIRE(same_bits(a.crush_depth, b.crush_depth));
                carried += a.carried ? 1 : 0;
                pushed += a.pushed ? 1 : 0;
                crushed += a.crushed ? 1 : 0;
                vy[i] = a.grounded ? -1.0f : static_cast<float>(vy[i] + (-9.81) * dt);
            }
        }
        // The paths the cache now answers were taken: riders carried, characters pushed out of
        // what moved into them, and crushed ones squeezed out.
        CHECK(carried > 10 * frames);
        CHECK(pushed > frames / 10);
        if (rate == 15.0) CHECK(crushed > 0);
    }
}

TEST_CASE("deepest_contact: without a tie, any order of the contacts picks the same object, normal and depth") {
    // Contacts drawn from few depths, objects and normals (-0 and +0 among them), so that exact
    // ties, ties of identical contacts and NaN or non-positive depths are common. The reference is
    // the first strictly deepest of those kept, in the list's own order (the world's).
    Rng rng(3001);
    const float depths[] = {
        -0.1f, 0.0f, -0.0f, 0.05f, 0.1f, std::nextafter(0.1f, 1.0f), std::numeric_limits<float>::quiet_NaN()};
    const Vec3 normals[] = {{0.0f, 1.0f, 0.0f}, {-0.0f, 1.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.6f, 0.8f, 0.0f}};
    int ties = 0, agreed = 0, same_depth_kept = 0;
    for (int k = 0; k < 20000; ++k) {
        std::vector<WorldContact> contacts(static_cast<std::size_t>(rng.below(9)));
        for (WorldContact& wc : contacts) {
            wc.depth = depths[rng.below(7)];
            wc.object = static_cast<std::uint32_t>(rng.below(3));
            wc.normal = normals[rng.below(4)];
            wc.triangle = static_cast<std::uint32_t>(rng.below(4));
        }
        const int skip = rng.below(4);  // an object the filter drops (3: none)
        const auto keep = [&](const WorldContact& wc) { return static_cast<int>(wc.object) != skip; };
        const WorldContact* want = nullptr;
        float deepest = 0.0f;
        for (const WorldContact& wc : contacts)
            if (wc.depth > deepest && keep(wc)) deepest = wc.depth, want = &wc;
        bool tie = false;
        INFO("case " << k);
        REQUIRE(detail::deepest_contact(contacts, keep, tie) == want);
        for (int round = 0; round < 4; ++round) {
            std::vector<WorldContact> other = contacts;
            for (std::size_t i = other.size(); i > 1; --i)
                std::swap(other[i - 1], other[static_cast<std::size_t>(rng.below(static_cast<int>(i)))]);
            const WorldContact* got = detail::deepest_contact(other, keep, tie);
            if (tie) {
                ++ties;
                continue;
            }
            ++agreed;
            REQUIRE((got == nullptr) == (want == nullptr));
            if (!got) continue;
            REQUIRE(got->object == want->object);
            REQUIRE(same_bits(got->normal, want->normal));
            REQUIRE(same_bits(got->depth, want->depth));
            int as_deep = 0;
            for (const WorldContact& wc : other) as_deep += wc.depth == got->depth && keep(wc) ? 1 : 0;
            same_depth_kept += as_deep > 1 ? 1 : 0;
        }
    }
    // Both outcomes are common, and so are orders where equal contacts were told apart by nothing.
    CHECK(ties > 5000);
    CHECK(agreed > 40000);
    CHECK(same_depth_kept > 1000);
}
