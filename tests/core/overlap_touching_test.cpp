// overlap.hpp: shapes that exactly touch are hits of zero depth ("touching counts as hitting",
// results.hpp), for every pair whose touching can be built exactly and every feature that can
// touch. Each case is built in exact float arithmetic from a touching direction of rational length
// (a Pythagorean quadruple): the shapes' cores lie on either side of a plane across it, at exactly
// the radius (or the sum of radii) apart, every coordinate a dyadic number with few significant
// bits. A query then owes a hit, a depth of at most a few double roundings, the touching
// direction as its normal, and a point on the plane where the shapes meet.
#include "catch_support.hpp"

#include <cmath>
#include <map>
#include <string>

using namespace shototsu;
using namespace shototsu::test;

namespace {

using shototsu::test::show;

// ---- exact construction -------------------------------------------------------------------------

/// k / 16 for an integer k in [lo, hi]: few significant bits, so that the sums and small integer
/// multiples the constructions take stay exact in float.
double dyadic(Rng& rng, int lo, int hi) { return (lo + rng.below(hi - lo + 1)) / 16.0; }

/// The float of a value the construction made exact (a failure here is a bug of the test).
Vec3 exact(DVec3 v) {
    const Vec3 f{static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)};
    REQUIRE(d(f).x == v.x);
    REQUIRE(d(f).y == v.y);
    REQUIRE(d(f).z == v.z);
    return f;
}
float exact(double x) {
    const auto f = static_cast<float>(x);
    REQUIRE(static_cast<double>(f) == x);
    return f;
}

/// An integer vector and its integer length.
struct Rational {
    DVec3 v;
    double len;
};
/// Directions of integer length (Pythagorean quadruples); signed permutations give the rest.
const Rational kDirections[] = {{{1, 0, 0}, 1}, {{3, 4, 0}, 5}, {{5, 12, 0}, 13}, {{8, 15, 0}, 17}, {{1, 2, 2}, 3},
                                {{2, 3, 6}, 7}, {{1, 4, 8}, 9}, {{2, 6, 9}, 11},  {{4, 4, 7}, 9},   {{2, 10, 11}, 15}};
/// Unit directions in a plane, (cos, sin) = (x, y) / len: Pythagorean triples and the two axes.
const Rational kPlaneDirections[] = {{{1, 0, 0}, 1},   {{0, 1, 0}, 1},   {{3, 4, 0}, 5},   {{4, 3, 0}, 5},
                                     {{5, 12, 0}, 13}, {{12, 5, 0}, 13}, {{8, 15, 0}, 17}, {{15, 8, 0}, 17}};

double comp(DVec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }
DVec3 from(const double (&c)[3]) { return {c[0], c[1], c[2]}; }

/// A random signed permutation of an integer direction.
Rational signed_permutation(Rng& rng, Rational r) {
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const int* p = perms[rng.below(6)];
    double c[3];
    for (int i = 0; i < 3; ++i) c[i] = comp(r.v, p[i]) * (rng.below(2) ? 1.0 : -1.0);
    return {from(c), r.len};
}
Rational any_direction(Rng& rng) {
    return signed_permutation(rng, kDirections[rng.below(sizeof kDirections / sizeof kDirections[0])]);
}

/// A non-zero integer vector with components in [-k, k].
DVec3 integer_vector(Rng& rng, int k) {
    for (;;) {
        const DVec3 v{double(rng.below(2 * k + 1) - k), double(rng.below(2 * k + 1) - k),
                      double(rng.below(2 * k + 1) - k)};
        if (ddot(v, v) > 0.0) return v;
    }
}

// Directions across and away from a touching direction have components up to 40 or so: enough
// bits that the queries' projections round, few enough that every construction stays exact.

/// A non-zero integer vector perpendicular to the integer vector n: n x r for a random r.
DVec3 perpendicular(Rng& rng, DVec3 n) {
    for (;;) {
        const DVec3 w = dcross(n, integer_vector(rng, 40));
        if (ddot(w, w) > 0.0) return w;
    }
}

