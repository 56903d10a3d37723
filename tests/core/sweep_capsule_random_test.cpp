// sweep.hpp: sweep_capsule_triangle against an independent reference — the first root of
// dist(axis(t), triangle) - r found by time-stepping, golden-section polishing and bisection
// (sweep_reference.hpp) on a segment–triangle distance built from candidates
// (capsule_reference.hpp) — on 10^5 seeded cases with awkward triangles, capsules lying along
// an edge, zero-length capsules, zero radii, long and grazing motions.
#include "catch_support.hpp"

#include <cmath>

#include "capsule_reference.hpp"
#include "sweep_detail.hpp"
#include "sweep_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

// Another entry's answer to the same sweep: the same bits.
void require_same_hit(const SweepHit& other, const SweepHit& h) {
    REQUIRE(other.hit == h.hit);
    REQUIRE(same_bits(other.t, h.t));
    REQUIRE(same_bits(other.point, h.point));
    REQUIRE(same_bits(other.normal, h.normal));
    REQUIRE(same_bits(other.contact, h.contact));
}

// One case against the reference. Tolerances, all lengths:
//   band: the touching band kSweepContactSlop (1e-6 of max(|axis end|, r)) twice over, the
//         rounding cushion (1e-10 of the scale, here 1e-9 of the largest coordinate) and, for
//         zero-area triangles, the 1e-8 L height that the library's policy ignores; cases whose
//         start or closest approach is within `band` of touching may go either way.
//   ftol: float32 rounding of the returned points (4 ulps of the coordinates).
void check_case(int i, const Capsule& cap, Vec3 motion, const Triangle& tri, SweepTally& tally) {
    const SweepHit h = sweep_capsule_triangle(cap, motion, tri);
    const DCapsuleMotion m(cap, motion);
    const double r = cap.radius;
    const auto dist = [&](double t) { return ref_segment_triangle_distance(m.a(t), m.b(t), tri); };
    const double mag = dmagnitude({cap.start, cap.end, cap.start + motion, cap.end + motion, tri.a, tri.b, tri.c});
    const double band = 2e-6 * std::fmax(dmagnitude({cap.start, cap.end}), r) + 1e-9 * mag + 2e-8 * triangle_scale(tri);
    const double ftol = 4 * kFloatEps * mag;
    const RefContact ref = ref_first_contact(dist, r);
    INFO("case " << i << " r " << r << " ref hit " << ref.hit << " t " << ref.t << " min gap " << ref.min_gap
                 << " start gap " << dist(0.0) - r << " | got hit " << h.hit << " t " << h.t);
    INFO(std::hexfloat << "start " << cap.start.x << ' ' << cap.start.y << ' ' << cap.start.z << " end " << cap.end.x
                       << ' ' << cap.end.y << ' ' << cap.end.z << " motion " << motion.x << ' ' << motion.y << ' '
                       << motion.z << " a " << tri.a.x << ' ' << tri.a.y << ' ' << tri.a.z << " b " << tri.b.x << ' '
                       << tri.b.y << ' ' << tri.b.z << " c " << tri.c.x << ' ' << tri.c.y << ' ' << tri.c.z);
    REQUIRE(std::isfinite(h.t));
    REQUIRE(is_finite(h.point));
    // The fast path for a lower end meeting a face changes nothing: the full search agrees bit
    // for bit.
    require_same_hit(detail::sweep_capsule_triangle_exhaustive(cap, motion, tri), h);
    // Clearly free at the start: the entry for callers that know it (the character's cache) gives
    // the same answer bit for bit.
    if (dist(0.0) - r > band) require_same_hit(detail::sweep_capsule_triangle_free_start(cap, motion, tri), h);
    const DVec3 centre0 = (m.start + m.end) * 0.5;
    const bool clear = std::fabs(ref.min_gap) > band && std::fabs(dist(0.0) - r) > band;
    if (!clear) ++tally.banded;
    if (clear) REQUIRE(h.hit == ref.hit);
    if (!h.hit) {
        REQUIRE(h.t == 1.0f);
        REQUIRE(ddist(d(h.point), centre0 + m.delta) <= ftol);
        REQUIRE(h.normal == Vec3{0, 0, 0});
        if (clear) ++tally.misses;
        return;
    }
    REQUIRE(h.t >= 0.0f);
    REQUIRE(h.t <= 1.0f);
    // The safety property: no sampled time before the reported one is in contact.
    double closest_before = INFINITY;
    for (int k = 0; k < kRefSteps && h.t > 0.0f; ++k)
        closest_before = std::fmin(closest_before, dist(h.t * k / double(kRefSteps)));
    REQUIRE(closest_before >= r - band);
    if (ref.hit) REQUIRE(h.t <= ref.t + 1e-12);  // never later than the first contact
    REQUIRE(std::fabs(dlen(d(h.normal)) - 1.0) <= 1e-6);
    REQUIRE(ref_point_triangle_distance(d(h.contact), tri) <= ftol + band);  // the contact is on the triangle
    REQUIRE(ddist(d(h.point), centre0 + m.delta * h.t) <= ftol);
    // The contact is a radius from the axis at t, and the normal points from it toward the axis.
    const DVec3 axis_point = ref_closest_on_segment(d(h.contact), m.a(h.t), m.b(h.t));
    const double sep = ddist(axis_point, d(h.contact));
    if (h.t == 0.0f) {
        REQUIRE(dist(0.0) <= r + band);
        if (clear) ++tally.starts;
    } else {
        if (clear) ++tally.hits;
        // At the reported time the capsule touches: t was rounded down by at most one float ulp.
        REQUIRE(std::fabs(dist(h.t) - r) <= band + kFloatEps * m.length());
        REQUIRE(std::fabs(sep - r) <= band + ftol + kFloatEps * m.length());
    }
    if (sep > 1e3 * (band + ftol)) {  // the direction from the contact to the axis is meaningful
        const DVec3 dir = (axis_point - d(h.contact)) * (1.0 / sep);
        REQUIRE(dlen(d(h.normal) - dir) <= 2.0 * (band + ftol + kFloatEps * m.length()) / sep + 1e-6);
    }
    if (clear && ref.hit && ref.t > 0.0) {
        const double g0 = dist(ref.t), g1 = dist(std::fmax(0.0, ref.t - 1e-6));
        const double approach = (g1 - g0) / 1e-6;  // how fast the gap closes at the contact
        if (approach > 0.1 * m.length()) tally.worst_t = std::fmax(tally.worst_t, (ref.t - h.t) * approach / mag);
    }
}

