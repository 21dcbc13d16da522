// Self-play throughput: random games per second on one core, bare and through the match runner, and
// level(1) games per second on 1 and 2 threads (parallel scaling of the runner).
#include <benchmark/benchmark.h>

#include <atomic>

#include "engine/selfplay.hpp"
#include "runs/kinds/match.hpp"

namespace {

using namespace seega;

void BM_RandomGamesStandard(benchmark::State& state) {
  const Rules rules = parse_rules("standard").value.rules;
  std::uint64_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(play_random_game(rules, Rng::derive(1, i++)).movement_plies);
  state.counters["games_per_second"] = benchmark::Counter(static_cast<double>(i), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGamesStandard);

// As seega match runs without --out: no notation, records kept without moves.
void match_bench(benchmark::State& state, const char* player, long long games, bool record_moves = false) {
  MatchConfig c;
  c.rules = parse_rules("standard").value.rules;
  c.a = c.b = parse_player(player).value;
  c.games = games;
  c.opening_turns = 2;
  c.threads = static_cast<int>(state.range(0));
  c.record_moves = record_moves;
  c.keep_moves = false;
  long long played = 0;
  for (auto _ : state) {
    std::atomic<bool> stop{false};
    played += static_cast<long long>(run_match(c, {}, {}, &stop).size());
  }
  state.counters["games_per_second"] = benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
}

void BM_MatchLevel1(benchmark::State& state) { match_bench(state, "level(1,deterministic)", 4000); }
BENCHMARK(BM_MatchLevel1)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MatchRandom(benchmark::State& state) { match_bench(state, "random", 20000); }
BENCHMARK(BM_MatchRandom)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same with every move written in notation, as with --out (the file itself is not written).
void BM_MatchRandomWithMoves(benchmark::State& state) { match_bench(state, "random", 20000, true); }
BENCHMARK(BM_MatchRandomWithMoves)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
