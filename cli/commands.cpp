#include "commands.hpp"

#include <fmt/core.h>

#include "common.hpp"
#include "engine/player.hpp"
#include "rules/rules.hpp"
#include "rules/spec.hpp"

namespace seega::cli {

namespace {

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

}  // namespace

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

const Command* find_command(std::string_view name) {
  for (const auto& c : commands())
    if (name == c.name) return &c;
  return nullptr;
}

}  // namespace seega::cli
