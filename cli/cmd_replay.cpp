// seega replay: a recorded game move by move, checked against the rules as it goes.
#include <fmt/core.h>

#include <algorithm>

#include "board.hpp"
#include "common.hpp"
#include "engine/replay.hpp"
#include "runs/game_file.hpp"
#include "runs/json.hpp"
#include "runs/results_file.hpp"

namespace seega::cli {

int run_replay(const std::vector<std::string>& args) {
  std::string path;
  long long index = -1;
  bool json = false, fen_only = false;
  po::options_description opts("replay options");
  opts.add_options()("games", po::value(&path)->required(), "a results file (seega match/ladder --out)")(
      "index", po::value(&index)->required(), "the game's index in the file")("json", po::bool_switch(&json),
                                                                              "print the game as one JSON object")(
      "fen-only", po::bool_switch(&fen_only), "print one position a line, from the empty board to the end");
  po::variables_map vm;
  if (!parse_options(args, opts, vm, "usage: seega replay --games F.jsonl --index I [--json | --fen-only]")) return 0;
  if (json && fen_only) throw UsageError("--json and --fen-only: choose one");
  if (index < 0) throw UsageError(fmt::format("--index {}: a game index is 0 or more", index));
  auto file = read_game_file(read_user_file(path, "--games"));  // a results file or a run-sim file
  if (!file.ok()) throw UsageError(path + ": " + file.error);
  const GameFile& run = file.value;
  const auto& games = file.value.games;
  auto it = std::find_if(games.begin(), games.end(), [&](const GameRecord& g) { return g.index == index; });
  if (it == games.end()) {
    std::string have = games.empty() ? "none" : fmt::format("{} games", games.size());
    throw UsageError(fmt::format("{}: no game {} in the file (it holds {})", path, index, have));
  }
  const GameRecord& g = *it;
  const std::vector<std::string>& players = run.players;
  const std::string rules_text = run.rules.to_string();
  for (int c = 0; c < 2; ++c)
    if (g.player[c] < 0 || g.player[c] >= static_cast<int>(players.size()))
      throw UsageError(
          fmt::format("{}: game {} names player {}, the header has {}", path, index, g.player[c], players.size()));
  auto r = replay_text(run.rules, g);
  if (!r.ok()) throw UsageError(path + ": " + r.error);
  const ReplayText& t = r.value;
  const std::string result = to_string(g.outcome);
  if (fen_only) {
    for (const auto& p : t.positions) fmt::print("{}\n", p);
    return 0;
  }
  if (json) {
    nlohmann::json moves = nlohmann::json::array();
    for (std::size_t k = 0; k < t.moves.size(); ++k)
      moves.push_back(
          {{"ply", k + 1}, {"move", t.moves[k]}, {"captured", t.captured[k]}, {"position", t.positions[k + 1]}});
    nlohmann::json j{{"index", g.index},
                     {"seed", json_key64(g.seed)},
                     {"rules", rules_text},
                     {"players",
                      {{"w", players[static_cast<std::size_t>(g.player[White])]},
                       {"b", players[static_cast<std::size_t>(g.player[Black])]}}},
                     {"first_placer", std::string(1, color_char(g.first_placer))},
                     {"last_placer", std::string(1, color_char(g.last_placer))},
                     {"result", result},
                     {"start", t.positions.front()},
                     {"moves", moves}};
    print_json(j);
    return 0;
  }
  fmt::print("game {} of {}: w {} against b {} on {}; {} places first\n", g.index, path,
             players[static_cast<std::size_t>(g.player[White])], players[static_cast<std::size_t>(g.player[Black])],
             rules_text, color_char(g.first_placer));
  fmt::print("\n{}", board_diagram(run.rules, t.positions.front()));
  for (std::size_t k = 0; k < t.moves.size(); ++k) {
    const std::string& before = t.positions[k];
    const char side = before[before.find(' ') + 1];
    std::string taken;
    for (const auto& sq : t.captured[k]) taken += " " + sq;
    fmt::print("\nply {}: {} {}{}\n", k + 1, side, t.moves[k], taken.empty() ? "" : " captures" + taken);
    fmt::print("{}", board_diagram(run.rules, t.positions[k + 1]));
    fmt::print("    {}\n", t.positions[k + 1]);
  }
  const std::string names[2] = {players[static_cast<std::size_t>(g.player[White])],
                                players[static_cast<std::size_t>(g.player[Black])]};
  fmt::print("\nresult: {} ({}): w {} stones, b {}; {} plies, {} in movement, {} passes\n",
             winner_text(g.outcome, names), ending_text(run.rules, g.outcome), g.stones[White], g.stones[Black],
             g.plies, g.movement_plies, g.passes);
  return 0;
}

}  // namespace seega::cli
