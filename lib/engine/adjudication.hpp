#pragma once
// Adjudication (off by default): a game ended early when both sides' reported scores agree. A win: for
// the last N searched moves of each side, every score says the same side is ahead by at least the
// margin. A draw: for the last N searched movement moves of each side, every score is within the draw
// margin of level. A move without a score (a random or greedy move, a blunder) breaks a side's streak;
// a forced move, which nobody searches, neither counts nor breaks it. Scores are the searches' own
// (hundredths of a stone, side to move's view; a forced win counts as a margin of any size).

#include <optional>
#include <string>
#include <string_view>

#include "rules/spec.hpp"
#include "rules/types.hpp"

namespace seega {

struct AdjudicationRule {
  int win_margin = 0, win_moves = 0;    // win=MARGIN:N; 0 moves: no win adjudication
  int draw_margin = 0, draw_moves = 0;  // draw=MARGIN:N; 0 moves: no draw adjudication
  bool any() const { return win_moves > 0 || draw_moves > 0; }
  // "win=500:4,draw=20:10" (the parts set), "" for none.
  std::string text() const;
  bool operator==(const AdjudicationRule&) const = default;
};
// "win=MARGIN:N", "draw=MARGIN:N" or both, comma-separated; errors say what is allowed.
Parsed<AdjudicationRule> parse_adjudication(std::string_view text);

class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationRule& rule) : rule_(rule) {}
  // A move by `side`: its search's score (none for a move no search chose), and whether the game was in
  // its movement phase. The result, with what happened in words (detail), once the rule ends the game.
  std::optional<Outcome> after_move(Color side, std::optional<int> score, bool movement);
  const std::string& detail() const { return detail_; }

 private:
  AdjudicationRule rule_;
  // Per side, how many of its last moves in a row said w is ahead by the margin, b is, or the game is level.
  int white_ahead_[2] = {0, 0}, black_ahead_[2] = {0, 0}, level_[2] = {0, 0};
  std::string detail_;
};

}  // namespace seega
