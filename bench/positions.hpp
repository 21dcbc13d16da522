#pragma once
// Positions for the benchmarks, reached by seeded random play so that they are the same on every run.

#include <cstdint>
#include <vector>

#include "rules/movegen.hpp"
#include "rules/random.hpp"

namespace seega::bench {

// `count` positions of games played uniformly at random from seed 2026: in movement, after
// `movement_plies` plies of it; in placement (movement_plies < 0), with `in_hand` stones left to place.
// Games that end first are skipped. The positions point to `rules`, which must outlive them.
template <int N>
std::vector<Position<N>> random_positions(const Rules& rules, std::size_t count, int movement_plies, int in_hand = 0) {
  std::vector<Position<N>> positions;
  MoveList<N> list;
  for (std::uint64_t g = 0; positions.size() < count; ++g) {
    Rng rng(Rng::derive(2026, g));
    Position<N> pos(rules);
    auto going = [&] {
      if (movement_plies < 0) return pos.in_hand(White) + pos.in_hand(Black) > in_hand;
      return pos.placing() || pos.movement_plies() < movement_plies;
    };
    while (going()) {
      legal_moves(pos, list);
      if (list.empty()) break;
      pos.play(list[rng.below(list.size())]);
    }
    if (!pos.outcome().over()) positions.push_back(pos);
  }
  return positions;
}

}  // namespace seega::bench
