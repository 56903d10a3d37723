// Catch2 support for the suites (include this instead of <catch2/catch.hpp>): the library's
// vectors, shapes and result structs print their fields when an assertion fails, same_bits
// prints both sides with their bits, and small checks that several suites share.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string>

#include "test_support.hpp"

namespace shototsu::test {

inline std::uint32_t bits_of(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

/// A float as the shortest text that reads back to the same bits (9 significant digits).
inline std::string show(float f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
    return buf;
}
inline std::string show(double d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    return buf;
}
inline std::string show(bool b) { return b ? "true" : "false"; }
inline std::string show(int i) { return std::to_string(i); }
inline std::string show(std::uint32_t u) { return u == kNoIndex ? "none" : std::to_string(u); }
/// "(x, y, z)". Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on a chain of + here.
inline std::string show(Vec3 v) {
    std::string s = "(";
    s += show(v.x);
    s += ", ";
    s += show(v.y);
    s += ", ";
    s += show(v.z);
    return s += ")";
}
inline std::string show(TriangleRegion r) { return region_name(r); }
inline std::string show(GroundReason r) { return ground_reason_name(r); }
inline std::string show(TriangleFeature f) { return triangle_feature_name(f); }
inline std::string show(SweepPlaneCase k) { return sweep_plane_case_name(k); }
inline std::string show(BoundingSphereKind k) { return bounding_sphere_kind_name(k); }
inline std::string show(const Sphere& s) { return "{center " + show(s.center) + ", radius " + show(s.radius) + "}"; }

/// "{name value, name value, ...}" for a struct's fields.
class Fields {
public:
    template <class T>
    Fields& operator()(const char* name, const T& value) {
        text_ += (text_.empty() ? "{" : ", ") + std::string(name) + " " + show(value);
        return *this;
    }
    std::string str() const { return text_ + "}"; }

private:
    std::string text_;
};

/// The result of same_bits: whether a and b have the same bits (so -0 differs from +0, and a NaN
/// equals itself). A failed REQUIRE(same_bits(a, b)) prints both values with their bits.
template <class T>
struct BitsComparison {
    T a, b;
    bool same;
    explicit operator bool() const { return same; }
};

inline BitsComparison<float> same_bits(float a, float b) { return {a, b, bits_of(a) == bits_of(b)}; }
inline BitsComparison<Vec3> same_bits(Vec3 a, Vec3 b) {
    return {a, b, bits_of(a.x) == bits_of(b.x) && bits_of(a.y) == bits_of(b.y) && bits_of(a.z) == bits_of(b.z)};
}
inline BitsComparison<Contact> same_bits(const Contact& a, const Contact& b) {
    return {a, b,
            a.hit == b.hit && same_bits(a.point, b.point).same && same_bits(a.normal, b.normal).same &&
                same_bits(a.depth, b.depth).same};
}

inline std::string show_bits(float f) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.9g [0x%08x]", static_cast<double>(f), bits_of(f));
    return buf;
}
inline std::string show_bits(Vec3 v) {
    std::string s = "(";
    s += show_bits(v.x);
    s += ", ";
    s += show_bits(v.y);
    s += ", ";
    s += show_bits(v.z);
    return s += ")";
}
inline std::string show_bits(const Contact& c) {
    return "{hit " + show(c.hit) + ", point " + show_bits(c.point) + ", normal " + show_bits(c.normal) + ", depth " +
           show_bits(c.depth) + "}";
}

/// A contact query's miss: every field zero.
inline bool is_miss(const Contact& c) { return !c.hit && c.depth == 0.0f && c.point == Vec3{} && c.normal == Vec3{}; }

/// Each component of `got` within `tol` of `want`.
inline void check_vec(Vec3 got, Vec3 want, float tol = 1e-6f) {
    CHECK(got.x == Approx(want.x).margin(tol));
    CHECK(got.y == Approx(want.y).margin(tol));
    CHECK(got.z == Approx(want.z).margin(tol));
}

/// A segment cast's result (CastHit, TriangleCastHit) keeps the conventions of results.hpp: t in
/// [0, 1]; a miss has t = 1 and a zero point and normal; a hit a finite point and a unit normal.
template <class Hit>
void require_cast_conventions(const Hit& h) {
    REQUIRE(h.t >= 0.0f);
    REQUIRE(h.t <= 1.0f);
    if (!h.hit) {
        REQUIRE(h.t == 1.0f);
        REQUIRE(h.point == Vec3{});
        REQUIRE(h.normal == Vec3{});
    } else {
        REQUIRE(is_finite(h.point));
        REQUIRE(std::fabs(length(h.normal) - 1.0f) <= 1e-6f);
    }
}

/// `got` within distance `tol` of `want`.
inline void check_near(Vec3 got, Vec3 want, float tol = 1e-6f) {
    INFO("got " << show(got) << " want " << show(want));
    CHECK(distance(got, want) <= tol);
}

}  // namespace shototsu::test

namespace shototsu {
/// So that INFO(... << v) reads as the failure messages do.
inline std::ostream& operator<<(std::ostream& os, Vec3 v) { return os << test::show(v); }
}  // namespace shototsu

