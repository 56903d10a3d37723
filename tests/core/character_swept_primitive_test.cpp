// character.hpp (MOVING WORLDS) with primitives (box, sphere, capsule) that move farther in one step
// than the capsule is wide, and with movers that pass wholly beyond the capsule within one step:
// either way the mover's path over the step crossed the capsule's axis, which its contacts at the
// end pose alone cannot tell (they push the capsule out backwards, or see nothing), so the
// character must end pushed ahead of the mover, or reported crushed and out of what did not move.
// Each at 15 and 60 steps a second. Penetrations are measured independently of the world's queries:
// the double-precision distance from the capsule's axis to the shape placed from the pose the test
// gave it (a box's twelve triangles, a sphere's centre, a capsule's segment), or at least the
// radius when the axis meets a solid box.
#include "catch_support.hpp"

#include <cmath>

#include "capsule_reference.hpp"
#include "character_support.hpp"
#include "meshes.hpp"
#include "overlap_reference.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

enum class Shape { Box, Sphere, Capsule, MeshBox };

const char* shape_name(Shape s) {
    switch (s) {
        case Shape::Box: return "box";
        case Shape::Sphere: return "sphere";
        case Shape::Capsule: return "capsule";
        case Shape::MeshBox: return "box mesh";
    }
    return "?";
}

// A mover in its own frame: a box of half extents `half` about the origin, a sphere of radius
// `radius`, or a capsule from -axis to +axis of radius `radius`.
struct MoverShape {
    Shape kind = Shape::Box;
    Vec3 half{0.5f, 0.5f, 0.5f};
    Vec3 axis{0, 0, 1};
    float radius = 0.4f;
};

// How deep the upright capsule of `s` at `c` is in the mover at pose (p, q): its radius less the
// distance from its axis to the shape, or at least its radius when its axis meets a solid box.
double mover_penetration(const CharacterSettings& s, Vec3 c, const MoverShape& m, Vec3 p, Quat q) {
    const double half = 0.5 * s.height - s.radius;
    const DVec3 p0{c.x, c.y - half, c.z}, p1{c.x, c.y + half, c.z};
    const DVec3 centre{p.x, p.y, p.z};
    double dist = INFINITY;
    if (m.kind == Shape::Sphere) {
        dist = ddist(centre, ref_closest_on_segment(centre, p0, p1)) - m.radius;
    } else if (m.kind == Shape::Capsule) {
        const DVec3 a = centre + ref_rotate(q, d(m.axis * -1.0f)), b = centre + ref_rotate(q, d(m.axis));
        dist = ref_segment_distance(p0, p1, a, b) - m.radius;
    } else {
        RefBox b;
        b.c = centre;
        b.axis[0] = ref_rotate(q, {1, 0, 0});
        b.axis[1] = ref_rotate(q, {0, 1, 0});
        b.axis[2] = ref_rotate(q, {0, 0, 1});
        b.h[0] = m.half.x, b.h[1] = m.half.y, b.h[2] = m.half.z;
        if (ref_segment_meets_box(p0, p1, b)) return s.radius;
        dist = ref_segment_box_distance(p0, p1, b);
    }
    return std::fmax(0.0, s.radius - dist);
}

// A character standing at the origin on an open 20 m floor (y = 0), with one mover added at pose
// (p, q) and a still box when `still_hi` > `still_lo`.
struct Scene {
    World w;
    CharacterSettings s = settings();
    MoverShape shape;
    std::uint32_t mover = kNoIndex;
    Scene(const MoverShape& m, Vec3 p, Quat q) : shape(m) {
        MeshData floor;
        floor.quad({-10, 0, -10}, {-10, 0, 10}, {10, 0, 10}, {10, 0, -10});
        REQUIRE(w.add_mesh(floor.positions, floor.indices).ok);
        AddResult r;
        switch (m.kind) {
            case Shape::Box: r = w.add_box(p, q, m.half); break;
            case Shape::Sphere: r = w.add_sphere(p, m.radius); break;
            case Shape::Capsule: r = w.add_capsule(p - rotate(q, m.axis), p + rotate(q, m.axis), m.radius); break;
            case Shape::MeshBox: {
                MeshData box;
                add_box(box, m.half * -1.0f, m.half);
                ObjectOptions o;
                o.transform = Transform{p, q, 1.0f};
                r = w.add_mesh(box.positions, box.indices, o);
                break;
            }
        }
        REQUIRE(r.ok);
        mover = r.object;
        // A capsule added along a turned axis is at the identity rotation: the tests pose it by the
        // rotation it was given.
        w.teleport(mover, Transform{p, m.kind == Shape::Capsule ? Quat{} : q, 1.0f});
    }
    CharacterController stand(float dt) {
        CharacterController ch = settled(w, s, dt);
        REQUIRE(ch.grounded());
        return ch;
    }
    CharacterMove step(CharacterController& ch, Vec3 p, Quat q, float dt) {
        w.set_transform(mover, Transform{p, q, 1.0f});
        w.update(dt);
        return ch.move({0, -0.01f, 0}, dt);
    }
    double in_mover(Vec3 c, Vec3 p, Quat q) const {
        // A capsule primitive keeps its axis in its own frame along `axis` at the identity pose.
        return mover_penetration(s, c, shape, p, q);
    }
};

