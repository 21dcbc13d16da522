#include "runs/format/game_text.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "engine/replay.hpp"
#include "rules/movegen.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

constexpr std::size_t kColumns = 80;
// The optional tags: the position a game started in (an opening suite's), as PGN's FEN tag; and what
// happened in a game ended outside the rules (a forfeit, an adjudication), as a results file's end_detail.
constexpr const char* kStartTag = "Start";
constexpr const char* kDetailTag = "EndDetail";

// A tag value between double quotes, with '\' and '"' escaped by a backslash (as PGN escapes them).
std::string quoted_value(std::string_view value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out + '"';
}

std::string result_tag(const Outcome& o) { return o.draw() ? "draw" : std::string(1, color_char(Color(o.winner))); }

const std::array<EndReason, 9> kEndings = {EndReason::AllCaptured, EndReason::Barrier,     EndReason::QuietLimit,
                                           EndReason::PlyLimit,    EndReason::HemmedIn,    EndReason::EngineCrashed,
                                           EndReason::TimeForfeit, EndReason::IllegalMove, EndReason::Adjudicated};

std::vector<std::string> ending_names() {
  std::vector<std::string> names;
  for (auto r : kEndings) names.emplace_back(to_string(r));
  return names;
}

std::string at(int line) { return "line " + std::to_string(line) + ": "; }

struct Tag {
  std::string value;
  int line = 0;
};

// One game as the text gives it, before it is checked.
struct RawGame {
  std::map<std::string, Tag> tags;
  std::vector<std::string> moves;
  std::vector<int> move_lines;    // the line of each move
  int line = 0;                   // of the first tag
  int last_line = 0;              // of the last line read
  bool blank_after_tags = false;  // a blank line came after the tags: a tag given again starts a game
};

// A tag line "[Name "value"]" as (name, value), or why it is not one.
Parsed<std::pair<std::string, std::string>> parse_tag_line(std::string_view line) {
  using P = Parsed<std::pair<std::string, std::string>>;
  line = trim(line);
  if (line.back() != ']') return P::fail("a tag line ends with ']'");
  std::string_view body = line.substr(1, line.size() - 2);
  const auto space = body.find(' ');
  if (space == std::string_view::npos) return P::fail("a tag line is [Name \"value\"]");
  std::string name(body.substr(0, space));
  std::string_view rest = trim(body.substr(space + 1));
  if (rest.size() < 2 || rest.front() != '"' || rest.back() != '"')
    return P::fail("the value of [" + name + "] is not between double quotes");
  rest = rest.substr(1, rest.size() - 2);
  std::string value;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '\\' && i + 1 < rest.size() && (rest[i + 1] == '\\' || rest[i + 1] == '"')) {
      value += rest[++i];
    } else if (rest[i] == '"' || rest[i] == '\\') {
      return P::fail("the value of [" + name + "] has an unescaped '" + rest[i] + "' (write \\" + rest[i] + ")");
    } else {
      value += rest[i];
    }
  }
  return P{{std::move(name), std::move(value)}, {}};
}

// The move of the game at which a replay of its moves fails: the first that does not parse or comes
// after the end, else the last (the game is not over after it).
template <int N>
std::size_t failing_move(const Rules& rules, const GameRecord& g) {
  Position<N> pos(rules, g.first_placer);
  if (auto start = parse_position<N>(rules, g.start); !g.start.empty() && start.ok()) pos = start.value;
  for (std::size_t k = 0; k < g.moves.size(); ++k) {
    if (count_legal_moves(pos) == 0) return k;
    const auto move = parse_move(pos, g.moves[k]);
    if (!move.ok()) return k;
    pos.play(move.value);
  }
  return g.moves.empty() ? 0 : g.moves.size() - 1;
}

