// shototsu — many characters that never overlap one another (character.hpp: CharacterGroup). Each
// move sees the neighbours a broadphase finds near it as obstacles
// (character_neighbours.hpp).
#include <vector>

#include "broadphase_detail.hpp"
#include "shototsu/broadphase.hpp"
#include "shototsu/character.hpp"

namespace shototsu {

namespace {

// Up to this many characters, neighbours are found by sort and sweep rather than a tree.
constexpr std::uint32_t kSweepPairsUpTo = 256;

}  // namespace

CharacterGroup::CharacterGroup(const World& world, const CharacterSettings& settings, std::uint32_t capacity)
    : world_(&world), settings_(settings), capacity_(capacity) {
    controllers_.reserve(capacity);
    moves_.reserve(capacity);
    positions_.assign(3 * static_cast<std::size_t>(capacity), 0.0f);
    grounded_.assign(capacity, 0);
}

std::int32_t CharacterGroup::add(Vec3 position) {
    if (controllers_.size() >= capacity_ || !is_finite(position)) return -1;
    controllers_.emplace_back(*world_, settings_, position);
    if (body_world_) controllers_.back().register_in(*body_world_, body_layers_);
    moves_.emplace_back();
    moves_.back().position = position;
    const std::size_t i = controllers_.size() - 1;
    positions_[3 * i] = position.x;
    positions_[3 * i + 1] = position.y;
    positions_[3 * i + 2] = position.z;
    return static_cast<std::int32_t>(i);
}

void CharacterGroup::set_position(std::uint32_t i, Vec3 p) {
    if (i >= controllers_.size() || !is_finite(p)) return;
    controllers_[i].set_position(p);
    positions_[3 * i] = p.x;
    positions_[3 * i + 1] = p.y;
    positions_[3 * i + 2] = p.z;
}

void CharacterGroup::configure(const CharacterSettings& settings) {
    settings_ = settings;
    for (CharacterController& c : controllers_) c.configure(settings);
}

void CharacterGroup::move_all(const float* displacements, float dt) {
    const std::uint32_t n = count();
    if (n == 0) return;
    // Neighbours: capsule boxes from where each is to where its ground carries it, grown by its
    // displacement and skin.
    const CharacterSettings& s = controllers_[0].settings();
    const float half = 0.5f * s.height - s.radius;
    std::vector<Vec3>& carried = scratch_.carried;
    std::vector<AABB>& boxes = scratch_.boxes;
    carried.resize(n);
    boxes.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Vec3 c = controllers_[i].position();
        carried[i] = controllers_[i].carried_position();
        const Vec3 d{displacements[3 * i], displacements[3 * i + 1], displacements[3 * i + 2]};
        const float reach = (is_finite(d) ? length(d) : 0.0f) + s.skin_width;
        const Vec3 ext{s.radius + reach, half + s.radius + reach, s.radius + reach};
        boxes[i] = {vmin(c, carried[i]) - ext, vmax(c, carried[i]) + ext};
    }
    // The same pairs either way (broadphase.hpp): sort and sweep costs less than building a tree
    // for a few hundred boxes, and its worst case (all sharing x) is then still small. The sweep's
    // order is kept for the next step, when it is nearly sorted still.
    std::vector<BoxPair>& pairs = scratch_.pairs;
    if (n <= kSweepPairsUpTo)
        detail::sweep_pairs(boxes, scratch_.order, scratch_.listed, pairs);
    else
        pairs_tree(boxes, pairs);
    // Each character's neighbours in ascending index order: first[i] .. first[i + 1] in
    // `neighbours`.
    std::vector<std::uint32_t>& first = scratch_.first;
    std::vector<std::uint32_t>& neighbours = scratch_.neighbours;
    first.assign(n + 1, 0);
    for (const BoxPair& p : pairs) {
        ++first[p.a + 1];
        ++first[p.b + 1];
    }
    for (std::uint32_t i = 0; i < n; ++i) first[i + 1] += first[i];
    neighbours.resize(first[n]);
    std::vector<std::uint32_t>& fill = scratch_.fill;
    fill.assign(first.begin(), first.end() - 1);
    for (const BoxPair& p : pairs) {
        neighbours[fill[p.a]++] = p.b;
        neighbours[fill[p.b]++] = p.a;
    }
    for (std::uint32_t i = 0; i < n; ++i) {  // a few each: insertion sort
        for (std::uint32_t k = first[i] + 1; k < first[i + 1]; ++k) {
            const std::uint32_t x = neighbours[k];
            std::uint32_t j = k;
            for (; j > first[i] && neighbours[j - 1] > x; --j) neighbours[j] = neighbours[j - 1];
            neighbours[j] = x;
        }
    }
    std::vector<CharacterController::Obstacle>& obstacles = scratch_.obstacles;
    for (std::uint32_t i = 0; i < n; ++i) {
        obstacles.clear();
        for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
            const std::uint32_t j = neighbours[k];
            obstacles.push_back({j < i ? controllers_[j].position() : carried[j], s.radius, s.height});
        }
        CharacterController& ch = controllers_[i];
        ch.set_obstacles(obstacles);
        moves_[i] = ch.move({displacements[3 * i], displacements[3 * i + 1], displacements[3 * i + 2]}, dt);
        grounded_[i] = moves_[i].grounded ? 1 : 0;
        const Vec3 p = ch.position();
        positions_[3 * i] = p.x;
        positions_[3 * i + 1] = p.y;
        positions_[3 * i + 2] = p.z;
    }
}

}  // namespace shototsu
