// world.hpp, prebuilt worlds: serialize and deserialize. A loaded world answers every query with
// the bits of the world it was saved from, keeps changing as that world does, and bytes that
// are not a world (truncated, corrupted, another version, hostile counts and trees) are refused
// with a reason, never a crash.
#include "catch_support.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "meshes.hpp"
#include "moving_scene.hpp"
#include "shototsu/world.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// The bits of every answer a world gives, in a fixed order: equal fingerprints mean the worlds
// answer the same.
struct Fingerprint {
    std::vector<std::uint32_t> bits;
    void u(std::uint32_t v) { bits.push_back(v); }
    void f(float v) {
        std::uint32_t w;
        std::memcpy(&w, &v, 4);
        bits.push_back(w);
    }
    void v(Vec3 p) { f(p.x), f(p.y), f(p.z); }
    void hit(const WorldHit& h) {
        u(h.hit), f(h.distance), v(h.point), v(h.position), v(h.normal), u(h.object), u(h.triangle);
    }
    void contacts(const std::vector<WorldContact>& cs) {
        u(static_cast<std::uint32_t>(cs.size()));
        for (const WorldContact& c : cs)
            u(c.object), u(c.triangle), v(c.point), v(c.normal), f(c.depth), u(static_cast<std::uint32_t>(c.feature));
    }
};

std::vector<std::uint32_t> fingerprint(const World& w, std::uint64_t seed, int queries = 300) {
    Fingerprint fp;
    fp.u(w.id_limit());
    fp.u(static_cast<std::uint32_t>(w.object_count()));
    fp.u(static_cast<std::uint32_t>(w.revision()));
    for (std::uint32_t id = 0; id < w.id_limit(); ++id) {
        fp.u(w.is_live(id));
        if (!w.is_live(id)) continue;
        const Transform t = w.transform(id);
        fp.u(static_cast<std::uint32_t>(w.kind(id))), fp.u(w.layers(id));
        fp.v(t.position), fp.f(t.rotation.x), fp.f(t.rotation.y), fp.f(t.rotation.z), fp.f(t.rotation.w);
        fp.f(t.scale), fp.v(w.linear_velocity(id)), fp.v(w.angular_velocity(id));
        fp.v(w.bounds(id).min), fp.v(w.bounds(id).max);
        fp.u(w.triangle_count(id));
        for (std::uint32_t k = 0; k < w.triangle_count(id); k += 7) {
            const Triangle tri = w.triangle(id, k);
            fp.v(tri.a), fp.v(tri.b), fp.v(tri.c);
        }
    }
    Rng rng(seed);
    std::vector<WorldContact> cs;
    std::vector<float> rays;
    for (int q = 0; q < queries; ++q) {
        const QueryFilter filter{rng.below(4) == 0 ? 1u : 0xFFFFFFFFu,
                                 rng.below(4) == 0 ? static_cast<std::uint32_t>(rng.below(8)) : kNoIndex};
        const Vec3 o = rng.vec(-12, 12), d = rng.direction();
        const float maxd = rng.below(4) == 0 ? kInf : rng.uniform(0.0f, 30.0f);
        fp.hit(w.raycast(o, d, maxd, filter));
        fp.u(w.raycast_any(o, d, maxd, filter));
        fp.hit(w.intersect_segment(o, o + d * 9.0f, filter));
        fp.hit(w.sphere_cast(o, rng.uniform(0.1f, 1.0f), d, 15.0f, filter));
        fp.hit(w.capsule_cast(o, o + rng.vec(-1, 1), rng.uniform(0.1f, 0.6f), d, 15.0f, filter));
        cs.clear();
        w.overlap_sphere(o, rng.uniform(0.5f, 4.0f), cs, filter);
        fp.contacts(cs);
        cs.clear();
        w.overlap_capsule(o, o + rng.vec(-2, 2), rng.uniform(0.2f, 2.0f), cs, filter);
        fp.contacts(cs);
        const WorldClosestPoint c = w.closest_point(o, rng.below(3) == 0 ? kInf : 6.0f, filter);
        fp.u(c.hit), fp.v(c.point), fp.f(c.distance), fp.u(c.object), fp.u(c.triangle);
        fp.u(static_cast<std::uint32_t>(c.feature));
        const WorldFloor fl = w.floor(o.x, o.z, rng.below(3) == 0 ? kInf : o.y, filter);
        fp.u(fl.hit), fp.f(fl.height), fp.v(fl.normal), fp.u(fl.object), fp.u(fl.triangle);
        rays.insert(rays.end(), {o.x, o.y, o.z, d.x, d.y, d.z});
        const AABB box{o - Vec3{1, 1, 1}, o + Vec3{1, 1, 1}};
        w.for_each_triangle_in(box, [&](std::uint32_t obj, std::uint32_t tri, const Triangle& t) {
            fp.u(obj), fp.u(tri), fp.v(t.a), fp.v(t.b), fp.v(t.c);
        });
    }
    std::vector<WorldHit> out(static_cast<std::size_t>(queries));
    w.raycast_batch(rays, 25.0f, out);
    for (const WorldHit& h : out) fp.hit(h);
    return fp.bits;
}

