// Search speed: nodes per second of a fixed-depth search on 5x5 movement-phase positions.
#include <benchmark/benchmark.h>

#include "notation.hpp"
#include "search.hpp"

namespace {

using namespace seega;

const char* const kPositions[] = {
    "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31",
    "1w1bb/w1b2/2w1b/bw1w1/1bw1b b 0/0 3 17",
    "wwbbw/bwwbb/bw1wb/wbbww/bwbwb w 0/0 0 0",
};

void BM_SearchStandardFixedDepth(benchmark::State& state) {
  const Rules rules = parse_rules("standard").value.rules;
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0, positions = 0;
  Searcher<5> searcher;
  for (auto _ : state) {
    for (const char* fen : kPositions) {
      searcher.clear();
      SearchLimits limits;
      limits.depth = depth;
      auto r = searcher.search(parse_position<5>(rules, fen).value, limits);
      nodes += r.nodes;
      positions += r.positions;
    }
  }
  // nps counts search calls (what node limits count); positions_ps counts each position once.
  state.counters["nps"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["positions_ps"] = benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchStandardFixedDepth)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);

void BM_Evaluate(benchmark::State& state) {
  const Rules rules = parse_rules("standard").value.rules;
  const auto pos = parse_position<5>(rules, kPositions[0]).value;
  const Weights w = Weights::defaults();
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(pos, w));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Evaluate);

}  // namespace
