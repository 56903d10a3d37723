// overlap.hpp, triangles: triangle_sphere (Ericson RTCD 5.1.5; DxLib tutorial (triangle–sphere)) and triangle_capsule.
#include "catch_support.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "overlap_reference.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const Triangle kFloor{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};  // normal +z

double tri_dist(const Triangle& t, Vec3 p) {
    return ddist(d(p), ref_closest_on_triangle(d(p), d(t.a), d(t.b), d(t.c)));
}
double tri_seg_dist(const Triangle& t, Vec3 p, Vec3 q) {
    return ref_segment_triangle_distance(d(p), d(q), d(t.a), d(t.b), d(t.c));
}

// A query point near the triangle: a random affine combination of its vertices (slightly
// outside it too) plus an offset up to the triangle's size.
Vec3 near_point(Rng& rng, const Triangle& t, float size) {
    float u = rng.uniform(-0.3f, 1.3f), v = rng.uniform(-0.3f, 1.3f);
    if (u + v > 1.6f) {
        u = 1.3f - u;
        v = 1.3f - v;
    }
    return t.a + (t.b - t.a) * u + (t.c - t.a) * v + rng.direction() * (size * rng.uniform(0, 1));
}

}  // namespace

TEST_CASE("triangle_sphere: over the face, under it, touching, on the face") {
    const Contact above = triangle_sphere(kFloor, {{1, 1, 0.5f}, 1});
    CHECK(above.normal == Vec3{0, 0, 1});
    CHECK(above.depth == 0.5f);
    CHECK(above.point == Vec3{1, 1, 0});
    const Contact below = triangle_sphere(kFloor, {{1, 1, -0.5f}, 1});
    CHECK(below.normal == Vec3{0, 0, -1});
    CHECK(below.depth == 0.5f);
    const Contact touch = triangle_sphere(kFloor, {{1, 1, 1}, 1});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(is_miss(triangle_sphere(kFloor, {{1, 1, 1.01f}, 1})));
    // Centre on the triangle: the face normal (b - a) x (c - a), depth = radius.
    const Contact on = triangle_sphere(kFloor, {{1, 1, 0}, 1});
    CHECK(on.normal == Vec3{0, 0, 1});
    CHECK(on.depth == 1.0f);
    const Contact on_edge = triangle_sphere(kFloor, {{2, 0, 0}, 0.5f});
    CHECK(on_edge.normal == Vec3{0, 0, 1});
    CHECK(on_edge.depth == 0.5f);
    // The back-facing winding flips the face normal.
    const Contact flipped = triangle_sphere({kFloor.a, kFloor.c, kFloor.b}, {{1, 1, 0}, 1});
    CHECK(flipped.normal == Vec3{0, 0, -1});
}

TEST_CASE("triangle_sphere and triangle_capsule: exactly touching a horizontal triangle's face from above is a hit") {
    // The centre is exactly the radius (12.5) above the plane y = 0, over the face; the face point
    // recomputed in double through a division comes out an ulp from the centre's foot.
    const Triangle t{{-0x1.d8p+3f, 0, -0x1.4p+2f}, {-0x1.bp+3f, 0, 0x1.8p+1f}, {0x1.68p+3f, 0, 0x1.e8p+3f}};
    const Vec3 center{-0x1.fcp+2f, 0x1.9p+3f, 0x1.08p+1f};
    const Contact s = triangle_sphere(t, {center, 0x1.9p+3f});
    REQUIRE(s.hit);
    CHECK(s.depth == 0.0f);
    CHECK(s.normal == Vec3{0, 1, 0});
    CHECK(s.point.y == Approx(0).margin(1e-6));
    // An upright capsule standing on the same point.
    const Contact c = triangle_capsule(t, {center, center + Vec3{0, 4, 0}, 0x1.9p+3f});
    REQUIRE(c.hit);
    CHECK(c.depth == 0.0f);
    CHECK(c.normal == Vec3{0, 1, 0});
}

