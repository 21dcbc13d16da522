#include "runs/format/file_kind.hpp"

#include <nlohmann/json.hpp>

#include "runs/format/game_text.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/io/json.hpp"

namespace seega {

const std::vector<std::string>& games_csv_columns() {
  static const std::vector<std::string> columns = {
      "index",  "white",           "black",          "a",        "first_placer", "last_placer",   "result",
      "winner", "winner_player",   "ending",         "stones_w", "stones_b",     "captured_by_w", "captured_by_b",
      "plies",  "placement_plies", "movement_plies", "passes",   "seed",         "game_key"};
  return columns;
}

FileKind file_kind(std::string_view text) {
  const auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return FileKind::Empty;
  if (is_game_text(text)) return FileKind::GamesText;
  std::string_view first = text.substr(0, text.find('\n'));
  if (first.ends_with('\r')) first.remove_suffix(1);
  if (first == data_header()) return FileKind::Positions;
  if (first.starts_with("# seega openings")) return FileKind::Openings;
  if (text.substr(start).starts_with("<svg") || text.substr(start).starts_with("<?xml")) return FileKind::Svg;
  std::string columns;
  for (const auto& c : games_csv_columns()) columns += (columns.empty() ? "" : ",") + c;
  if (first == columns) return FileKind::GamesCsv;
  const auto h = nlohmann::json::parse(first, nullptr, false);
  if (json_field_is(h, "type", "header")) {
    if (json_field_is(h, "kind", "run-sim")) return FileKind::RunSim;
    if (json_field_is(h, "kind", "play")) return FileKind::Play;
    if (!h.contains("kind")) return FileKind::Results;
  }
  return FileKind::Other;
}

std::string file_kind_text(FileKind kind) {
  switch (kind) {
    case FileKind::Empty: return "an empty file";
    case FileKind::Results: return "a results file (the --out of seega match, ladder or gate)";
    case FileKind::RunSim: return "a run-sim file (seega run-sim --out)";
    case FileKind::Play: return "a play file (seega play --out)";
    case FileKind::Positions: return "a positions file (seega gen-data --out)";
    case FileKind::GamesText: return "games as text (seega export --format text)";
    case FileKind::GamesCsv: return "games as CSV (seega export --format csv)";
    case FileKind::Openings: return "an opening suite (seega openings)";
    case FileKind::Svg: return "an SVG picture";
    case FileKind::Other: break;
  }
  return "not a file seega writes (its first line is not the header of one)";
}

}  // namespace seega
