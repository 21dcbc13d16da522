// The search: forced results in hand-made 5x5 positions under each ruleset, and its root score checked
// against a plain minimax written here, on positions sampled from seeded random games.
//
// Positions are in docs/rules.md's notation: rows from rank 5 down to rank 1, a1 bottom-left.
// A ply in a score is one move of the search tree, a pass included: a win "in 5" below may be
// capture, pass, step, step, capture.
#include <algorithm>
#include <atomic>
#include <set>
#include <vector>

#include "engine/player.hpp"
#include "engine/search.hpp"
#include "rules/random.hpp"
#include "test_util.hpp"

namespace seega::test {
namespace {

const Rules kStandard = rules("standard");
const Rules kDiagonal = rules("diagonal");
const Rules kChain = rules("chain");
const Rules* const kAllRules[] = {&kStandard, &kDiagonal, &kChain};

// The search as players use it (table and quiescence on), and the bare tree the minimax below walks.
constexpr SearchLimits kFull{.depth = 0};
constexpr SearchLimits kBare{.depth = 0, .quiescence = false, .use_table = false};

SearchResult<5> search(const Position<5>& pos, int depth, SearchLimits limits = kFull) {
  limits.depth = depth;
  Searcher<5> searcher;
  return searcher.search(pos, limits);
}

// Searches with both settings and checks a forced win in `plies` plies by one of `best`.
void expect_win(const Rules& r, const std::string& fen, int depth, int plies, const std::vector<std::string>& best) {
  const Position<5> pos = position(r, fen);
  for (const SearchLimits& limits : {kFull, kBare}) {
    SCOPED_TRACE(r.to_string() + " " + fen + (limits.use_table ? " (table, quiescence)" : " (bare)"));
    const auto res = search(pos, depth, limits);
    ASSERT_TRUE(res.has_move);
    EXPECT_TRUE(is_win_score(res.score)) << res.score;
    EXPECT_EQ(plies_to_result(res.score), plies);
    EXPECT_TRUE(contains(best, to_string(pos, res.best))) << to_string(pos, res.best);
  }
}

// Plain minimax without pruning: the search's rules of scoring, written out. `ply` is the distance
// from the root, so a win in k plies scores kWin - k.
template <int N>
int minimax(const Position<N>& pos, int depth, int ply, const Weights& weights) {
  const Outcome o = pos.outcome();
  if (o.over()) return o.draw() ? 0 : o.winner == pos.side() ? kWin - ply : -(kWin - ply);
  if (depth == 0) return evaluate(pos, weights);
  MoveList<N> list;
  legal_moves(pos, list);
  int best = -kInfinity;
  for (const auto& m : list) {
    Position<N> child = pos;
    child.play(m);
    const int s = minimax(child, depth - 1, ply + 1, weights);
    best = std::max(best, child.side() == pos.side() ? s : -s);  // no negation when the turn stays
  }
  return best;
}

// The depth a depth-limited search really reaches: with at most two placement turns left it looks two
// plies further, into the first steps (lib/engine/search.cpp).
int reached_depth(const Position<5>& pos, int depth) {
  return pos.placing() && pos.in_hand(White) + pos.in_hand(Black) <= 4 ? depth + 2 : depth;
}

// Expects the result of a search of pos to depth without the table to score what plain minimax scores
// at the depth the search really reaches, and its move to be one that reaches that score.
void expect_minimax_result(const Position<5>& pos, int depth, const SearchResult<5>& res, const Weights& weights) {
  const int d = reached_depth(pos, depth);
  ASSERT_EQ(res.score, minimax(pos, d, 0, weights));
  Position<5> child = pos;
  child.play(res.best);
  const int s = minimax(child, d - 1, 1, weights);
  EXPECT_EQ(child.side() == pos.side() ? s : -s, res.score) << to_string(pos, res.best);
}

// Positions from seeded random games, in game order: the last three placement turns, one random
// movement position, and the last four positions before the end (where forced results live).
std::vector<Position<5>> sample_game(const Rules& r, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Position<5>> line;
  Position<5> pos(r, rng.below(2) ? Black : White);
  MoveList<5> list;
  while (true) {
    legal_moves(pos, list);
    if (list.empty()) break;
    line.push_back(pos);
    pos.play(list[rng.below(list.size())]);
  }
  std::vector<Position<5>> out;
  std::vector<std::size_t> movement;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const int hands = line[i].in_hand(White) + line[i].in_hand(Black);
    if (line[i].placing() && hands <= 6) out.push_back(line[i]);
    if (!line[i].placing()) movement.push_back(i);
  }
  if (!movement.empty()) {
    const std::size_t pick = movement[rng.below(movement.size())];
    if (pick + 4 < line.size()) out.push_back(line[pick]);
  }
  for (std::size_t back = 4; back >= 1; --back)
    if (line.size() >= back && !line[line.size() - back].placing()) out.push_back(line[line.size() - back]);
  return out;
}

constexpr int kGamesPerRuleset = 40;

// --- Forced results in hand-made positions -----------------------------------------------------------

TEST(Search, WithoutWeightsEachSearchTakesTheBuiltInWeightsOfItsPositionsRules) {
  // One searcher without weights, over positions of two rulesets: each search is the one with that
  // ruleset's built-in weights given, and 5x5 standard's are not the general ones.
  ASSERT_NE(builtin_weights(kStandard), builtin_weights(kDiagonal));
  Searcher<5> builtin;
  for (const Rules* r : {&kStandard, &kDiagonal, &kStandard}) {
    Rng rng(Rng::derive(11, 0));
    Position<5> pos(*r);
    MoveList<5> list;
    for (int ply = 0; ply < 30; ++ply) {  // into the movement phase
      legal_moves(pos, list);
      pos.play(list[rng.below(list.size())]);
    }
    ASSERT_FALSE(pos.outcome().over());
    Searcher<5> given(builtin_weights(*r));
    builtin.clear();
    const auto a = builtin.search(pos, {.depth = 3}), b = given.search(pos, {.depth = 3});
    EXPECT_EQ(a.score, b.score) << r->to_string();
    EXPECT_EQ(a.nodes, b.nodes) << r->to_string();
    EXPECT_EQ(builtin.weights(), builtin_weights(*r));
  }
  // A player with no weights file is such a searcher.
  EXPECT_FALSE(parse_player("ab(depth=2)").value.weights.has_value());
}

TEST(Search, CapturesTheLastEnemyStoneInOne) {
  // b's only stone on b1, w on a1: d1-c1 takes it.
  for (const Rules* r : kAllRules) expect_win(*r, "5/5/5/5/wb1w1 w 0/0 0 0", 4, 1, {"d1-c1"});
}

TEST(Search, WinsInThreePliesWithTwoCaptures) {
  // d1-c1 takes b1; b's last stone a5 can only step to a4 (diagonal: also b4), and b5-a5 (or b5-c5)
  // takes it against a3. Letting a5 out first (b5-c5) wins nothing.
  for (const Rules* r : kAllRules) expect_win(*r, "bw3/5/w4/5/wb1w1 w 0/0 0 0", 6, 3, {"d1-c1"});
}

TEST(Search, WinsThroughTheOpponentsForcedPass) {
  // c2-c1 takes d1 against e1, leaving b5 walled in by a5, c5 and b4: b passes. Then b4 steps aside,
  // b5-b4 is forced, and w takes it (after b4-c4, a3-a4): capture, pass, step, step, capture.
  const std::string fen = "wbw2/1w3/w4/2w2/3bw w 0/0 0 0";
  for (const Rules* r : {&kStandard, &kChain}) {
    EXPECT_EQ(moves(*r, after(*r, fen, "c2-c1")), std::vector<std::string>{"pass"});
    expect_win(*r, fen, 6, 5, {"c2-c1"});
    const auto res = search(position(*r, fen), 6);
    ASSERT_GE(res.pv.size(), 2u);
    EXPECT_EQ(res.pv[1], Move<5>::pass());
  }
}

TEST(Search, TheWalledInSideReportsItsLossAfterPassing) {
  // The same game from b's side after c2-c1: its only move is the pass and it is lost in 4 plies.
  for (const Rules* r : {&kStandard, &kChain}) {
    const Position<5> pos = position(*r, after(*r, "wbw2/1w3/w4/2w2/3bw w 0/0 0 0", "c2-c1"));
    for (const SearchLimits& limits : {kFull, kBare}) {
      const auto res = search(pos, 6, limits);
      EXPECT_EQ(to_string(pos, res.best), "pass");
      EXPECT_TRUE(is_loss_score(res.score)) << res.score;
      EXPECT_EQ(plies_to_result(res.score), 4);
    }
  }
}

TEST(Search, AnyQuietMoveWinsOnCountAtTheQuietLimit) {
  // One stone ahead with one quiet ply to go, and no capture anywhere: every move wins.
  expect_win(kStandard, "w1b1b/5/5/5/w3w w 0/0 29 40", 4, 1, moves(kStandard, "w1b1b/5/5/5/w3w w 0/0 29 40"));
  expect_win(kChain, "w1b1b/5/5/5/w3w w 0/0 29 40", 4, 1, moves(kChain, "w1b1b/5/5/5/w3w w 0/0 29 40"));
  expect_win(kDiagonal, "w1b1b/5/5/5/w3w w 0/0 149 149", 4, 1, moves(kDiagonal, "w1b1b/5/5/5/w3w w 0/0 149 149"));
}

TEST(Search, AnyMoveWinsOnCountAtThePlyLimit) {
  expect_win(kStandard, "w1b1b/5/5/5/w3w w 0/0 0 159", 4, 1, moves(kStandard, "w1b1b/5/5/5/w3w w 0/0 0 159"));
}

TEST(Search, AQuietMoveAtTheLimitBeatsACaptureThatRestartsTheCount) {
  // d1-c1 would take b1 but set the quiet count back to 0; any other move ends the game a stone up.
  const std::string fen = "w3b/5/5/5/wb1w1 w 0/0 29 40";
  auto quiet = moves(kStandard, fen);
  std::erase(quiet, "d1-c1");
  expect_win(kStandard, fen, 4, 1, quiet);
}

TEST(Search, TheOnlyCaptureAvoidsLosingOnCountAtTheQuietLimit) {
  // A stone behind with one quiet ply to go: every quiet move loses; d1-c1 evens the count.
  const Position<5> pos = position(kStandard, "4b/4b/5/5/wb1w1 w 0/0 29 40");
  for (const SearchLimits& limits : {kFull, kBare}) {
    const auto res = search(pos, 4, limits);
    EXPECT_EQ(to_string(pos, res.best), "d1-c1");
    EXPECT_FALSE(is_loss_score(res.score)) << res.score;
    EXPECT_FALSE(is_win_score(res.score)) << res.score;
  }
}

TEST(Search, FindsTheOnlyMoveThatSavesTheLastStone) {
  // w's last stone on c2: b2 is taken by a1-b1 (b3 beyond), d2 by e1-d1 (d3 beyond); under diagonal
  // b1 and d1 lose too, a little later. Only the centre, where no stone is captured, is safe.
  const std::string fen = "5/5/1b1b1/2w2/b1b1b w 0/0 0 0";
  for (const Rules* r : kAllRules) {
    SCOPED_TRACE(r->to_string());
    const Position<5> pos = position(*r, fen);
    for (const SearchLimits& limits : {kFull, kBare}) {
      const auto res = search(pos, 4, limits);
      EXPECT_EQ(to_string(pos, res.best), "c2-c3");
      EXPECT_FALSE(is_loss_score(res.score)) << res.score;
    }
    for (const auto& m : moves(*r, fen)) {
      if (m == "c2-c3") continue;
      const auto reply = search(position(*r, after(*r, fen, m)), 3);
      EXPECT_TRUE(is_win_score(reply.score)) << m << " should lose, scored " << reply.score;
      if (m == "c2-b2" || m == "c2-d2") {
        EXPECT_EQ(plies_to_result(reply.score), 1) << m;
      }
    }
  }
}

TEST(Search, HemsInTheLastMobileStonesUnderDiagonal) {
  // b's stones sit in the corners a5 and e1, which no capture reaches; c4-b4 takes a5's last free
  // square, and a side with no step loses under diagonal. Many other moves win in 3, so this also
  // checks that the shortest win is the one reported.
  const std::string fen = "bw3/w1w2/5/3ww/3wb w 0/0 0 0";
  expect_win(kDiagonal, fen, 5, 1, {"c4-b4"});
  EXPECT_EQ(outcome(kDiagonal, after(kDiagonal, fen, "c4-b4")), "w hemmed_in");
  // Under standard the walled-in side only passes.
  EXPECT_FALSE(is_win_score(search(position(kStandard, fen), 3).score));
}

TEST(Search, ChainsTwoCapturesIntoAWinUnderChain) {
  // d1-c1 takes b1 against a1, then c1-c2 takes d2 against e2: both of b's stones in one turn. The
  // other capture, e3-d3, takes d2 only.
  const std::string fen = "5/5/4w/3bw/wb1w1 w 0/0 0 0";
  EXPECT_EQ(moves(kChain, fen), (std::vector<std::string>{"d1-c1-c2", "e3-d3"}));
  expect_win(kChain, fen, 4, 1, {"d1-c1-c2"});
  // Without chains the same move stops after b1.
  const auto standard = search(position(kStandard, fen), 3);
  EXPECT_FALSE(is_win_score(standard.score) && plies_to_result(standard.score) == 1);
}

// --- Against a plain minimax ------------------------------------------------------------------------

TEST(Search, WithoutTheTableTheRootScoreEqualsPlainMinimax) {
  const Weights weights = Weights::defaults();
  int checked = 0;
  for (const Rules* r : kAllRules) {
    Searcher<5> searcher(weights);
    for (int g = 0; g < kGamesPerRuleset; ++g) {
      for (const auto& pos : sample_game(*r, Rng::derive(101, g))) {
        const int depth = 1 + checked % 3;
        SCOPED_TRACE(r->to_string() + " " + to_string(pos) + " depth " + std::to_string(depth));
        const auto res = searcher.search(pos, SearchLimits{.depth = depth, .quiescence = false, .use_table = false});
        ASSERT_NO_FATAL_FAILURE(expect_minimax_result(pos, depth, res, weights));
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 300);
  RecordProperty("positions", checked);
}

TEST(Search, WithTheTableEveryForcedResultOfMinimaxIsStillFound) {
  const Weights weights = Weights::defaults();
  int forced = 0, checked = 0;
  for (const Rules* r : kAllRules) {
    for (int g = 0; g < kGamesPerRuleset; ++g) {
      // One searcher a game and no clear() between its positions, as a player uses it.
      Searcher<5> table(weights), table_quiescence(weights);
      for (const auto& pos : sample_game(*r, Rng::derive(101, g))) {
        const int depth = 1 + checked++ % 3;
        const int expected = minimax(pos, reached_depth(pos, depth), 0, weights);
        if (!is_win_score(expected) && !is_loss_score(expected)) continue;
        ++forced;
        SCOPED_TRACE(r->to_string() + " " + to_string(pos) + " depth " + std::to_string(depth) + " minimax " +
                     std::to_string(expected));
        const int a = table.search(pos, SearchLimits{.depth = depth, .quiescence = false}).score;
        const int b = table_quiescence.search(pos, SearchLimits{.depth = depth}).score;
        for (int s : {a, b}) EXPECT_TRUE(is_win_score(expected) ? is_win_score(s) : is_loss_score(s)) << s;
      }
    }
  }
  EXPECT_GE(forced, 40) << "too few forced positions in the sample to mean anything";
  RecordProperty("positions", checked);
  RecordProperty("forced", forced);
}

TEST(Search, WithTheTableForcedResultsNearTheQuietLimitAreStillFound) {
  // Three quiet plies from the limit, results on count fall inside a 5-ply tree, deep enough for the
  // table to answer transpositions inside it (a stone stepping away and back). Diagonal's eight
  // directions make 5-ply minimax too slow for a test.
  const Weights weights = Weights::defaults();
  int forced = 0, checked = 0;
  for (const Rules* r : {&kStandard, &kChain}) {
    for (int g = 0; g < kGamesPerRuleset / 2; ++g) {
      Searcher<5> table(weights);
      const auto sample = sample_game(*r, Rng::derive(202, g));
      for (std::size_t i = sample.size() >= 3 ? sample.size() - 3 : 0; i < sample.size(); ++i) {
        const Position<5>& p = sample[i];
        const int quiet = r->quiet_plies - 3;
        const auto pos = Position<5>::from_parts(*r, p.stones(White), p.stones(Black), p.side(), 0, 0, quiet,
                                                 std::max(quiet, p.movement_plies()));
        ++checked;
        const int expected = minimax(pos, 5, 0, weights);
        if (!is_win_score(expected) && !is_loss_score(expected)) continue;
        ++forced;
        SCOPED_TRACE(r->to_string() + " " + to_string(pos) + " minimax " + std::to_string(expected));
        const int s = table.search(pos, SearchLimits{.depth = 5, .quiescence = false}).score;
        EXPECT_TRUE(is_win_score(expected) ? is_win_score(s) : is_loss_score(s)) << s;
      }
    }
  }
  EXPECT_GE(forced, 20) << "too few forced positions in the sample to mean anything";
  RecordProperty("positions", checked);
  RecordProperty("forced", forced);
}

// --- What ended a search ---------------------------------------------------------------------------

const char* const kMidgame = "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31";

TEST(Search, ASearchThatReachesItsDepthSaysSo) {
  const auto r = search(position(kStandard, kMidgame), 3);
  EXPECT_EQ(r.ended, SearchEnd::Depth);
  EXPECT_EQ(r.depth, 3);
}

TEST(Search, ASearchCutByItsNodeLimitSaysSo) {
  Searcher<5> searcher;
  const auto r = searcher.search(position(kStandard, kMidgame), SearchLimits{.depth = 20, .nodes = 5000});
  EXPECT_EQ(r.ended, SearchEnd::Nodes);
  EXPECT_LT(r.depth, 20);
}

TEST(Search, ASearchCutByTheClockSaysSo) {
  Searcher<5> searcher;
  const auto r = searcher.search(position(kStandard, kMidgame), SearchLimits{.depth = 60, .time_ms = 30});
  EXPECT_EQ(r.ended, SearchEnd::Clock);
  EXPECT_LT(r.depth, 60);
}

TEST(Search, AnExternalStopSaysSo) {
  Searcher<5> searcher;
  const std::atomic<bool> stop{true};
  searcher.set_stop_flag(&stop);
  const auto r = searcher.search(position(kStandard, kMidgame), SearchLimits{.depth = 30});
  EXPECT_EQ(r.ended, SearchEnd::Stopped);
  EXPECT_TRUE(r.has_move);
}

TEST(Search, APlacementSearchStoppedByThePlacementRuleSaysSo) {
  // The first placement turn: 276 pairs, too wide for depth 6 within the placement budget.
  const auto r = search(Position<5>(kStandard), 6);
  EXPECT_EQ(r.ended, SearchEnd::Placement);
  EXPECT_LT(r.depth, 6);
}

TEST(Search, ThePlacementCapIsALimitOfItsOwn) {
  // The first placement turn at depth 4 (the deepest the default cap reaches there, docs/engines.md).
  const Position<5> empty(kStandard);
  Searcher<5> searcher;
  const auto by_default = searcher.search(empty, SearchLimits{.depth = 4});
  searcher.clear();
  const auto same = searcher.search(empty, SearchLimits{.depth = 4, .placement_cap = kPlacementNodes});
  EXPECT_EQ(same.nodes, by_default.nodes);
  EXPECT_EQ(same.best, by_default.best);
  // A small cap stops sooner: no more than its nodes, a shallower depth, and it says so.
  searcher.clear();
  const auto small = searcher.search(empty, SearchLimits{.depth = 4, .placement_cap = 20'000});
  EXPECT_EQ(small.ended, SearchEnd::Placement);
  EXPECT_LE(small.nodes, 20'000u);
  EXPECT_LT(small.depth, by_default.depth);
  // No cap: depth 3 is reached in full, past where an eighth of a 20,000 cap would stop deepening.
  searcher.clear();
  const auto none = searcher.search(empty, SearchLimits{.depth = 3, .placement_cap = 0});
  EXPECT_EQ(none.ended, SearchEnd::Depth);
  EXPECT_EQ(none.depth, 3);
  EXPECT_GT(none.nodes, 20'000u / 8);
}

TEST(Search, ClearForgetsTheTableEveryTimeAcrossItsGenerations) {
  // clear() starts a generation rather than writing the table; an entry of an earlier one must count
  // for nothing. A searcher that searched the position before each clear searches it again exactly as
  // a new searcher does, over more clears than there are generations, so past a wrap of their numbers.
  const auto pos = position<5>(kStandard, "1w1bb/w1b2/2w1b/bw1w1/1bw1b b 0/0 3 17");
  const SearchLimits limits{.depth = 6};
  Searcher<5> fresh;
  const auto first = fresh.search(pos, limits);
  const auto again = fresh.search(pos, limits);
  ASSERT_LT(again.nodes, first.nodes);  // the table remembers between searches until a clear
  Searcher<5> reused;
  for (int game = 0; game < 40; ++game) {  // 80 clears
    reused.search(pos, limits);
    reused.clear();
    const auto r = reused.search(pos, limits);
    ASSERT_EQ(r.nodes, first.nodes) << "after clear number " << game + 1;
    ASSERT_EQ(r.best, first.best);
    reused.clear();
  }
}

TEST(Search, TheTableIsAllocatedAtTheFirstSearchAtItsSizeInMiB) {
  // Making a searcher allocates no table, whatever its size: a spec of hash=4096 is cheap to make (a
  // player is made to check it, and for every game a run plays at once). The first search allocates
  // table_mib MiB, and a clear keeps it.
  const Searcher<5> large(std::nullopt, 4096);
  EXPECT_EQ(large.table_bytes(), 0u);
  Searcher<5> two(std::nullopt, 2);
  EXPECT_EQ(two.table_bytes(), 0u);
  const auto pos = position<5>(kStandard, "1w1bb/w1b2/2w1b/bw1w1/1bw1b b 0/0 3 17");
  two.search(pos, SearchLimits{.depth = 2});
  EXPECT_EQ(two.table_bytes(), std::size_t{2} << 20);
  two.clear();
  EXPECT_EQ(two.table_bytes(), std::size_t{2} << 20);
  Searcher<5> none(std::nullopt, 0);  // less than 1 MiB is 1 MiB
  none.search(pos, SearchLimits{.depth = 2});
  EXPECT_EQ(none.table_bytes(), std::size_t{1} << 20);
}

// --- Limits from the first node, and a bounded capture search (issue 12, defect 2) -----------------

// A crowded 9x9 board under `diagonal`, one empty square: capture sequences in eight directions branch
// without end, and before the capture search was bounded even a depth-1 search ran for minutes.
const Rules kDiagonal9 = rules("diagonal(size=9)");  // positions keep a pointer to their rules
const char* const kCrowded9 =
    "bwwwwbbww/wwbbbbwww/bwwbwbwbw/wbbbbwwbw/bbwb1bwbb/bbbbwwwwb/bbbwbbwwb/wbwwbwbww/wwbbwwbbw b 0/0 0 0";

template <int N>
bool is_legal(const Position<N>& pos, const Move<N>& m) {
  MoveList<N> list;
  legal_moves(pos, list);
  return std::find(list.begin(), list.end(), m) != list.end();
}

TEST(Search, TheCaptureSearchOfEveryHorizonPositionIsBounded) {
  const Position<9> pos = position<9>(kDiagonal9, kCrowded9);
  MoveList<9> root;
  legal_moves(pos, root);
  Searcher<9> searcher;
  // Without the board's ply limit (qplies=0), which would bound it long before the node cap does.
  const auto r = searcher.search(pos, SearchLimits{.depth = 1, .quiescence_plies = 0});
  EXPECT_EQ(r.ended, SearchEnd::Depth);
  EXPECT_EQ(r.depth, 1);
  EXPECT_TRUE(is_legal(pos, r.best));
  // The root, each root move's horizon node, and at most one capture search's budget (plus the node
  // that finds it spent) below each.
  EXPECT_LE(r.nodes, 1 + root.size() * (kQuiescenceNodes + 2));
}

TEST(Search, ThePlyLimitOfTheCaptureSearchCutsItsLongSequences) {
  // Most of the capture search's nodes on a crowded diagonal board are in long capture sequences: with
  // quiescence_plies it stands pat that many plies past the horizon (experiments/quiescence).
  const Position<9> pos = position<9>(kDiagonal9, kCrowded9);
  auto nodes_with = [&](int plies) {
    Searcher<9> searcher;
    const auto r = searcher.search(pos, SearchLimits{.depth = 1, .quiescence_plies = plies});
    EXPECT_EQ(r.depth, 1);
    EXPECT_TRUE(is_legal(pos, r.best));
    return r.nodes;
  };
  const std::uint64_t none = nodes_with(0), eight = nodes_with(8), four = nodes_with(4), one = nodes_with(1);
  EXPECT_LT(eight * 10, none);
  EXPECT_LT(four, eight);
  EXPECT_LT(one, four);
  // A limit beyond the longest sequence the node cap lets it reach is no limit.
  EXPECT_EQ(nodes_with(127), none);
  // Placement is not searched by captures; so is the whole of a 5x5 game's opening.
  Searcher<5> a, b;
  const Position<5> empty(kStandard);
  EXPECT_EQ(a.search(empty, SearchLimits{.depth = 3}).nodes,
            b.search(empty, SearchLimits{.depth = 3, .quiescence_plies = 1}).nodes);
}

TEST(Search, TheCapturePlyLimitIsTheBoardsWhereNoneIsNamed) {
  // 8 on 7x7 and 9x9 diagonal and their variants (keys that are not the board's), none elsewhere
  // (experiments/quiescence/README.md).
  for (const char* text :
       {"diagonal(size=7)", "diagonal(size=7,quiet_plies=40)", "diagonal(size=7,first_mover=first,walled_in=pass)",
        "diagonal(size=9)", "diagonal(size=9,quiet_plies=40,first_mover=first)"})
    EXPECT_EQ(builtin_quiescence_plies(rules(text)), 8) << text;
  for (const char* text : {"standard", "diagonal", "chain", "standard(size=7)", "chain(size=7)", "standard(size=9)",
                           "chain(size=9)", "diagonal(size=7,captures=orth)", "diagonal(size=9,captures=orth)"})
    EXPECT_EQ(builtin_quiescence_plies(rules(text)), 0) << text;
  // A search that names no limit takes its board's: the first movement position of a seeded random 7x7
  // diagonal game (48 stones) is searched as with qplies=8, 9x9 diagonal's crowded one too, and the same
  // stones under 9x9 standard as with none.
  const Rules diagonal7 = rules("diagonal(size=7)");
  Position<7> pos(diagonal7);
  Rng rng(3);
  MoveList<7> list;
  while (pos.placing()) {
    legal_moves(pos, list);
    pos.play(list[rng.below(list.size())]);
  }
  const auto nodes7 = [&](int plies) {
    Searcher<7> searcher;
    return searcher.search(pos, SearchLimits{.depth = 2, .quiescence_plies = plies}).nodes;
  };
  EXPECT_EQ(nodes7(kBoardQuiescencePlies), nodes7(8));
  EXPECT_NE(nodes7(kBoardQuiescencePlies), nodes7(0));
  const auto nodes9 = [](const Position<9>& p9, int plies) {
    Searcher<9> searcher;
    return searcher.search(p9, SearchLimits{.depth = 1, .quiescence_plies = plies}).nodes;
  };
  const Position<9> crowded = position<9>(kDiagonal9, kCrowded9);
  EXPECT_EQ(nodes9(crowded, kBoardQuiescencePlies), nodes9(crowded, 8));
  EXPECT_NE(nodes9(crowded, kBoardQuiescencePlies), nodes9(crowded, 0));
  const Rules standard9 = rules("standard(size=9)");
  const Position<9> orthogonal = position<9>(standard9, kCrowded9);
  EXPECT_EQ(nodes9(orthogonal, kBoardQuiescencePlies), nodes9(orthogonal, 0));
}

// --- Late move reductions (SearchLimits::reductions) ------------------------------------------------

TEST(Search, LateMoveReductionsLeaveSearchesOfThreePliesAndPlacementAsTheyWere) {
  // They apply below the root, 3 or more plies from the horizon, in movement: a search of depth 3 or
  // less, or one that stays in placement, is the same search node for node.
  int checked = 0;
  for (const Rules* r : kAllRules)
    for (int g = 0; g < 8; ++g)
      for (const auto& pos : sample_game(*r, Rng::derive(303, g))) {
        // The last placement turns are searched 2 plies deeper (Searcher::search): not 3 plies.
        if (pos.placing() && pos.in_hand(White) + pos.in_hand(Black) <= 4) continue;
        const int depth = 1 + checked++ % 3;
        SCOPED_TRACE(r->to_string() + " " + to_string(pos) + " depth " + std::to_string(depth));
        const auto plain = search(pos, depth), reduced = search(pos, depth, SearchLimits{.reductions = 1});
        EXPECT_EQ(reduced.nodes, plain.nodes);
        EXPECT_EQ(reduced.score, plain.score);
        EXPECT_EQ(reduced.best, plain.best);
      }
  EXPECT_GE(checked, 100);
  const Position<5> empty(kStandard);
  const auto plain = search(empty, 4), reduced = search(empty, 4, SearchLimits{.reductions = 1});
  EXPECT_EQ(reduced.nodes, plain.nodes);
  EXPECT_EQ(reduced.best, plain.best);
}

TEST(Search, LateMoveReductionsReachTheSameDepthInFewerNodes) {
  // Over movement positions of seeded random games on every 5x5 ruleset, at depth 6: every search
  // reaches its depth with a legal move, and together they take fewer nodes; the more moves are
  // searched in full (lmr=K), the more nodes.
  std::uint64_t plain = 0, one = 0, four = 0;
  int checked = 0;
  for (const Rules* r : kAllRules)
    for (int g = 0; g < 4; ++g)
      for (const auto& pos : sample_game(*r, Rng::derive(404, g))) {
        if (pos.placing() || pos.outcome().over()) continue;
        SCOPED_TRACE(r->to_string() + " " + to_string(pos));
        const auto p = search(pos, 6), a = search(pos, 6, SearchLimits{.reductions = 1}),
                   b = search(pos, 6, SearchLimits{.reductions = 4});
        for (const auto* res : {&a, &b}) {
          EXPECT_TRUE(is_legal(pos, res->best));
          // A forced result seen early ends the search before its depth, with or without reductions.
          if (!is_win_score(res->score) && !is_loss_score(res->score)) {
            EXPECT_EQ(res->depth, 6);
          }
        }
        plain += p.nodes, one += a.nodes, four += b.nodes;
        ++checked;
      }
  EXPECT_GE(checked, 20);
  EXPECT_LT(one, four);
  EXPECT_LT(four, plain);
  RecordProperty("nodes_plain", static_cast<long long>(plain));
  RecordProperty("nodes_lmr1", static_cast<long long>(one));
  RecordProperty("nodes_lmr4", static_cast<long long>(four));
}

TEST(Search, ANodeLimitHoldsInTheFirstIterationAndStillGivesALegalMove) {
  const Position<9> pos = position<9>(kDiagonal9, kCrowded9);
  for (const std::uint64_t nodes : {1, 1000, 250'000}) {
    Searcher<9> searcher;
    // Without the board's ply limit, so that the first iteration takes more than the largest budget.
    const auto r = searcher.search(pos, SearchLimits{.depth = 4, .nodes = nodes, .quiescence_plies = 0});
    SCOPED_TRACE(nodes);
    EXPECT_EQ(r.ended, SearchEnd::Nodes);
    EXPECT_EQ(r.nodes, nodes);
    EXPECT_TRUE(r.has_move);
    EXPECT_TRUE(is_legal(pos, r.best));
  }
}

TEST(Search, AFirstIterationCutShortKeepsTheBestRootMoveSearchedSoFar) {
  // Room for the first root moves' searches but not all of them (the full depth 1 takes about 300,000
  // nodes without the board's ply limit): the answer is the best of the moves whose search completed,
  // reported as a one-move PV.
  const Position<9> pos = position<9>(kDiagonal9, kCrowded9);
  Searcher<9> searcher;
  const auto r = searcher.search(pos, SearchLimits{.depth = 1, .nodes = 250'000, .quiescence_plies = 0});
  ASSERT_EQ(r.depth, 0);
  ASSERT_EQ(r.pv.size(), 1u);
  EXPECT_EQ(r.pv[0], r.best);
  EXPECT_TRUE(is_legal(pos, r.best));
}

TEST(Search, AnExternalStopHoldsInTheFirstIteration) {
  const Position<9> pos = position<9>(kDiagonal9, kCrowded9);
  Searcher<9> searcher;
  const std::atomic<bool> stop{true};
  searcher.set_stop_flag(&stop);
  const auto r = searcher.search(pos, SearchLimits{.depth = 1});
  EXPECT_EQ(r.ended, SearchEnd::Stopped);
  EXPECT_LE(r.nodes, 1024u);  // the flag is looked at every 1,024 nodes
  EXPECT_TRUE(is_legal(pos, r.best));
}

// --- Perturbed configurations ------------------------------------------------------------------------

TEST(Search, TheJitterIsWithinItsAmplitudeAndAPureFunctionOfSeedAndKey) {
  Rng rng(17);
  for (int amplitude : {0, 1, 3, 100}) {
    std::set<int> seen;
    for (int k = 0; k < 20000; ++k) {
      const std::uint64_t seed = 1 + rng.below(1000), key = rng.next();
      const int j = eval_jitter(seed, key, amplitude);
      EXPECT_GE(j, -amplitude);
      EXPECT_LE(j, amplitude);
      EXPECT_EQ(eval_jitter(seed, key, amplitude), j);
      seen.insert(j);
    }
    // Every offset of the range comes up, so the ends are reached and nothing beyond them.
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(2 * amplitude + 1)) << amplitude;
  }
  // Another seed or another position gives other offsets.
  int seed_differs = 0, key_differs = 0;
  for (std::uint64_t key = 1; key <= 1000; ++key) {
    seed_differs += eval_jitter(1, key * 0x9E3779B97F4A7C15ULL, 50) != eval_jitter(2, key * 0x9E3779B97F4A7C15ULL, 50);
    key_differs += eval_jitter(7, key, 50) != eval_jitter(7, key + 1, 50);
  }
  EXPECT_GT(seed_differs, 900);
  EXPECT_GT(key_differs, 900);
}

TEST(Search, TheTieRankIsAPureFunctionThatOrdersRootMovesDifferentlyForEachSeed) {
  const std::uint64_t key = Position<5>(kStandard).hash();
  std::set<std::vector<std::size_t>> orders;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<std::size_t> order(10);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return tie_rank(seed, key, a) > tie_rank(seed, key, b); });
    EXPECT_EQ(tie_rank(seed, key, 3), tie_rank(seed, key, 3));
    orders.insert(order);
  }
  EXPECT_EQ(orders.size(), 20u);
}

TEST(Search, VaryKeepsTheRootScoreAndPlaysAMoveOfThatScore) {
  // Without jitter, vary=S only chooses among root moves of the best score: the score is plain
  // minimax's and the move played reaches it, as without vary; and some ties go another way.
  const Weights weights = Weights::defaults();
  int checked = 0, ties_broken_otherwise = 0;
  for (int g = 0; g < 20; ++g) {
    for (const auto& pos : sample_game(kStandard, Rng::derive(103, g))) {
      const int depth = 1 + checked % 2;
      SCOPED_TRACE(to_string(pos) + " depth " + std::to_string(depth));
      const SearchLimits plain{.depth = depth, .quiescence = false, .use_table = false};
      SearchLimits varied = plain;
      varied.vary = 1 + static_cast<std::uint64_t>(g);
      const auto a = Searcher<5>(weights).search(pos, plain), b = Searcher<5>(weights).search(pos, varied);
      ASSERT_NO_FATAL_FAILURE(expect_minimax_result(pos, depth, b, weights));
      ties_broken_otherwise += !(a.best == b.best);
      ++checked;
    }
  }
  EXPECT_GE(checked, 100);
  EXPECT_GT(ties_broken_otherwise, 0);
  RecordProperty("ties broken otherwise", ties_broken_otherwise);
}

TEST(Search, JitterOffsetsTheEvaluationOfALeafByItsOffset) {
  // At depth 1 without quiescence or table the root's score is the best child's evaluation; with
  // jitter every child's evaluation moves by its own offset, from its side to move's point of view.
  const auto positions = sample_game(kStandard, 3);
  for (const auto& pos : positions) {
    if (pos.placing() && pos.in_hand(White) + pos.in_hand(Black) <= 4) continue;  // searched 2 plies further
    SCOPED_TRACE(to_string(pos));
    SearchLimits limits = kBare;
    limits.depth = 1;
    limits.vary = 9;
    limits.jitter = 40;
    MoveList<5> list;
    legal_moves(pos, list);
    int want = -kInfinity;
    for (const auto& m : list) {
      Position<5> child = pos;
      child.play(m);
      const Outcome o = child.outcome();
      int s = o.over() ? (o.draw()                   ? 0
                          : o.winner == child.side() ? kWin - 1
                                                     : -(kWin - 1))
                       : evaluate(child, builtin_weights(kStandard)) + eval_jitter(9, child.hash(), 40);
      want = std::max(want, child.side() == pos.side() ? s : -s);
    }
    EXPECT_EQ(Searcher<5>().search(pos, limits).score, want);
  }
}

TEST(Search, APositionWithMoreMovesThanTheEnginesIndexIsAnErrorNotAWrongMove) {
  EXPECT_NO_THROW(check_indexable(kMaxIndexedMoves));
  EXPECT_THROW(check_indexable(kMaxIndexedMoves + 1), std::length_error);
}

}  // namespace
}  // namespace seega::test
