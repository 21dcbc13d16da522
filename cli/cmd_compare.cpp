// seega compare A B: two runs of one kind side by side, and B minus A with intervals: two matches (the
// last placer's score, wins and draws, the pair Elo) or two run-sims (levels beaten and score). Each
// run's figures carry its own interval (a match's clustered: games that share an opening or a placement
// count once); the difference's adds the two as independent. Before the table it names every setting in
// which the runs' headers differ (runs/format/run_differences.hpp), and warns when that is more than one,
// since a difference then has more than one cause.
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <optional>

#include "common.hpp"
#include "job.hpp"
#include "runs/format/results_file.hpp"
#include "runs/format/run_differences.hpp"
#include "runs/io/shard.hpp"
#include "runs/kinds/match.hpp"
#include "runs/kinds/run_sim.hpp"

namespace seega::cli {

namespace {

// One run compared: a match's results file (two players) or a run-sim file, and its summary.
struct Run {
  std::string path;
  nlohmann::json header;
  bool run_sim = false;
  MatchConfig config;  // a match's
  MatchSummary summary;
  RunSimConfig sim;  // a run-sim's
  RunSimSummary sim_summary;
  long long count() const { return run_sim ? sim_summary.runs : summary.games; }
  const char* unit() const { return run_sim ? "runs" : "games"; }
};

Run read_match(Run r, const std::string& text, const char* which) {
  auto file = read_results(text);
  if (!file.ok()) throw UsageError(fmt::format("compare: {} {}: {}", which, r.path, file.error));
  if (file.value.dropped_last_line) warn_cut_last_line(r.path, "game");
  auto t = header_tournament(file.value.header);  // its error names line 1
  if (!t.ok()) throw UsageError(fmt::format("compare: {} {}: {}", which, r.path, t.error));
  if (t.value.players.size() != 2)
    throw UsageError(fmt::format("compare: {} {}: a run of {} players; compare reads matches (two players)", which,
                                 r.path, t.value.players.size()));
  if (file.value.games.empty()) throw UsageError(fmt::format("compare: {} {}: no games to compare", which, r.path));
  r.header = file.value.header;
  MatchConfig& c = r.config;
  c.rules = t.value.rules;
  c.a = t.value.players[0];
  c.b = t.value.players[1];
  c.seed = t.value.seed;
  c.opening_turns = t.value.opening_turns;
  long long last = 0;
  for (const auto& g : file.value.games) last = std::max(last, g.index);
  c.games = last + 1;
  if (auto shard = header_shard(file.value.header); shard.ok()) c.shard = shard.value;
  // A file may have been written by a match, a gate's row or a ladder of two: its games are what count.
  r.summary = match::summarize(c, std::move(file.value.games));
  return r;
}

Run read_run_sim_file(Run r, const std::string& text, const char* which) {
  auto file = read_run_sim(text);
  if (!file.ok()) throw UsageError(fmt::format("compare: {} {}: {}", which, r.path, file.error));
  if (file.value.dropped_last_line) warn_cut_last_line(r.path, "run");
  if (file.value.runs.empty()) throw UsageError(fmt::format("compare: {} {}: no runs to compare", which, r.path));
  r.run_sim = true;
  r.header = file.value.header;
  r.sim = run_sim_config(r.header).value;  // read_run_sim has read it
  // In index order, as the run summarised them (a file holds them in the order they finished).
  std::sort(file.value.runs.begin(), file.value.runs.end(),
            [](const RunRecord& x, const RunRecord& y) { return x.index < y.index; });
  r.sim_summary = summarize_runs(r.sim, file.value.runs);
  return r;
}

Run read_run(const std::string& path, const char* which) {
  const std::string text = read_user_file(path, std::string("compare: ") + which);
  expect_file_kind(fmt::format("compare: {} ", which), path, text, {FileKind::Results, FileKind::RunSim},
                   "compare reads two matches' results files (the --out of seega match), or two run-sim files");
  Run r;
  r.path = path;
  return file_kind(text) == FileKind::RunSim ? read_run_sim_file(std::move(r), text, which)
                                             : read_match(std::move(r), text, which);
}

// One compared figure: each run's value and interval (or why none), and B - A.
struct Row {
  enum class Unit { Percent, Elo, Mean };
  const char* key;    // JSON
  const char* label;  // text
  double a, b;
  std::optional<Interval> ia, ib;  // none: left out
  std::string why_a, why_b;
  Unit unit;
};

std::string value_text(double v, Row::Unit u) {
  switch (u) {
    case Row::Unit::Percent: return fmt::format("{:.1f}%", 100 * v);
    case Row::Unit::Elo: return fmt::format("{:+.1f}", v);
    case Row::Unit::Mean: break;
  }
  return fmt::format("{:.2f}", v);
}
std::string interval_text(const std::optional<Interval>& i, Row::Unit u) {
  if (!i) return "(none)";
  if (u == Row::Unit::Percent) return fmt::format("[{:.1f}, {:.1f}]", 100 * i->lo, 100 * i->hi);
  return "[" + value_text(i->lo, u) + ", " + value_text(i->hi, u) + "]";
}
std::string difference_text(double d, const std::optional<Interval>& i, Row::Unit u) {
  const double scale = u == Row::Unit::Percent ? 100 : 1;
  const char* spec = u == Row::Unit::Mean ? "{:+.2f}" : "{:+.1f}";
  const std::string unit = u == Row::Unit::Percent ? " points" : "";
  if (!i) return fmt::format(fmt::runtime(spec), scale * d) + unit + " (no interval)";
  return fmt::format(fmt::runtime(spec), scale * d) + " [" + fmt::format(fmt::runtime(spec), scale * i->lo) + ", " +
         fmt::format(fmt::runtime(spec), scale * i->hi) + "]" + unit;
}

std::optional<Interval> given(const Interval& i, const std::string& why) {
  return why.empty() ? std::optional<Interval>(i) : std::nullopt;
}

std::vector<Row> match_rows(const MatchSummary& a, const MatchSummary& b) {
  using U = Row::Unit;
  const auto rate = [](const MatchSummary& s) { return s.games ? double(s.last_placer_wins) / s.games : 0.0; };
  const auto draws = [](const MatchSummary& s) { return s.games ? double(s.draws) / s.games : 0.0; };
  const auto& ma = a.missing;
  const auto& mb = b.missing;
  std::vector<Row> out = {
      {"last_placer_score", "last placer's score", a.last_placer_score, b.last_placer_score,
       given(a.last_placer_score_ci, ma.clustered), given(b.last_placer_score_ci, mb.clustered), ma.clustered,
       mb.clustered, U::Percent},
      {"last_placer_win_rate", "last placer's wins", rate(a), rate(b),
       given(a.last_placer_win_ci_clustered, ma.clustered), given(b.last_placer_win_ci_clustered, mb.clustered),
       ma.clustered, mb.clustered, U::Percent},
      {"draw_rate", "draws", draws(a), draws(b), given(a.draw_ci_clustered, ma.clustered),
       given(b.draw_ci_clustered, mb.clustered), ma.clustered, mb.clustered, U::Percent},
  };
  const std::string why_a = !ma.pair_elo.empty() ? ma.pair_elo : ma.pair_elo_ci;
  const std::string why_b = !mb.pair_elo.empty() ? mb.pair_elo : mb.pair_elo_ci;
  out.push_back({"pair_elo", "Elo A-B (pairs)", a.pair_elo.elo, b.pair_elo.elo,
                 why_a.empty() ? std::optional<Interval>(Interval{a.pair_elo.lo, a.pair_elo.hi}) : std::nullopt,
                 why_b.empty() ? std::optional<Interval>(Interval{b.pair_elo.lo, b.pair_elo.hi}) : std::nullopt, why_a,
                 why_b, U::Elo});
  return out;
}

// A run-sim's figures: the mean levels beaten and the mean score, each with its normal interval (the runs
// are independent).
std::vector<Row> run_sim_rows(const RunSimSummary& a, const RunSimSummary& b) {
  const auto row = [](const char* key, const char* label, const Distribution& x, const Distribution& y) {
    return Row{key,
               label,
               x.mean,
               y.mean,
               given(x.mean_ci, x.no_mean_ci),
               given(y.mean_ci, y.no_mean_ci),
               x.no_mean_ci,
               y.no_mean_ci,
               Row::Unit::Mean};
  };
  return {row("wins_mean", "levels beaten (mean)", a.wins, b.wins),
          row("score_mean", "score (mean)", a.score, b.score)};
}

// What the runs differ in: every setting of their headers, then the sampling (the seed, the shard, and
// the number of games or runs).
RunDifferences differences(const Run& a, const Run& b) {
  RunDifferences d = run_differences(a.header, b.header);
  if (a.count() != b.count()) d.sampling.push_back({a.unit(), std::to_string(a.count()), std::to_string(b.count())});
  return d;
}

std::vector<std::string> texts(const std::vector<SettingDifference>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.text());
  return out;
}

std::string describe(const Run& r) {
  if (r.run_sim)
    return fmt::format("{} (run-sim of {} on {}, {} levels, {} runs, seed {})", r.path, r.sim.player.label(),
                       r.sim.rules.to_string(), r.header.contains("level_table") ? "a table of" : "the built-in",
                       r.sim_summary.runs, r.sim.seed);
  return fmt::format("{} ({} vs {} on {}, {} games, seed {}, {:.1f} effective clusters)", r.path, r.config.a.label(),
                     r.config.b.label(), r.config.rules.to_string(), r.summary.games, r.config.seed,
                     r.summary.clusters.effective);
}

nlohmann::json compare_json(const Run& a, const Run& b, const RunDifferences& d, const std::vector<Row>& table,
                            const std::string& warning, bool same_seed) {
  nlohmann::json details = nlohmann::json::array();
  for (const auto& x : d.settings) details.push_back({{"setting", x.setting}, {"a", x.a}, {"b", x.b}});
  nlohmann::json j{{"a", a.path},
                   {"b", b.path},
                   {"kind", a.run_sim ? "run-sim" : "match"},
                   {"differences", texts(d.settings)},
                   {"settings", details},
                   {"sampling", texts(d.sampling)},
                   {"same_seed", same_seed},
                   {"figures", nlohmann::json::object()}};
  if (!warning.empty()) j["warning"] = warning;
  for (const Row& r : table) {
    nlohmann::json f{{"a", r.a}, {"b", r.b}, {"difference", r.b - r.a}};
    f["a_ci95"] = r.ia ? nlohmann::json{r.ia->lo, r.ia->hi} : nlohmann::json();
    f["b_ci95"] = r.ib ? nlohmann::json{r.ib->lo, r.ib->hi} : nlohmann::json();
    if (r.ia && r.ib) {
      const Interval i = difference_ci(r.a, *r.ia, r.b, *r.ib);
      f["difference_ci95"] = {i.lo, i.hi};
    } else {
      f["difference_ci95"] = nullptr;
      f["difference_ci95_reason"] = !r.ia ? "A: " + r.why_a : "B: " + r.why_b;
    }
    j["figures"][r.key] = f;
  }
  if (!a.run_sim) j["effective_clusters"] = {a.summary.clusters.effective, b.summary.clusters.effective};
  return j;
}

void print_compare(const Run& a, const Run& b, const RunDifferences& d, const std::vector<Row>& table,
                   const std::string& warning, bool same_seed) {
  fmt::print("A: {}\nB: {}\n", describe(a), describe(b));
  if (!warning.empty()) fmt::print("warning: {}\n", warning);
  const auto joined_texts = [](const std::vector<SettingDifference>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : "; ") + x.text();
    return s;
  };
  fmt::print("the runs differ in: {}\n", d.settings.empty() ? "nothing recorded" : joined_texts(d.settings));
  if (!d.sampling.empty()) fmt::print("and in sampling: {}\n", joined_texts(d.sampling));
  fmt::print("{:<20} {:>7} {:<17} {:>7} {:<17} {}\n", "", "A", "", "B", "", "B - A [95%]");
  for (const Row& r : table) {
    const auto i = r.ia && r.ib ? std::optional<Interval>(difference_ci(r.a, *r.ia, r.b, *r.ib)) : std::nullopt;
    fmt::print("{:<20} {:>7} {:<17} {:>7} {:<17} {}\n", r.label, value_text(r.a, r.unit), interval_text(r.ia, r.unit),
               value_text(r.b, r.unit), interval_text(r.ib, r.unit), difference_text(r.b - r.a, i, r.unit));
  }
  if (a.run_sim) {
    fmt::print(
        "intervals: each run-sim's normal interval of a mean over its independent runs; B - A's as two "
        "independent runs{}\n",
        same_seed ? " (the runs share their seed, so their games' seeds: the interval is conservative)" : "");
    return;
  }
  fmt::print(
      "intervals: each run's clustered (games that share an opening or a placement count once); Elo's from game "
      "pairs; B - A's as two independent runs{}\n",
      same_seed ? " (the runs share their seed, so their openings: the interval is conservative)" : "");
  for (const Run* r : {&a, &b})
    if (!r->summary.missing.clustered.empty())
      fmt::print("no clustered interval for {}: it {}\n", r->path, r->summary.missing.clustered);
}

}  // namespace