MoverShape shape_of(Shape kind) {
    MoverShape m;
    m.kind = kind;
    m.half = {0.3f, 0.75f, 1.5f};  // a 0.6 m thick block, 1.5 m tall, 3 m wide
    m.axis = {0, 0, 1};            // a capsule lying across the way, 2 m long
    m.radius = 0.4f;
    return m;
}

}  // namespace

TEST_CASE("character pushed: a box, sphere or capsule at 50 m/s past its axis pushes it ahead") {
    // The mover's centre ends past the capsule's axis (x = 0; 0.15 m for the 0.6 m box, 0.06 m for
    // the 0.4 m sphere and capsule), so the axis is nearer its back than its front: its contacts
    // at the end pose push the capsule out backwards, through it. Its front starts clear of the
    // capsule, 50 dt behind where it ends.
    for (const Shape kind : {Shape::Box, Shape::Sphere, Shape::Capsule})
        for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
            const MoverShape m = shape_of(kind);
            const float front = kind == Shape::Box ? m.half.x : m.radius;
            const Vec3 end{kind == Shape::Box ? 0.15f : 0.06f, 0.8f + 0.25f, 0}, begin = end - Vec3{50.0f * dt, 0, 0};
            INFO(shape_name(kind) << " dt " << dt << " centre " << begin.x << " -> " << end.x);
            Scene sc(m, begin, {});
            REQUIRE(begin.x + front < -sc.s.radius);
            CharacterController ch = sc.stand(dt);
            REQUIRE(sc.in_mover(ch.position(), begin, {}) == 0.0);
            const CharacterMove mv = sc.step(ch, end, {}, dt);
            const Vec3 c = ch.position();
            INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << mv.crushed);
            REQUIRE(is_finite(c));
            CHECK(mv.pushed);
            CHECK_FALSE(mv.crushed);
            CHECK(sc.in_mover(c, end, {}) <= sc.s.skin_width + 1e-4);
            CHECK(c.x > end.x);  // ahead of it
            CHECK(c.y - 0.5f * sc.s.height >= -1e-4f);
        }
}

TEST_CASE("character pushed: a thin wall passing wholly through it in one step pushes it ahead") {
    // A 0.1 m wall moving 1.5 m in one step (90 m/s at dt 1/60, 22.5 m/s at 1/15), its front from
    // 0.4 m behind the capsule's axis to 1.1 m past it: at the end pose it is 0.65 m clear of the
    // capsule, whose box it no longer meets.
    for (const Shape kind : {Shape::Box, Shape::MeshBox})
        for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
            MoverShape m = shape_of(kind);
            m.half = {0.05f, 0.75f, 1.5f};
            const Vec3 begin{-0.45f, 1.05f, 0}, end{1.05f, 1.05f, 0};
            INFO(shape_name(kind) << " dt " << dt);
            Scene sc(m, begin, {});
            CharacterController ch = sc.stand(dt);
            REQUIRE(sc.in_mover(ch.position(), begin, {}) == 0.0);
            const CharacterMove mv = sc.step(ch, end, {}, dt);
            const Vec3 c = ch.position();
            INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << mv.crushed);
            REQUIRE(is_finite(c));
            CHECK(mv.pushed);
            CHECK_FALSE(mv.crushed);
            CHECK(sc.in_mover(c, end, {}) <= sc.s.skin_width + 1e-4);
            CHECK(c.x >= end.x + m.half.x + sc.s.radius - 1e-4f);
            CHECK(c.y - 0.5f * sc.s.height >= -1e-4f);
        }
}

