// sweep.hpp: sweep_sphere_triangle against an independent time-stepping reference (10^5 seeded
// cases with awkward triangles, radii and motions), a thin wall under fire, and a point falling
// through a height-field patch at its shared edges and vertex.
#include "catch_support.hpp"

#include <cmath>

#include "sweep_detail.hpp"
#include "sweep_reference.hpp"
#include "test_support.hpp"

using namespace shototsu;
using namespace shototsu::test;

namespace {

double ref_distance(DVec3 p, const Triangle& t) { return ddist(p, ref_closest_on_triangle(p, d(t.a), d(t.b), d(t.c))); }

// One case against the reference. Tolerances, all lengths:
//   band: the touching band kSweepContactSlop (1e-6 of max(|start|, r)) twice over, the rounding
//         cushion (1e-10 of the scale) and, for zero-area triangles, the 1e-8 L height that the
//         library's policy ignores; near-tangent cases within `band` may go either way.
//   ftol: float32 rounding of the returned point and contact (4 ulps of the coordinates).
void check_case(int i, float r, Vec3 start, Vec3 end, const Triangle& tri, SweepTally& tally) {
    const TriangleSweepHit h = sweep_sphere_triangle(r, start, end, tri);
    const DMotion m(start, end);
    const auto dist = [&](double t) { return ref_distance(m.at(t), tri); };
    const double mag = dmagnitude({start, end, tri.a, tri.b, tri.c});
    const double band = 2e-6 * std::fmax(dmagnitude({start}), r) + 1e-9 * mag + 2e-8 * triangle_scale(tri);
    const double ftol = 4 * kFloatEps * mag;
    const RefContact ref = ref_first_contact(dist, r);
    INFO("case " << i << " r " << r << " ref hit " << ref.hit << " t " << ref.t << " min gap " << ref.min_gap
                 << " | got hit " << h.hit << " t " << h.t << " feature " << int(h.feature));
    INFO(std::hexfloat << "start " << start.x << ' ' << start.y << ' ' << start.z << " end " << end.x << ' ' << end.y
                       << ' ' << end.z << " a " << tri.a.x << ' ' << tri.a.y << ' ' << tri.a.z << " b " << tri.b.x
                       << ' ' << tri.b.y << ' ' << tri.b.z << " c " << tri.c.x << ' ' << tri.c.y << ' ' << tri.c.z);
    REQUIRE(std::isfinite(h.t));
    REQUIRE(is_finite(h.point));
    const bool clear = std::fabs(ref.min_gap) > band && std::fabs(dist(0.0) - r) > band;
    if (clear) {
        // The fast path for a face contact well inside the triangle changes nothing: the full
        // search agrees bit for bit. (Within the tangency band they may not: a motion grazing an
        // edge within the rounding cushion enters the edge's widened cylinder at its closest
        // approach, which can come before the face.)
        const TriangleSweepHit x = detail::sweep_sphere_triangle_exhaustive(r, start, end, tri);
        REQUIRE(x.hit == h.hit);
        REQUIRE(same_bits(x.t, h.t));
        REQUIRE(same_bits(x.point, h.point));
        REQUIRE(same_bits(x.normal, h.normal));
        REQUIRE(same_bits(x.contact, h.contact));
        REQUIRE(x.feature == h.feature);
    }
    if (dist(0.0) - r > band) {
        // Clearly free at the start: the entry for callers that know it (the character's cache)
        // gives the same answer bit for bit.
        const TriangleSweepHit g = detail::sweep_sphere_triangle_free_start(r, start, end, tri);
        REQUIRE(g.hit == h.hit);
        REQUIRE(same_bits(g.t, h.t));
        REQUIRE(same_bits(g.point, h.point));
        REQUIRE(same_bits(g.normal, h.normal));
        REQUIRE(same_bits(g.contact, h.contact));
        REQUIRE(g.feature == h.feature);
    }
    if (!clear) ++tally.banded;
    if (clear) REQUIRE(h.hit == ref.hit);
    if (!h.hit) {
        REQUIRE(h.t == 1.0f);
        REQUIRE(h.point == end);
        if (clear) ++tally.misses;
        return;
    }
    // The safety property: no sampled time before the reported one is in contact.
    double closest_before = INFINITY;
    for (int k = 0; k < kRefSteps && h.t > 0.0f; ++k)
        closest_before = std::fmin(closest_before, dist(h.t * k / double(kRefSteps)));
    REQUIRE(closest_before >= r - band);
    if (ref.hit) REQUIRE(h.t <= ref.t + 1e-12);  // never later than the first contact
    REQUIRE(h.t >= 0.0f);
    REQUIRE(h.t <= 1.0f);
    REQUIRE(std::fabs(dlen(d(h.normal)) - 1.0) <= 1e-6);
    REQUIRE(ref_distance(d(h.contact), tri) <= ftol + band);  // the contact is on the triangle
    const DVec3 centre = m.at(h.t);
    const double sep = ddist(centre, d(h.contact));
    if (h.t == 0.0f) {
        REQUIRE(h.point == start);
        REQUIRE(dist(0.0) <= r + band);
        if (clear) ++tally.starts;
        return;
    }
    if (clear) ++tally.hits;
    // At the reported time the sphere touches: t was rounded down by at most one float ulp.
    REQUIRE(std::fabs(dist(h.t) - r) <= band + kFloatEps * m.length());
    REQUIRE(std::fabs(sep - r) <= band + ftol + kFloatEps * m.length());
    if (sep > 1e3 * (band + ftol)) {  // the direction from the contact to the centre is meaningful
        const DVec3 dir = (centre - d(h.contact)) * (1.0 / sep);
        REQUIRE(dlen(d(h.normal) - dir) <= 2.0 * (band + ftol) / sep + 1e-6);
    }
    if (clear && ref.hit) {
        const DVec3 c = ref_closest_on_triangle(m.at(ref.t), d(tri.a), d(tri.b), d(tri.c));
        const DVec3 out = m.at(ref.t) - c;
        const double approach = -ddot(m.delta, out) / std::fmax(dlen(out), 1e-300);
        if (approach > 0.1 * m.length()) tally.worst_t = std::fmax(tally.worst_t, (ref.t - h.t) * approach / mag);
    }
}

SweepTally random_cases(std::uint64_t seed, int count, bool long_and_grazing) {
    SweepTally tally;
    Rng rng(seed);
    for (int i = 0; i < count; ++i) {
        const AimedSweep c = aimed_sweep(rng, long_and_grazing, [](const Triangle&, float) {});
        const Vec3 end = rng.below(30) == 0 ? c.aim : c.aim + c.dir * c.len;
        check_case(i, c.r, c.aim, end, c.tri, tally);
    }
    return tally;
}

}  // namespace

