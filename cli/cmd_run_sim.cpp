// seega run-sim: Seega>Play's run simulated for a player: how many levels it beats, and its score.
#include <fmt/core.h>

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <utility>

#include "common.hpp"
#include "job.hpp"
#include "kinds.hpp"
#include "rules/spec.hpp"
#include "run_games.hpp"
#include "runs/io/append_file.hpp"
#include "runs/kinds/run_sim.hpp"

namespace seega::cli {

namespace {

// The proxies --target-median tries, weakest first by their mean wins against the levels as measured
// (experiments/levels/README.md; the order of 2026-12-05, with 5x5 standard's pattern evaluation).
const char* const kProxies[] = {"random",      "greedy",      "mcts(playouts=300)",
                                "ab(depth=1)", "ab(depth=2)", "mcts(playouts=3000)",
                                "ab(depth=3)", "ab(depth=4)"};

struct SimReport : RunReport<RunRecord> {
  bool interrupted = false;  // by a signal, before every run was played
};

// Plays the simulation, with the results file and the progress line.
// Under mpirun every rank plays runs, and rank 0 alone holds the file and the progress line.
SimReport simulate(const Job& job, const RunSimConfig& c, const RunRequest& request) {
  const auto open = [&] {
    return records_of<RunRecord>(open_run_sim(request.out_path, c, request.resume, SEEGA_VERSION));
  };
  const auto progress = progress_text(
      {c.player.label() + ": ", "runs", [](double mean) { return fmt::format("mean wins {:.2f}", mean); }});
  SimReport report{play_records<RunRecord, RunSimHooks>(
      job, request, open, progress, [&c](auto held, const RunSimHooks& hooks, auto* stop, auto* share) {
        return simulate_runs(c, std::move(held), hooks, stop, share);
      })};
  report.interrupted = report.signalled && static_cast<long long>(report.records.size()) < c.shard.share(c.runs);
  return report;
}

std::string levels_text(const RunSimConfig& c) {
  if (!c.table.levels.empty()) return fmt::format("levels 1..{} of the --levels table", c.max_level);
  return fmt::format("level(1..{}{})", c.max_level, c.clock ? ", on the 1.5 s clock" : ",deterministic");
}

// An interval, or "(no interval)" when it is left out (the reason follows on a line of its own).
std::string interval_text(const Interval& i, const std::string& missing, int decimals) {
  if (!missing.empty()) return "(no interval)";
  return fmt::format("[{}, {}]", plain_text(i.lo, decimals), plain_text(i.hi, decimals));
}

void print_distribution(const char* name, const Distribution& d, int decimals) {
  auto f = [&](double x) { return plain_text(x, decimals); };
  const bool some = d.no_mean_ci.empty() || d.no_median_ci.empty();
  // The label says which figures carry the 95% intervals: the mean and the median, before the percentiles.
  fmt::print("{}: mean {} {}, median {} {}{}; p10 {}, p25 {}, p75 {}, p90 {}, max {}\n", name, f(d.mean),
             interval_text(d.mean_ci, d.no_mean_ci, decimals), f(d.median),
             interval_text(d.median_ci, d.no_median_ci, decimals), some ? " (95% intervals)" : "", f(d.p10), f(d.p25),
             f(d.p75), f(d.p90), f(d.max));
  if (!d.no_mean_ci.empty() && d.no_mean_ci == d.no_median_ci)
    fmt::print("  no interval for the mean or the median: {}\n", d.no_mean_ci);
  else
    for (const auto& [what, why] : {std::pair{"mean", d.no_mean_ci}, std::pair{"median", d.no_median_ci}})
      if (!why.empty()) fmt::print("  no interval for the {}: {}\n", what, why);
}

void print_human(const RunSimConfig& c, const RunSimSummary& s, const SimReport& r) {
  fmt::print("run-sim: {} against {} on {}, {} runs{}, seed {}{}\n", c.player.label(), levels_text(c),
             c.rules.to_string(), s.runs, c.shard.whole() ? "" : " of shard " + c.shard.to_string(), c.seed,
             interrupted_text(r, r.interrupted, " (interrupted: --resume finishes it)", "runs"));
  if (s.runs == 0) {  // nothing to give a figure of
    fmt::print("{}, so no wins, score or interval; {}\n", kNoRunsYet, timing_text(r, "runs"));
    return;
  }
  print_distribution("wins (levels beaten)", s.wins, 2);
  print_distribution("score", s.score, 0);
  fmt::print("wins  runs\n");
  const long long most = std::max<long long>(1, *std::max_element(s.wins_histogram.begin(), s.wins_histogram.end()));
  for (std::size_t w = 0; w < s.wins_histogram.size(); ++w) {
    const long long n = s.wins_histogram[w];
    const std::string bar(static_cast<std::size_t>((40 * n + most - 1) / most), '#');
    fmt::print("{:>4}  {:<40} {} ({:.1f}%){}\n", w, bar, n, s.runs ? 100.0 * n / s.runs : 0.0,
               w + 1 == s.wins_histogram.size() ? " beat the last level" : "");
  }
  fmt::print("{} distinct runs, {:.2f} games a run; {}\n", s.distinct_runs, s.games_per_run, timing_text(r, "runs"));
}

nlohmann::json summary_json(const RunSimConfig& c, const RunSimSummary& s, const SimReport& r) {
  nlohmann::json j = run_sim_json(c, s);
  add_run_keys(j, r, r.interrupted, "runs_per_second");
  return j;
}

// --target-median: the proxies' simulations in order, weakest first, until one's median reaches the
// target (the answer: the proxies after it are not run). Each simulation is a pure function of the seed,
// so the answer, and where the search stops, is the same on any thread count. Under mpirun rank 0 alone
// has the runs: it tells every rank whether to go on, so that all of them open the same simulations.
int run_targets(const Job& job, RunSimConfig c, int target, bool json, bool progress) {
  struct Row {
    std::string proxy;
    RunSimSummary summary;
  };
  std::vector<Row> rows;
  double seconds = 0;
  const int listed = static_cast<int>(std::size(kProxies));
  for (int k = 0; k < listed; ++k) {
    const char* proxy = kProxies[k];
    c.player = load_player("--target-median proxy", proxy);
    RunRequest request;  // no file: each proxy's runs are only summarized
    request.progress = progress;
    SimReport r = simulate(job, c, request);
    seconds += r.seconds;
    if (r.interrupted) {
      if (job.prints()) fmt::print(stderr, "seega: interrupted during {}\n", proxy);
      return 130;
    }
    bool reached = false;
    if (job.prints()) {
      rows.push_back({proxy, summarize_runs(c, r.records)});
      const Distribution& w = rows.back().summary.wins;
      reached = w.median >= target;
      // One line a proxy, on a terminal or not: the search may take minutes.
      if (progress)
        fmt::print(stderr, "seega: proxy {} of {}, {}: median wins {}, mean {:.2f} ({:.1f} s){}\n", k + 1, listed,
                   proxy, plain_text(w.median, 1), w.mean, r.seconds,
                   reached ? fmt::format(": reaches {}, the search stops", target) : "");
    }
    if (Share* share = job.share()) {
      const auto decision = share->broadcast(reached ? "stop" : "go");
      if (!decision) return 0;  // rank 0 ended the command: its status is the job's
      reached = *decision == "stop";
    }
    if (reached) break;
  }
  if (!job.prints()) return 0;  // another rank than 0: rank 0 reports
  const Row* reached = nullptr;
  for (const Row& row : rows)
    if (row.summary.wins.median >= target) {
      reached = &row;
      break;
    }
  // The proxies after the answer, which the search did not run.
  const std::vector<std::string> not_run(std::begin(kProxies) + static_cast<std::ptrdiff_t>(rows.size()),
                                         std::end(kProxies));
  if (json) {
    nlohmann::json j{{"target_median", target},    {"reached_by", reached ? nlohmann::json(reached->proxy) : nullptr},
                     {"seconds", seconds},         {"proxies_tried", rows.size()},
                     {"proxies_not_run", not_run}, {"proxies", nlohmann::json::array()}};
    for (const Row& row : rows) {
      RunSimConfig shown = c;
      shown.player = load_player("proxy", row.proxy);
      j["proxies"].push_back(run_sim_json(shown, row.summary));
    }
    print_json(j);
    return 0;
  }
  fmt::print("proxies against {} on {}, {} runs each, seed {}\n", levels_text(c), c.rules.to_string(), c.runs, c.seed);
  fmt::print("{:<20} {:>14} {:>20} {:>11}\n", "player", "median wins", "mean wins", "mean score");
  std::map<std::string, std::vector<std::string>> missing;  // a reason, and the intervals it leaves out
  for (const Row& row : rows) {
    const Distribution& w = row.summary.wins;
    fmt::print("{:<20} {:>4} {} {:>8.2f} {} {:>11.0f}\n", row.proxy, plain_text(w.median, 1),
               interval_text(w.median_ci, w.no_median_ci, 0), w.mean, interval_text(w.mean_ci, w.no_mean_ci, 2),
               row.summary.score.mean);
    for (const auto& [what, why] : {std::pair{"median", w.no_median_ci}, std::pair{"mean", w.no_mean_ci}})
      if (!why.empty()) missing[why].push_back(fmt::format("{}'s {}", row.proxy, what));
  }
  for (const auto& [why, whose] : missing) {
    std::string list;
    for (const auto& w : whose) list += (list.empty() ? "" : ", ") + w;
    fmt::print("  no interval for {}: {}\n", whose.size() == 2 * rows.size() ? "any proxy" : list, why);
  }
  if (!not_run.empty()) fmt::print("not run (stronger, after the answer): {}\n", joined(not_run));
  if (reached)
    fmt::print("a median of {} wins (reaching level {}): {}, the first of the list above that gets there\n", target,
               target + 1, reached->proxy);
  else fmt::print("no proxy reaches a median of {} wins against these levels\n", target);
  fmt::print("{:.1f} s\n", seconds);
  return 0;
}

// A simulation as its command line says it: the configuration (its player loaded unless the command is a
// --target-median search), the output asked for and the file.
struct SimCommand {
  RunSimConfig c;
  int target = -1;  // --target-median, or -1
  bool json = false;
  RunRequest request;
};

// The simulation of a command line, or nothing when it asked for --help. Read back (rb), from a run-sim
// file's recorded command line: the player's weights and a --levels table are the header's (their files
// are not read), and no engine is started.
std::optional<SimCommand> parse_run_sim(const std::vector<std::string>& args, const ReadBack* rb) {
  std::string rules_text, player_text, levels_path;
  long long runs = 0;
  int max_level = 0, target = -1;
  RunArgs run;
  SimCommand command;
  bool& json = command.json;
  bool clock = false;
  po::options_description opts("run-sim options");
  add_rules_option(opts, rules_text);
  opts.add_options()("player", po::value(&player_text), "the player that makes the run, e.g. 'ab(depth=2)'")(
      "runs", po::value(&runs)->default_value(200), "runs to simulate (each from level 1)")(
      "max-level", po::value(&max_level)->default_value(10),
      "the last level: a run that beats it ends there (1 to 30)")(
      "clock", po::bool_switch(&clock),
      "levels think on their 1.5 s clock, as in the game, instead of the node budget (not reproducible)")(
      "levels", po::value(&levels_path),
      "a level table: FILE has one line a level, its number and its player spec ('2 ab(depth=2,blunder=0.25)'; "
      "# comments); the runs face it instead of the built-in levels, up to its last level unless --max-level says "
      "fewer")("target-median", po::value(&target),
               "instead of --player, simulate each proxy player (random, greedy, mcts(playouts=300), ab(depth=1), "
               "ab(depth=2), mcts(playouts=3000), ab(depth=3), ab(depth=4), weakest first) and name the first "
               "whose median wins reach this")("json", po::bool_switch(&json), "print the summary as one JSON object");
  add_run_options(
      opts, run,
      {"master seed; run i's seed derives from it and i", "append one JSON line per finished run to this file",
       "continue the simulation recorded in --out",
       "simulate only shard I of K (0 <= I < K): runs go in pairs (2q, 2q+1), and each block of K pairs deals one "
       "pair to each shard in an order rotated per block, as --shard does for games; seega merge joins the shards' "
       "--out files into one simulation's"});
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     R"(usage: seega run-sim --player SPEC [--runs N] [--rules R] [--seed S] [--max-level L] [--clock]
       [--levels FILE] [--threads T] [--out F.jsonl [--resume]] [--shard I/K] [--json]
       seega run-sim --target-median L [--runs N] [--rules R] [--seed S] [--max-level L]
       [--levels FILE]

Seega>Play's run (seed 001): the player faces level 1, moves up a level with each win, and
the run ends at the first loss or draw. The computer places first in the first game, then
the roles swap every game. A win's bonus is 4 a stone the player has left plus 50 less its
movement moves (that part never below 0); the score is wins x 1000 plus ten times the mean
bonus, rounded half up.)"))
    return std::nullopt;
  RunSimConfig& c = command.c;
  c.rules = load_rules(rules_text);
  c.max_level = max_level;
  c.runs = runs;
  c.clock = clock;
  if (vm.count("levels")) {
    if (rb) {  // the table the header records (its file is not read)
      auto recorded = run_sim_config(rb->header);
      if (!recorded.ok()) throw UsageError("summary " + rb->path + ": " + recorded.error);
      c.table = recorded.value.table;
    } else {
      c.table = load_level_table(levels_path);
    }
    if (vm["max-level"].defaulted()) c.max_level = static_cast<int>(c.table.levels.size());
  }
  const RunRequest request = check_run_args(run);
  c.seed = request.seed;
  c.threads = request.threads;
  c.shard = request.shard;
  if (auto why = c.invalid(); !why.empty()) throw UsageError(why);
  if (runs > 100'000'000) throw UsageError(fmt::format("--runs {}: allowed from 1 to 100000000", runs));
  const bool targeting = vm.count("target-median") > 0;
  if (targeting == !player_text.empty())
    throw UsageError("say --player SPEC (one player's runs) or --target-median L (the proxies), one of the two");
  if (targeting) {
    if (target < 0 || target > c.max_level)
      throw UsageError(fmt::format("--target-median {}: allowed from 0 to --max-level ({})", target, c.max_level));
    if (!run.out.empty()) throw UsageError("--out records one player's runs: not with --target-median");
    if (!c.shard.whole()) throw UsageError("--shard splits one player's runs: not with --target-median");
    command.target = target;
  } else {
    c.player = load_player("--player", player_text, rb ? Load::ReadBack : Load::Play);
    if (!rb) check_engines(c.player, c.rules, "--player");
  }
  command.request = request;
  return command;
}

// The simulation's summary of its runs, played or read back, in the output its command asked for; the
// exit status.
int report_run_sim(const SimCommand& command, const SimReport& r) {
  const RunSimConfig& c = command.c;
  const RunSimSummary s = summarize_runs(c, r.records);
  if (command.json) print_json(summary_json(c, s, r));
  else print_human(c, s, r);
  return run_exit_status(command.request.out_path, r, "every run", r.interrupted);
}

}  // namespace

