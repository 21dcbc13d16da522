// seega replay: a recorded game move by move, checked against the rules as it goes.
#include <fmt/core.h>

#include <algorithm>

#include "board.hpp"
#include "board_svg.hpp"
#include "common.hpp"
#include "engine/replay.hpp"
#include "run_games.hpp"
#include "runs/format/game_text.hpp"
#include "runs/format/results_file.hpp"
#include "runs/io/json.hpp"
#include "runs/kinds/game_file.hpp"

namespace seega::cli {

int command_replay(const std::vector<std::string>& args, const Job&) {
  std::string path, svg_path;
  long long index = -1, ply = -1;
  bool json = false, fen_only = false, force = false;
  po::options_description opts("replay options");
  opts.add_options()(
      "games", po::value(&path)->required(),
      "a results, run-sim or play file (--out of match, ladder, run-sim, play), or games as text (seega export)")(
      "index", po::value(&index)->required(), "the game's index in the file")("json", po::bool_switch(&json),
                                                                              "print the game as one JSON object")(
      "fen-only", po::bool_switch(&fen_only), "print one position a line, from the empty board to the end")(
      "svg", po::value(&svg_path),
      "also write the board as an SVG picture to this file: the final position, its last move and captures marked")(
      "ply", po::value(&ply), "with --svg: draw the position after this many plies instead (0 is the empty board)")(
      "force", po::bool_switch(&force),
      "replace --svg whatever it holds (without it only a picture is replaced; never the file replayed)");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega replay --games F --index I [--json | --fen-only] [--svg F.svg [--ply K] [--force]]"))
    return 0;
  if (json && fen_only) throw UsageError("--json and --fen-only: choose one");
  if (index < 0) throw UsageError(fmt::format("--index {}: a game index is 0 or more", index));
  if (vm.count("ply") && svg_path.empty()) throw UsageError("--ply picks the position --svg draws: give --svg F too");
  if (!svg_path.empty()) check_output_file("--svg", svg_path, {{"--games", path}}, force, {FileKind::Svg});
  const std::string text = read_user_file(path, "--games");
  expect_file_kind("", path, text, {FileKind::Results, FileKind::RunSim, FileKind::Play, FileKind::GamesText},
                   "replay reads a results, run-sim or play file (the --out of match, ladder, gate, run-sim or play) "
                   "or games as text (seega export --format text)");
  auto no_game = [&](const auto& games, auto index_of) {
    std::vector<long long> held;
    for (const auto& g : games) held.push_back(index_of(g));
    return UsageError(fmt::format("{}: no game {} in the file (it holds {})", path, index, held_text(held)));
  };
  Rules rules;
  GameRecord g;
  std::vector<std::string> players;
  if (is_game_text(text)) {
    auto games = read_game_text(text);
    if (!games.ok()) throw UsageError(path + ": " + games.error);
    const auto& all = games.value;
    auto it = std::find_if(all.begin(), all.end(), [&](const TextGame& t) { return t.record.index == index; });
    if (it == all.end()) throw no_game(all, [](const TextGame& t) { return t.record.index; });
    rules = it->rules;
    g = it->record;
    players = {it->players[White], it->players[Black]};
  } else {
    auto file = read_game_file(text);  // a results, run-sim or play file
    if (!file.ok()) throw UsageError(path + ": " + file.error);
    if (file.value.dropped_last_line) warn_cut_last_line(path, "game");
    const auto& games = file.value.games;
    auto it = std::find_if(games.begin(), games.end(), [&](const GameRecord& r) { return r.index == index; });
    if (it == games.end()) throw no_game(games, [](const GameRecord& r) { return r.index; });
    g = *it;
    rules = file.value.rules;
    players = file.value.players;  // every game's players among them (read_game_file)
  }
  const std::string rules_text = rules.to_string();
  auto r = replay_text(rules, g);
  if (!r.ok()) throw UsageError(path + ": " + r.error);
  const ReplayText& t = r.value;
  const std::string result = to_string(g.outcome);
  if (!svg_path.empty()) {
    const long long plies = static_cast<long long>(t.moves.size());
    if (ply > plies)
      throw UsageError(fmt::format("--ply {}: game {} has {} plies (0 to {})", ply, index, plies, plies));
    if (ply < 0 && vm.count("ply")) throw UsageError(fmt::format("--ply {}: a ply is 0 or more", ply));
    const std::size_t k = ply < 0 ? t.moves.size() : static_cast<std::size_t>(ply);
    BoardMarks marks;
    if (k > 0) {
      marks.moved = move_squares(t.moves[k - 1], rules.size);
      for (const auto& sq : t.captured[k - 1]) marks.captured.push_back(parse_square(sq, rules.size));
    }
    write_svg("--svg", svg_path, board_svg(rules, t.positions[k], marks));
  }
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
  fmt::print("\n{}", board_diagram(rules, t.positions.front()));
  for (std::size_t k = 0; k < t.moves.size(); ++k) {
    const std::string& before = t.positions[k];
    const char side = before[before.find(' ') + 1];
    std::string taken;
    for (const auto& sq : t.captured[k]) taken += " " + sq;
    fmt::print("\nply {}: {} {}{}\n", k + 1, side, t.moves[k], taken.empty() ? "" : " captures" + taken);
    fmt::print("{}", board_diagram(rules, t.positions[k + 1]));
    fmt::print("    {}\n", t.positions[k + 1]);
  }
  const std::string names[2] = {players[static_cast<std::size_t>(g.player[White])],
                                players[static_cast<std::size_t>(g.player[Black])]};
  fmt::print("\nresult: {} ({}): w {}, b {}; {}, {} in movement, {}\n", winner_text(g.outcome, names),
             ending_text(rules, g.outcome), count_text(g.stones[White], "stone", "stones"), g.stones[Black],
             count_text(g.plies, "ply", "plies"), g.movement_plies, count_text(g.passes, "pass", "passes"));
  return 0;
}

}  // namespace seega::cli
