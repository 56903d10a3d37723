// The character suites' common settings: a 0.35 m by 1.7 m capsule with a 1 cm skin, the rest the
// core's defaults.
#pragma once

#include "shototsu/character.hpp"

namespace shototsu::test {

inline CharacterSettings settings() {
    CharacterSettings s;
    s.radius = 0.35f;
    s.height = 1.7f;
    s.skin_width = 0.01f;
    return s;
}

}  // namespace shototsu::test
