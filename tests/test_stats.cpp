// Match statistics against known values. Reference numbers were computed independently with
// Python's math and statistics modules (and by hand where the comment shows the arithmetic).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "analysis/stats.hpp"

namespace seega {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(Stats, RepeatedGamesNeedTooFewClustersAndTheGamePairsThemselvesToRepeat) {
  // 100 games of 2 distinct ones in 2 clusters, 50 pairs: repeated.
  const std::string text = repeated_games_text(100, 50, 2, cluster_shape(std::vector<std::uint64_t>(100, 0)));
  EXPECT_EQ(text.rfind("the 100 games are 2 distinct games in 1 cluster:", 0), 0u) << text;
  // 30 games, a cluster a pair (15), and one coincidence joining two pairs (14 clusters): not repeated.
  std::vector<std::uint64_t> by_pair, joined;
  for (std::uint64_t i = 0; i < 30; ++i) by_pair.push_back(i / 2), joined.push_back(i < 4 ? 0 : i / 2);
  EXPECT_EQ(repeated_games_text(30, 15, 30, cluster_shape(by_pair)), "");
  EXPECT_EQ(repeated_games_text(30, 15, 30, cluster_shape(joined)), "");
  // Enough effective clusters: not repeated, however many games share them.
  std::vector<std::uint64_t> wide;
  for (std::uint64_t i = 0; i < 400; ++i) wide.push_back(i % 40);
  EXPECT_EQ(repeated_games_text(400, 200, 40, cluster_shape(wide)), "");
}

TEST(Stats, TheDifferenceOfTwoIndependentEstimatesAddsTheirStandardErrorsInQuadrature) {
  // a = 0.5 +- 0.1 and b = 0.7 +- 0.2 (95% half-widths): the difference 0.2 +- sqrt(0.1^2 + 0.2^2).
  const Interval d = difference_ci(0.5, {0.4, 0.6}, 0.7, {0.5, 0.9});
  EXPECT_NEAR(d.lo, 0.2 - std::sqrt(0.05), 1e-12);
  EXPECT_NEAR(d.hi, 0.2 + std::sqrt(0.05), 1e-12);
  // An interval not symmetric about its estimate counts at its mean half-width.
  const Interval e = difference_ci(0.9, {0.7, 0.95}, 0.9, {0.7, 0.95});
  EXPECT_NEAR(e.hi, 0.125 * std::sqrt(2.0), 1e-12);
}

TEST(Stats, WilsonIntervalMatchesAKnownValue) {
  // p = 0.8, z^2/n = 0.038415: centre 0.819207 / 1.038415 = 0.78890,
  // half 1.959964 * sqrt(0.0016 + 0.00009604) / 1.038415 = 0.07773.
  Interval ci = wilson(80, 100);
  EXPECT_NEAR(ci.lo, 0.7112, 1e-3);
  EXPECT_NEAR(ci.hi, 0.8666, 1e-3);
  EXPECT_NEAR(ci.lo, 0.711171, 1e-6);
  EXPECT_NEAR(ci.hi, 0.866633, 1e-6);
}

TEST(Stats, WilsonLowerBoundIsZeroWithNoSuccesses) {
  Interval ci = wilson(0, 10);
  EXPECT_EQ(ci.lo, 0.0);
  EXPECT_NEAR(ci.hi, 0.277533, 1e-6);  // z^2 / (n + z^2) = 3.841459 / 13.841459
  EXPECT_EQ(wilson(10, 10).hi, 1.0);
}

TEST(Stats, WilsonIntervalWithNoTrialsIsEverything) {
  Interval ci = wilson(0, 0);
  EXPECT_EQ(ci.lo, 0.0);
  EXPECT_EQ(ci.hi, 1.0);
}

TEST(Stats, EloOfAThreeQuarterScoreIs190Point85) {
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);  // 400 * log10(3)
  EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
  EXPECT_EQ(elo_from_score(0.5), 0.0);
}

TEST(Stats, ScoreFromEloInvertsEloFromScore) {
  EXPECT_NEAR(score_from_elo(190.848501887865), 0.75, 1e-12);
  for (double elo : {-800.0, -190.85, -10.0, 0.0, 3.5, 100.0, 400.0, 800.0})
    EXPECT_NEAR(elo_from_score(score_from_elo(elo)), elo, 1e-9) << elo;
}

