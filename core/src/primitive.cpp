// shototsu (internal) — the world's queries against one primitive collider (primitive.hpp),
// composed from the library's exact pairwise queries:
// * rays: intersect_segment_sphere / _capsule / _obb on a finite segment;
// * round against round (sphere or capsule against sphere or capsule): the moving axis against
//   the fixed one is a point against their Minkowski difference, a parallelogram swollen by the
//   sum of the radii — four edge capsules (intersect_segment_capsule) and two faces;
// * round against box: the box's twelve surface triangles (sweep_sphere_triangle,
//   sweep_capsule_triangle, triangle_capsule) once the start is known to be clear of the solid;
// * overlaps and closest points: the pairwise contacts, turned around where needed.
// Every sweep first classifies its start (overlapping, touching, clear) with the overlap query
// and the touching band of sweep.hpp, so the solid's inside is handled once, here.
#include "primitive.hpp"

#include <array>
#include <cmath>
#include <limits>

#include "dvec.hpp"
#include "overlap_detail.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu::detail {

namespace {

/// An unbounded ray is cut this far beyond the farthest corner of the primitive's box: the
/// segment then certainly passes the primitive, with room for the rounding of that bound.
constexpr double kRayReachScale = 1.125;

/// A floor probe starts this far (relative to the primitive's coordinates) outside the
/// primitive's box even when the box is flat, so the probe is never a zero-length point test.
constexpr double kFloorProbeMarginRel = 1e-3;
/// The absolute floor of that margin, for a flat primitive at the origin: the smallest normal
/// float, far below any length that matters.
constexpr double kFloorProbeMarginMin = std::numeric_limits<float>::min();

constexpr float kInf = std::numeric_limits<float>::infinity();

bool valid_primitive(const Primitive& p) {
    switch (p.kind) {
        case Primitive::Kind::Sphere: return shototsu::is_finite(p.sphere.center) && valid_radius(p.sphere.radius);
        case Primitive::Kind::Capsule:
            return shototsu::is_finite(p.capsule.start) && shototsu::is_finite(p.capsule.end) &&
                   valid_radius(p.capsule.radius);
        case Primitive::Kind::Box: return valid_obb(p.box);
    }
    return false;
}

bool valid_capsule(const Capsule& c) {
    return shototsu::is_finite(c.start) && shototsu::is_finite(c.end) && valid_radius(c.radius);
}

/// A sphere or capsule primitive as a capsule (a sphere is a zero-length one).
Capsule round_of(const Primitive& p) {
    if (p.kind == Primitive::Kind::Sphere) return {p.sphere.center, p.sphere.center, p.sphere.radius};
    return p.capsule;
}

/// The length scale of the primitive for the touching band: its largest coordinate and size.
double primitive_magnitude(const Primitive& p) {
    switch (p.kind) {
        case Primitive::Kind::Sphere: return dmax(max_abs({p.sphere.center}), p.sphere.radius);
        case Primitive::Kind::Capsule: return dmax(max_abs({p.capsule.start, p.capsule.end}), p.capsule.radius);
        case Primitive::Kind::Box: return dmax(max_abs({p.box.center}), max_abs({p.box.half_extents}));
    }
    return 0.0;
}

/// The twelve triangles of a box's surface, counter-clockwise seen from outside, two per face in
/// the order -x, +x, -y, +y, -z, +z (the fixed order that breaks ties between them). Corners are
/// computed in double from the normalised rotation and rounded once.
std::array<Triangle, 12> box_triangles(const OBB& box) {
    const DMat3 r = rotation_of(box.rotation);
    const DVec3 c = dv(box.center), h = dv(box.half_extents);
    Vec3 corner[8];  // bit 0: +x, bit 1: +y, bit 2: +z
    for (int i = 0; i < 8; ++i) {
        const DVec3 local{(i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z};
        corner[i] = fv(c + mul(r, local));
    }
    static constexpr int kFaces[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                         {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
    std::array<Triangle, 12> tris;
    for (int f = 0; f < 6; ++f) {
        const int* q = kFaces[f];
        tris[2 * f] = {corner[q[0]], corner[q[1]], corner[q[2]]};
        tris[2 * f + 1] = {corner[q[0]], corner[q[2]], corner[q[3]]};
    }
    return tris;
}

PrimitiveHit start_hit(Vec3 position, Vec3 point, Vec3 normal) {
    PrimitiveHit h;
    h.hit = true;
    h.distance = 0.0f;
    h.point = point;
    h.position = position;
    h.normal = normal;
    return h;
}

/// How a sweep starts: clear of the primitive (sweep on), or decided at once: `hit` is then the
/// answer (a hit at distance 0, or a miss for a touching start that moves away).
struct StartState {
    bool clear = true;
    PrimitiveHit hit;
};

/// The start of a capsule (a sphere: zero length) at `position` moving along `dir`, by the
/// overlap of the primitive with the capsule grown by the touching band: within twice the band
/// of that grown radius' contact the shape touches and hits only when approaching (sweep.hpp);
/// deeper it overlaps and hits whatever the motion, with the query's own position as point.
StartState classify_start(const Primitive& p, const Capsule& c, Vec3 position, Vec3 dir) {
    const double scale = dmax(dmax(max_abs({c.start, c.end}), c.radius), primitive_magnitude(p));
    const float band = static_cast<float>(tol::kSweepContactSlop * scale);
    const Contact k = primitive_capsule_overlap(p, {c.start, c.end, c.radius + band});
    StartState s;
    if (!k.hit) return s;
    s.clear = false;
    if (k.depth > 2.0f * band) {
        s.hit = start_hit(position, position, k.normal);
    } else if (dot(dir, k.normal) < 0.0f) {
        s.hit = start_hit(position, k.point, k.normal);
    }
    // Otherwise touching and moving away, along, or not at all: a miss, for the distance to a
    // convex solid never falls once it is not falling.
    return s;
}

/// The first contact of two round shapes: `a` translating along unit `dir` for `len` against the
/// fixed `b`, the start known to be clear. Relative to a, b's axis minus a's axis sweeps the
/// parallelogram {b(v) - a(u)}; contact is the moving point dir * s entering it swollen by
/// rA + rB: through one of its four edges (an end of one axis against the other axis as a
/// capsule) or one of its two faces. Earliest wins; ties in the order face, a's ends, b's ends.
PrimitiveHit round_sweep(const Capsule& b, const Capsule& a, Vec3 dir, float len) {
    const float r = a.radius + b.radius;
    PrimitiveHit best;
    float best_s = kInf;
    const auto offer = [&](float s, Vec3 normal, Vec3 contact) {
        if (s < best_s) {
            best_s = s;
            best.hit = true;
            best.distance = s;
            best.normal = normal;
            best.point = contact;
        }
    };

    const DVec3 da = dv(a.end) - dv(a.start), db = dv(b.end) - dv(b.start);
    const DVec3 axis = cross(da, db);
    const double axis_sq = length_sq(axis);
    if (axis_sq > tol::kDegenerateSinSq * length_sq(da) * length_sq(db)) {
        // The faces: the parallelogram's plane through p0 = b0 - a0, offset by r toward the start.
        DVec3 n = axis * (1.0 / std::sqrt(axis_sq));
        const DVec3 p0 = dv(b.start) - dv(a.start);
        double d0 = -dot(p0, n);
        if (d0 < 0.0) {
            n = -n;
            d0 = -d0;
        }
        const DVec3 dd = dv(dir);
        const double dn = dot(dd, n);
        if (d0 > r && dn < 0.0) {
            const double s = (d0 - r) / -dn;
            if (s <= len) {
                // The touching point of the plane, as p0 + v db - u da.
                const DVec3 h = dd * s - n * static_cast<double>(r) - p0;
                const double v = dot(cross(da, h), axis) / axis_sq, u = dot(cross(db, h), axis) / axis_sq;
                if (u >= 0.0 && u <= 1.0 && v >= 0.0 && v <= 1.0) {
                    const Vec3 nf = fv(n);
                    offer(static_cast<float>(s), nf, fv(dv(b.start) + db * v + n * static_cast<double>(b.radius)));
                }
            }
        }
    }

    // a's ends moving against b's axis swollen by r: the normal of the cast points from b to a.
    const Vec3 motion = dir * len;
    const bool a_long = !(a.start == a.end), b_long = !(b.start == b.end);
    const Capsule grown_b{b.start, b.end, r};
    for (const Vec3 end : {a.start, a.end}) {
        const CastHit c = intersect_segment_capsule({end, end + motion}, grown_b);
        if (c.hit) offer(c.t * len, c.normal, c.point - c.normal * a.radius);
        if (!a_long) break;
    }
    // b's ends moving by -motion against a's axis swollen by r: the cast's normal points from a to b.
    if (a_long) {
        const Capsule grown_a{a.start, a.end, r};
        for (const Vec3 end : {b.start, b.end}) {
            const CastHit c = intersect_segment_capsule({end, end - motion}, grown_a);
            if (c.hit) offer(c.t * len, -c.normal, end - c.normal * b.radius);
            if (!b_long) break;
        }
    }
    return best;
}

/// The first of the box's twelve triangles that `sweep(tri)` reaches (a SweepHit-like result
/// with t, contact and normal); the start known to be clear of the solid.
template <class Sweep>
PrimitiveHit box_sweep(const OBB& box, float len, Sweep sweep) {
    PrimitiveHit best;
    float best_t = kInf;
    for (const Triangle& tri : box_triangles(box)) {
        const auto h = sweep(tri);
        if (h.hit && h.t < best_t) {
            best_t = h.t;
            best.hit = true;
            best.distance = h.t * len;
            best.point = h.contact;
            best.normal = h.normal;
        }
    }
    return best;
}

/// Box against a capsule (of non-zero length). When the axis meets the solid box, the shortest
/// way out is the separating-axis minimum over the box's faces and the axis crossed with each
/// box edge (the facet normals of the box minus the segment, a zonotope), plus the radius.
/// Otherwise it is the distance between the axis and the box's surface: the deepest of the twelve
/// triangles' contacts.
Contact box_capsule(const OBB& box, const Capsule& c) {
    const DMat3 rot = rotation_of(box.rotation);
    const DVec3 o = dv(box.center), h = dv(box.half_extents);
    const DVec3 pa = mul_transpose(rot, dv(c.start) - o), pb = mul_transpose(rot, dv(c.end) - o);
    const DVec3 d = pb - pa;
    const DVec3 axes[6] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, d.z, -d.y}, {-d.z, 0, d.x}, {d.y, -d.x, 0}};
    double best = std::numeric_limits<double>::infinity();
    DVec3 best_n;
    bool meets = true;
    for (int i = 0; i < 6 && meets; ++i) {
        const double l2 = length_sq(axes[i]);
        // An axis crossed with an edge it (nearly) parallels is noise; the face axes cover it.
        if (i >= 3 && !(l2 > tol::kDegenerateSinSq * length_sq(d))) continue;
        const DVec3 n = axes[i] * (1.0 / std::sqrt(l2));
        const double rb = std::fabs(n.x) * h.x + std::fabs(n.y) * h.y + std::fabs(n.z) * h.z;
        const double sa = dot(pa, n), sb = dot(pb, n);
        const double plus = rb - dmin(sa, sb), minus = dmax(sa, sb) + rb;  // moves along +n, -n
        if (plus < 0.0 || minus < 0.0) meets = false;
        if (plus < best) {
            best = plus;
            best_n = n;
        }
        if (minus < best) {
            best = minus;
            best_n = -n;
        }
    }
    if (!meets) {
        Contact deepest;
        for (const Triangle& tri : box_triangles(box)) {
            const Contact k = triangle_capsule(tri, c);
            if (k.hit && (!deepest.hit || k.depth > deepest.depth)) deepest = k;
        }
        return deepest;
    }
    // The axis end deepest against the normal, pushed onto the box's supporting plane and kept on
    // the box.
    const DVec3 deep = dot(pa, best_n) <= dot(pb, best_n) ? pa : pb;
    const double rb = std::fabs(best_n.x) * h.x + std::fabs(best_n.y) * h.y + std::fabs(best_n.z) * h.z;
    DVec3 q = deep + best_n * (rb - dot(deep, best_n));
    q = {dmax(-h.x, dmin(h.x, q.x)), dmax(-h.y, dmin(h.y, q.y)), dmax(-h.z, dmin(h.z, q.z))};
    Contact k;
    k.hit = true;
    k.point = fv(o + mul(rot, q));
    k.normal = fv(unit_or(mul(rot, best_n), {0, 1, 0}));
    k.depth = static_cast<float>(best + c.radius);
    return k;
}

/// The solid's closest point to q around a core point (a sphere's centre, a capsule's axis point).
PrimitiveClosest closest_around(Vec3 core, float radius, Vec3 q) {
    const DVec3 dq = dv(q) - dv(core);
    const double dist = dlength(dq);
    if (!(dist > radius)) return {q, 0.0f};  // inside or on it (and NaN input passes through)
    return {fv(dv(core) + dq * (radius / dist)), static_cast<float>(dist - radius)};
}

}  // namespace

AABB primitive_box(const Primitive& p) {
    switch (p.kind) {
        case Primitive::Kind::Sphere: return aabb_of_sphere(p.sphere);
        case Primitive::Kind::Capsule: return aabb_of_capsule(p.capsule);
        case Primitive::Kind::Box: return aabb_of_obb(p.box);
    }
    return aabb_empty();
}

PrimitiveHit primitive_raycast(const Primitive& p, Vec3 origin, Vec3 dir, float max_distance) {
    if (!valid_primitive(p) || !shototsu::is_finite(origin) || !shototsu::is_finite(dir) || !(max_distance >= 0.0f)) {
        return {};
    }
    // A finite segment: up to max_distance, or just past the primitive's box when that is nearer
    // (the shorter segment also rounds t * length more finely).
    const AABB box = primitive_box(p);
    double reach_sq = 0.0;
    for (int i = 0; i < 3; ++i) {
        const double o = component(origin, i);
        const double far = dmax(std::fabs(o - component(box.min, i)), std::fabs(o - component(box.max, i)));
        reach_sq += far * far;
    }
    const double reach = dmin(std::sqrt(reach_sq) * kRayReachScale, std::numeric_limits<float>::max());
    const float len = static_cast<double>(max_distance) < reach ? max_distance : static_cast<float>(reach);
    const Segment seg{origin, origin + dir * len};
    CastHit c;
    switch (p.kind) {
        case Primitive::Kind::Sphere: c = intersect_segment_sphere(seg, p.sphere); break;
        case Primitive::Kind::Capsule: c = intersect_segment_capsule(seg, p.capsule); break;
        case Primitive::Kind::Box: c = intersect_segment_obb(seg, p.box); break;
    }
    if (!c.hit) return {};
    PrimitiveHit h;
    h.hit = true;
    h.distance = c.t * len;
    h.point = c.point;
    h.position = c.point;
    h.normal = c.normal;
    return h;
}

PrimitiveHit primitive_sphere_cast(const Primitive& p, Vec3 center, float radius, Vec3 dir, float max_distance) {
    if (!valid_primitive(p) || !shototsu::is_finite(center) || !valid_radius(radius) || !shototsu::is_finite(dir) ||
        !(max_distance >= 0.0f) || !std::isfinite(max_distance)) {
        return {};
    }
    const Capsule self{center, center, radius};
    const StartState start = classify_start(p, self, center, dir);
    if (!start.clear) return start.hit;
    PrimitiveHit h;
    if (p.kind == Primitive::Kind::Box) {
        const Vec3 end = center + dir * max_distance;
        h = box_sweep(p.box, max_distance,
                      [&](const Triangle& tri) { return sweep_sphere_triangle(radius, center, end, tri); });
    } else {
        h = round_sweep(round_of(p), self, dir, max_distance);
    }
    if (h.hit) h.position = center + dir * h.distance;
    return h;
}

PrimitiveHit primitive_capsule_cast(const Primitive& p, const Capsule& c, Vec3 dir, float max_distance) {
    if (!valid_primitive(p) || !valid_capsule(c) || !shototsu::is_finite(dir) || !(max_distance >= 0.0f) ||
        !std::isfinite(max_distance)) {
        return {};
    }
    const Vec3 centre = (c.start + c.end) * 0.5f;
    const StartState start = classify_start(p, c, centre, dir);
    if (!start.clear) return start.hit;
    PrimitiveHit h;
    if (p.kind == Primitive::Kind::Box) {
        const Vec3 motion = dir * max_distance;
        h = box_sweep(p.box, max_distance, [&](const Triangle& tri) { return sweep_capsule_triangle(c, motion, tri); });
    } else {
        h = round_sweep(round_of(p), c, dir, max_distance);
    }
    if (h.hit) h.position = centre + dir * h.distance;
    return h;
}

Contact primitive_sphere_overlap(const Primitive& p, const Sphere& s) {
    if (!valid_primitive(p) || !shototsu::is_finite(s.center) || !valid_radius(s.radius)) return {};
    switch (p.kind) {
        case Primitive::Kind::Sphere: return sphere_sphere(p.sphere, s);
        case Primitive::Kind::Capsule: return capsule_sphere(p.capsule, s);
        case Primitive::Kind::Box: return obb_sphere(p.box, s);
    }
    return {};
}

Contact primitive_capsule_overlap(const Primitive& p, const Capsule& c) {
    if (!valid_primitive(p) || !valid_capsule(c)) return {};
    if (c.start == c.end) return primitive_sphere_overlap(p, {c.start, c.radius});
    if (p.kind == Primitive::Kind::Box) return box_capsule(p.box, c);
    return capsule_capsule(round_of(p), c);
}

PrimitiveClosest primitive_closest_point(const Primitive& p, Vec3 q) {
    // An invalid primitive (non-finite, negative radius or extents) has no point: NaN, as
    // results.hpp allows closest-point queries.
    if (!valid_primitive(p)) {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        return {{nan, nan, nan}, nan};
    }
    switch (p.kind) {
        case Primitive::Kind::Sphere: return closest_around(p.sphere.center, p.sphere.radius, q);
        case Primitive::Kind::Capsule:
            return closest_around(closest_point_on_segment(q, {p.capsule.start, p.capsule.end}).point, p.capsule.radius,
                                  q);
        case Primitive::Kind::Box: {
            // Inside: q itself, not q turned into the box's frame and back.
            if (obb_contains_point(p.box, q)) return {q, 0.0f};
            const Vec3 point = closest_point_on_obb(q, p.box);
            return {point, static_cast<float>(dlength(dv(q) - dv(point)))};
        }
    }
    return {q, 0.0f};
}

PrimitiveFloor primitive_floor(const Primitive& p, float x, float z, float from_y) {
    if (!valid_primitive(p) || !std::isfinite(x) || !std::isfinite(z) || std::isnan(from_y)) return {};
    // Probe the vertical line from above (the upper surface) and from below (the lower one), each
    // segment starting clear outside the primitive's box.
    const AABB box = primitive_box(p);
    const double span = static_cast<double>(box.max.y) - box.min.y;
    const double margin =
        span + dmax(kFloorProbeMarginRel * max_abs({box.min, box.max, Vec3{x, 0, z}}), kFloorProbeMarginMin);
    const Vec3 top{x, static_cast<float>(box.max.y + margin), z}, bottom{x, static_cast<float>(box.min.y - margin), z};
    const Vec3 up{0, 1, 0};
    const PrimitiveHit upper = primitive_raycast(p, top, {0, -1, 0}, kInf);
    const PrimitiveHit lower = primitive_raycast(p, bottom, up, kInf);
    PrimitiveFloor f;
    for (const PrimitiveHit* h : {&upper, &lower}) {
        if (h->hit && h->point.y <= from_y) {
            f.hit = true;
            f.height = h->point.y;
            f.normal = h->normal.y < 0.0f ? -h->normal : h->normal;
            return f;
        }
    }
    return f;
}

}  // namespace shototsu::detail