// The capsule's axis, as a vector: zero, along one of the triangle's edges (parallel up to
// float rounding), in the triangle's plane, or any direction.
Vec3 pick_axis(Rng& rng, const Triangle& t, float size) {
    const int mode = rng.below(10);
    const float len = rng.log_uniform(1e-2f, 3.0f) * size;
    if (mode == 0) return {0, 0, 0};
    if (mode == 1) {
        const int e = rng.below(3);
        const Vec3 edge = e == 0 ? t.b - t.a : (e == 1 ? t.c - t.b : t.a - t.c);
        const float el = length(edge);
        if (el > 0.0f) return edge * (len / el);
    }
    if (mode == 2) {
        const Vec3 in_plane = (t.b - t.a) * rng.uniform(-1, 1) + (t.c - t.a) * rng.uniform(-1, 1);
        const float l = length(in_plane);
        if (l > 0.0f) return in_plane * (len / l);
    }
    return rng.direction() * len;
}

SweepTally random_cases(std::uint64_t seed, int count, bool long_and_grazing) {
    SweepTally tally;
    Rng rng(seed);
    for (int i = 0; i < count; ++i) {
        Vec3 axis;
        float along = 0.0f;  // which point of the axis aims at the target
        const AimedSweep c = aimed_sweep(rng, long_and_grazing, [&](const Triangle& tri, float size) {
            axis = pick_axis(rng, tri, size);
            along = rng.uniform(0, 1);
        });
        const Capsule cap{c.aim - axis * along, c.aim + axis * (1.0f - along), c.r};
        const Vec3 motion = rng.below(30) == 0 ? Vec3{0, 0, 0} : c.dir * c.len;
        check_case(i, cap, motion, c.tri, tally);
    }
    return tally;
}

}  // namespace

