#pragma once
// Playing whole games between two players.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/adjudication.hpp"
#include "engine/game_record.hpp"
#include "engine/openings.hpp"
#include "engine/player.hpp"

namespace seega {

// The fields of a game's record that follow from its moves, worked out turn by turn: who placed last,
// plies, passes, each colour's movement moves, the placement and game keys, the mechanism counters,
// and at the end the result, stones, captures and movement plies. play_game fills records with it,
// and replay recomputes a record from the moves with it, so the two cannot disagree about what a field
// means. (The search counts come from the players, not the moves: play_game adds them.)
template <int N>
class RecordTally {
 public:
  explicit RecordTally(GameRecord& rec) : rec_(rec) {}
  // The position the game starts in, before any turn. A game that starts past placement (a start
  // position of an opening suite) has its start as the position at the end of placement.
  void start(const Position<N>& pos) {
    if (!pos.placing()) rec_.placement_key = pos.hash();
  }
  // One turn: m, played by the side to move in `before`, led to `after`.
  void turn(const Position<N>& before, const Move<N>& m, const Position<N>& after) {
    if (m.kind == MoveKind::Place) rec_.last_placer = before.side();
    if (m.kind == MoveKind::Pass) ++rec_.passes;
    else if (!before.placing()) ++rec_.movement_moves[before.side()];
    ++rec_.plies;
    rec_.game_key = mix(rec_.game_key, after.hash());
    if (before.placing() && !after.placing()) rec_.placement_key = after.hash();
    if (!before.placing() && rec_.first_move_captures < 0) {
      const Color them = ~before.side();
      rec_.first_move_captures = popcount(before.stones(them) & ~after.stones(them));
    }
    if (!diff_taken_ && !after.placing() && after.movement_plies() >= 10) take_diff(after);
  }
  // The end: the game is over in `end`.
  void finish(const Position<N>& end) {
    rec_.outcome = end.outcome();
    rec_.stones[White] = end.count(White);
    rec_.stones[Black] = end.count(Black);
    // Nothing is captured while placing (a game ended there outside the rules took nothing).
    rec_.captures = end.placing() ? 0 : 2 * end.rules().stones_per_side() - rec_.stones[White] - rec_.stones[Black];
    rec_.movement_plies = end.movement_plies();
    if (!diff_taken_) take_diff(end);
  }

 private:
  // A polynomial hash of the sequence of position keys: multiplying by an odd constant is a
  // bijection mod 2^64, so two different sequences (of Zobrist keys, themselves random) collide with
  // chance about 2^-64; one multiply-add a turn (measured: a splitmix finaliser per turn cost 4% of the
  // instructions of a random game).
  static std::uint64_t mix(std::uint64_t h, std::uint64_t x) { return h * 0x9E3779B97F4A7C15ULL + x; }
  void take_diff(const Position<N>& p) {
    rec_.stone_diff_10 = p.count(rec_.last_placer) - p.count(~rec_.last_placer);
    diff_taken_ = true;
  }
  GameRecord& rec_;
  bool diff_taken_ = false;
};

struct GameOptions {
  std::optional<Color> first_placer;  // none: the rules' first placer
  int opening_turns = 0;              // the first K placement turns are uniformly random...
  std::uint64_t opening_seed = 0;     // ...drawn from this seed, apart from the players' streams
  // Where the game starts (an opening suite's line): its position, empty for the empty board, in the
  // record's `start`; its moves are played as the first turns, recorded and observed like any. Precondition:
  // parse_openings accepts it under the rules (a start in placement has the game's first placer placing first).
  Opening start;
  bool record_moves = false;
  const std::atomic<bool>* stop = nullptr;  // checked before every move
  AdjudicationRule adjudication;            // none by default
};

// Plays one game from the empty board, or from options.start: players[c] plays colour c. The record's index, seed and
// player indices are left for the caller (the runner knows them); its seed field is set to seed. Each player draws its
// randomness from its own stream derived from seed, so one player's choices never shift the other's. Calls new_game()
// on both players first. Returns nothing when stopped before the end.
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