TEST(Stats, CleanSweepsHaveInfiniteElo) {
  EXPECT_EQ(elo_from_score(1.0), kInf);
  EXPECT_EQ(elo_from_score(0.0), -kInf);
}

TEST(Stats, WdlAddCountsEachResultOnce) {
  WDL wdl;
  for (double points : {1.0, 1.0, 0.5, 0.0}) wdl.add(points);
  EXPECT_EQ(wdl.wins, 2);
  EXPECT_EQ(wdl.draws, 1);
  EXPECT_EQ(wdl.losses, 1);
  EXPECT_EQ(wdl.games(), 4);
  EXPECT_DOUBLE_EQ(wdl.score(), 0.625);
  EXPECT_EQ(WDL{}.score(), 0.5);
}

TEST(Stats, TrinomialEloIntervalContainsThePointEstimate) {
  EloEstimate e = elo_trinomial({40, 30, 30});
  EXPECT_NEAR(e.elo, 34.860, 1e-3);  // score 0.55
  EXPECT_NEAR(e.lo, -21.850, 1e-3);
  EXPECT_NEAR(e.hi, 93.502, 1e-3);
  EXPECT_LT(e.lo, e.elo);
  EXPECT_GT(e.hi, e.elo);
}

TEST(Stats, TrinomialEloIntervalHalvesWithFourTimesTheGames) {
  EloEstimate few = elo_trinomial({40, 30, 30});
  EloEstimate many = elo_trinomial({160, 120, 120});
  EXPECT_DOUBLE_EQ(few.elo, many.elo);
  double ratio = (many.hi - many.lo) / (few.hi - few.lo);
  EXPECT_NEAR(ratio, 0.5, 0.01);  // 0.4965: exactly half in score, Elo bends it slightly
}

TEST(Stats, EloWithNoGamesKnowsNothing) {
  EloEstimate t = elo_trinomial({});
  EXPECT_EQ(t.elo, 0.0);
  EXPECT_EQ(t.lo, -kInf);
  EXPECT_EQ(t.hi, kInf);
  EloEstimate p = elo_pentanomial({});
  EXPECT_EQ(p.lo, -kInf);
  EXPECT_EQ(p.hi, kInf);
}

TEST(Stats, WdlVarianceMatchesAHandComputedValue) {
  // 4 wins, 3 draws, 3 losses: mean 0.55; (4 * 0.45^2 + 3 * 0.05^2 + 3 * 0.55^2) / 10 = 0.1725.
  EXPECT_NEAR((WDL{4, 3, 3}).variance(), 0.1725, 1e-12);
  EXPECT_EQ((WDL{7, 0, 0}).variance(), 0.0);
  EXPECT_EQ(WDL{}.variance(), 0.0);
}

TEST(Stats, AnIntervalNeedsTenSamplesThatDoNotAllAgree) {
  EXPECT_EQ(interval_gap(0, 0), IntervalGap::TooFew);
  EXPECT_EQ(interval_gap(2, 0.25), IntervalGap::TooFew);
  EXPECT_EQ(interval_gap(kMinSamples - 1, 0.25), IntervalGap::TooFew);
  EXPECT_EQ(interval_gap(kMinSamples, 0.25), IntervalGap::None);
  EXPECT_EQ(interval_gap(1000, 0), IntervalGap::NoSpread);
  // The match statistics' own variances: a sweep and a drawn match have none.
  EXPECT_EQ(interval_gap(20, (WDL{20, 0, 0}).variance()), IntervalGap::NoSpread);
  EXPECT_EQ(interval_gap(20, (WDL{0, 20, 0}).variance()), IntervalGap::NoSpread);
  EXPECT_EQ(interval_gap(10, Pentanomial{{0, 0, 10, 0, 0}}.variance()), IntervalGap::NoSpread);
  EXPECT_EQ(interval_gap(10, Pentanomial{{0, 0, 9, 1, 0}}.variance()), IntervalGap::None);
}

TEST(Stats, TooFewSamplesAreSaidInWords) {
  EXPECT_EQ(too_few_text(2, "game", "games"), "2 games are too few (at least 10 are needed)");
  EXPECT_EQ(too_few_text(1, "run", "runs"), "1 run is too few (at least 10 are needed)");
  EXPECT_EQ(too_few_text(0, "game pair", "game pairs", "no complete game pair"),
            "no complete game pair (at least 10 are needed)");
  EXPECT_EQ(too_few_text(0, "run", "runs"), "0 runs are too few (at least 10 are needed)");
}

