// The evaluation's features on hand-made positions, each value worked out by hand in the comment
// above it, and the weighted sum.

#include <gtest/gtest.h>

#include <cmath>

#include "engine/eval.hpp"
#include "engine/selfplay.hpp"
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

}  // namespace
}  // namespace seega
