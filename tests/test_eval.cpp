// The evaluation's features on hand-made positions, each value worked out by hand in the comment
// above it, and the weighted sum.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/eval.hpp"
#include "engine/selfplay.hpp"
#include "engine/weights_data.hpp"
#include "rules/random.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

using test::position;
using test::rules;

// The features of a 5x5 position, as integers.
std::array<int, kFeatureCount> values(const Rules& r, const std::string& fen) {
  const FeatureVector f = features(position(r, fen));
  std::array<int, kFeatureCount> out{};
  for (int i = 0; i < kFeatureCount; ++i) out[i] = static_cast<int>(f[i]);
  return out;
}

TEST(Eval, MaterialCountsStonesOnTheBoardAndInHandFromTheSideToMove) {
  const Rules r = rules("standard");
  EXPECT_EQ(values(r, "ww3/5/5/5/b4 w 0/0 0 0")[Material], 1);
  EXPECT_EQ(values(r, "ww3/5/5/5/b4 b 0/0 0 0")[Material], -1);
  EXPECT_EQ(values(r, "5/5/5/5/ww3 b 10/12 0 0")[Material], 0);  // 2 + 10 against 0 + 12
}

TEST(Eval, MobilityCountsStepsOfEachSide) {
  // White a1 steps to a2, b1 (2); black b2 to b3, b1, a2, c2 (4).
  EXPECT_EQ(values(rules("standard"), "5/5/5/1b3/w4 w 0/0 0 0")[Mobility], -2);
  // White a1: a2, b1; d4: all 4, under diagonal all 8; black b2: 4, under diagonal 7 (a1 taken).
  EXPECT_EQ(values(rules("standard"), "5/3w1/5/1b3/w4 w 0/0 0 0")[Mobility], 6 - 4);
  EXPECT_EQ(values(rules("diagonal"), "5/3w1/5/1b3/w4 w 0/0 0 0")[Mobility], 10 - 7);
}

TEST(Eval, SafeStonesHaveEveryCaptureLineClosedByTheEdgeOrAFriend) {
  // White a1 (corner), a2 and a3 (a file of friends on the edge): all 3 safe. Black e5 (corner) safe,
  // c4 open on both lines.
  EXPECT_EQ(values(rules("standard"), "4b/2b2/w4/w4/w4 w 0/0 0 0")[Safe], 3 - 1);
  // Black on the immune centre is safe; white b3 is open on its file.
  EXPECT_EQ(values(rules("standard"), "5/5/1wb2/5/5 w 0/0 0 0")[Safe], 0 - 1);
  EXPECT_EQ(values(rules("standard(centre_immune=off)"), "5/5/1wb2/5/5 w 0/0 0 0")[Safe], 0);
}

TEST(Eval, ThreatsAndHangingCountStonesOneStepFromCapture) {
  const Rules r = rules("standard");
  // White a3 can step to b3 with white b1 beyond black b2: one threat; black cannot capture.
  auto f = values(r, "5/5/w4/1b3/1w3 w 0/0 0 0");
  EXPECT_EQ(f[Threats], 1);
  EXPECT_EQ(f[Hanging], 0);
  // The same position with black to move: its stone hangs.
  f = values(r, "5/5/w4/1b3/1w3 b 0/0 0 0");
  EXPECT_EQ(f[Threats], 0);
  EXPECT_EQ(f[Hanging], 1);
  // A diagonal threat counts only where captures run along diagonals: white d4 steps to c3 with a1
  // beyond black b2.
  EXPECT_EQ(values(rules("standard"), "5/3w1/5/1b3/w4 w 0/0 0 0")[Threats], 0);
  EXPECT_EQ(values(rules("diagonal"), "5/3w1/5/1b3/w4 w 0/0 0 0")[Threats], 1);
}

TEST(Eval, CentreRingCountsTheFourSquaresNextToTheCentre) {
  // White c4 and b3, black d3 on the ring.
  EXPECT_EQ(values(rules("standard"), "5/2w2/1w1b1/5/5 w 0/0 0 0")[CentreRing], 2 - 1);
  EXPECT_EQ(values(rules("standard"), "5/2w2/1w1b1/5/5 b 0/0 0 0")[CentreRing], 1 - 2);
}

