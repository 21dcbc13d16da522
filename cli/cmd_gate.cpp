// seega gate: the adoption gate of an evaluation: fixed-size matches of a candidate's weights against
// today's in every setting asked for, and the verdict (analysis/gate.hpp).
#include <fmt/core.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "common.hpp"
#include "rules/spec.hpp"
#include "run_games.hpp"
#include "runs/io/json.hpp"
#include "runs/kinds/gate.hpp"

namespace seega::cli {

namespace {

// "2,3,4,5" as numbers in [lo, hi]; "" or "none" as none.
std::vector<int> int_list(const std::string& option, const std::string& text, int lo, int hi) {
  std::vector<int> out;
  if (text.empty() || text == "none") return out;
  std::istringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto v = parse_whole<int>(item, lo, hi);
    if (!v)
      throw UsageError(
          fmt::format("{} {}: {} is not a whole number from {} to {}", option, quote(text), quote(item), lo, hi));
    out.push_back(*v);
  }
  return out;
}

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }

std::string elo_text(const GateRow& r) {
  if (!r.missing.empty()) return "(" + r.missing + ")";
  return fmt::format("{} [{}, {}]", signed_text(r.elo.elo), signed_text(r.elo.lo), signed_text(r.elo.hi));
}

// seega gate's command line, read and checked, every row's players and files included.
struct GateCommand {
  GateConfig config;
  std::vector<MatchConfig> matches;  // one a row, in the order of config.settings
  std::string out_dir;
  bool resume = false, json = false, quiet = false;
};

std::optional<GateCommand> parse_gate(const std::vector<std::string>& args) {
  GateCommand g;
  GateConfig& c = g.config;
  std::string depths_text, levels_text, seed_text;
  std::vector<std::string> rules_texts, players;
  double floor = -10;
  po::options_description opts("gate options");
  opts.add_options()("candidate", po::value(&c.candidate)->required(), "the candidate's weights file")(
      "baseline", po::value(&c.baseline), "today's weights file (default: the built-in weights)")(
      "rules", po::value(&rules_texts)->composing(),
      "a ruleset to gate on, as --rules of match; repeat for several (default: standard)")(
      "depths", po::value(&depths_text)->default_value("2,3,4,5"),
      "a row with ab(depth=D) for each depth D, comma-separated, or none")(
      "levels", po::value(&levels_text)->default_value("4,6"),
      "a row with level(L,deterministic) for each level L, or none")(
      "player", po::value(&players)->composing(),
      "a row with this player spec too (no clock, no weights=); repeat for several")(
      "games", po::value(&c.games)->default_value(1000), "games in each row's match (pairs swap who places first)")(
      "opening-turns", po::value(&c.opening_turns)->default_value(2),
      "random placement turns shared by both games of a pair")(
      "floor", po::value(&floor)->default_value(-10),
      "the lowest Elo a row's interval may reach; every row's point estimate must also be above 0")(
      "seed", po::value(&seed_text)->default_value("1"), "master seed of every row's match (0 to 2^64-1)")(
      "threads", po::value(&c.threads)->default_value(0), "worker threads (0: all cores; the result is the same)")(
      "out-dir", po::value(&g.out_dir),
      "keep each row's games in DIR/<row>.jsonl (match's results file), so that --resume continues them")(
      "resume", po::bool_switch(&g.resume), "continue the rows' files in --out-dir")(
      "json", po::bool_switch(&g.json), "print the rows and the verdict as one JSON object")(
      "quiet", po::bool_switch(&g.quiet), "no progress line on stderr");
  po::variables_map vm;
  if (!parse_options(
          args, opts, vm,
          R"(usage: seega gate --candidate weights.txt [--baseline today.txt] [--rules R]... [--depths 2,3,4,5]
       [--levels 4,6] [--player SPEC]... [--games 1000] [--opening-turns 2] [--floor -10]
       [--seed S] [--threads T] [--out-dir DIR [--resume]] [--json] [--quiet]

The candidate plays today's weights in one match per row (every ruleset with every depth,
level and player), and is adopted only when no row loses: every row's Elo (from the game
pairs, 95%) above 0 and its interval's lower end not below --floor.)"))
    return std::nullopt;
  if (c.games < 2 || c.games > 100'000'000)
    throw UsageError(fmt::format("--games {}: allowed 2 to 100000000", c.games));
  if (!std::isfinite(floor) || floor > 0)
    throw UsageError(fmt::format("--floor {}: allowed a number at most 0", floor));
  check_threads(c.threads);
  if (g.resume && g.out_dir.empty()) throw UsageError("--resume needs --out-dir DIR, the rows' files to continue");
  if (rules_texts.empty()) rules_texts.push_back("standard");
  std::vector<Rules> rules;
  for (const auto& text : rules_texts) rules.push_back(load_rules(text));
  c.settings =
      gate_settings(rules, int_list("--depths", depths_text, 1, 64), int_list("--levels", levels_text, 1, 12), players);
  if (c.settings.empty()) throw UsageError("no rows: give --depths, --levels or --player");
  c.seed = parse_seed(seed_text);
  c.rule.floor = floor;
  // Every row's players and files are checked before the first game: a typo in the last row must not
  // wait for the first rows' matches.
  for (const GateSetting& s : c.settings) {
    check_opening_turns(s.rules, c.opening_turns);
    const GatePair pair = gate_pair(c, s);
    PlayerSpec a = load_player("--candidate (row " + s.name() + ")", pair.a);
    PlayerSpec b = load_player("--baseline (row " + s.name() + ")", pair.b);
    if (!a.reproducible())
      throw UsageError("row " + s.name() + ": " + s.player + " plays by the clock; a gate needs players that replay");
    g.matches.push_back(gate_match(c, s, std::move(a), std::move(b)));
  }
  if (!g.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(g.out_dir, ec);
    if (ec || !std::filesystem::is_directory(g.out_dir))
      throw UsageError("--out-dir " + g.out_dir + ": not a directory that can be made (" + ec.message() + ")");
  }
  return g;
}