/// A non-zero integer vector with no component along n (n . w <= 0), not parallel to `other`.
DVec3 away_from(Rng& rng, DVec3 n, DVec3 other) {
    for (;;) {
        DVec3 w = integer_vector(rng, 40);
        if (ddot(w, n) > 0.0) w = w * -1.0;
        const DVec3 c = dcross(w, other);
        if (ddot(c, c) > 0.0) return w;
    }
}

/// A point with dyadic coordinates near the origin.
DVec3 random_origin(Rng& rng) { return {dyadic(rng, -1024, 1024), dyadic(rng, -1024, 1024), dyadic(rng, -1024, 1024)}; }

/// 2^k for k in [-8, 6]: every construction is scaled by it (exactly) to span the sizes the
/// library is tested at.
double random_scale(Rng& rng) { return std::ldexp(1.0, rng.below(15) - 8); }

// ---- the checks ---------------------------------------------------------------------------------

/// Depth owed by an exactly touching pair: 0, or a few double roundings of the largest
/// coordinate or radius involved where the distance comes out just below the exact one.
double depth_tolerance(double magnitude) { return 8 * 0x1p-52 * magnitude; }

/// The touching as built: where the shapes meet (on the first shape), the unit direction from
/// the first toward the second, and the largest coordinate or radius involved.
struct Touch {
    DVec3 point, normal;
    double magnitude;
};

/// What is wrong with a contact of an exactly touching pair, or "" when nothing is.
std::string wrong(const Contact& c, const Touch& e) {
    if (!c.hit) return "a miss";
    if (!(c.depth <= depth_tolerance(e.magnitude))) return "depth " + show(c.depth);
    const DVec3 dn = d(c.normal) - e.normal;
    if (!(dlen(dn) <= 1e-6)) return "normal " + show(c.normal);
    // The touching set lies in the plane through the touching point across the normal.
    if (!(std::fabs(ddot(e.normal, d(c.point) - e.point)) <= 1e-6 * e.magnitude))
        return "point " + show(c.point) + " off the plane where they touch";
    return "";
}

/// Counts the cases of each feature and the wrong contacts among them, keeping the first wrong
/// one with its input, so that a failure reads "face: 40 of 4000 wrong; first: ...".
class Tally {
public:
    template <class Describe>
    void add(const std::string& feature, const std::string& problem, Describe&& describe) {
        Count& c = counts_[feature];
        ++c.cases;
        if (problem.empty()) return;
        if (c.wrong++ == 0) c.first = problem + " for " + describe();
    }
    void add(const std::string& feature, const Contact& c, const Touch& e, const std::string& input) {
        add(feature, wrong(c, e), [&] { return input + " -> " + show_bits(c); });
    }
    void check(int min_cases) const {
        for (const auto& [feature, c] : counts_) {
            INFO(feature << ": " << c.wrong << " of " << c.cases
                         << " exactly touching cases wrong; first: " << c.first);
            CHECK(c.wrong == 0);
            CHECK(c.cases >= min_cases);
        }
    }

private:
    struct Count {
        int cases = 0, wrong = 0;
        std::string first;
    };
    std::map<std::string, Count> counts_;
};

std::string show(const Triangle& t) { return "triangle {" + show(t.a) + ", " + show(t.b) + ", " + show(t.c) + "}"; }
std::string show(const Capsule& c) {
    return "capsule {" + show(c.start) + ", " + show(c.end) + ", radius " + show(c.radius) + "}";
}
std::string show(const AABB& b) { return "box {" + show(b.min) + ", " + show(b.max) + "}"; }

// ---- triangles ----------------------------------------------------------------------------------

/// A triangle that a round shape touches, and where: `point` is the touching point on it and `dir`
/// the unit direction (an integer vector of length dir.len) from it toward the shape's axis; the
/// triangle lies in the half space dir . (x - point) <= 0, the shape's core in dir . (x - point)
/// >= radius.
struct TriangleTouch {
    DVec3 v[3];
    DVec3 point;
    Rational dir;
};