TEST(Stats, PentanomialVarianceMatchesAHandComputedValue) {
  // Pairs scoring 0, 1, 1.5, 2 points: values 0, 0.5, 0.75, 1 per game.
  // Mean (2*0.5 + 3*0.75 + 4*1) / 10 = 0.725; E[x^2] = (2*0.25 + 3*0.5625 + 4) / 10 = 0.61875;
  // variance 0.61875 - 0.725^2 = 0.093125.
  Pentanomial p{{1, 0, 2, 3, 4}};
  EXPECT_EQ(p.pairs(), 10);
  EXPECT_DOUBLE_EQ(p.score(), 0.725);
  EXPECT_NEAR(p.variance(), 0.093125, 1e-12);
}

TEST(Stats, PentanomialEloIntervalTakesThePairAsTheSample) {
  // 0.725 -+ 1.959964 * sqrt(0.093125 / 10) = [0.53586, 0.91414], in Elo.
  EloEstimate e = elo_pentanomial(Pentanomial{{1, 0, 2, 3, 4}});
  EXPECT_NEAR(e.elo, 168.402, 1e-3);
  EXPECT_NEAR(e.lo, 24.962, 1e-3);
  EXPECT_NEAR(e.hi, 410.887, 1e-3);
}

TEST(Stats, PentanomialAddPairFilesAPairByItsTotalPoints) {
  Pentanomial p;
  p.add_pair(1, 0.5);    // 1.5 points
  p.add_pair(0, 1);      // 1 point: a win each
  p.add_pair(0.5, 0.5);  // 1 point: two draws, the same bucket
  p.add_pair(0, 0);
  p.add_pair(1, 1);
  EXPECT_EQ(p.n, (std::array<long long, 5>{1, 0, 2, 1, 1}));
  EXPECT_EQ(Pentanomial{}.score(), 0.5);
  EXPECT_EQ(Pentanomial{}.variance(), 0.0);
}

TEST(Stats, LikelihoodOfSuperiorityMatchesAKnownValue) {
  // (60 - 40) / sqrt(100) = 2 standard deviations: Phi(2) = 0.977250.
  EXPECT_NEAR(likelihood_of_superiority(60, 40), 0.977250, 1e-6);
  EXPECT_NEAR(likelihood_of_superiority(40, 60), 1 - 0.977250, 1e-6);
  EXPECT_EQ(likelihood_of_superiority(0, 0), 0.5);
  EXPECT_EQ(likelihood_of_superiority(7, 7), 0.5);
}

TEST(Stats, AnEvenScoreHasAnEloOfPlusZeroNotMinusZero) {
  // -400 log10(1/0.5 - 1) is -0.0, which prints as "-0.0".
  EXPECT_EQ(elo_from_score(0.5), 0.0);
  EXPECT_FALSE(std::signbit(elo_from_score(0.5)));
  WDL even{3, 4, 3};
  EXPECT_FALSE(std::signbit(elo_trinomial(even).elo));
  Pentanomial p;
  p.n = {1, 2, 4, 2, 1};
  EXPECT_FALSE(std::signbit(elo_pentanomial(p).elo));
  EXPECT_FALSE(std::signbit(normalized_elo(p).elo));
}

TEST(Stats, NormalizedEloMatchesAHandComputedValue) {
  // Pairs 0 1 4 3 2: mean 6.5 / 10 = 0.65, variance 0.525 / 10 = 0.0525 (per-game scores i/4).
  // nElo = 0.15 / sqrt(2 * 0.0525) * 800 / ln 10 = 160.8314; half-width z * 347.4356 / sqrt(20) = 152.2676.
  Pentanomial p;
  p.n = {0, 1, 4, 3, 2};
  const EloEstimate e = normalized_elo(p);
  EXPECT_NEAR(e.elo, 160.8314, 1e-3);
  EXPECT_NEAR(e.lo, 8.5639, 1e-3);
  EXPECT_NEAR(e.hi, 313.0990, 1e-3);
  // No pairs, or no spread, says nothing.
  EXPECT_EQ(normalized_elo(Pentanomial{}).lo, -kInf);
  Pentanomial same;
  same.n = {0, 0, 0, 0, 5};
  EXPECT_EQ(normalized_elo(same).hi, kInf);
}

