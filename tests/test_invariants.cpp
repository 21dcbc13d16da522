// Invariants that must hold in every position of every game, checked over thousands of seeded random
// games across the rulesets and sizes (more on 5x5, fewer on 9x9).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/perft.hpp"
#include "rules/random.hpp"

namespace seega {
namespace {

struct GameSet {
  const char* rules;
  int games;
};

// 2,140 games in all: the three presets on every size, and variants that change what the
// invariants touch (hemmed in, chains without forced capture, first mover, diagonal lines, limits).
constexpr GameSet kGameSets[] = {
    {"standard", 300},
    {"diagonal", 300},
    {"chain", 300},
    {"standard(size=7)", 60},
    {"diagonal(size=7)", 40},
    {"chain(size=7)", 60},
    {"standard(size=9)", 12},
    {"diagonal(size=9)", 6},
    {"chain(size=9)", 12},
    {"standard(walled_in=lose)", 150},
    {"standard(first_mover=first,max_plies=40)", 150},
    {"chain(forced_capture=off)", 150},
    {"chain(forced_capture=off,barrier=off,quiet_plies=off,size=7)", 30},
    {"standard(steps=all,quiet_plies=10)", 150},
    {"diagonal(steps=orth,centre_immune=off,max_plies=100)", 150},
    {"standard(chains=on,captures=all,first_mover=first)", 150},
    {"diagonal(walled_in=pass,quiet_plies=3,max_plies=10)", 120},
};

// Calls check(pos, legal) on every position of every game of kGameSets (or of one game in
// `one_game_in`), terminal positions included (legal is then empty), then plays a uniformly random
// legal move. Stops at the first game with a failure so that a broken invariant reports a handful of
// lines, not thousands.
template <typename Check>
void for_every_position(Check&& check, int one_game_in = 1) {
  std::uint64_t set_seed = 0;
  for (const GameSet& set : kGameSets) {
    ++set_seed;
    auto parsed = parse_rules(set.rules);
    ASSERT_TRUE(parsed.ok()) << set.rules << ": " << parsed.error;
    const Rules rules = parsed.value.rules;  // outlives every position that points to it
    with_size(rules.size, [&]<int N>() {
      const int stones = Geometry<N>::kStonesPerSide;
      // Placement turns, plus movement plies bounded by the ply limit or, failing that, by a quiet
      // stretch before and after each capture; never two passes in a row. (No set here has neither limit.)
      const int max_movement = rules.max_plies     ? rules.max_plies
                               : rules.quiet_plies ? (2 * stones + 1) * rules.quiet_plies
                                                   : 1000000;
      const int max_turns = stones + 2 * max_movement + 1;
      for (int g = 0; g < set.games; g += one_game_in) {
        Rng rng(Rng::derive(set_seed, g));
        Position<N> pos(rules, g % 2 ? Black : White);
        MoveList<N> legal;
        for (int turn = 0;; ++turn) {
          legal_moves(pos, legal);
          check(pos, legal);
          if (legal.empty()) break;
          if (turn > max_turns) {
            ADD_FAILURE() << "rules " << rules.to_string() << ", game " << g << " is still going after " << turn
                          << " turns: " << to_string(pos);
            return;
          }
          pos.play(legal[rng.below(legal.size())]);
        }
        if (::testing::Test::HasFailure()) {
          ADD_FAILURE() << "in game " << g << " of " << rules.to_string();
          return;
        }
      }
    });
    if (::testing::Test::HasFailure()) return;
  }
}

// Indices of the moves to check in depth: every chain turn, and a spread of about 10 of the others
// (placements number in the hundreds, and steps all print and parse the same way).
template <int N>
std::vector<std::size_t> some_moves(const MoveList<N>& legal) {
  std::vector<std::size_t> out;
  const std::size_t stride = legal.size() <= 10 ? 1 : legal.size() / 10;
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (i % stride == 0 || i + 1 == legal.size() || legal[i].kind == MoveKind::Chain) out.push_back(i);
  return out;
}

template <int N>
std::string where(const Position<N>& pos) {
  return "rules " + pos.rules().to_string() + ", position " + to_string(pos);
}

TEST(Invariants, CopyMakeLeavesTheOriginalUnchanged) {
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    const Position<N> before = pos;
    const std::string text = to_string(pos);
    const std::uint64_t hash = pos.hash();
    for (const auto& m : legal) {
      Position<N> child = pos;
      child.play(m);
      EXPECT_NE(child, pos) << where(pos) << ", move " << to_string(pos, m) << " changed nothing";
    }
    EXPECT_EQ(pos, before) << where(pos);
    EXPECT_EQ(to_string(pos), text);
    EXPECT_EQ(pos.hash(), hash) << where(pos);
  });
}

