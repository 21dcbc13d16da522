// seega compare A B: two matches' results files side by side, and B minus A with intervals. Each run's
// figures carry its own clustered interval (games that share an opening or a placement count once); the
// difference's adds the two as independent. Before the table it says in what the runs differ, and
// warns when that is more than one setting, since a difference then has more than one cause.
#include <fmt/core.h>

#include <map>
#include <optional>

#include "common.hpp"
#include "job.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/format/results_file.hpp"
#include "runs/io/shard.hpp"
#include "runs/kinds/match.hpp"

namespace seega::cli {

namespace {

struct Run {
  std::string path;
  nlohmann::json header;
  MatchConfig config;
  MatchSummary summary;
};

Run read_run(const std::string& path, const char* which) {
  const std::string text = read_user_file(path, std::string("compare: ") + which);
  expect_file_kind(fmt::format("compare: {} ", which), path, text, {FileKind::Results},
                   "compare reads two matches' results files (the --out of seega match)");
  auto file = read_results(text);
  if (!file.ok()) throw UsageError(fmt::format("compare: {} {}: {}", which, path, file.error));
  if (file.value.dropped_last_line) warn_cut_last_line(path, "game");
  auto t = header_tournament(file.value.header);  // its error names line 1
  if (!t.ok()) throw UsageError(fmt::format("compare: {} {}: {}", which, path, t.error));
  if (t.value.players.size() != 2)
    throw UsageError(fmt::format("compare: {} {}: a run of {} players; compare reads matches (two players)", which,
                                 path, t.value.players.size()));
  if (file.value.games.empty()) throw UsageError(fmt::format("compare: {} {}: no games to compare", which, path));
  Run r;
  r.path = path;
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

// "preset" and its overrides of a canonical rules string ("standard(quiet_plies=40)").
std::pair<std::string, std::map<std::string, std::string>> rule_parts(const std::string& text) {
  const auto open = text.find('(');
  std::map<std::string, std::string> keys;
  if (open == std::string::npos) return {text, keys};
  const std::string body = text.substr(open + 1, text.size() - open - 2);
  std::size_t start = 0;
  while (start < body.size()) {
    const auto comma = body.find(',', start);
    const std::string item = body.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto eq = item.find('=');
    keys[item.substr(0, eq)] = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return {text.substr(0, open), keys};
}

// The settings in which B's run differs from A's ("quiet_plies: 30 (the preset's) vs 40"), and those in
// which only the sampling differs (the seed, the number of games), which a comparison expects.
struct Differences {
  std::vector<std::string> settings, sampling;
};

Differences differences(const Run& a, const Run& b) {
  Differences d;
  const auto [preset_a, keys_a] = rule_parts(a.config.rules.to_string());
  const auto [preset_b, keys_b] = rule_parts(b.config.rules.to_string());
  if (preset_a != preset_b) {
    d.settings.push_back(fmt::format("rules {} vs {}", a.config.rules.to_string(), b.config.rules.to_string()));
  } else {
    std::map<std::string, bool> all;
    for (const auto& [k, v] : keys_a) all[k] = true;
    for (const auto& [k, v] : keys_b) all[k] = true;
    auto value = [](const std::map<std::string, std::string>& m, const std::string& k) {
      const auto it = m.find(k);
      return it == m.end() ? std::string("the preset's") : it->second;
    };
    for (const auto& [k, unused] : all)
      if (value(keys_a, k) != value(keys_b, k))
        d.settings.push_back(fmt::format("rules {}: {} vs {}", k, value(keys_a, k), value(keys_b, k)));
  }
  if (a.config.a.text != b.config.a.text)
    d.settings.push_back(fmt::format("A: {} vs {}", a.config.a.text, b.config.a.text));
  if (a.config.b.text != b.config.b.text)
    d.settings.push_back(fmt::format("B: {} vs {}", a.config.b.text, b.config.b.text));
  if (a.config.opening_turns != b.config.opening_turns)
    d.settings.push_back(fmt::format("opening turns: {} vs {}", a.config.opening_turns, b.config.opening_turns));
  const nlohmann::json none;
  auto key = [&none](const nlohmann::json& h, const char* k) { return h.contains(k) ? h[k] : none; };
  if (key(a.header, "weights") != key(b.header, "weights"))
    d.settings.push_back("the weights behind a weights= player");
  // The evaluation each side played with (runs/format/evaluations.hpp): a change of built-in weights shows here
  // though the specs are the same.
  // Where the specs differ, a difference of evaluation that the specs make (another weights file, a
  // player that evaluates nothing) is that difference, not another: only the same weights' source with
  // other values (built-in weights changed between builds, a weights file edited) is named then.
  const nlohmann::json ea = key(a.header, "evaluations"), eb = key(b.header, "evaluations");
  if (ea != eb)
    for (const auto& [index, side] : {std::pair{"0", "A"}, std::pair{"1", "B"}}) {
      const bool same_spec = index[0] == '0' ? a.config.a.text == b.config.a.text : a.config.b.text == b.config.b.text;
      for (const std::string& k : {std::string(index), std::string(index) + ".placement"}) {
        auto at = [&k](const nlohmann::json& e) { return e.is_object() && e.contains(k) ? e[k] : nlohmann::json(); };
        auto of = [&at](const nlohmann::json& e, const nlohmann::json& header) {
          if (!header.contains("evaluations")) return std::string("not recorded (an older seega's file)");
          return evaluation_text(at(e));
        };
        if (of(ea, a.header) == of(eb, b.header)) continue;
        const bool same_source =
            at(ea).is_object() && at(eb).is_object() && at(ea).value("name", "") == at(eb).value("name", "");
        if (same_spec || same_source)
          d.settings.push_back(fmt::format("{}'s {}evaluation: {} vs {}", side,
                                           k.ends_with(".placement") ? "placement player's " : "", of(ea, a.header),
                                           of(eb, b.header)));
      }
    }
  if (key(a.header, "build") != key(b.header, "build"))
    d.settings.push_back(
        fmt::format("the build: {} vs {}", key(a.header, "build").dump(), key(b.header, "build").dump()));
  if (a.config.seed != b.config.seed) d.sampling.push_back(fmt::format("seed {} vs {}", a.config.seed, b.config.seed));
  if (a.summary.games != b.summary.games)
    d.sampling.push_back(fmt::format("games {} vs {}", a.summary.games, b.summary.games));
  return d;
}

// One compared figure: each run's value and interval (or why none), and B - A.
struct Row {
  const char* key;    // JSON
  const char* label;  // text
  double a, b;
  std::optional<Interval> ia, ib;  // none: left out
  std::string why_a, why_b;
  bool percent;
};

std::string value_text(double v, bool percent) {
  return percent ? fmt::format("{:.1f}%", 100 * v) : fmt::format("{:+.1f}", v);
}
std::string interval_text(const std::optional<Interval>& i, bool percent) {
  if (!i) return "(none)";
  return percent ? fmt::format("[{:.1f}, {:.1f}]", 100 * i->lo, 100 * i->hi)
                 : fmt::format("[{:+.1f}, {:+.1f}]", i->lo, i->hi);
}

std::optional<Interval> given(const Interval& i, const std::string& why) {
  return why.empty() ? std::optional<Interval>(i) : std::nullopt;
}

std::vector<Row> rows(const MatchSummary& a, const MatchSummary& b) {
  const auto rate = [](const MatchSummary& s) { return s.games ? double(s.last_placer_wins) / s.games : 0.0; };
  const auto draws = [](const MatchSummary& s) { return s.games ? double(s.draws) / s.games : 0.0; };
  const auto& ma = a.missing;
  const auto& mb = b.missing;
  std::vector<Row> out = {
      {"last_placer_score", "last placer's score", a.last_placer_score, b.last_placer_score,
       given(a.last_placer_score_ci, ma.clustered), given(b.last_placer_score_ci, mb.clustered), ma.clustered,
       mb.clustered, true},
      {"last_placer_win_rate", "last placer's wins", rate(a), rate(b),
       given(a.last_placer_win_ci_clustered, ma.clustered), given(b.last_placer_win_ci_clustered, mb.clustered),
       ma.clustered, mb.clustered, true},
      {"draw_rate", "draws", draws(a), draws(b), given(a.draw_ci_clustered, ma.clustered),
       given(b.draw_ci_clustered, mb.clustered), ma.clustered, mb.clustered, true},
  };
  const std::string why_a = !ma.pair_elo.empty() ? ma.pair_elo : ma.pair_elo_ci;
  const std::string why_b = !mb.pair_elo.empty() ? mb.pair_elo : mb.pair_elo_ci;
  out.push_back({"pair_elo", "Elo A-B (pairs)", a.pair_elo.elo, b.pair_elo.elo,
                 why_a.empty() ? std::optional<Interval>(Interval{a.pair_elo.lo, a.pair_elo.hi}) : std::nullopt,
                 why_b.empty() ? std::optional<Interval>(Interval{b.pair_elo.lo, b.pair_elo.hi}) : std::nullopt, why_a,
                 why_b, false});
  return out;
}

}  // namespace

int run_compare(const std::vector<std::string>& args, const Job&) {
  std::vector<std::string> files;
  bool json = false;
  po::options_description opts("compare options");
  opts.add_options()("files", po::value(&files)->multitoken()->required(), "the two results files, A then B")(
      "json", po::bool_switch(&json), "print the comparison as one JSON object");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega compare A.jsonl B.jsonl [--json]\n\n"
                     "Two matches' results files side by side: the last placer's score, wins and draws, and\n"
                     "the pair Elo, each with its run's clustered interval, and B minus A with the interval of a\n"
                     "difference of independent runs. It first says in which settings the runs differ (rules keys,\n"
                     "players, opening turns, weights, build) and warns when that is more than one.",
                     {"files", 2}))
    return 0;
  if (files.size() != 2) throw UsageError("compare takes two results files, A and B");
  const Run a = read_run(files[0], "A"), b = read_run(files[1], "B");
  const Differences d = differences(a, b);
  const std::vector<Row> table = rows(a.summary, b.summary);
  std::string warning;
  if (d.settings.size() > 1)
    warning = fmt::format("the runs differ in {} settings, not one: a difference below may come from any of them",
                          d.settings.size());
  else if (d.settings.empty())
    warning = "the runs differ in no setting: a difference below is chance (or a change the files do not record)";
  const bool same_seed = a.config.seed == b.config.seed;

