// shototsu — the height of a floor triangle under a point seen from above
// (marupeke296.com 3D collision no. 8). "Up" is +Y.
#pragma once

#include "shototsu/shapes.hpp"

namespace shototsu {

struct FloorHeight {
    /// (x, z) lies inside or on the boundary of the triangle's projection onto the XZ plane,
    /// and that projection has non-zero area.
    bool hit = false;
    /// The triangle's height at (x, z); 0 on a miss.
    float height = 0.0f;
    /// The triangle's unit normal turned to point up (y >= 0); zero on a miss.
    Vec3 normal;
};

/// Height by the plane method of marupeke296.com 3D collision no. 8: with the upward normal N
/// and a vertex A, N.(O - A) = 0 solved for O.y. That article divides by N.y, which is 0 for a
/// vertical wall: such triangles (zero projected area: a projected height below 1e-8 of the longest
/// projected edge, tol::kDegenerateSinSq) are a miss here, as is any (x, z) outside the projection
/// (tested first by the signs of the three projected edges, so no extrapolation happens; an
/// (x, z) exactly on an edge or a vertex is inside, in either winding). The edge signs are exact
/// for any float coordinates, so a hit's (x, z) always lies in the triangle's bounding box, even
/// a denormal beside a metre-sized triangle. The height is computed in double and kept within
/// the vertex heights' range, where the exact answer lies. NaN or infinite input is a miss.
FloorHeight floor_height(const Triangle& tri, float x, float z);

/// Height by the second method of marupeke296.com 3D collision no. 8: the area-weighted average of
/// the vertex heights, with the areas of the sub-triangles OBC, OAC, OAB of the projection (2D
/// cross products), divided by their sum (S in exact arithmetic) so the weights sum to one under
/// rounding too. Same misses and normal as floor_height; the two heights agree to float rounding
/// (tested).
FloorHeight floor_height_by_area(const Triangle& tri, float x, float z);

}  // namespace shototsu
