#include "runs/kinds/match.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <set>
#include <string_view>
#include <utility>

#include "runs/io/json.hpp"
#include "runs/play/score_board.hpp"

namespace seega {

Tournament MatchConfig::tournament() const {
  return Tournament{rules,    {a, b},      Schedule(ScheduleKind::RoundRobin, 2, games), seed, opening_turns,
                    openings, adjudication};
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

// Diversity and the mechanism, over the first `games` records (sorted by index). Returns the stone
// difference's clustered mean, which says whether its interval can be given.
ClusteredMean summarize_diversity(const std::vector<GameRecord>& records, long long games, MatchSummary& s) {
  std::set<std::uint64_t> placements, sequences;
  std::vector<std::uint64_t> placement_keys, opening_keys;
  for (long long i = 0; i < games; ++i) {
    const GameRecord& g = records[static_cast<std::size_t>(i)];
    placements.insert(g.placement_key);
    sequences.insert(g.game_key);
    placement_keys.push_back(g.placement_key);
    opening_keys.push_back(g.opening_key);
  }
  const std::vector<std::uint64_t> clusters = joined_clusters({placement_keys, opening_keys});
  s.clusters = cluster_shape(clusters);
  s.placement_clusters = cluster_shape(placement_keys);
  s.missing.clustered = too_few_clusters_text(s.clusters);

  std::vector<double> won, score, drawn, decisive_won, diff, captured, won_after_capture, won_after_none;
  std::vector<std::uint64_t> clusters_decisive, clusters_capture, clusters_none;
  std::vector<double> a_last, a_first;                                               // A's points in each role
  std::vector<double> captured_a_last, captured_a_first, diff_a_last, diff_a_first;  // the mechanism in each role
  std::vector<std::uint64_t> clusters_a_last, clusters_a_first;
  double stones_taken = 0;
  for (long long i = 0; i < games; ++i) {
    const GameRecord& g = records[static_cast<std::size_t>(i)];
    const std::uint64_t cluster = clusters[static_cast<std::size_t>(i)];
    won.push_back(g.last_placer_won());
    score.push_back(g.points_of(g.last_placer));
    drawn.push_back(g.outcome.draw());
    if (!g.outcome.draw()) {
      decisive_won.push_back(g.last_placer_won());
      clusters_decisive.push_back(cluster);
    }
    const bool a_placed_last = g.colour_of(0) == g.last_placer;
    (a_placed_last ? a_last : a_first).push_back(g.points(0));
    (a_placed_last ? clusters_a_last : clusters_a_first).push_back(cluster);
    diff.push_back(g.stone_diff_10);
    captured.push_back(g.first_move_captures > 0);
    (a_placed_last ? diff_a_last : diff_a_first).push_back(g.stone_diff_10);
    (a_placed_last ? captured_a_last : captured_a_first).push_back(g.first_move_captures > 0);
    if (g.first_move_captures > 0) {
      stones_taken += g.first_move_captures;
      won_after_capture.push_back(g.last_placer_won());
      clusters_capture.push_back(cluster);
    } else {
      won_after_none.push_back(g.last_placer_won());
      clusters_none.push_back(cluster);
    }
  }
  s.distinct_placements = static_cast<long long>(placements.size());
  s.distinct_games = static_cast<long long>(sequences.size());
  // A score's interval: the normal one from the cluster-robust standard error, inside [0, 1], or Wilson's
  // where the score never varies (clustered_score_ci).
  auto score_ci = [](const ClusteredMean& m) { return clustered_score_ci(m); };
  // Why a subset's clustered interval is left out: the whole summary's reason when it has one, else the
  // subset's own (its games may rest on too few clusters though all games do not).
  auto subset_gap = [&s](const std::vector<std::uint64_t>& subset, std::string_view what) {
    return s.missing.clustered.empty() ? too_few_clusters_text(cluster_shape(subset), what) : s.missing.clustered;
  };
  const ClusteredMean sc = clustered_mean(score, clusters);
  s.last_placer_score = sc.mean;
  s.last_placer_score_ci = score_ci(sc);
  const ClusteredMean al = clustered_mean(a_last, clusters_a_last), af = clustered_mean(a_first, clusters_a_first);
  s.a_score_placing_last = al.mean;
  s.a_score_placing_last_ci = score_ci(al);
  s.a_score_placing_first = af.mean;
  s.a_score_placing_first_ci = score_ci(af);
  s.missing.a_last_ci = subset_gap(clusters_a_last, "games where A placed last");
  s.missing.a_first_ci = subset_gap(clusters_a_first, "games where A placed first");
  // A rate over clusters of games: its mean and its clustered Wilson interval, into the summary's fields.
  const auto rate = [](const std::vector<double>& values, const std::vector<std::uint64_t>& of, double& mean,
                       Interval& ci) {
    const ClusteredMean m = clustered_mean(values, of);
    mean = m.mean;
    ci = clustered_wilson(m);
  };
  rate(decisive_won, clusters_decisive, s.last_placer_decisive_share, s.last_placer_decisive_ci);
  s.missing.decisive_ci = !s.missing.clustered.empty() ? s.missing.clustered
                          : decisive_won.empty()       ? "no decisive games"
                                                       : subset_gap(clusters_decisive, "decisive games");
  s.draw_ci_clustered = clustered_wilson(clustered_mean(drawn, clusters));
  const ClusteredMean lp = clustered_mean(won, clusters);
  s.design_effect = lp.design_effect;
  s.last_placer_win_ci_clustered = clustered_wilson(lp);
  const double plain = s.last_placer_win_ci.hi - s.last_placer_win_ci.lo;
  const double wide = s.last_placer_win_ci_clustered.hi - s.last_placer_win_ci_clustered.lo;
  s.repeats_mislead = games > 0 && wide >= kRepeatWarningWidth * plain;

  s.first_move_capture_games = static_cast<long long>(won_after_capture.size());
  rate(captured, clusters, s.first_move_capture_rate, s.first_move_capture_ci);
  s.first_move_stones = s.first_move_capture_games ? stones_taken / static_cast<double>(s.first_move_capture_games) : 0;
  rate(won_after_capture, clusters_capture, s.last_placer_win_rate_first_capture, s.last_placer_win_ci_first_capture);
  rate(won_after_none, clusters_none, s.last_placer_win_rate_no_first_capture, s.last_placer_win_ci_no_first_capture);
  s.missing.first_capture_ci = subset_gap(clusters_capture, "games with a first capture");
  s.missing.no_first_capture_ci = subset_gap(clusters_none, "games without a first capture");
  const ClusteredMean d = clustered_mean(diff, clusters);
  s.stone_diff_10 = d.mean;
  s.stone_diff_10_ci = clustered_normal(d);
  auto role = [](const std::vector<double>& capture, const std::vector<double>& lead,
                 const std::vector<std::uint64_t>& role_clusters) {
    const ClusteredMean c = clustered_mean(capture, role_clusters), l = clustered_mean(lead, role_clusters);
    return MatchSummary::RoleMechanism{c.mean, l.mean, clustered_wilson(c), clustered_normal(l)};
  };
  s.a_placing_last = role(captured_a_last, diff_a_last, clusters_a_last);
  s.a_placing_first = role(captured_a_first, diff_a_first, clusters_a_first);
  return d;
}

// What the games show when every one gave A the same points.
std::string same_games(const WDL& a) {
  if (a.wins == a.games()) return "every game won by A";
  if (a.losses == a.games()) return "every game won by B";
  return "every game drawn";
}

// What the pairs show when every one gave A the same points.
std::string same_pairs(const Pentanomial& p) {
  if (p.n[4] == p.pairs()) return "A won every game pair 2-0";
  if (p.n[0] == p.pairs()) return "B won every game pair 2-0";
  if (p.n[2] == p.pairs()) return "every game pair ended 1-1";
  return std::string("A scored ") + (p.n[1] == p.pairs() ? "0.5" : "1.5") + " of 2 points in every game pair";
}

// Why an Elo's interval is left out, when it is: `same` says what the samples all showed.
std::string no_elo_interval(IntervalGap gap, const EloEstimate& e, const std::string& few, const std::string& same) {
  if (gap == IntervalGap::TooFew) return few;
  if (gap == IntervalGap::None) return "";
  if (std::isinf(e.elo)) return same + ": the Elo is " + (e.elo > 0 ? "+inf" : "-inf") + ", with no interval";
  return same + ": no spread, so no interval";
}

// Which figures the counts leave out, and why (MatchSummary::Missing).
void find_missing(MatchSummary& s, const ClusteredMean& stone_diff) {
  MatchSummary::Missing& m = s.missing;
  const long long pairs = s.pairs.pairs(), decisive = s.a.wins + s.a.losses;
  const std::string few_pairs = too_few_text(pairs, "game pair", "game pairs", "no complete game pair");
  const std::string few_games = too_few_text(s.a.games(), "game", "games", "no games");

  const IntervalGap by_games = interval_gap(s.a.games(), s.a.variance());
  if (by_games == IntervalGap::TooFew) m.elo = few_games;
  m.elo_ci = no_elo_interval(by_games, s.elo, few_games, by_games == IntervalGap::NoSpread ? same_games(s.a) : "");
  if (decisive < kMinSamples) m.los = too_few_text(decisive, "decisive game", "decisive games", "no decisive games");

  const IntervalGap by_pairs = interval_gap(pairs, s.pairs.variance());
  const std::string same = by_pairs == IntervalGap::NoSpread ? same_pairs(s.pairs) : "";
  if (by_pairs == IntervalGap::TooFew) m.pair_elo = m.pair_los = m.normalized_elo = few_pairs;
  m.pair_elo_ci = no_elo_interval(by_pairs, s.pair_elo, few_pairs, same);
  // Normalized Elo divides by the spread: none, and there is nothing to divide by.
  if (by_pairs == IntervalGap::NoSpread) m.normalized_elo = same + ": no spread to normalize by";

  switch (interval_gap(stone_diff.clusters, stone_diff.iid_se)) {
    case IntervalGap::TooFew:
      m.stone_diff_10_ci = too_few_text(stone_diff.clusters, "cluster", "clusters", "no games");
      break;
    case IntervalGap::NoSpread:
      m.stone_diff_10_ci =
          "every game had the same stone difference after 10 movement plies: no spread, so no "
          "interval";
      break;
    case IntervalGap::None: break;
  }
  if (m.stone_diff_10_ci.empty()) m.stone_diff_10_ci = m.clustered;

  m.repeats = repeated_games_text(s.games, pairs, s.distinct_games, s.clusters);
  if (!m.repeats.empty()) {
    for (std::string* why : {&m.elo_ci, &m.pair_elo_ci, &m.los, &m.pair_los})
      if (why->empty()) *why = m.repeats;
    if (m.normalized_elo.empty()) m.normalized_elo = m.repeats;
  }
  // No games (a file of a header alone, a run stopped before its first game ended): one reason for every
  // figure, and no claim that games repeat.
  if (s.games == 0) {
    m = {};
    for (std::string* why :
         {&m.elo, &m.elo_ci, &m.pair_elo, &m.pair_elo_ci, &m.normalized_elo, &m.los, &m.pair_los, &m.stone_diff_10_ci,
          &m.clustered, &m.first_capture_ci, &m.no_first_capture_ci, &m.decisive_ci, &m.a_last_ci, &m.a_first_ci})
      *why = kNoGamesYet;
  }
}

// Writes null and the reason in place of a figure that is left out.
void leave_out(nlohmann::json& j, const std::string& key, const std::string& why) {
  if (why.empty()) return;
  j[key] = nullptr;
  j[key + "_reason"] = why;
}

}  // namespace

void SearchTotals::add(const SearchCounts& c) {
  searches += c.searches;
  ended_by_nodes += c.ended_by_nodes;
  ended_by_clock += c.ended_by_clock;
  nodes += c.nodes;
  max_nodes = std::max(max_nodes, c.max_nodes);
  if (c.depths) depths += *c.depths;
  else searches_no_depth += c.searches;
}

nlohmann::json search_json(const SearchTotals& t) {
  const std::optional<double> depth = t.mean_depth();
  return {{"searches", t.searches},
          {"mean_nodes", t.mean_nodes()},
          {"mean_depth", depth ? nlohmann::json(*depth) : nlohmann::json(nullptr)},
          {"max_nodes", t.max_nodes},
          {"ended_by_nodes", t.share_ended_by_nodes()},
          {"ended_by_clock", t.share_ended_by_clock()}};
}

MatchSummary match::summarize(const MatchConfig& config, std::vector<GameRecord> records) {
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
  const ClusteredMean stone_diff = summarize_diversity(records, s.games, s);
  s.elo = elo_trinomial(s.a);
  s.pair_elo = elo_pentanomial(s.pairs);
  s.normalized_elo = normalized_elo(s.pairs);
  s.los = likelihood_of_superiority(s.a.wins, s.a.losses);
  s.pair_los = likelihood_of_superiority(s.pairs);
  find_missing(s, stone_diff);
  return s;
}

namespace {

// Each figure of a summary's JSON that MatchSummary::missing leaves out: null, with its reason under
// KEY_reason; without games, every rate and mean too (A's score is not 50% then).
void leave_out_missing(nlohmann::json& j, const MatchSummary& s) {
  const MatchSummary::Missing& m = s.missing;
  for (const auto& [key, why] : {std::pair{"elo", m.elo},
                                 std::pair{"elo_ci95", m.elo_ci},
                                 std::pair{"pair_elo", m.pair_elo},
                                 std::pair{"pair_elo_ci95", m.pair_elo_ci},
                                 std::pair{"normalized_elo", m.normalized_elo},
                                 std::pair{"normalized_elo_ci95", m.normalized_elo},
                                 std::pair{"los", m.los},
                                 std::pair{"pair_los", m.pair_los},
                                 std::pair{"stone_diff_10_ci95", m.stone_diff_10_ci},
                                 std::pair{"last_placer_ci95", m.repeats},
                                 std::pair{"draw_ci95", m.repeats},
                                 std::pair{"last_placer_loss_ci95", m.repeats},
                                 std::pair{"last_placer_ci95_clustered", m.clustered},
                                 std::pair{"last_placer_score_ci95", m.clustered},
                                 std::pair{"draw_ci95_clustered", m.clustered},
                                 std::pair{"first_move_capture_ci95", m.clustered},
                                 std::pair{"last_placer_decisive_ci95", m.decisive_ci},
                                 std::pair{"last_placer_ci95_first_capture", m.first_capture_ci},
                                 std::pair{"last_placer_ci95_no_first_capture", m.no_first_capture_ci},
                                 std::pair{"a_score_placing_last_ci95", m.a_last_ci},
                                 std::pair{"a_score_placing_first_ci95", m.a_first_ci},
                                 std::pair{"first_move_capture_ci95_a_placing_last", m.a_last_ci},
                                 std::pair{"stone_diff_10_ci95_a_placing_last", m.a_last_ci},
                                 std::pair{"first_move_capture_ci95_a_placing_first", m.a_first_ci},
                                 std::pair{"stone_diff_10_ci95_a_placing_first", m.a_first_ci}})
    leave_out(j, key, why);
  // Without games a rate or a mean is no number at all (A's score is not 50%), and no plain interval
  // either.
  if (s.games == 0)
    for (const char* key : {"a_score",
                            "last_placer_win_rate",
                            "last_placer_ci95",
                            "draw_rate",
                            "draw_ci95",
                            "last_placer_loss_rate",
                            "last_placer_loss_ci95",
                            "mean_movement_plies",
                            "passes_per_game",
                            "captures_per_game",
                            "last_placer_score",
                            "last_placer_decisive_share",
                            "a_score_placing_last",
                            "a_score_placing_first",
                            "design_effect",
                            "first_move_capture_rate",
                            "first_move_stones",
                            "last_placer_win_rate_first_capture",
                            "last_placer_win_rate_no_first_capture",
                            "stone_diff_10",
                            "first_move_capture_rate_a_placing_last",
                            "first_move_capture_rate_a_placing_first",
                            "stone_diff_10_a_placing_last",
                            "stone_diff_10_a_placing_first"})
      leave_out(j, key, kNoGamesYet);
}

}  // namespace

nlohmann::json match::summary_json(const MatchConfig& c, const MatchSummary& s, const nlohmann::json& evaluations) {
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

         {"last_placer_score", s.last_placer_score},
         {"last_placer_score_ci95", ci(s.last_placer_score_ci)},
         {"last_placer_decisive_share", s.last_placer_decisive_share},
         {"last_placer_decisive_ci95", ci(s.last_placer_decisive_ci)},
         {"draw_ci95_clustered", ci(s.draw_ci_clustered)},
         {"a_score_placing_last", s.a_score_placing_last},
         {"a_score_placing_last_ci95", ci(s.a_score_placing_last_ci)},
         {"a_score_placing_first", s.a_score_placing_first},
         {"a_score_placing_first_ci95", ci(s.a_score_placing_first_ci)},
         {"distinct_placements", s.distinct_placements},
         {"distinct_games", s.distinct_games},
         {"clusters", s.clusters.clusters},
         {"effective_clusters", s.clusters.effective},
         {"largest_cluster_share", s.clusters.largest_share},
         {"placement_clusters", s.placement_clusters.clusters},
         {"effective_placement_clusters", s.placement_clusters.effective},
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
         {"first_move_capture_rate_a_placing_last", s.a_placing_last.first_move_capture_rate},
         {"first_move_capture_ci95_a_placing_last", ci(s.a_placing_last.first_move_capture_ci)},
         {"first_move_capture_rate_a_placing_first", s.a_placing_first.first_move_capture_rate},
         {"first_move_capture_ci95_a_placing_first", ci(s.a_placing_first.first_move_capture_ci)},
         {"stone_diff_10_a_placing_last", s.a_placing_last.stone_diff_10},
         {"stone_diff_10_ci95_a_placing_last",
          {json_number(s.a_placing_last.stone_diff_10_ci.lo), json_number(s.a_placing_last.stone_diff_10_ci.hi)}},
         {"stone_diff_10_a_placing_first", s.a_placing_first.stone_diff_10},
         {"stone_diff_10_ci95_a_placing_first",
          {json_number(s.a_placing_first.stone_diff_10_ci.lo), json_number(s.a_placing_first.stone_diff_10_ci.hi)}},
         {"search", {{"a", search_json(s.search[0])}, {"b", search_json(s.search[1])}}},
         {"seed", json_key64(c.seed)},
         {"rules", c.rules.to_string()},
         {"a", c.a.label()},
         {"b", c.b.label()},
         {"opening_turns", c.opening_turns}};
  // The evaluation each side played with by side ("a", "b", and their placement= players' "a.placement",
  // "b.placement"); a side that evaluates no position is left out.
  json by_side = json::object();
  for (auto it = evaluations.begin(); it != evaluations.end(); ++it)
    by_side[(it.key().starts_with('0') ? "a" : "b") + it.key().substr(1)] = it.value();
  if (!by_side.empty()) j["evaluations"] = by_side;
  if (c.openings.used())
    j["openings"] = {
        {"file", c.openings.file}, {"count", c.openings.count}, {"order", std::string(to_string(c.openings.order))}};
  leave_out_missing(j, s);
  add_shard_key(j, c.shard);  // the games are this shard's only
  if (s.sprt) {
    const char* d = s.sprt->decision == SprtResult::AcceptH1   ? "H1"
                    : s.sprt->decision == SprtResult::AcceptH0 ? "H0"
                                                               : "continue";
    j["sprt"] = {{"llr", s.sprt->llr},   {"lower", s.sprt->lower}, {"upper", s.sprt->upper},
                 {"decision", d},        {"pairs", s.sprt_pairs},  {"elo0", c.sprt->elo0},
                 {"elo1", c.sprt->elo1}, {"alpha", c.sprt->alpha}, {"beta", c.sprt->beta}};
  }
  if (c.adjudication.any()) {
    const auto it = s.end_reasons.find("adjudicated");
    j["adjudication"] = {{"rule", c.adjudication.text()}, {"games", it == s.end_reasons.end() ? 0 : it->second}};
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