TEST(Eval, CentreEntryIsTheMostAStepIntoTheEmptyCentreTakes) {
  // White c2 into c3 takes b3 (a3 beyond) and d3 (e3 beyond); black b3 or d3 into c3 takes c2 (c1 beyond).
  EXPECT_EQ(values(rules("standard"), "5/5/wb1bw/2w2/2b2 w 0/0 0 0")[CentreEntry], 2 - 1);
  // With the centre taken, nobody enters it.
  EXPECT_EQ(values(rules("standard"), "5/5/wbbbw/2w2/2b2 w 0/0 0 0")[CentreEntry], 0);
  // A step into c3 would take b3 and d3, but no white stone is next to the centre to make it.
  EXPECT_EQ(values(rules("standard"), "5/5/wb1bw/5/5 w 0/0 0 0")[CentreEntry], 0);
  // Under diagonal, white d4 enters diagonally and takes b2 (a1 beyond).
  EXPECT_EQ(values(rules("diagonal"), "5/3w1/5/1b3/w4 w 0/0 0 0")[CentreEntry], 1);
  EXPECT_EQ(values(rules("standard"), "5/3w1/5/1b3/w4 w 0/0 0 0")[CentreEntry], 0);
}

TEST(Eval, BlockedMarksTheSideWithNoStep) {
  // White a1 is hemmed in by black a2 and b1.
  EXPECT_EQ(values(rules("standard"), "5/5/5/b4/wb3 w 0/0 0 0")[Blocked], -1);
  EXPECT_EQ(values(rules("standard"), "5/5/5/b4/wb3 b 0/0 0 0")[Blocked], 1);
  EXPECT_EQ(values(rules("standard"), "5/5/5/5/wb3 w 0/0 0 0")[Blocked], 0);
}

TEST(Eval, LastPlacerIsThePhaseTermOfPlacement) {
  // Equal hands: the side to move placed first, so the other side places last.
  EXPECT_EQ(values(rules("standard"), "5/5/5/5/5 w 12/12 0 0")[LastPlacer], -1);
  EXPECT_EQ(values(rules("standard"), "5/5/5/5/ww3 b 10/12 0 0")[LastPlacer], 1);
  // After placement the term is 0, and the movement terms are filled in.
  auto f = values(rules("standard"), "ww3/5/5/5/b4 w 0/0 0 0");
  EXPECT_EQ(f[LastPlacer], 0);
  EXPECT_NE(f[Mobility], 0);
  // During placement the movement terms stay 0.
  f = values(rules("standard"), "5/5/5/bb3/ww3 w 10/10 0 0");
  EXPECT_EQ(f[Mobility], 0);
  EXPECT_EQ(f[Safe], 0);
}

// Black b3 can step into the empty centre c3 and take white c4 (black c5 behind it); white c4 can step
// in too but takes nothing (no white stone behind black b3). Four stones placed, 10 each in hand.
constexpr const char* kBlackEntry = "2b2/2w2/1b3/5/w4";

TEST(Eval, FirstEntryCountsOnlyTheEntryCaptureOfTheSideThatMovesFirst) {
  const Rules r = rules("standard");
  // White to move with equal hands placed first, so black places last and moves first: black's entry
  // counts against us. centre_entry says the same here.
  auto f = values(r, std::string(kBlackEntry) + " w 10/10 0 0");
  EXPECT_EQ(f[CentreEntry], -1);
  EXPECT_EQ(f[FirstEntry], -1);
  // Black to move with equal hands placed first, so white moves first, and black's entry threat is
  // answered before it can be played: centre_entry still counts it (+1), first_entry does not.
  f = values(r, std::string(kBlackEntry) + " b 10/10 0 0");
  EXPECT_EQ(f[CentreEntry], 1);
  EXPECT_EQ(f[FirstEntry], 0);
  // When the rules let the first placer move first, the sides swap.
  const Rules first = rules("standard(first_mover=first)");
  EXPECT_EQ(values(first, std::string(kBlackEntry) + " w 10/10 0 0")[FirstEntry], 0);
  EXPECT_EQ(values(first, std::string(kBlackEntry) + " b 10/10 0 0")[FirstEntry], 1);
  // In movement the side to move is the one that moves first.
  EXPECT_EQ(values(r, std::string(kBlackEntry) + " b 0/0 0 0")[FirstEntry], 1);
  EXPECT_EQ(values(r, std::string(kBlackEntry) + " w 0/0 0 0")[FirstEntry], 0);
}