TEST_CASE("triangle_sphere: beside an edge and a vertex the normal points from the closest point to the centre") {
    const Contact edge = triangle_sphere(kFloor, {{2, -1, 0}, 1.5f});
    CHECK(edge.point == Vec3{2, 0, 0});
    CHECK(edge.normal == Vec3{0, -1, 0});
    CHECK(edge.depth == 0.5f);
    const Contact vertex = triangle_sphere(kFloor, {{-1, -1, 0}, 2});
    CHECK(vertex.point == Vec3{0, 0, 0});
    const float k = std::sqrt(0.5f);
    check_vec(vertex.normal, {-k, -k, 0});
    CHECK(vertex.depth == Approx(2 - std::sqrt(2.0f)));
    const Contact slant = triangle_sphere(kFloor, {{3, 3, 1}, 2});  // beyond BC, above the plane
    check_vec(slant.point, {2, 2, 0});
    check_vec(slant.normal, Vec3{1, 1, 1} * (1 / std::sqrt(3.0f)));
}

TEST_CASE(
    "triangle_sphere and triangle_capsule: a centre exactly on a slanted edge gets the face normal, not rounding "
    "noise") {
    // on_edge lies exactly on edge AB (checked in exact rational arithmetic), but its double
    // projection onto AB misses by ~1e-15, mostly along AB, and its height over the plane comes
    // out as +-1e-16 (+ for the first third vertex, - for the second): tol::kCoincidentRel.
    const Vec3 a{-5.218812942504883f, -0.7055842876434326f, 2.2984702587127686f};
    const Vec3 b{8.481184959411621f, 2.2109413146972656f, -4.364789962768555f};
    const Vec3 on_edge{-0.08131372928619385f, 0.3881128132343292f, -0.20025232434272766f};
    for (const Vec3 c : {Vec3{0, 0, 5}, Vec3{2, -3, 1}}) {
        const Triangle t{a, b, c};
        const Vec3 face = normalize_or(triangle_normal_unnormalized(t), {});
        const Contact s = triangle_sphere(t, {on_edge, 0.5f});
        REQUIRE(s.hit);
        check_vec(s.normal, face);
        CHECK(s.depth == Approx(0.5f).margin(1e-6));
        // Standing on the edge: pushed up by its radius.
        const Contact up = triangle_capsule(t, {on_edge, on_edge + face * 2.0f, 0.5f});
        REQUIRE(up.hit);
        check_vec(up.normal, face);
        CHECK(up.depth == Approx(0.5f).margin(1e-6));
        // Hanging below from the edge: the start is on the plane, so the end's side decides.
        const Contact under = triangle_capsule(t, {on_edge, on_edge - face * 2.0f, 0.5f});
        REQUIRE(under.hit);
        check_vec(under.normal, -face);
        CHECK(under.depth == Approx(0.5f).margin(1e-6));
    }
}

TEST_CASE("triangle_sphere: degenerate triangles use their segment, its perpendicular nearest +Y, or +Y") {
    const Triangle line{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}};
    const Contact beside = triangle_sphere(line, {{1, 0, 0.5f}, 1});
    CHECK(beside.normal == Vec3{0, 0, 1});
    CHECK(beside.depth == 0.5f);
    const Contact on = triangle_sphere(line, {{3, 0, 0}, 1});
    CHECK(on.normal == Vec3{0, 1, 0});
    CHECK(on.depth == 1.0f);
    const Contact vertical = triangle_sphere({{0, 0, 0}, {0, 1, 0}, {0, 3, 0}}, {{0, 2, 0}, 1});
    CHECK(vertical.normal == Vec3{1, 0, 0});
    const Contact point = triangle_sphere({{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, {{1, 1, 1}, 0.5f});
    CHECK(point.normal == Vec3{0, 1, 0});
    CHECK(point.depth == 0.5f);
    const Contact repeated = triangle_sphere({{0, 0, 0}, {0, 0, 0}, {0, 0, 2}}, {{0.5f, 0, 1}, 1});
    CHECK(repeated.normal == Vec3{1, 0, 0});
    CHECK(repeated.depth == 0.5f);
}

TEST_CASE("triangle_sphere and triangle_capsule: invalid input misses") {
    CHECK(is_miss(triangle_sphere(kFloor, {{kNaN, 0, 0}, 1})));
    CHECK(is_miss(triangle_sphere({{0, 0, kNaN}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, 0}, 1})));
    CHECK(is_miss(triangle_sphere(kFloor, {{1, 1, 0}, -1})));
    CHECK(is_miss(triangle_capsule(kFloor, {{1, 1, 0}, {1, 1, kNaN}, 1})));
    CHECK(is_miss(triangle_capsule(kFloor, {{1, 1, 0}, {1, 2, 0}, std::numeric_limits<float>::infinity()})));
}

