#pragma once
// Playing whole games between two players.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game_record.hpp"
#include "player.hpp"

namespace seega {

struct GameOptions {
  std::optional<Color> first_placer;  // none: the rules' first placer
  int opening_turns = 0;            // the first K placement turns are uniformly random...
  std::uint64_t opening_seed = 0;   // ...drawn from this seed, apart from the players' streams
  bool record_moves = false;
  const std::atomic<bool>* stop = nullptr;  // checked before every move
};

// Plays one game from the start position: players[c] plays colour c. The record's index, seed and
// player indices are left for the caller (the runner knows them); its seed field is set to seed. Each player draws its randomness
// from its own stream derived from seed, so one player's choices never shift the other's. Calls
// new_game() on both players first. Returns nothing when stopped before the end.
template <int N>
std::optional<GameRecord> play_game(const Rules& rules, Player<N>* const players[2], std::uint64_t seed,
                                    const GameOptions& options);

template <int N>
GameRecord play_game(const Rules& rules, Player<N>* const players[2], std::uint64_t seed, Color first_placer,
                     bool record_moves = false) {
  GameOptions o;
  o.first_placer = first_placer;
  o.record_moves = record_moves;
  return *play_game(rules, players, seed, o);
}

// Plays one game of uniformly random legal moves. Precondition: valid rules.
GameRecord play_random_game(const Rules& rules, std::uint64_t seed, Color first_placer, bool record_moves = false);
inline GameRecord play_random_game(const Rules& rules, std::uint64_t seed) {
  return play_random_game(rules, seed, rules.first_placer);
}

}  // namespace seega