int command_compare(const std::vector<std::string>& args, const Job&) {
  std::vector<std::string> files;
  bool json = false;
  po::options_description opts("compare options");
  opts.add_options()("files", po::value(&files)->multitoken()->required(), "the two files, A then B")(
      "json", po::bool_switch(&json), "print the comparison as one JSON object");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega compare A.jsonl B.jsonl [--json]\n\n"
                     "Two runs of one kind side by side, each figure with its run's interval and B minus A with\n"
                     "the interval of a difference of independent runs: two matches' results files (the last\n"
                     "placer's score, wins and draws, the pair Elo, clustered by opening and placement), or two\n"
                     "run-sim files (levels beaten and score). It first names every setting in which the runs'\n"
                     "headers differ (rules keys, players by role, opening suites, adjudication, levels, engines,\n"
                     "the evaluation each player used, the build) and warns when that is more than one.",
                     {"files", 2}))
    return 0;
  if (files.size() != 2) throw UsageError("compare takes two files, A and B: two results files or two run-sim files");
  const Run a = read_run(files[0], "A"), b = read_run(files[1], "B");
  if (a.run_sim != b.run_sim)
    throw UsageError(fmt::format("compare: A {} is {}, B {} {}: compare reads two runs of one kind", a.path,
                                 a.run_sim ? "a run-sim file" : "a match's results file", b.path,
                                 b.run_sim ? "a run-sim file" : "a match's results file"));
  const RunDifferences d = differences(a, b);
  const std::vector<Row> table =
      a.run_sim ? run_sim_rows(a.sim_summary, b.sim_summary) : match_rows(a.summary, b.summary);
  std::string warning;
  if (d.settings.size() > 1)
    warning = fmt::format("the runs differ in {} settings, not one: a difference below may come from any of them",
                          d.settings.size());
  else if (d.settings.empty())
    warning = "the runs differ in no setting: a difference below is chance (or a change the files do not record)";
  const bool same_seed = a.run_sim ? a.sim.seed == b.sim.seed : a.config.seed == b.config.seed;
  if (json) print_json(compare_json(a, b, d, table, warning, same_seed));
  else print_compare(a, b, d, table, warning, same_seed);
  return 0;
}

}  // namespace seega::cli
