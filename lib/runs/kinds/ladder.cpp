#include "runs/kinds/ladder.hpp"

#include <algorithm>
#include <set>

#include "analysis/stats.hpp"
#include "runs/io/json.hpp"

namespace seega {

Tournament LadderConfig::tournament() const {
  return Tournament{rules,       players,       Schedule(schedule, static_cast<int>(players.size()), games_per_pair),
                    seed,        opening_turns, openings,
                    adjudication};
}

RunOptions LadderConfig::run_options() const { return RunOptions{threads, record_moves, keep_moves, 0, shard}; }

std::string ladder_players_invalid(const std::vector<PlayerSpec>& players) {
  if (players.size() < 2) return "a ladder needs at least two players, got " + std::to_string(players.size());
  for (std::size_t i = 0; i < players.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (players[i].text == players[j].text)
        return "player '" + players[i].text + "' is given twice (players " + std::to_string(j + 1) + " and " +
               std::to_string(i + 1) + "); a ladder rates each player once";
      else if (players[i].label() == players[j].label())
        return "players " + std::to_string(j + 1) + " and " + std::to_string(i + 1) + " are both named '" +
               players[i].label() + "'; a ladder's table names each player once (give each engine a name= of its own)";
  return "";
}

namespace {

// Why player i's rating has no interval, or empty.
std::string no_interval(const LadderConfig& c, const RatingFit& fit, int i) {
  if (i == c.anchor) return "the anchor: rated 0 by definition";
  const auto games = static_cast<long long>(fit.games[static_cast<std::size_t>(i)]);
  if (games < kMinSamples) return too_few_text(games, "game", "games");
  return "";
}

}  // namespace

Parsed<LadderSummary> ladder::summarize(const LadderConfig& config, const std::vector<GameRecord>& records) {
  const Tournament t = config.tournament();
  LadderSummary s{0, ScoreBoard(t.schedule), {}, {}, {}, 0, 0, 0, {}, {}};
  std::set<std::uint64_t> sequences;
  std::vector<std::uint64_t> placement_keys, opening_keys;
  for (const auto& g : records) {
    s.board.add(g);
    ++s.games;
    s.draws += g.outcome.draw();
    s.last_placer_wins += g.last_placer_won();
    sequences.insert(g.game_key);
    placement_keys.push_back(g.placement_key);
    opening_keys.push_back(g.opening_key);
  }
  s.distinct_games = static_cast<long long>(sequences.size());
  s.clusters = cluster_shape(joined_clusters({placement_keys, opening_keys}));
  s.repeats = repeated_games_text(s.games, s.games / 2, s.distinct_games, s.clusters);
  std::vector<PairResult> pairs;
  for (int p = 0; p < s.board.pairings(); ++p) {
    const WDL& a = s.board.score(p).a;
    if (a.games()) pairs.push_back({s.board.players_of(p).a, s.board.players_of(p).b, a.wins, a.draws, a.losses});
  }
  RatingOptions options;
  options.anchor = config.anchor;
  for (const auto& p : config.players) options.names.push_back(p.label());
  auto fit = fit_ratings(static_cast<int>(config.players.size()), pairs, options);
  if (!fit.ok()) return Parsed<LadderSummary>::fail(fit.error);
  s.fit = std::move(fit.value);
  const int n = static_cast<int>(config.players.size());
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
  // Best first; equal ratings keep the given order.
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    return s.fit.rating[static_cast<std::size_t>(x)] > s.fit.rating[static_cast<std::size_t>(y)];
  });
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int i = order[k];
    LadderRow row;
    row.player = i;
    row.rating = s.fit.rating[static_cast<std::size_t>(i)];
    row.ci95 = s.fit.ci95(i);
    row.no_ci = no_interval(config, s.fit, i);
    if (row.no_ci.empty()) row.no_ci = s.repeats;
    row.games = static_cast<long long>(s.fit.games[static_cast<std::size_t>(i)]);
    row.score = s.fit.score[static_cast<std::size_t>(i)];
    if (k + 1 < order.size()) {
      row.below = order[k + 1];
      row.diff = row.rating - s.fit.rating[static_cast<std::size_t>(row.below)];
      row.diff_ci95 = s.fit.diff_ci95(i, row.below);
      // The anchor's own interval is left out by definition; a difference to it is measured.
      for (int who : {i, row.below})
        if (who != config.anchor && row.no_diff_ci.empty()) {
          const std::string why = no_interval(config, s.fit, who);
          if (!why.empty()) row.no_diff_ci = config.players[static_cast<std::size_t>(who)].label() + ": " + why;
        }
      if (row.no_diff_ci.empty()) row.no_diff_ci = s.repeats;
    }
    s.table.push_back(row);
  }
  for (int i = 1; i < n && s.repeats.empty(); ++i) {
    if (i == config.second_group) continue;
    const double d = s.fit.rating[static_cast<std::size_t>(i)] - s.fit.rating[static_cast<std::size_t>(i - 1)];
    if (d - s.fit.diff_ci95(i, i - 1) <= 0) s.not_above_previous.push_back(i);
  }
  return {std::move(s), {}};
}

