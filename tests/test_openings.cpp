// Opening suites: parsing a suite's lines, which opening each game plays, games played from a start
// position replaying, and making suites.
#include <gtest/gtest.h>

#include <set>

#include "engine/openings.hpp"
#include "engine/replay.hpp"
#include "engine/selfplay.hpp"
#include "runs/format/game_record_json.hpp"
#include "runs/format/results_file.hpp"
#include "runs/format/schedule.hpp"
#include "runs/play/runner.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

using test::rules;

std::string error_of(const Rules& r, const std::string& text) {
  auto p = parse_openings(r, text);
  EXPECT_FALSE(p.ok()) << text;
  return p.error;
}

TEST(OpeningSuite, MoveLinesAndPositionLinesParseSkippingBlankLinesAndComments) {
  const Rules r = rules("standard");
  const auto o = test::parsed(parse_openings(r,
                                             "# a comment\n"
                                             "\n"
                                             "a1+b2  e3+d4\r\n"
                                             "   \n"
                                             "5/5/5/5/5 w 12/12 0 0\n"
                                             "5/5/5/5/5 w 12/12 0 0 moves b2+a1\n"),
                              "suite");
  ASSERT_EQ(o.size(), 3u);
  EXPECT_EQ(o[0].position, "");
  EXPECT_EQ(o[0].moves, (std::vector<std::string>{"a1+b2", "e3+d4"}));
  EXPECT_EQ(o[1].position, "5/5/5/5/5 w 12/12 0 0");
  EXPECT_TRUE(o[1].moves.empty());
  EXPECT_EQ(o[2].moves, (std::vector<std::string>{"a1+b2"}));  // canonical notation
  EXPECT_EQ(opening_line(o[2]), "5/5/5/5/5 w 12/12 0 0 moves a1+b2");
}

TEST(OpeningSuite, EachBadLineIsAnErrorNamingTheLineAndTheMove) {
  const Rules r = rules("standard");
  EXPECT_EQ(error_of(r, "a1+b2\n\na1+a1 e3+d4\n").rfind("line 3: move 1 'a1+a1': ", 0), 0u) << error_of(r, "a1+a1");
  EXPECT_EQ(error_of(r, "a1+b2 c4+d4 a1+e5\n").rfind("line 1: move 3 'a1+e5': ", 0), 0u);
  EXPECT_NE(error_of(r, "# only\n\n").find("no opening"), std::string::npos);
  EXPECT_NE(error_of(r, "7/7/7/7/7/7/7 w 24/24 0 0\n").find("7 rows; the rules' board is 5x5"), std::string::npos);
  EXPECT_EQ(error_of(r, "5/5/5/5/5 w 13/12 0 0\n").rfind("line 1: the position '5/5/5/5/5 w 13/12 0 0': ", 0), 0u);
  EXPECT_NE(error_of(r, "5/5/5/5/5 b 12/12 0 0\n").find("b placing first; the rules' first placer is w"),
            std::string::npos);
  EXPECT_NE(error_of(r, "5/5/5/5/5 w 12/12 0 0 a1+b2\n").find("expected 'moves'"), std::string::npos);
  EXPECT_NE(error_of(r, "5/5/5/5/5 w 12/12 0 0 moves\n").find("no move after it"), std::string::npos);
  // Over already: b has no stone in the movement phase.
  EXPECT_NE(error_of(r, "ww3/5/5/5/5 b 0/0 0 0\n").find("the game is over in the position"), std::string::npos);
  // d5-c5 takes b's last stone: the opening may not end the game, nor go on after its end.
  EXPECT_NE(error_of(r, "wb1w1/5/5/5/5 w 0/0 0 0 moves d5-c5\n").find("the opening ends the game"), std::string::npos);
  EXPECT_NE(error_of(r, "wb1w1/5/5/5/5 w 0/0 0 0 moves d5-c5 a5-a4\n").find("move 2 'a5-a4': the game is over"),
            std::string::npos);
}

TEST(OpeningSuite, TheHashFollowsTheOpeningsNotTheirSpelling) {
  const Rules r = rules("standard");
  const auto a = test::parsed(parse_openings(r, "a1+b2 e3+d4\n"), "a");
  const auto b = test::parsed(parse_openings(r, "# x\n  b2+a1   d4+e3\n"), "b");
  const auto c = test::parsed(parse_openings(r, "a1+b2 e3+e4\n"), "c");
  EXPECT_EQ(openings_hash(a), openings_hash(b));
  EXPECT_NE(openings_hash(a), openings_hash(c));
}

TEST(OpeningSuite, SequentialOrderPlaysOpeningKModNAtPairK) {
  for (long long q = 0; q < 20; ++q) EXPECT_EQ(suite_opening(q, 7, OpeningOrder::Sequential, 42), q % 7);
}

TEST(OpeningSuite, RandomOrderPlaysEachOpeningOnceARoundInAnOrderTheSeedDraws) {
  for (long long n : {1LL, 2LL, 3LL, 5LL, 16LL, 17LL, 100LL}) {
    std::vector<long long> first_round;
    for (long long round = 0; round < 4; ++round) {
      std::set<long long> seen;
      std::vector<long long> order;
      for (long long k = 0; k < n; ++k) {
        const long long o = suite_opening(round * n + k, n, OpeningOrder::Random, 7);
        ASSERT_GE(o, 0);
        ASSERT_LT(o, n);
        seen.insert(o);
        order.push_back(o);
      }
      EXPECT_EQ(static_cast<long long>(seen.size()), n) << "n " << n << " round " << round;
      if (round == 0) {
        first_round = order;
      } else if (n >= 16) {
        EXPECT_NE(order, first_round) << "every round draws a fresh permutation";
      }
    }
  }
  std::vector<long long> a, b, identity;
  for (long long k = 0; k < 50; ++k) {
    a.push_back(suite_opening(k, 50, OpeningOrder::Random, 1));
    b.push_back(suite_opening(k, 50, OpeningOrder::Random, 2));
    identity.push_back(k);
    EXPECT_EQ(a.back(), suite_opening(k, 50, OpeningOrder::Random, 1)) << "a pure function";
  }
  EXPECT_NE(a, b);
  EXPECT_NE(a, identity);
}

