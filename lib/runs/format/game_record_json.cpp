#include "runs/format/game_record_json.hpp"

#include <limits>
#include <string_view>
#include <utility>

#include "rules/bitboard.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "rules/spec.hpp"
#include "runs/io/json.hpp"

namespace seega {

using json = nlohmann::json;

std::string colour_text(Color c) { return std::string(1, color_char(c)); }

namespace {

Parsed<Color> parse_colour(std::string_view s) {
  if (s == "w") return {White, {}};
  if (s == "b") return {Black, {}};
  return Parsed<Color>::fail("is " + quote(s) + " (allowed: w, b)");
}

}  // namespace

Parsed<GameRecord> parse_game(const json& j) {
  using P = Parsed<GameRecord>;
  GameRecord g;
  JsonFields f(j);
  constexpr int kMin = std::numeric_limits<int>::min();
  if (f.text("type") != "game" && f.ok()) return P::fail("not a game line");
  g.index = f.whole("index", 0LL);
  g.seed = f.key64("seed");
  {
    JsonFields players = f.object("players"), stones = f.object("stones"), moves = f.object("movement_moves");
    for (Color c : {White, Black}) {
      const std::string k = colour_text(c);
      g.player[c] = players.whole(k, kMin);
      // No board holds more than the largest one's stones (a run's score multiplies them).
      g.stones[c] = stones.whole(k, 0, Geometry<9>::kStonesPerSide);
      g.movement_moves[c] = moves.whole(k, 0);
    }
  }
  for (auto [key, c] : {std::pair{"first_placer", &g.first_placer}, std::pair{"last_placer", &g.last_placer}}) {
    const std::string text = f.text(key);
    if (!f.ok()) break;
    auto colour = parse_colour(text);
    if (!colour.ok()) f.fail(key, colour.error);
    *c = colour.value;
  }
  const std::string result = f.text("result"), reason = f.text("end_reason");
  if (f.ok() && result != "w" && result != "b" && result != "draw") return P::fail("bad result " + quote(result));
  g.outcome.winner = static_cast<std::int8_t>(result == "w" ? 0 : result == "b" ? 1 : -1);
  for (int r = 1; r <= static_cast<int>(EndReason::Adjudicated); ++r)
    if (to_string(EndReason(r)) == reason) g.outcome.reason = EndReason(r);
  if (f.ok() && !g.outcome.over()) return P::fail("bad end_reason " + quote(reason));
  g.plies = f.whole("plies", 0);
  g.movement_plies = f.whole("movement_plies", 0);
  g.passes = f.whole("passes", 0);
  g.captures = f.whole("captures", 0);
  if (f.has("search")) {
    JsonFields search = f.object("search");
    for (Color c : {White, Black}) {
      JsonFields s = search.object(colour_text(c));
      SearchCounts& k = g.search[c];
      k.searches = s.whole("searches", 0);
      k.ended_by_nodes = s.whole("ended_by_nodes", 0);
      k.ended_by_clock = s.whole("ended_by_clock", 0);
      k.nodes = s.whole("nodes", std::uint64_t{0});
      k.max_nodes = s.whole("max_nodes", std::uint64_t{0});
      // Files from before the depths were recorded have none: their summaries give no mean depth.
      k.depths = s.has("depths") ? std::optional(s.whole("depths", std::uint64_t{0})) : std::nullopt;
      if (f.ok() && (std::int64_t{k.ended_by_nodes} + k.ended_by_clock > k.searches || k.max_nodes > k.nodes ||
                     (k.depths.value_or(0) > 0 && k.searches == 0)))
        return P::fail("inconsistent search counts for " + colour_text(c));
    }
  }
  g.first_move_captures = f.whole("first_move_captures", -1);
  g.stone_diff_10 = f.whole("stone_diff_10", kMin);
  g.placement_key = f.key64("placement_key");
  g.game_key = f.key64("game_key");
  if (f.has("opening_key")) g.opening_key = f.key64("opening_key");
  g.moves = f.texts("moves");
  if (f.has("start")) g.start = f.text("start");
  if (f.has("end_detail")) g.end_detail = f.text("end_detail");
  if (f.has("engine_log")) g.engine_log = f.texts("engine_log");
  if (f.ok() && outside_rules(g.outcome.reason) != !g.end_detail.empty())
    return P::fail(outside_rules(g.outcome.reason) ? "end_reason " + reason + " without its end_detail"
                                                   : "an end_detail for a game the rules ended");
  if (!f.ok()) return P::fail(f.error());
  return P{std::move(g), {}};
}

namespace {

// What a game's start leaves to play: the placement turns, and the movement counter it starts from.
struct StartCounts {
  int placement_turns = 0;
  int movement_plies = 0;
};

Parsed<StartCounts> start_counts(const Rules& r, const std::string& start) {
  if (start.empty()) return {{r.stones_per_side(), 0}, {}};
  if (!valid_size(r.size)) return Parsed<StartCounts>::fail("the rules' board size is not 5, 7 or 9");
  return with_size(r.size, [&]<int N>() {
    auto pos = parse_position<N>(r, start);
    if (!pos.ok()) return Parsed<StartCounts>::fail("start " + quote(start) + ": " + pos.error);
    return Parsed<StartCounts>{{(pos.value.in_hand(White) + pos.value.in_hand(Black)) / 2, pos.value.movement_plies()},
                               {}};
  });
}

}  // namespace

std::string record_inconsistency(const Rules& r, const GameRecord& g) {
  const int each = r.stones_per_side();
  const auto n = [](auto v) { return std::to_string(v); };
  for (Color c : {White, Black})
    if (g.stones[c] > each)
      return "stones." + colour_text(c) + " " + n(g.stones[c]) + " is more than the " + n(each) + " a side places";
  // A game from a start position (an opening suite's) plays only the placement turns left in it, and its
  // movement counter goes on from the start's; captures still count every stone missing at the end.
  const auto start = start_counts(r, g.start);
  if (!start.ok()) return start.error;
  const int placements = start.value.placement_turns;
  if (g.plies >= placements && g.captures != 2 * each - g.stones[White] - g.stones[Black])
    return "captures " + n(g.captures) + " is not the " + n(2 * each - g.stones[White] - g.stones[Black]) +
           " stones missing from the board";
  // A placement turn places two stones, so placement is `each` turns of the two sides together. A game
  // ended outside the rules (a forfeit, an adjudication) may have ended before placement did.
  const long long turns =
      placements + static_cast<long long>(g.movement_moves[White]) + g.movement_moves[Black] + g.passes;
  const bool cut_short = outside_rules(g.outcome.reason);
  if (g.plies != turns && !(cut_short && g.plies < placements && turns == placements))
    return "plies " + n(g.plies) + " is not the " + n(turns) + " placements, movement moves and passes";
  if (cut_short && g.outcome.draw() && g.outcome.reason != EndReason::Adjudicated)
    return "result " + to_string(g.outcome) + ": a forfeit is a loss, not a draw";
  if (!g.moves.empty() && static_cast<long long>(g.moves.size()) != g.plies)
    return "plies " + n(g.plies) + " but " + n(g.moves.size()) + " moves";
  const long long steps = std::min<long long>(
      start.value.movement_plies + static_cast<long long>(g.movement_moves[White]) + g.movement_moves[Black],
      Position<5>::kMaxCounter);
  if (g.movement_plies != steps)
    return "movement_plies " + n(g.movement_plies) + " is not the " + n(steps) + " movement moves";
  if (g.first_move_captures > g.captures)
    return "first_move_captures " + n(g.first_move_captures) + " is more than the game's " + n(g.captures) +
           " captures";
  const Outcome o = g.outcome;
  const int w = g.stones[White], b = g.stones[Black];
  switch (o.reason) {
    case EndReason::AllCaptured:
      if (o.draw() || g.stones[o.winner] == 0 || g.stones[~Color(o.winner)] != 0)
        return "result " + to_string(o) + " with stones w " + n(w) + " b " + n(b);
      break;
    case EndReason::Barrier:
    case EndReason::QuietLimit:
    case EndReason::PlyLimit:
      if (!(o == Outcome::on_count(w, b, o.reason)))
        return "result " + to_string(o) + ", but stones w " + n(w) + " b " + n(b) + " give " +
               to_string(Outcome::on_count(w, b, o.reason));
      break;
    case EndReason::HemmedIn:
      if (o.draw() || w == 0 || b == 0) return "result " + to_string(o) + " with stones w " + n(w) + " b " + n(b);
      break;
    default: break;
  }
  return "";
}

json game_json(const GameRecord& g) {
  json line{{"type", "game"},
            {"index", g.index},
            {"seed", json_key64(g.seed)},
            {"players", {{"w", g.player[White]}, {"b", g.player[Black]}}},
            {"first_placer", colour_text(g.first_placer)},
            {"last_placer", colour_text(g.last_placer)},
            {"result", g.outcome.draw() ? "draw" : colour_text(Color(g.outcome.winner))},
            {"end_reason", std::string(to_string(g.outcome.reason))},
            {"stones", {{"w", g.stones[White]}, {"b", g.stones[Black]}}},
            {"plies", g.plies},
            {"movement_plies", g.movement_plies},
            {"passes", g.passes},
            {"captures", g.captures},
            {"movement_moves", {{"w", g.movement_moves[White]}, {"b", g.movement_moves[Black]}}},
            {"first_move_captures", g.first_move_captures},
            {"stone_diff_10", g.stone_diff_10},
            {"placement_key", json_key64(g.placement_key)},
            {"game_key", json_key64(g.game_key)},
            {"moves", g.moves}};
  // Only a game with an opening has one: files of games without any read and write as before.
  if (g.opening_key) line["opening_key"] = json_key64(g.opening_key);
  // Only a game that did not start on the empty board (an opening suite's position) has one.
  if (!g.start.empty()) line["start"] = g.start;
  // Only a game ended outside the rules has them: what happened, and the engine's conversation around it.
  if (!g.end_detail.empty()) line["end_detail"] = g.end_detail;
  if (!g.engine_log.empty()) line["engine_log"] = g.engine_log;
  if (g.search[White].searches || g.search[Black].searches) {
    json& s = line["search"];
    for (Color c : {White, Black}) {
      const SearchCounts& k = g.search[c];
      s[colour_text(c)] = {{"searches", k.searches},
                           {"ended_by_nodes", k.ended_by_nodes},
                           {"ended_by_clock", k.ended_by_clock},
                           {"nodes", k.nodes},
                           {"max_nodes", k.max_nodes}};
      if (k.depths) s[colour_text(c)]["depths"] = *k.depths;
    }
  }
  return line;
}

}  // namespace seega