// The game of raw, its tags read and its moves replayed; an error names the line.
Parsed<TextGame> check_game(const RawGame& raw) {
  using P = Parsed<TextGame>;
  for (const auto& name : game_text_tags())
    if (!raw.tags.count(name))
      return P::fail(at(raw.line) + "the game starting here has no [" + name + "] tag (every game has " +
                     joined(game_text_tags()) + ")");
  auto tag = [&](const std::string& name) -> const Tag& { return raw.tags.at(name); };
  auto bad = [&](const std::string& name, const std::string& allowed) {
    return P::fail(at(tag(name).line) + "[" + name + " " + quoted_value(tag(name).value) + "]: " + allowed);
  };
  TextGame game;
  game.line = raw.line;
  auto rules = parse_rules(tag("Rules").value);
  if (!rules.ok()) return P::fail(at(tag("Rules").line) + "[Rules]: " + rules.error);
  game.rules = rules.value.rules;
  game.players[White] = tag("White").value;
  game.players[Black] = tag("Black").value;
  for (const char* name : {"White", "Black"})
    if (tag(name).value.empty()) return bad(name, "the player's spec is empty");
  GameRecord& g = game.record;
  auto index = parse_whole<long long>(tag("Index").value, 0);
  if (!index) return bad("Index", "the game's index is a whole number, 0 or more");
  g.index = *index;
  auto seed = parse_whole<std::uint64_t>(tag("Seed").value);
  if (!seed) return bad("Seed", "a seed is a whole number from 0 to 2^64-1");
  g.seed = *seed;
  const std::string& first = tag("FirstPlacer").value;
  if (first != "w" && first != "b") return bad("FirstPlacer", "allowed: w, b");
  g.first_placer = first == "w" ? White : Black;
  const std::string& result = tag("Result").value;
  if (result != "w" && result != "b" && result != "draw") return bad("Result", "allowed: w, b, draw");
  const auto endings = ending_names();
  const std::string& ending = tag("Ending").value;
  const auto known = std::find(endings.begin(), endings.end(), ending);
  if (known == endings.end()) return bad("Ending", "allowed: " + joined(endings));
  // A game ended outside the rules stops where it stopped: its replay needs the ending (a forfeit is lost
  // by the side to move, an adjudication's result is the tag's), and the text says what happened, as a
  // results file's end_detail does.
  const EndReason reason = kEndings[static_cast<std::size_t>(known - endings.begin())];
  if (outside_rules(reason)) {
    if (!raw.tags.count(kDetailTag))
      return P::fail(at(raw.line) + "the game starting here ends in " + ending + " without an [" + kDetailTag +
                     "] tag (a game ended outside the rules says what happened)");
    if (tag(kDetailTag).value.empty()) return bad(kDetailTag, "what happened is empty");
    g.end_detail = tag(kDetailTag).value;
    g.outcome = result == "draw" ? Outcome{reason, -1} : Outcome::win(result == "w" ? White : Black, reason);
  } else if (raw.tags.count(kDetailTag)) {
    return P::fail(at(tag(kDetailTag).line) + "[" + kDetailTag + "] for a game the rules ended (" + ending +
                   "): only a game ended outside them has one");
  }
  if (raw.moves.empty() && !outside_rules(reason))
    return P::fail(at(raw.last_line) + "game " + std::to_string(g.index) + " has no moves");
  g.moves = raw.moves;
  if (raw.tags.count(kStartTag)) g.start = tag(kStartTag).value;
  g.player[White] = 0;
  g.player[Black] = 1;
  return with_size(game.rules.size, [&]<int N>() {
    if (!g.start.empty())
      if (auto start = parse_position<N>(game.rules, g.start); !start.ok()) return bad(kStartTag, start.error);
    auto replayed = replay<N>(game.rules, g, ReplayCheck::MovesOnly);
    if (!replayed.ok())
      return P::fail(at(raw.moves.empty() ? raw.last_line : raw.move_lines[failing_move<N>(game.rules, g)]) +
                     replayed.error);
    const std::string detail = g.end_detail;
    g = replayed.value.record;
    g.end_detail = detail;
    if (result_tag(g.outcome) != result)
      return P::fail(at(tag("Result").line) + "[Result \"" + result + "\"], but the moves end in " +
                     result_tag(g.outcome) + " (" + std::string(to_string(g.outcome.reason)) + ")");
    if (to_string(g.outcome.reason) != ending)
      return P::fail(at(tag("Ending").line) + "[Ending \"" + ending + "\"], but the moves end in " +
                     std::string(to_string(g.outcome.reason)));
    return P{std::move(game), {}};
  });
}

}  // namespace