TEST_CASE("character crushed: a fast box primitive shoving it into a still wall keeps it out of the wall") {
    // A still wall 0.25 m beyond the capsule; a 0.6 m box comes at 50 m/s, its front ending 0.15 m
    // short of the wall: no room for the capsule between them.
    for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
        INFO("dt = " << dt);
        const MoverShape m = shape_of(Shape::Box);
        const Vec3 end{0.45f - m.half.x, 1.05f, 0}, begin = end - Vec3{50.0f * dt, 0, 0};
        Scene sc(m, begin, {});
        MeshData wall;
        const Vec3 wlo{0.6f, 0, -3}, whi{1.6f, 3, 3};
        add_box(wall, wlo, whi);
        REQUIRE(sc.w.add_mesh(wall.positions, wall.indices).ok);
        CharacterController ch = sc.stand(dt);
        const CharacterMove mv = sc.step(ch, end, {}, dt);
        const Vec3 c = ch.position();
        INFO("position " << c.x << ", " << c.y << ", " << c.z << " depth " << mv.crush_depth);
        REQUIRE(is_finite(c));
        CHECK(mv.crushed);
        MoverShape wall_shape;
        wall_shape.kind = Shape::Box;
        wall_shape.half = (whi - wlo) * 0.5f;
        CHECK(mover_penetration(sc.s, c, wall_shape, (wlo + whi) * 0.5f, {}) <= sc.s.skin_width + 1e-4);
        CHECK(c.y - 0.5f * sc.s.height >= -sc.s.skin_width - 1e-4f);
    }
}

TEST_CASE("character pushed: a fast-spinning paddle sweeping through it pushes it ahead of the blade") {
    // A 3.2 m x 1.5 m x 0.1 m box spinning about its vertical centre line at the origin, the
    // character 1 m out along +x. The blade turns from -0.45 rad (0.035 m clear of the capsule)
    // through the capsule's axis: by 0.6 rad at dt 1/60 (36 rad/s), ending with the axis 0.15 m
    // behind it, and by 2.4 rad at dt 1/15, ending wholly past it. Its blade at +x moves toward
    // its own -z: ahead is -z in the blade's frame.
    for (const Shape kind : {Shape::Box, Shape::MeshBox})
        for (const float dt : {1.0f / 60.0f, 1.0f / 15.0f}) {
            MoverShape m;
            m.kind = kind;
            m.half = {1.6f, 0.75f, 0.05f};
            const float a0 = -0.45f, a1 = a0 + 36.0f * dt;
            const Vec3 pivot{-1, 0.8f + 0.25f, 0};
            const Quat q0 = quat_from_axis_angle({0, 1, 0}, a0), q1 = quat_from_axis_angle({0, 1, 0}, a1);
            INFO(shape_name(kind) << " dt " << dt << " angle " << a0 << " -> " << a1);
            Scene sc(m, pivot, q0);
            CharacterController ch = sc.stand(dt);
            REQUIRE(sc.in_mover(ch.position(), pivot, q0) == 0.0);
            const CharacterMove mv = sc.step(ch, pivot, q1, dt);
            const Vec3 c = ch.position();
            INFO("position " << c.x << ", " << c.y << ", " << c.z << " crushed " << mv.crushed);
            REQUIRE(is_finite(c));
            CHECK(mv.pushed);
            CHECK_FALSE(mv.crushed);
            CHECK(sc.in_mover(c, pivot, q1) <= sc.s.skin_width + 1e-4);
            const DVec3 rel{double(c.x) - pivot.x, 0, double(c.z) - pivot.z};
            const DVec3 along = ref_rotate(q1, {1, 0, 0}), across = ref_rotate(q1, {0, 0, 1});
            CHECK(ddot(rel, along) > 0.0);
            CHECK(ddot(rel, across) <= -(m.half.z + sc.s.radius - sc.s.skin_width) + 1e-4);
            CHECK(c.y - 0.5f * sc.s.height >= -1e-4f);
        }
}