TEST(Eval, EdgeCountsStonesOnTheBorderCornersIncluded) {
  // White a5 (a corner) and b5 on the edge; black b2 is not.
  EXPECT_EQ(values(rules("standard"), "ww3/5/5/1b3/5 w 0/0 0 0")[Edge], 2);
  EXPECT_EQ(values(rules("standard"), "ww3/5/5/1b3/5 b 0/0 0 0")[Edge], -2);
  // In placement too: white a1 against black c5, both on the edge.
  EXPECT_EQ(values(rules("standard"), std::string(kBlackEntry) + " w 10/10 0 0")[Edge], 0);
}

TEST(Eval, PlacementSafeCountsSafeStonesDuringPlacementOnly) {
  // White a1-a4, a file on the edge, all four safe; black c4 and b2 open on their files. Black to move.
  auto f = values(rules("standard"), "5/w1b2/w4/wb3/w4 b 8/10 0 0");
  EXPECT_EQ(f[PlacementSafe], 0 - 4);
  EXPECT_EQ(f[Safe], 0);  // the movement feature stays 0 in placement
  // The same stones in movement: safe counts them and placement_safe is 0.
  f = values(rules("standard"), "5/w1b2/w4/wb3/w4 b 0/0 0 0");
  EXPECT_EQ(f[PlacementSafe], 0);
  EXPECT_EQ(f[Safe], 0 - 4);
}

TEST(Eval, QuietCountIsTheStoneCountTimesTheShareOfTheQuietLimitUsed) {
  const Rules r = rules("standard");
  ASSERT_GT(r.quiet_plies, 0);
  // White 2 stones, black 1, 15 quiet plies: +1 x 15 / limit for white, -1 x 15 / limit for black.
  EXPECT_DOUBLE_EQ(features(position(r, "ww3/5/5/1b3/5 w 0/0 15 20"))[QuietCount], 15.0 / r.quiet_plies);
  EXPECT_DOUBLE_EQ(features(position(r, "ww3/5/5/1b3/5 b 0/0 15 20"))[QuietCount], -15.0 / r.quiet_plies);
  EXPECT_EQ(features(position(r, "ww3/5/5/1b3/5 w 0/0 0 0"))[QuietCount], 0);
  // No quiet limit, no count to reach: 0.
  EXPECT_EQ(features(position(rules("standard(quiet_plies=off)"), "ww3/5/5/1b3/5 w 0/0 15 20"))[QuietCount], 0);
  // The evaluation adds its weight times that fraction.
  Weights w{};
  w.w[QuietCount] = 300;
  EXPECT_EQ(evaluate(position(r, "ww3/5/5/1b3/5 w 0/0 15 20"), w),
            static_cast<int>(std::lround(300.0 * 15 / r.quiet_plies)));
}

TEST(Eval, TheAddedFeaturesWeighNothingByDefaultAndOldWeightsFilesReadAsBefore) {
  const Weights d = Weights::defaults();
  for (Feature f : {FirstEntry, Edge, PlacementSafe, QuietCount}) EXPECT_EQ(d.w[f], 0) << kFeatureNames[f];
  // A file of the nine features that existed before reads with the new ones at their default, 0.
  const auto old = parse_weights(
      "material 100\nmobility 2\nsafe 8\nthreats 30\nhanging -40\ncentre_ring 6\ncentre_entry 25\n"
      "blocked 20\nlast_placer 40\n");
  ASSERT_TRUE(old.ok()) << old.error;
  EXPECT_EQ(old.value, d);
  // New features round-trip, split by phase too.
  Weights w = d;
  w.w[FirstEntry] = 31.25;
  w.w[QuietCount] = -7;
  w.placement = w.w;
  (*w.placement)[PlacementSafe] = 12.5;
  const auto back = parse_weights(w.to_text());
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(back.value, w);
}

