// seega spsa: the evaluation's weights tuned on game results by SPSA (runs/kinds/spsa_run.hpp), as fishtest
// and OpenBench tune: a trajectory file that resumes, and the final weights in the weights-file format.
// Under mpirun (cluster.hpp) each iteration's match is shared among the ranks; rank 0 holds the run.
#include <fmt/core.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

#include "common.hpp"
#include "job.hpp"
#include "kinds.hpp"
#include "run_games.hpp"
#include "runs/io/atomic_write.hpp"
#include "runs/io/json.hpp"
#include "runs/kinds/spsa_run.hpp"

namespace seega::cli {

namespace {

// The names of --tune's comma-separated list (unchecked: SpsaRunConfig::spsa checks them).
std::vector<std::string> tune_names(const std::string& text) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name.empty()) throw UsageError("--tune '" + text + "': an empty name; give NAME,NAME,...");
    names.push_back(name);
    if (comma == std::string::npos) return names;
    start = comma + 1;
  }
}

// Under mpirun every rank must tune the same run: rank 0 sends its configuration (the trajectory's),
// and a rank given another command line or other weights files ends the job naming the first key
// that differs. False when rank 0 ended the command before sending it (its error is the job's).
bool same_run_as_rank_0(Share& share, const SpsaRunConfig& c) {
  const nlohmann::json ours = c.header();
  const auto text = share.broadcast(ours.dump());
  if (!text) return false;
  if (share.root()) return true;
  const auto theirs = nlohmann::json::parse(*text, nullptr, false);
  // Both sides' keys: "vary" is written only when set, so a rank that has it and rank 0 without it differ too.
  if (const auto key = first_key_differing(theirs, ours, KeysCompared::Both); !key.empty())
    throw UsageError("this rank tunes another run than rank 0: rank 0's " + key_value_text(theirs, key) +
                     ", this rank's " + key_value_text(ours, key) +
                     " (every rank must get the same command line and the same files)");
  return true;
}

// Why path cannot take the weights, checked before the run (hours of games would be lost after it).
void check_out(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dir = fs::path(path).parent_path();
  if (auto why = output_file_problem(option, path); !why.empty()) throw UsageError(why);
  if (!dir.empty() && !fs::is_directory(dir, ec))
    throw UsageError(option + " " + path + ": " + dir.string() + " is not a directory");
}

// The players as options: " --player A --player B".
std::string player_options(const SpsaRunConfig& c) {
  std::string text;
  for (const PlayerSpec& p : c.players) text += " --player " + p.text;
  return text;
}

// SPSA as its command line says it: the run's configuration, its files and its output.
struct SpsaCommand {
  SpsaRunConfig c;
  std::string out_path, trajectory_path;
  bool resume = false, json = false, quiet = false;
};

