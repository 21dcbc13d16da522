#pragma once
// Position notation ("5/5/5/5/5 w 12/12 0 0") and move notation ("a1+b2", "c2-c3", "c2-c3-c4",
// "pass"), as docs/rules.md defines them.

#include <string>
#include <string_view>
#include <vector>

#include "rules/movegen.hpp"

namespace seega {

// "a1" for square 0; files a.., ranks 1.. on an n x n board.
std::string square_name(int square, int n);
// The square named by text, or -1 if it is not a square of an n x n board.
int parse_square(std::string_view text, int n);

// The number of rows in the board field of a position, or 0 when there is no board field.
int position_size(std::string_view text);

// Parses a position; errors name the field that is wrong. Precondition: rules.size == N.
template <int N>
Parsed<Position<N>> parse_position(const Rules& rules, std::string_view text);

template <int N>
std::string to_string(const Position<N>& pos);

// A move of pos in notation; a chain turn prints its shortest path (then smallest square sequence).
template <int N>
std::string to_string(const Position<N>& pos, const Move<N>& move);

// Every move of a list of pos in notation, as to_string(pos, move) prints each, but walking each
// stone's chain turns once rather than once a turn (a 9x9 position can have thousands of chain turns).
template <int N>
std::vector<std::string> to_strings(const Position<N>& pos, const MoveList<N>& list);

// A legal move of pos from its notation; an error says why the text is not one.
template <int N>
Parsed<Move<N>> parse_move(const Position<N>& pos, std::string_view text);

}  // namespace seega