TEST(Eval, BuiltInWeightsAreTheBoardsOwnEntryElseTheGeneralOnes) {
  // 5x5 standard has an entry of its own (the adopted fit); a board without one has the general weights.
  const Weights& standard = builtin_weights(rules("standard"));
  EXPECT_NE(standard, Weights::defaults());
  EXPECT_NE(standard.w[QuietCount], 0);
  EXPECT_EQ(builtin_weights_boards().front(), "5x5 standard");
  // A key of the board (size, steps, captures, the centre, chains, forced capture, barriers) makes another
  // board: not standard's weights.
  for (const char* other :
       {"standard(size=7)", "standard(size=9)", "standard(centre_immune=off)", "standard(captures=all)",
        "standard(steps=all)", "standard(chains=on)", "standard(forced_capture=on)", "standard(barrier=on)"})
    EXPECT_NE(builtin_weights(rules(other)), standard) << other;
  // A variant that changes only who starts or when a game ends plays with its board's weights.
  for (const char* variant : {"standard(first_placer=b)", "standard(first_mover=first)", "standard(quiet_plies=40)",
                              "standard(quiet_plies=off)", "standard(max_plies=off)", "standard(walled_in=lose)"})
    EXPECT_EQ(builtin_weights(rules(variant)), standard) << variant;
  // Every board without an entry has the general weights.
  const auto boards = builtin_weights_boards();
  for (const char* r : {"standard", "diagonal", "chain", "standard(size=7)", "diagonal(size=7)", "chain(size=7)",
                        "standard(size=9)", "diagonal(size=9)", "chain(size=9)", "standard(centre_immune=off)"}) {
    const bool has_entry = std::find(boards.begin(), boards.end(), board_name(rules(r))) != boards.end();
    EXPECT_EQ(builtin_weights(rules(r)) == Weights::defaults(), !has_entry) << r;
  }
}

