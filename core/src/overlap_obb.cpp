// shototsu — oriented box against oriented box by the separating-axis theorem (overlap.hpp;
// Ericson RTCD 4.4.1), reporting the axis of least penetration.
#include "overlap_detail.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/tolerance.hpp"

namespace shototsu {

namespace {

using detail::dv;
using detail::DVec3;

struct Box {
    DVec3 center, half;
    detail::DMat3 axes;
};

Box box_of(const OBB& b) { return {dv(b.center), dv(b.half_extents), detail::rotation_of(b.rotation)}; }

// Half the width of the box's shadow on the unit axis L.
double radius_along(const Box& b, DVec3 l) {
    return b.half.x * std::fabs(dot(b.axes.col[0], l)) + b.half.y * std::fabs(dot(b.axes.col[1], l)) +
           b.half.z * std::fabs(dot(b.axes.col[2], l));
}

}  // namespace

Contact obb_obb(const OBB& oa, const OBB& ob) {
    if (!detail::valid_obb(oa) || !detail::valid_obb(ob)) return {};
    const Box a = box_of(oa), b = box_of(ob);
    const DVec3 t = b.center - a.center;

    // The candidate axes: a's three face normals, b's, then the nine edge cross products. The
    // computation runs in world space on unit axes, in double, so each penetration is a true
    // distance and comparable with the others. An edge pair within tol::kSatAxisCushion of
    // parallel (|a_i x b_j| below it) is skipped, as Ericson's cushion does: its cross product
    // is rounding noise that could "separate" overlapping boxes, and the face axes already
    // cover the directions it would add.
    DVec3 axes[15];
    int count = 0;
    for (int i = 0; i < 3; ++i) axes[count++] = a.axes.col[i];
    for (int j = 0; j < 3; ++j) axes[count++] = b.axes.col[j];
    const double min_sin = static_cast<double>(tol::kSatAxisCushion);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            const DVec3 c = cross(a.axes.col[i], b.axes.col[j]);
            const double len = detail::dlength(c);
            if (len > min_sin) axes[count++] = c * (1.0 / len);
        }

    // Penetration along L: the shadows' half widths minus the distance of the centres' shadows.
    // Negative on any axis: separated. Touching (0) is a hit. Ties keep the earlier axis, so
    // face axes win over edge axes.
    double best = 0.0;
    DVec3 normal;
    for (int k = 0; k < count; ++k) {
        const DVec3 l = axes[k];
        const double d = dot(t, l);
        const double pen = radius_along(a, l) + radius_along(b, l) - std::fabs(d);
        if (pen < 0.0) return {};
        if (k == 0 || pen < best) {
            best = pen;
            normal = d < 0.0 ? -l : l;
        }
    }

    // b's corner that reaches farthest against the normal, into a.
    DVec3 corner = b.center;
    const double half[3] = {b.half.x, b.half.y, b.half.z};
    for (int j = 0; j < 3; ++j) {
        const DVec3 axis = b.axes.col[j];
        corner = corner + axis * (dot(axis, normal) > 0.0 ? -half[j] : half[j]);
    }
    return detail::make_contact(corner, normal, best);
}

}  // namespace shototsu
