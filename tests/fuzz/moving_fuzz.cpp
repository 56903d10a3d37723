// libFuzzer target: a character on moving geometry (character.hpp: MOVING WORLDS).
//
// The scene: rolling terrain walled in, now and then a still slab above it (a ceiling to be
// crushed against), and one mover — a box mesh, a box, sphere or capsule primitive — driven
// between poses decoded from the bytes (translation, rotation from any four floats the world
// accepts, a scale now and then) with World::set_transform and update(dt) before every character
// move. The character starts on top of the mover (riding), or on the terrain beside it, and walks
// (towards it now and then), jumps and stands still.
//
// Two kinds of input, chosen by the first byte:
//   * CHECKED: positions in range, rotations and dt from the bytes. After every move of a character
//     that started clear of everything, or has been since (measured by brute force:
//     double-precision distances from the capsule's axis to every still triangle, and to the
//     mover's shape placed in double from its pose, tests/core/character_crush_test.cpp's measure;
//     never again once it left the walled arena before it was clear: below the open terrain, seen
//     from outside, is no solid):
//       - its position is finite and is the one reported;
//       - it overlaps still geometry by at most the skin (plus rounding);
//       - it is inside the mover deeper than the skin only on moves reported crushed, however far
//         the mover went or turned in the step (tests/fuzz/corpus/moving/fast-mover-*.bin,
//         pinned-axis-*.bin, fast-turn-*.bin);
//       - its feet are never below the terrain (by the skin at most when crushed and squeezed
//         out, CharacterMove::crushed 2.);
//       - when it stood on the mover and the mover moved, carried_position() is the rigid motion
//         of its feet from previous_transform to transform (double reference), and the move
//         reports carried.
//   * HOSTILE: poses, scales, dt and displacements from floats of every class (NaN, infinities,
//     huge, denormal, zero quaternions), teleports of the mover: no crash, no sanitizer report, no
//     hang, and no NaN position out of finite input.
#include <cstdint>
#include <vector>

#include "capsule_reference.hpp"
#include "character_inputs.hpp"
#include "fuzz_input.hpp"
#include "meshes.hpp"
#include "overlap_reference.hpp"
#include "shototsu/character.hpp"

using namespace shototsu;
using namespace shototsu::fuzz;

