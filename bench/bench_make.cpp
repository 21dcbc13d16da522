// Copy-make against do/undo (lib/rules/position.hpp): the same tree walks, one copying the position into
// each child (what the engine does), the other playing every move on one position and taking it back
// (Position::play(m, undo) and Position::undo). Each pair of rows differs only in that; read them side
// by side (README, Speed).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "positions.hpp"
#include "rules/notation.hpp"
#include "rules/perft.hpp"

namespace {

using namespace seega;

// One move list per ply, on the heap (a 9x9 list is 100 KB), shared by both ways of walking.
template <int N>
class Lists {
 public:
  explicit Lists(int depth) {
    for (int d = 0; d <= depth; ++d) lists_.push_back(std::make_unique<MoveList<N>>());
  }
  MoveList<N>& at(int depth) { return *lists_[depth]; }

 private:
  std::vector<std::unique_ptr<MoveList<N>>> lists_;
};

// Perft without bulk counting, so that every leaf is played; a leaf's hash is read so that its move
// is not optimised away. The counts are perft's.
template <int N>
std::uint64_t perft_copy(const Position<N>& pos, int depth, Lists<N>& lists, std::uint64_t& sink) {
  if (depth == 0) return sink ^= pos.hash(), 1;
  MoveList<N>& list = lists.at(depth);
  legal_moves(pos, list);
  std::uint64_t leaves = 0;
  for (const Move<N>& m : list) {
    Position<N> child = pos;
    child.play(m);
    leaves += perft_copy(child, depth - 1, lists, sink);
  }
  return leaves;
}

template <int N>
std::uint64_t perft_undo(Position<N>& pos, int depth, Lists<N>& lists, std::uint64_t& sink) {
  if (depth == 0) return sink ^= pos.hash(), 1;
  MoveList<N>& list = lists.at(depth);
  legal_moves(pos, list);
  std::uint64_t leaves = 0;
  for (const Move<N>& m : list) {
    typename Position<N>::Undo u;
    pos.play(m, u);
    leaves += perft_undo(pos, depth - 1, lists, sink);
    pos.undo(m, u);
  }
  return leaves;
}

// A search's work at every node without its pruning: minimax to a fixed depth with the outcome looked
// at in every position and the evaluation at the horizon.
constexpr int kWin = 1 << 20;

template <int N>
int walk_copy(const Position<N>& pos, int depth, Lists<N>& lists, const Weights& w, std::uint64_t& nodes) {
  ++nodes;
  if (const Outcome o = pos.outcome(); o.over()) return o.draw() ? 0 : o.winner == pos.side() ? kWin : -kWin;
  if (depth == 0) return evaluate(pos, w);
  MoveList<N>& list = lists.at(depth);
  generate_moves(pos, list);
  int best = -kWin - 1;
  for (const Move<N>& m : list) {
    Position<N> child = pos;
    child.play(m);
    const int s = walk_copy(child, depth - 1, lists, w, nodes);
    best = std::max(best, child.side() == pos.side() ? s : -s);
  }
  return best;
}

template <int N>
int walk_undo(Position<N>& pos, int depth, Lists<N>& lists, const Weights& w, std::uint64_t& nodes) {
  ++nodes;
  if (const Outcome o = pos.outcome(); o.over()) return o.draw() ? 0 : o.winner == pos.side() ? kWin : -kWin;
  if (depth == 0) return evaluate(pos, w);
  MoveList<N>& list = lists.at(depth);
  generate_moves(pos, list);
  const Color us = pos.side();
  int best = -kWin - 1;
  for (const Move<N>& m : list) {
    typename Position<N>::Undo u;
    pos.play(m, u);
    const int s = walk_undo(pos, depth - 1, lists, w, nodes);
    best = std::max(best, pos.side() == us ? s : -s);
    pos.undo(m, u);
  }
  return best;
}

enum class Walk { Perft, Search };

struct Case {
  const char* name;
  const char* rules;
  int depth;
  int movement_plies;  // positions after this many plies of movement, or in placement when < 0 ...
  int in_hand;         // ... with this many stones left to place
  const char* fen;     // or this one position
};

// Placement and movement on every size; chains (whose moves carry their captures) on 5x5.
constexpr Case kPerftCases[] = {
    {"5x5_movement", "standard", 6, 0, 0, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31"},
    {"5x5_chain_movement", "chain", 7, 0, 0, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31"},
    {"5x5_placement", "standard", 3, -1, 14, nullptr},
    {"7x7_movement", "standard(size=7)", 5, 10, 0, nullptr},
    {"7x7_placement", "standard(size=7)", 3, -1, 16, nullptr},
    {"9x9_movement", "standard(size=9)", 5, 10, 0, nullptr},
    {"9x9_placement", "standard(size=9)", 3, -1, 16, nullptr},
};
constexpr Case kSearchCases[] = {
    {"5x5_movement", "standard", 5, 0, 0, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31"},
    {"5x5_chain_movement", "chain", 6, 0, 0, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31"},
    {"5x5_placement", "standard", 3, -1, 12, nullptr},
    {"7x7_movement", "standard(size=7)", 4, 10, 0, nullptr},
    {"9x9_movement", "standard(size=9)", 4, 10, 0, nullptr},
};

template <int N>
std::vector<Position<N>> case_positions(const Rules& rules, const Case& c) {
  if (c.fen) return {parse_position<N>(rules, c.fen).value};
  return bench::random_positions<N>(rules, 3, c.movement_plies, c.in_hand);
}

void run_case(benchmark::State& state, const Case& c, Walk walk, bool undo) {
  const Rules rules = parse_rules(c.rules).value.rules;
  with_size(rules.size, [&]<int N>() {
    std::vector<Position<N>> positions = case_positions<N>(rules, c);
    Lists<N> lists(c.depth);
    const Weights w = Weights::defaults();
    std::uint64_t sink = 0, counted = 0;
    // Both ways must walk the same tree: the leaf count perft gives, the same scores (one ply short of
    // the benchmark's depth, since this runs before every batch of iterations).
    for (Position<N>& pos : positions) {
      const int d = c.depth - 1;
      std::uint64_t a = 0, b = 0;
      const bool same =
          walk == Walk::Perft
              ? perft_copy(pos, d, lists, sink) == perft(pos, d) && perft_undo(pos, d, lists, sink) == perft(pos, d)
              : walk_copy(pos, d, lists, w, a) == walk_undo(pos, d, lists, w, b) && a == b;
      if (!same) return state.SkipWithError("copy-make and do/undo walked different trees");
    }
    for (auto _ : state) {
      for (Position<N>& pos : positions) {
        if (walk == Walk::Perft) {
          counted += undo ? perft_undo(pos, c.depth, lists, sink) : perft_copy(pos, c.depth, lists, sink);
        } else {
          benchmark::DoNotOptimize(undo ? walk_undo(pos, c.depth, lists, w, counted)
                                        : walk_copy(pos, c.depth, lists, w, counted));
        }
      }
    }
    benchmark::DoNotOptimize(sink);
    state.counters["nps"] = benchmark::Counter(static_cast<double>(counted), benchmark::Counter::kIsRate);
  });
}

// make_perft/<case>/copy, make_perft/<case>/undo, then the same for make_search: each pair side by side.
const bool kRegistered = [] {
  for (const Walk walk : {Walk::Perft, Walk::Search}) {
    const std::string prefix = walk == Walk::Perft ? "make_perft/" : "make_search/";
    const auto cases = walk == Walk::Perft ? std::vector<Case>(std::begin(kPerftCases), std::end(kPerftCases))
                                           : std::vector<Case>(std::begin(kSearchCases), std::end(kSearchCases));
    for (const Case& c : cases)
      for (const bool undo : {false, true})
        benchmark::RegisterBenchmark((prefix + c.name + (undo ? "/undo" : "/copy")).c_str(), [c, walk, undo](
                                                                                                 benchmark::State& s) {
          run_case(s, c, walk, undo);
        })->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