using Scene = MovingScene;

World load(const std::vector<std::uint8_t>& bytes) {
    World w;
    const char* e = World::deserialize(bytes, w);
    INFO((e ? e : ""));
    REQUIRE(e == nullptr);
    return w;
}

// The documented checksum (docs/serialization.md), written again here: the tests re-seal bytes
// they change so that the checks behind the checksum are reached.
void reseal(std::vector<std::uint8_t>& b) {
    const std::size_t n = b.size() - 8;
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::size_t i = 0; i < n; i += 8) {
        std::uint64_t word = 0;
        for (std::size_t k = 0; k < 8 && i + k < n; ++k) word |= static_cast<std::uint64_t>(b[i + k]) << (8 * k);
        h = (h ^ word) * 0x100000001b3ull;
    }
    for (int k = 0; k < 8; ++k) b[n + k] = static_cast<std::uint8_t>(h >> (8 * k));
}

}  // namespace

TEST_CASE("World::serialize: a loaded world answers every query with the same bits, step after step") {
    Scene sc;
    for (int state = 0; state < 5; ++state) {
        INFO("state " << state);
        if (state > 0) sc.step(state);
        if (state == 4) {  // a pending target the loaded world must carry out on its next update
            const std::uint32_t id = sc.movers[1];
            REQUIRE(sc.w.set_transform(id, pose(sc.rng, 3.0f, true)) == nullptr);
        }
        const std::vector<std::uint8_t> bytes = sc.w.serialize();
        World copy = load(bytes);
        REQUIRE(fingerprint(copy, 100 + state) == fingerprint(sc.w, 100 + state));
        REQUIRE(copy.serialize() == bytes);
        REQUIRE(copy.stats().triangles == sc.w.stats().triangles);
        REQUIRE(copy.stats().nodes == sc.w.stats().nodes);
        REQUIRE(copy.stats().max_depth == sc.w.stats().max_depth);
        // Both keep changing alike: moves, refits, removals and new ids (never a reused one).
        std::uint32_t added[2];
        for (World* w : {&sc.w, &copy}) {
            w->update(1.0f / 30.0f);
            REQUIRE(w->update_mesh(sc.ground_id, sc.ground.positions) == nullptr);
            added[w == &copy] = w->add_sphere({1, 2, 3}, 0.5f).object;
        }
        REQUIRE(added[0] == added[1]);
        REQUIRE(copy.id_limit() == sc.w.id_limit());
        REQUIRE(fingerprint(copy, 200 + state) == fingerprint(sc.w, 200 + state));
    }
}

TEST_CASE("World::serialize: the same world gives the same bytes, and an empty world round-trips") {
    Scene a, b;
    a.step(1), b.step(1);
    REQUIRE(a.w.serialize() == b.w.serialize());
    World empty;
    const std::vector<std::uint8_t> bytes = empty.serialize();
    World copy = load(bytes);
    REQUIRE(copy.object_count() == 0);
    REQUIRE_FALSE(copy.raycast({0, 1, 0}, {0, -1, 0}, kInf).hit);
    REQUIRE(copy.add_sphere({0, 0, 0}, 1).object == 0);
}

TEST_CASE("World::deserialize: removed ids stay removed and are never handed out again") {
    World w;
    const std::vector<float> tri{-1, 0, -1, 1, 0, -1, 0, 0, 1};
    for (int i = 0; i < 5; ++i) REQUIRE(w.add_mesh(tri).ok);
    REQUIRE(w.remove(1) == nullptr);
    REQUIRE(w.remove(4) == nullptr);
    World copy = load(w.serialize());
    REQUIRE(copy.id_limit() == 5);
    REQUIRE_FALSE(copy.is_live(1));
    REQUIRE_FALSE(copy.is_live(4));
    REQUIRE(copy.is_live(3));
    REQUIRE(copy.add_sphere({0, 0, 0}, 1).object == 5);
}

