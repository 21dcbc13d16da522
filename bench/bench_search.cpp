// Search speed: positions per second of fixed-depth searches, on 5x5 standard movement positions (the
// figure the engines issue names) and on every other ruleset and size.
#include <benchmark/benchmark.h>

#include <memory>
#include <optional>
#include <vector>

#include "engine/eval.hpp"
#include "engine/search.hpp"
#include "positions.hpp"
#include "rules/notation.hpp"

namespace {

using namespace seega;

const char* const kPositions[] = {
    "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31",
    "1w1bb/w1b2/2w1b/bw1w1/1bw1b b 0/0 3 17",
    "wwbbw/bwwbb/bw1wb/wbbww/bwbwb w 0/0 0 0",
};

// The built-in weights of 5x5 standard with pattern tables (patterns.hpp) of values drawn from a fixed
// seed: what a pattern evaluation costs the search (the values change the tree a little, not the cost of
// a position).
Weights pattern_weights() {
  Weights w = builtin_weights(parse_rules("standard").value.rules);
  auto t = std::make_shared<PatternTables>();
  t->set = &pattern_set(5, false);
  t->values.resize(static_cast<std::size_t>(kPatternStages) * t->set->stage_entries);
  std::uint64_t x = 12345;
  for (auto& v : t->values) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    v = static_cast<float>(static_cast<int>((x >> 33) % 21) - 10);
  }
  t->prepare();
  w.patterns = std::move(t);
  return w;
}

void search_standard(benchmark::State& state, std::optional<Weights> weights) {
  const Rules rules = parse_rules("standard").value.rules;
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0, positions = 0;
  Searcher<5> searcher(std::move(weights));
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
void BM_SearchStandardFixedDepth(benchmark::State& state) { search_standard(state, std::nullopt); }
BENCHMARK(BM_SearchStandardFixedDepth)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);
void BM_SearchStandardPatterns(benchmark::State& state) { search_standard(state, pattern_weights()); }
BENCHMARK(BM_SearchStandardPatterns)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);

// Every ruleset and size: the same search on movement positions reached by seeded random play (the
// positions are the same on every run), at a depth that keeps one search near 10-100 ms.
void search_rules(benchmark::State& state, const char* rules_text, int depth) {
  const Rules rules = parse_rules(rules_text).value.rules;
  with_size(rules.size, [&]<int N>() {
    const std::vector<Position<N>> positions = bench::random_positions<N>(rules, 3, 10);
    std::uint64_t positions_searched = 0;
    Searcher<N> searcher;
    for (auto _ : state) {
      for (const auto& pos : positions) {
        searcher.clear();
        SearchLimits limits;
        limits.depth = depth;
        positions_searched += searcher.search(pos, limits).positions;
      }
    }
    state.counters["positions_ps"] =
        benchmark::Counter(static_cast<double>(positions_searched), benchmark::Counter::kIsRate);
  });
}
BENCHMARK_CAPTURE(search_rules, diagonal, "diagonal", 6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_rules, chain, "chain", 8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_rules, standard_7x7, "standard(size=7)", 7)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_rules, standard_9x9, "standard(size=9)", 6)->Unit(benchmark::kMillisecond);

void BM_Evaluate(benchmark::State& state) {
  const Rules rules = parse_rules("standard").value.rules;
  const auto pos = parse_position<5>(rules, kPositions[0]).value;
  const Weights w = Weights::defaults();
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(pos, w));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Evaluate);

void BM_EvaluatePatterns(benchmark::State& state) {
  const Rules rules = parse_rules("standard").value.rules;
  const auto pos = parse_position<5>(rules, kPositions[0]).value;
  const Weights w = pattern_weights();
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(pos, w));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluatePatterns);

}  // namespace
