// The one place errors are caught: a user's mistake prints one line and exits 2, a bug exits 1.
#include <fmt/core.h>

#include <algorithm>
#include <boost/program_options/errors.hpp>
#include <exception>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "cluster.hpp"
#include "common.hpp"
#include "engine/player.hpp"
#include "job.hpp"
#include "rules/rules.hpp"
#include "rules/spec.hpp"
#include "runs/io/build_info.hpp"
#include "runs/io/json.hpp"

namespace seega::cli {

int command_analyze(const std::vector<std::string>& args, const Job& job);
int command_bench(const std::vector<std::string>& args, const Job& job);
int command_compare(const std::vector<std::string>& args, const Job& job);
int command_engine(const std::vector<std::string>& args, const Job& job);
int command_engine_check(const std::vector<std::string>& args, const Job& job);
int command_eval(const std::vector<std::string>& args, const Job& job);
int command_export(const std::vector<std::string>& args, const Job& job);
int command_gate(const std::vector<std::string>& args, const Job& job);
int command_gen_data(const std::vector<std::string>& args, const Job& job);
int command_ladder(const std::vector<std::string>& args, const Job& job);
int command_match(const std::vector<std::string>& args, const Job& job);
int command_merge(const std::vector<std::string>& args, const Job& job);
int command_openings(const std::vector<std::string>& args, const Job& job);
int command_perft(const std::vector<std::string>& args, const Job& job);
int command_play(const std::vector<std::string>& args, const Job& job);
int command_random(const std::vector<std::string>& args, const Job& job);
int command_replay(const std::vector<std::string>& args, const Job& job);
int command_run_sim(const std::vector<std::string>& args, const Job& job);
int command_spsa(const std::vector<std::string>& args, const Job& job);
int command_summary(const std::vector<std::string>& args, const Job& job);
int command_tune(const std::vector<std::string>& args, const Job& job);

namespace {

// One subcommand: its name, a one-line summary, and its entry point, which runs in the job main made.
struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args, const Job& job);
};
const std::vector<Command>& commands();

// The one word `seega players` and `seega rules` take, or nullptr for none; --help (-h) prints the
// usage line and counts as none, so the listing follows it.
const std::string* only_word(const std::vector<std::string>& args, const char* usage) {
  if (args.size() > 1) throw UsageError("unexpected word " + quote(args[1]) + "; " + usage);
  if (args.empty()) return nullptr;
  if (args[0] != "--help" && args[0] != "-h") return &args[0];
  fmt::print("{}\n\n", usage);
  return nullptr;
}

int command_rules(const std::vector<std::string>& args, const Job&) {
  if (const std::string* text = only_word(args, "usage: seega rules [R] (R's canonical form, or every key)")) {
    auto spec = parse_rules(*text);
    if (!spec.ok()) throw UsageError(spec.error);
    fmt::print("{}\n", spec.value.rules.to_string());
    return 0;
  }
  fmt::print("{}", rules_help());
  return 0;
}

int command_players(const std::vector<std::string>& args, const Job&) {
  if (const std::string* text = only_word(args, "usage: seega players [SPEC] (checks SPEC, or lists the players)")) {
    const PlayerSpec spec = load_player("", *text);
    fmt::print("{}: reproducible from the seed: {}\n", spec.text, spec.reproducible() ? "yes" : "no");
    return 0;
  }
  fmt::print("{}\n", players_help());
  for (int level = 1; level <= 12; ++level) {
    LevelSpec l = level_spec(level);
    fmt::print("  level({}): depth {}, blunder {:.4f}\n", level, l.depth, l.blunder);
  }
  fmt::print(
      "  (past level 10 the depth stays at 12 and only the blunder chance shrinks; level(N) thinks at "
      "most {} ms a move, level(N,deterministic) at most {} nodes)\n",
      kLevelTimeMs, kLevelNodeBudget);
  return 0;
}

void print_usage() {
  fmt::print(
      "seega {}: a self-play laboratory for Seega\n\nusage: seega <command> [options]; "
      "seega <command> --help for its options\n\ncommands:\n",
      SEEGA_VERSION);
  for (const auto& c : commands()) fmt::print("  {:<9} {}\n", c.name, c.summary);
  fmt::print(
      "\nUnder mpirun (Open MPI), match, ladder, gen-data, run-sim and spsa share one run among the ranks: "
      "rank 0 writes\nthe results and prints the summary, the same as one process's (README, \"Clusters\").\n");
}

