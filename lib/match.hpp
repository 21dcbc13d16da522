#pragma once
// Engine-vs-engine matches: games in pairs that swap roles, scheduled on oneTBB, reproducible from one
// master seed whatever the thread count, summarised with the statistics of stats.hpp.
//
// Game i belongs to pair i/2. In the even game A plays w, in the odd game B does; w places first, so
// A places first in one game of each pair and B in the other. Game i's seed is derived from the
// master seed and i; with --opening-turns K both games of a pair start with the same K random
// placement turns. The summary is computed in game-index order, so it does not depend on which
// thread finished first.

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "player.hpp"
#include "stats.hpp"

namespace seega {

struct MatchConfig {
  Rules rules;
  PlayerSpec a, b;
  long long games = 100;
  std::uint64_t seed = 1;
  int opening_turns = 0;
  int threads = 0;  // 0: all cores
  std::optional<SprtConfig> sprt;
  bool keep_moves = true;  // false: run_match drops each game's moves once on_result has seen them
};

// One finished game, as it is written to and read back from a results file.
struct GameResult {
  long long index = 0;
  std::uint64_t seed = 0;
  bool a_is_white = true;  // w places first, so this also says whether A placed first
  Outcome outcome;
  int stones[2] = {0, 0};  // w, b left at the end
  int movement_plies = 0;
  int passes = 0;
  int captures = 0;
  std::vector<std::string> moves;

  // +1 when A won, 0 for a draw, -1 when B won.
  int a_result() const;
  // w places first by default, so b places last.
  Color last_placer() const { return Black; }
};

// Plays game `index` of the match (deterministic for depth- and node-limited players). Returns
// nothing when stop became true before the game ended.
std::optional<GameResult> play_match_game(const MatchConfig& config, long long index,
                                          const std::atomic<bool>* stop = nullptr);

struct MatchSummary {
  long long games = 0;  // counted in the statistics
  WDL a;                // A's wins, draws, losses
  Pentanomial pairs;
  EloEstimate elo, pair_elo;
  double los = 0.5;
  long long last_placer_wins = 0, first_placer_wins = 0, draws = 0;
  Interval last_placer_win_ci{0, 1}, last_placer_draw_ci{0, 1}, last_placer_loss_ci{0, 1};
  double mean_movement_plies = 0, passes_per_game = 0, captures_per_game = 0;
  std::map<std::string, long long> end_reasons;
  std::optional<SprtResult> sprt;
  long long sprt_decided_after_pairs = 0;  // 0 while the SPRT continues
};

// The summary of the results, taken in index order. With an SPRT, games after the pair where it
// decided are left out, so the decision point is the same for any thread count.
MatchSummary summarize(const MatchConfig& config, std::vector<GameResult> results);

struct MatchProgress {
  long long done = 0, total = 0;
  double seconds = 0;
  double a_score = 0.5, last_placer_rate = 0;
};

// Plays the games of config whose index is not in `finished` (results already computed, e.g. read
// back for --resume), calling on_result for each game as it ends (one call at a time, in completion
// order) and on_progress now and then. Stops early when stop (may be null) becomes true or the SPRT
// decides; the SPRT sets stop. Finished games with an index past config.games are left out. Returns
// every result, old and new, sorted by index.
std::vector<GameResult> run_match(const MatchConfig& config, std::vector<GameResult> finished,
                                  const std::function<void(const GameResult&)>& on_result,
                                  const std::function<void(const MatchProgress&)>& on_progress,
                                  std::atomic<bool>* stop);

}  // namespace seega
