// seega match: engine-vs-engine games in parallel, with statistics, a results file and resume.
#include <fmt/core.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common.hpp"
#include "match.hpp"
#include "results_file.hpp"

namespace seega::cli {

namespace {

std::atomic<bool> g_interrupted{false};
extern "C" void on_sigint(int) { g_interrupted.store(true); }

nlohmann::json ci_json(const Interval& i) { return {i.lo, i.hi}; }
nlohmann::json finite(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

nlohmann::json summary_json(const MatchConfig& c, const MatchSummary& s, double seconds, long long new_games,
                            bool interrupted) {
  const double n = s.games ? static_cast<double>(s.games) : 1;
  nlohmann::json pent = nlohmann::json::array();
  for (auto v : s.pairs.n) pent.push_back(v);
  nlohmann::json j{{"games", s.games},
                   {"a_wins", s.a.wins},
                   {"b_wins", s.a.losses},
                   {"draws", s.a.draws},
                   {"a_score", s.a.score()},
                   {"elo", finite(s.elo.elo)},
                   {"elo_ci95", {finite(s.elo.lo), finite(s.elo.hi)}},
                   {"pair_elo_ci95", {finite(s.pair_elo.lo), finite(s.pair_elo.hi)}},
                   {"pentanomial", pent},
                   {"los", s.los},
                   {"last_placer_wins", s.last_placer_wins},
                   {"first_placer_wins", s.first_placer_wins},
                   {"last_placer_win_rate", s.last_placer_wins / n},
                   {"last_placer_ci95", ci_json(s.last_placer_win_ci)},
                   {"draw_rate", s.draws / n},
                   {"draw_ci95", ci_json(s.last_placer_draw_ci)},
                   {"last_placer_loss_rate", s.first_placer_wins / n},
                   {"last_placer_loss_ci95", ci_json(s.last_placer_loss_ci)},
                   {"mean_movement_plies", s.mean_movement_plies},
                   {"passes_per_game", s.passes_per_game},
                   {"captures_per_game", s.captures_per_game},
                   {"end_reasons", s.end_reasons},
                   {"seed", c.seed},
                   {"rules", c.rules.to_string()},
                   {"a", c.a.text},
                   {"b", c.b.text},
                   {"opening_turns", c.opening_turns},
                   {"interrupted", interrupted},
                   {"version", SEEGA_VERSION},
                   {"seconds", seconds},
                   {"games_per_second", seconds > 0 ? new_games / seconds : 0.0}};
  if (s.sprt) {
    const char* d = s.sprt->decision == SprtResult::AcceptH1 ? "H1" : s.sprt->decision == SprtResult::AcceptH0 ? "H0" : "continue";
    j["sprt"] = {{"llr", s.sprt->llr}, {"lower", s.sprt->lower}, {"upper", s.sprt->upper}, {"decision", d},
                 {"pairs", s.sprt_decided_after_pairs}};
  }
  return j;
}

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }

void print_human(const MatchConfig& c, const MatchSummary& s, double seconds, long long new_games, bool interrupted) {
  const double n = s.games ? static_cast<double>(s.games) : 1;
  fmt::print("{} vs {} on {}, seed {}{}\n", c.a.text, c.b.text, c.rules.to_string(), c.seed,
             interrupted ? " (interrupted: the games finished so far)" : "");
  fmt::print("games {}: A wins {}, draws {}, B wins {}; A scores {}\n", s.games, s.a.wins, s.a.draws, s.a.losses,
             pct(s.a.score()));
  fmt::print("Elo A-B {:+.1f} [{:+.1f}, {:+.1f}] (games), [{:+.1f}, {:+.1f}] (pairs); LOS {}\n", s.elo.elo, s.elo.lo,
             s.elo.hi, s.pair_elo.lo, s.pair_elo.hi, pct(s.los));
  fmt::print("pentanomial (A's points per pair 0, 0.5, 1, 1.5, 2): {} {} {} {} {}\n", s.pairs.n[0], s.pairs.n[1],
             s.pairs.n[2], s.pairs.n[3], s.pairs.n[4]);
  fmt::print("last placer: wins {} [{:.1f}, {:.1f}], draws {} [{:.1f}, {:.1f}], losses {} [{:.1f}, {:.1f}] (95% Wilson)\n",
             pct(s.last_placer_wins / n), 100 * s.last_placer_win_ci.lo, 100 * s.last_placer_win_ci.hi,
             pct(s.draws / n), 100 * s.last_placer_draw_ci.lo, 100 * s.last_placer_draw_ci.hi,
             pct(s.first_placer_wins / n), 100 * s.last_placer_loss_ci.lo, 100 * s.last_placer_loss_ci.hi);
  std::string reasons;
  for (const auto& [k, v] : s.end_reasons) reasons += fmt::format(" {} {}", k, v);
  fmt::print("ended by:{}\nper game: {:.1f} movement plies, {:.2f} passes, {:.2f} captures\n", reasons,
             s.mean_movement_plies, s.passes_per_game, s.captures_per_game);
  if (s.sprt) {
    const char* d = s.sprt->decision == SprtResult::AcceptH1 ? "accepted H1 (elo1)"
                    : s.sprt->decision == SprtResult::AcceptH0 ? "accepted H0 (elo0)" : "no decision yet";
    fmt::print("SPRT: LLR {:.3f} in [{:.3f}, {:.3f}]: {}\n", s.sprt->llr, s.sprt->lower, s.sprt->upper, d);
  }
  fmt::print("{:.1f} s, {:.1f} games/s\n", seconds, seconds > 0 ? new_games / seconds : 0.0);
}

void print_csv(const nlohmann::json& j) {
  const char* keys[] = {"games", "a_wins", "b_wins", "draws", "a_score", "elo", "last_placer_wins", "first_placer_wins",
                        "last_placer_win_rate", "mean_movement_plies", "passes_per_game", "captures_per_game", "seed",
                        "rules", "a", "b", "games_per_second"};
  std::string head, row;
  for (const char* k : keys) {
    if (!head.empty()) head += ',';
    head += k;
    const auto& v = j[k];
    std::string cell = v.is_string() ? v.get<std::string>() : v.dump();
    if (cell.find_first_of(",\"") != std::string::npos) {
      std::string q = "\"";
      for (char ch : cell) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
      cell = q + "\"";
    }
    if (!row.empty()) row += ',';
    row += cell;
  }
  head += ",last_placer_ci95_lo,last_placer_ci95_hi";
  row += fmt::format(",{},{}", j["last_placer_ci95"][0].get<double>(), j["last_placer_ci95"][1].get<double>());
  fmt::print("{}\n{}\n", head, row);
}

}  // namespace

int run_match(const std::vector<std::string>& args) {
  std::string rules_text, a_text, b_text, out_path, sprt_text;
  long long games = 0;
  int threads = 0, opening = 0;
  std::string seed_text;
  bool resume = false, json = false, csv = false, quiet = false;
  po::options_description opts("match options");
  add_rules_option(opts, rules_text);
  opts.add_options()("a", po::value(&a_text)->required(), "player A (see 'seega players')")(
      "b", po::value(&b_text)->required(), "player B")(
      "games", po::value(&games)->default_value(100), "number of games (pairs swap who places first; even is best)")(
      "threads", po::value(&threads)->default_value(0), "worker threads (0: all cores)")(
      "seed", po::value(&seed_text)->default_value("1"), "master seed (0 to 2^64-1); game i's seed derives from it and i")(
      "opening-turns", po::value(&opening)->default_value(0), "random placement turns shared by both games of a pair")(
      "out", po::value(&out_path), "append one JSON line per finished game to this file")(
      "resume", po::bool_switch(&resume), "continue the match recorded in --out")(
      "sprt", po::value(&sprt_text), "stop when a GSPRT decides, e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05")(
      "json", po::bool_switch(&json), "print the summary as one JSON object")(
      "csv", po::bool_switch(&csv), "print the summary as CSV (header and one row)")(
      "quiet", po::bool_switch(&quiet), "no progress line on stderr");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega match --a SPEC --b SPEC [--games N] [--rules R] [--threads T] [--seed S]\n"
                     "       [--opening-turns K] [--out games.jsonl] [--resume] [--sprt ...] [--json] [--csv]"))
    return 0;
  MatchConfig c;
  c.rules = load_rules(rules_text);
  auto a = parse_player(a_text), b = parse_player(b_text);
  if (!a.ok()) throw UsageError("--a: " + a.error);
  if (!b.ok()) throw UsageError("--b: " + b.error);
  c.a = a.value;
  c.b = b.value;
  if (games < 1 || games > 100'000'000) throw UsageError(fmt::format("--games {}: allowed 1 to 100000000", games));
  if (threads < 0 || threads > 1024) throw UsageError(fmt::format("--threads {}: allowed 0 (all cores) to 1024", threads));
  const int max_turns = c.rules.stones_per_side();  // two sides, two stones a turn
  if (opening < 0 || opening >= max_turns)
    throw UsageError(fmt::format("--opening-turns {}: allowed 0 to {} (placement has {} turns)", opening, max_turns - 1,
                                 max_turns));
  if (json && csv) throw UsageError("--json and --csv: choose one");
  if (resume && out_path.empty()) throw UsageError("--resume needs --out FILE, the file to continue");
  c.games = games;
  c.threads = threads;
  c.seed = parse_seed(seed_text);
  c.keep_moves = false;  // moves go to --out as games end; the summary does not need them
  c.opening_turns = opening;
  if (!sprt_text.empty()) {
    auto s = parse_sprt(sprt_text);
    if (!s.ok()) throw UsageError("--sprt: " + s.error);
    c.sprt = s.value;
  }

  std::vector<GameResult> finished;
  std::ofstream out;
  if (!out_path.empty()) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(out_path, ec)) throw UsageError("--out " + out_path + " is a directory; give a file name");
    const bool exists = fs::exists(out_path, ec) && fs::file_size(out_path, ec) > 0;
    if (exists && !resume)
      throw UsageError("--out " + out_path + " already holds results; pass --resume to continue it or choose another file");
    if (exists) {
      std::ifstream in(out_path, std::ios::binary);
      std::stringstream buf;
      buf << in.rdbuf();
      const std::string text = buf.str();
      auto file = read_results(c, text);
      if (!file.ok()) throw UsageError(out_path + ": " + file.error);
      if (file.value.dropped_last_line) {
        fmt::print(stderr, "seega: warning: {}: skipped a corrupt last line (an interrupted write); that game is replayed\n",
                   out_path);
        fs::resize_file(out_path, file.value.valid_bytes, ec);
        if (ec) throw UsageError("--out " + out_path + ": cannot drop the corrupt last line: " + ec.message());
      }
      finished = std::move(file.value.games);
    }
    out.open(out_path, std::ios::app);
    if (!out) throw UsageError("--out " + out_path + ": cannot open the file for writing");
    if (!exists) {
      out << results_header(c, SEEGA_VERSION) << '\n';
      out.flush();
      if (!out) throw UsageError("--out " + out_path + ": cannot write to the file");
    }
  }
  if (!c.a.reproducible() || !c.b.reproducible())
    fmt::print(stderr, "seega: note: a player with a clock (time=, or level without ',deterministic') makes games "
                       "depend on machine speed and load: results are not reproducible from the seed\n");

  const bool progress = !quiet && isatty(STDERR_FILENO);
  g_interrupted.store(false);
  auto previous = std::signal(SIGINT, on_sigint);
  const auto start = std::chrono::steady_clock::now();
  long long new_games = 0;
  bool write_failed = false;
  auto results = seega::run_match(
      c, std::move(finished),
      [&](const GameResult& g) {
        ++new_games;
        if (!out.is_open() || write_failed) return;
        out << result_line(c, g) << '\n';
        out.flush();
        if (!out) write_failed = true;  // stop writing; the summary still covers every game
      },
      [&](const MatchProgress& p) {
        if (!progress) return;
        const double rate = p.seconds > 0 ? new_games / p.seconds : 0;
        const double left = rate > 0 ? (p.total - p.done) / rate : 0;
        fmt::print(stderr, "\r{}/{} games  {:.1f} games/s  A {:.1f}%  last placer {:.1f}%  {:.0f} s left   ", p.done,
                   p.total, rate, 100 * p.a_score, 100 * p.last_placer_rate, left);
      },
      &g_interrupted);
  std::signal(SIGINT, previous);
  if (progress) fmt::print(stderr, "\n");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The stop flag is also how the SPRT ends a run; only a signal counts as an interruption, and only
  // one that cost games (a Ctrl-C after the last game leaves a complete run).
  const MatchSummary s = summarize(c, results);
  const bool complete = static_cast<long long>(results.size()) >= c.games;
  const bool interrupted = g_interrupted.load() && !s.sprt_decided_after_pairs && !complete;
  const nlohmann::json j = summary_json(c, s, seconds, new_games, interrupted);
  if (json) fmt::print("{}\n", j.dump());
  else if (csv) print_csv(j);
  else print_human(c, s, seconds, new_games, interrupted);
  if (write_failed) {
    fmt::print(stderr, "seega: error: --out {}: writing failed part way (disk full?); the summary above covers every game\n",
               out_path);
    return 2;
  }
  return interrupted ? 130 : 0;
}

}  // namespace seega::cli
