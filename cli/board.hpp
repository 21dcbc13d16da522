#pragma once
// Drawing a position for people: the board with file letters and rank numbers, the centre marked.

#include <string>

#include "rules.hpp"

namespace seega::cli {

// The board of a position in notation (valid for rules), one rank a line, rank N at the top:
//    5  .  .  .  b  .
//    3  w  .  +  .  b      ('+' marks the empty centre)
//       a  b  c  d  e
std::string board_diagram(const Rules& rules, const std::string& fen);

}  // namespace seega::cli
