#pragma once
// A rated ladder: a tournament of many players (round robin or gauntlet), its pairwise score board,
// and Bradley-Terry ratings with intervals from their covariance (rating.hpp).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/rating.hpp"
#include "analysis/stats.hpp"
#include "runs/play/runner.hpp"
#include "runs/play/score_board.hpp"

namespace seega {

struct LadderConfig {
  Rules rules;
  std::vector<PlayerSpec> players;  // in intended order (weakest first, as levels are)
  ScheduleKind schedule = ScheduleKind::RoundRobin;
  long long games_per_pair = 100;
  std::uint64_t seed = 1;
  int opening_turns = 0;
  OpeningSuite openings;          // or each game pair starts from an opening of this suite
  AdjudicationRule adjudication;  // none by default
  int threads = 0;
  int anchor = 0;  // rated 0
  // Where a second group in intended order begins: a level table's players (ladder --levels) after the
  // candidates of --players. The order is checked within each group, not across them (a candidate is not
  // meant to rank below level 1). 0: the players are one group.
  int second_group = 0;
  bool record_moves = true;
  bool keep_moves = true;
  Shard shard;  // only this shard's games are played

  Tournament tournament() const;
  RunOptions run_options() const;
};

// Why the players cannot make a ladder (fewer than two, the same spec twice), or empty.
std::string ladder_players_invalid(const std::vector<PlayerSpec>& players);

struct LadderRow {
  int player = 0;
  double rating = 0, ci95 = 0;  // the interval is rating +- ci95
  long long games = 0;
  double score = 0.5;
  int below = -1;                  // the next player down the table, -1 for the last
  double diff = 0, diff_ci95 = 0;  // rating minus that player's, with its own interval (covariance)
  // Why the interval, or the difference's, is left out; empty when it is given. The anchor has none
  // (it is 0 by definition, and [0, 0] would read as a measurement), nor has a player with fewer than
  // kMinSamples games (stats.hpp); a difference has none when either player has too few.
  std::string no_ci, no_diff_ci;
};

struct LadderSummary {
  long long games = 0;
  ScoreBoard board;
  RatingFit fit;
  std::vector<LadderRow> table;  // by rating, best first
  // Players (in the given order) whose rating is not above the previous player's with 95% confidence; the
  // first of a second group (LadderConfig::second_group) is not compared with the player before it.
  std::vector<int> not_above_previous;
  long long last_placer_wins = 0, draws = 0;
  // Diversity, as a match's (match.hpp): distinct games, and the clusters of games that share an opening
  // or a placement. When the games repeat (too few effective clusters for a clustered interval, and at
  // most half as many clusters as game pairs: deterministic players with no random opening), every interval and
  // the monotonicity warnings rest on repeats counted as independent games: they are left out, and
  // repeats says why (empty otherwise).
  long long distinct_games = 0;
  ClusterShape clusters;
  std::string repeats;
};

// A ladder's summary, and the same as JSON (as match::summarize and match::summary_json for a match).
namespace ladder {

// The ladder of the records (any order; each index once). An error when the ratings cannot be fitted
// (a player with no games yet, when a run stopped early).
Parsed<LadderSummary> summarize(const LadderConfig& config, const std::vector<GameRecord>& records);

// "players" (name, rating, ci95, games, score, and the difference to the one below), "pairs" (a, b,
// a_wins, draws, b_wins, pentanomial), the configuration and the fit's notes. An interval left out
// (LadderRow::no_ci, no_diff_ci) is null, with its reason under the key plus "_reason".
nlohmann::json summary_json(const LadderConfig& config, const LadderSummary& summary);

}  // namespace ladder

}  // namespace seega
