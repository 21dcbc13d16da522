#include "engine/selfplay.hpp"

#include "rules/notation.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>

namespace seega {

namespace {

template <int N>
void count_search(SearchCounts& c, const SearchResult<N>& r) {
  ++c.searches;
  c.nodes += r.nodes;
  c.max_nodes = std::max(c.max_nodes, r.nodes);
  c.depths = c.depths.value_or(0) + static_cast<std::uint64_t>(r.depth);
  if (r.ended == SearchEnd::Nodes) ++c.ended_by_nodes;
  if (r.ended == SearchEnd::Clock) ++c.ended_by_clock;
}

// Why a move that took `used` ms under t (with `left` ms on the clock before it) lost on time, if it did.
std::optional<std::string> time_loss(const TimeControl& t, long long left, long long used) {
  if (t.movetime_ms && used > t.movetime_ms + t.margin_ms)
    return "took " + std::to_string(used) + " ms of a move time of " + std::to_string(t.movetime_ms) + " ms (margin " +
           std::to_string(t.margin_ms) + " ms)";
  if (t.clocked() && used > left + t.margin_ms)
    return "took " + std::to_string(used) + " ms with " + std::to_string(left) + " ms on the clock (margin " +
           std::to_string(t.margin_ms) + " ms)";
  return std::nullopt;
}

// The start of a game from an opening suite: its position, then its moves as turns that the record
// keeps and the players observe, as they observe random opening turns. Leaves rec.opening_key the key
// of the position after it, so that the games of one opening share a cluster.
template <int N>
void play_start(const Opening& start, Player<N>* const players[2], bool record_moves, Position<N>& pos,
                RecordTally<N>& tally, GameRecord& rec) {
  if (!start.position.empty()) {
    auto parsed = parse_position<N>(pos.rules(), start.position);
    assert(parsed.ok());
    pos = parsed.value;
    rec.start = start.position;
  }
  tally.start(pos);
  for (const auto& text : start.moves) {
    const auto m = parse_move(pos, text);
    assert(m.ok());
    if (record_moves) rec.moves.push_back(text);
    const Position<N> before = pos;
    pos.play(m.value);
    tally.turn(before, m.value, pos);
    for (int c = 0; c < 2; ++c)
      if (players[c]->observes()) players[c]->observe(before, m.value);
  }
  rec.opening_key = pos.hash();
}

}  // namespace

template <int N>
std::optional<GameRecord> play_game(const Rules& rules, Player<N>* const players[2], std::uint64_t seed,
                                    const GameOptions& options) {
  Rng rngs[2] = {Rng(Rng::derive(seed, 0)), Rng(Rng::derive(seed, 1))};
  Rng opening(options.opening_seed);
  GameRecord rec;
  rec.seed = seed;
  rec.first_placer = options.first_placer.value_or(rules.first_placer);
  rec.last_placer = ~rec.first_placer;
  for (int c = 0; c < 2; ++c) {
    players[c]->seed_game(Rng::derive(seed, static_cast<std::uint64_t>(c)));
    players[c]->new_game();
  }
  // Each side's time control and clock; a move that overdraws it by more than the margin loses.
  const TimeControl tc[2] = {players[White]->time_control(), players[Black]->time_control()};
  GoLimits clock;
  for (Color c : {White, Black})
    if (tc[c].clocked()) clock.time_left_ms[c] = tc[c].base_ms, clock.inc_ms[c] = tc[c].inc_ms;
  // Only a player that observes (an external engine) hears every turn, and only a timed side's moves are
  // timed: for the rest a game reads no clock and makes no call a move (random self-play went 2.3 times
  // slower when every move did both).
  const bool observes[2] = {players[White]->observes(), players[Black]->observes()};
  Position<N> pos(rules, rec.first_placer);
  MoveList<N> list;
  RecordTally<N> tally(rec);
  if (!options.start.empty()) play_start(options.start, players, options.record_moves, pos, tally, rec);
  std::optional<Forfeit> lost;
  Color loser = White;
  std::optional<Adjudicator> adjudicator;
  if (options.adjudication.any()) adjudicator.emplace(options.adjudication);
  std::optional<Outcome> adjudged;
  for (int turn = 0;; ++turn) {
    if (options.stop && options.stop->load(std::memory_order_relaxed)) return std::nullopt;
    // Counting is cheap (a formula in placement, popcounts in plain movement); players generate
    // the moves they need themselves.
    const std::size_t n = count_legal_moves(pos);
    if (n == 0) break;
    const Color side = pos.side();
    Move<N> m;
    const bool opening_turn = turn < options.opening_turns && pos.placing();
    if (opening_turn) {
      m = random_move(pos, opening);
    } else if (n == 1) {  // a pass or a forced step needs no thought
      legal_moves(pos, list);
      m = list[0];
    } else {
      const TimeControl& t = tc[side];
      if (t.timed()) {
        GoLimits limits = clock;
        limits.movetime_ms = t.movetime_ms;
        players[side]->limit_next_move(limits);
      }
      const auto t0 = t.timed() ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
      m = players[side]->choose(pos, rngs[side]);
      const long long used =
          t.timed()
              ? std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count()
              : 0;
      if (const Forfeit* f = players[side]->forfeit()) {
        lost = *f, loser = side;
        break;
      }
      const SearchResult<N>* r = players[side]->last_search();
      if (r) count_search(rec.search[side], *r);
      if (auto late = time_loss(t, clock.time_left_ms[side], used)) {
        lost = Forfeit{EndReason::TimeForfeit, *late, {}}, loser = side;
        break;
      }
      if (t.clocked()) clock.time_left_ms[side] = std::max(clock.time_left_ms[side] - used, 0LL) + t.inc_ms;
      if (adjudicator)
        adjudged = adjudicator->after_move(side, r ? std::optional<int>(r->score) : std::nullopt, !pos.placing());
    }
    if (options.record_moves) rec.moves.push_back(to_string(pos, m));
    const Position<N> before = pos;
    pos.play(m);
    tally.turn(before, m, pos);
    for (int c = 0; c < 2; ++c)
      if (observes[c]) players[c]->observe(before, m);
    if (opening_turn) rec.opening_key = pos.hash();  // the last random turn's position
    // Adjudicated after its move, unless the move ended the game by the rules.
    if (adjudged && count_legal_moves(pos) > 0) break;
    adjudged.reset();
  }
  tally.finish(pos);
  if (adjudged) {
    rec.outcome = *adjudged;
    rec.end_detail = "adjudicated: " + adjudicator->detail();
  }
  if (lost) {
    // Lost outside the rules: the other side wins, whatever the board says.
    rec.outcome = Outcome::win(~loser, lost->reason);
    rec.end_detail = std::string(1, color_char(loser)) + ": " + lost->detail;
    rec.engine_log = std::move(lost->log);
  }
  return rec;
}

GameRecord play_random_game(const Rules& rules, std::uint64_t seed, Color first_placer, bool record_moves) {
  return with_size(rules.size, [&]<int N>() {
    auto a = make_player<N>(PlayerSpec{}), b = make_player<N>(PlayerSpec{});
    Player<N>* const players[2] = {a.get(), b.get()};
    return play_game(rules, players, seed, first_placer, record_moves);
  });
}

#define SEEGA_INSTANTIATE(N) \
  template std::optional<GameRecord> play_game<N>(const Rules&, Player<N>* const[2], std::uint64_t, const GameOptions&);
SEEGA_INSTANTIATE(5)
SEEGA_INSTANTIATE(7)
SEEGA_INSTANTIATE(9)
#undef SEEGA_INSTANTIATE

}  // namespace seega