// The SPSA run of a command line, checked, or nothing when it asked for --help. Read back (rb, seega
// summary of a trajectory, whose configuration FILE.json is rb's header): the starting weights are the
// configuration's (a weights file is not read) and no file is checked for writing. prints: this process
// writes the run's files (rank 0 under mpirun).
std::optional<SpsaCommand> parse_spsa(const std::vector<std::string>& args, bool prints, const ReadBack* rb) {
  std::string rules_text, weights_path, tune_text, seed_text;
  std::vector<std::string> player_texts;
  SpsaCommand command;
  SpsaRunConfig& c = command.c;
  std::string &out_path = command.out_path, &trajectory_path = command.trajectory_path;
  bool &resume = command.resume, &json = command.json, &quiet = command.quiet;
  po::options_description opts("spsa options");
  add_rules_option(opts, rules_text);
  opts.add_options()("player", po::value(&player_texts)->required()->composing(),
                     "the player whose weights are tuned, without a clock: ab(depth=D), ab(nodes=N) or "
                     "level(N,deterministic); both sides of every game play it. Given more than once, the "
                     "iterations take the players in turn (the first plays iterations 1, n+1, ...), so that "
                     "the weights are tuned for all of them, e.g. --player 'ab(depth=1)' --player 'ab(depth=2)'")(
      "weights", po::value(&weights_path), "the starting weights (default: the player's, else the built-in ones)")(
      "tune", po::value(&tune_text),
      "the weights to tune, NAME,NAME,... (placement.NAME for a split file's placement weights, endgame.NAME for a "
      "tapered one's; default: every "
      "weight but material, whose 100 fixes the scale)")(
      "c-end", po::value(&c.c_end)->default_value(4),
      "the perturbation at the last iteration, in hundredths of a stone")(
      "r-end", po::value(&c.r_end)->default_value(0.002, "0.002"),
      "the learning rate a/c^2 at the last iteration (fishtest's r_end)")(
      "iterations", po::value(&c.iterations)->default_value(200), "SPSA iterations")(
      "pairs", po::value(&c.pairs)->default_value(8), "game pairs per iteration (each pair swaps who places first)")(
      "opening-turns", po::value(&c.opening_turns)->default_value(2),
      "random placement turns shared by both games of a pair")(
      "vary", po::bool_switch(&c.vary),
      "play each game pair with a configuration of its own, vary=S on both sides (S drawn from the seed, the "
      "iteration and the pair), as the gates' empty-board rows and the last-placer study play; with "
      "--opening-turns 0 every game starts from the empty board")(
      "seed", po::value(&seed_text)->default_value("1"),
      "master seed (0 to 2^64-1); iteration k's perturbation and games derive from it and k")(
      "threads", po::value(&c.threads)->default_value(0), "worker threads (0: all cores; the result is the same)")(
      "out", po::value(&out_path),
      "write the final weights to this file (the weights-file format), once the last iteration is done")(
      "trajectory", po::value(&trajectory_path),
      "write a CSV row per iteration (c_k, a_k, result, every tuned weight) to this file, and its "
      "configuration to FILE.json")("resume", po::bool_switch(&resume),
                                    "continue the run in --trajectory from its last whole row (the same options)")(
      "json", po::bool_switch(&json), "print the summary as one JSON object")("quiet", po::bool_switch(&quiet),
                                                                              "no progress line on stderr");
  po::variables_map vm;
  if (!parse_options(
          args, opts, vm,
          R"(usage: seega spsa --player SPEC [--player SPEC...] [--weights start.txt] [--tune NAME,...] [--c-end X]
       [--r-end X] [--iterations N] [--pairs P] [--rules R] [--opening-turns K] [--vary] [--seed S]
       [--threads T] [--out weights.txt] [--trajectory spsa.csv [--resume]] [--json] [--quiet]

SPSA as fishtest runs it: iteration k plays --pairs game pairs between the player with the
weights theta + c_k Delta and with theta - c_k Delta (Delta a random +-1 per weight), and moves
theta by a_k (points of the first - points of the second) Delta / c_k. c_k falls to --c-end and
a_k/c_k^2 to --r-end at the last iteration (alpha 0.602, gamma 0.101, A = 10% of --iterations).
Ctrl-C drops the iteration under way; --resume plays it again, to the same trajectory.
Under mpirun the ranks share each iteration's games; rank 0 writes the same trajectory.)"))
    return std::nullopt;
  c.rules = load_rules(rules_text);
  for (const std::string& text : player_texts) {
    c.players.push_back(load_player("--player", text, rb ? Load::ReadBack : Load::Play));
    const PlayerSpec& player = c.players.back();
    if (auto why = spsa_player_problem(player, c.vary); !why.empty()) throw UsageError("--player: " + why);
    if (!weights_path.empty() && !player.weights_file.empty())
      throw UsageError("--weights and --player's weights=: give the starting weights once");
    if (player_texts.size() > 1 && !player.weights_file.empty())
      throw UsageError("--player " + text +
                       ": with several players, give the starting weights once, with --weights, not weights=");
  }
  if (rb) {  // the starting weights the trajectory's configuration records
    auto start = parse_weights(rb->header.is_object() ? rb->header.value("start", "") : "");
    if (!start.ok()) throw UsageError("summary " + rb->path + ".json: start: " + start.error);
    c.start = start.value;
  } else {
    c.start = !weights_path.empty()  ? load_weights_option(weights_path)
              : c.players[0].weights ? *c.players[0].weights
                                     : builtin_weights(c.rules);
  }
  c.tune = tune_text.empty() ? spsa_default_names(c.start) : tune_names(tune_text);
  if (!std::isfinite(c.c_end) || c.c_end <= 0 || c.c_end > 1e5)
    throw UsageError(fmt::format("--c-end {}: allowed above 0, up to 100000", c.c_end));
  if (!std::isfinite(c.r_end) || c.r_end <= 0 || c.r_end > 1)
    throw UsageError(fmt::format("--r-end {}: allowed above 0, up to 1", c.r_end));
  if (c.iterations < 1 || c.iterations > 10'000'000)
    throw UsageError(fmt::format("--iterations {}: allowed 1 to 10000000", c.iterations));
  if (c.pairs < 1 || c.pairs > 1'000'000) throw UsageError(fmt::format("--pairs {}: allowed 1 to 1000000", c.pairs));
  check_opening_turns(c.rules, c.opening_turns);
  check_threads(c.threads);
  c.seed = parse_seed(seed_text);
  if (resume && trajectory_path.empty())
    throw UsageError("--resume needs --trajectory FILE, the trajectory to continue");
  // Under mpirun rank 0 alone writes the files and reads the trajectory back; the others get its state
  // before each iteration (seega::run_spsa).
  if (!out_path.empty() && prints && !rb) check_out("--out", out_path);
  return command;
}

// The run's summary, played or read back (totals.read_from), in the output its command asked for: the
// iterations done (of them, `first` done before this run) and `games` played by this run, and each tuned
// weight from its start to where state is; the exit status. written: the final weights went to --out.
int report_spsa(const SpsaCommand& command, const Spsa& state, long long first, long long games,
                const RunTotals& totals, bool written) {
  const SpsaRunConfig& c = command.c;
  const bool complete = state.finished();
  const Weights final_weights = c.weights_at(state.theta());
  const std::vector<double>& theta = state.theta();
  const auto& params = state.config().params;
  if (command.json) {
    nlohmann::json weights = nlohmann::json::object();
    for (std::size_t i = 0; i < params.size(); ++i)
      weights[params[i].name] = {{"start", params[i].start}, {"final", theta[i]}};
    nlohmann::json j{{"iterations", state.done()},
                     {"iterations_planned", c.iterations},
                     {"iterations_this_run", state.done() - first},
                     {"games_this_run", games},
                     {"player", c.players_text()},
                     {"rules", c.rules.to_string()},
                     {"seed", std::to_string(c.seed)},
                     {"opening_turns", c.opening_turns},
                     {"vary", c.vary},
                     {"tuned", weights},
                     {"weights", final_weights.to_text()}};
    RunTotals run = totals;
    run.new_records = games;
    add_run_keys(j, run, !complete);
    print_json(j);
  } else {
    fmt::print("{} on {}, seed {}: {} of {} iterations{} ({} this run, {} games), {}\n", c.players_text(),
               c.rules.to_string(), c.seed, state.done(), c.iterations,
               interrupted_text(totals, !complete, " (interrupted: --resume continues the trajectory)", "iterations"),
               state.done() - first, games,
               totals.read_from.empty() ? fmt::format("{:.1f} s", totals.seconds) : timing_text(totals));
    fmt::print("{:<24} {:>10} {:>10} {:>9}\n", "weight", "start", "final", "change");
    for (std::size_t i = 0; i < params.size(); ++i)
      fmt::print("{:<24} {:>10.2f} {:>10.2f} {:>9}\n", params[i].name, params[i].start, theta[i],
                 signed_text(theta[i] - params[i].start, 2));
    if (written) fmt::print("weights written to {}\n", command.out_path);
  }
  if (totals.write_failed) {
    fmt::print(stderr, "seega: error: --trajectory {}: writing failed part way (disk full?)\n",
               command.trajectory_path);
    return 2;
  }
  return complete ? 0 : 130;
}

}  // namespace

int command_spsa(const std::vector<std::string>& args, const Job& job) {
  auto command = parse_spsa(args, job.prints(), nullptr);
  if (!command) return 0;
  SpsaRunConfig& c = command->c;
  const std::string &out_path = command->out_path, &trajectory_path = command->trajectory_path;
  const bool resume = command->resume, quiet = command->quiet;
  auto spsa_config = c.spsa();
  if (!spsa_config.ok()) throw UsageError("--tune: " + spsa_config.error);
  auto started = Spsa::start(spsa_config.value);
  if (!started.ok()) throw UsageError(started.error);
  Spsa state = std::move(started.value);
  if (Share* share = job.share(); share && !same_run_as_rank_0(*share, c)) return 2;

  // The trajectory is the run's file (the harness opens it on the process that holds the run): each
  // iteration one row, and a resume starts from its last row's state.
  std::optional<SpsaTrajectory> trajectory;
  const auto open = [&]() -> RecordsOut<SpsaRow> {
    auto opened = SpsaTrajectory::open(trajectory_path, c, SEEGA_VERSION, resume);
    if (!opened.ok()) throw FileError(opened.error);
    trajectory.emplace(std::move(opened.value));
    return {trajectory->finished(), [&](const SpsaRow& row) { trajectory->write(row); },
            [&] { return trajectory->failed(); }};
  };
  RunRequest request;
  request.out_path = trajectory_path;
  request.progress = !quiet;
  long long first = state.done(), games = 0;
  const auto start = std::chrono::steady_clock::now();
  const auto progress = [&](const RunProgress& p) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const long long done = state.done() - first;
    const std::string pace = done > 0 ? fmt::format("  {:.2f} s/iteration  {:.0f} s left", s / done,
                                                    s / done * static_cast<double>(c.iterations - state.done()))
                                      : "";
    return fmt::format("iteration {}/{}  games {}/{}{}", state.done() + 1, c.iterations, p.done, p.total, pace);
  };
  const auto play = [&](std::vector<SpsaRow> held, const SpsaHooks& hooks, const std::atomic<bool>* stop,
                        Share* share) -> std::vector<SpsaRow> {
    if (!held.empty())
      if (auto why = state.restore(held.back().k, held.back().theta); !why.empty())
        throw UsageError(fmt::format("--trajectory {}: line {}: {}", trajectory_path, held.size() + 1, why));
    first = state.done();
    SpsaHooks counted = hooks;
    counted.on_record = [&](const SpsaRow& row) {
      games += row.games;
      hooks.on_record(row);
    };
    run_spsa(c, state, counted, stop, share);
    return {};
  };
  const RunTotals totals = play_records<SpsaRow, SpsaHooks>(job, request, open, progress, play);
  if (!job.prints()) return 0;  // another rank than 0: rank 0 reports

  const bool written = state.finished() && !out_path.empty();
  if (written) {
    const std::string text = fmt::format("# seega spsa{} --iterations {} --pairs {} --opening-turns {}{} --seed {}\n{}",
                                         player_options(c), c.iterations, c.pairs, c.opening_turns,
                                         c.vary ? " --vary" : "", c.seed, c.weights_at(state.theta()).to_text());
    if (auto why = write_files_atomically({{out_path, text}}); !why.empty())
      throw UsageError("--out " + why + " (the weights were not written)");
  }
  return report_spsa(*command, state, first, games, totals, written);
}

