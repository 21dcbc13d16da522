// The Bradley-Terry ladder fit: a hand-worked two-player case, recovery of known strengths with
// honest intervals, the prior when no finite maximum exists, anchors, bad inputs and invariances.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <string>
#include <vector>

#include "analysis/rating.hpp"
#include "analysis/stats.hpp"
#include "rules/random.hpp"

namespace seega {
namespace {

RatingFit fit_or_fail(int players, const std::vector<PairResult>& pairs, int anchor = 0) {
  auto fit = fit_ratings(players, pairs, RatingOptions{anchor, {}});
  EXPECT_TRUE(fit.ok()) << fit.error;
  return fit.value;
}

TEST(Rating, TwoPlayersGetTheEloOfTheirScoreAndTheDeltaMethodInterval) {
  // Player 1 scores 60 + 20/2 = 70 of 120: s = 7/12, elo_from_score(s) = 400 log10(7/5) = 58.4512.
  // The score's normal approximation has standard error sqrt(s (1 - s) / n) = 0.0450051, and
  // d Elo / d s = 400 / (ln 10 s (1 - s)) = 714.725, so the half-width is
  // 1.959964 * 0.0450051 * 714.725 = 63.0448 Elo.
  RatingFit fit = fit_or_fail(2, {{0, 1, 40, 20, 60}});
  const double s = 70.0 / 120, n = 120;
  const double half = kZ95 * std::sqrt(s * (1 - s) / n) * 400 / (std::numbers::ln10 * s * (1 - s));
  EXPECT_NEAR(fit.rating[1], elo_from_score(s), 1e-6);
  EXPECT_NEAR(fit.rating[1], 58.451214, 1e-6);
  EXPECT_NEAR(fit.ci95(1), half, 1e-6);
  EXPECT_NEAR(fit.ci95(1), 63.044760, 1e-6);
  EXPECT_EQ(fit.rating[0], 0.0);
  EXPECT_EQ(fit.ci95(0), 0.0);
  EXPECT_EQ(fit.covariance[0][1], 0.0);
  EXPECT_NEAR(fit.diff_ci95(1, 0), half, 1e-6);
  EXPECT_EQ(fit.games, (std::vector<double>{120, 120}));
  EXPECT_NEAR(fit.score[0], 5.0 / 12, 1e-15);
  EXPECT_NEAR(fit.score[1], 7.0 / 12, 1e-15);
  EXPECT_FALSE(fit.prior_used);
  EXPECT_EQ(fit.prior_note, "");
  EXPECT_TRUE(fit.converged);
  EXPECT_LT(fit.iterations, 20);
}

TEST(Rating, ALopsidedPairingConvergesToTheEloOfItsScore) {
  // 10^9 wins to 1: 400 log10(10^9) = 3600 Elo, where a careless residual loses all precision.
  RatingFit fit = fit_or_fail(2, {{0, 1, 1'000'000'000, 0, 1}});
  EXPECT_NEAR(fit.rating[1], -3600, 1e-6);
  EXPECT_TRUE(fit.converged);
  EXPECT_FALSE(fit.prior_used);
}

// A round robin between players of known strengths, `games` games a pairing. Each game is a win
// with probability p - draw/2 and a draw with probability draw, so the expected score is the model's
// p whatever the draw rate (draw/2 must not exceed the weaker side's p).
std::vector<PairResult> round_robin(const std::vector<double>& strength, long long games, double draw, Rng& rng) {
  std::vector<PairResult> pairs;
  const int n = static_cast<int>(strength.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      PairResult pr{a, b};
      const double p = score_from_elo(strength[a] - strength[b]);
      for (long long g = 0; g < games; ++g) {
        double u = rng.uniform();
        if (u < p - draw / 2) ++pr.a_wins;
        else if (u < p + draw / 2) ++pr.draws;
        else ++pr.b_wins;
      }
      pairs.push_back(pr);
    }
  return pairs;
}

struct Coverage {
  double rating = 0, difference = 0;  // fraction of 95% intervals that held the truth
  double worst_bias = 0;              // largest |mean error| of a rating over the seeds, Elo
};

Coverage coverage(double draw, int seeds) {
  const std::vector<double> truth = {0, 50, 120, 200, 260, 400};
  const int n = static_cast<int>(truth.size());
  long long held = 0, tried = 0, diff_held = 0, diff_tried = 0;
  std::vector<double> error_sum(n, 0.0);
  for (int seed = 0; seed < seeds; ++seed) {
    Rng rng(Rng::derive(20240611, static_cast<std::uint64_t>(seed)));
    auto fit = fit_ratings(n, round_robin(truth, 200, draw, rng));
    EXPECT_TRUE(fit.ok()) << fit.error;
    EXPECT_FALSE(fit.value.prior_used) << seed;
    const RatingFit& f = fit.value;
    for (int i = 1; i < n; ++i) {
      ++tried;
      held += std::abs(f.rating[i] - truth[i]) <= f.ci95(i);
      error_sum[i] += f.rating[i] - truth[i];
      for (int j = i + 1; j < n; ++j) {
        ++diff_tried;
        diff_held += std::abs((f.rating[i] - f.rating[j]) - (truth[i] - truth[j])) <= f.diff_ci95(i, j);
      }
    }
  }
  Coverage c{double(held) / tried, double(diff_held) / diff_tried, 0};
  for (double e : error_sum) c.worst_bias = std::max(c.worst_bias, std::abs(e / seeds));
  return c;
}

// Both coverages in [lo, hi], recorded in the test's XML output under name.
void expect_covered(const std::string& name, const Coverage& c, double lo, double hi) {
  ::testing::Test::RecordProperty(name + "_rating_coverage", std::to_string(c.rating));
  ::testing::Test::RecordProperty(name + "_difference_coverage", std::to_string(c.difference));
  EXPECT_GE(c.rating, lo) << name;
  EXPECT_LE(c.rating, hi) << name;
  EXPECT_GE(c.difference, lo) << name;
  EXPECT_LE(c.difference, hi) << name;
}

TEST(Rating, IntervalsCoverKnownStrengthsAboutNinetyFivePercentOfTheTime) {
  // 200 seeded ladders of 6 players, 200 games a pairing; the anchor (truth 0) is left out of the
  // rating count and the differences are the 10 not involving it. 1000 rating intervals from 200
  // ladders: even with independent intervals the rate's standard error is 0.7%, and the intervals of
  // one ladder are correlated, so the bounds are wide. Decisive games only first: the model is exact
  // (over 4000 ladders: 95.1% of ratings and 95.0% of differences covered).
  Coverage decisive = coverage(0, 200);
  expect_covered("decisive", decisive, 0.92, 0.98);
  // A rating's standard error here is 16 to 20 Elo, so the mean of 200 has one of 1.1 to 1.4:
  // 4 Elo is about three of them (measured over 4000 ladders: 0.6 Elo at worst).
  EXPECT_LT(decisive.worst_bias, 4.0) << "a rating's mean error over 200 ladders";

  // With draws the score spreads less than the model's p (1 - p), so the intervals run a little wide
  // (over 4000 ladders with 15% draws: 97.3% of ratings and 97.0% of differences covered).
  Coverage drawish = coverage(0.15, 200);
  expect_covered("drawish", drawish, 0.90, 0.99);
  EXPECT_LT(drawish.worst_bias, 4.0);
}

// Four players; player 3 beats everyone in every game, the others share their games.
std::vector<PairResult> one_unbeaten_player() {
  return {{0, 1, 5, 2, 3}, {0, 2, 4, 4, 2}, {1, 2, 6, 1, 3}, {3, 0, 10, 0, 0}, {1, 3, 0, 0, 8}, {3, 2, 9, 0, 0}};
}

TEST(Rating, APlayerWhoWonEveryGameGetsAFiniteTopRatingFromTheStatedPrior) {
  RatingFit fit = fit_or_fail(4, one_unbeaten_player());
  EXPECT_TRUE(fit.prior_used);
  EXPECT_TRUE(fit.converged);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(std::isfinite(fit.rating[i])) << i;
  for (int i = 0; i < 3; ++i) EXPECT_GT(fit.rating[3], fit.rating[i] + 100) << i;
  for (int i = 1; i < 4; ++i) EXPECT_TRUE(std::isfinite(fit.ci95(i))) << i;
  EXPECT_EQ(fit.prior_note,
            "player 3 won every game: no finite maximum likelihood; the fit adds one virtual draw to every "
            "pairing");
  // Games and scores are the real ones; the virtual draws only enter the likelihood.
  EXPECT_EQ(fit.games[3], 27.0);
  EXPECT_EQ(fit.score[3], 1.0);
}

TEST(Rating, ThePriorIsExactlyOneDrawAddedToEveryPairingPlayed) {
  std::vector<PairResult> with_draws = one_unbeaten_player();
  for (PairResult& pr : with_draws) ++pr.draws;
  RatingFit prior = fit_or_fail(4, one_unbeaten_player());
  RatingFit explicit_draws = fit_or_fail(4, with_draws);
  EXPECT_FALSE(explicit_draws.prior_used);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(prior.rating[i], explicit_draws.rating[i], 1e-9) << i;
    EXPECT_NEAR(prior.ci95(i), explicit_draws.ci95(i), 1e-9) << i;
  }
}

TEST(Rating, APlayerWhoLostEveryGameIsNamedAndRatedLowest) {
  // Players 1 and 2 only ever score against player 0, who scores against nobody.
  RatingFit fit = fit_or_fail(3, {{0, 1, 0, 0, 12}, {2, 0, 7, 0, 0}, {1, 2, 3, 4, 5}}, 1);
  EXPECT_TRUE(fit.prior_used);
  EXPECT_EQ(fit.prior_note.rfind("player 0 lost every game:", 0), 0u) << fit.prior_note;
  EXPECT_LT(fit.rating[0], fit.rating[1]);
  EXPECT_LT(fit.rating[0], fit.rating[2]);
  EXPECT_TRUE(std::isfinite(fit.rating[0]));
}

TEST(Rating, AChainOfCleanSweepsNamesBothEnds) {
  // 0 beats 1 beats 2 in every game, with no game between 0 and 2; player 3 draws with 1.
  RatingFit fit = fit_or_fail(4, {{0, 1, 4, 0, 0}, {1, 2, 4, 0, 0}, {1, 3, 0, 2, 0}});
  EXPECT_TRUE(fit.prior_used);
  EXPECT_EQ(fit.prior_note,
            "player 0 won every game and player 2 lost every game: no finite maximum likelihood; the fit adds "
            "one virtual draw to every pairing");
  EXPECT_GT(fit.rating[0], fit.rating[1]);
  EXPECT_GT(fit.rating[1], fit.rating[2]);
}

TEST(Rating, ASetThatWonEveryGameAgainstTheOthersIsNamedAsASet) {
  // 2 and 3 split their games, and each beats 0 and 1 every time; 0 and 1 split theirs.
  RatingFit fit = fit_or_fail(5, {{0, 1, 3, 1, 3},
                                  {2, 3, 2, 2, 1},
                                  {2, 0, 5, 0, 0},
                                  {3, 1, 5, 0, 0},
                                  {0, 4, 2, 2, 2},
                                  {1, 4, 1, 1, 1},
                                  {2, 1, 5, 0, 0}});
  EXPECT_TRUE(fit.prior_used);
  EXPECT_EQ(fit.prior_note.rfind("players 2 and 3 won every game against the others:", 0), 0u) << fit.prior_note;
}

TEST(Rating, AnotherAnchorShiftsEveryRatingByOneConstantAndKeepsDifferences) {
  Rng rng(7);
  std::vector<PairResult> pairs = round_robin({0, 30, 90, 150, 300}, 40, 0.2, rng);
  pairs.erase(pairs.begin() + 3);  // not a full round robin: unequal correlations between ratings
  RatingFit at0 = fit_or_fail(5, pairs, 0);
  RatingFit at3 = fit_or_fail(5, pairs, 3);
  ASSERT_FALSE(at0.prior_used);
  EXPECT_EQ(at3.rating[3], 0.0);
  EXPECT_EQ(at3.ci95(3), 0.0);
  const double shift = at0.rating[3];
  EXPECT_GT(std::abs(shift), 10.0);
  for (int i = 0; i < 5; ++i) {
    EXPECT_NEAR(at3.rating[i], at0.rating[i] - shift, 1e-8) << i;
    for (int j = 0; j < 5; ++j) EXPECT_NEAR(at3.diff_ci95(i, j), at0.diff_ci95(i, j), 1e-8) << i << " " << j;
  }
  // A rating's interval is its difference from the anchor's, so it depends on the anchor.
  EXPECT_NEAR(at0.ci95(1), at0.diff_ci95(1, 0), 1e-9);
  EXPECT_NEAR(at3.ci95(1), at0.diff_ci95(1, 3), 1e-8);
  EXPECT_GT(std::abs(at3.ci95(1) - at0.ci95(1)), 1.0);
}

void expect_error(int players, const std::vector<PairResult>& pairs, int anchor, const std::string& names) {
  auto fit = fit_ratings(players, pairs, RatingOptions{anchor, {}});
  ASSERT_FALSE(fit.ok()) << names;
  EXPECT_NE(fit.error.find(names), std::string::npos) << fit.error;
}

TEST(Rating, BadInputsAreRefusedWithAMessageNamingTheProblem) {
  const std::vector<PairResult> ok = {{0, 1, 3, 1, 2}, {1, 2, 2, 2, 2}};
  expect_error(1, {}, 0, "at least 2 players, got 1");
  expect_error(0, {}, 0, "at least 2 players, got 0");
  expect_error(3, ok, 3, "anchor 3 is out of range: players are 0 to 2");
  expect_error(3, ok, -1, "anchor -1 is out of range");
  expect_error(3, {{0, 1, 3, 1, 2}, {1, 5, 2, 2, 2}}, 0, "pair 1 (players 1 and 5): player 5 is out of range");
  expect_error(3, {{-1, 1, 3, 1, 2}}, 0, "player -1 is out of range");
  expect_error(3, {{0, 1, 3, 1, 2}, {2, 2, 1, 0, 0}}, 0, "pair 1 (players 2 and 2) pairs a player with itself");
  expect_error(3, {{0, 1, 3, -1, 2}, {1, 2, 2, 2, 2}}, 0, "pair 0 (players 0 and 1) has a negative count");
  expect_error(3, {{0, 1, 3, 1, 2}}, 0, "player 2 has no games");
  expect_error(3, {{0, 1, 3, 1, 2}, {1, 2, 0, 0, 0}}, 0, "player 2 has no games");
  expect_error(4, {{0, 1, 3, 1, 2}, {2, 3, 2, 2, 2}}, 0,
               "player 2 cannot be compared with the anchor (player 0): no chain of games joins them");
  expect_error(4, {{0, 1, 3, 1, 2}, {2, 3, 2, 2, 2}}, 3, "player 0 cannot be compared with the anchor (player 3)");
}

void expect_same_fit(const RatingFit& x, const RatingFit& y) {
  // Entries are summed in integers before the fit, so the numbers agree to the last bit.
  EXPECT_EQ(x.rating, y.rating);
  EXPECT_EQ(x.covariance, y.covariance);
  EXPECT_EQ(x.games, y.games);
  EXPECT_EQ(x.score, y.score);
  EXPECT_EQ(x.iterations, y.iterations);
}

TEST(Rating, TheFitIgnoresTheOrderOfPairsAndHowAPairingIsSplit) {
  Rng rng(11);
  const std::vector<PairResult> pairs = round_robin({0, 80, 40, 200}, 30, 0.3, rng);
  RatingFit base = fit_or_fail(4, pairs);

  std::vector<PairResult> reversed(pairs.rbegin(), pairs.rend());
  expect_same_fit(base, fit_or_fail(4, reversed));

  // The same pairing from the other side, and another split in two entries.
  std::vector<PairResult> split = pairs;
  PairResult& first = split[0];
  ASSERT_GE(first.a_wins, 2);
  PairResult flipped{first.b, first.a, first.b_wins, first.draws, first.a_wins};
  split[0] = flipped;
  PairResult& second = split[1];
  PairResult part{second.a, second.b, second.a_wins / 2, second.draws / 3, 1};
  ASSERT_GE(second.b_wins, 1);
  second.a_wins -= part.a_wins;
  second.draws -= part.draws;
  second.b_wins -= part.b_wins;
  split.push_back(part);
  split.push_back({2, 3, 0, 0, 0});  // an empty entry adds nothing
  expect_same_fit(base, fit_or_fail(4, split));
}

}  // namespace
}  // namespace seega
