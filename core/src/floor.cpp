// shototsu — the height of a floor triangle under a point (floor.hpp,
// marupeke296.com 3D collision no. 8).
#include "shototsu/floor.hpp"

#include <cmath>
#include <limits>

#include "dvec.hpp"
#include "exact_detail.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

using detail::dv;
using detail::DVec3;

namespace {

double cross2(double ux, double uz, double vx, double vz) { return ux * vz - uz * vx; }

// The double value of cross(v - u, p - u) for XZ points, d = t1 - t2, is within 4 ulp-units of
// (|t1| + |t2|) of the exact one (three roundings per product, one for the difference): beyond 8
// such units its sign is certain. Below that the differences and products may have rounded — the
// coordinates' exponents lie far apart (a denormal beside a metre) — and a point outside an edge
// could read as on it or inside.
bool sign_certain(double t1, double t2) {
    constexpr double kBound = 8.0 * 0x1p-53;
    const double d = t1 - t2;
    return std::fabs(d) > kBound * (std::fabs(t1) + std::fabs(t2));
}

// The rare case: each edge value whose sign is not certain gets the exact sign of the float
// coordinates (exact_detail.hpp): 0 on the edge's line, and off it, a double value of the wrong
// sign (or zero) becomes the smallest double of the right sign. Kept out of line so the common
// path stays small.
[[gnu::noinline]] void make_signs_exact(const Triangle& tri, float x, float z, double sub[3]) {
    constexpr double kTiny = std::numeric_limits<double>::denorm_min();
    const Vec2 p{x, z}, v[3] = {{tri.a.x, tri.a.z}, {tri.b.x, tri.b.z}, {tri.c.x, tri.c.z}};
    for (int i = 0; i < 3; ++i) {
        // sub[i] is the edge opposite vertex i, from vertex i + 1 to vertex i + 2.
        const int s = detail::orientation(v[(i + 1) % 3], v[(i + 2) % 3], p);
        const double d = sub[i];
        sub[i] = (s > 0 && d > 0.0) || (s < 0 && d < 0.0) ? d : (s == 0 ? 0.0 : (s > 0 ? kTiny : -kTiny));
    }
}

// The triangle seen from above, and where (x, z) falls in it. The edge signs are exact
// (make_signs_exact), so an (x, z) exactly on an edge or a vertex gets a zero sign and one outside by
// any amount, however small beside the triangle, a sign that puts it outside.
struct Projection {
    bool inside = false;
    /// Twice the signed areas of the sub-triangles opposite a, b and c: OBC, OCA, OAB.
    double sub[3] = {0, 0, 0};
    /// The unit normal turned up.
    Vec3 normal;
};

Projection project(const Triangle& tri, float x, float z) {
    Projection out;
    if (!is_finite(tri.a) || !is_finite(tri.b) || !is_finite(tri.c) || !std::isfinite(x) || !std::isfinite(z))
        return out;
    const double ax = tri.a.x, az = tri.a.z, bx = tri.b.x, bz = tri.b.z, cx = tri.c.x, cz = tri.c.z;
    const double area2 = cross2(bx - ax, bz - az, cx - ax, cz - az);
    double longest2 = (bx - ax) * (bx - ax) + (bz - az) * (bz - az);
    longest2 = detail::dmax(longest2, (cx - bx) * (cx - bx) + (cz - bz) * (cz - bz));
    longest2 = detail::dmax(longest2, (ax - cx) * (ax - cx) + (az - cz) * (az - cz));
    // A wall (or a sliver whose projected height is below 1e-8 of its length): no floor here.
    // marupeke296.com 3D collision no. 8 would divide by N.y = 0.
    if (!(area2 * area2 > tol::kDegenerateSinSq * longest2 * longest2)) return out;

    const double t[6] = {(cx - bx) * (z - bz), (cz - bz) * (x - bx), (ax - cx) * (z - cz),
                         (az - cz) * (x - cx), (bx - ax) * (z - az), (bz - az) * (x - ax)};
    out.sub[0] = t[0] - t[1];
    out.sub[1] = t[2] - t[3];
    out.sub[2] = t[4] - t[5];
    if (!(sign_certain(t[0], t[1]) && sign_certain(t[2], t[3]) && sign_certain(t[4], t[5])))
        make_signs_exact(tri, x, z, out.sub);
    // Edge signs, either winding; zero (on an edge or a vertex) counts as inside.
    const bool ccw = out.sub[0] >= 0.0 && out.sub[1] >= 0.0 && out.sub[2] >= 0.0;
    const bool cw = out.sub[0] <= 0.0 && out.sub[1] <= 0.0 && out.sub[2] <= 0.0;
    out.inside = ccw || cw;
    if (!out.inside) return out;

    DVec3 n = detail::cross(dv(tri.b) - dv(tri.a), dv(tri.c) - dv(tri.a));
    if (n.y < 0.0) n = -n;  // marupeke296.com 3D collision no. 8: a floor's normal points to the sky
    out.normal = detail::fv(n * (1.0 / std::sqrt(detail::length_sq(n))));
    return out;
}

// The point is inside, so the exact height is a convex combination of the vertex heights:
// keep rounding from stepping outside their range.
float clamp_to_vertices(double h, const Triangle& tri) {
    const double lo = detail::dmin(tri.a.y, detail::dmin(tri.b.y, tri.c.y));
    const double hi = detail::dmax(tri.a.y, detail::dmax(tri.b.y, tri.c.y));
    return static_cast<float>(h < lo ? lo : (h > hi ? hi : h));
}

}  // namespace

FloorHeight floor_height(const Triangle& tri, float x, float z) {
    const Projection pr = project(tri, x, z);
    if (!pr.inside) return {};
    // N.(O - A) = 0 solved for O.y, with the normal in double (not the float one returned).
    const DVec3 n = detail::cross(dv(tri.b) - dv(tri.a), dv(tri.c) - dv(tri.a));
    const double h =
        tri.a.y - (n.x * (x - static_cast<double>(tri.a.x)) + n.z * (z - static_cast<double>(tri.a.z))) / n.y;
    return {true, clamp_to_vertices(h, tri), pr.normal};
}

FloorHeight floor_height_by_area(const Triangle& tri, float x, float z) {
    const Projection pr = project(tri, x, z);
    if (!pr.inside) return {};
    // Weights normalised by the sum of the sub-areas (equal to S in exact arithmetic), so that
    // they sum to one under rounding too.
    const double total = pr.sub[0] + pr.sub[1] + pr.sub[2];
    const double h = (pr.sub[0] * tri.a.y + pr.sub[1] * tri.b.y + pr.sub[2] * tri.c.y) / total;
    return {true, clamp_to_vertices(h, tri), pr.normal};
}

}  // namespace shototsu