const std::vector<std::string>& game_text_tags() {
  static const std::vector<std::string> tags = {"Rules", "White",       "Black",  "Seed",
                                                "Index", "FirstPlacer", "Result", "Ending"};
  return tags;
}

std::string game_text(const TextGame& game) {
  const GameRecord& g = game.record;
  const std::string values[] = {game.rules.to_string(),  game.players[White],
                                game.players[Black],     std::to_string(g.seed),
                                std::to_string(g.index), std::string(1, color_char(g.first_placer)),
                                result_tag(g.outcome),   std::string(to_string(g.outcome.reason))};
  std::string out;
  for (std::size_t i = 0; i < game_text_tags().size(); ++i)
    out += "[" + game_text_tags()[i] + " " + quoted_value(values[i]) + "]\n";
  if (!g.end_detail.empty()) out += "[" + std::string(kDetailTag) + " " + quoted_value(g.end_detail) + "]\n";
  if (!g.start.empty()) out += "[" + std::string(kStartTag) + " " + quoted_value(g.start) + "]\n";
  out += '\n';
  std::string line;
  for (const auto& move : g.moves) {
    if (!line.empty() && line.size() + 1 + move.size() > kColumns) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += move;
  }
  return out + line + '\n';
}

bool is_game_text(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '[';
}

Parsed<std::vector<TextGame>> read_game_text(std::string_view text) {
  using P = Parsed<std::vector<TextGame>>;
  std::vector<TextGame> games;
  std::set<long long> seen;
  std::optional<RawGame> raw;
  auto finish = [&]() -> std::string {
    if (!raw) return "";
    auto game = check_game(*raw);
    raw.reset();
    if (!game.ok()) return game.error;
    if (!seen.insert(game.value.record.index).second)
      return at(game.value.line) + "game " + std::to_string(game.value.record.index) + " appears twice";
    games.push_back(std::move(game.value));
    return "";
  };
  int number = 0;
  while (!text.empty()) {
    std::string_view line = take_line(text);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string_view t = trim(line);
    if (t.empty() || t.find_first_not_of(" \t") == std::string_view::npos) {
      if (raw && raw->moves.empty()) raw->blank_after_tags = true;
      continue;
    }
    if (t.front() == '[') {
      if (raw && !raw->moves.empty())
        if (auto error = finish(); !error.empty()) return P::fail(error);
      auto tag = parse_tag_line(t);
      if (!tag.ok()) return P::fail(at(number) + quote(t) + ": " + tag.error);
      const auto& [name, value] = tag.value;
      // A game that ended before its first move (a forfeit) has no moves: the next game starts with a tag
      // it already has, after a blank line.
      if (raw && raw->blank_after_tags && raw->tags.count(name))
        if (auto error = finish(); !error.empty()) return P::fail(error);
      if (!raw) {
        raw.emplace();
        raw->line = number;
      }
      auto names = game_text_tags();
      names.push_back(kDetailTag);
      names.push_back(kStartTag);
      if (std::find(names.begin(), names.end(), name) == names.end())
        return P::fail(at(number) + "unknown tag " + quote(name) + did_you_mean(name, names) +
                       " (tags: " + joined(names) + ")");
      if (raw->tags.count(name))
        return P::fail(at(number) + "[" + name + "] is given twice in one game (first on line " +
                       std::to_string(raw->tags[name].line) + ")");
      raw->tags[name] = Tag{value, number};
      raw->last_line = number;
      continue;
    }
    if (!raw) return P::fail(at(number) + "expected a tag line such as [Rules \"standard\"] before the moves");
    std::string_view rest = t;
    while (!rest.empty()) {
      const auto space = rest.find_first_of(" \t");
      const std::string_view move = rest.substr(0, space);
      if (!move.empty()) {
        raw->moves.emplace_back(move);
        raw->move_lines.push_back(number);
      }
      rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    raw->last_line = number;
  }
  if (auto error = finish(); !error.empty()) return P::fail(error);
  if (games.empty()) return P::fail("no game in the text");
  return P{std::move(games), {}};
}

}  // namespace seega
