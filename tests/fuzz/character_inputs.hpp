// What the character fuzz targets read from their bytes besides the scene.
#pragma once

#include "fuzz_input.hpp"
#include "shototsu/character.hpp"

namespace shototsu::fuzz {

/// Character settings from the bytes, each in the range a game would use (the controller's own
/// checks are not what these targets test).
inline CharacterSettings settings_in_range(FuzzInput& in) {
    CharacterSettings s;
    s.radius = in.in_range(0.1f, 0.8f);
    s.height = 2 * s.radius + in.in_range(0.0f, 1.5f);
    s.step_height = in.in_range(0.0f, 0.5f);
    s.max_slope_degrees = in.in_range(0.0f, 90.0f);
    s.snap_distance = in.in_range(0.0f, 0.5f);
    s.skin_width = in.in_range(0.002f, 0.05f);
    return s;
}

}  // namespace shototsu::fuzz
