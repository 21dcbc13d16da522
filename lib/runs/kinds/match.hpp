#pragma once
// Engine-vs-engine matches: the two-player case of a tournament (runner.hpp), with the SPRT that can
// stop it and the statistics of stats.hpp.
//
// Game i belongs to game pair i/2. In the even game A places first, in the odd game B does (the
// colour that places first is the rules' first_placer, w unless said otherwise). Game i's seed is
// derived from the master seed and i; with opening_turns K both games of a pair start with the same K
// random placement turns. The summary is computed in game-index order, so it does not depend on which
// thread finished first.

#include <atomic>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/stats.hpp"
#include "runs/play/runner.hpp"

namespace seega {

struct MatchConfig {
  Rules rules;
  PlayerSpec a, b;
  long long games = 100;
  std::uint64_t seed = 1;
  int opening_turns = 0;
  OpeningSuite openings;          // or each game pair starts from an opening of this suite
  AdjudicationRule adjudication;  // none by default
  int threads = 0;                // 0: all cores
  std::optional<SprtConfig> sprt;
  bool record_moves = true;  // false: no notation (nothing to write or replay), the fastest run
  bool keep_moves = true;    // false: run_match drops each game's moves once on_record has seen them
  Shard shard;               // only this shard's games are played; not with an SPRT (it needs every pair)

  // Players {a, b}: A is player 0, B player 1; one pairing of `games` games.
  Tournament tournament() const;
  RunOptions run_options() const;
};

// Follows the SPRT over whole game pairs in index order, whatever order the games arrive in, and says
// when it has decided: the decision is that of the first prefix of pairs where it decides.
class SprtWatch {
 public:
  explicit SprtWatch(const SprtConfig& config) : config_(config), result_(sprt(Pentanomial{}, config)) {}
  // Adds game `index` with A's points in it (each index once); returns decided().
  bool add(long long index, double a_points);
  bool decided() const { return result_.decision != SprtResult::Continue; }
  long long pairs() const { return pairs_; }  // the whole pairs tested so far
  const SprtResult& result() const { return result_; }

 private:
  SprtConfig config_;
  Pentanomial prefix_;
  long long pairs_ = 0;
  std::map<long long, double> waiting_;  // games past the prefix, by index
  SprtResult result_;
};

// A player's searches over a run's games (GameRecord::search summed over the colours it played).
struct SearchTotals {
  long long searches = 0, ended_by_nodes = 0, ended_by_clock = 0;
  std::uint64_t nodes = 0, max_nodes = 0;
  std::uint64_t depths = 0;         // the completed depths of the searches that recorded theirs
  long long searches_no_depth = 0;  // searches in games written before depths were recorded
  void add(const SearchCounts& c);
  double mean_nodes() const { return searches ? static_cast<double>(nodes) / static_cast<double>(searches) : 0; }
  // The mean completed depth a move; none (nullopt) when no search, or some search's depth, is on record.
  std::optional<double> mean_depth() const {
    if (!searches || searches_no_depth) return std::nullopt;
    return static_cast<double>(depths) / static_cast<double>(searches);
  }
  double share_ended_by_nodes() const { return searches ? static_cast<double>(ended_by_nodes) / searches : 0; }
  double share_ended_by_clock() const { return searches ? static_cast<double>(ended_by_clock) / searches : 0; }
};
nlohmann::json search_json(const SearchTotals& t);

struct MatchSummary {
  long long games = 0;  // counted in the statistics
  WDL a;                // A's wins, draws, losses
  Pentanomial pairs;
  EloEstimate elo, pair_elo;
  EloEstimate normalized_elo;  // from the pairs
  double los = 0.5;            // from the decisive games, W/L form
  double pair_los = 0.5;       // from the pairs
  long long last_placer_wins = 0, first_placer_wins = 0, draws = 0;
  Interval last_placer_win_ci{0, 1}, last_placer_draw_ci{0, 1}, last_placer_loss_ci{0, 1};
  double mean_movement_plies = 0, passes_per_game = 0, captures_per_game = 0;
  std::map<std::string, long long> end_reasons;

  // The last placer's score (wins and half the draws, over all games), its share of the decisive games,
  // and the draw rate, with intervals clustered as below. The win rate alone counts a draw as a loss.
  double last_placer_score = 0, last_placer_decisive_share = 0;
  Interval last_placer_score_ci{0, 1}, last_placer_decisive_ci{0, 1}, draw_ci_clustered{0, 1};
  // A's score in the games where it placed last and in those where it placed first, with clustered
  // intervals: between two different players, which role each gains from (pairs swap the roles).
  double a_score_placing_last = 0, a_score_placing_first = 0;
  Interval a_score_placing_last_ci{0, 1}, a_score_placing_first_ci{0, 1};

  // Diversity. Games that share a random opening (GameRecord::opening_key) or the position at the end
  // of placement are one cluster, and so are games linked through a chain of such shares (connected
  // components, joined_clusters): every clustered interval uses these, and does not count a repeated
  // opening or placement as new evidence (stats.hpp, clustered_wilson). placement_clusters is the shape
  // of the clusters by placement alone, beside it.
  long long distinct_placements = 0, distinct_games = 0;
  ClusterShape clusters, placement_clusters;
  double design_effect = 1;
  Interval last_placer_win_ci_clustered{0, 1};
  // The plain intervals mislead: the clustered one is at least kRepeatWarningWidth times as wide.
  bool repeats_mislead = false;