TEST(Stats, LikelihoodOfSuperiorityFromPairsMatchesAHandComputedValue) {
  // Phi(0.15 / sqrt(0.0525 / 10)) = Phi(2.07020) = 0.980783.
  Pentanomial p;
  p.n = {0, 1, 4, 3, 2};
  EXPECT_NEAR(likelihood_of_superiority(p), 0.980783, 1e-6);
  Pentanomial mirror;
  mirror.n = {2, 3, 4, 1, 0};
  EXPECT_NEAR(likelihood_of_superiority(mirror), 1 - 0.980783, 1e-6);
  EXPECT_EQ(likelihood_of_superiority(Pentanomial{}), 0.5);
  Pentanomial sweep;
  sweep.n = {0, 0, 0, 0, 3};
  EXPECT_EQ(likelihood_of_superiority(sweep), 1.0);
}

TEST(Stats, ClusteredIntervalMatchesAHandComputedExample) {
  // Clusters A: 1 1 1, B: 0 0, C: 1 0, D: 1. n = 8, mean 5/8 = 0.625.
  // Plain: sum (y - mean)^2 = 5 * 0.375^2 + 3 * 0.625^2 = 1.875, V0 = 1.875 / (8 * 7) = 0.0334821.
  // Cluster residual sums 1.125, -1.25, -0.25, 0.375; squares 3.03125; V = 4/3 * 3.03125 / 64 = 0.0631510.
  // Design effect V / V0 = 1.886111; effective n = 8 / 1.886111 = 4.241532;
  // Wilson(0.625 * 4.241532, 4.241532) = [0.226600, 0.904587] (plain Wilson(5, 8) = [0.305742, 0.863156]).
  const std::vector<double> y = {1, 1, 1, 0, 0, 1, 0, 1};
  const std::vector<std::uint64_t> c = {10, 10, 10, 20, 20, 30, 30, 40};
  const ClusteredMean m = clustered_mean(y, c);
  EXPECT_EQ(m.n, 8);
  EXPECT_EQ(m.clusters, 4);
  EXPECT_DOUBLE_EQ(m.mean, 0.625);
  EXPECT_NEAR(m.iid_se * m.iid_se, 0.0334821, 1e-7);
  EXPECT_NEAR(m.se * m.se, 0.0631510, 1e-7);
  EXPECT_NEAR(m.design_effect, 1.886111, 1e-6);
  const Interval ci = clustered_wilson(m);
  EXPECT_NEAR(ci.lo, 0.226600, 1e-6);
  EXPECT_NEAR(ci.hi, 0.904587, 1e-6);
  // The order of the observations does not matter.
  const ClusteredMean r = clustered_mean({1, 0, 1, 0, 1, 0, 1, 1}, {40, 30, 30, 20, 10, 20, 10, 10});
  EXPECT_NEAR(r.design_effect, m.design_effect, 1e-12);
}

TEST(Stats, ClusteredIntervalIsWilsonsWhenEveryObservationIsItsOwnCluster) {
  std::vector<double> y;
  std::vector<std::uint64_t> c;
  for (int i = 0; i < 400; ++i) y.push_back(i % 5 < 3), c.push_back(static_cast<std::uint64_t>(i) * 7919);
  const ClusteredMean m = clustered_mean(y, c);
  EXPECT_DOUBLE_EQ(m.design_effect, 1.0);
  const Interval plain = wilson(240, 400), clustered = clustered_wilson(m);
  EXPECT_NEAR(clustered.lo, plain.lo, 1e-12);
  EXPECT_NEAR(clustered.hi, plain.hi, 1e-12);
}

