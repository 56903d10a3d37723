// shototsu — the shape helpers of shapes.hpp.
#include "shototsu/shapes.hpp"

#include "dvec.hpp"

namespace shototsu {

Plane plane_from_normal_point(Vec3 normal, Vec3 point) {
    const Vec3 n = normalize_or(normal, Vec3{0, 0, 0});
    return Plane{n, dot(n, point)};
}

Plane plane_from_triangle(Vec3 a, Vec3 b, Vec3 c) {
    // Cross product and normalisation in double: for thin or tiny triangles the float cross
    // product is mostly rounding, or underflows.
    const detail::DVec3 n = detail::cross(detail::dv(b) - detail::dv(a), detail::dv(c) - detail::dv(a));
    const double len = std::sqrt(detail::length_sq(n));
    if (!(len > 0.0) || !std::isfinite(len)) return Plane{{0, 0, 0}, 0.0f};
    const Vec3 unit = detail::fv(n * (1.0 / len));
    return Plane{unit, dot(unit, a)};
}

}  // namespace shototsu