/// Whether the triangle is far from collinear (its angles' sines above 1/10), so that the
/// feature built as the closest is the closest by a margin.
bool well_shaped(const DVec3 (&v)[3]) {
    for (int i = 0; i < 3; ++i) {
        const DVec3 e1 = v[(i + 1) % 3] - v[i], e2 = v[(i + 2) % 3] - v[i], n = dcross(e1, e2);
        if (!(ddot(n, n) >= 0.01 * ddot(e1, e1) * ddot(e2, e2))) return false;
    }
    return true;
}

/// Relabels the vertices (a rotation, and a reflection half the time) so that the touched
/// feature is each of A, B, C (or AB, BC, CA) in turn; names the feature by its new labels. The
/// feature was vertex 0, or edge 0-1.
std::string relabel(Rng& rng, TriangleTouch& t, bool edge) {
    const int shift = rng.below(3);
    const bool reflect = rng.below(2) == 1;
    const DVec3 old[3] = {t.v[0], t.v[1], t.v[2]};
    int where[3];  // new index of old vertex i
    for (int i = 0; i < 3; ++i) {
        int k = (i + shift) % 3;
        if (reflect) k = (3 - k) % 3;
        where[i] = k;
        t.v[k] = old[i];
    }
    static const char* const vertices[3] = {"A", "B", "C"};
    if (!edge) return std::string("vertex ") + vertices[where[0]];
    static const char* const edges[3][3] = {{"", "AB", "CA"}, {"AB", "", "BC"}, {"CA", "BC", ""}};
    return std::string("edge ") + edges[where[0]][where[1]];
}

/// A touching of the face, an edge or a vertex, chosen by `kind` (0, 1, 2), in any orientation.
TriangleTouch random_triangle_touch(Rng& rng, int kind, std::string& feature) {
    TriangleTouch t{};
    t.dir = any_direction(rng);
    const DVec3 origin = random_origin(rng), n = t.dir.v;
    do {
        if (kind == 0) {
            // In the plane across dir; the touching point well inside (weights of at least 1/8).
            const DVec3 u1 = perpendicular(rng, n), u2 = perpendicular(rng, n);
            for (DVec3& p : t.v) p = origin + u1 * dyadic(rng, -64, 64) + u2 * dyadic(rng, -64, 64);
            const int i = 2 + rng.below(11), j = 2 + rng.below(13 - i);
            t.point = (t.v[0] * i + t.v[1] * j + t.v[2] * (16 - i - j)) * (1.0 / 16);
            feature = "face";
        } else if (kind == 1) {
            // Edge 0-1 across dir, the third vertex on the far side; the touching point anywhere
            // inside the edge (at a fraction of it that is rarely dyadic).
            const DVec3 u = perpendicular(rng, n);
            const int length = 16 + rng.below(49);
            t.v[0] = origin;
            t.v[1] = origin + u * (length / 16.0);
            t.v[2] = origin + u * dyadic(rng, -32, length + 32) + away_from(rng, n, u) * dyadic(rng, 16, 64);
            t.point = origin + u * ((1 + rng.below(length - 1)) / 16.0);
        } else {
            t.v[0] = t.point = origin;
            const DVec3 w1 = away_from(rng, n, n);
            t.v[1] = origin + w1 * dyadic(rng, 16, 64);
            t.v[2] = origin + away_from(rng, n, w1) * dyadic(rng, 16, 64);
        }
    } while (!well_shaped(t.v));
    if (kind > 0) feature = relabel(rng, t, kind == 1);
    return t;
}

}  // namespace

TEST_CASE("triangle_sphere: 6 x 10^4 spheres exactly touching the face, an edge or a vertex are hits of zero depth") {
    Rng rng(0x70C4);
    Tally tally;
    for (int i = 0; i < 60000; ++i) {
        std::string feature;
        const TriangleTouch t = random_triangle_touch(rng, i % 3, feature);
        const double scale = random_scale(rng), rho = dyadic(rng, 1, 256);
        const Triangle tri{exact(t.v[0] * scale), exact(t.v[1] * scale), exact(t.v[2] * scale)};
        const Sphere s{exact((t.point + t.dir.v * rho) * scale), exact(rho * t.dir.len * scale)};
        const Touch e{t.point * scale, t.dir.v * (1.0 / t.dir.len),
                      std::fmax(magnitude({tri.a, tri.b, tri.c, s.center}), s.radius)};
        tally.add(feature, triangle_sphere(tri, s), e, show(tri) + ", " + show(s));
    }
    tally.check(5000);
}

