#pragma once
// The bench signature (Stockfish's `bench` in spirit): a fixed list of positions, every ruleset and
// size, placement and movement, each searched to a fixed depth by a fresh single-threaded searcher.
// The total node count changes only when search behaviour changes (the table stores a move's index in
// the generated list, so even a change of generation order changes the trees); tests compare it with
// tests/data/bench_signature.txt.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace seega {

struct BenchPosition {
  std::string_view rules, fen;
  int depth;  // the signature's depth for this position
};
const std::vector<BenchPosition>& bench_positions();

struct BenchLine {
  std::string rules, fen, best;
  int depth = 0;
  std::uint64_t nodes = 0, positions = 0;
  double seconds = 0;
};

struct BenchReport {
  std::vector<BenchLine> lines;
  std::uint64_t nodes = 0, positions = 0;
  double seconds = 0;
};

// Searches every bench position, to its own depth or to `depth` when it is above 0.
BenchReport run_bench(int depth = 0);

}  // namespace seega
