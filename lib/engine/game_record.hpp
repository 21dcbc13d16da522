#pragma once
// One played game, as the runner produces it, a results file stores it, replay reads it back and the
// summaries count it. Colour-neutral: nothing here assumes which colour places first or last.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/types.hpp"

namespace seega {

// What a colour's searches cost in one game (players that do not search leave it empty). Counts, not
// times, so a deterministic player's record is the same on every run.
struct SearchCounts {
  int searches = 0;                        // moves chosen by a search (a blunder's random move is not one)
  int ended_by_nodes = 0;                  // searches that a node limit ended before their depth (a node budget)
  int ended_by_clock = 0;                  // searches that the clock ended before their depth
  std::uint64_t nodes = 0, max_nodes = 0;  // the searches' nodes: the sum, and the most in one
  // The searches' completed depths (SearchResult::depth), summed: the depth a search reached on average,
  // which a clock decides. None in a file written before seega recorded it.
  std::optional<std::uint64_t> depths = 0;
  bool operator==(const SearchCounts&) const = default;
};

struct GameRecord {
  long long index = 0;     // the game's index in its schedule (0 for a game played on its own)
  std::uint64_t seed = 0;  // the players' random streams derive from it
  int player[2] = {0, 1};  // the player of colour w and of colour b, as indices into the player list
  Color first_placer = White;
  Color last_placer = Black;       // the side that made the last placement
  std::vector<std::string> moves;  // every move in notation, from `start`; empty when not recorded
  // The position the game started in, in notation (an opening suite's start position); empty for the
  // empty board, the first placer to place.
  std::string start;
  Outcome outcome;
  int stones[2] = {0, 0};  // w, b left on the board at the end
  int plies = 0;           // every turn: placements, steps and passes
  int movement_plies = 0;  // the position's movement counter at the end (passes are not plies)
  int passes = 0;
  int captures = 0;  // stones captured in the whole game
  // The movement-phase turns each colour made (w, b): steps and chain turns; passes are not moves.
  int movement_moves[2] = {0, 0};
  // Diversity: the Zobrist key of the position at the end of placement, or of the start of a game that
  // started past it (games sharing it share a
  // placement), and a key of the whole sequence of positions (games sharing it are the same game).
  std::uint64_t placement_key = 0, game_key = 0;
  // The key of the position after the random opening turns (GameOptions::opening_turns) or after the
  // opening suite's start (GameOptions::start): games sharing it share an opening. 0 when the game had
  // neither (or a file written before it).
  std::uint64_t opening_key = 0;
  // The mechanism: stones taken by the first turn of the movement phase (-1 when the game had none),
  // and the last placer's stones minus the first placer's after 10 movement plies (at the end, when
  // the game ended sooner).
  int first_move_captures = -1;
  int stone_diff_10 = 0;
  SearchCounts search[2];  // per colour
  // A game ended outside the rules (outside_rules(outcome.reason)): what happened, in words ("w answered
  // 'bestmove zz9': not a move"), and the last lines of the conversation with the engine that failed
  // ("> go depth 4", "< bestmove zz9"); both empty for a game the rules ended.
  std::string end_detail;
  std::vector<std::string> engine_log;

  // Whether player p (an index into the player list) played this game.
  bool played_by(int p) const { return player[White] == p || player[Black] == p; }
  // The colour of player p. Precondition: played_by(p); in self-play of one index, w.
  Color colour_of(int p) const { return player[White] == p ? White : Black; }
  // Player p's points: 1 for a win, 0.5 for a draw, 0 for a loss. Precondition: played_by(p).
  double points(int p) const { return points_of(colour_of(p)); }
  double points_of(Color c) const { return outcome.draw() ? 0.5 : outcome.winner == c ? 1.0 : 0.0; }
  bool last_placer_won() const { return !outcome.draw() && outcome.winner == last_placer; }
  bool first_placer_won() const { return !outcome.draw() && outcome.winner != last_placer; }
};

}  // namespace seega
