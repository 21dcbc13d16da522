// seega gate: the adoption gate of an evaluation: fixed-size matches of a candidate's weights against
// today's in every setting asked for, and the verdict (analysis/gate.hpp).
#include <fmt/core.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "common.hpp"
#include "rules/spec.hpp"
#include "run_games.hpp"
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

}  // namespace

int run_gate(const std::vector<std::string>& args) {
  std::string candidate, baseline, depths_text, levels_text, seed_text, out_dir;
  std::vector<std::string> rules_texts, players;
  long long games = 1000;
  int opening = 2, threads = 0;
  double floor = -10;
  bool resume = false, json = false, quiet = false;
  po::options_description opts("gate options");
  opts.add_options()("candidate", po::value(&candidate)->required(), "the candidate's weights file")(
      "baseline", po::value(&baseline), "today's weights file (default: the built-in weights)")(
      "rules", po::value(&rules_texts)->composing(),
      "a ruleset to gate on, as --rules of match; repeat for several (default: standard)")(
      "depths", po::value(&depths_text)->default_value("2,3,4,5"),
      "a row with ab(depth=D) for each depth D, comma-separated, or none")(
      "levels", po::value(&levels_text)->default_value("4,6"),
      "a row with level(L,deterministic) for each level L, or none")(
      "player", po::value(&players)->composing(),
      "a row with this player spec too (no clock, no weights=); repeat for several")(
      "games", po::value(&games)->default_value(1000), "games in each row's match (pairs swap who places first)")(
      "opening-turns", po::value(&opening)->default_value(2), "random placement turns shared by both games of a pair")(
      "floor", po::value(&floor)->default_value(-10),
      "the lowest Elo a row's interval may reach; every row's point estimate must also be above 0")(
      "seed", po::value(&seed_text)->default_value("1"), "master seed of every row's match (0 to 2^64-1)")(
      "threads", po::value(&threads)->default_value(0), "worker threads (0: all cores; the result is the same)")(
      "out-dir", po::value(&out_dir),
      "keep each row's games in DIR/<row>.jsonl (match's results file), so that --resume continues them")(
      "resume", po::bool_switch(&resume), "continue the rows' files in --out-dir")(
      "json", po::bool_switch(&json), "print the rows and the verdict as one JSON object")(
      "quiet", po::bool_switch(&quiet), "no progress line on stderr");
  po::variables_map vm;
  if (!parse_options(
          args, opts, vm,
          "usage: seega gate --candidate weights.txt [--baseline today.txt] [--rules R]... [--depths 2,3,4,5]\n"
          "       [--levels 4,6] [--player SPEC]... [--games 1000] [--opening-turns 2] [--floor -10]\n"
          "       [--seed S] [--threads T] [--out-dir DIR [--resume]] [--json] [--quiet]\n\n"
          "The candidate plays today's weights in one match per row (every ruleset with every depth,\n"
          "level and player), and is adopted only when no row loses: every row's Elo (from the game\n"
          "pairs, 95%) above 0 and its interval's lower end not below --floor."))
    return 0;
  if (games < 2 || games > 100'000'000) throw UsageError(fmt::format("--games {}: allowed 2 to 100000000", games));
  if (!std::isfinite(floor) || floor > 0)
    throw UsageError(fmt::format("--floor {}: allowed a number at most 0", floor));
  check_threads(threads);
  if (resume && out_dir.empty()) throw UsageError("--resume needs --out-dir DIR, the rows' files to continue");
  if (rules_texts.empty()) rules_texts.push_back("standard");
  std::vector<Rules> rules;
  for (const auto& text : rules_texts) rules.push_back(load_rules(text));
  GateConfig c;
  c.settings =
      gate_settings(rules, int_list("--depths", depths_text, 1, 64), int_list("--levels", levels_text, 1, 12), players);
  if (c.settings.empty()) throw UsageError("no rows: give --depths, --levels or --player");
  c.candidate = candidate;
  c.baseline = baseline;
  c.games = games;
  c.opening_turns = opening;
  c.seed = parse_seed(seed_text);
  c.threads = threads;
  c.rule.floor = floor;
  // Every row's players and files are checked before the first game: a typo in the last row must not
  // wait for the first rows' matches.
  std::vector<MatchConfig> matches;
  for (const GateSetting& s : c.settings) {
    check_opening_turns(s.rules, opening);
    const GatePair pair = gate_pair(c, s);
    PlayerSpec a = load_player("--candidate (row " + s.name() + ")", pair.a);
    PlayerSpec b = load_player("--baseline (row " + s.name() + ")", pair.b);
    if (!a.reproducible())
      throw UsageError("row " + s.name() + ": " + s.player + " plays by the clock; a gate needs players that replay");
    matches.push_back(gate_match(c, s, std::move(a), std::move(b)));
  }
  if (!out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec || !std::filesystem::is_directory(out_dir))
      throw UsageError("--out-dir " + out_dir + ": not a directory that can be made (" + ec.message() + ")");
  }

  std::vector<GateRow> rows;
  std::vector<MatchSummary> summaries;
  bool interrupted = false;
  double seconds = 0;
  for (std::size_t i = 0; i < c.settings.size() && !interrupted; ++i) {
    MatchConfig& m = matches[i];
    RunRequest request;
    request.progress = !quiet;
    if (!out_dir.empty()) {
      request.out_path = (std::filesystem::path(out_dir) / (c.settings[i].file_stem() + ".jsonl")).string();
      request.resume = resume && std::filesystem::exists(request.out_path);
      m.record_moves = true;
      m.keep_moves = false;
    } else {
      m.record_moves = false;
    }
    if (!quiet) fmt::print(stderr, "row {} of {}: {}\n", i + 1, c.settings.size(), c.settings[i].name());
    const auto r =
        run_games(m.tournament(), request, [&](auto finished, const RunHooks& hooks, auto* stop, auto* share) {
          return seega::run_match(m, std::move(finished), hooks, stop, share);
        });
    seconds += r.seconds;
    if (report_write_failure(request.out_path, r, "")) return 2;
    if (r.signalled && static_cast<long long>(r.records.size()) < m.games) interrupted = true;
    if (interrupted) break;
    summaries.push_back(match::summarize(m, r.records));
    rows.push_back(gate_row(c.settings[i], summaries.back()));
  }
  const GateVerdict v = gate_verdict(rows, c.rule);
  const bool complete = rows.size() == c.settings.size();
  if (json) {
    nlohmann::json j{{"candidate", candidate},
                     {"baseline", baseline.empty() ? "built-in" : baseline},
                     {"games", games},
                     {"opening_turns", opening},
                     {"seed", std::to_string(c.seed)},
                     {"floor", floor},
                     {"complete", complete},
                     {"adopt", complete && v.adopt},
                     {"failed", v.failed},
                     {"seconds", seconds}};
    nlohmann::json out_rows = nlohmann::json::array();
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const GateRow& r = rows[i];
      nlohmann::json row{{"row", r.name},
                         {"rules", c.settings[i].rules.to_string()},
                         {"player", c.settings[i].player},
                         {"games", summaries[i].games},
                         {"score", summaries[i].a.score()},
                         {"pentanomial", r.pairs.n},
                         {"pass", v.why[i].empty()},
                         {"why", v.why[i]}};
      if (r.missing.empty()) {
        row["elo"] = r.elo.elo;
        row["elo_ci95"] = {r.elo.lo, r.elo.hi};
      } else {
        row["elo"] = nullptr;
        row["elo_reason"] = r.missing;
      }
      out_rows.push_back(row);
    }
    j["rows"] = out_rows;
    print_json(j);
  } else {
    fmt::print(
        "gate: {} against {}, {} games a row, seed {}, {} opening turns; a row passes when its Elo (pairs, "
        "95%) is above 0 and its lower end at least {}\n",
        candidate, baseline.empty() ? "the built-in weights" : baseline, games, c.seed, opening, signed_text(floor));
    fmt::print(
        "| row | games | score | Elo [95%] | pentanomial 0-2 | pass |\n| --- | ---: | ---: | --- | --- | --- |\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& n = rows[i].pairs.n;
      fmt::print("| {} | {} | {} | {} | {} {} {} {} {} | {} |\n", rows[i].name, summaries[i].games,
                 pct(summaries[i].a.score()), elo_text(rows[i]), n[0], n[1], n[2], n[3], n[4],
                 v.why[i].empty() ? "yes" : "no: " + v.why[i]);
    }
    if (!complete)
      fmt::print("verdict: none: interrupted after {} of {} rows (--out-dir and --resume continue)\n", rows.size(),
                 c.settings.size());
    else if (v.adopt) fmt::print("verdict: adopt: every row gains\n");
    else fmt::print("verdict: refused: {} of {} rows fail ({})\n", v.failed.size(), rows.size(), joined(v.failed));
    fmt::print("{:.1f} s\n", seconds);
  }
  return interrupted ? 130 : 0;
}

}  // namespace seega::cli
