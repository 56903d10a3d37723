// shototsu (internal) — the sweeps' entry points for callers that know more than the public ones
// ask (the character's triangle cache) and for tests that compare variants bit for bit. Never
// part of the public API.
#pragma once

#include "shototsu/math.hpp"

namespace shototsu {
struct Capsule;
struct SweepHit;
struct Triangle;
struct TriangleSweepHit;
}  // namespace shototsu

namespace shototsu::detail {

/// sweep_capsule_triangle for a caller that knows the capsule starts farther from the triangle
/// than its radius plus the sweep's touching band (tol::kSweepContactSlop times the larger of its
/// ends' largest coordinate and the radius), say by a separating axis: the same answer, without
/// the start's closest points (sweep_capsule.cpp). Given a capsule that does not, its answer is
/// unspecified.
SweepHit sweep_capsule_triangle_free_start(const Capsule& capsule, Vec3 motion, const Triangle& tri);
/// sweep_capsule_triangle without its fast path for a lower end meeting a face (tests compare the
/// two bit for bit).
SweepHit sweep_capsule_triangle_exhaustive(const Capsule& capsule, Vec3 motion, const Triangle& tri);
/// sweep_sphere_triangle likewise, for a sphere known to start farther than its radius plus the
/// touching band (tol::kSweepContactSlop times the larger of the start's largest coordinate and
/// the radius) from the triangle (sweep.cpp).
TriangleSweepHit sweep_sphere_triangle_free_start(float radius, Vec3 start, Vec3 end, const Triangle& tri);
/// sweep_sphere_triangle without its fast path for a face contact well inside the triangle (tests
/// compare the two bit for bit).
TriangleSweepHit sweep_sphere_triangle_exhaustive(float radius, Vec3 start, Vec3 end, const Triangle& tri);

}  // namespace shototsu::detail
