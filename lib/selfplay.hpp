#pragma once
// Playing whole games between two players.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "player.hpp"

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

struct GameOptions {
  Color first_placer = White;
  int opening_turns = 0;            // the first K placement turns are uniformly random...
  std::uint64_t opening_seed = 0;   // ...drawn from this seed, apart from the players' streams
  bool record_moves = false;
  const std::atomic<bool>* stop = nullptr;  // checked before every move
};

// Plays one game from the start position: players[c] plays colour c. Each player draws its randomness
// from its own stream derived from seed, so one player's choices never shift the other's. Calls
// new_game() on both players first. Returns nothing when stopped before the end.
template <int N>
std::optional<GameRecord> play_game(const Rules& rules, Player<N>* const players[2], std::uint64_t seed,
                                    const GameOptions& options);

template <int N>
GameRecord play_game(const Rules& rules, Player<N>* const players[2], std::uint64_t seed, Color first_placer = White,
                     bool record_moves = false) {
  GameOptions o;
  o.first_placer = first_placer;
  o.record_moves = record_moves;
  return *play_game(rules, players, seed, o);
}

// Plays one game of uniformly random legal moves. Precondition: valid rules.
GameRecord play_random_game(const Rules& rules, std::uint64_t seed, Color first_placer = White,
                            bool record_moves = false);

}  // namespace seega
