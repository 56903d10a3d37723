// shototsu (internal) — how far a particle is kept from the surfaces it touches (particles.cpp).
// Never part of the public API.
#pragma once

#include "shototsu/tolerance.hpp"

namespace shototsu::tol {

/// After a contact a particle is set back along the normal by max(kParticleSkinRadiusRel * radius,
/// kParticleSkinCoordRel * max(max |coordinate|, radius)), so that its next sweep starts free of
/// the surface, not within the sweeps' touching band (the second term is four times that band):
/// a resting particle then falls by the skin and is set back to the same place, a fixed point.
inline constexpr float kParticleSkinRadiusRel = 1e-4f;
inline constexpr float kParticleSkinCoordRel = 4.0f * static_cast<float>(kSweepContactSlop);

/// A particle's path relative to a turning object is swept as chords that stray at most this times
/// its radius from the true curve (particles.hpp): the deepest it can end inside a turning surface.
inline constexpr float kParticleArcDeviationRel = 0.01f;
/// At most this many chords per sweep against one turning object, so a runaway spin costs bounded
/// time (beyond it the deviation grows as 1 / n^2 of the turn's).
inline constexpr int kParticleMaxArcPieces = 64;

}  // namespace shototsu::tol