TEST_CASE(
    "triangle_capsule: 6 x 10^4 capsules exactly touching the face, an edge or a vertex, end-on or lying across, are "
    "hits of zero depth") {
    Rng rng(0x70C5);
    Tally tally;
    for (int i = 0; i < 60000; ++i) {
        std::string feature;
        const TriangleTouch t = random_triangle_touch(rng, i % 3, feature);
        const double scale = random_scale(rng), rho = dyadic(rng, 1, 256);
        const DVec3 touch = t.point + t.dir.v * rho;  // on the axis
        // The axis runs from there away from the triangle (end-on, standing on it), or across the
        // touching direction, through `touch` or ending there (lying on it).
        DVec3 p0 = touch, p1;
        if (rng.below(2) == 0) {
            p1 = touch + t.dir.v * dyadic(rng, 1, 32);
            feature += ", end-on";
        } else {
            const DVec3 w = perpendicular(rng, t.dir.v) * (1.0 / 16);
            p0 = touch - w * rng.below(24);
            p1 = touch + w * (1 + rng.below(24));
            feature += ", lying";
        }
        if (rng.below(2)) std::swap(p0, p1);
        const Triangle tri{exact(t.v[0] * scale), exact(t.v[1] * scale), exact(t.v[2] * scale)};
        const Capsule cap{exact(p0 * scale), exact(p1 * scale), exact(rho * t.dir.len * scale)};
        const Touch e{t.point * scale, t.dir.v * (1.0 / t.dir.len),
                      std::fmax(magnitude({tri.a, tri.b, tri.c, cap.start, cap.end}), cap.radius)};
        tally.add(feature, triangle_capsule(tri, cap), e, show(tri) + ", " + show(cap));
    }
    tally.check(2000);
}

// ---- round shapes -------------------------------------------------------------------------------

