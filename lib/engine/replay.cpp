#include "engine/replay.hpp"

#include "engine/selfplay.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

std::string game_name(const GameRecord& r) { return "game " + std::to_string(r.index); }

// Move k (from 0) as an error names it: "game 12, move 31 'c2-c3'".
std::string move_name(const GameRecord& r, std::size_t k) {
  return game_name(r) + ", move " + std::to_string(k + 1) + " '" + r.moves[k] + "'";
}

// parse_move's reason without its "move '<text>': " opening, which move_name says already.
std::string reason(const std::string& error, const std::string& text) {
  const std::string opening = "move '" + text + "': ";
  return error.starts_with(opening) ? error.substr(opening.size()) : error;
}

// A record read from a file may hold any byte in a colour field; name it rather than print it as b.
std::string colour_name(Color c) {
  return c == White || c == Black ? std::string(1, color_char(c)) : "invalid colour " + std::to_string(int(c));
}

std::string stones_text(int w, int b) { return "w " + std::to_string(w) + " b " + std::to_string(b); }

std::string disagreement(const GameRecord& r, const std::string& field, const std::string& recorded,
                         const std::string& replayed) {
  return game_name(r) + ": the record says " + field + " " + recorded + ", the moves end in " + replayed;
}

}  // namespace

template <int N>
Parsed<ReplayedGame<N>> replay(const Rules& rules, const GameRecord& record, ReplayCheck check) {
  using P = Parsed<ReplayedGame<N>>;
  if (rules.size != N)
    return P::fail(game_name(record) + ": the rules are for a " + std::to_string(rules.size) + "x" +
                   std::to_string(rules.size) + " board, the replay is for " + std::to_string(N) + "x" +
                   std::to_string(N));
  // No game ends on the empty board, so a record without moves is one whose moves were not kept.
  // A game ended outside the rules (a forfeit, an adjudication) may end before its first move.
  const bool cut_short = outside_rules(record.outcome.reason);
  if (record.moves.empty() && !(cut_short && record.plies == 0))
    return P::fail(game_name(record) + " has no moves recorded");
  if (record.first_placer != White && record.first_placer != Black)
    return P::fail(game_name(record) + ": first_placer is " + colour_name(record.first_placer) + ", not w or b");

  ReplayedGame<N> game;
  game.positions.reserve(record.moves.size() + 1);
  game.moves.reserve(record.moves.size());
  game.positions.emplace_back(rules, record.first_placer);
  if (!record.start.empty()) {
    auto start = parse_position<N>(rules, record.start);
    if (!start.ok()) return P::fail(game_name(record) + ": start " + quote(record.start) + ": " + start.error);
    game.positions.back() = start.value;
  }
  // The record the moves make, worked out as play_game works it out; every field must agree.
  GameRecord& derived = game.record;
  derived.index = record.index;
  derived.seed = record.seed;
  derived.player[White] = record.player[White];
  derived.player[Black] = record.player[Black];
  derived.moves = record.moves;
  derived.first_placer = record.first_placer;
  derived.last_placer = ~record.first_placer;
  derived.start = record.start;
  RecordTally<N> tally(derived);
  tally.start(game.positions.front());
  for (std::size_t k = 0; k < record.moves.size(); ++k) {
    Position<N> pos = game.positions.back();
    // play_game stops where there is no legal move; so must a replay, or a record could run on.
    if (count_legal_moves(pos) == 0)
      return P::fail(move_name(record, k) + ": played after the game ended (" + to_string(pos.outcome()) +
                     " after move " + std::to_string(k) + ")");
    const auto move = parse_move(pos, record.moves[k]);
    if (!move.ok()) return P::fail(move_name(record, k) + ": " + reason(move.error, record.moves[k]));
    pos.play(move.value);
    tally.turn(game.positions.back(), move.value, pos);
    game.moves.push_back(move.value);
    game.positions.push_back(pos);
  }

  const Position<N>& end = game.positions.back();
  if (cut_short && count_legal_moves(end) == 0)
    return P::fail(game_name(record) + ": " + std::string(to_string(record.outcome.reason)) +
                   ", but the rules end the game there (" + to_string(end.outcome()) + ")");
  if (!cut_short && count_legal_moves(end) != 0)
    return P::fail(game_name(record) + ": the moves stop at move " + std::to_string(record.moves.size()) +
                   " with the game not over (" + color_char(end.side()) + " to move in " + to_string(end) + ")");
  tally.finish(end);
  // A forfeit is lost by the side that was to move; an adjudication's result is the adjudicator's.
  if (cut_short)
    derived.outcome = record.outcome.reason == EndReason::Adjudicated
                          ? record.outcome
                          : Outcome::win(~end.side(), record.outcome.reason);
  if (check == ReplayCheck::MovesOnly) return P{std::move(game), {}};
  const GameRecord& d = derived;
  auto number = [](auto v) { return std::to_string(v); };
  if (!(record.outcome == d.outcome))
    return P::fail(disagreement(record, "result", to_string(record.outcome), to_string(d.outcome)));
  if (record.stones[White] != d.stones[White] || record.stones[Black] != d.stones[Black])
    return P::fail(disagreement(record, "stones", stones_text(record.stones[White], record.stones[Black]),
                                stones_text(d.stones[White], d.stones[Black])));
  const std::pair<const char*, std::pair<std::int64_t, std::int64_t>> counts[] = {
      {"plies", {record.plies, d.plies}},
      {"movement_plies", {record.movement_plies, d.movement_plies}},
      {"passes", {record.passes, d.passes}},
      {"captures", {record.captures, d.captures}},
      {"movement_moves of w", {record.movement_moves[White], d.movement_moves[White]}},
      {"movement_moves of b", {record.movement_moves[Black], d.movement_moves[Black]}},
      {"first_move_captures", {record.first_move_captures, d.first_move_captures}},
      {"stone_diff_10", {record.stone_diff_10, d.stone_diff_10}}};
  for (const auto& [field, v] : counts)
    if (v.first != v.second) return P::fail(disagreement(record, field, number(v.first), number(v.second)));
  if (record.last_placer != d.last_placer)
    return P::fail(disagreement(record, "last_placer", colour_name(record.last_placer), colour_name(d.last_placer)));
  if (record.placement_key != d.placement_key)
    return P::fail(disagreement(record, "placement_key", number(record.placement_key), number(d.placement_key)));
  if (record.game_key != d.game_key)
    return P::fail(disagreement(record, "game_key", number(record.game_key), number(d.game_key)));
  return P{std::move(game), {}};
}