TEST_CASE("triangle_capsule: lying above the face, beside an edge, touching") {
    const Contact flat = triangle_capsule(kFloor, {{1, 1, 0.5f}, {2, 1, 0.5f}, 1});
    CHECK(flat.normal == Vec3{0, 0, 1});
    CHECK(flat.depth == 0.5f);
    CHECK(flat.point.z == 0.0f);
    const Contact edge = triangle_capsule(kFloor, {{2, -1, -1}, {2, -1, 1}, 1.5f});
    check_vec(edge.normal, {0, -1, 0});
    CHECK(edge.depth == Approx(0.5f));
    check_vec(edge.point, {2, 0, 0});
    const Contact touch = triangle_capsule(kFloor, {{1, 1, 1}, {2, 1, 1}, 1});
    CHECK(touch.hit);
    CHECK(touch.depth == 0.0f);
    CHECK(is_miss(triangle_capsule(kFloor, {{1, 1, 1.01f}, {2, 1, 1.01f}, 1})));
}

TEST_CASE("triangle_capsule: an axis through the face pushes toward the start's side, by the lower end's depth") {
    const Contact down = triangle_capsule(kFloor, {{1, 1, 1}, {1, 1, -0.5f}, 0.25f});
    CHECK(down.normal == Vec3{0, 0, 1});
    CHECK(down.depth == 0.75f);  // the end must rise 0.5 to the plane, then the radius
    CHECK(down.point == Vec3{1, 1, 0});
    const Contact up = triangle_capsule(kFloor, {{1, 1, -1}, {1, 1, 0.5f}, 0.25f});
    CHECK(up.normal == Vec3{0, 0, -1});
    CHECK(up.depth == 0.75f);
    // Moving by that depth leaves the capsule touching the triangle.
    const Contact after = triangle_capsule(kFloor, {{1, 1, 1.75f}, {1, 1, 0.25f}, 0.25f});
    CHECK(after.hit);
    CHECK(after.depth == 0.0f);
    // An axis lying in the triangle's plane across it: the front face, depth = radius.
    const Contact coplanar = triangle_capsule(kFloor, {{-1, 1, 0}, {5, 1, 0}, 0.1f});
    CHECK(coplanar.normal == Vec3{0, 0, 1});
    CHECK(coplanar.depth == 0.1f);
}