TEST_CASE("sweep_capsule_triangle: 5 x 10^4 seeded general cases agree with a time-stepping reference") {
    check_tally("general", random_cases(0xCA95, 50000, false), true);
}

TEST_CASE("sweep_capsule_triangle: 5 x 10^4 seeded long and grazing motions agree with a time-stepping reference") {
    check_tally("long/grazing", random_cases(0xCA96, 50000, true), false);
}

TEST_CASE(
    "sweep_capsule_triangle: 10^5 seeded upright capsules walking onto floor-like triangles, contacts near edges and "
    "grazing: the fast path equals the full search") {
    // Where the fast path for a lower end meeting a face applies most: a character's capsule
    // (upright, its bottom end first) moving mostly sideways onto triangles tilted up to 60
    // degrees, aimed at points near the edges and vertices (inside and outside, within a few
    // margins of the boundary) and at grazing approach.
    Rng rng(0xFA57);
    int face_hits = 0, near_edge = 0;
    for (int i = 0; i < 100000; ++i) {
        const float size = rng.log_uniform(0.05f, 20.0f);
        const Vec3 c0 = rng.vec(-30, 30);
        // A triangle around c0, its normal within 60 degrees of +y (either winding).
        Vec3 n = rng.direction();
        n.y = std::fabs(n.y) + 1.0f;
        n = normalize_or(n, Vec3{0, 1, 0});
        const Vec3 t1 = normalize_or(cross(n, Vec3{1, 0, 0.3f}), Vec3{1, 0, 0}), t2 = cross(n, t1);
        Vec3 v[3];
        for (int k = 0; k < 3; ++k) {
            const float ang = rng.uniform(0, 6.2831853f);
            v[k] = c0 + (t1 * det_cos(ang) + t2 * det_sin(ang)) * (size * rng.uniform(0.2f, 1.0f));
        }
        const Triangle tri = rng.below(2) ? Triangle{v[0], v[1], v[2]} : Triangle{v[0], v[2], v[1]};
        // A target on an edge (or a vertex), nudged in or out by up to a few 1e-4 of the size.
        const int e = rng.below(3);
        const float w = rng.below(8) == 0 ? float(rng.below(2)) : rng.uniform(0, 1);
        const Vec3 centroid = (v[0] + v[1] + v[2]) * (1.0f / 3.0f);
        Vec3 target = v[e] + (v[(e + 1) % 3] - v[e]) * w;
        target = target + (centroid - target) * rng.uniform(-4e-4f, 4e-4f) * float(rng.below(4) != 0);
        near_edge += 1;
        const float r = rng.log_uniform(0.01f, 0.5f) * size;
        const float half = rng.uniform(0.0f, 2.0f) * r + 1e-3f * size;
        // Sideways, slightly into the plane (grazing sometimes).
        const Vec3 side = normalize_or(cross(n, rng.direction()), t1);
        const float dip = rng.below(3) == 0 ? rng.log_uniform(1e-6f, 1e-3f) : rng.uniform(0.01f, 0.8f);
        const Vec3 dir = normalize_or(side - n * dip, side);
        const float len = rng.log_uniform(0.02f, 2.0f) * size;
        const Vec3 bottom = target + n * r - dir * (len * rng.uniform(0.05f, 1.0f));
        const Capsule cap{bottom, bottom + Vec3{0, 2 * half, 0}, r};
        const Vec3 motion = dir * len;
        const SweepHit h = sweep_capsule_triangle(cap, motion, tri);
        INFO("case " << i);
        require_same_hit(detail::sweep_capsule_triangle_exhaustive(cap, motion, tri), h);
        face_hits +=
            h.hit && h.t > 0.0f &&
            std::fabs(dot(h.normal, normalize_or(cross(tri.b - tri.a, tri.c - tri.a), Vec3{0, 0, 0}))) > 0.99999f;
    }
    WARN("upright onto floors: " << face_hits << " face hits of " << near_edge << " cases aimed at edges");
    CHECK(face_hits > 20000);
}