TEST_CASE("World::moved_in lists every mover whose path over the step meets the box, and no other") {
    // 40 boxes (every third a box mesh), half of them moved over the step by up to 6 m and turned
    // by up to 3 rad about a random axis (some only turned, some only translated; a third of them
    // scaled by 0.5 to 2), one moved then
    // teleported, the layers alternating. Reference: the mover's box corners in double at 257 poses
    // along the step (position and scale on their lines, rotation the normalised blend), each pose's bounds
    // tested against the query box shrunk by 1e-3 (what the float boxes may round away).
    Rng rng(0x5eed15);
    for (int round = 0; round < 20; ++round) {
        World w;
        struct Body {
            std::uint32_t id;
            Vec3 half;
            Transform a, b;
            bool moved;
        };
        std::vector<Body> bodies;
        for (int i = 0; i < 40; ++i) {
            Body body;
            body.half = rng.vec(0.02f, 1.5f);
            body.a = Transform{rng.vec(-10, 10), quat_from_axis_angle(rng.direction(), rng.uniform(-3, 3)), 1.0f};
            ObjectOptions o;
            o.layers = 1u << (i % 2);
            if (i % 3 == 0) {
                MeshData m;
                add_box(m, body.half * -1.0f, body.half);
                o.transform = body.a;
                body.id = w.add_mesh(m.positions, m.indices, o).object;
            } else {
                body.id = w.add_box(body.a.position, body.a.rotation, body.half, o.layers).object;
            }
            body.a = w.transform(body.id);
            bodies.push_back(body);
        }
        w.update(1.0f / 60.0f);
        for (Body& body : bodies) {
            body.moved = rng.below(2) == 0;
            body.b = body.a;
            if (!body.moved) continue;
            const int how = rng.below(3);
            if (how != 1) body.b.position = body.a.position + rng.direction() * rng.uniform(0, 6);
            if (how != 0)
                body.b.rotation = quat_mul(quat_from_axis_angle(rng.direction(), rng.uniform(-3, 3)), body.a.rotation);
            if (rng.below(3) == 0) body.b.scale = rng.uniform(0.5f, 2.0f);
            w.set_transform(body.id, body.b);
        }
        w.update(1.0f / 60.0f);
        for (Body& body : bodies) body.b = w.transform(body.id);
        // Moved, then teleported: still over the step.
        w.teleport(bodies[1].id, bodies[1].b);
        bodies[1].moved = false;
        for (int q = 0; q < 50; ++q) {
            const Vec3 c = rng.vec(-12, 12), e = rng.vec(0.1f, 2.0f);
            const AABB box{c - e, c + e};
            const std::uint32_t layers = 1u + static_cast<std::uint32_t>(rng.below(3));
            QueryFilter filter;
            filter.layers = layers;
            std::vector<std::uint32_t> got;
            const std::size_t count = w.moved_in(box, got, filter);
            REQUIRE(count == got.size());
            for (std::size_t i = 0; i < bodies.size(); ++i) {
                const Body& body = bodies[i];
                const bool listed = std::find(got.begin(), got.end(), body.id) != got.end();
                const bool passes = ((1u << (i % 2)) & layers) != 0;
                INFO("round " << round << " query " << q << " body " << i);
                if (!body.moved || !passes) {
                    CHECK_FALSE(listed);
                    continue;
                }
                bool meets = false;
                for (int k = 0; k <= 256 && !meets; ++k) {
                    const double f = k / 256.0;
                    const Quat qa = body.a.rotation, qb = body.b.rotation;
                    const double sgn =
                        double(qa.x) * qb.x + double(qa.y) * qb.y + double(qa.z) * qb.z + double(qa.w) * qb.w < 0 ? -1.0
                                                                                                                  : 1.0;
                    const Quat qf{static_cast<float>((1 - f) * qa.x + f * sgn * qb.x),
                                  static_cast<float>((1 - f) * qa.y + f * sgn * qb.y),
                                  static_cast<float>((1 - f) * qa.z + f * sgn * qb.z),
                                  static_cast<float>((1 - f) * qa.w + f * sgn * qb.w)};
                    const DVec3 centre = d(body.a.position) + (d(body.b.position) - d(body.a.position)) * f;
                    const double scale = body.a.scale + (double(body.b.scale) - body.a.scale) * f;
                    DVec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
                    for (int corner = 0; corner < 8; ++corner) {
                        const DVec3 local{(corner & 1) ? body.half.x : -body.half.x,
                                          (corner & 2) ? body.half.y : -body.half.y,
                                          (corner & 4) ? body.half.z : -body.half.z};
                        const DVec3 p = centre + ref_rotate(qf, local * scale);
                        lo = {std::fmin(lo.x, p.x), std::fmin(lo.y, p.y), std::fmin(lo.z, p.z)};
                        hi = {std::fmax(hi.x, p.x), std::fmax(hi.y, p.y), std::fmax(hi.z, p.z)};
                    }
                    const double m = 1e-3;
                    meets = lo.x < box.max.x - m && hi.x > box.min.x + m && lo.y < box.max.y - m &&
                            hi.y > box.min.y + m && lo.z < box.max.z - m && hi.z > box.min.z + m;
                }
                if (meets) CHECK(listed);
            }
        }
    }
}