TEST(Stats, AScoreThatNeverVariesHasWilsonsIntervalAtItsClustersNotAZeroWidthOne) {
  // 60 games in 30 clusters of two, every one scored 1: the normal interval from a standard error of 0
  // would be [1, 1]; Wilson's at the effective size (each cluster once) is not.
  std::vector<double> won(60, 1.0), drawn(60, 0.5), mixed;
  std::vector<std::uint64_t> c;
  for (int i = 0; i < 60; ++i) c.push_back(static_cast<std::uint64_t>(i / 2));
  const Interval top = clustered_score_ci(clustered_mean(won, c)), want = wilson(30, 30);
  EXPECT_NEAR(top.lo, want.lo, 1e-12);
  EXPECT_DOUBLE_EQ(top.hi, 1);
  EXPECT_LT(top.lo, 0.95);
  const Interval middle = clustered_score_ci(clustered_mean(drawn, c)), half = wilson(15, 30);
  EXPECT_NEAR(middle.lo, half.lo, 1e-12);
  EXPECT_NEAR(middle.hi, half.hi, 1e-12);
  // A score that varies keeps its normal interval, inside [0, 1].
  for (int i = 0; i < 60; ++i) mixed.push_back(i % 3 == 0 ? 0.0 : 1.0);
  const ClusteredMean m = clustered_mean(mixed, c);
  const Interval normal = clustered_normal(m), got = clustered_score_ci(m);
  EXPECT_DOUBLE_EQ(got.lo, std::max(0.0, normal.lo));
  EXPECT_DOUBLE_EQ(got.hi, std::min(1.0, normal.hi));
}

TEST(Stats, ClusteredIntervalWidensWhenClustersRepeatAnOutcome) {
  // 400 observations in 40 clusters of 10 that each repeat one outcome (24 clusters of wins).
  // V0 = 400 * 0.24 / (400 * 399) = 0.00060150; V = 40/39 * (24 * 4^2 + 16 * 6^2) / 400^2 = 0.0061538;
  // design effect 10.2308, so the interval is about sqrt(10.23) = 3.2 times as wide as Wilson's.
  std::vector<double> y;
  std::vector<std::uint64_t> c;
  for (int k = 0; k < 40; ++k)
    for (int i = 0; i < 10; ++i) y.push_back(k < 24), c.push_back(static_cast<std::uint64_t>(k));
  const ClusteredMean m = clustered_mean(y, c);
  EXPECT_NEAR(m.design_effect, 10.2308, 1e-4);
  const Interval plain = wilson(240, 400), clustered = clustered_wilson(m);
  const double ratio = (clustered.hi - clustered.lo) / (plain.hi - plain.lo);
  EXPECT_GT(ratio, 2.8);
  EXPECT_LT(ratio, 3.4);
  // One cluster is one observation; equal outcomes in several clusters count once a cluster.
  EXPECT_DOUBLE_EQ(clustered_mean({1, 0, 1}, {5, 5, 5}).design_effect, 3.0);
  EXPECT_DOUBLE_EQ(clustered_mean({1, 1, 1, 1}, {1, 1, 2, 2}).design_effect, 2.0);
  // Never narrower than the plain interval: alternating outcomes inside clusters.
  EXPECT_DOUBLE_EQ(clustered_mean({1, 0, 1, 0, 1, 0}, {1, 1, 2, 2, 3, 3}).design_effect, 1.0);
}

TEST(Stats, TheClusterShapeCountsEffectiveClustersAndTheLargestShare) {
  // Sizes 4, 2, 1, 1 of 8: 64 / (16 + 4 + 1 + 1) = 2.909 effective clusters, the largest half of them.
  const ClusterShape s = cluster_shape({1, 1, 1, 1, 2, 2, 3, 4});
  EXPECT_EQ(s.n, 8);
  EXPECT_EQ(s.clusters, 4);
  EXPECT_DOUBLE_EQ(s.effective, 64.0 / 22);
  EXPECT_DOUBLE_EQ(s.largest_share, 0.5);
  // Equal clusters count in full; one cluster counts once.
  EXPECT_DOUBLE_EQ(cluster_shape({5, 5, 6, 6, 7, 7}).effective, 3);
  EXPECT_DOUBLE_EQ(cluster_shape({9, 9, 9}).effective, 1);
  EXPECT_EQ(cluster_shape({}).clusters, 0);
}

TEST(Stats, TooFewEffectiveClustersSayWhyFromTheThresholdOn) {
  std::vector<std::uint64_t> twenty(20), nineteen(19);
  for (std::size_t i = 0; i < twenty.size(); ++i) twenty[i] = i;
  for (std::size_t i = 0; i < nineteen.size(); ++i) nineteen[i] = i;
  EXPECT_EQ(too_few_clusters_text(cluster_shape(twenty)), "");
  EXPECT_EQ(too_few_clusters_text(cluster_shape(nineteen)),
            "rests on 19.0 effective clusters (the largest holds 5% of the games; at least 20 are needed)");
  // 172 of 200 games in one cluster, the rest alone: 40000 / (172^2 + 28) = 1.35.
  std::vector<std::uint64_t> one_line(200, 0);
  for (std::size_t i = 172; i < 200; ++i) one_line[i] = i;
  EXPECT_EQ(too_few_clusters_text(cluster_shape(one_line), "games"),
            "rests on 1.4 effective clusters (the largest holds 86% of the games; at least 20 are needed)");
}

