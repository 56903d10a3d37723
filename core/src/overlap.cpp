// shototsu — contacts of round shapes (overlap.hpp): sphere–sphere, capsule–sphere and
// capsule–capsule (Madhav, Game Programming in C++ ch. 10), and the double-precision helpers of
// overlap_detail.hpp.
#include "shototsu/overlap.hpp"

#include "overlap_detail.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

namespace detail {

namespace {

constexpr double kTinySq = static_cast<double>(tol::kTinyLengthSq);

}  // namespace

DVec3 closest_on_segment(DVec3 p, DVec3 a, DVec3 b) {
    const DVec3 ab = b - a;
    const double num = dot(p - a, ab);
    if (num <= 0.0) return a;
    const double den = length_sq(ab);
    if (num >= den) return b;
    return a + ab * (num / den);
}

SegmentPair closest_segments(DVec3 a0, DVec3 a1, DVec3 b0, DVec3 b1) {
    // Ericson RTCD 5.1.9; the parallel test uses |d1 x d2|^2 itself, because the Lagrange form
    // a e - b^2 cancels catastrophically for nearly parallel segments.
    const DVec3 d1 = a1 - a0, d2 = b1 - b0, r = a0 - b0;
    const double a = length_sq(d1), e = length_sq(d2), f = dot(d2, r);
    double s = 0.0, t = 0.0;
    bool interior = false;
    if (a <= kTinySq && e <= kTinySq) {
        // two points: s = t = 0
    } else if (a <= kTinySq) {
        t = clamp01(f / e);
    } else {
        const double c = dot(d1, r);
        if (e <= kTinySq) {
            s = clamp01(-c / a);
        } else {
            const double b = dot(d1, d2);
            // The lines' closest point on the first, s = n . ((b0 - a0) x d2) / |n|^2 with
            // n = d1 x d2: exact to a rounding per component however parallel the lines are
            // (the Lagrange form (b f - c e) / (a e - b^2) loses every digit near parallel, and a
            // "parallel" cut-off then misplaces the pair by sin(angle) x length).
            const DVec3 n = cross(d1, d2);
            const double denom = length_sq(n);
            const bool parallel = !(denom > 0.0);
            // Parallel: every s has a partner; take s = 0 and let the clamps below settle it.
            s = parallel ? 0.0 : clamp01(dot(n, cross(-r, d2)) / denom);
            t = (b * s + f) / e;
            if (t < 0.0) {
                t = 0.0;
                s = clamp01(-c / a);
            } else if (t > 1.0) {
                t = 1.0;
                s = clamp01((b - c) / a);
            }
            interior = !parallel && s > 0.0 && s < 1.0 && t > 0.0 && t < 1.0;
        }
    }
    return {a0 + d1 * s, b0 + d2 * t, interior, s, t};
}

Separation separation(DVec3 a0, DVec3 a1, DVec3 b0, DVec3 b1, double magnitude) {
    Separation out;
    out.pair = closest_segments(a0, a1, b0, b1);
    const double noise = tol::kCoincidentRel * magnitude;
    if (out.pair.interior) {
        // The lines' distance and direction from their common perpendicular: exact up to one
        // rounding, where the difference of the two computed points is not.
        const DVec3 c = cross(a1 - a0, b1 - b0);
        const double clen = dlength(c);
        const double side = dot(c, b0 - a0) / clen;
        out.dist = std::fabs(side);
        if (out.dist > noise) {
            out.normal = c * ((side > 0.0 ? 1.0 : -1.0) / clen);
            out.has_normal = true;
        }
        return out;
    }
    const DVec3 diff = out.pair.p2 - out.pair.p1;
    out.dist = dlength(diff);
    if (out.dist > noise) {
        out.normal = diff * (1.0 / out.dist);
        out.has_normal = true;
    }
    return out;
}

double line_distance_lower_bound(DVec3 w, DVec3 d) {
    const double length = dlength(d);
    if (!(length > 0.0)) return dlength(w) * (1.0 - tol::kDoubleEvalRelError);
    const DVec3 perm = cross_permanent(w, d);
    const double area = dlength(cross(w, d)) - tol::kDoubleEvalRelError * (perm.x + perm.y + perm.z);
    return dmax(0.0, area / (length * (1.0 + tol::kDoubleEvalRelError)));
}

double plane_distance_lower_bound(DVec3 w, DVec3 e1, DVec3 e2) {
    const DVec3 n = cross(e1, e2), perm = cross_permanent(e1, e2);
    const double volume = std::fabs(dot(w, n)) - tol::kDoubleEvalRelError * dot(dabs(w), perm);
    return dmax(0.0, volume / (dlength(n) + tol::kDoubleEvalRelError * (perm.x + perm.y + perm.z)));
}

bool beyond(const Separation& sep, DVec3 a0, DVec3 a1, DVec3 b0, DVec3 b1, double reach) {
    if (!(sep.dist > reach)) return false;
    const SegmentPair& p = sep.pair;
    double lower;
    if (p.interior) {
        lower = plane_distance_lower_bound(b0 - a0, a1 - a0, b1 - b0);
    } else {
        // An end is exactly a0 or a1 (b0 or b1); a fraction strictly inside is a projection.
        const bool end1 = p.s == 0.0 || p.s == 1.0, end2 = p.t == 0.0 || p.t == 1.0;
        if (end1 && !end2)
            lower = line_distance_lower_bound(p.p1 - b0, b1 - b0);
        else if (end2 && !end1)
            lower = line_distance_lower_bound(p.p2 - a0, a1 - a0);
        else
            lower = sep.dist * (1.0 - tol::kDoubleEvalRelError);
    }
    return lower > reach;
}

DMat3 rotation_of(Quat q) {
    const double x = q.x, y = q.y, z = q.z, w = q.w;
    const double n = x * x + y * y + z * z + w * w;
    DMat3 m{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    if (!(n > 0.0)) return m;
    // The homogeneous form with s = 2 / |q|^2 rotates by q / |q| without a square root.
    const double s = 2.0 / n;
    m.col[0] = {1.0 - s * (y * y + z * z), s * (x * y + w * z), s * (x * z - w * y)};
    m.col[1] = {s * (x * y - w * z), 1.0 - s * (x * x + z * z), s * (y * z + w * x)};
    m.col[2] = {s * (x * z + w * y), s * (y * z - w * x), 1.0 - s * (x * x + y * y)};
    return m;
}

DVec3 perpendicular_nearest_up(DVec3 axis) {
    const double l2 = length_sq(axis);
    if (!(l2 > kTinySq)) return {0, 1, 0};
    // Remove the axis's component from +Y; |up|^2 is then the squared sine of their angle.
    const DVec3 up = DVec3{0, 1, 0} - axis * (axis.y / l2);
    const double u2 = length_sq(up);
    if (u2 > static_cast<double>(tol::kParallelSinSq)) return up * (1.0 / std::sqrt(u2));
    const DVec3 side = DVec3{1, 0, 0} - axis * (axis.x / l2);  // the axis is vertical: |side| ~ 1
    return side * (1.0 / dlength(side));
}

DVec3 orient_up(DVec3 n) {
    const bool down = n.y < 0.0 || (n.y == 0.0 && (n.x < 0.0 || (n.x == 0.0 && n.z < 0.0)));
    return down ? -n : n;
}

Contact make_contact(DVec3 point, DVec3 normal, double depth) {
    Contact out;
    out.hit = true;
    out.point = fv(point);
    out.normal = fv(normal);
    out.depth = static_cast<float>(depth > 0.0 ? depth : 0.0);
    return out;
}

Contact round_contact(const Round& a, const Round& b, double magnitude) {
    const double reach = a.radius + b.radius;
    const Separation sep = separation(a.start, a.end, b.start, b.end, magnitude);
    if (beyond(sep, a.start, a.end, b.start, b.end, reach)) return {};
    if (sep.has_normal) {
        return make_contact(sep.pair.p1 + sep.normal * a.radius, sep.normal, reach - sep.dist);
    }
    // The axes touch or cross: any direction perpendicular to both moves b off a's axis, and
    // along it both segments lie in planes, so the depth is exact for that direction.
    const DVec3 da = a.end - a.start, db = b.end - b.start;
    const DVec3 c = cross(da, db);
    DVec3 n;
    if (length_sq(c) > static_cast<double>(tol::kParallelSinSq) * length_sq(da) * length_sq(db)) {
        n = orient_up(c * (1.0 / dlength(c)));
    } else {
        n = perpendicular_nearest_up(length_sq(da) > kTinySq ? da : db);
    }
    return make_contact(sep.pair.p1 + n * a.radius, n, reach - dot(n, sep.pair.p2 - sep.pair.p1));
}

}  // namespace detail

namespace {

bool valid(const Sphere& s) { return is_finite(s.center) && detail::valid_radius(s.radius); }
bool valid(const Capsule& c) { return is_finite(c.start) && is_finite(c.end) && detail::valid_radius(c.radius); }

}  // namespace

Contact sphere_sphere(const Sphere& a, const Sphere& b) {
    if (!valid(a) || !valid(b)) return {};
    return detail::round_contact(detail::round_of(a), detail::round_of(b), detail::max_abs({a.center, b.center}));
}

Contact capsule_sphere(const Capsule& c, const Sphere& s) {
    if (!valid(c) || !valid(s)) return {};
    return detail::round_contact(detail::round_of(c), detail::round_of(s), detail::max_abs({c.start, c.end, s.center}));
}

Contact capsule_capsule(const Capsule& a, const Capsule& b) {
    if (!valid(a) || !valid(b)) return {};
    return detail::round_contact(detail::round_of(a), detail::round_of(b),
                                 detail::max_abs({a.start, a.end, b.start, b.end}));
}

}  // namespace shototsu