int command_run_sim(const std::vector<std::string>& args, const Job& job) {
  const auto command = parse_run_sim(args, nullptr);
  if (!command) return 0;
  const RunSimConfig& c = command->c;
  const bool progress = command->request.progress;
  if (command->target >= 0) return run_targets(job, c, command->target, command->json, progress);
  if (c.clock && job.prints())
    fmt::print(stderr,
               "seega: note: --clock makes the levels depend on machine speed and load: runs are not "
               "reproducible from the seed\n");
  const SimReport r = simulate(job, c, command->request);
  if (!job.prints()) return 0;  // another rank than 0: rank 0 reports
  return report_run_sim(*command, r);
}

namespace {

// A run-sim's file read back: its recorded command line parsed, its runs checked as a resume checks
// them, and reported as the run reported it.
int summarize_run_sim(const ReadBack& rb, const std::vector<std::string>* recorded) {
  if (!recorded)
    throw UsageError("summary " + rb.path +
                     ": a run-sim file whose header does not record its command line (an older seega's): give "
                     "seega run-sim its options with --out " +
                     rb.path + " --resume");
  auto command = parse_run_sim(*recorded, &rb);
  if (!command) return 0;
  if (command->target >= 0) throw UsageError("summary " + rb.path + ": its command is a --target-median search");
  if (rb.csv) throw UsageError("--csv: seega run-sim prints no CSV summary; use --json");
  RunSimConfig& c = command->c;
  c.shard = rb.shard;
  command->json = rb.json;
  command->request = RunRequest{};
  // The runs, checked as a resume checks them (less the weights: the header's are the file's own). A
  // resume may have extended the simulation past the runs its first command line asked for: the file is
  // read for as many runs as it holds, and the simulation is the larger of the two.
  const long long asked = c.runs;
  c.runs = std::numeric_limits<long long>::max();
  auto file = read_run_sim(c, read_user_file(rb.path, "summary"), HeaderUse::ReadBack);
  if (!file.ok()) throw UsageError(rb.path + ": " + file.error);
  if (file.value.dropped_last_line) warn_cut_last_line(rb.path, "run");
  c.runs = std::max(asked, records_needed(file.value.runs));
  SimReport r{read_back_report(rb.path, std::move(file.value.runs), c.runs, c.shard, "run")};
  r.interrupted = r.signalled;
  const int status = report_run_sim(*command, r);
  return status == 130 ? 0 : status;  // an interrupted run's file: its summary, which says so
}

// A run-sim for compare: its mean levels beaten and mean score over its runs, in index order.
ComparedRun compared_run_sim(const std::string& path, const std::string& text, const std::string& prefix) {
  auto file = read_run_sim(text);
  if (!file.ok()) throw UsageError(prefix + path + ": " + file.error);
  if (file.value.dropped_last_line) warn_cut_last_line(path, "run");
  if (file.value.runs.empty()) throw UsageError(prefix + path + ": no runs to compare");
  const RunSimConfig c = run_sim_config(file.value.header).value;  // read_run_sim has read it
  // In index order, as the run summarised them (a file holds them in the order they finished).
  std::sort(file.value.runs.begin(), file.value.runs.end(),
            [](const RunRecord& x, const RunRecord& y) { return x.index < y.index; });
  const RunSimSummary s = summarize_runs(c, file.value.runs);
  // The mean levels beaten and the mean score, each with its normal interval (the runs are independent).
  const auto figure = [](const char* key, const char* label, const Distribution& d) {
    return Figure{key,          label,
                  d.mean,       d.no_mean_ci.empty() ? std::optional<Interval>(d.mean_ci) : std::nullopt,
                  d.no_mean_ci, Figure::Unit::Mean};
  };
  return {path,
          file.value.header,
          "run-sim",
          "a run-sim file",
          fmt::format("(run-sim of {} on {}, {} levels, {} runs, seed {})", c.player.label(), c.rules.to_string(),
                      file.value.header.contains("level_table") ? "a table of" : "the built-in", s.runs, c.seed),
          s.runs,
          "runs",
          c.seed,
          {figure("wins_mean", "levels beaten (mean)", s.wins), figure("score_mean", "score (mean)", s.score)},
          "each run-sim's normal interval of a mean over its independent runs; B - A's as two independent runs",
          "their games' seeds",
          {},
          {}};
}

}  // namespace

// A run-sim: a player's runs through the makers' levels (the built-in or a table), each run independent.
const RunKind& run_sim_kind() {
  static const RunKind kind{"run-sim", summarize_run_sim, compared_run_sim};
  return kind;
}

}  // namespace seega::cli
