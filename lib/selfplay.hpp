#pragma once
// Playing whole games. For now: uniformly random games, the baseline of every study and the
// random-game invariant tests.

#include <cstdint>
#include <string>
#include <vector>

#include "rules.hpp"
#include "types.hpp"

namespace seega {

struct GameRecord {
  Color first_placer = White;
  Color last_placer = Black;
  Outcome outcome;
  int stones[2] = {0, 0};  // left on the board at the end
  int movement_plies = 0;
  int passes = 0;
  int captures = 0;               // stones captured in the whole game
  std::vector<std::string> moves;  // in notation, when asked for
};

// Plays one game of uniformly random legal moves from the start position. Precondition: valid rules.
GameRecord play_random_game(const Rules& rules, std::uint64_t seed, Color first_placer = White,
                            bool record_moves = false);

}  // namespace seega
