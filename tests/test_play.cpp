// One test (at least) per rule sentence of the seeds, in the order of docs/rules.md.
#include "test_util.hpp"

namespace seega::test {
namespace {

const Rules kStandard = rules("standard");
const Rules kDiagonal = rules("diagonal");
const Rules kChain = rules("chain");

// --- Placement (seeds 001, 002, 003 rule 1, 004) ---------------------------------------------------

TEST(Placement, EachTurnPlacesTwoStonesOnEmptySquaresOtherThanTheCentre) {
  Position<5> start(kStandard);
  MoveList<5> list;
  legal_moves(start, list);
  EXPECT_EQ(list.size(), 276u);  // C(24, 2): every pair of the 24 squares besides the centre
  for (const auto& m : list) {
    EXPECT_EQ(m.kind, MoveKind::Place);
    EXPECT_NE(m.from, 12);
    EXPECT_NE(m.to, 12);
    EXPECT_NE(m.from, m.to);
  }
  EXPECT_EQ(after(kStandard, "5/5/5/5/5 w 12/12 0 0", "b2+a1"), "5/5/5/1w3/w4 b 10/12 0 0");
}

TEST(Placement, WhitePlacesFirstUnlessThePositionSaysOtherwise) {
  EXPECT_EQ(Position<5>(kStandard).side(), White);
  EXPECT_EQ(Position<5>(kStandard, Black).side(), Black);
  EXPECT_EQ(after(kStandard, "5/5/5/5/5 b 12/12 0 0", "a1+b1"), "5/5/5/5/bb3 w 12/10 0 0");
}

TEST(Placement, TheCentreCannotBeFilledWhilePlacing) {
  for (const auto& m : moves(kStandard, "5/5/5/5/5 w 12/12 0 0")) EXPECT_EQ(m.find("c3"), std::string::npos) << m;
  EXPECT_FALSE(parse_position<5>(kStandard, "5/5/2w2/5/5 b 10/12 0 0").ok());
}

TEST(Placement, NothingIsCapturedWhilePlacing) {
  // b places a1 and c1 around w's b1: b1 stays (seed 003 rule 4: a stone placed between two is safe).
  const std::string last = "wwbbw/bwwbb/bw1wb/wbbww/1w1wb b 0/2 0 0";
  EXPECT_EQ(after(kStandard, last, "a1+c1"), "wwbbw/bwwbb/bw1wb/wbbww/bwbwb b 0/0 0 0");
}

TEST(Placement, TheSideThatPlacedLastMakesTheFirstMove) {
  const std::string last = "wwbbw/bwwbb/bw1wb/wbbww/1w1wb b 0/2 0 0";
  EXPECT_EQ(after(kStandard, last, "a1+c1"), "wwbbw/bwwbb/bw1wb/wbbww/bwbwb b 0/0 0 0");
  EXPECT_EQ(after(kDiagonal, last, "a1+c1"), "wwbbw/bwwbb/bw1wb/wbbww/bwbwb b 0/0 0 0");
  EXPECT_EQ(after(kChain, last, "a1+c1"), "wwbbw/bwwbb/bw1wb/wbbww/bwbwb b 0/0 0 0");
  // The override: the first placer moves first.
  EXPECT_EQ(after(rules("standard(first_mover=first)"), last, "a1+c1"), "wwbbw/bwwbb/bw1wb/wbbww/bwbwb w 0/0 0 0");
}

TEST(Placement, TheFirstMoveStepsIntoTheCentre) {
  // seed 001: with 24 stones down the only empty square is the centre.
  auto m = moves(kStandard, "wwbbw/bwwbb/bw1wb/wbbww/bwbwb b 0/0 0 0");
  EXPECT_EQ(m, std::vector<std::string>{"c2-c3"});
  auto w = moves(kStandard, "wwbbw/bwwbb/bw1wb/wbbww/bwbwb w 0/0 0 0");
  EXPECT_EQ(w, (std::vector<std::string>{"b3-c3", "c4-c3", "d3-c3"}));
}

TEST(Placement, BoardSizesHoldTheirFullSetsOfStones) {
  EXPECT_EQ(rules("standard").stones_per_side(), 12);
  EXPECT_EQ(rules("standard(size=7)").stones_per_side(), 24);
  EXPECT_EQ(rules("standard(size=9)").stones_per_side(), 40);
  const Rules r7 = rules("standard(size=7)"), r9 = rules("standard(size=9)");
  EXPECT_EQ(to_string(Position<7>(r7)), "7/7/7/7/7/7/7 w 24/24 0 0");
  EXPECT_EQ(to_string(Position<9>(r9)), "9/9/9/9/9/9/9/9/9 w 40/40 0 0");
  EXPECT_EQ(square_name(r7.centre(), 7), "d4");
  EXPECT_EQ(square_name(r9.centre(), 9), "e5");
  EXPECT_EQ(perft(Position<7>(r7), 1), 1128u);  // C(48, 2)
  EXPECT_EQ(perft(Position<9>(r9), 1), 3160u);  // C(80, 2)
}

// --- Steps ------------------------------------------------------------------------------------------

TEST(Steps, AStoneStepsOneSquareUpDownLeftOrRightNeverDiagonally) {
  EXPECT_EQ(moves(kStandard, "5/5/2w2/5/4b w 0/0 0 0"), (std::vector<std::string>{"c3-b3", "c3-c2", "c3-c4", "c3-d3"}));
  EXPECT_EQ(moves(kStandard, "5/5/2w2/2b2/4b w 0/0 0 0"), (std::vector<std::string>{"c3-b3", "c3-c4", "c3-d3"}));
}

TEST(Steps, DiagonalRulesStepInAllEightDirections) { EXPECT_EQ(moves(kDiagonal, "5/5/2w2/5/4b w 0/0 0 0").size(), 8u); }

// --- Capture ----------------------------------------------------------------------------------------

TEST(Capture, AStoneBetweenTheMoverAndAnotherOfItsStonesIsTaken) {
  EXPECT_EQ(after(kStandard, "4b/5/5/wb3/2w2 w 0/0 12 20", "c1-c2"), "4b/5/5/w1w2/5 b 0/0 0 21");
}

TEST(Capture, OneStepCapturesInThreeDirectionsAtOnce) {
  // c2-c3 takes c4, b3 and d3 together.
  EXPECT_EQ(after(kStandard, "2w2/2b2/wb1bw/2w2/5 w 0/0 0 0", "c2-c3"), "2w2/5/w1w1w/5/5 b 0/0 0 1");
}

TEST(Capture, SteppingBetweenTwoEnemyStonesIsSafe) {
  EXPECT_EQ(after(kStandard, "5/5/1b1b1/2w2/5 w 0/0 0 0", "c2-c3"), "5/5/1bwb1/5/5 b 0/0 1 1");
}

TEST(Capture, OnlyTheMovingStoneCaptures) {
  // b3 already stands between a3 and c3; moving another stone does not take it.
  EXPECT_EQ(after(kStandard, "5/5/wbw2/5/4w w 0/0 0 0", "e1-e2"), "5/5/wbw2/4w/5 b 0/0 1 1");
}

TEST(Capture, ACentreStoneIsNeverCaptured) {
  EXPECT_EQ(after(kStandard, "5/5/1wb2/3w1/4b w 0/0 0 0", "d2-d3"), "5/5/1wbw1/5/4b b 0/0 1 1");
  EXPECT_EQ(after(rules("standard(centre_immune=off)"), "5/5/1wb2/3w1/4b w 0/0 0 0", "d2-d3"),
            "5/5/1w1w1/5/4b b 0/0 0 1");
}

TEST(Capture, ACentreStoneHelpsCapture) {
  EXPECT_EQ(after(kStandard, "1w3/2b2/2w2/5/4b w 0/0 0 0", "b5-c5"), "2w2/5/2w2/5/4b b 0/0 0 1");
}

TEST(Capture, ACornerStoneCannotBeCapturedAndAnEdgeStoneOnlyAlongTheEdge) {
  // w's a1 corner with b on a2 and b1: no line runs through a1 with squares on both sides.
  EXPECT_EQ(after(kStandard, "4w/5/5/bw3/w1b2 b 0/0 0 0", "c1-b1"), "4w/5/5/bw3/wb3 w 0/0 1 1");
  // An edge stone (a3) cannot be taken across the board (nothing stands beyond it on the left)...
  EXPECT_EQ(after(kStandard, "5/b4/w4/1b3/b3w b 0/0 0 0", "b2-b3"), "5/b4/wb3/5/b3w w 0/0 1 1");
  // ...but is taken along the edge.
  EXPECT_EQ(after(kStandard, "b4/5/w4/b4/4w b 0/0 0 0", "a5-a4"), "5/b4/5/b4/4w w 0/0 0 1");
}

TEST(Capture, DiagonalRulesCaptureAlongDiagonals) {
  EXPECT_EQ(after(kDiagonal, "4b/2w2/5/1b3/w4 w 0/0 0 0", "c4-c3"), "4b/5/2w2/5/w4 b 0/0 0 1");
  EXPECT_EQ(after(kStandard, "4b/2w2/5/1b3/w4 w 0/0 0 0", "c4-c3"), "4b/5/2w2/1b3/w4 b 0/0 1 1");
}

// --- Walled in ----------------------------------------------------------------------------------------

TEST(WalledIn, ASideWithNoStepPassesAndThePassIsNotAPly) {
  // w's only stone, a1, is boxed in by b's a2 and b1.
  const std::string only_a1 = "4b/5/5/b4/wb3 w 0/0 5 20";
  // The same with a free w stone on e5: no pass.
  const std::string walled = "4w/5/5/b4/wb3 w 0/0 5 20";
  EXPECT_EQ(moves(kStandard, only_a1), std::vector<std::string>{"pass"});
  EXPECT_EQ(after(kStandard, only_a1, "pass"), "4b/5/5/b4/wb3 b 0/0 5 20");
  EXPECT_EQ(moves(kChain, only_a1), std::vector<std::string>{"pass"});
  EXPECT_FALSE(contains(moves(kStandard, walled), "pass"));
  EXPECT_FALSE(parse_move(position(kStandard, walled), "pass").ok());
}

TEST(WalledIn, UnderDiagonalRulesAHemmedInSideLoses) {
  EXPECT_EQ(outcome(kDiagonal, "4b/5/5/bb3/wb3 w 0/0 0 0"), "b hemmed_in");
  EXPECT_TRUE(moves(kDiagonal, "4b/5/5/bb3/wb3 w 0/0 0 0").empty());
  EXPECT_EQ(outcome(kDiagonal, "4b/5/5/bb3/wb3 b 0/0 0 0"), "none");
  EXPECT_EQ(outcome(rules("standard(walled_in=lose)"), "4b/5/5/b4/wb3 w 0/0 0 0"), "b hemmed_in");
}

// --- End of the game ------------------------------------------------------------------------------

TEST(End, CapturingEveryEnemyStoneWins) {
  const std::string won = after(kStandard, "2w2/2b2/wb1bw/2w2/5 w 0/0 0 0", "c2-c3");
  EXPECT_EQ(outcome(kStandard, won), "w all_captured");
  EXPECT_TRUE(position(kStandard, won).outcome().grand_victory());
  EXPECT_TRUE(moves(kStandard, won).empty());
}

TEST(End, ThirtyQuietPliesEndTheGameOnStoneCount) {
  EXPECT_EQ(outcome(kStandard, "5/5/5/b4/w3w w 0/0 29 40"), "none");
  const std::string w_ahead = after(kStandard, "5/5/5/b4/w3w w 0/0 29 40", "e1-e2");
  EXPECT_EQ(w_ahead, "5/5/5/b3w/w4 b 0/0 30 41");
  EXPECT_EQ(outcome(kStandard, w_ahead), "w quiet_limit");
  EXPECT_EQ(outcome(kStandard, after(kStandard, "5/5/5/b3b/w3w w 0/0 29 40", "e1-d1")), "draw quiet_limit");
  EXPECT_EQ(outcome(rules("standard(quiet_plies=40)"), w_ahead), "none");
}

TEST(End, ACaptureRestartsTheQuietCount) {
  EXPECT_EQ(after(kStandard, "4b/5/5/wb3/2w2 w 0/0 12 20", "c1-c2"), "4b/5/5/w1w2/5 b 0/0 0 21");
}

TEST(End, TheMovementPhaseStopsAt160Plies) {
  EXPECT_EQ(outcome(kStandard, "5/5/5/b4/w3w w 0/0 10 159"), "none");
  EXPECT_EQ(outcome(kStandard, after(kStandard, "5/5/5/b4/w3w w 0/0 10 159", "e1-e2")), "w ply_limit");
  EXPECT_EQ(outcome(kStandard, "5/5/5/5/w3b w 0/0 10 160"), "draw ply_limit");
  EXPECT_EQ(outcome(rules("standard(max_plies=off)"), "5/5/5/b4/w3w w 0/0 10 160"), "none");
}

TEST(End, DiagonalRulesEndAfter150QuietPliesAndHaveNoPlyCap) {
  EXPECT_EQ(outcome(kDiagonal, "4b/5/5/5/w3w w 0/0 149 5000"), "none");
  EXPECT_EQ(outcome(kDiagonal, after(kDiagonal, "4b/5/5/5/w3w w 0/0 149 5000", "e1-e2")), "w quiet_limit");
}

// --- Chains, mandatory capture, barriers (seed 003) ------------------------------------------------

const std::string kChainStart = "4b/1bw2/1bw2/1bw2/w4 w 0/0 4 9";

TEST(Chain, ACapturingStoneKeepsSteppingWhileEachStepCaptures) {
  EXPECT_EQ(moves(kChain, kChainStart), std::vector<std::string>{"a1-a2-a3-a4"});
  // The whole chain is one turn and one ply.
  EXPECT_EQ(after(kChain, kChainStart, "a1-a2-a3-a4"), "4b/w1w2/2w2/2w2/5 b 0/0 0 10");
  // Without chains a capturing step ends the turn.
  EXPECT_EQ(after(kStandard, kChainStart, "a1-a2"), "4b/1bw2/1bw2/w1w2/5 b 0/0 0 10");
}

TEST(Chain, WithForcedCaptureTheChainMustGoOn) {
  EXPECT_FALSE(parse_move(position(kChain, kChainStart), "a1-a2").ok());
  EXPECT_FALSE(parse_move(position(kChain, kChainStart), "a1-a2-a3").ok());
}

TEST(Chain, WithoutForcedCaptureTheChainMayStopAfterAnyCapture) {
  auto m = moves(rules("chain(forced_capture=off)"), kChainStart);
  EXPECT_TRUE(contains(m, "a1-a2"));
  EXPECT_TRUE(contains(m, "a1-a2-a3"));
  EXPECT_TRUE(contains(m, "a1-a2-a3-a4"));
  EXPECT_TRUE(contains(m, "c4-c5"));  // and quiet steps
}

TEST(Chain, CaptureIsMandatory) {
  // standard allows the quiet c4-c5; chain (forced capture) does not while a capture exists.
  EXPECT_TRUE(contains(moves(kStandard, kChainStart), "c4-c5"));
  EXPECT_FALSE(contains(moves(kChain, kChainStart), "c4-c5"));
  EXPECT_EQ(moves(rules("standard(forced_capture=on)"), kChainStart), std::vector<std::string>{"a1-a2"});
}

TEST(Chain, PathsToTheSameEndTakingTheSameStonesAreOneTurn) {
  // With diagonals, b2-c3 takes c4 and d3 at once, and b2-c2-c3 takes d3 then c4: one turn, printed
  // by its shortest path; either path is accepted.
  const Rules r = rules("diagonal(chains=on,forced_capture=on)");
  const std::string pos = "b1w2/2b1w/3bw/1w3/5 w 0/0 0 0";
  EXPECT_EQ(moves(r, pos), std::vector<std::string>{"b2-c3"});
  EXPECT_EQ(after(r, pos, "b2-c2-c3"), after(r, pos, "b2-c3"));
  EXPECT_EQ(after(r, pos, "b2-c3"), "b1w2/4w/2w1w/5/5 b 0/0 0 1");
  auto optional = moves(rules("diagonal(chains=on,forced_capture=off)"), pos);
  EXPECT_TRUE(contains(optional, "b2-c2"));
  EXPECT_EQ(std::count(optional.begin(), optional.end(), "b2-c3"), 1);
}

TEST(Barrier, AFullInteriorLineWithOnlyTheOwnersStonesBehindItEndsTheGame) {
  EXPECT_EQ(outcome(kChain, "bb3/5/5/wwwww/w4 b 0/0 0 10"), "w barrier");
  EXPECT_FALSE(position(kChain, "bb3/5/5/wwwww/w4 b 0/0 0 10").outcome().grand_victory());
  EXPECT_EQ(outcome(kChain, "bbbbb/b4/5/wwwww/w4 w 0/0 0 10"), "draw barrier");
  // Column b: w's on c-e only, b's on a only.
  EXPECT_EQ(outcome(kChain, "bw3/bw3/bw3/bw3/bw3 b 0/0 0 10"), "draw barrier");
  EXPECT_EQ(outcome(kChain, "bw1w1/bw3/bw3/bw3/bw3 b 0/0 0 10"), "w barrier");
  EXPECT_EQ(outcome(kChain, "bw2b/bw3/bw3/bw3/bw3 b 0/0 0 10"), "none");
  // Standard has no barrier ending.
  EXPECT_EQ(outcome(kStandard, "bb3/5/5/wwwww/w4 b 0/0 0 10"), "none");
}

TEST(Barrier, AnEnemyStoneBehindTheLineMeansNoBarrier) {
  EXPECT_EQ(outcome(kChain, "bb3/5/5/wwwww/w3b b 0/0 0 10"), "none");
}

TEST(Barrier, AnEdgeLineIsNoBarrier) { EXPECT_EQ(outcome(kChain, "bb3/5/5/5/wwwww b 0/0 0 10"), "none"); }

}  // namespace
}  // namespace seega::test
