#include "rules/perft.hpp"

#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace seega {

namespace {

// Depth 2 in the movement phase under rules where a turn is one plain step: visit each step straight
// from the bitboards instead of filling a move list first.
template <int N>
std::uint64_t perft2_steps(const Position<N>& pos) {
  using G = Geometry<N>;
  std::uint64_t nodes = 0;
  bool any = false;
  const Bitboard<N> free = pos.empty();
  for (int d = 0, dirs = pos.rules().step_directions(); d < dirs; ++d) {
    for (auto targets = G::shift(pos.stones(pos.side()), d) & free; targets;) {
      int to = pop_lsb(targets);
      Position<N> child = pos;
      child.play(Move<N>::step(to - G::kDelta[d], to));
      nodes += count_legal_moves(child);
      any = true;
    }
  }
  if (!any) {
    Position<N> child = pos;
    child.play(Move<N>::pass());
    nodes = count_legal_moves(child);
  }
  return nodes;
}

}  // namespace

template <int N>
std::uint64_t perft(const Position<N>& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  if (depth == 2 && !pos.placing() && !pos.rules().chains && !pos.rules().forced_capture)
    return pos.outcome().over() ? 0 : perft2_steps(pos);
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
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const Position<N>& pos, int depth,
                                                                const DivideCallback& each) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth <= 0) return out;
  MoveList<N> list;
  legal_moves(pos, list);
  const std::vector<std::string> names = to_strings(pos, list);
  for (std::size_t i = 0; i < list.size(); ++i) {
    Position<N> child = pos;
    child.play(list[i]);
    out.emplace_back(names[i], perft(child, depth - 1));
    if (each) each(out.back().first, out.back().second);
  }
  return out;
}

#define SEEGA_INSTANTIATE(N)                                                                           \
  template std::uint64_t perft<N>(const Position<N>&, int);                                            \
  template std::vector<std::pair<std::string, std::uint64_t>> perft_divide<N>(const Position<N>&, int, \
                                                                              const DivideCallback&);
SEEGA_FOR_EACH_SIZE(SEEGA_INSTANTIATE)
#undef SEEGA_INSTANTIATE

}  // namespace seega
