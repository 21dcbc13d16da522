#include "runs/format/level_table.hpp"

#include <map>

#include "rules/spec.hpp"

namespace seega {

std::vector<std::string> LevelTable::texts() const {
  std::vector<std::string> out;
  for (const auto& p : levels) out.push_back(p.text);
  return out;
}

Parsed<LevelTable> parse_level_table(std::string_view text) {
  using P = Parsed<LevelTable>;
  std::map<int, std::pair<int, PlayerSpec>> by_level;  // level -> (line, player)
  int number = 0;
  while (!text.empty()) {
    std::string_view line = take_line(text);
    ++number;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    std::string clean(line);  // a tab separates as a space does; a CRLF file's \r is dropped
    for (char& c : clean)
      if (c == '\t' || c == '\r') c = ' ';
    const std::string_view body = trim(clean);
    if (body.empty()) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    const auto space = body.find(' ');
    const std::string_view first = body.substr(0, space);
    const auto level = parse_whole(first, 1, kMaxTableLevels);
    if (!level)
      return P::fail(where + "a line is a level's number (1 to " + std::to_string(kMaxTableLevels) +
                     ") and its player spec, e.g. '2 ab(depth=2,blunder=0.25)'; " + quote(first) +
                     " is not a level's number");
    const std::string_view spec = space == std::string_view::npos ? std::string_view{} : trim(body.substr(space));
    if (spec.empty()) return P::fail(where + "level " + std::to_string(*level) + " has no player spec");
    auto player = parse_player(spec);
    if (!player.ok()) return P::fail(where + "level " + std::to_string(*level) + ": " + player.error);
    if (auto [it, added] = by_level.try_emplace(*level, number, std::move(player.value)); !added)
      return P::fail(where + "level " + std::to_string(*level) + " again (first on line " +
                     std::to_string(it->second.first) + "): a table gives each level once");
  }
  if (by_level.empty()) return P::fail("no levels: a line is a level's number and its player spec, e.g. '1 greedy'");
  LevelTable table;
  int expected = 1;
  for (auto& [level, entry] : by_level) {
    if (level != expected)
      return P::fail("line " + std::to_string(entry.first) + ": level " + std::to_string(level) +
                     " is given but level " + std::to_string(expected) +
                     " is not (a table gives every level from 1 to its last)");
    table.levels.push_back(std::move(entry.second));
    ++expected;
  }
  return P{std::move(table), {}};
}

Parsed<LevelTable> level_table_of(const std::vector<std::string>& texts) {
  using P = Parsed<LevelTable>;
  if (texts.empty() || texts.size() > static_cast<std::size_t>(kMaxTableLevels))
    return P::fail("a level table has 1 to " + std::to_string(kMaxTableLevels) + " levels, not " +
                   std::to_string(texts.size()));
  LevelTable table;
  for (std::size_t k = 0; k < texts.size(); ++k) {
    auto player = parse_player(texts[k]);
    if (!player.ok()) return P::fail("level " + std::to_string(k + 1) + ": " + player.error);
    table.levels.push_back(std::move(player.value));
  }
  return P{std::move(table), {}};
}

}  // namespace seega
