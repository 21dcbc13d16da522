#include "selfplay.hpp"

#include "movegen.hpp"
#include "notation.hpp"
#include "random.hpp"

namespace seega {

GameRecord play_random_game(const Rules& rules, std::uint64_t seed, Color first_placer, bool record_moves) {
  return with_size(rules.size, [&]<int N>() {
    Rng rng(seed);
    GameRecord rec;
    rec.first_placer = first_placer;
    Position<N> pos(rules, first_placer);
    MoveList<N> list;
    while (true) {
      legal_moves(pos, list);
      if (list.empty()) break;
      const Move<N>& m = list[rng.below(list.size())];
      if (m.kind == MoveKind::Place) rec.last_placer = pos.side();
      if (m.kind == MoveKind::Pass) ++rec.passes;
      if (record_moves) rec.moves.push_back(to_string(pos, m));
      pos.play(m);
    }
    rec.outcome = pos.outcome();
    rec.stones[White] = pos.count(White);
    rec.stones[Black] = pos.count(Black);
    rec.captures = 2 * rules.stones_per_side() - rec.stones[White] - rec.stones[Black];
    rec.movement_plies = pos.movement_plies();
    return rec;
  });
}

}  // namespace seega
