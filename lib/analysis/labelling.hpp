#pragma once
// Positions for tuning the evaluation: rows taken from played games (replayed from their records),
// quiet positions only, at most M a game, labelled from the side to move's point of view. A row holds
// the position itself, not its features: features are computed when tuning, so a changed feature set
// needs no new data. The file they are kept in is runs/format/positions_file.hpp.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval.hpp"
#include "engine/game_record.hpp"
#include "rules/rules.hpp"

namespace seega {

// How rows are labelled: the game's result, a fixed-depth search's win probability, or a blend
// L x result + (1 - L) x search (as modern engines train).
struct LabelSpec {
  enum class Kind { Result, Search, Blend } kind = Kind::Result;
  double blend = 1;      // L, for Blend
  int search_depth = 4;  // for Search and Blend
  double k = 1;          // the search's win probability is sigmoid(k x score / 100); forced results are 1 or 0
  // The labelling search's weights; without, the built-in weights of the game's rules (builtin_weights).
  std::optional<Weights> weights;
  std::string weights_file;  // where weights came from, when read from a file (what a file's header names)
};
// "result", "search" or "blend=L" with L in [0, 1].
Parsed<LabelSpec> parse_label(std::string_view text);
std::string to_string(const LabelSpec& label);

struct DataRow {
  std::string position;  // notation
  bool placement = false;
  std::string rules;  // canonical
  long long game = 0;
  int ply = 0;                // turns played before the position
  double result = 0.5;        // the game's result for the side to move: 1, 0.5 or 0
  std::optional<int> search;  // the search's score in hundredths of a stone, when labelled by search
  double label = 0.5;         // the target tuning fits
};

// The label of a row from its game's result and its search score (hundredths of a stone; a forced win
// or loss is 1 or 0): the result, the search's win probability sigmoid(k x score / 100), or the blend.
// Nothing when the label needs a search score and there is none.
std::optional<double> label_of(const LabelSpec& label, double result, std::optional<int> search);

// The rows of one game: its quiet positions (the side to move has no capturing step and the game is
// not over; every placement position is quiet), at most `per_game` of them chosen at random from the
// game's own seed, in ply order, labelled. Errors when the record does not replay.
Parsed<std::vector<DataRow>> game_rows(const Rules& rules, const GameRecord& record, int per_game,
                                       const LabelSpec& label);

}  // namespace seega