TEST_CASE("triangle_capsule: zero-length capsules are spheres, degenerate triangles are segments") {
    Rng rng(21);
    for (int i = 0; i < 2000; ++i) {
        const Triangle t = make_triangle(rng, pick_kind(rng));
        const Sphere s{rng.vec(-1, 1), rng.uniform(0, 1)};
        REQUIRE(same_bits(triangle_capsule(t, {s.center, s.center, s.radius}), triangle_sphere(t, s)));
    }
    // A capsule crossing a collinear triangle at right angles: perpendicular to both, up.
    const Contact cross = triangle_capsule({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, {{1, 0, -1}, {1, 0, 1}, 0.5f});
    CHECK(cross.normal == Vec3{0, 1, 0});
    CHECK(cross.depth == 0.5f);
    const Contact beside = triangle_capsule({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, {{1, 0.25f, -1}, {1, 0.25f, 1}, 0.5f});
    check_vec(beside.normal, {0, 1, 0});
    CHECK(beside.depth == 0.25f);
}

TEST_CASE("triangle_sphere: 10^5 seeded cases against the double closest-point reference") {
    // Reference: ref_closest_on_triangle (plane projection or nearest edge, in double). tol: 8
    // float steps of the largest coordinate, plus, for triangles the library treats as zero-area,
    // the height it ignores (tol::kDegenerateSinSq: 1e-8 of the longest edge).
    Rng rng(0x7121);
    int compared = 0, hits = 0;
    for (int i = 0; i < 100000; ++i) {
        const Triangle t = make_triangle(rng, pick_kind(rng), rng.log_uniform(1e-3f, 1e4f));
        const float size = std::fmax(triangle_scale(t), 1e-3f);
        const Sphere s{near_point(rng, t, size), rng.below(20) ? rng.uniform(0, size) : 0.0f};
        const Contact c = triangle_sphere(t, s);
        const DVec3 ref_point = ref_closest_on_triangle(d(s.center), d(t.a), d(t.b), d(t.c));
        const double ref = ddist(d(s.center), ref_point);
        const bool degenerate = closest_point_on_triangle(s.center, t).degenerate;
        const double tol = 8 * kFloatEps * std::fmax(magnitude({t.a, t.b, t.c, s.center}), s.radius) +
                           (degenerate ? 1e-8 * triangle_scale(t) : 0.0);
        INFO("case " << i << " ref " << ref << " r " << s.radius << " depth " << c.depth);
        if (std::fabs(ref - s.radius) <= tol) continue;
        ++compared;
        REQUIRE(c.hit == (ref < s.radius));
        if (!c.hit) {
            REQUIRE(is_miss(c));
            continue;
        }
        ++hits;
        REQUIRE(std::fabs(c.depth - (s.radius - ref)) <= tol);
        REQUIRE(ddist(d(c.point), ref_point) <= tol);
        REQUIRE(std::fabs(length(c.normal) - 1.0f) <= 1e-6f);
        const double delta = 16 * tol;
        REQUIRE(tri_dist(t, s.center + c.normal * float(c.depth + delta)) > s.radius);
        if (c.depth > delta) REQUIRE(tri_dist(t, s.center + c.normal * float(c.depth - delta)) < s.radius);
    }
    CHECK(compared > 99000);
    CHECK(hits > 30000);
    CHECK(compared - hits > 20000);
}

TEST_CASE("triangle_capsule: 10^5 seeded cases against the double segment-triangle reference") {
    // Reference: 0 when the segment passes through the triangle (signed volumes), else the
    // least of its ends against the triangle and it against the three edges, in double.
    Rng rng(0x7122);
    int compared = 0, hits = 0, crossing = 0;
    for (int i = 0; i < 100000; ++i) {
        const Triangle t = make_triangle(rng, pick_kind(rng), rng.log_uniform(1e-3f, 1e4f));
        const float size = std::fmax(triangle_scale(t), 1e-3f);
        Capsule cap{near_point(rng, t, size), {}, rng.below(20) ? rng.uniform(0, size) : 0.0f};
        cap.end = cap.start + rng.vec(-size, size);
        if (rng.below(4) == 0) {  // through a point of the triangle
            const Vec3 x = near_point(rng, t, 0.0f), dir = rng.vec(-size, size);
            cap.start = x - dir * rng.uniform(0, 1);
            cap.end = x + dir * rng.uniform(0, 1);
        }
        const Contact c = triangle_capsule(t, cap);
        const double ref = tri_seg_dist(t, cap.start, cap.end);
        const bool degenerate = closest_point_on_triangle(cap.start, t).degenerate;
        const double tol = 8 * kFloatEps * std::fmax(magnitude({t.a, t.b, t.c, cap.start, cap.end}), cap.radius) +
                           (degenerate ? 1e-8 * triangle_scale(t) : 0.0);
        INFO("case " << i << " ref " << ref << " r " << cap.radius << " depth " << c.depth);
        if (std::fabs(ref - cap.radius) <= tol) continue;
        ++compared;
        REQUIRE(c.hit == (ref < cap.radius));
        if (!c.hit) {
            REQUIRE(is_miss(c));
            continue;
        }
        ++hits;
        REQUIRE(std::fabs(length(c.normal) - 1.0f) <= 1e-6f);
        REQUIRE(tri_dist(t, c.point) <= tol);  // on the triangle
        const double delta = 16 * tol;
        const Vec3 up = c.normal * float(c.depth + delta);
        REQUIRE(tri_seg_dist(t, cap.start + up, cap.end + up) > cap.radius);
        if (ref > tol) {
            // Apart axes: the depth is exact, and moving less still overlaps.
            REQUIRE(std::fabs(c.depth - (cap.radius - ref)) <= tol);
            if (c.depth > delta) {
                const Vec3 less = c.normal * float(c.depth - delta);
                REQUIRE(tri_seg_dist(t, cap.start + less, cap.end + less) < cap.radius);
            }
        } else {
            ++crossing;
            REQUIRE(c.depth >= cap.radius - ref - tol);  // the axis itself must leave the triangle
        }
    }
    // Skipped: ~1.5% — zero-radius capsules whose axis passes through the triangle, where the
    // distance (0) equals the radius and touching is all there is.
    CHECK(compared > 98000);
    CHECK(hits > 30000);
    CHECK(crossing > 10000);
}

TEST_CASE("triangle_capsule: just beyond reach over a face, outside an edge, nearly parallel to an edge") {
    // The cases a separating axis settles before the full test (both ends beyond the radius on
    // one side of the plane, or outside one edge within it), at the edge of that margin, with the
    // axis nearly parallel to an edge and with slivers; the double reference decides them.
    Rng rng(0x5ea7);
    int compared = 0, hits = 0, misses = 0;
    for (int i = 0; i < 60000; ++i) {
        const float scale = rng.log_uniform(1e-2f, 1e3f);
        Triangle t{rng.vec(-scale, scale), rng.vec(-scale, scale), rng.vec(-scale, scale)};
        if (i % 5 == 1) t.b = t.a + (t.b - t.a) * 1e-3f;        // a sliver: one edge a thousandth
        if (i % 5 == 2) t.a.y = t.b.y = t.c.y = 0.25f * scale;  // flat, under a vertical capsule
        const Vec3 n = normalize_or(cross(t.b - t.a, t.c - t.a), Vec3{0, 1, 0});
        const float r = rng.uniform(0.01f, 0.5f) * scale;
        // The distance the capsule is put at: within a millionth of r, or well apart.
        const float gap = rng.below(2) ? r * (1.0f + rng.uniform(-1e-6f, 1e-6f)) : r * rng.uniform(0.5f, 2.0f);
        Vec3 start, end;
        const Vec3 foot = near_point(rng, t, 0.0f);
        switch (i % 3) {
            case 0: {  // over the face (or beside it): both ends `gap` above the plane
                const Vec3 along = normalize_or(t.b - t.a, Vec3{1, 0, 0});
                start = foot + n * gap;
                end = start + along * rng.uniform(0, scale);
                if (i % 5 == 2) end = start + Vec3{0, scale, 0};
                break;
            }
            case 1: {  // outside edge ab within the plane, the axis along it (nearly parallel)
                const Vec3 e = t.b - t.a;
                const Vec3 out = normalize_or(cross(e, n), Vec3{1, 0, 0});
                start = t.a + e * rng.uniform(-0.5f, 1.5f) + out * gap;
                end = start + e * (1.0f + rng.uniform(-1e-6f, 1e-6f)) + n * (rng.uniform(-1e-7f, 1e-7f) * scale);
                break;
            }
            default: {  // anywhere near, any direction
                start = foot + rng.direction() * gap;
                end = start + rng.vec(-scale, scale);
            }
        }
        const Capsule cap{start, end, r};
        const Contact c = triangle_capsule(t, cap);
        const double ref = tri_seg_dist(t, cap.start, cap.end);
        const double tol = 8 * kFloatEps * std::fmax(magnitude({t.a, t.b, t.c, cap.start, cap.end}), cap.radius);
        INFO("case " << i << " ref " << ref << " r " << cap.radius << " depth " << c.depth);
        if (std::fabs(ref - cap.radius) <= tol) continue;
        ++compared;
        REQUIRE(c.hit == (ref < cap.radius));
        if (c.hit) {
            ++hits;
            if (ref > tol) REQUIRE(std::fabs(c.depth - (cap.radius - ref)) <= 16 * tol);  // apart axes: exact depth
        } else {
            ++misses;
            REQUIRE(is_miss(c));
        }
    }
    CHECK(compared > 40000);
    CHECK(hits > 5000);
    CHECK(misses > 10000);
}