Tournament suite_tournament(const Rules& r, const std::string& text, OpeningOrder order) {
  Tournament t;
  t.rules = r;
  t.players.resize(2);
  t.players[1].text = "greedy";
  t.players[0].text = "random";
  t.players[1].kind = PlayerSpec::Kind::Greedy;
  t.schedule = Schedule(ScheduleKind::RoundRobin, 2, 12);
  t.seed = 3;
  t.openings = OpeningSuite::of(test::parsed(parse_openings(r, text), text), order);
  return t;
}

TEST(OpeningSuite, BothGamesOfAPairStartWithTheSameOpeningWithTheRolesSwapped) {
  const Rules r = rules("standard");
  const Tournament t = suite_tournament(r, "a1+b2 e3+d4\nb1+b2\ne5+e4 a5+a4 b5+b4\n", OpeningOrder::Random);
  for (long long i = 0; i < 12; i += 2) {
    const auto even = play_scheduled_game(t, i), odd = play_scheduled_game(t, i + 1);
    ASSERT_TRUE(even && odd);
    const Opening* o = t.opening_of(i);
    ASSERT_EQ(o, t.opening_of(i + 1));
    for (const auto* g : {&*even, &*odd}) {
      ASSERT_GE(g->moves.size(), o->moves.size());
      EXPECT_TRUE(std::equal(o->moves.begin(), o->moves.end(), g->moves.begin())) << "game " << g->index;
      EXPECT_NE(g->opening_key, 0u);
      EXPECT_EQ(record_inconsistency(r, *g), "");
    }
    EXPECT_EQ(even->opening_key, odd->opening_key);
    EXPECT_EQ(even->player[White], odd->player[Black]);
  }
}

TEST(OpeningSuite, AGameFromAStartPositionReplaysAndItsLineReadsBack) {
  const Rules r = rules("standard");
  // A movement position, a placement position with moves after it, and a game that starts in movement
  // with counters already running.
  const Tournament t = suite_tournament(r,
                                        "wbwbw/bwbwb/wb1wb/bwbwb/wbwbw w 0/0 0 0\n"
                                        "1ww2/5/5/5/5 b 10/12 0 0 moves a1+b1\n"
                                        "wbwbw/bwbwb/wb1wb/bwbwb/wbwbw w 0/0 5 12\n",
                                        OpeningOrder::Sequential);
  for (long long i = 0; i < 6; ++i) {
    const auto g = play_scheduled_game(t, i);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->start, t.opening_of(i)->position);
    EXPECT_EQ(record_inconsistency(r, *g), "") << "game " << i;
    auto replayed = replay<5>(r, *g);
    ASSERT_TRUE(replayed.ok()) << replayed.error;
    EXPECT_EQ(to_string(replayed.value.positions.front()), g->start);
    // Through its results-file line, with every check a resume makes.
    auto back = read_record_line(t, record_line(t, *g));
    ASSERT_TRUE(back.ok()) << back.error;
    EXPECT_EQ(back.value.start, g->start);
  }
  // A game that starts past placement has its start as its placement key, and the counters go on.
  const auto g = play_scheduled_game(t, 4);
  EXPECT_NE(g->placement_key, 0u);
  EXPECT_GE(g->movement_plies, 12);
  GameRecord edited = *g;
  edited.start = "";  // then the plies are not a whole placement and its moves
  EXPECT_NE(record_inconsistency(r, edited), "");
}

TEST(OpeningSuite, RandomOpeningsAreDistinctAndTheSeedMakesThemAgain) {
  const Rules r = rules("standard");
  const auto a = test::parsed(random_openings(r, 30, 9, 2), "a");
  ASSERT_EQ(a.size(), 30u);
  std::set<std::vector<std::string>> seen;
  for (const auto& o : a) {
    EXPECT_EQ(o.moves.size(), 2u);
    seen.insert(o.moves);
  }
  EXPECT_EQ(seen.size(), 30u);
  EXPECT_EQ(a, test::parsed(random_openings(r, 30, 9, 2), "again"));
  EXPECT_NE(a, test::parsed(random_openings(r, 30, 10, 2), "other seed"));
  // Only 276 one-turn openings on 5x5.
  EXPECT_FALSE(random_openings(r, 300, 9, 1).ok());
  // A suite's own lines read back as the same openings.
  std::string text;
  for (const auto& o : a) text += opening_line(o) + "\n";
  EXPECT_EQ(test::parsed(parse_openings(r, text), "text"), a);
}

TEST(OpeningSuite, BalancedOpeningsAreWholePlacementsScoredNearLevel) {
  const Rules r = rules("standard");
  const auto a = test::parsed(balanced_openings(r, 3, 4, 1, 50, 1000), "balanced");
  ASSERT_EQ(a.size(), 3u);
  for (const auto& o : a) EXPECT_EQ(static_cast<int>(o.moves.size()), r.stones_per_side());
  EXPECT_EQ(a, test::parsed(balanced_openings(r, 3, 4, 1, 50, 1000), "again"));
  EXPECT_FALSE(balanced_openings(r, 5, 4, 1, 50, 3).ok());  // too few tries
}

}  // namespace
}  // namespace seega
