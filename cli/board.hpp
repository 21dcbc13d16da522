#pragma once
// Drawing a position for people: the board with file letters and rank numbers, the centre marked; and
// how a game ended, in words.

#include <string>
#include <vector>

#include "rules/rules.hpp"

namespace seega::cli {

// The board of a position in notation (valid for rules), one rank a line, rank N at the top:
//    5  . . . b .
//    3  w . + . b      ('+' marks the empty centre)
//       a b c d e
std::string board_diagram(const Rules& rules, const std::string& fen);

// What a diagram can show beyond the stones: the last move and what it took.
struct BoardMarks {
  std::vector<int> moved;     // the squares the last move placed on, left or reached
  std::vector<int> captured;  // the squares whose stones it captured (empty now)
  bool colour = false;        // ANSI colours; only for a terminal that allows them
};

// The same board with marks: a stone on a moved square in capitals (W, B), a captured square 'x'.
// With colour the two sides have their own colours, the moved squares are shown inverted and the
// captured ones red; without it the text holds no escape code.
std::string board_diagram(const Rules& rules, const std::string& fen, const BoardMarks& marks);

// Why a game ended, for people: "every stone of one side captured", "30 plies without a capture, stones
// counted", ...; "not over" for a game that has not ended.
std::string ending_text(const Rules& rules, const Outcome& outcome);

// Who won, for people: "w (greedy) wins" or "a draw"; names[c] is the player of colour c ("" for none).
std::string winner_text(const Outcome& outcome, const std::string names[2]);

}  // namespace seega::cli