  // The mechanism. The first turn of the movement phase: how often it captures, how many stones when
  // it does, and the last placer's win rate in games where it did and where it did not (clustered
  // intervals); the last placer's stones minus the first placer's after 10 movement plies.
  long long first_move_capture_games = 0;
  double first_move_capture_rate = 0, first_move_stones = 0;
  Interval first_move_capture_ci{0, 1};
  double last_placer_win_rate_first_capture = 0, last_placer_win_rate_no_first_capture = 0;
  Interval last_placer_win_ci_first_capture{0, 1}, last_placer_win_ci_no_first_capture{0, 1};
  double stone_diff_10 = 0;
  Interval stone_diff_10_ci{0, 0};
  // The same two counters split by role, for matches between different players: in the games where A
  // placed last and in those where B did, how often the first movement turn captured (the last placer's,
  // unless the first placer moves first) and the last placer's stone lead after 10 movement plies, with
  // clustered intervals (left out
  // for the reasons of a_score_placing_last_ci and a_score_placing_first_ci).
  struct RoleMechanism {
    double first_move_capture_rate = 0, stone_diff_10 = 0;
    Interval first_move_capture_ci{0, 1}, stone_diff_10_ci{0, 0};
  };
  RoleMechanism a_placing_last, a_placing_first;
  SearchTotals search[2];  // A's and B's

  // Why a figure is left out, in words; empty when it is given. The rule (stats.hpp, interval_gap):
  // no Elo, nElo or LOS from fewer than kMinSamples independent samples (games, game pairs, decisive
  // games), and no interval from samples that are all the same (a sweep's Elo is +-inf, with none).
  // The figure's number in the fields above is then meaningless: the text summary prints the reason in
  // its place, and summary_json writes null with the reason under the key plus "_reason". A missing
  // Elo (or nElo) has no interval either, for the same reason.
  struct Missing {
    std::string elo, elo_ci, pair_elo, pair_elo_ci, normalized_elo, los, pair_los, stone_diff_10_ci;
    // Every clustered interval, when the games rest on fewer than kMinEffectiveClusters effective
    // clusters (too_few_clusters_text). The subsets' fields hold that reason too, or else their own: the
    // first-capture and per-role ones when their own games rest on too few clusters, the decisive
    // share's also when there are no decisive games.
    std::string clustered, first_capture_ci, no_first_capture_ci, decisive_ci, a_last_ci, a_first_ci;
    // The plain intervals (Wilson's of the last placer's rates) and every interval of Elo and LOS, when
    // the same games repeat so much that they would count one game many times as independent evidence:
    // the games rest on too few effective clusters for a clustered interval (clustered above) and on
    // at most half as many clusters as game pairs (so the pairs themselves repeat, not one coincidence
    // of a placement shared by two pairs). A default match of two deterministic
    // players (100 games, 2 distinct) is the case; its figures are given, its intervals are not.
    std::string repeats;
  } missing;

  std::optional<SprtResult> sprt;
  long long sprt_pairs = 0;  // the whole pairs the SPRT tested
  bool sprt_decided = false;
};

// Why a match's summary gives no figure at all: it has no games (a file of a header alone, a run stopped
// before its first game ended). Every reason of MatchSummary::missing is this one then, and summary_json
// leaves out the rates and means too.
inline constexpr const char* kNoGamesYet = "no games yet";

// The width ratio of the clustered to the plain last-placer interval from which a summary warns that
// games repeat too much for the plain intervals: at 1.25 the plain ones understate the uncertainty by a
// quarter, which turns a result that looks settled to within 3 points into one known to within 4.
inline constexpr double kRepeatWarningWidth = 1.25;

// A match's summary, and the same as JSON: match::summarize beside ladder::summarize, each kind of run
// naming its own.
namespace match {

// The summary of the records, taken in index order. With an SPRT, games after the pair where it
// decided are left out, so the decision point is the same for any thread count.
MatchSummary summarize(const MatchConfig& config, std::vector<GameRecord> records);

// The summary as one JSON object (the keys of seega match --json; docs/engines.md). An infinite Elo or
// interval end is the string "+inf" or "-inf", so that its sign survives; a figure left out
// (MatchSummary::missing) is null, with its reason under the key plus "_reason". `evaluations` is what the
// results file's header records of the players' evaluations (runs/format/evaluations.hpp, by player
// index); the summary names them by side.
nlohmann::json summary_json(const MatchConfig& config, const MatchSummary& summary, const nlohmann::json& evaluations);

}  // namespace match

// Plays game `index` of the match (deterministic for depth- and node-limited players). Nothing when
// stop became true before the game ended.
std::optional<GameRecord> play_match_game(const MatchConfig& config, long long index,
                                          const std::atomic<bool>* stop = nullptr);

// Plays the games of config whose index is not among `finished`, as run_tournament does; with an SPRT
// no new game starts once it has decided (hooks.enough is ignored). Returns every record, old and new,
// sorted by index. With share, as run_tournament.
std::vector<GameRecord> run_match(const MatchConfig& config, std::vector<GameRecord> finished, const RunHooks& hooks,
                                  const std::atomic<bool>* stop, Share* share = nullptr);

}  // namespace seega