TEST_CASE(
    "sphere_sphere, capsule_sphere and capsule_capsule: 10^5 exactly touching pairs, by body, cap, end or crossing, "
    "are hits of zero depth") {
    Rng rng(0x70C6);
    Tally tally;
    for (int i = 0; i < 100000; ++i) {
        const double scale = random_scale(rng);
        const double rho_a = dyadic(rng, 0, 256), rho_b = dyadic(rng, 1, 256);
        const Rational dir = any_direction(rng);
        // A's axis runs from a0 to a1 (A is a0 alone for a sphere); B's axis (b0 alone for a
        // sphere) starts rho_a + rho_b away along `dir` from `touch` on A's axis, and never comes
        // nearer. Across dir, A's axis touches with its body; otherwise with its end a1.
        const DVec3 a0 = random_origin(rng);
        enum { SphereSphere, CapsuleSphere, CapsuleCapsule } pair;
        std::string feature;
        bool body = false;
        switch (i % 5) {
            case 0: pair = SphereSphere, feature = "sphere_sphere"; break;
            case 1: pair = CapsuleSphere, feature = "capsule_sphere, body", body = true; break;
            case 2:
                pair = CapsuleCapsule, body = true;
                feature = rng.below(2) ? "capsule_capsule, end on body" : "capsule_capsule, body on body";
                break;
            case 3: pair = CapsuleSphere, feature = "capsule_sphere, cap"; break;
            default: pair = CapsuleCapsule, feature = "capsule_capsule, end on cap"; break;
        }
        DVec3 a1 = a0, touch = a0, u;
        if (body) {
            // At a fraction of the axis that is rarely dyadic.
            u = perpendicular(rng, dir.v);
            const int length = 16 + rng.below(49);
            a1 = a0 + u * (length / 16.0);
            touch = a0 + u * ((1 + rng.below(length - 1)) / 16.0);
        } else if (pair != SphereSphere) {
            // Past the end a1: the axis has no component along dir back from it.
            u = away_from(rng, dir.v, dir.v) * -1.0;
            a1 = touch = a0 + u * dyadic(rng, 16, 64);
        }
        DVec3 b0 = touch + dir.v * (rho_a + rho_b), b1 = b0;
        if (feature == "capsule_capsule, body on body") {
            // Across dir through b0: parallel to A, or crossing it.
            const DVec3 w = (rng.below(3) == 0 ? u : perpendicular(rng, dir.v)) * (1.0 / 16);
            b1 = b0 + w * (1 + rng.below(24));
            b0 = b0 - w * (1 + rng.below(24));
        } else if (pair == CapsuleCapsule) {
            // From the touching end away: no component back toward A.
            b1 = b0 + away_from(rng, dir.v, dir.v) * -dyadic(rng, 1, 16);
        }
        const float ra = exact(rho_a * dir.len * scale), rb = exact(rho_b * dir.len * scale);
        auto world = [&](DVec3 v) { return exact(v * scale); };
        Touch e{(touch + dir.v * rho_a) * scale, dir.v * (1.0 / dir.len), 0.0};
        if (pair == SphereSphere) {
            const Sphere sa{world(a0), ra}, sb{world(b0), rb};
            e.magnitude = std::fmax(magnitude({sa.center, sb.center}), ra + rb);
            tally.add(feature, sphere_sphere(sa, sb), e, show(sa) + ", " + show(sb));
        } else if (pair == CapsuleSphere) {
            const Capsule ca{world(a0), world(a1), ra};
            const Sphere sb{world(b0), rb};
            e.magnitude = std::fmax(magnitude({ca.start, ca.end, sb.center}), ra + rb);
            tally.add(feature, capsule_sphere(ca, sb), e, show(ca) + ", " + show(sb));
        } else {
            Capsule ca{world(a0), world(a1), ra}, cb{world(b0), world(b1), rb};
            if (rng.below(2)) std::swap(ca.start, ca.end);
            if (rng.below(2)) std::swap(cb.start, cb.end);
            e.magnitude = std::fmax(magnitude({ca.start, ca.end, cb.start, cb.end}), ra + rb);
            tally.add(feature, capsule_capsule(ca, cb), e, show(ca) + ", " + show(cb));
        }
    }
    tally.check(5000);
}

// ---- boxes --------------------------------------------------------------------------------------

