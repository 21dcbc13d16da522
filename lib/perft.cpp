#include "perft.hpp"

#include "movegen.hpp"
#include "notation.hpp"

namespace seega {

template <int N>
std::uint64_t perft(const Position<N>& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  MoveList<N> list;
  legal_moves(pos, list);
  std::uint64_t nodes = 0;
  for (const auto& m : list) {
    Position<N> child = pos;
    child.play(m);
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

template <int N>
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const Position<N>& pos, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth <= 0) return out;
  MoveList<N> list;
  legal_moves(pos, list);
  for (const auto& m : list) {
    Position<N> child = pos;
    child.play(m);
    out.emplace_back(to_string(pos, m), perft(child, depth - 1));
  }
  return out;
}

template std::uint64_t perft<5>(const Position<5>&, int);
template std::uint64_t perft<7>(const Position<7>&, int);
template std::uint64_t perft<9>(const Position<9>&, int);
template std::vector<std::pair<std::string, std::uint64_t>> perft_divide<5>(const Position<5>&, int);
template std::vector<std::pair<std::string, std::uint64_t>> perft_divide<7>(const Position<7>&, int);
template std::vector<std::pair<std::string, std::uint64_t>> perft_divide<9>(const Position<9>&, int);

}  // namespace seega