TEST_CASE(
    "sweep_capsule_triangle: 4 x 10^4 seeded upright capsules onto box faces (floors, walls, ceilings), aimed at their "
    "edges: the fast path equals the full search and the reference") {
    // A character walking or dropping onto the faces of boxes: axis-aligned triangles, flat along
    // their normal's axis, met by an upright capsule moving sideways, straight along the normal or
    // at an angle, aimed inside, on or just outside an edge or a vertex.
    Rng rng(0xB0F5);
    SweepTally tally;
    int face_hits = 0;
    for (int i = 0; i < 40000; ++i) {
        const BoxFaceAim aim = box_face_aim(rng);
        const int axis = aim.axis;
        const float size = aim.size;
        const Triangle& tri = aim.tri;
        const Vec3 target = aim.target;
        const float r = rng.log_uniform(0.01f, 0.5f) * size;
        const float half = rng.uniform(0.0f, 2.0f) * r + 1e-3f * size;
        Vec3 n{0, 0, 0};
        add_to_axis(n, axis, rng.below(2) ? 1.0f : -1.0f);
        const int kind = rng.below(3);
        const Vec3 side = normalize_or(cross(n, rng.direction()), Vec3{1, 0, 0});
        const Vec3 dir =
            kind == 0 ? -n
                      : normalize_or(kind == 1 ? side - n * rng.uniform(0.01f, 0.8f) : rng.direction() - n * 1.5f, -n);
        const float len = rng.log_uniform(0.02f, 2.0f) * size;
        // The end nearest the face (below a floor's capsule, above a ceiling's) touches the target.
        const Vec3 up{0, 2 * half, 0};
        const Vec3 lead = target + n * r - dir * (len * rng.uniform(0.05f, 1.2f));
        const Capsule cap = n.y < 0.0f ? Capsule{lead - up, lead, r} : Capsule{lead, lead + up, r};
        const Vec3 motion = dir * len;
        check_case(i, cap, motion, tri, tally);
        const SweepHit h = sweep_capsule_triangle(cap, motion, tri);
        face_hits += h.hit && h.t > 0.0f && std::fabs(dot(h.normal, n)) == 1.0f;
    }
    check_tally("box faces", tally, false);
    CHECK(face_hits > 10000);
}

