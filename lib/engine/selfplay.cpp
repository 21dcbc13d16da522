#include "engine/selfplay.hpp"

#include "rules/notation.hpp"

#include <algorithm>

namespace seega {

namespace {

template <int N>
void count_search(SearchCounts& c, const SearchResult<N>& r) {
  ++c.searches;
  c.nodes += r.nodes;
  c.max_nodes = std::max(c.max_nodes, r.nodes);
  if (r.ended == SearchEnd::Nodes) ++c.ended_by_nodes;
  if (r.ended == SearchEnd::Clock) ++c.ended_by_clock;
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
  for (int c = 0; c < 2; ++c) players[c]->new_game();
  Position<N> pos(rules, rec.first_placer);
  MoveList<N> list;
  RecordTally<N> tally(rec);
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
      m = players[side]->choose(pos, rngs[side]);
      if (const SearchResult<N>* r = players[side]->last_search()) count_search(rec.search[side], *r);
    }
    if (options.record_moves) rec.moves.push_back(to_string(pos, m));
    const Position<N> before = pos;
    pos.play(m);
    tally.turn(before, m, pos);
    if (opening_turn) rec.opening_key = pos.hash();  // the last random turn's position
  }
  tally.finish(pos);
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