TEST_CASE(
    "aabb_sphere and obb_sphere (identity and half turns): 6 x 10^4 spheres exactly touching a face, an edge or a "
    "corner are hits of zero depth") {
    Rng rng(0x70C7);
    Tally tally;
    // Half turns about x, y and z map the box onto itself, and their rotations are exact.
    const Quat turns[4] = {{0, 0, 0, 1}, {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
    for (int i = 0; i < 60000; ++i) {
        const double scale = random_scale(rng);
        const DVec3 lo{dyadic(rng, -64, 0), dyadic(rng, -64, 0), dyadic(rng, -64, 0)};
        const DVec3 hi = lo + DVec3{dyadic(rng, 2, 64), dyadic(rng, 2, 64), dyadic(rng, 2, 64)} * 2.0;
        // The touched feature: how many axes the centre is outside the box on (1 face, 2 edge, 3 corner).
        const int outside = 1 + i % 3;
        static const char* const names[4] = {"", "face", "edge", "corner"};
        // Which axes, and on which side; along the others the touching point is strictly inside.
        const int first = rng.below(3);
        double side[3] = {0, 0, 0};
        for (int k = 0; k < outside; ++k) side[(first + k) % 3] = rng.below(2) ? 1.0 : -1.0;
        double point[3], dir[3];
        // An outward direction with a positive component on each outside axis, none on the others.
        Rational w;
        do w = any_direction(rng);
        while ((w.v.x != 0.0) + (w.v.y != 0.0) + (w.v.z != 0.0) != outside);
        double mags[3] = {std::fabs(w.v.x), std::fabs(w.v.y), std::fabs(w.v.z)};
        int next = 0;
        for (int k = 0; k < 3; ++k) {
            const double l = comp(lo, k), h = comp(hi, k);
            if (side[k] == 0.0) {
                point[k] = l + (h - l) * ((1 + rng.below(15)) / 16.0);
                dir[k] = 0.0;
                continue;
            }
            point[k] = side[k] > 0.0 ? h : l;
            while (mags[next] == 0.0) ++next;
            dir[k] = side[k] * mags[next++];
        }
        const double rho = dyadic(rng, 1, 48);
        const AABB box{exact(lo * scale), exact(hi * scale)};
        const Sphere s{exact((from(point) + from(dir) * rho) * scale), exact(rho * w.len * scale)};
        const Touch e{from(point) * scale, from(dir) * (1.0 / w.len),
                      std::fmax(magnitude({box.min, box.max, s.center}), s.radius)};
        const std::string feature = names[outside];
        tally.add("aabb_sphere, " + feature, aabb_sphere(box, s), e, show(box) + ", " + show(s));
        const OBB obb{exact((lo + hi) * (0.5 * scale)), turns[rng.below(4)], exact((hi - lo) * (0.5 * scale))};
        tally.add("obb_sphere, " + feature, obb_sphere(obb, s), e,
                  "obb {" + show(obb.center) + ", (" + show(obb.rotation.x) + ", " + show(obb.rotation.y) + ", " +
                      show(obb.rotation.z) + ", " + show(obb.rotation.w) + "), " + show(obb.half_extents) + "}, " +
                      show(s));
    }
    tally.check(10000);
}

TEST_CASE("aabb_aabb: 6 x 10^4 boxes sharing exactly a face, an edge or a corner are hits of zero depth") {
    Rng rng(0x70C8);
    Tally tally;
    for (int i = 0; i < 60000; ++i) {
        const double scale = random_scale(rng);
        const int touching = 1 + i % 3;
        static const char* const names[4] = {"", "face", "edge", "corner"};
        const int first = rng.below(3);
        double amin[3], amax[3], bmin[3], bmax[3], side[3] = {0, 0, 0};
        for (int k = 0; k < touching; ++k) side[(first + k) % 3] = rng.below(2) ? 1.0 : -1.0;
        for (int k = 0; k < 3; ++k) {
            amin[k] = dyadic(rng, -64, 0);
            amax[k] = amin[k] + dyadic(rng, 1, 64);
            const double width = dyadic(rng, 1, 64);
            if (side[k] > 0.0) {
                bmin[k] = amax[k];
                bmax[k] = bmin[k] + width;
            } else if (side[k] < 0.0) {
                bmax[k] = amin[k];
                bmin[k] = bmax[k] - width;
            } else {  // overlapping intervals: B starts inside A
                bmin[k] = amin[k] + (amax[k] - amin[k]) * (rng.below(16) / 16.0);
                bmax[k] = bmin[k] + width;
            }
        }
        const AABB a{exact(from(amin) * scale), exact(from(amax) * scale)};
        const AABB b{exact(from(bmin) * scale), exact(from(bmax) * scale)};
        const Contact c = aabb_aabb(a, b);
        // The normal: the first touching axis (ties prefer x, then y, then z), toward b.
        int axis = 0;
        while (side[axis] == 0.0) ++axis;
        Vec3 normal{};
        if (axis == 0) normal.x = static_cast<float>(side[0]);
        if (axis == 1) normal.y = static_cast<float>(side[1]);
        if (axis == 2) normal.z = static_cast<float>(side[2]);
        std::string problem;
        if (!aabb_overlaps_aabb(a, b))
            problem = "aabb_overlaps_aabb is false";
        else if (!c.hit)
            problem = "a miss";
        else if (c.depth != 0.0f)
            problem = "depth " + show(c.depth);
        else if (!(c.normal == normal))
            problem = "normal " + show(c.normal);
        for (int k = 0; k < 3 && problem.empty(); ++k) {
            // The contact point is on every plane the boxes share.
            const double shared = side[k] > 0.0 ? amax[k] * scale : amin[k] * scale;
            if (side[k] != 0.0 && comp(d(c.point), k) != shared) problem = "point " + show(c.point);
        }
        tally.add(names[touching], problem, [&] { return show(a) + ", " + show(b) + " -> " + show_bits(c); });
    }
    tally.check(10000);
}
