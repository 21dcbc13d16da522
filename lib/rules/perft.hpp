#pragma once
// Perft: the number of move sequences of a given length, the standard check of a move generator.
// A placement turn, a pass and a whole chain turn each count as one move; a terminal position has none.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "rules/position.hpp"

namespace seega {

// Leaf count at depth (depth 0 counts 1). Counts the last ply in bulk without playing it.
template <int N>
std::uint64_t perft(const Position<N>& pos, int depth);

// Each root move in notation with its leaf count at depth - 1, in generation order; `each`, when
// given, hears every root move as its count is done (so a caller can print the moves as they come).
using DivideCallback = std::function<void(const std::string& move, std::uint64_t count)>;
template <int N>
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const Position<N>& pos, int depth,
                                                                const DivideCallback& each = {});

}  // namespace seega