// Do/undo (measured against copy-make in bench/): playing a move and taking it back gives the
// position back, its hash and counters included, and the move played that way is the copied one.
TEST(Invariants, UndoRestoresThePositionAndDoMatchesCopyMake) {
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    Position<N> played = pos;
    for (const auto& m : legal) {
      Position<N> child = pos;
      child.play(m);
      typename Position<N>::Undo u;
      played.play(m, u);
      ASSERT_EQ(played, child) << where(pos) << ", move " << to_string(pos, m);
      ASSERT_EQ(played.hash(), child.hash()) << where(pos) << ", move " << to_string(pos, m);
      played.undo(m, u);
      ASSERT_EQ(played, pos) << where(pos) << ", move " << to_string(pos, m) << " taken back";
      ASSERT_EQ(played.hash(), pos.hash()) << where(pos) << ", move " << to_string(pos, m) << " taken back";
    }
  });
}

TEST(Invariants, HashStaysEqualToARecomputedOne) {
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    EXPECT_EQ(pos.hash(), pos.compute_hash()) << where(pos);
    for (const auto& m : legal) {
      Position<N> child = pos;
      child.play(m);
      ASSERT_EQ(child.hash(), child.compute_hash()) << where(pos) << ", after " << to_string(pos, m);
    }
  });
}

TEST(Invariants, EqualPositionsHaveEqualHashes) {
  // Transpositions: two moves of the side to move played in either order around the same reply reach
  // the same position by different incremental updates.
  int transpositions = 0;
  for_every_position([&]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    if (legal.size() < 2 || (!pos.placing() && pos.movement_plies() % 4)) return;
    const auto play = [](Position<N> p, const std::string& text) -> std::optional<Position<N>> {
      auto m = parse_move(p, text);
      if (!m.ok()) return std::nullopt;
      p.play(m.value);
      return p;
    };
    const std::string a = to_string(pos, legal[0]), b = to_string(pos, legal[legal.size() - 1]);
    Position<N> after_a = pos;
    after_a.play(legal[0]);
    MoveList<N> replies;
    legal_moves(after_a, replies);
    if (replies.empty() || after_a.side() == pos.side()) return;
    const std::string reply = to_string(after_a, replies[replies.size() / 2]);
    auto x = play(after_a, reply);
    auto y = play(pos, b);
    if (!x || !y || !(y = play(*y, reply))) return;
    auto one = play(*x, b), other = play(*y, a);
    if (!one || !other) return;
    // The counters differ only when one order captured earlier; the hash does not cover them.
    if (one->stones(White) != other->stones(White) || one->stones(Black) != other->stones(Black) ||
        one->side() != other->side() || one->in_hand(White) != other->in_hand(White) ||
        one->in_hand(Black) != other->in_hand(Black))
      return;
    ++transpositions;
    EXPECT_EQ(one->hash(), other->hash())
        << where(pos) << ": " << a << " " << reply << " " << b << " versus " << b << " " << reply << " " << a;
  });
  EXPECT_GE(transpositions, 1000);
}

TEST(Invariants, PositionNotationRoundTrips) {
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>&) {
    const std::string text = to_string(pos);
    auto back = parse_position<N>(pos.rules(), text);
    ASSERT_TRUE(back.ok()) << where(pos) << ": " << back.error;
    EXPECT_EQ(back.value, pos) << where(pos);
    EXPECT_EQ(to_string(back.value), text);
    EXPECT_EQ(back.value.hash(), pos.hash()) << where(pos);
  });
}

TEST(Invariants, MoveNotationRoundTrips) {
  for_every_position(
      []<int N>(const Position<N>& pos, const MoveList<N>& legal) {
        std::vector<std::string> texts;
        for (const auto& m : legal) texts.push_back(to_string(pos, m));
        // The whole list at once (one walk of chains per stone) prints every move the same way.
        EXPECT_EQ(to_strings(pos, legal), texts) << where(pos);
        std::sort(texts.begin(), texts.end());
        EXPECT_EQ(std::adjacent_find(texts.begin(), texts.end()), texts.end())
            << where(pos) << ": two legal moves print alike";
        for (std::size_t i : some_moves(legal)) {
          const std::string text = to_string(pos, legal[i]);
          auto back = parse_move(pos, text);
          ASSERT_TRUE(back.ok()) << where(pos) << ", move " << text << ": " << back.error;
          EXPECT_EQ(back.value, legal[i]) << where(pos) << ", move " << text;
          Position<N> a = pos, b = pos;
          a.play(legal[i]);
          b.play(back.value);
          EXPECT_EQ(a, b) << where(pos) << ", move " << text;
        }
      },
      3);  // the costliest check: a third of the games
}

TEST(Invariants, StoneCountsNeverRiseInMovement) {
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    const int full = Geometry<N>::kStonesPerSide;
    for (Color c : {White, Black}) {
      EXPECT_LE(pos.count(c) + pos.in_hand(c), full) << where(pos);
      if (pos.placing()) {
        EXPECT_EQ(pos.count(c) + pos.in_hand(c), full) << where(pos);
      }
    }
    if (pos.placing()) return;
    for (const auto& m : legal) {
      Position<N> child = pos;
      child.play(m);
      EXPECT_EQ(child.count(pos.side()), pos.count(pos.side())) << where(pos) << ", move " << to_string(pos, m);
      EXPECT_LE(child.count(~pos.side()), pos.count(~pos.side())) << where(pos) << ", move " << to_string(pos, m);
      EXPECT_EQ(child.in_hand(White) + child.in_hand(Black), 0);
    }
  });
}

