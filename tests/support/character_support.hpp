// The character suites' common settings: a 0.35 m by 1.7 m capsule with a 1 cm skin, the rest the
// core's defaults; a character settled on the ground.
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

// A character put on the ground at the origin (feet a skin above y = 0) and left to settle for two
// steps of dt, the world updated before each.
inline CharacterController settled(World& w, const CharacterSettings& s, float dt) {
    CharacterController ch(w, s, {0, 0.5f * s.height + s.skin_width, 0});
    for (int i = 0; i < 2; ++i) {
        w.update(dt);
        ch.move({0, -0.01f, 0}, dt);
    }
    return ch;
}

}  // namespace shototsu::test