TEST(Stats, JoinedClustersAreTheComponentsOfSharedKeys) {
  // Games 0 and 1 share opening 10, 1 and 2 placement 2, so 0-1-2 is one component though 0 and 2 share
  // nothing; 3 and 5 share opening 11; 4 shares nothing. Key 0 (no opening) joins nothing: 2 and 4.
  const std::vector<std::uint64_t> placement{1, 2, 2, 3, 4, 5}, opening{10, 10, 0, 11, 0, 11};
  EXPECT_EQ(joined_clusters({placement, opening}), (std::vector<std::uint64_t>{0, 0, 0, 3, 4, 3}));
  // One kind alone: the clusters of that key.
  EXPECT_EQ(joined_clusters({placement}), (std::vector<std::uint64_t>{0, 1, 1, 3, 4, 5}));
  // Every key 0: every game its own cluster.
  EXPECT_EQ(joined_clusters({{0, 0, 0}}), (std::vector<std::uint64_t>{0, 1, 2}));
  // A chain that links late: the component's label is still its smallest index.
  EXPECT_EQ(joined_clusters({{7, 8, 9, 7}, {0, 5, 5, 9}, {1, 2, 3, 3}}), (std::vector<std::uint64_t>{0, 0, 0, 0}));
  EXPECT_TRUE(joined_clusters({}).empty());
}

TEST(Stats, SprtBoundsFollowAlphaAndBeta) {
  SprtResult r = sprt({}, SprtConfig{});
  EXPECT_NEAR(r.lower, -2.944439, 1e-6);  // log(0.05 / 0.95)
  EXPECT_NEAR(r.upper, 2.944439, 1e-6);
  r = sprt({}, SprtConfig{0, 10, 0.01, 0.1});
  EXPECT_NEAR(r.lower, std::log(0.1 / 0.99), 1e-12);
  EXPECT_NEAR(r.upper, std::log(0.9 / 0.01), 1e-12);
}

TEST(Stats, SprtLlrMatchesFastchessReferenceValues) {
  // fastchess app/tests/sprt_test.cpp, "logistic pentanomial 1" and "2" (LL, LD, WL+DD, WD, WW),
  // which match fishtest's LLR_logistic; re-derived with an independent Python bisection:
  // -3.074126 and -4.978673.
  Pentanomial a{{223, 9863, 20279 + 1000, 10037, 246}};
  Pentanomial b{{871, 26175, 55003 + 980, 26678, 821}};
  EXPECT_NEAR(llr_logistic(a, 0.5, 2.5), -3.074126, 1e-5);
  EXPECT_NEAR(llr_logistic(b, 0, 2), -4.978673, 1e-5);
}

TEST(Stats, SprtApproximationAgreesNearTheHypothesesOnly) {
  Pentanomial a{{223, 9863, 21279, 10037, 246}};
  EXPECT_NEAR(llr_logistic_approx(a, 0.5, 2.5), llr_logistic(a, 0.5, 2.5), 1e-3);
  // Three clean sweeps: the approximation claims 34, far past the bound; the fitted ratio 0.085.
  Pentanomial sweeps{{0, 0, 0, 0, 3}};
  EXPECT_NEAR(llr_logistic_approx(sweeps, 0, 10), 34.10, 0.01);
  EXPECT_NEAR(llr_logistic(sweeps, 0, 10), 0.0852, 1e-4);
}

TEST(Stats, SprtAcceptsH1WhenPairsStronglyFavourThePlayer) {
  // 1000 pairs scoring 0.80 per game, about +240 Elo against bounds of 0 and 10.
  SprtResult r = sprt(Pentanomial{{10, 40, 150, 400, 400}}, SprtConfig{});
  EXPECT_NEAR(r.llr, 27.388, 1e-3);
  EXPECT_EQ(r.decision, SprtResult::AcceptH1);
}