const std::vector<Command>& commands() {
  static const std::vector<Command> list = {
      {"analyze", "a player's move for a position, with score, principal variation and speed", command_analyze},
      {"bench", "the bench signature: nodes searched over fixed positions, and the speed", command_bench},
      {"eval", "the static evaluation of a position, feature by feature with --explain", command_eval},
      {"match", "play engine-vs-engine games in parallel and report the statistics", command_match},
      {"gen-data", "positions for tuning the evaluation, from self-play or a results file", command_gen_data},
      {"ladder", "play a tournament of many players and rate them (Bradley-Terry, with intervals)", command_ladder},
      {"openings", "make an opening suite for --openings: random placement turns, or balanced placements",
       command_openings},
      {"compare", "two matches' results side by side: B minus A with intervals, and what else differs",
       command_compare},
      {"summary", "the summary of a run read back from its results file, as the run printed it", command_summary},
      {"merge", "join the files of a run's shards (--shard I/K) into the file of one run", command_merge},
      {"play", "play a run of Seega>Play against the levels in a terminal, or watch two players", command_play},
      {"perft", "count move sequences from a position (move generator check and speed)", command_perft},
      {"replay", "a recorded game move by move with the board, checked against the rules", command_replay},
      {"export", "a results file's games as CSV (a row a game) or as text (tags and moves, replay reads it)",
       command_export},
      {"run-sim", "Seega>Play's run simulated for a player: levels beaten and scores, with intervals", command_run_sim},
      {"random", "play a batch of uniformly random games and count the results", command_random},
      {"tune", "fit the evaluation's weights to positions from gen-data (logistic regression)", command_tune},
      {"gate", "adopt an evaluation only if it gains in every setting: fixed matches against today's weights",
       command_gate},
      {"spsa", "tune the evaluation's weights on game results by SPSA (as fishtest), with resume", command_spsa},
      {"engine", "speak the engine protocol (docs/protocol.md) as one of our players, on stdin and stdout",
       command_engine},
      {"engine-check", "drive an engine through every message of the protocol and say what passed",
       command_engine_check},
      {"players", "list the player specs and the AI levels, or check one spec", command_players},
      {"rules", "list the rulesets and their keys, or print the canonical form of one", command_rules},
  };
  return list;
}

}  // namespace

}  // namespace seega::cli

int main(int argc, char** argv) {
  using namespace seega::cli;
  using seega::did_you_mean, seega::escaped, seega::joined, seega::quote;
  std::vector<std::string> args(argv + 1, argv + argc);
  {
    // Every file a run writes records the command line that wrote it (its header's "origin").
    std::vector<std::string> words{"seega"};
    words.insert(words.end(), args.begin(), args.end());
    seega::set_command_line(std::move(words));
  }
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    fmt::print("seega {} (build {})\n", SEEGA_VERSION, seega::build_commit());
    return 0;
  }
  // Under mpirun, the commands that schedule games share their run among the ranks (cluster.hpp);
  // only rank 0 prints, errors included, and every rank exits with rank 0's status.
  std::unique_ptr<Cluster> cluster;
  Job job;  // alone until mpirun's job is joined
  std::string error;
  int status = 0;
  try {
    if (Cluster::launched()) {
      static const char* const shared[] = {"match", "ladder", "gen-data", "run-sim", "spsa"};
      if (std::find(std::begin(shared), std::end(shared), args[0]) == std::end(shared))
        throw UsageError("seega " + args[0] +
                         " runs in one process; under mpirun only match, ladder, gen-data, run-sim and "
                         "spsa share their work among the ranks");
      cluster = std::make_unique<Cluster>(args[0]);
      job = Job(cluster.get());
    }
    status = [&] {
      for (const auto& c : commands())
        if (args[0] == c.name) return c.run({args.begin() + 1, args.end()}, job);
      std::vector<std::string> names;
      for (const auto& c : commands()) names.emplace_back(c.name);
      throw UsageError("unknown command " + quote(args[0]) + did_you_mean(args[0], names) +
                       "; commands: " + joined(names));
    }();
  } catch (const UsageError& e) {
    // Escaped here, where every message passes: user text in it stays on the one line, readable.
    error = fmt::format("error: {}", escaped(e.what()));
    status = 2;
  } catch (const boost::program_options::error& e) {
    error = fmt::format("error: {} (see 'seega {} --help')", escaped(e.what()), escaped(args[0]));
    status = 2;
  } catch (const std::exception& e) {
    error = fmt::format("internal error (a bug, please report it): {}", escaped(e.what()));
    status = 1;
  }
  if (!error.empty() && job.prints()) fmt::print(stderr, "seega: {}\n", error);
  if (cluster) {
    try {
      status = cluster->finish(status, error);
    } catch (const std::exception& e) {
      fmt::print(stderr, "seega: error: ending the mpirun job: {}\n", escaped(e.what()));
      status = std::max(status, 2);
    }
  }
  return status;
}
