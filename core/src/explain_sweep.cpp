// shototsu — explain forms of the moving-sphere sweep and of sweep and prune (explain.hpp): the
// relative motion's quadratic and the start's class (sweep.cpp), the sorted order and the pairs
// the sweep tests (broadphase.cpp). Each takes its `result` from the query itself.
#include <algorithm>
#include <cmath>

#include "explain_detail.hpp"
#include "overlap_detail.hpp"
#include "shototsu/bounding.hpp"
#include "shototsu/explain.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "sort_detail.hpp"

namespace shototsu {

using detail::dv;
using detail::DVec3;

namespace {

constexpr auto f = detail::shown;

}  // namespace

SweepSphereSphereExplanation explain_sweep_sphere_sphere(Vec3 p0, Vec3 p1, float rp, Vec3 q0, Vec3 q1, float rq) {
    SweepSphereSphereExplanation out;
    out.result = sweep_sphere_sphere(p0, p1, rp, q0, q1, rq);
    if (!is_finite(p0) || !is_finite(p1) || !is_finite(q0) || !is_finite(q1) || !detail::valid_radius(rp) ||
        !detail::valid_radius(rq))
        return out;
    const DVec3 x = dv(p0) - dv(q0), y = (dv(p1) - dv(p0)) - (dv(q1) - dv(q0));
    const double r = static_cast<double>(rp) + static_cast<double>(rq);
    out.relative_start = detail::fv(x);
    out.relative_motion = detail::fv(y);
    out.radius_sum = f(r);
    const double a = detail::length_sq(y), b = detail::dot(x, y), c = detail::length_sq(x) - r * r;
    const double disc = r * r * a - detail::length_sq(detail::cross(x, y));
    out.a = f(a);
    out.b = f(b);
    out.c = f(c);
    out.discriminant = f(disc);
    if (a > 0.0 && disc >= 0.0) {
        out.has_roots = true;
        // The root nearer to zero as c / q, the other as q / a (q = -b -+ sqrt(disc), of b's sign).
        const double root = std::sqrt(disc);
        const double q = b < 0.0 ? -b + root : -b - root;
        const double near = q != 0.0 ? c / q : 0.0, far = q / a;
        out.t_enter = f(b < 0.0 ? near : far);
        out.t_exit = f(b < 0.0 ? far : near);
        out.listing_hit = out.t_enter == 0.0f;
    }
    out.listing_divides_by_zero = a == 0.0;
    // The start's class, with the sweeps' touching band (sweep.hpp).
    const double slop = tol::kSweepContactSlop * detail::dmax(detail::max_abs({p0, q0}), r);
    const double dist0 = detail::dlength(x);
    out.start =
        dist0 < r - slop ? SweepStart::Overlapping : (dist0 <= r + slop ? SweepStart::Touching : SweepStart::Free);
    return out;
}

SweepAndPruneExplanation explain_pairs_sweep_and_prune(std::span<const AABB> boxes) {
    SweepAndPruneExplanation out;
    pairs_sweep_and_prune(boxes, out.result);
    for (std::uint32_t i = 0; i < boxes.size(); ++i)
        if (is_finite(boxes[i].min) && is_finite(boxes[i].max) && !aabb_is_empty(boxes[i])) out.order.push_back(i);
    const std::uint64_t n = out.order.size();
    out.all_pairs_tests = n * (n - (n > 0 ? 1 : 0)) / 2;
    detail::sort_range(out.order.data(), out.order.data() + out.order.size(), [&](std::uint32_t a, std::uint32_t b) {
        return boxes[a].min.x != boxes[b].min.x ? boxes[a].min.x < boxes[b].min.x : a < b;
    });
    // Each box meets the boxes after it in the order until one starts beyond its right end.
    for (std::size_t i = 0; i < out.order.size(); ++i) {
        const AABB& a = boxes[out.order[i]];
        for (std::size_t j = i + 1; j < out.order.size() && !(boxes[out.order[j]].min.x > a.max.x); ++j)
            out.x_overlaps.push_back({std::min(out.order[i], out.order[j]), std::max(out.order[i], out.order[j])});
    }
    return out;
}

}  // namespace shototsu