TEST(Eval, BuiltInWeightsHeldAsAFileAreThatFileByteForByteAndReadAsIt) {
  // 5x5 standard's built-in weights are a pattern evaluation kept as a weights file and compiled in.
  const std::string path = std::string(SEEGA_BUILTIN_WEIGHTS) + "/5x5_standard.txt";
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path;
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(embedded::weights_5x5_standard, file);
  const auto loaded = load_weights(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error;
  const Weights& standard = builtin_weights(rules("standard"));
  EXPECT_EQ(standard, loaded.value);
  EXPECT_EQ(builtin_evaluation(rules("standard")).hash, weights_hash(loaded.value));
  // It holds 5x5 tables, and they count: some position of a game evaluates otherwise without them.
  ASSERT_TRUE(standard.patterns);
  EXPECT_EQ(standard.patterns->set, &pattern_set(5, false));
  Weights linear = standard;
  linear.patterns.reset();
  Rng rng(5);
  const Rules r = rules("standard");  // a position keeps a pointer to its rules
  Position<5> pos(r);
  MoveList<5> list;
  bool differs = false;
  for (legal_moves(pos, list); !list.empty() && !differs; legal_moves(pos, list)) {
    differs = evaluate(pos, standard) != evaluate(pos, linear);
    pos.play(list[rng.below(list.size())]);
  }
  EXPECT_TRUE(differs);
}

TEST(Eval, BoardsAreNamedBySizeAndPresetAndVariantsShareTheirBoard) {
  EXPECT_EQ(board_name(rules("standard")), "5x5 standard");
  EXPECT_EQ(board_name(rules("chain(size=9)")), "9x9 chain");
  EXPECT_EQ(board_name(rules("diagonal(size=7,quiet_plies=40,walled_in=pass)")), "7x7 diagonal");
  EXPECT_EQ(board_name(rules("standard(first_mover=first,max_plies=off)")), "5x5 standard");
  // A board no preset has: its rules, the other keys at the preset's values.
  EXPECT_EQ(board_name(rules("standard(centre_immune=off,quiet_plies=40)")), "standard(centre_immune=off)");
  EXPECT_TRUE(same_board(rules("standard"), rules("standard(first_mover=first)")));
  EXPECT_FALSE(same_board(rules("standard"), rules("standard(size=7)")));
  EXPECT_FALSE(same_board(rules("standard"), rules("diagonal")));
}

TEST(Eval, AnEvaluationIsNamedAndHashedByItsValues) {
  const Evaluation standard = builtin_evaluation(rules("standard(quiet_plies=40)"));
  EXPECT_EQ(standard.name, "built-in 5x5 standard");
  EXPECT_EQ(standard.hash, weights_hash(builtin_weights(rules("standard"))));
  EXPECT_EQ(standard.hash.size(), 16U);
  EXPECT_EQ(builtin_evaluation(rules("chain(size=9)")).name,
            builtin_weights(rules("chain(size=9)")) == Weights::defaults() ? "built-in general" : "built-in 9x9 chain");
  // The hash follows the values: one weight changed by a hundredth changes it.
  Weights w = Weights::defaults();
  const std::string before = weights_hash(w);
  EXPECT_EQ(weights_hash(Weights::defaults()), before);
  w.w[Mobility] += 0.01;
  EXPECT_NE(weights_hash(w), before);
}

TEST(Eval, TheScoreIsTheWeightedSumRoundedToTheNearestHundredth) {
  // Over the positions of random games under each preset, with the default (integer) weights and with
  // fractional ones: evaluate() is the rounded dot product of features and weights.
  Weights fractional = Weights::defaults();
  for (int i = 0; i < kFeatureCount; ++i) fractional.w[i] = fractional.w[i] * 1.37 + 0.11 * i;
  for (const char* preset : {"standard", "diagonal", "chain"}) {
    const Rules r = rules(preset);
    for (std::uint64_t g = 0; g < 20; ++g) {
      Rng rng(Rng::derive(99, g));
      Position<5> pos(r);
      MoveList<5> list;
      for (legal_moves(pos, list); !list.empty(); legal_moves(pos, list)) {
        const FeatureVector f = features(pos);
        for (const Weights& w : {Weights::defaults(), fractional}) {
          double sum = 0;
          for (int i = 0; i < kFeatureCount; ++i) sum += w.w[i] * f[i];
          const int got = evaluate(pos, w);
          // The sum's order differs from this loop's, so a fractional sum may round the other way.
          EXPECT_NEAR(got, std::round(sum), w == Weights::defaults() ? 0 : 1) << to_string(pos);
        }
        pos.play(list[rng.below(list.size())]);
      }
    }
  }
}

TEST(Eval, PhaseWeightsRoundTripAndOldFilesReadAsBefore) {
  // An old file (plain names) is one set of weights, as it always was.
  auto old = parse_weights("material 100\nmobility 3\n");
  ASSERT_TRUE(old.ok()) << old.error;
  EXPECT_FALSE(old.value.placement.has_value());
  EXPECT_EQ(old.value.w[Mobility], 3);
  // placement. lines split the weights; placement features not given start from the movement ones.
  auto split = parse_weights("mobility 3\nplacement.last_placer 55\nmovement.threats 31\n");
  ASSERT_TRUE(split.ok()) << split.error;
  ASSERT_TRUE(split.value.placement.has_value());
  EXPECT_EQ((*split.value.placement)[LastPlacer], 55);
  EXPECT_EQ((*split.value.placement)[Mobility], 3);
  EXPECT_EQ(split.value.w[Threats], 31);
  EXPECT_EQ(split.value.w[LastPlacer], Weights::defaults().w[LastPlacer]);
  auto back = parse_weights(split.value.to_text());
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(back.value, split.value);
  auto plain = parse_weights(Weights::defaults().to_text());
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain.value, Weights::defaults());
  EXPECT_NE(parse_weights("opening.material 100\n").error.find("unknown phase 'opening'"), std::string::npos);
  EXPECT_NE(parse_weights("placement.material 1\nplacement.material 2\n").error.find("twice"), std::string::npos);
}