TEST(Stats, SprtAcceptsH0WhenResultsAreBalanced) {
  // 5000 symmetric pairs: score exactly 0.5, variance 0.075.
  SprtResult r = sprt(Pentanomial{{500, 1000, 2000, 1000, 500}}, SprtConfig{});
  EXPECT_NEAR(r.llr, -6.895, 1e-3);
  EXPECT_EQ(r.decision, SprtResult::AcceptH0);
}

TEST(Stats, SprtContinuesAfterTooFewPairs) {
  SprtResult r = sprt(Pentanomial{{1, 2, 4, 2, 1}}, SprtConfig{});
  EXPECT_NEAR(r.llr, -0.013790, 1e-6);
  EXPECT_EQ(r.decision, SprtResult::Continue);

  r = sprt(Pentanomial{{0, 0, 0, 0, 3}}, SprtConfig{});
  EXPECT_EQ(r.decision, SprtResult::Continue);
}

TEST(Stats, SprtWithNoPairsContinuesWithoutNaN) {
  SprtResult r = sprt({}, SprtConfig{});
  EXPECT_EQ(r.llr, 0.0);
  EXPECT_EQ(r.decision, SprtResult::Continue);
  EXPECT_EQ(llr_logistic_approx({}, 0, 10), 0.0);
}

TEST(Stats, SprtOnOneRepeatedOutcomeStaysFinite) {
  // Every pair drawn both times: zero variance before regularization.
  for (int i = 0; i < 5; ++i) {
    Pentanomial p;
    p.n[i] = 50;
    SprtResult r = sprt(p, SprtConfig{});
    EXPECT_TRUE(std::isfinite(r.llr)) << i;
    EXPECT_TRUE(std::isfinite(llr_logistic_approx(p, 0, 10))) << i;
  }
  EXPECT_EQ(sprt(Pentanomial{{0, 0, 50, 0, 0}}, SprtConfig{}).decision, SprtResult::Continue);
}

TEST(Stats, ParseSprtReadsAnySubsetInAnyOrder) {
  auto all = parse_sprt("elo0=0,elo1=10,alpha=0.05,beta=0.05");
  ASSERT_TRUE(all.ok()) << all.error;
  EXPECT_EQ(all.value.elo1, 10.0);

  auto some = parse_sprt(" beta=0.1 , elo0=-1.75 ");
  ASSERT_TRUE(some.ok()) << some.error;
  EXPECT_EQ(some.value.elo0, -1.75);
  EXPECT_EQ(some.value.elo1, 10.0);
  EXPECT_EQ(some.value.alpha, 0.05);
  EXPECT_EQ(some.value.beta, 0.1);

  auto none = parse_sprt("");
  ASSERT_TRUE(none.ok()) << none.error;
  EXPECT_EQ(none.value.elo0, 0.0);
}

void expect_sprt_error(const std::string& text, const std::string& names) {
  auto p = parse_sprt(text);
  ASSERT_FALSE(p.ok()) << text << " parsed";
  EXPECT_NE(p.error.find(names), std::string::npos) << text << " -> " << p.error;
}

TEST(Stats, ParseSprtRejectsBadInputsNamingTheKey) {
  expect_sprt_error("elo0=5,elo1=5", "elo0 (5) must be less than elo1 (5)");
  expect_sprt_error("elo1=-1", "elo0 (0) must be less than elo1 (-1)");
  expect_sprt_error("alpha=0.7", "'alpha'; allowed: a number in (0, 0.5)");
  expect_sprt_error("beta=0", "'beta'; allowed: a number in (0, 0.5)");
  expect_sprt_error("alpha=0.5", "'alpha'");
  expect_sprt_error("foo=1", "unknown sprt key 'foo'; allowed: elo0, elo1, alpha, beta");
  expect_sprt_error("elo1=ten", "'elo1'");
  expect_sprt_error("elo1=10x", "'elo1'");
  expect_sprt_error("elo1=2000", "'elo1'; allowed: a number in [-1000, 1000]");
  expect_sprt_error("elo1=nan", "'elo1'");
  expect_sprt_error("elo0", "sprt key 'elo0' needs a value");
  expect_sprt_error("elo0=1,elo0=2", "'elo0' is given twice");
  expect_sprt_error("elo=5", "unknown sprt key 'elo' (did you mean 'elo0'?)");
  expect_sprt_error("alfa=0.1", "did you mean 'alpha'?");
}

}  // namespace
}  // namespace seega
