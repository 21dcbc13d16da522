#pragma once
// Replaying a game record: every move parsed and checked where it is played, and the end compared
// with what the record says. Evidence for a results file, and a way to look at a game move by move.

#include <cassert>
#include <cstddef>
#include <string>
#include <vector>

#include "engine/game_record.hpp"
#include "rules/notation.hpp"

namespace seega {

template <int N>
struct ReplayedGame {
  // positions[0] is the record's start, or the empty board (the record's first placer to place) when it
  // has none; positions[k+1] follows moves[k].
  std::vector<Position<N>> positions;
  std::vector<Move<N>> moves;
  // The record the moves make (index, seed and players copied from the one replayed): what play_game
  // would have written for them.
  GameRecord record;

  // The stones move k captured (empty for placements and passes). Precondition: k < moves.size().
  // Read off the two positions rather than the move, whose own captured set is only filled for
  // some rules (movegen.hpp).
  Bitboard<N> captured(std::size_t k) const {
    assert(k < moves.size());
    const Color them = ~positions[k].side();
    return positions[k].stones(them) & ~positions[k + 1].stones(them);
  }
};

// Replays record under rules (rules.size == N; the positions point at `rules`, which must outlive the
// result). Every move must parse and be legal where it is played; the game must be over after the last
// move and not before (over as play_game sees it: no legal move); the end must agree with the record's
// outcome, stones of each colour, plies, movement_plies, passes, captures and last_placer. Moves are
// numbered from 1. An error names the game index and the move, "game 12, move 31 'c2-c3': <why>", or
// the field that disagrees, "game 12: the record says result w all_captured, the moves end in b quiet_limit".
// With ReplayCheck::MovesOnly the moves are checked (legal, and the game over after the last one) but
// the record's other fields are not compared: for records being built from moves (hand-made games,
// positions for tuning), whose derived fields are then in the result's record.
enum class ReplayCheck { All, MovesOnly };
template <int N>
Parsed<ReplayedGame<N>> replay(const Rules& rules, const GameRecord& record, ReplayCheck check = ReplayCheck::All);

// The same for any board size, as notation, for printing and for callers without a size template.
struct ReplayText {
  std::vector<std::string> positions;              // one per position: moves.size() + 1
  std::vector<std::string> moves;                  // each move as to_string prints it (canonical)
  std::vector<std::vector<std::string>> captured;  // per move the captured squares, e.g. {"b3", "c4"}
};
Parsed<ReplayText> replay_text(const Rules& rules, const GameRecord& record);

}  // namespace seega