nlohmann::json ladder::summary_json(const LadderConfig& c, const LadderSummary& s) {
  using nlohmann::json;
  json players = json::array(), pairs = json::array();
  for (const auto& row : s.table) {
    json p{{"name", c.players[static_cast<std::size_t>(row.player)].label()},
           {"index", row.player},
           {"rating", json_number(row.rating)},
           {"ci95", {json_number(row.rating - row.ci95), json_number(row.rating + row.ci95)}},
           {"games", row.games},
           {"score", row.score}};
    if (!row.no_ci.empty()) {
      p["ci95"] = nullptr;
      p["ci95_reason"] = row.no_ci;
    }
    if (row.below >= 0) {
      p["below"] = c.players[static_cast<std::size_t>(row.below)].label();
      p["diff_below"] = json_number(row.diff);
      p["diff_below_ci95"] = {json_number(row.diff - row.diff_ci95), json_number(row.diff + row.diff_ci95)};
      if (!row.no_diff_ci.empty()) {
        p["diff_below_ci95"] = nullptr;
        p["diff_below_ci95_reason"] = row.no_diff_ci;
      }
    }
    players.push_back(p);
  }
  for (int p = 0; p < s.board.pairings(); ++p) {
    const Pairing& who = s.board.players_of(p);
    const PairingScore& score = s.board.score(p);
    pairs.push_back({{"a", c.players[static_cast<std::size_t>(who.a)].label()},
                     {"b", c.players[static_cast<std::size_t>(who.b)].label()},
                     {"a_wins", score.a.wins},
                     {"draws", score.a.draws},
                     {"b_wins", score.a.losses},
                     {"pentanomial", score.pairs.n}});
  }
  // Under repeats the monotonicity check is not made (null, with the reason), rather than passed.
  json not_above = s.repeats.empty() ? json::array() : json();
  for (int i : s.not_above_previous) not_above.push_back(c.players[static_cast<std::size_t>(i)].label());
  const double n = s.games ? static_cast<double>(s.games) : 1;
  json j{{"players", players},
         {"pairs", pairs},
         {"games", s.games},
         {"anchor", c.players[static_cast<std::size_t>(c.anchor)].label()},
         {"not_above_previous", not_above},
         {"prior_used", s.fit.prior_used},
         {"prior_note", s.fit.prior_note},
         {"last_placer_win_rate", static_cast<double>(s.last_placer_wins) / n},
         {"draw_rate", static_cast<double>(s.draws) / n},
         {"distinct_games", s.distinct_games},
         {"clusters", s.clusters.clusters},
         {"effective_clusters", s.clusters.effective},
         {"rules", c.rules.to_string()},
         {"schedule", std::string(to_string(c.schedule))},
         {"games_per_pair", c.games_per_pair},
         {"seed", json_key64(c.seed)},
         {"opening_turns", c.opening_turns}};
  if (c.openings.used())
    j["openings"] = {
        {"file", c.openings.file}, {"count", c.openings.count}, {"order", std::string(to_string(c.openings.order))}};
  add_shard_key(j, c.shard);  // the games are this shard's only
  if (!s.repeats.empty()) j["not_above_previous_reason"] = s.repeats;
  return j;
}

}  // namespace seega
