// shototsu (internal) — what the explain forms share (explain_*.cpp). Never part of the public API.
#pragma once

#include <cfloat>

namespace shototsu::detail {

/// A double intermediate as the float an explanation shows: rounded, and clamped to the float
/// range so that finite input never shows an infinity (huge coordinates square past FLT_MAX).
inline float shown(double x) { return static_cast<float>(x > FLT_MAX ? FLT_MAX : (x < -FLT_MAX ? -FLT_MAX : x)); }

}  // namespace shototsu::detail