namespace {

constexpr float kHalf = 8.0f;  // the walls stand at +-kHalf

enum class Kind : std::uint8_t { MeshBox, Box, Sphere, Capsule };
const char* kind_name(Kind k) {
    switch (k) {
        case Kind::MeshBox: return "box mesh";
        case Kind::Box: return "box";
        case Kind::Sphere: return "sphere";
        case Kind::Capsule: return "capsule";
    }
    return "?";
}

// The mover's shape in its own space: a box of half extents `half` about the origin, a sphere of
// radius `radius`, or a capsule from -axis to +axis of radius `radius`.
struct Shape {
    Kind kind = Kind::MeshBox;
    Vec3 half;
    Vec3 axis;
    float radius = 0.0f;
};

// A quaternion as the bytes give it (any floats) or a unit one from an axis and an angle.
Quat rotation(FuzzInput& in, bool hostile) {
    if (hostile || in.below(4) == 3) return in.quat();
    if (in.flag()) return Quat{};
    return quat_from_axis_angle(in.vec_in(-1, 1), in.in_range(-3.2f, 3.2f));
}

Transform pose(FuzzInput& in, bool hostile) {
    Transform t;
    if (hostile && in.flag())
        t.position = in.vec();
    else
        t.position = {in.in_range(-kHalf, kHalf), in.in_range(-1.5f, 4.0f), in.in_range(-kHalf, kHalf)};
    t.rotation = rotation(in, hostile);
    const std::uint32_t s = in.below(8);
    t.scale = s == 0 ? (hostile ? in.value() : in.in_range(0.5f, 2.0f)) : 1.0f;
    return t;
}

// Where the mover's next leg goes from `now`: a short slide and turn (a lift, a platform, a door),
// to near the character at `near` (to push or pin it), or anywhere.
Transform leg_target(FuzzInput& in, bool hostile, const Transform& now, Vec3 near) {
    Transform t = now;
    switch (in.below(4)) {
        case 0:
        case 1:
            t.position = now.position + in.vec_in(-1.5f, 1.5f);
            t.rotation = in.below(8) == 7
                             ? rotation(in, hostile)
                             : quat_mul(quat_from_axis_angle(in.vec_in(-1, 1), in.in_range(-0.8f, 0.8f)), now.rotation);
            break;
        case 2:
            t.position = near + in.vec_in(-2.5f, 2.5f);
            t.rotation = rotation(in, hostile);
            break;
        default: t = pose(in, hostile); break;
    }
    return t;
}

// The shortest-arc normalised blend of two rotations (in double), and the pose between two.
Quat blend(Quat a, Quat b, float f) {
    const double dotab = double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z + double(a.w) * b.w;
    const double sb = dotab < 0 ? -1.0 : 1.0;
    const double x = (1 - f) * double(a.x) + f * sb * b.x, y = (1 - f) * double(a.y) + f * sb * b.y;
    const double z = (1 - f) * double(a.z) + f * sb * b.z, w = (1 - f) * double(a.w) + f * sb * b.w;
    const double n = std::sqrt(x * x + y * y + z * z + w * w);
    if (!(n > 1e-30) || !std::isfinite(n)) return b;
    return {static_cast<float>(x / n), static_cast<float>(y / n), static_cast<float>(z / n), static_cast<float>(w / n)};
}
Transform between(const Transform& a, const Transform& b, float f) {
    Transform t;
    t.position = a.position + (b.position - a.position) * f;
    t.rotation = blend(a.rotation, b.rotation, f);
    t.scale = a.scale + (b.scale - a.scale) * f;
    return t;
}

test::DVec3 dv(Vec3 v) { return {v.x, v.y, v.z}; }

// The world point of the local point p at pose t, in double.
test::DVec3 place(const Transform& t, test::DVec3 p) {
    return test::ref_rotate(t.rotation, p * double(t.scale)) + dv(t.position);
}

// How deep a capsule (axis p0-p1, radius r) is inside the mover at pose t: r less the distance
// from its axis to the shape, or at least r when the axis meets a solid box.
double mover_penetration(const Shape& shape, const Transform& t, test::DVec3 p0, test::DVec3 p1, double r) {
    double dist = INFINITY;
    switch (shape.kind) {
        case Kind::MeshBox:
        case Kind::Box: {
            test::RefBox b;
            b.c = dv(t.position);
            b.axis[0] = test::ref_rotate(t.rotation, {1, 0, 0});
            b.axis[1] = test::ref_rotate(t.rotation, {0, 1, 0});
            b.axis[2] = test::ref_rotate(t.rotation, {0, 0, 1});
            b.h[0] = double(shape.half.x) * t.scale, b.h[1] = double(shape.half.y) * t.scale;
            b.h[2] = double(shape.half.z) * t.scale;
            if (test::ref_segment_meets_box(p0, p1, b)) return r;
            dist = test::ref_segment_box_distance(p0, p1, b);
            break;
        }
        case Kind::Sphere: {
            const test::DVec3 c = dv(t.position);
            dist = test::ddist(c, test::ref_closest_on_segment(c, p0, p1)) - double(shape.radius) * t.scale;
            break;
        }
        case Kind::Capsule: {
            const test::DVec3 a = place(t, dv(shape.axis * -1.0f)), b = place(t, dv(shape.axis));
            dist = test::ref_segment_distance(p0, p1, a, b) - double(shape.radius) * t.scale;
            break;
        }
    }
    return std::fmax(0.0, r - dist);
}

struct Scene {
    World world, floor_only;
    std::uint32_t still = kNoIndex, slab = kNoIndex, mover = kNoIndex;
    Vec3 slab_lo, slab_hi;
    Shape shape;
    Transform placed;  // the mover's pose as last accepted (what the world normalised it to)
};

// How deep the capsule at c is in still geometry: its radius less the distance from its axis to
// the nearest still triangle, or the radius plus it when its centre is below the terrain, inside
// the slab or inside a wall.
double still_penetration(const Scene& sc, const CharacterSettings& s, Vec3 c) {
    const double half = 0.5 * s.height - s.radius;
    const test::DVec3 p0{c.x, c.y - half, c.z}, p1{c.x, c.y + half, c.z};
    double dist = INFINITY;
    for (const std::uint32_t o : {sc.still, sc.slab}) {
        if (o == kNoIndex) continue;
        for (std::uint32_t k = 0; k < sc.world.triangle_count(o); ++k)
            dist = std::fmin(dist, test::ref_segment_triangle(p0, p1, sc.world.triangle(o, k)).dist);
    }
    bool inside = false;
    const WorldFloor f = sc.floor_only.floor(c.x, c.z, INFINITY);
    if (f.hit && c.y < f.height) inside = true;
    const float ax = std::fabs(c.x), az = std::fabs(c.z);
    if ((ax > kHalf || az > kHalf) && ax < kHalf + 1 && az < kHalf + 1 && c.y > -4.0f && c.y < 8.0f) inside = true;
    if (sc.slab != kNoIndex && c.x > sc.slab_lo.x && c.x < sc.slab_hi.x && c.y > sc.slab_lo.y && c.y < sc.slab_hi.y &&
        c.z > sc.slab_lo.z && c.z < sc.slab_hi.z)
        inside = true;
    return inside ? s.radius + dist : std::fmax(0.0, s.radius - dist);
}

double mover_penetration(const Scene& sc, const CharacterSettings& s, Vec3 c) {
    const double half = 0.5 * s.height - s.radius;
    return mover_penetration(sc.shape, sc.world.transform(sc.mover), {c.x, c.y - half, c.z}, {c.x, c.y + half, c.z},
                             s.radius);
}

bool verbose() {
    static const bool on = std::getenv("SHOTOTSU_FUZZ_VERBOSE") != nullptr;
    return on;
}

void run(FuzzInput& in, bool hostile) {
    Scene sc;
    test::MeshData ground = test::heightfield(8, 2 * kHalf, [](float x, float z) {
        return 0.5f * std::sin(0.5f * x) + 0.4f * std::cos(0.37f * z) + 0.15f * std::sin(1.3f * (x + z));
    });
    test::MeshData m = ground;
    test::add_box(m, {-kHalf - 1, -4, -kHalf - 1}, {-kHalf, 8, kHalf + 1});
    test::add_box(m, {kHalf, -4, -kHalf - 1}, {kHalf + 1, 8, kHalf + 1});
    test::add_box(m, {-kHalf, -4, -kHalf - 1}, {kHalf, 8, -kHalf});
    test::add_box(m, {-kHalf, -4, kHalf}, {kHalf, 8, kHalf + 1});
    sc.still = sc.world.add_mesh(m.positions, m.indices).object;
    if (!sc.floor_only.add_mesh(ground.positions, ground.indices).ok) fail("scene", "add_mesh failed");
    if (in.flag()) {  // a still slab: a ceiling or a beam to be pinned against
        const Vec3 lo{in.in_range(-kHalf, kHalf - 1), in.in_range(0.8f, 4.0f), in.in_range(-kHalf, kHalf - 1)};
        sc.slab_lo = lo;
        sc.slab_hi = lo + Vec3{in.in_range(0.3f, 8), in.in_range(0.1f, 1), in.in_range(0.3f, 8)};
        test::MeshData slab;
        test::add_box(slab, sc.slab_lo, sc.slab_hi);
        sc.slab = sc.world.add_mesh(slab.positions, slab.indices).object;
    }

    // The mover, at its first pose.
    sc.shape.kind = static_cast<Kind>(in.below(4));
    sc.shape.half = {in.in_range(0.1f, 2.5f), in.in_range(0.05f, 1.5f), in.in_range(0.1f, 2.5f)};
    sc.shape.radius = in.in_range(0.1f, 1.5f);
    sc.shape.axis = in.vec_in(-1.5f, 1.5f);
    Transform a = pose(in, false);
    AddResult added;
    switch (sc.shape.kind) {
        case Kind::MeshBox: {
            test::MeshData box;
            test::add_box(box, sc.shape.half * -1.0f, sc.shape.half);
            ObjectOptions o;
            o.transform = a;
            added = sc.world.add_mesh(box.positions, box.indices, o);
            break;
        }
        case Kind::Box: added = sc.world.add_box(a.position, a.rotation, sc.shape.half); break;
        case Kind::Sphere: added = sc.world.add_sphere(a.position, sc.shape.radius); break;
        case Kind::Capsule:
            added = sc.world.add_capsule(a.position - sc.shape.axis, a.position + sc.shape.axis, sc.shape.radius);
            break;
    }
    if (!added.ok) return;  // a rotation the world refuses (zero, or not finite)
    sc.mover = added.object;
    if (sc.shape.kind != Kind::MeshBox && a.scale != 1.0f) sc.world.teleport(sc.mover, a);
    sc.world.update(1.0f / 60.0f);

    const CharacterSettings s = settings_in_range(in);
    const float half = 0.5f * s.height - s.radius;
    Vec3 start;
    if (in.flag()) {  // on top of the mover
        const AABB b = sc.world.bounds(sc.mover);
        const float x = b.min.x + (b.max.x - b.min.x) * in.in_range(0, 1);
        const float z = b.min.z + (b.max.z - b.min.z) * in.in_range(0, 1);
        start = {x, b.max.y + half + s.radius + in.in_range(0.0f, 0.3f), z};
    } else {  // on the terrain, near it
        const Vec3 near = sc.world.transform(sc.mover).position + in.vec_in(-3.0f, 3.0f);
        const float x = clampf(near.x, -kHalf + 0.5f, kHalf - 0.5f), z = clampf(near.z, -kHalf + 0.5f, kHalf - 0.5f);
        const WorldFloor f = sc.floor_only.floor(x, z, INFINITY);
        start = {x, (f.hit ? f.height : 0.0f) + half + s.radius + in.in_range(0.0f, 1.0f), z};
    }
    if (!is_finite(start) || std::fabs(start.x) > kHalf - 0.1f || std::fabs(start.z) > kHalf - 0.1f) return;
    CharacterController ch(sc.world, s, start);

    if (verbose() && sc.slab != kNoIndex)
        std::fprintf(stderr, "slab (%.9g, %.9g, %.9g) to (%.9g, %.9g, %.9g)\n", sc.slab_lo.x, sc.slab_lo.y,
                     sc.slab_lo.z, sc.slab_hi.x, sc.slab_hi.y, sc.slab_hi.z);
    if (verbose())
        std::fprintf(
            stderr,
            "%s mover %s half (%.9g, %.9g, %.9g) radius %.9g axis (%.9g, %.9g, %.9g); slab %d; settings: radius %.9g "
            "height %.9g step %.9g slope %.9g snap %.9g skin %.9g; start (%.9g, %.9g, %.9g)\n",
            hostile ? "hostile" : "checked", kind_name(sc.shape.kind), sc.shape.half.x, sc.shape.half.y,
            sc.shape.half.z, sc.shape.radius, sc.shape.axis.x, sc.shape.axis.y, sc.shape.axis.z, sc.slab != kNoIndex,
            s.radius, s.height, s.step_height, s.max_slope_degrees, s.snap_distance, s.skin_width, start.x, start.y,
            start.z);

    if (verbose()) {
        const Transform t = sc.world.transform(sc.mover);
        std::fprintf(stderr, "mover starts at (%.9g, %.9g, %.9g) q (%.9g, %.9g, %.9g, %.9g) scale %.9g\n", t.position.x,
                     t.position.y, t.position.z, t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w, t.scale);
    }

    // Magnitudes beyond which the brute-force checks are not made (a mover placed or scaled far
    // out of the scene): only no-NaN then.
    auto realistic = [&](Vec3 c) {
        const Transform t = sc.world.transform(sc.mover);
        const float size = (length(sc.shape.half) + sc.shape.radius + length(sc.shape.axis)) * t.scale;
        return length(c) < 1e4f && length(t.position) < 1e4f && size < 1e4f;
    };
    const float tol = 1e-4f;
    auto penetrations = [&](Vec3 c, double& still, double& inside_mover) {
        still = still_penetration(sc, s, c);
        inside_mover = mover_penetration(sc, s, c);
    };
    double still0, mover0;
    penetrations(start, still0, mover0);
    bool clear = still0 <= 0.0 && mover0 <= 0.0, escaped = false;
    if (verbose()) std::fprintf(stderr, "start depths: still %.9g mover %.9g\n", still0, mover0);

    // The mover's path: from pose `from` to pose `to` over `span` steps.
    Transform from = sc.world.transform(sc.mover), to = from;
    std::uint32_t span = 1, at = 1;
    float vy = 0.0f;
    CharacterMove last;
    const std::uint32_t moves = 1 + in.below(48);
    for (std::uint32_t k = 0; k < moves; ++k) {
        const std::uint32_t op = in.below(8);
        if (op == 7 || at >= span + in.below(4)) {  // a new leg (after a pause of up to 3 steps)
            from = sc.world.transform(sc.mover);
            to = leg_target(in, hostile, from, ch.position());
            span = 1 + in.below(24);
            at = 0;
        }
        if (hostile && op == 1) {
            sc.world.teleport(sc.mover, pose(in, true));
        } else if (at < span) {
            ++at;
            sc.world.set_transform(sc.mover, between(from, to, static_cast<float>(at) / static_cast<float>(span)));
        }
        float dt = 1.0f / 60.0f;
        if (in.below(4) == 0) dt = hostile ? in.value() : in.in_range(1.0f / 240.0f, 1.0f / 15.0f);
        sc.world.update(dt);
        const float step_dt = std::isfinite(dt) && dt > 0.0f ? dt : 1.0f / 60.0f;

        // What riding must do: carry the feet rigidly from the ground's pose at the step start to
        // its pose now.
        const bool riding =
            ch.grounded() && last.grounded && last.ground_object == sc.mover && sc.world.moved(sc.mover);
        const Vec3 before = ch.position();
        if (riding && !hostile && realistic(before)) {
            const Transform pa = sc.world.previous_transform(sc.mover), pb = sc.world.transform(sc.mover);
            const test::DVec3 feet{before.x, before.y - 0.5 * s.height, before.z};
            const test::DVec3 local =
                test::ref_rotate(Quat{-pa.rotation.x, -pa.rotation.y, -pa.rotation.z, pa.rotation.w},
                                 feet - dv(pa.position)) *
                (1.0 / pa.scale);
            const test::DVec3 moved = place(pb, local) + test::DVec3{0, 0.5 * s.height, 0};
            const Vec3 got = ch.carried_position();
            const double err = test::dlen(dv(got) - moved);
            const double mag = test::dlen(feet) + test::dlen(dv(pa.position)) + test::dlen(dv(pb.position)) +
                               test::dlen(local) * pb.scale;
            if (!(err <= 4e-6 * mag + 1e-6)) {
                std::fprintf(stderr, "move %u: carried to (%.9g, %.9g, %.9g), rigid motion (%.9g, %.9g, %.9g)\n", k,
                             got.x, got.y, got.z, moved.x, moved.y, moved.z);
                fail("CharacterController::carried_position", "the carried feet are not the ground's rigid motion");
            }
        }

        Vec3 walk = in.vec_in(-6.0f, 6.0f);
        if (in.below(4) == 0) {  // towards the mover
            const Vec3 to_mover = sc.world.transform(sc.mover).position - before;
            walk = normalize_or(Vec3{to_mover.x, 0, to_mover.z}, Vec3{0, 0, 0}) * in.in_range(0.0f, 8.0f);
        } else if (in.below(4) == 0) {
            walk = {0, 0, 0};
        }
        if (in.below(10) == 0) vy = in.in_range(0, 6);  // a jump
        vy -= 9.81f * step_dt;
        Vec3 d{walk.x * step_dt, vy * step_dt, walk.z * step_dt};
        if (hostile && in.below(8) == 0) d = in.vec();
        const CharacterMove mv = ch.move(d, step_dt);
        last = mv;
        if (mv.grounded) vy = 0.0f;
        if (verbose())
            std::fprintf(stderr,
                         "move %u: mover at (%.9g, %.9g, %.9g) q (%.9g, %.9g, %.9g, %.9g) scale %.9g moved %d dt %.9g; "
                         "(%.9g, %.9g, %.9g) "
                         "by (%.9g, %.9g, %.9g) -> "
                         "(%.9g, %.9g, %.9g) grounded %d on %u reason %s carried %d pushed %d crushed %d depth %.3g\n",
                         k, sc.world.transform(sc.mover).position.x, sc.world.transform(sc.mover).position.y,
                         sc.world.transform(sc.mover).position.z, sc.world.transform(sc.mover).rotation.x,
                         sc.world.transform(sc.mover).rotation.y, sc.world.transform(sc.mover).rotation.z,
                         sc.world.transform(sc.mover).rotation.w, sc.world.transform(sc.mover).scale,
                         sc.world.moved(sc.mover), step_dt, before.x, before.y, before.z, d.x, d.y, d.z, mv.position.x,
                         mv.position.y, mv.position.z, mv.grounded, mv.ground_object, ground_reason_name(mv.reason),
                         mv.carried, mv.pushed, mv.crushed, mv.crush_depth);

        const Vec3 c = ch.position();
        if (hostile) {
            if (in.moderate() && (nan(c) || nan(mv.position) || nan(mv.ground_velocity) || std::isnan(mv.yaw_change)))
                fail("CharacterController::move (hostile)", "NaN out of finite input");
            continue;
        }
        if (!is_finite(c) || !same(mv.position, c)) fail("CharacterController::move", "bad position report");
        if (riding && realistic(before) && !mv.carried)
            fail("CharacterController::move", "stood on a moving object and was not carried");
        if (!realistic(c)) continue;
        // Out of the walled arena before it was ever clear (squeezed from a start deep in the slab
        // through a wall thinner than the capsule, which a crush that deep may pass; or, spawned
        // with its axis through the terrain and fallen under it, out past the terrain's edge below
        // the walls' feet): the terrain is an open surface, and below it from outside is no solid,
        // so nothing more is checked.
        const bool beyond_walls = std::fabs(c.x) > kHalf + 1 || std::fabs(c.z) > kHalf + 1;
        const bool under_walls = (std::fabs(c.x) > kHalf || std::fabs(c.z) > kHalf) && c.y <= -4.0f;
        const bool outside = beyond_walls || under_walls;
        if (outside && !clear) escaped = true;
        if (escaped) continue;
        double still, inside_mover;
        penetrations(c, still, inside_mover);
        if (verbose()) std::fprintf(stderr, "  depths: still %.9g mover %.9g; clear %d\n", still, inside_mover, clear);
        if (clear) {
            if (still > s.skin_width + tol) {
                std::fprintf(stderr, "move %u: %.9g into still geometry (skin %.9g)\n", k, still, s.skin_width);
                fail("CharacterController::move", "ended inside still geometry");
            }
            if (inside_mover > s.skin_width + tol && !mv.crushed) {
                std::fprintf(stderr, "move %u: %.9g into the mover (skin %.9g)\n", k, inside_mover, s.skin_width);
                fail("CharacterController::move", "inside the mover on a move not reported crushed");
            }
            // A crushed character squeezed out ahead of its pusher may be left within a skin of
            // everything (CharacterMove::crushed, 2.), the terrain included.
            const WorldFloor f = sc.floor_only.floor(c.x, c.z, INFINITY);
            const float below = mv.crushed ? s.skin_width + tol : tol;
            if (f.hit && !(c.y - half - s.radius >= f.height - below)) {
                std::fprintf(stderr, "move %u: bottom %.9g, terrain %.9g\n", k, c.y - half - s.radius, f.height);
                fail("CharacterController::move", "a character fell below the terrain");
            }
        }
        clear = clear || (still <= tol && inside_mover <= tol);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzInput in(data, size);
    g_input = &in;
    run(in, (in.byte() & 3) == 0);
    return 0;
}
