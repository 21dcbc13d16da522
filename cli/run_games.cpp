#include "run_games.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <optional>

#include "runs/format/results_file.hpp"

namespace seega::cli {

void add_run_options(po::options_description& options, RunArgs& args, const RunArgsHelp& help) {
  auto* out = po::value(&args.out);
  if (help.out_default) out->default_value(help.out_default);
  options.add_options()("threads", po::value(&args.threads)->default_value(0), "worker threads (0: all cores)")(
      "seed", po::value(&args.seed)->default_value("1"), help.seed)("out", out, help.out)(
      "resume", po::bool_switch(&args.resume), help.resume)("shard", po::value(&args.shard), help.shard)(
      "quiet", po::bool_switch(&args.quiet), "no progress line on stderr");
}

RunRequest check_run_args(const RunArgs& args) {
  check_threads(args.threads);
  if (args.resume && args.out.empty()) throw UsageError("--resume needs --out FILE, the file to continue");
  RunRequest r;
  r.threads = args.threads;
  r.seed = parse_seed(args.seed);
  r.out_path = args.out;
  r.resume = args.resume;
  r.progress = !args.quiet;
  r.shard = load_shard(args.shard);
  return r;
}

void add_openings_options(po::options_description& options, std::string& path, std::string& order) {
  options.add_options()("openings", po::value(&path),
                        "an opening suite: one opening a line, a move sequence from the empty board or a position "
                        "in notation (optionally followed by 'moves m1 m2 ...'); game pair k plays opening k mod n, "
                        "both games with the roles swapped (docs/tournaments.md, Opening suites)")(
      "openings-order", po::value(&order),
      "sequential (file order, the default) or random (a permutation of the "
      "suite drawn from the seed for every round of n pairs)");
}

OpeningSuite load_openings(const Rules& rules, const std::string& path, const std::string& order_text,
                           const ReadBack* rb) {
  if (path.empty()) {
    if (!order_text.empty()) throw UsageError("--openings-order without --openings: give the suite, --openings FILE");
    return {};
  }
  auto order = parse_opening_order(order_text.empty() ? "sequential" : order_text);
  if (!order.ok()) throw UsageError("--openings-order: " + order.error);
  // Read back, the games are not played: the suite is the one the run recorded, wherever its file is now.
  if (rb && rb->header.is_object() && rb->header.contains("openings")) {
    auto t = header_tournament(rb->header);
    if (!t.ok()) throw UsageError(rb->path + ": " + t.error);
    OpeningSuite suite = t.value.openings;
    suite.file = path;
    return suite;
  }
  auto openings = parse_openings(rules, read_user_file(path, "--openings"));
  if (!openings.ok()) throw UsageError("--openings " + path + ": " + openings.error);
  return OpeningSuite::of(std::move(openings.value), order.value, path);
}

void add_games_options(po::options_description& options, GamesArgs& args, const char* resume, const char* csv) {
  add_openings_options(options, args.openings, args.openings_order);
  options.add_options()("opening-turns", po::value(&args.opening)->default_value(0),
                        "random placement turns shared by both games of a pair (not with --openings)")(
      "adjudicate", po::value(&args.adjudicate),
      "end a game early when both sides' search scores agree (off by default): win=MARGIN:N (a lead of MARGIN "
      "hundredths of a stone or more for the same side in N moves of each side), draw=MARGIN:N (within MARGIN of "
      "level for N movement moves of each side), or both, e.g. win=600:4,draw=10:20")(
      "verify", po::bool_switch(&args.verify),
      "with --resume, replay every game in --out and check its end against its line")(
      "json", po::bool_switch(&args.json), "print the summary as one JSON object")("csv", po::bool_switch(&args.csv),
                                                                                   csv);
  add_run_options(options, args.run,
                  {"master seed (0 to 2^64-1); game i's seed derives from it and i",
                   "append one JSON line per finished game to this file", resume});
}

RunRequest check_games_args(const GamesArgs& args, const Rules& rules) {
  RunRequest s = check_run_args(args.run);
  check_opening_turns(rules, args.opening);
  if (!args.openings.empty() && args.opening != 0)
    throw UsageError("--openings and --opening-turns: choose one (a suite's openings, or random placement turns)");
  if (args.json && args.csv) throw UsageError("--json and --csv: choose one");
  if (args.verify && !args.run.resume)
    throw UsageError("--verify checks the games of --resume: give --out FILE --resume");
  s.verify = args.verify;
  return s;
}

AdjudicationRule load_adjudication(const GamesArgs& args) {
  if (args.adjudicate.empty()) return {};
  auto r = parse_adjudication(args.adjudicate);
  if (!r.ok()) throw UsageError("--adjudicate: " + r.error);
  return r.value;
}

double RunHarness::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void RunHarness::run(const std::function<void(const std::atomic<bool>*, Share*)>& play, RunTotals& totals) {
  start_ = std::chrono::steady_clock::now();
  {
    SigintGuard sigint(SigintGuard::Reads::Resume, &job_);
    play(&sigint.flag(), job_.share());
    totals.signalled = sigint.raised();
  }
  line_.end();
  totals.seconds = elapsed();
}

std::vector<GameRecord> read_games_back(const Tournament& t, const ReadBack& rb) {
  auto file = read_results(t, read_user_file(rb.path, "summary"), ResultsCheck::Fields, rb.shard, HeaderUse::ReadBack);
  if (!file.ok()) throw UsageError(rb.path + ": " + file.error);
  if (file.value.dropped_last_line) warn_cut_last_line(rb.path, "game");
  return std::move(file.value.games);
}

Tournament read_back_tournament(const ReadBack& rb) {
  auto t = header_tournament(rb.header);
  if (!t.ok()) throw UsageError("summary " + rb.path + ": " + t.error);  // its error names line 1
  for (auto& p : t.value.players) p = load_player("a player", p.text, Load::ReadBack);
  return t.value;
}

RunReport<GameRecord> run_games(const Job& job, const Tournament& t, const RunRequest& request, const Runner& run) {
  for (const auto& p : t.players)
    if (!p.reproducible() && job.prints()) {
      fmt::print(
          stderr,
          "seega: note: a player with a clock (time=, movetime=, tc=, or level without ',deterministic') makes games "
          "depend on machine speed and load: results are not reproducible from the seed\n");
      break;
    }

  // Under mpirun only rank 0 holds the run: the results file, the notes, the progress.
  const auto open = [&] {
    return records_of<GameRecord>(open_results(request.out_path, t, request.resume, SEEGA_VERSION,
                                               request.verify ? ResultsCheck::Replay : ResultsCheck::Fields,
                                               request.shard));
  };
  const auto progress =
      progress_text({"", "games", [](double mean) { return fmt::format("last placer {:.1f}%", 100 * mean); }});
  return play_records<GameRecord, RunHooks>(job, request, open, progress, run);
}

std::function<std::string(const RunProgress&)> progress_text(ProgressWords words) {
  return [words = std::move(words)](const RunProgress& p) {
    const double rate = p.seconds > 0 ? static_cast<double>(p.played) / p.seconds : 0;
    const double left = rate > 0 ? static_cast<double>(p.total - p.done) / rate : 0;
    return fmt::format("{}{}/{} {}  {:.1f} {}/s  {}  {:.0f} s left", words.prefix, p.done, p.total, words.unit, rate,
                       words.unit, words.mean(p.mean), left);
  };
}

namespace {

std::string incomplete_text(const RunTotals& r, std::string_view unit) {
  return fmt::format(
      "the file holds {} of the {} {} its command asked for: an interrupted run, one still being written, or one a "
      "resume ended at fewer",
      r.held, r.asked, unit);
}

}  // namespace

std::string interrupted_text(const RunTotals& r, bool interrupted, std::string_view played, std::string_view unit) {
  if (!interrupted) return "";
  if (r.read_from.empty()) return std::string(played);
  return " (incomplete: " + incomplete_text(r, unit) + ")";
}

void add_run_keys(nlohmann::json& j, const RunTotals& r, bool interrupted, const char* rate_key) {
  j["interrupted"] = interrupted;
  // Read back, the run's time is not known (a file does not keep it): null, and the file it came from.
  if (!r.read_from.empty()) {
    j["seconds"] = nullptr;
    j[rate_key] = nullptr;
    j["read_back"] = r.read_from;
    j["complete"] = !interrupted;
    if (interrupted) {
      j["interrupted"] = nullptr;
      j["interrupted_reason"] =
          "read back: " + incomplete_text(r, std::string_view(rate_key).starts_with("runs") ? "runs" : "games");
    }
    return;
  }
  j["seconds"] = r.seconds;
  j[rate_key] = r.seconds > 0 ? static_cast<double>(r.new_records) / r.seconds : 0.0;
}

std::string timing_text(const RunTotals& r, std::string_view unit) {
  if (!r.read_from.empty()) return "read back from " + r.read_from + " (a file does not keep its run's time)";
  return fmt::format("{:.1f} s, {:.1f} {}/s", r.seconds,
                     r.seconds > 0 ? static_cast<double>(r.new_records) / r.seconds : 0.0, unit);
}

int run_exit_status(const std::string& out_path, const RunTotals& totals, std::string_view covers, bool interrupted) {
  if (report_write_failure(out_path, totals, covers)) return 2;
  return interrupted ? 130 : 0;
}

bool report_write_failure(const std::string& out_path, const RunTotals& totals, std::string_view covers) {
  if (!totals.write_failed) return false;
  fmt::print(stderr, "seega: error: --out {}: writing failed part way (disk full?){}\n", out_path,
             covers.empty() ? "" : fmt::format("; the summary above covers {}", covers));
  return true;
}

}  // namespace seega::cli
