#pragma once
// A position as an SVG picture, for notebooks and web pages: the board_diagram of board.hpp drawn.

#include <string>
#include <vector>

#include "board.hpp"
#include "rules/rules.hpp"

namespace seega::cli {

// The board of a position in notation (valid for rules) as a standalone SVG document: an N x N grid
// with file letters below and rank numbers on the left (rank N at the top), the centre square shaded
// and, while empty, marked by a diamond, and one <circle> per stone (class "stone w" or "stone b")
// and no other circle. Marks (marks.colour is ignored): each moved square is framed by a highlighted
// <rect class="moved">, each captured square crossed by two <line class="captured">.
std::string board_svg(const Rules& rules, const std::string& fen, const BoardMarks& marks = {});

// The squares a move in notation names, for marks: "a1+b2" gives a1 and b2, "c2-c3-c4" all three,
// "pass" none. A word that is not a square of an n x n board is skipped.
std::vector<int> move_squares(const std::string& move, int n);

// Writes svg to path, the file of `option` (--svg), whole (atomic_write.hpp), or a UsageError naming
// the option and why not.
void write_svg(const std::string& option, const std::string& path, const std::string& svg);

}  // namespace seega::cli
