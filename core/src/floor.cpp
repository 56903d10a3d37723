// shototsu — the height of a floor triangle under a point (floor.hpp, seed 003).
#include "shototsu/floor.hpp"

#include "dvec.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

using detail::dv;
using detail::DVec3;

namespace {

double cross2(double ux, double uz, double vx, double vz) { return ux * vz - uz * vx; }

// The triangle seen from above, and where (x, z) falls in it. Everything runs in double: the
// differences of float coordinates and their products are exact there, so an (x, z) exactly on
// an edge or a vertex gets an exactly zero edge sign, and thin projections keep their sign.
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
    // Seed 003 would divide by N.y = 0.
    if (!(area2 * area2 > tol::kDegenerateSinSq * longest2 * longest2)) return out;

    out.sub[0] = cross2(cx - bx, cz - bz, x - bx, z - bz);
    out.sub[1] = cross2(ax - cx, az - cz, x - cx, z - cz);
    out.sub[2] = cross2(bx - ax, bz - az, x - ax, z - az);
    // Edge signs, either winding; zero (on an edge or a vertex) counts as inside.
    const bool ccw = out.sub[0] >= 0.0 && out.sub[1] >= 0.0 && out.sub[2] >= 0.0;
    const bool cw = out.sub[0] <= 0.0 && out.sub[1] <= 0.0 && out.sub[2] <= 0.0;
    out.inside = ccw || cw;
    if (!out.inside) return out;

    DVec3 n = detail::cross(dv(tri.b) - dv(tri.a), dv(tri.c) - dv(tri.a));
    if (n.y < 0.0) n = -n;  // seed 003: a floor's normal points to the sky
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