TEST_CASE(
    "sweep_capsule_triangle: 2 x 10^4 seeded capsules put exactly in touch hit at t = 0 when approaching and are free "
    "when moving away") {
    // Each capsule is moved along the reference's closest-point direction n0 until its distance
    // is r (translating convex sets apart or together along n0 changes their distance by exactly
    // the translation; the float rounding of the moved ends is far inside the touching band).
    // The distance along the motion is convex, so a motion with d . n0 > 0 never comes closer.
    Rng rng(0x70C4);
    int approaching = 0, leaving = 0;
    for (int i = 0; i < 20000; ++i) {
        const TriangleKind kind = rng.below(5) == 0 ? pick_kind(rng) : TriangleKind::Random;
        const float scale = rng.log_uniform(1e-2f, 1e3f);
        const Triangle tri = make_triangle(rng, kind == TriangleKind::Huge ? TriangleKind::Random : kind, scale);
        const float size = std::fmax(triangle_scale(tri), 1e-3f * scale);
        const float r = rng.log_uniform(1e-2f, 1.0f) * size;
        const Vec3 axis = pick_axis(rng, tri, size);
        const Vec3 aim = pick_target(rng, tri) + rng.direction() * (size * rng.uniform(0.2f, 2.0f));
        Capsule cap{aim - axis * 0.5f, aim + axis * 0.5f, r};
        const RefSegmentTriangle g = ref_segment_triangle(d(cap.start), d(cap.end), tri);
        if (!(g.dist > 1e-3 * size)) continue;  // no clear direction
        const DVec3 n0 = (g.on_segment - g.on_triangle) * (1.0 / g.dist);
        const DVec3 shift = n0 * (r - g.dist);
        cap.start = fv3(d(cap.start) + shift);  // one rounding, half an ulp of the new position
        cap.end = fv3(d(cap.end) + shift);
        const double gap = ref_segment_triangle_distance(d(cap.start), d(cap.end), tri) - r;
        const double band = 1e-6 * std::fmax(dmagnitude({cap.start, cap.end}), r);
        REQUIRE(std::fabs(gap) <= 0.5 * band);
        const Vec3 dir = rng.direction();
        const double along = ddot(d(dir), n0);
        if (std::fabs(along) < 0.05) continue;  // nearly tangential: either answer is honest
        const Vec3 motion = dir * (size * rng.log_uniform(1e-3f, 2.0f));
        const SweepHit h = sweep_capsule_triangle(cap, motion, tri);
        INFO("case " << i << " along " << along << " gap " << gap);
        if (along < 0.0) {
            ++approaching;
            REQUIRE(h.hit);
            REQUIRE(h.t == 0.0f);
            REQUIRE(h.point == (cap.start + cap.end) * 0.5f);
            // The normal leads from the contact to the nearest axis point; near-ties between
            // closest pairs (several within the band) may turn it a little away from n0.
            const DVec3 axis_point = ref_closest_on_segment(d(h.contact), d(cap.start), d(cap.end));
            const DVec3 toward = axis_point - d(h.contact);
            const double ftol = 8 * kFloatEps * dmagnitude({cap.start, cap.end, tri.a, tri.b, tri.c});
            REQUIRE(dlen(d(h.normal) - toward * (1.0 / dlen(toward))) <= (ftol + band) / r + 1e-6);
            REQUIRE(ddot(d(h.normal), n0) >= 0.999);
            REQUIRE(ref_point_triangle_distance(d(h.contact), tri) <= 1e-6 * dmagnitude({tri.a, tri.b, tri.c}) + band);
        } else {
            ++leaving;
            REQUIRE_FALSE(h.hit);
        }
    }
    WARN("put in touch: " << approaching << " approaching, " << leaving << " leaving");
    CHECK(approaching > 5000);
    CHECK(leaving > 5000);
}