  if (json) {
    nlohmann::json j{{"a", a.path},
                     {"b", b.path},
                     {"differences", d.settings},
                     {"sampling", d.sampling},
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
    j["effective_clusters"] = {a.summary.clusters.effective, b.summary.clusters.effective};
    fmt::print("{}\n", j.dump());
    return 0;
  }
  auto describe = [](const Run& r) {
    return fmt::format("{} ({} vs {} on {}, {} games, seed {}, {:.1f} effective clusters)", r.path, r.config.a.label(),
                       r.config.b.label(), r.config.rules.to_string(), r.summary.games, r.config.seed,
                       r.summary.clusters.effective);
  };
  fmt::print("A: {}\nB: {}\n", describe(a), describe(b));
  if (!warning.empty()) fmt::print("warning: {}\n", warning);
  std::string what;
  for (const auto& s : d.settings) what += (what.empty() ? "" : "; ") + s;
  fmt::print("the runs differ in: {}\n", what.empty() ? "nothing recorded" : what);
  if (!d.sampling.empty()) {
    std::string s;
    for (const auto& x : d.sampling) s += (s.empty() ? "" : "; ") + x;
    fmt::print("and in sampling: {}\n", s);
  }
  fmt::print("{:<20} {:>7} {:<17} {:>7} {:<17} {}\n", "", "A", "", "B", "", "B - A [95%]");
  for (const Row& r : table) {
    std::string diff;
    if (r.ia && r.ib) {
      const Interval i = difference_ci(r.a, *r.ia, r.b, *r.ib);
      diff = r.percent ? fmt::format("{:+.1f} [{:+.1f}, {:+.1f}] points", 100 * (r.b - r.a), 100 * i.lo, 100 * i.hi)
                       : fmt::format("{:+.1f} [{:+.1f}, {:+.1f}]", r.b - r.a, i.lo, i.hi);
    } else {
      diff = r.percent ? fmt::format("{:+.1f} points (no interval)", 100 * (r.b - r.a))
                       : fmt::format("{:+.1f} (no interval)", r.b - r.a);
    }
    fmt::print("{:<20} {:>7} {:<17} {:>7} {:<17} {}\n", r.label, value_text(r.a, r.percent),
               interval_text(r.ia, r.percent), value_text(r.b, r.percent), interval_text(r.ib, r.percent), diff);
  }
  fmt::print(
      "intervals: each run's clustered (games that share an opening or a placement count once); Elo's from game "
      "pairs; B - A's as two independent runs{}\n",
      same_seed ? " (the runs share their seed, so their openings: the interval is conservative)" : "");
  for (const Run* r : {&a, &b})
    if (!r->summary.missing.clustered.empty())
      fmt::print("no clustered interval for {}: it {}\n", r->path, r->summary.missing.clustered);
  return 0;
}

}  // namespace seega::cli