TEST(Invariants, StepCapturesAgreeWithCapturesAtForEveryStep) {
  // Every step of the side to move, legal under forced capture or not: the stones the search's
  // per-node capture map says it takes are the ones captures_at takes, and play() agrees.
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>&) {
    if (pos.placing()) return;
    const auto map = pos.step_captures();
    const Color us = pos.side();
    for (int d = 0; d < pos.rules().step_directions(); ++d)
      for (Bitboard<N> t = Geometry<N>::shift(pos.stones(us), d) & pos.empty(); t;) {
        const int to = pop_lsb(t), from = to - Geometry<N>::kDelta[d];
        const Bitboard<N> mine = (pos.stones(us) & ~square_bb<Bitboard<N>>(from)) | square_bb<Bitboard<N>>(to);
        const Bitboard<N> captured = pos.captures_at(to, mine, pos.stones(~us));
        const int taken = popcount(captured);
        EXPECT_EQ(map.count(to), taken) << where(pos) << ", step " << square_name(from, N) << "-" << square_name(to, N);
        EXPECT_TRUE(map.taken(to) == captured)
            << where(pos) << ", step " << square_name(from, N) << "-" << square_name(to, N);
        // Playing the step with the map's captures is playing it.
        Position<N> played = pos, given = pos;
        played.play(Move<N>::step(from, to));
        given.play(Move<N>::step(from, to), map.taken(to));
        EXPECT_EQ(given, played) << where(pos);
        EXPECT_EQ(given.hash(), played.hash()) << where(pos);
        EXPECT_EQ(static_cast<bool>((map.any >> to) & 1), taken > 0) << where(pos);
      }
  });
}

TEST(Invariants, OnlyTerminalPositionsHaveNoMoves) {
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    EXPECT_EQ(legal.empty(), pos.outcome().over()) << where(pos) << ", outcome " << to_string(pos.outcome());
    EXPECT_EQ(perft(pos, 1), legal.size()) << where(pos) << ": the bulk count differs from the list";
  });
}

TEST(Invariants, PassOnlyWhenWalledInAndItOnlyChangesTheSide) {
  int passes = 0;
  for_every_position([&]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    const bool walled_in = !pos.placing() && !pos.has_step();
    const bool has_pass =
        std::any_of(legal.begin(), legal.end(), [](const Move<N>& m) { return m.kind == MoveKind::Pass; });
    if (legal.empty()) return;
    EXPECT_EQ(has_pass, walled_in) << where(pos);
    if (!has_pass) return;
    ++passes;
    EXPECT_EQ(legal.size(), 1u) << where(pos) << ": a pass is the only move";
    Position<N> child = pos;
    child.play(legal[0]);
    EXPECT_EQ(child.side(), ~pos.side());
    EXPECT_EQ(child.stones(White), pos.stones(White));
    EXPECT_EQ(child.stones(Black), pos.stones(Black));
    EXPECT_EQ(child.quiet_plies(), pos.quiet_plies()) << where(pos);
    EXPECT_EQ(child.movement_plies(), pos.movement_plies()) << where(pos);
    MoveList<N> replies;
    legal_moves(child, replies);
    EXPECT_TRUE(replies.empty() || replies[0].kind != MoveKind::Pass) << where(pos) << ": two passes in a row";
  });
  EXPECT_GE(passes, 10);  // the games do reach walled-in positions
}

TEST(Invariants, MovementPliesNeverExceedTheLimits) {
  for_every_position([]<int N>(const Position<N>& pos, const MoveList<N>&) {
    const Rules& r = pos.rules();
    if (r.max_plies) {
      EXPECT_LE(pos.movement_plies(), r.max_plies) << where(pos);
    }
    if (r.quiet_plies) {
      EXPECT_LE(pos.quiet_plies(), r.quiet_plies) << where(pos);
    }
    EXPECT_LE(pos.quiet_plies(), pos.movement_plies()) << where(pos);
  });
}

TEST(Invariants, EveryGameEnds) {
  int games = 0, ended = 0;
  for_every_position([&]<int N>(const Position<N>& pos, const MoveList<N>& legal) {
    if (pos.placing() && pos.in_hand(White) + pos.in_hand(Black) == 2 * Geometry<N>::kStonesPerSide) ++games;
    if (legal.empty()) {
      ++ended;
      EXPECT_TRUE(pos.outcome().over()) << where(pos);
    }
  });
  int expected = 0;
  for (const GameSet& set : kGameSets) expected += set.games;
  EXPECT_EQ(games, expected);
  EXPECT_EQ(ended, expected);  // for_every_position also fails a game that outlasts its ply bound
}

}  // namespace
}  // namespace seega