Parsed<ReplayText> replay_text(const Rules& rules, const GameRecord& record) {
  using P = Parsed<ReplayText>;
  if (!valid_size(rules.size))
    return P::fail(game_name(record) + ": the rules' board size " + std::to_string(rules.size) + " is not 5, 7 or 9");
  return with_size(rules.size, [&]<int N>() {
    auto game = replay<N>(rules, record);
    if (!game.ok()) return P::fail(std::move(game.error));
    const auto& g = game.value;
    ReplayText text;
    text.positions.reserve(g.positions.size());
    for (const auto& pos : g.positions) text.positions.push_back(to_string(pos));
    for (std::size_t k = 0; k < g.moves.size(); ++k) {
      text.moves.push_back(to_string(g.positions[k], g.moves[k]));
      auto& names = text.captured.emplace_back();
      for (Bitboard<N> taken = g.captured(k); taken;) names.push_back(square_name(pop_lsb(taken), N));
    }
    return P{std::move(text), {}};
  });
}

#define SEEGA_INSTANTIATE(N) template Parsed<ReplayedGame<N>> replay<N>(const Rules&, const GameRecord&, ReplayCheck);
SEEGA_INSTANTIATE(5)
SEEGA_INSTANTIATE(7)
SEEGA_INSTANTIATE(9)
#undef SEEGA_INSTANTIATE

}  // namespace seega