namespace {

// A trajectory read back: its configuration (FILE.json) and recorded command line, its rows checked as
// a resume checks them, the state at its last row, and the run's own report of it. "This run" is the
// runs that wrote the file: every row and its games.
int summarize_spsa(const ReadBack& rb, const std::vector<std::string>*) {
  const std::string config_path = rb.path + ".json";
  auto config_text = user_file_text(config_path);
  if (!config_text.ok()) throw UsageError("summary " + rb.path + ": its configuration: " + config_text.error);
  ReadBack read = rb;
  read.header = nlohmann::json::parse(config_text.value, nullptr, false);
  const auto words = recorded_command(read.header);
  if (!words || (*words)[1] != spsa_kind().name)
    throw UsageError("summary " + rb.path + ": " + config_path +
                     " records no seega spsa command line (an older seega's): give seega spsa its options with "
                     "--trajectory " +
                     rb.path + " --resume");
  const std::vector<std::string> args(words->begin() + 2, words->end());
  if (rb.csv) throw UsageError("--csv: seega spsa prints no CSV summary; use --json");
  auto command = parse_spsa(args, false, &read);
  if (!command) return 0;
  command->json = rb.json;
  const SpsaRunConfig& c = command->c;
  std::size_t kept = 0;
  auto rows = parse_spsa_trajectory(read_user_file(rb.path, "summary"), c.tune, kept);
  if (!rows.ok()) throw UsageError(rb.path + ": " + rows.error);
  if (auto why = rows_match_schedule(c, rows.value); !why.empty()) throw UsageError(rb.path + ": " + why);
  auto spsa_config = c.spsa();
  if (!spsa_config.ok()) throw UsageError("summary " + rb.path + ": " + spsa_config.error);
  auto state = Spsa::start(spsa_config.value);
  if (!state.ok()) throw UsageError("summary " + rb.path + ": " + state.error);
  long long games = 0;
  for (const SpsaRow& row : rows.value) games += row.games;
  if (!rows.value.empty())
    if (auto why = state.value.restore(rows.value.back().k, rows.value.back().theta); !why.empty())
      throw UsageError(fmt::format("{}: line {}: {}", rb.path, rows.value.size() + 1, why));
  RunTotals totals;
  totals.read_from = rb.path;
  totals.held = state.value.done();
  totals.asked = c.iterations;
  const int status = report_spsa(*command, state.value, 0, games, totals, false);
  return status == 130 ? 0 : status;  // an interrupted run's file: its summary, which says so
}

}  // namespace

// spsa: the evaluation's weights tuned by SPSA, one iteration (a match) a trajectory row.
const RunKind& spsa_kind() {
  static const RunKind kind{"spsa", summarize_spsa};
  return kind;
}

}  // namespace seega::cli