TEST_CASE(
    "sweep_capsule_triangle: 10^5 seeded upright capsules walking into walls (box sides, turned and tilted), contacts "
    "near edges, grazing and parallel: the fast path equals the full search") {
    // Where the fast path for a capsule meeting a face with its side applies: both ends about as
    // far from a wall's plane. Walls are halves of rectangles (a box's side, split along its
    // diagonal) or random triangles, facing along x or z, turned about y by a rotation in float
    // (a turning door's vertices) or tilted slightly; the capsule is upright or leaning a little,
    // moving into the wall at an angle, almost along it (grazing) or exactly along it; the point
    // of its axis that touches first is aimed inside, on or just beside an edge or a vertex (a
    // box side's diagonal included). A quarter of those moving into the wall at an angle
    // also go against the reference.
    Rng rng(0x3A11);
    SweepTally tally;
    int side_hits = 0;
    for (int i = 0; i < 100000; ++i) {
        const float size = rng.log_uniform(0.05f, 20.0f);
        const Vec3 c0 = rng.vec(-30, 30);
        const int wall = rng.below(4);
        // The wall's frame: n its normal (horizontal unless tilted), t1 horizontal, t2 up it.
        Vec3 n{0, 0, 0};
        const int axis = rng.below(2) ? 0 : 2;
        add_to_axis(n, axis, rng.below(2) ? 1.0f : -1.0f);
        Quat turn{0, 0, 0, 1};
        if (wall == 1) turn = quat_from_axis_angle({0, 1, 0}, rng.uniform(-3.1f, 3.1f));
        if (wall == 2) {
            const float tilt = rng.below(2) ? rng.log_uniform(1e-7f, 1e-2f) : rng.uniform(-0.3f, 0.3f);
            n = normalize_or(n + Vec3{0, rng.below(2) ? tilt : -tilt, 0}, n);
        }
        const Vec3 t1 = normalize_or(cross(Vec3{0, 1, 0}, n), Vec3{1, 0, 0}), t2 = cross(n, t1);
        const auto place = [&](float u, float v) { return c0 + rotate(turn, t1 * u + t2 * v); };
        Triangle tri;
        if (wall == 3) {  // a random triangle in the wall's plane
            Vec3 v[3];
            for (int k = 0; k < 3; ++k) {
                const float ang = rng.uniform(0, 6.2831853f);
                const float rad = size * rng.uniform(0.2f, 1.0f);
                v[k] = place(det_cos(ang) * rad, det_sin(ang) * rad);
            }
            tri = {v[0], v[1], v[2]};
        } else {  // half of a rectangle, split along a diagonal
            const float w = size * rng.uniform(0.2f, 1.0f), h = size * rng.uniform(0.2f, 1.0f);
            const Vec3 p00 = place(-w, -h), p10 = place(w, -h), p11 = place(w, h), p01 = place(-w, h);
            tri = rng.below(2) ? Triangle{p00, p10, p11} : Triangle{p00, p11, p01};
        }
        if (rng.below(2)) tri = {tri.a, tri.c, tri.b};
        const Vec3 wn = normalize_or(cross(tri.b - tri.a, tri.c - tri.a), Vec3{0, 0, 0});
        const Vec3 face = dot(wn, rotate(turn, n)) > 0.0f ? wn : -wn;  // the side the capsule comes from
        // A target inside, on or just beside an edge or a vertex.
        Vec3 target = pick_target(rng, tri);
        const Vec3 centroid = (tri.a + tri.b + tri.c) * (1.0f / 3.0f);
        target = target + (centroid - target) * rng.uniform(-4e-4f, 4e-4f) * float(rng.below(4) != 0);
        const float r = rng.log_uniform(0.01f, 0.5f) * size;
        const float half = rng.uniform(0.0f, 2.0f) * r + 1e-3f * size;
        Vec3 up{0, 2 * half, 0};
        if (rng.below(4) == 0) up = normalize_or(up + face * (rng.uniform(-1e-3f, 1e-3f) * 2 * half), up) * (2 * half);
        // Into the wall at an angle, grazing it, or exactly along it.
        const Vec3 along_wall = normalize_or(cross(face, rng.direction()), t1);
        const int kind = rng.below(4);
        const float dip = kind == 0 ? 0.0f : kind == 1 ? rng.log_uniform(1e-6f, 1e-3f) : rng.uniform(0.05f, 1.5f);
        const Vec3 dir = normalize_or(along_wall - face * dip, -face);
        const float len = rng.log_uniform(0.02f, 2.0f) * size;
        const float at = rng.uniform(0.0f, 1.0f);  // which point of the axis meets the target
        const Vec3 lead = target + face * r - dir * (len * rng.uniform(0.05f, 1.2f));
        const Capsule cap{lead - up * at, lead + up * (1.0f - at), r};
        const Vec3 motion = dir * len;
        if (i % 4 == 0 && kind >= 2) {  // grazing: a band's worth of time apart, either is honest
            check_case(i, cap, motion, tri, tally);
        } else {
            INFO("case " << i);
            require_same_hit(detail::sweep_capsule_triangle_exhaustive(cap, motion, tri),
                             sweep_capsule_triangle(cap, motion, tri));
        }
        const SweepHit h = sweep_capsule_triangle(cap, motion, tri);
        side_hits += h.hit && h.t > 0.0f && std::fabs(dot(h.normal, wn)) > 0.99999f;
    }
    WARN("walls: " << tally.hits << " hits, " << tally.misses << " misses, " << tally.banded
                   << " in the tangency band against the reference; " << side_hits << " face hits in all");
    CHECK(tally.hits > 5000);
    CHECK(tally.misses > 2000);
    CHECK(side_hits > 20000);
}