// The rows played so far: each a match, its file in --out-dir when given.
struct GateRun {
  std::vector<GateRow> rows;
  std::vector<MatchSummary> summaries;
  bool interrupted = false, write_failed = false;
  double seconds = 0;
};

GateRun play_gate(const Job& job, GateCommand& g) {
  const GateConfig& c = g.config;
  GateRun run;
  for (std::size_t i = 0; i < c.settings.size(); ++i) {
    MatchConfig& m = g.matches[i];
    RunRequest request;
    request.progress = !g.quiet;
    if (!g.out_dir.empty()) {
      request.out_path = (std::filesystem::path(g.out_dir) / (c.settings[i].file_stem() + ".jsonl")).string();
      request.resume = g.resume && std::filesystem::exists(request.out_path);
      m.record_moves = true;
      m.keep_moves = false;
    } else {
      m.record_moves = false;
    }
    if (!g.quiet) fmt::print(stderr, "row {} of {}: {}\n", i + 1, c.settings.size(), c.settings[i].name());
    const auto r =
        run_games(job, m.tournament(), request, [&](auto finished, const RunHooks& hooks, auto* stop, auto* share) {
          return seega::run_match(m, std::move(finished), hooks, stop, share);
        });
    run.seconds += r.seconds;
    if (report_write_failure(request.out_path, r, "")) {
      run.write_failed = true;
      break;
    }
    if (r.signalled && static_cast<long long>(r.records.size()) < m.games) {
      run.interrupted = true;
      break;
    }
    run.summaries.push_back(match::summarize(m, r.records));
    run.rows.push_back(gate_row(c.settings[i], run.summaries.back()));
  }
  return run;
}

nlohmann::json gate_json(const GateConfig& c, const GateRun& run, const GateVerdict& v, bool complete) {
  nlohmann::json j{{"candidate", c.candidate},
                   {"baseline", c.baseline.empty() ? "built-in" : c.baseline},
                   {"games", c.games},
                   {"opening_turns", c.opening_turns},
                   {"seed", std::to_string(c.seed)},
                   {"floor", c.rule.floor},
                   {"complete", complete},
                   {"adopt", complete && v.adopt},
                   {"failed", v.failed},
                   {"seconds", run.seconds}};
  nlohmann::json out_rows = nlohmann::json::array();
  for (std::size_t i = 0; i < run.rows.size(); ++i) {
    const GateRow& r = run.rows[i];
    nlohmann::json row{{"row", r.name},
                       {"rules", c.settings[i].rules.to_string()},
                       {"player", c.settings[i].player},
                       {"games", run.summaries[i].games},
                       {"score", run.summaries[i].a.score()},
                       {"pentanomial", r.pairs.n},
                       {"pass", v.why[i].empty()},
                       {"why", v.why[i]}};
    if (r.missing.empty()) {
      // An end can be infinite (every pair but one won 2-0): "+inf", as in every other summary, not null.
      row["elo"] = json_number(r.elo.elo);
      row["elo_ci95"] = {json_number(r.elo.lo), json_number(r.elo.hi)};
    } else {
      row["elo"] = nullptr;
      row["elo_reason"] = r.missing;
    }
    out_rows.push_back(row);
  }
  j["rows"] = out_rows;
  return j;
}

void print_gate(const GateConfig& c, const GateRun& run, const GateVerdict& v, bool complete) {
  fmt::print(
      "gate: {} against {}, {} games a row, seed {}, {} opening turns; a row passes when its Elo (pairs, "
      "95%) is above 0 and its lower end at least {}\n",
      c.candidate, c.baseline.empty() ? "the built-in weights" : c.baseline, c.games, c.seed, c.opening_turns,
      signed_text(c.rule.floor));
  fmt::print("| row | games | score | Elo [95%] | pentanomial 0-2 | pass |\n| --- | ---: | ---: | --- | --- | --- |\n");
  for (std::size_t i = 0; i < run.rows.size(); ++i) {
    const auto& n = run.rows[i].pairs.n;
    fmt::print("| {} | {} | {} | {} | {} {} {} {} {} | {} |\n", run.rows[i].name, run.summaries[i].games,
               pct(run.summaries[i].a.score()), elo_text(run.rows[i]), n[0], n[1], n[2], n[3], n[4],
               v.why[i].empty() ? "yes" : "no: " + v.why[i]);
  }
  if (!complete)
    fmt::print("verdict: none: interrupted after {} of {} rows (--out-dir and --resume continue)\n", run.rows.size(),
               c.settings.size());
  else if (v.adopt) fmt::print("verdict: adopt: every row gains\n");
  else fmt::print("verdict: refused: {} of {} rows fail ({})\n", v.failed.size(), run.rows.size(), joined(v.failed));
  fmt::print("{:.1f} s\n", run.seconds);
}

}  // namespace

int command_gate(const std::vector<std::string>& args, const Job& job) {
  auto g = parse_gate(args);
  if (!g) return 0;
  const GateRun run = play_gate(job, *g);
  if (run.write_failed) return 2;
  const GateVerdict v = gate_verdict(run.rows, g->config.rule);
  const bool complete = run.rows.size() == g->config.settings.size();
  if (g->json) print_json(gate_json(g->config, run, v, complete));
  else print_gate(g->config, run, v, complete);
  return run.interrupted ? 130 : 0;
}

}  // namespace seega::cli