namespace Catch {

template <class T>
struct StringMaker<shototsu::test::BitsComparison<T>> {
    static std::string convert(const shototsu::test::BitsComparison<T>& c) {
        return (c.same ? "same bits: " : "different bits: ") + shototsu::test::show_bits(c.a) + " vs " +
               shototsu::test::show_bits(c.b);
    }
};

// Vectors, shapes and results print their fields (Catch2 prints {?} for a struct it cannot show).
#define SHOTOTSU_STRING_MAKER(Type, ...)                       \
    template <>                                                \
    struct StringMaker<shototsu::Type> {                       \
        static std::string convert(const shototsu::Type& v) {  \
            using shototsu::test::show;                        \
            return shototsu::test::Fields() __VA_ARGS__.str(); \
        }                                                      \
    };

template <>
struct StringMaker<shototsu::Vec3> {
    static std::string convert(shototsu::Vec3 v) { return shototsu::test::show(v); }
};
SHOTOTSU_STRING_MAKER(Vec2, ("x", v.x)("y", v.y))
SHOTOTSU_STRING_MAKER(Quat, ("x", v.x)("y", v.y)("z", v.z)("w", v.w))
SHOTOTSU_STRING_MAKER(Segment, ("start", v.start)("end", v.end))
SHOTOTSU_STRING_MAKER(Triangle, ("a", v.a)("b", v.b)("c", v.c))
SHOTOTSU_STRING_MAKER(Sphere, ("center", v.center)("radius", v.radius))
SHOTOTSU_STRING_MAKER(AABB, ("min", v.min)("max", v.max))
SHOTOTSU_STRING_MAKER(Capsule, ("start", v.start)("end", v.end)("radius", v.radius))
SHOTOTSU_STRING_MAKER(ClosestPointOnTriangle,
                      ("point", v.point)("barycentric", v.barycentric)("region", v.region)("degenerate", v.degenerate))
SHOTOTSU_STRING_MAKER(ClosestPointOnSegment, ("point", v.point)("t", v.t))
SHOTOTSU_STRING_MAKER(ClosestPointsSegmentSegment,
                      ("point1", v.point1)("point2", v.point2)("t1", v.t1)("t2", v.t2)("distance_sq", v.distance_sq))
SHOTOTSU_STRING_MAKER(Contact, ("hit", v.hit)("point", v.point)("normal", v.normal)("depth", v.depth))
SHOTOTSU_STRING_MAKER(CastHit, ("hit", v.hit)("t", v.t)("point", v.point)("normal", v.normal))
SHOTOTSU_STRING_MAKER(SweepHit, ("hit", v.hit)("t", v.t)("point", v.point)("contact", v.contact)("normal", v.normal))
SHOTOTSU_STRING_MAKER(TriangleCastHit,
                      ("hit", v.hit)("t", v.t)("point", v.point)("normal", v.normal)("barycentric", v.barycentric))
SHOTOTSU_STRING_MAKER(SweepPlaneHit,
                      ("hit", v.hit)("t", v.t)("point", v.point)("normal", v.normal)("kind", v.kind)(
                          "contact_time", v.contact_time)("contact_time_valid", v.contact_time_valid)("start_distance",
                                                                                                      v.start_distance))
SHOTOTSU_STRING_MAKER(TriangleSweepHit,
                      ("hit", v.hit)("t", v.t)("point", v.point)("contact", v.contact)("normal", v.normal)("feature",
                                                                                                           v.feature))
SHOTOTSU_STRING_MAKER(TriangleBoundingSphere,
                      ("sphere", v.sphere)("kind", v.kind)("opposite_vertex", v.opposite_vertex))
SHOTOTSU_STRING_MAKER(TriangleCircumsphere, ("sphere", v.sphere)("exists", v.exists))
SHOTOTSU_STRING_MAKER(FloorHeight, ("hit", v.hit)("height", v.height)("normal", v.normal))
SHOTOTSU_STRING_MAKER(BoxPair, ("a", v.a)("b", v.b))
SHOTOTSU_STRING_MAKER(WorldHit, ("hit", v.hit)("distance", v.distance)("point", v.point)("position", v.position)(
                                    "normal", v.normal)("object", v.object)("triangle", v.triangle))
SHOTOTSU_STRING_MAKER(WorldContact, ("object", v.object)("triangle", v.triangle)("point", v.point)("normal", v.normal)(
                                        "depth", v.depth)("feature", v.feature))
SHOTOTSU_STRING_MAKER(WorldClosestPoint, ("hit", v.hit)("point", v.point)("distance", v.distance)("object", v.object)(
                                             "triangle", v.triangle)("feature", v.feature))
SHOTOTSU_STRING_MAKER(WorldFloor,
                      ("hit", v.hit)("height", v.height)("normal", v.normal)("object", v.object)("triangle",
                                                                                                 v.triangle))
SHOTOTSU_STRING_MAKER(CharacterMove,
                      ("position", v.position)("grounded", v.grounded)("ground_normal", v.ground_normal)("slope_angle",
                                                                                                         v.slope_angle)(
                          "stepped_up", v.stepped_up)("snapped", v.snapped)("hit_wall", v.hit_wall)("wall_normal",
                                                                                                    v.wall_normal)(
                          "reason", v.reason)("ground_object", v.ground_object)("ground_triangle", v.ground_triangle))
#undef SHOTOTSU_STRING_MAKER

template <>
struct StringMaker<shototsu::TriangleRegion> {
    static std::string convert(shototsu::TriangleRegion r) { return shototsu::test::show(r); }
};
template <>
struct StringMaker<shototsu::TriangleFeature> {
    static std::string convert(shototsu::TriangleFeature f) { return shototsu::test::show(f); }
};
template <>
struct StringMaker<shototsu::SweepPlaneCase> {
    static std::string convert(shototsu::SweepPlaneCase k) { return shototsu::test::show(k); }
};
template <>
struct StringMaker<shototsu::GroundReason> {
    static std::string convert(shototsu::GroundReason r) { return shototsu::test::show(r); }
};
template <>
struct StringMaker<shototsu::BoundingSphereKind> {
    static std::string convert(shototsu::BoundingSphereKind k) { return shototsu::test::show(k); }
};

}  // namespace Catch
