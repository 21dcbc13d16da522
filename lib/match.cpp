#include "match.hpp"

#include <algorithm>
#include <cassert>
#include <set>

#include "json.hpp"
#include "score_board.hpp"

namespace seega {

Tournament MatchConfig::tournament() const {
  return Tournament{rules, {a, b}, Schedule(ScheduleKind::RoundRobin, 2, games), seed, opening_turns};
}

RunOptions MatchConfig::run_options() const { return RunOptions{threads, record_moves, keep_moves, 0, shard}; }

bool SprtWatch::add(long long index, double a_points) {
  if (decided()) return true;
  waiting_.emplace(index, a_points);
  // Take whole pairs off the front while they are there, testing after each.
  for (auto it = waiting_.begin(); it != waiting_.end() && it->first == 2 * pairs_;) {
    auto partner = std::next(it);
    if (partner == waiting_.end() || partner->first != 2 * pairs_ + 1) break;
    prefix_.add_pair(it->second, partner->second);
    ++pairs_;
    it = waiting_.erase(it, std::next(partner));
    result_ = sprt(prefix_, config_);
    if (decided()) {
      waiting_.clear();
      return true;
    }
  }
  return false;
}

namespace {

// Diversity and the mechanism, over the first `games` records (sorted by index).
void summarize_diversity(const std::vector<GameRecord>& records, long long games, MatchSummary& s) {
  std::set<std::uint64_t> placements, sequences;
  std::vector<double> won, diff, captured, won_after_capture, won_after_none;
  std::vector<std::uint64_t> clusters, clusters_capture, clusters_none;
  double stones_taken = 0;
  for (long long i = 0; i < games; ++i) {
    const GameRecord& g = records[static_cast<std::size_t>(i)];
    placements.insert(g.placement_key);
    sequences.insert(g.game_key);
    won.push_back(g.last_placer_won());
    clusters.push_back(g.placement_key);
    diff.push_back(g.stone_diff_10);
    captured.push_back(g.first_move_captures > 0);
    if (g.first_move_captures > 0) {
      stones_taken += g.first_move_captures;
      won_after_capture.push_back(g.last_placer_won());
      clusters_capture.push_back(g.placement_key);
    } else {
      won_after_none.push_back(g.last_placer_won());
      clusters_none.push_back(g.placement_key);
    }
  }
  s.distinct_placements = static_cast<long long>(placements.size());
  s.distinct_games = static_cast<long long>(sequences.size());
  const ClusteredMean lp = clustered_mean(won, clusters);
  s.design_effect = lp.design_effect;
  s.last_placer_win_ci_clustered = clustered_wilson(lp);
  const double plain = s.last_placer_win_ci.hi - s.last_placer_win_ci.lo;
  const double wide = s.last_placer_win_ci_clustered.hi - s.last_placer_win_ci_clustered.lo;
  s.repeats_mislead = games > 0 && wide >= kRepeatWarningWidth * plain;

  const ClusteredMean cap = clustered_mean(captured, clusters);
  s.first_move_capture_games = static_cast<long long>(won_after_capture.size());
  s.first_move_capture_rate = cap.mean;
  s.first_move_capture_ci = clustered_wilson(cap);
  s.first_move_stones = s.first_move_capture_games ? stones_taken / static_cast<double>(s.first_move_capture_games) : 0;
  const ClusteredMean after_capture = clustered_mean(won_after_capture, clusters_capture);
  const ClusteredMean after_none = clustered_mean(won_after_none, clusters_none);
  s.last_placer_win_rate_first_capture = after_capture.mean;
  s.last_placer_win_ci_first_capture = clustered_wilson(after_capture);
  s.last_placer_win_rate_no_first_capture = after_none.mean;
  s.last_placer_win_ci_no_first_capture = clustered_wilson(after_none);
  const ClusteredMean d = clustered_mean(diff, clusters);
  s.stone_diff_10 = d.mean;
  s.stone_diff_10_ci = clustered_normal(d);
}

}  // namespace

void SearchTotals::add(const SearchCounts& c) {
  searches += c.searches;
  ended_by_nodes += c.ended_by_nodes;
  ended_by_clock += c.ended_by_clock;
  nodes += c.nodes;
  max_nodes = std::max(max_nodes, c.max_nodes);
}

nlohmann::json search_json(const SearchTotals& t) {
  return {{"searches", t.searches},
          {"mean_nodes", t.mean_nodes()},
          {"max_nodes", t.max_nodes},
          {"ended_by_nodes", t.share_ended_by_nodes()},
          {"ended_by_clock", t.share_ended_by_clock()}};
}

MatchSummary summarize(const MatchConfig& config, std::vector<GameRecord> records) {
  std::sort(records.begin(), records.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  MatchSummary s;
  // The SPRT looks at whole pairs in index order and stops at the first pair where it decides.
  long long limit = -1;
  if (config.sprt) {
    SprtWatch watch(*config.sprt);
    for (const auto& g : records)
      if (watch.add(g.index, g.points(0))) break;
    s.sprt = watch.result();
    s.sprt_pairs = watch.pairs();
    s.sprt_decided = watch.decided();
    if (watch.decided()) limit = 2 * watch.pairs();
  }
  const Tournament t = config.tournament();
  ScoreBoard board(t.schedule);
  long long plies = 0, passes = 0, captures = 0;
  for (const auto& g : records) {
    if (limit >= 0 && g.index >= limit) break;
    ++s.games;
    board.add(g);
    if (g.outcome.draw()) ++s.draws;
    else if (g.last_placer_won()) ++s.last_placer_wins;
    else ++s.first_placer_wins;
    ++s.end_reasons[std::string(to_string(g.outcome.reason))];
    plies += g.movement_plies;
    for (int p = 0; p < 2; ++p) s.search[p].add(g.search[g.colour_of(p)]);
    passes += g.passes;
    captures += g.captures;
  }
  s.a = board.score(0).a;
  s.pairs = board.score(0).pairs;
  if (s.games) {
    const double n = static_cast<double>(s.games);
    s.mean_movement_plies = static_cast<double>(plies) / n;
    s.passes_per_game = static_cast<double>(passes) / n;
    s.captures_per_game = static_cast<double>(captures) / n;
    s.last_placer_win_ci = wilson(static_cast<double>(s.last_placer_wins), n);
    s.last_placer_draw_ci = wilson(static_cast<double>(s.draws), n);
    s.last_placer_loss_ci = wilson(static_cast<double>(s.first_placer_wins), n);
  }
  summarize_diversity(records, s.games, s);
  s.elo = elo_trinomial(s.a);
  s.pair_elo = elo_pentanomial(s.pairs);
  s.normalized_elo = normalized_elo(s.pairs);
  s.los = likelihood_of_superiority(s.a.wins, s.a.losses);
  s.pair_los = likelihood_of_superiority(s.pairs);
  return s;
}

nlohmann::json summary_json(const MatchConfig& c, const MatchSummary& s) {
  using nlohmann::json;
  const double n = s.games ? static_cast<double>(s.games) : 1;
  auto ci = [](const Interval& i) { return json{i.lo, i.hi}; };
  auto elo_ci = [](const EloEstimate& e) { return json{json_number(e.lo), json_number(e.hi)}; };
  json j{{"games", s.games},
         {"a_wins", s.a.wins},
         {"b_wins", s.a.losses},
         {"draws", s.a.draws},
         {"a_score", s.a.score()},
         {"elo", json_number(s.elo.elo)},
         {"elo_ci95", elo_ci(s.elo)},
         {"pair_elo", json_number(s.pair_elo.elo)},
         {"pair_elo_ci95", elo_ci(s.pair_elo)},
         {"normalized_elo", json_number(s.normalized_elo.elo)},
         {"normalized_elo_ci95", elo_ci(s.normalized_elo)},
         {"pentanomial", s.pairs.n},
         {"los", s.los},
         {"pair_los", s.pair_los},
         {"last_placer_wins", s.last_placer_wins},
         {"first_placer_wins", s.first_placer_wins},
         {"last_placer_win_rate", static_cast<double>(s.last_placer_wins) / n},
         {"last_placer_ci95", ci(s.last_placer_win_ci)},
         {"draw_rate", static_cast<double>(s.draws) / n},
         {"draw_ci95", ci(s.last_placer_draw_ci)},
         {"last_placer_loss_rate", static_cast<double>(s.first_placer_wins) / n},
         {"last_placer_loss_ci95", ci(s.last_placer_loss_ci)},
         {"mean_movement_plies", s.mean_movement_plies},
         {"passes_per_game", s.passes_per_game},
         {"captures_per_game", s.captures_per_game},
         {"end_reasons", s.end_reasons},
         {"distinct_placements", s.distinct_placements},
         {"distinct_games", s.distinct_games},
         {"design_effect", s.design_effect},
         {"last_placer_ci95_clustered", ci(s.last_placer_win_ci_clustered)},
         {"repeats_mislead", s.repeats_mislead},
         {"first_move_capture_rate", s.first_move_capture_rate},
         {"first_move_capture_ci95", ci(s.first_move_capture_ci)},
         {"first_move_capture_games", s.first_move_capture_games},
         {"first_move_stones", s.first_move_stones},
         {"last_placer_win_rate_first_capture", s.last_placer_win_rate_first_capture},
         {"last_placer_ci95_first_capture", ci(s.last_placer_win_ci_first_capture)},
         {"last_placer_win_rate_no_first_capture", s.last_placer_win_rate_no_first_capture},
         {"last_placer_ci95_no_first_capture", ci(s.last_placer_win_ci_no_first_capture)},
         {"stone_diff_10", s.stone_diff_10},
         {"stone_diff_10_ci95", {json_number(s.stone_diff_10_ci.lo), json_number(s.stone_diff_10_ci.hi)}},
         {"search", {{"a", search_json(s.search[0])}, {"b", search_json(s.search[1])}}},
         {"seed", c.seed},
         {"rules", c.rules.to_string()},
         {"a", c.a.text},
         {"b", c.b.text},
         {"opening_turns", c.opening_turns}};
  add_shard_key(j, c.shard);  // the games are this shard's only
  if (s.sprt) {
    const char* d = s.sprt->decision == SprtResult::AcceptH1   ? "H1"
                    : s.sprt->decision == SprtResult::AcceptH0 ? "H0"
                                                               : "continue";
    j["sprt"] = {{"llr", s.sprt->llr},   {"lower", s.sprt->lower}, {"upper", s.sprt->upper},
                 {"decision", d},        {"pairs", s.sprt_pairs},  {"elo0", c.sprt->elo0},
                 {"elo1", c.sprt->elo1}, {"alpha", c.sprt->alpha}, {"beta", c.sprt->beta}};
  }
  return j;
}

std::optional<GameRecord> play_match_game(const MatchConfig& config, long long index, const std::atomic<bool>* stop) {
  return play_scheduled_game(config.tournament(), index, config.record_moves, stop);
}

std::vector<GameRecord> run_match(const MatchConfig& config, std::vector<GameRecord> finished, const RunHooks& hooks,
                                  const std::atomic<bool>* stop, Share* share) {
  // An SPRT stops at the first prefix of pairs where it decides: a shard never sees that prefix.
  assert(!config.sprt || config.shard.whole());
  RunHooks h = hooks;
  h.enough = nullptr;
  std::optional<SprtWatch> watch;
  if (config.sprt) {
    watch.emplace(*config.sprt);
    h.enough = [&](const GameRecord& g) { return watch->add(g.index, g.points(0)); };
  }
  RunOptions options = config.run_options();
  options.share = share;
  return run_tournament(config.tournament(), options, std::move(finished), h, stop);
}

}  // namespace seega
