// Move generation and perft speed. Run: build/release/bin/seega_bench (or make bench).
#include <benchmark/benchmark.h>

#include "rules/notation.hpp"
#include "rules/perft.hpp"

namespace {

using namespace seega;

// Perft with bulk counting from the reference position (5x5 movement phase, depth 7).
void BM_PerftStandardMidgame(benchmark::State& state) {
  const Rules rules = parse_rules("standard").value.rules;
  auto pos = parse_position<5>(rules, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31").value;
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, depth);
  state.counters["leaf_nps"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftStandardMidgame)->Arg(5)->Arg(7)->Unit(benchmark::kMillisecond);

void perft_bench5(benchmark::State& state, const char* rules_text, const char* fen, int depth) {
  const Rules rules = parse_rules(rules_text).value.rules;
  auto parsed = parse_position<5>(rules, fen);
  if (!parsed.ok()) {
    state.SkipWithError(parsed.error.c_str());
    return;
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(parsed.value, depth);
  state.counters["leaf_nps"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(perft_bench5, diagonal_midgame, "diagonal", "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31", 5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench5, chain_midgame, "chain", "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31", 5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench5, standard_placement, "standard", "5/5/5/5/5 w 12/12 0 0", 3)
    ->Unit(benchmark::kMillisecond);

// Full move generation (not bulk counted) on a movement position.
void BM_GenerateStandardMidgame(benchmark::State& state) {
  const Rules rules = parse_rules("standard").value.rules;
  auto pos = parse_position<5>(rules, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31").value;
  MoveList<5> list;
  for (auto _ : state) {
    legal_moves(pos, list);
    benchmark::DoNotOptimize(list.size());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateStandardMidgame);

}  // namespace