TEST(Eval, ThePlacementWeightsEvaluatePlacementPositionsOnly) {
  const Rules r = test::rules("standard");
  Weights w = Weights::defaults();
  w.placement = w.w;
  (*w.placement)[LastPlacer] = 400;  // ten times the default
  const auto placing = test::position(r, "bbw1w/bw3/1w1wb/wbbw1/1wb1b w 4/4 0 0");
  const auto moving = test::position(r, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31");
  const FeatureVector f = features(placing);
  ASSERT_NE(f[LastPlacer], 0);
  EXPECT_EQ(evaluate(placing, w) - evaluate(placing, Weights::defaults()),
            static_cast<int>(std::lround(f[LastPlacer] * 360)));
  EXPECT_EQ(evaluate(moving, w), evaluate(moving, Weights::defaults()));
}

TEST(Eval, TaperedWeightsBlendTheFullBoardsAndTheEmptyBoardsByTheStonesOnTheBoard) {
  const Rules r = test::rules("standard");
  Weights tapered = Weights::defaults();
  tapered.endgame = tapered.w;
  (*tapered.endgame)[Material] = 300;
  // 15 stones on the 24 squares around the centre: t = 15/24 = 0.625, so material weighs
  // 0.625 * 100 + 0.375 * 300 = 175, 75 a stone more than untapered (the other weights are the same).
  const auto moving = test::position(r, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31");
  EXPECT_EQ(taper(moving), 15.0 / 24);
  const FeatureVector f = features(moving);
  ASSERT_NE(f[Material], 0);
  EXPECT_EQ(evaluate(moving, tapered) - evaluate(moving, Weights::defaults()), static_cast<int>(75 * f[Material]));
  EXPECT_EQ(tapered.value(f, false, taper(moving)), Weights::defaults().value(f, false, 1) + 75 * f[Material]);
  // A full board (movement's first position) is the full board's weights alone.
  const auto full = test::position(r, "wwbbw/bwbwb/ww1bb/bbwwb/wbwbw b 0/0 0 24");
  EXPECT_EQ(taper(full), 1.0);
  EXPECT_EQ(evaluate(full, tapered), evaluate(full, Weights::defaults()));
  // Placement is not tapered, whatever its stones.
  const auto placing = test::position(r, "bbw1w/bw3/1w1wb/wbbw1/1wb1b w 4/4 0 0");
  EXPECT_EQ(taper(placing), 1.0);
  EXPECT_EQ(evaluate(placing, tapered), evaluate(placing, Weights::defaults()));
}

TEST(Eval, TaperedWeightsRoundTripAndStartFromTheMovementOnes) {
  // endgame. lines taper the weights; endgame features not given start from the movement ones.
  auto tapered = parse_weights("mobility 3\nendgame.material 300\nplacement.last_placer 55\n");
  ASSERT_TRUE(tapered.ok()) << tapered.error;
  ASSERT_TRUE(tapered.value.endgame.has_value());
  EXPECT_EQ((*tapered.value.endgame)[Material], 300);
  EXPECT_EQ((*tapered.value.endgame)[Mobility], 3);
  EXPECT_EQ((*tapered.value.endgame)[Hanging], Weights::defaults().w[Hanging]);
  EXPECT_EQ(tapered.value.w[Material], 100);
  ASSERT_TRUE(tapered.value.placement.has_value());
  EXPECT_EQ((*tapered.value.placement)[Material], 100) << "placement is not touched by endgame lines";
  auto back = parse_weights(tapered.value.to_text());
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(back.value, tapered.value);
  // Files without endgame lines are not tapered.
  EXPECT_FALSE(parse_weights("placement.material 90\n").value.endgame.has_value());
  EXPECT_NE(parse_weights("endgame.edge 1\nendgame.edge 2\n").error.find("twice"), std::string::npos);
}

}  // namespace
}  // namespace seega
