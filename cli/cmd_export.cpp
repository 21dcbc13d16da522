// seega export: a results file's games in forms other tools read: one CSV row per game, or games as
// text (game_text.hpp), which seega replay reads back.
#include <fmt/core.h>

#include <algorithm>
#include <optional>
#include <set>

#include "common.hpp"
#include "engine/replay.hpp"
#include "rules/spec.hpp"
#include "run_games.hpp"
#include "runs/format/file_kind.hpp"
#include "runs/format/game_text.hpp"
#include "runs/format/results_file.hpp"
#include "runs/kinds/game_file.hpp"

namespace seega::cli {

namespace {

// A game to export: its record with the rules and players it names, and the colour of its pairing's
// player a (a results file has one; games as text do not).
struct Exported {
  TextGame game;
  std::optional<Color> a;
};

std::vector<Exported> read_games(const std::string& path) {
  const std::string text = read_user_file(path, "FILE");
  expect_file_kind("", path, text, {FileKind::Results, FileKind::RunSim, FileKind::Play, FileKind::GamesText},
                   "export reads a results, run-sim or play file (the --out of match, ladder, gate, run-sim or play) "
                   "or games as text (seega export --format text)");
  std::vector<Exported> out;
  if (is_game_text(text)) {
    auto games = read_game_text(text);
    if (!games.ok()) throw UsageError(path + ": " + games.error);
    for (auto& g : games.value) out.push_back({std::move(g), std::nullopt});
    return out;
  }
  // A results, run-sim or play file; a results file's games also name A and B by their pairing.
  auto file = read_game_file(text);
  if (!file.ok()) throw UsageError(path + ": " + file.error);
  if (file.value.dropped_last_line) warn_cut_last_line(path, "game");
  const auto& players = file.value.players;    // every game's players among them (read_game_file)
  const auto& a_colour = file.value.a_colour;  // a results file's
  for (std::size_t i = 0; i < file.value.games.size(); ++i) {
    const GameRecord& g = file.value.games[i];
    out.push_back({{file.value.rules, {players[g.player[White]], players[g.player[Black]]}, g, 0},
                   i < a_colour.size() ? a_colour[i] : std::nullopt});
  }
  return out;
}

std::string csv_line(const Exported& e) {
  const GameRecord& g = e.game.record;
  const int placed = e.game.rules.stones_per_side();
  const std::string result = g.outcome.draw() ? "draw" : std::string(1, color_char(Color(g.outcome.winner)));
  std::string winner;  // the pairing's side, as a results file's game line says it
  if (e.a) winner = g.outcome.draw() ? "draw" : g.outcome.winner == *e.a ? "a" : "b";
  const std::string winner_player = g.outcome.draw() ? "" : e.game.players[g.outcome.winner];
  const int placement_plies = g.plies - g.movement_moves[White] - g.movement_moves[Black] - g.passes;
  return csv_row({std::to_string(g.index),
                  e.game.players[White],
                  e.game.players[Black],
                  e.a ? std::string(1, color_char(*e.a)) : "",
                  std::string(1, color_char(g.first_placer)),
                  std::string(1, color_char(g.last_placer)),
                  result,
                  winner,
                  winner_player,
                  std::string(to_string(g.outcome.reason)),
                  std::to_string(g.stones[White]),
                  std::to_string(g.stones[Black]),
                  std::to_string(placed - g.stones[Black]),
                  std::to_string(placed - g.stones[White]),
                  std::to_string(g.plies),
                  std::to_string(placement_plies),
                  std::to_string(g.movement_plies),
                  std::to_string(g.passes),
                  std::to_string(g.seed),
                  std::to_string(g.game_key)}) +
         "\n";
}

}  // namespace

int command_export(const std::vector<std::string>& args, const Job&) {
  std::string path, format, out_path;
  std::vector<long long> wanted;
  bool force = false;
  po::options_description opts("export options");
  opts.add_options()("file", po::value(&path), "the results file (or games as text) to export; also a plain word")(
      "format", po::value(&format)->required(),
      "csv: one row per game with a header row; text: each game as tag lines and its moves, which seega replay "
      "reads back")("out", po::value(&out_path),
                    "write to this file (whole) instead of the output; an existing file is replaced only when it is an "
                    "export")("force", po::bool_switch(&force),
                              "replace --out whatever it holds (never the file exported)")(
      "game", po::value(&wanted)->multitoken(), "export only these games, by index, in the order given");
  po::variables_map vm;
  if (!parse_options(args, opts, vm, "usage: seega export FILE --format csv|text [--out F [--force]] [--game N ...]",
                     {"file", 1}))
    return 0;
  if (path.empty()) throw UsageError("give the results file to export: seega export FILE --format csv|text");
  if (format != "csv" && format != "text")
    throw UsageError("--format " + quote(format) + ": allowed csv, text" + did_you_mean(format, {"csv", "text"}));
  if (!out_path.empty())
    check_output_file("--out", out_path, {{"FILE", path}}, force, {FileKind::GamesCsv, FileKind::GamesText});
  std::set<long long> given;
  for (long long n : wanted)
    if (!given.insert(n).second) throw UsageError(fmt::format("--game {} is given twice", n));

  std::vector<Exported> games = read_games(path);
  if (!wanted.empty()) {
    std::vector<Exported> chosen;
    for (long long n : wanted) {
      auto it = std::find_if(games.begin(), games.end(), [&](const Exported& e) { return e.game.record.index == n; });
      if (it == games.end()) {
        std::vector<long long> held;
        for (const auto& e : games) held.push_back(e.game.record.index);
        throw UsageError(fmt::format("--game {}: {} holds no game {} (it holds {})", n, path, n, held_text(held)));
      }
      chosen.push_back(*it);
    }
    games = std::move(chosen);
  }
  std::string text;
  if (format == "csv") {
    text = csv_row(games_csv_columns()) + "\n";
    for (const auto& e : games) text += csv_line(e);
  } else {
    for (const auto& e : games) {
      // Only a game that replays is written: the text must read back.
      auto replayed = replay_text(e.game.rules, e.game.record);
      if (!replayed.ok()) throw UsageError(path + ": " + replayed.error);
      if (!text.empty()) text += '\n';
      text += game_text(e.game);
    }
  }
  return print_or_write(out_path, text);
}

}  // namespace seega::cli