TEST_CASE("World::deserialize: bytes cut short at any length are refused") {
    Scene sc;
    sc.step(1);
    const std::vector<std::uint8_t> bytes = sc.w.serialize();
    World out;
    REQUIRE(out.add_sphere({0, 0, 0}, 1).ok);
    for (std::size_t n = 0; n < bytes.size(); n += (n < 4096 ? 1 : 97)) {
        const char* e = World::deserialize(std::span(bytes.data(), n), out);
        INFO("length " << n);
        REQUIRE(e != nullptr);
    }
    std::vector<std::uint8_t> longer = bytes;
    longer.push_back(0);
    REQUIRE(World::deserialize(longer, out) != nullptr);
    REQUIRE(out.object_count() == 1);  // untouched by every refusal
}

TEST_CASE("World::deserialize: flipped bits are caught by the checksum, and re-sealed ones by the checks") {
    Scene sc;
    sc.step(1);
    const std::vector<std::uint8_t> bytes = sc.w.serialize();
    Rng rng(99);
    World out;
    int refused_after_reseal = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<std::uint8_t> b = bytes;
        const int flips = 1 + rng.below(4);
        for (int k = 0; k < flips; ++k)
            b[static_cast<std::size_t>(rng.below(static_cast<int>(b.size())))] ^=
                static_cast<std::uint8_t>(1u << rng.below(8));
        if (b == bytes) continue;
        REQUIRE(World::deserialize(b, out) != nullptr);
        // Past the checksum: whatever the checks let through must be safe to query.
        reseal(b);
        World loaded;
        if (World::deserialize(b, loaded) != nullptr) {
            ++refused_after_reseal;
            continue;
        }
        (void)fingerprint(loaded, 7, 20);
        loaded.update(1.0f / 60.0f);
        (void)loaded.serialize();
    }
    REQUIRE(refused_after_reseal > 100);
}

TEST_CASE("World::deserialize: another magic, version or flags is refused with its reason") {
    Scene sc;
    const std::vector<std::uint8_t> bytes = sc.w.serialize();
    World out;
    std::vector<std::uint8_t> b = bytes;
    b[0] = 'X';
    REQUIRE(std::string(World::deserialize(b, out)).find("magic") != std::string::npos);
    b = bytes;
    b[8] = static_cast<std::uint8_t>(kSerializationVersion + 1);
    reseal(b);
    REQUIRE(std::string(World::deserialize(b, out)).find("version") != std::string::npos);
    b = bytes;
    b[12] = 1;
    reseal(b);
    REQUIRE(std::string(World::deserialize(b, out)).find("flags") != std::string::npos);
    b = bytes;
    b[40] ^= 1;
    REQUIRE(std::string(World::deserialize(b, out)).find("checksum") != std::string::npos);
}

TEST_CASE("World::deserialize: hostile counts and trees are refused before anything is allocated or walked") {
    World w;
    const std::vector<float> tri{-1, 0, -1, 1, 0, -1, 0, 0, 1, -1, 1, -1, 1, 1, -1, 0, 1, 1};
    REQUIRE(w.add_mesh(tri).ok);
    const std::vector<std::uint8_t> bytes = w.serialize();
    // Offsets of the layout: header 24, revision 8, id limit 4, live objects 4, mesh count 4, then
    // the mesh.
    const auto put32 = [](std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) {
        for (int k = 0; k < 4; ++k) b[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
    };
    const std::size_t mesh = 44, tris = mesh + 28, ids = tris + 2 * 36, nodes = ids + 2 * 4;
    World out;
    const auto refused = [&](std::size_t at, std::uint32_t v) {
        std::vector<std::uint8_t> b = bytes;
        put32(b, at, v);
        reseal(b);
        const char* e = World::deserialize(b, out);
        INFO("offset " << at << " value " << v << ": " << (e ? e : "accepted"));
        return e != nullptr;
    };
    REQUIRE(refused(32, 0));                  // an id limit below the live objects
    REQUIRE(refused(36, 0x7FFFFFFFu));        // live objects
    REQUIRE(refused(40, 0x7FFFFFFFu));        // mesh count
    REQUIRE(refused(mesh, 0xFFFFFFFFu));      // triangles
    REQUIRE(refused(mesh + 4, 0x10000000u));  // nodes
    REQUIRE(refused(ids, 5));                 // a triangle index out of range
    REQUIRE(refused(ids + 4, bytes[ids]));    // not a permutation
    REQUIRE(refused(nodes + 24, 1));          // a leaf running past the triangles
    REQUIRE(refused(nodes + 28, 3));          // a leaf holding more triangles than there are
    REQUIRE(refused(nodes + 28, 0));          // an inner node with no children
    REQUIRE(refused(nodes, 0x7FC00000u));     // a NaN box
    REQUIRE(refused(nodes + 16, 0));          // a box that no longer holds its triangles
}