TEST_CASE(
    "sweep_sphere_triangle: 4 x 10^4 seeded spheres onto box faces (floors, walls, ceilings), aimed at their edges, "
    "agree with a time-stepping reference and, outside the tangency band, with the full search bit for bit") {
    // A character's ground probe: a sphere moving straight along the face's normal (or at an
    // angle) onto an axis-aligned triangle, aimed inside, on or just outside an edge or a vertex
    // (nudged by up to a few 1e-4 of the size).
    Rng rng(0xB0F4);
    SweepTally tally;
    int face_hits = 0;
    for (int i = 0; i < 40000; ++i) {
        const BoxFaceAim aim = box_face_aim(rng);
        const int axis = aim.axis;
        const float size = aim.size;
        const Triangle& tri = aim.tri;
        const Vec3 target = aim.target;
        const float r = rng.below(20) == 0 ? 0.0f : rng.log_uniform(0.01f, 0.5f) * size;
        Vec3 n{0, 0, 0};
        add_to_axis(n, axis, rng.below(2) ? 1.0f : -1.0f);
        const Vec3 dir = rng.below(2) ? -n : normalize_or(rng.direction() - n * 1.5f, -n);
        const float len = rng.log_uniform(0.01f, 2.0f) * size;
        const Vec3 start = target + n * r - dir * (len * rng.uniform(0.05f, 1.2f));
        const Vec3 end = start + dir * len;
        check_case(i, r, start, end, tri, tally);
        const TriangleSweepHit h = sweep_sphere_triangle(r, start, end, tri);
        face_hits += h.hit && h.t > 0.0f && h.feature == TriangleFeature::Face;
    }
    check_tally("box faces", tally, false);
    CHECK(face_hits > 10000);
}

TEST_CASE("sweep_sphere_triangle: 5 x 10^4 seeded general cases agree with a time-stepping reference") {
    check_tally("general", random_cases(0x7A1A, 50000, false), true);
}

TEST_CASE("sweep_sphere_triangle: 5 x 10^4 seeded long and grazing motions agree with a time-stepping reference") {
    check_tally("long/grazing", random_cases(0x7A1B, 50000, true), false);
}
