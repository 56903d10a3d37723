// shototsu — the whole public API in one include.
#pragma once

#include "shototsu/bounding.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/bvh.hpp"
#include "shototsu/cast.hpp"
#include "shototsu/character.hpp"
#include "shototsu/closest_point.hpp"
#include "shototsu/explain.hpp"
#include "shototsu/floor.hpp"
#include "shototsu/math.hpp"
#include "shototsu/overlap.hpp"
#include "shototsu/particles.hpp"
#include "shototsu/results.hpp"
#include "shototsu/shapes.hpp"
#include "shototsu/sweep.hpp"
#include "shototsu/tolerance.hpp"
#include "shototsu/world.hpp"
