// Evaluation tuning on synthetic samples drawn from a known logistic model: recovery of the weights and
// K with honest standard errors, the split by game, undetermined features, phases, and bad inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "analysis/tune.hpp"
#include "rules/random.hpp"

namespace seega {
namespace {

// The model the samples are drawn from. Movement weights like the defaults, placement ones clearly
// different, so a fit that mixed them up would show.
Weights true_movement() {
  Weights w;
  w.w = {100, 3, 10, 25, -35, 8, 20, 60, 30, 15, 4, 0, 50};
  return w;
}
Weights true_placement() {
  Weights w;
  w.w = {80, 0, 15, 10, -20, 12, 5, 0, 45, 20, 6, 9, 0};
  return w;
}
constexpr double kTrueK = 0.8;

// How the features of a sample are drawn. Mixed: every feature varies. Realistic: as in real games,
// movement samples have last_placer and placement_safe 0, placement ones have mobility, blocked and
// quiet_count 0 and last_placer +-1.
enum class Shape { Mixed, Realistic };

// Integers in [lo, hi].
double between(Rng& rng, int lo, int hi) {
  return lo + static_cast<double>(rng.below(static_cast<std::uint64_t>(hi - lo + 1)));
}

FeatureVector draw_features(Rng& rng, bool placing, Shape shape) {
  FeatureVector x{};
  x[Material] = between(rng, -4, 4);
  x[Mobility] = between(rng, -10, 10);
  x[Safe] = between(rng, -3, 3);
  x[Threats] = between(rng, 0, 3);
  x[Hanging] = between(rng, 0, 3);
  x[CentreRing] = between(rng, -2, 2);
  x[CentreEntry] = between(rng, -2, 2);
  const double u = rng.uniform();
  x[Blocked] = u < 0.03 ? 1 : u < 0.06 ? -1 : 0;
  x[LastPlacer] = rng.below(2) ? 1 : -1;
  if (shape == Shape::Realistic) {
    if (placing) x[Mobility] = x[Blocked] = 0;
    else x[LastPlacer] = 0;
  }
  return x;
}

// The features added later (first_entry, edge, placement_safe, quiet_count), from a generator of their
// own, so that the draws of the others, and the tests that count them, stay as they were.
void draw_added_features(Rng& rng, bool placing, Shape shape, FeatureVector& x) {
  x[FirstEntry] = between(rng, -2, 2);
  x[Edge] = between(rng, -4, 4);
  x[PlacementSafe] = between(rng, -3, 3);
  x[QuietCount] = between(rng, -3, 3) * rng.uniform();
  if (shape == Shape::Realistic) {
    if (placing) x[QuietCount] = 0;
    else x[PlacementSafe] = 0;
  }
}

double dot(const FeatureVector& w, const FeatureVector& x) {
  double e = 0;
  for (int f = 0; f < kFeatureCount; ++f) e += w[f] * x[f];
  return e;
}

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

Weights movement_truth() { return Weights{true_movement().w, std::nullopt, std::nullopt, nullptr}; }
Weights phase_truth() { return Weights{true_movement().w, true_placement().w, std::nullopt, nullptr}; }

// What synthetic() draws: n samples, `per_game` consecutive ones to a game, a share `placing` of
// them placement samples, each target Bernoulli(sigmoid(k e / 100)) under `truth`, 0 or 1. `edit`
// changes the features before the target is drawn, so the data still follow the model.
struct Draw {
  long long n = 10'000;
  std::uint64_t seed = 1;
  Weights truth = movement_truth();
  double k = kTrueK;
  double placing = 0;
  Shape shape = Shape::Mixed;
  int per_game = 10;
  std::function<void(FeatureVector&)> edit = nullptr;
  bool tapered = false;  // draw each movement sample's taper uniformly in [0, 1] (else 1)
};

std::vector<TuneSample> synthetic(const Draw& d) {
  Rng rng(d.seed);
  std::vector<TuneSample> out(static_cast<std::size_t>(d.n));
  for (long long i = 0; i < d.n; ++i) {
    TuneSample& s = out[static_cast<std::size_t>(i)];
    s.placement = rng.uniform() < d.placing;
    s.x = draw_features(rng, s.placement, d.shape);
    Rng added(Rng::derive(d.seed ^ 0xadded, static_cast<std::uint64_t>(i)));
    draw_added_features(added, s.placement, d.shape, s.x);
    if (d.edit) d.edit(s.x);
    if (d.tapered && !s.placement) s.taper = added.uniform();
    s.target = rng.uniform() < sigmoid(d.k * d.truth.value(s.x, s.placement, s.taper) / 100) ? 1 : 0;
    s.game = i / d.per_game;
  }
  return out;
}

TuneResult tune_or_fail(const std::vector<TuneSample>& s, const TuneOptions& o,
                        const Weights& start = Weights::defaults()) {
  auto r = tune(s, start, o);
  EXPECT_TRUE(r.ok()) << r.error;
  return r.value;
}

// (fitted - true) / se on the scale the fit works in, beta = K w / 100. There the reported standard
// error is exact (se(w) = 100 se(beta) / K is a change of units), whereas on the weight scale it leaves
// out the uncertainty of K, which a test would have to excuse.
double z_score(const TuneResult& r, const FeatureFit& fit, double true_weight) {
  // The fixed weight's beta is K itself, with K's standard error.
  const double beta = r.k * fit.fitted / 100, se = fit.fixed ? r.k_se : r.k * fit.se / 100;
  return (beta - kTrueK * true_weight / 100) / se;
}

TEST(Tune, RecoversKnownWeightsAndKWithinFourOfItsStandardErrors) {
  // Eight seeds of 50,000 samples each, nothing held out. Every beta (K included: it is material's
  // beta) must lie within 4 reported standard errors of the truth (a 6e-5 chance per check if the
  // errors are right), and the mean square of the 104 standardised errors must be near 1. Measured
  // over 151 other draws of four seeds of 100,000, the mean square of 36 had mean 1.00 and spread
  // 0.24, as chi-square(36) / 36 has (0.236), so the correlation between one fit's errors does not
  // widen it; here it is chi-square(104) / 104, whose 1e-4 quantiles are 0.57 and 1.61. [0.5, 1.75]
  // fails standard errors off by a factor of 1.4 (a mean square of 0.5 or 2), such as a lost factor
  // of 2 in the Hessian (over 41 other draws of eight seeds, with the nine features of the time: 0.64 to 1.37).
  const Weights truth = true_movement();
  double square_sum = 0;
  int count = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    TuneOptions o;
    o.holdout = 0;
    const TuneResult r = tune_or_fail(synthetic({.n = 50'000, .seed = seed}), o);
    EXPECT_TRUE(r.converged);
    EXPECT_LT(r.iterations, 15);
    EXPECT_EQ(r.weights.w[Material], 100.0);
    EXPECT_FALSE(r.weights.placement.has_value());
    EXPECT_TRUE(r.placement.empty());
    EXPECT_TRUE(r.undetermined.empty());
    ASSERT_EQ(r.movement.size(), static_cast<std::size_t>(kFeatureCount));
    for (int f = 0; f < kFeatureCount; ++f) {
      const FeatureFit& fit = r.movement[static_cast<std::size_t>(f)];
      EXPECT_TRUE(fit.determined) << kFeatureNames[f];
      EXPECT_EQ(fit.start, Weights::defaults().w[f]);
      const double z = z_score(r, fit, truth.w[f]);
      EXPECT_LT(std::abs(z), 4) << kFeatureNames[f] << " seed " << seed << ": " << fit.fitted << " +- " << fit.se;
      square_sum += z * z;
      ++count;
    }
    EXPECT_LT(std::abs(r.k - kTrueK), 4 * r.k_se) << r.k;
  }
  const double mean_square = square_sum / count;
  RecordProperty("mean_square_z", std::to_string(mean_square));
  EXPECT_GT(mean_square, 0.5);
  EXPECT_LT(mean_square, 1.75);
}

TEST(Tune, FitKFindsTheScaleOfDataDrawnWithTheTrueWeights) {
  // With the weights known, K is a one-parameter logistic regression on e / 100, whose standard
  // error is 1 / sqrt(sum p (1 - p) (e / 100)^2).
  const auto samples = synthetic({.n = 100'000, .seed = 7});
  const double k = fit_k(samples, movement_truth());
  double information = 0;
  for (const TuneSample& s : samples) {
    const double e = dot(true_movement().w, s.x) / 100, p = sigmoid(kTrueK * e);
    information += p * (1 - p) * e * e;
  }
  EXPECT_LT(std::abs(k - kTrueK), 4 / std::sqrt(information)) << k;
  // And it is the minimum: a step either way raises the loss.
  const double at = tune_loss(samples, movement_truth(), k);
  EXPECT_LT(at, tune_loss(samples, movement_truth(), k * 1.001));
  EXPECT_LT(at, tune_loss(samples, movement_truth(), k / 1.001));
}

TEST(Tune, FitKSolvesATwoSampleCaseByHand) {
  // One stone up scoring 3/4, one stone down scoring 1/4: the loss is least where sigmoid(K) = 3/4,
  // K = ln 3.
  TuneSample up, down;
  up.x[Material] = 1;
  up.target = 0.75;
  down.x[Material] = -1;
  down.target = 0.25;
  EXPECT_NEAR(fit_k({up, down}, Weights::defaults()), std::log(3.0), 1e-9);
  // The loss there: the entropy of a 3/4 coin in nats.
  EXPECT_NEAR(tune_loss({up, down}, Weights::defaults(), std::log(3.0)),
              -(0.75 * std::log(0.75) + 0.25 * std::log(0.25)), 1e-12);
}

TEST(Tune, FitKStaysInItsRange) {
  TuneSample up;
  up.x[Material] = 1;
  up.target = 1;  // every win goes to the side ahead: the loss falls for ever
  EXPECT_EQ(fit_k({up}, Weights::defaults()), kMaxTuneK);
  up.target = 0;  // the side ahead always loses: no positive K helps
  EXPECT_EQ(fit_k({up}, Weights::defaults()), kMinTuneK);
  TuneSample level;  // every feature 0: the evaluation says nothing
  level.target = 1;
  EXPECT_EQ(fit_k({level}, Weights::defaults()), kMinTuneK);
  EXPECT_EQ(fit_k({}, Weights::defaults()), kMinTuneK);
  EXPECT_EQ(tune_loss({}, {}, 1), 0.0);
}

TEST(Tune, HeldOutGamesAreNearTheAskedShareAndDependOnTheSeed) {
  const long long games = 20'000;
  for (double h : {0.1, 0.25, 0.5}) {
    std::vector<bool> first;
    for (std::uint64_t seed : {1, 2}) {
      long long out = 0;
      std::vector<bool> these;
      for (long long g = 0; g < games; ++g) {
        these.push_back(held_out(g, seed, h));
        out += these.back();
      }
      // Binomial: 4 standard errors of the share.
      EXPECT_NEAR(static_cast<double>(out) / games, h, 4 * std::sqrt(h * (1 - h) / games)) << h << " " << seed;
      if (seed == 1) first = these;
      else EXPECT_NE(first, these) << "the seed does not change the split";
    }
  }
  for (long long g = 0; g < 1000; ++g) EXPECT_FALSE(held_out(g, 1, 0));
}

TEST(Tune, TheSplitIsByGameNeverByPosition) {
  // 3000 games of 7 positions. Had any game landed in both parts, the parts' distinct games would
  // add up to more than 3000; and the held-out loss the fit reports must be that of exactly the
  // games held_out names.
  const long long games = 3000;
  const int per_game = 7;
  const auto samples = synthetic({.n = games * per_game, .seed = 3, .per_game = per_game});
  TuneOptions o;
  o.holdout = 0.2;
  o.seed = 11;
  const TuneResult r = tune_or_fail(samples, o);
  EXPECT_EQ(r.train_games + r.holdout_games, games);
  EXPECT_EQ(r.train_samples + r.holdout_samples, games * per_game);
  EXPECT_EQ(r.holdout_samples, r.holdout_games * per_game);
  EXPECT_NEAR(static_cast<double>(r.holdout_games) / games, 0.2, 4 * std::sqrt(0.2 * 0.8 / games));
  std::vector<TuneSample> out, in;
  for (const TuneSample& s : samples) (held_out(s.game, o.seed, o.holdout) ? out : in).push_back(s);
  EXPECT_EQ(static_cast<long long>(out.size()), r.holdout_samples);
  EXPECT_NEAR(tune_loss(out, r.weights, r.k), r.holdout_loss_after, 1e-12);
  EXPECT_NEAR(tune_loss(in, r.weights, r.k), r.train_loss_after, 1e-12);
  EXPECT_NEAR(fit_k(in, Weights::defaults()), r.k_start, 1e-12);
}

TEST(Tune, L2KeepsTwoIdenticalColumnsFiniteAndNamesThemUndetermined) {
  // threats is a copy of safe: only their sum is determined (the truth's 10 + 25 = 35). A fit of the
  // same data with the copy zeroed sees that sum as safe's weight alone, so it is the reference.
  const auto samples = synthetic({.n = 50'000, .seed = 5, .edit = [](FeatureVector& x) { x[Threats] = x[Safe]; }});
  auto single = samples;
  for (TuneSample& s : single) s.x[Threats] = 0;
  for (double l2 : {1.0, 0.0}) {
    TuneOptions o;
    o.holdout = 0;
    o.l2 = l2;
    const TuneResult r = tune_or_fail(samples, o);
    const TuneResult ref = tune_or_fail(single, o);
    EXPECT_EQ(r.undetermined, (std::vector<std::string>{"safe", "threats"})) << l2;
    EXPECT_FALSE(r.movement[Safe].determined);
    EXPECT_FALSE(r.movement[Threats].determined);
    EXPECT_TRUE(r.movement[Material].determined);
    for (const FeatureFit& f : r.movement) {
      EXPECT_TRUE(std::isfinite(f.fitted));
      EXPECT_TRUE(std::isfinite(f.se));
    }
    // The penalty splits the sum evenly between the copies, and moves it from the reference only by
    // the penalty's share of the information (about 1e-4 here).
    EXPECT_NEAR(r.movement[Safe].fitted, r.movement[Threats].fitted, 1e-6);
    EXPECT_NEAR(r.movement[Safe].fitted + r.movement[Threats].fitted, ref.movement[Safe].fitted, 0.05) << l2;
    // Within 4 standard errors of 35: safe's own, and material's share through K.
    EXPECT_NEAR(ref.movement[Safe].fitted, 35, 4 * ref.movement[Safe].se + 35 * 4 * ref.k_se / ref.k);
    EXPECT_EQ(ref.undetermined, std::vector<std::string>{"threats"});
    EXPECT_TRUE(r.converged) << l2;
  }
}

TEST(Tune, AZeroColumnAndAMultipleOfAnotherAreUndetermined) {
  const auto samples = synthetic({.n = 30'000, .seed = 6, .edit = [](FeatureVector& x) {
                                    x[CentreEntry] = 0;
                                    x[CentreRing] = -3 * x[Mobility];
                                  }});
  for (double l2 : {0.0, 0.5}) {
    TuneOptions o;
    o.l2 = l2;
    const TuneResult r = tune_or_fail(samples, o);
    EXPECT_EQ(r.undetermined, (std::vector<std::string>{"mobility", "centre_ring", "centre_entry"})) << l2;
    // Nothing in the data speaks for centre_entry, so the penalty (or the ridge) holds it at 0.
    EXPECT_NEAR(r.movement[CentreEntry].fitted, 0, 1e-6);
    EXPECT_TRUE(std::isfinite(r.movement[CentreRing].fitted));
    EXPECT_TRUE(r.converged) << l2;
  }
}

TEST(Tune, AnUndeterminedFeatureSaysWhyInsteadOfAStandardError) {
  // centre_entry is always 0 and centre_ring is -3 x mobility, as in the test above; threats is non-zero
  // in only 5 positions, whose results all go one way (a weight that would run off to infinity).
  auto samples = synthetic({.n = 30'000, .seed = 6, .edit = [](FeatureVector& x) {
                              x[CentreEntry] = 0;
                              x[CentreRing] = -3 * x[Mobility];
                              x[Threats] = 0;
                            }});
  for (int i = 0; i < 5; ++i) {
    samples[static_cast<std::size_t>(i)].x[Threats] = 2;
    samples[static_cast<std::size_t>(i)].target = 1;
  }
  TuneOptions o;
  o.holdout = 0;
  const TuneResult r = tune_or_fail(samples, o);
  EXPECT_EQ(r.movement[CentreEntry].undetermined_why, "always 0 in the training positions");
  EXPECT_EQ(r.movement[Mobility].undetermined_why, "linearly dependent on centre_ring in the training positions");
  EXPECT_EQ(r.movement[CentreRing].undetermined_why, "linearly dependent on mobility in the training positions");
  EXPECT_EQ(r.movement[Threats].undetermined_why,
            "non-zero in only 5 of the training positions (at least 10 are needed)");
  EXPECT_EQ(r.undetermined, (std::vector<std::string>{"mobility", "threats", "centre_ring", "centre_entry"}));
  EXPECT_TRUE(r.converged);
  for (const FeatureFit& f : r.movement) {
    EXPECT_EQ(f.determined, f.undetermined_why.empty());
    EXPECT_TRUE(std::isfinite(f.fitted));
  }
  // Split: each phase's positions are named.
  const auto phased = synthetic({.n = 20'000, .seed = 7, .placing = 0.4, .shape = Shape::Realistic});
  o.split = true;
  const TuneResult s = tune_or_fail(phased, o);
  EXPECT_EQ(s.movement[LastPlacer].undetermined_why, "always 0 in the movement training positions");
  EXPECT_EQ(s.placement[Mobility].undetermined_why, "always 0 in the placement training positions");
}

TEST(Tune, MaterialsWeightIsFixedWithNoStandardErrorAndKHasOne) {
  TuneOptions o;
  o.holdout = 0;
  const TuneResult r = tune_or_fail(synthetic({.n = 20'000, .seed = 3}), o);
  EXPECT_TRUE(r.movement[Material].fixed);
  EXPECT_EQ(r.movement[Material].se, 0.0);
  EXPECT_GT(r.k_se, 0.0);
  EXPECT_LT(r.k_se, 0.1 * r.k);
  for (int f = Mobility; f < kFeatureCount; ++f) EXPECT_FALSE(r.movement[static_cast<std::size_t>(f)].fixed);
  // Split: placement's material is fitted (100 beta / K like the rest), so it is not fixed.
  o.split = true;
  const TuneResult s =
      tune_or_fail(synthetic({.n = 20'000, .seed = 3, .truth = phase_truth(), .placing = 0.4}), o, phase_truth());
  EXPECT_TRUE(s.movement[Material].fixed);
  EXPECT_FALSE(s.placement[Material].fixed);
  EXPECT_GT(s.placement[Material].se, 0.0);
}

TEST(Tune, NothingHeldOutLeavesTheHeldOutLossOutAndSaysWhy) {
  const auto samples = synthetic({.n = 5'000, .seed = 4});
  TuneOptions o;
  o.holdout = 0;
  EXPECT_EQ(tune_or_fail(samples, o).no_holdout, "nothing is held out (holdout 0)");
  o.holdout = 1e-9;  // 500 games: none falls that low
  const TuneResult tiny = tune_or_fail(samples, o);
  EXPECT_EQ(tiny.holdout_samples, 0);
  EXPECT_EQ(tiny.no_holdout, "no game fell in the held-out share (holdout 1e-09)");
  o.holdout = 0.2;
  const TuneResult some = tune_or_fail(samples, o);
  EXPECT_GT(some.holdout_samples, 0);
  EXPECT_EQ(some.no_holdout, "");
}

TEST(Tune, AConstantColumnPlaysTheInterceptAndIsDetermined) {
  // Without an intercept, a column that is always 1 is the intercept: the data determine it.
  const auto samples = synthetic({.n = 60'000, .seed = 99, .edit = [](FeatureVector& x) { x[LastPlacer] = 1; }});
  TuneOptions o;
  o.holdout = 0;
  const TuneResult r = tune_or_fail(samples, o);
  EXPECT_TRUE(r.undetermined.empty());
  EXPECT_TRUE(r.movement[LastPlacer].determined);
  EXPECT_LT(std::abs(z_score(r, r.movement[LastPlacer], true_movement().w[LastPlacer])), 4);
}

TEST(Tune, SplitRecoversDifferentPlacementAndMovementWeights) {
  // 40% placement samples. As in real games, last_placer is 0 in movement and mobility and blocked
  // are 0 in placement, so those are undetermined in their phase; every other weight of both phases
  // lies within 4 standard errors of its own phase's truth, on the one K of material's movement weight.
  const auto samples =
      synthetic({.n = 200'000, .seed = 8, .truth = phase_truth(), .placing = 0.4, .shape = Shape::Realistic});
  TuneOptions o;
  o.split = true;
  o.holdout = 0;
  const TuneResult r = tune_or_fail(samples, o);
  EXPECT_EQ(r.undetermined,
            (std::vector<std::string>{"movement last_placer", "movement placement_safe", "placement mobility",
                                      "placement blocked", "placement quiet_count"}));
  ASSERT_TRUE(r.weights.placement.has_value());
  ASSERT_EQ(r.placement.size(), static_cast<std::size_t>(kFeatureCount));
  EXPECT_EQ(r.weights.w[Material], 100.0);
  for (int f = 0; f < kFeatureCount; ++f) {
    const auto i = static_cast<std::size_t>(f);
    if (r.movement[i].determined) {
      EXPECT_LT(std::abs(z_score(r, r.movement[i], true_movement().w[f])), 4) << "movement " << kFeatureNames[f];
    }
    if (r.placement[i].determined) {
      EXPECT_LT(std::abs(z_score(r, r.placement[i], true_placement().w[f])), 4) << "placement " << kFeatureNames[f];
    }
    EXPECT_EQ((*r.weights.placement)[f], r.placement[i].fitted);
  }
  EXPECT_TRUE(r.converged);
  // Placement's material really is 80, five and more standard errors from movement's 100.
  EXPECT_LT((*r.weights.placement)[Material], 90);
}

TEST(Tune, TaperRecoversTheFullBoardsAndTheEmptyBoardsWeights) {
  // Movement samples drawn from tapered weights, each with its own taper: the tapered fit finds both
  // sets within 4 standard errors of the truth, and fits better than one set does.
  Weights truth = movement_truth();
  truth.endgame = FeatureVector{160, 8, 0, 40, -10, 0, 30, 20, 30, 5, -6, 0, 90};
  const auto samples = synthetic({.n = 200'000, .seed = 12, .truth = truth, .tapered = true});
  TuneOptions o;
  o.holdout = 0;
  o.taper = true;
  const TuneResult r = tune_or_fail(samples, o);
  ASSERT_TRUE(r.weights.endgame.has_value());
  ASSERT_EQ(r.endgame.size(), static_cast<std::size_t>(kFeatureCount));
  EXPECT_TRUE(r.undetermined.empty());
  EXPECT_EQ(r.weights.w[Material], 100.0);
  for (int f = 0; f < kFeatureCount; ++f) {
    const auto i = static_cast<std::size_t>(f);
    EXPECT_LT(std::abs(z_score(r, r.movement[i], truth.w[f])), 4) << kFeatureNames[f];
    EXPECT_LT(std::abs(z_score(r, r.endgame[i], (*truth.endgame)[f])), 4) << "endgame " << kFeatureNames[f];
    EXPECT_EQ((*r.weights.endgame)[f], r.endgame[i].fitted);
  }
  // The empty board's material really is 160, far from the full board's 100.
  EXPECT_GT((*r.weights.endgame)[Material], 130);
  o.taper = false;
  const TuneResult one = tune_or_fail(samples, o);
  EXPECT_FALSE(one.weights.endgame.has_value());
  EXPECT_LT(r.train_loss_after, one.train_loss_after - 1e-3);
}

TEST(Tune, TaperedFitsLeaveTheEmptyBoardsWeightsOfPlacementUndetermined) {
  // With split, the placement block is not tapered; without it, placement samples (taper 1) inform only
  // the full board's weights, and a data set of placement samples alone leaves every endgame weight
  // undetermined, which then keeps its start.
  const auto samples = synthetic({.n = 20'000, .seed = 13, .placing = 1});
  TuneOptions o;
  o.holdout = 0;
  o.taper = true;
  const TuneResult r = tune_or_fail(samples, o);
  ASSERT_EQ(r.endgame.size(), static_cast<std::size_t>(kFeatureCount));
  for (const FeatureFit& f : r.endgame) EXPECT_FALSE(f.determined);
  const Weights adopted = adoptable_weights(r, Weights::defaults());
  ASSERT_TRUE(adopted.endgame.has_value());
  EXPECT_EQ(*adopted.endgame, Weights::defaults().w);
}

TEST(Tune, WithoutSplitTheFitIsOneSetForBothPhases) {
  const auto samples =
      synthetic({.n = 100'000, .seed = 9, .truth = phase_truth(), .placing = 0.4, .shape = Shape::Realistic});
  TuneOptions o;
  o.holdout = 0;
  const TuneResult one = tune_or_fail(samples, o);
  EXPECT_FALSE(one.weights.placement.has_value());
  EXPECT_TRUE(one.placement.empty());
  EXPECT_TRUE(one.undetermined.empty()) << "each phase determines what the other leaves open";
  // The phase flag plays no part: the same data with every flag cleared give the same fit, bit for bit.
  auto cleared = samples;
  for (TuneSample& s : cleared) s.placement = false;
  const TuneResult same = tune_or_fail(cleared, o);
  EXPECT_EQ(one.weights.w, same.weights.w);
  EXPECT_EQ(one.k, same.k);
  // Two sets fit data drawn from two sets better than one does.
  o.split = true;
  const TuneResult two = tune_or_fail(samples, o);
  EXPECT_LT(two.train_loss_after, one.train_loss_after - 1e-3);
}

TEST(Tune, HeldOutLossFallsFromWrongStartWeights) {
  Weights wrong;
  wrong.w = {100, -10, 0, -20, 40, 0, 0, 0, -30};
  const Weights start{wrong.w, std::nullopt, std::nullopt, nullptr};
  const auto samples = synthetic({.n = 100'000, .seed = 10});
  TuneOptions o;
  o.holdout = 0.25;
  const TuneResult r = tune_or_fail(samples, o, start);
  EXPECT_LT(r.holdout_loss_after, r.holdout_loss_before - 0.01);
  EXPECT_LT(r.train_loss_after, r.train_loss_before - 0.01);
  EXPECT_GT(r.holdout_samples, 20'000);
  EXPECT_GT(r.k_start, kMinTuneK);
  EXPECT_LE(r.k_start, kMaxTuneK);
  EXPECT_EQ(r.movement[Mobility].start, -10.0);
  // The fit minimises the training loss, so it beats the truth there.
  std::vector<TuneSample> train;
  for (const TuneSample& s : samples)
    if (!held_out(s.game, o.seed, o.holdout)) train.push_back(s);
  EXPECT_LE(r.train_loss_after, tune_loss(train, movement_truth(), kTrueK));
}

TEST(Tune, EveryGameDrawnIsTheMaterialError) {
  // With every target 1/2 the optimum is beta = 0 under any l2: material sets no scale. The fit says
  // so rather than dividing by zero.
  auto samples = synthetic({.n = 5'000, .seed = 12});
  for (TuneSample& s : samples) s.target = 0.5;
  EXPECT_EQ(fit_k(samples, Weights::defaults()), kMinTuneK);
  for (double l2 : {0.0, 1.0}) {
    TuneOptions o;
    o.l2 = l2;
    auto r = tune(samples, Weights::defaults(), o);
    ASSERT_FALSE(r.ok()) << l2;
    EXPECT_NE(r.error.find("material's weight came out non-positive"), std::string::npos) << r.error;
  }
}

TEST(Tune, MaterialThatLosesIsTheMaterialError) {
  Weights backwards = true_movement();
  backwards.w[Material] = -100;
  auto r =
      tune(synthetic({.n = 20'000, .seed = 13, .truth = Weights{backwards.w, std::nullopt, std::nullopt, nullptr}}),
           Weights::defaults(), {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.find("material's weight came out non-positive"), std::string::npos) << r.error;
}

TEST(Tune, BadInputsAreErrorsNotCrashes) {
  const auto good = synthetic({.n = 2'000, .seed = 14});
  auto fails_with = [](const std::vector<TuneSample>& s, const TuneOptions& o, const std::string& words,
                       const Weights& start = Weights::defaults()) {
    auto r = tune(s, start, o);
    EXPECT_FALSE(r.ok()) << words;
    EXPECT_NE(r.error.find(words), std::string::npos) << r.error;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  fails_with({}, {}, "no samples");
  auto bad = good;
  bad[17].x[Safe] = nan;
  fails_with(bad, {}, "sample 17 (game 1): feature 'safe' is not a finite number");
  bad = good;
  bad[3].x[Material] = inf;
  fails_with(bad, {}, "feature 'material' is not a finite number");
  for (double t : {nan, 1.5, -0.1}) {
    bad = good;
    bad[5].target = t;
    fails_with(bad, {}, "sample 5 (game 0): target");
  }
  for (double h : {1.0, -0.1, nan, 2.0}) {
    TuneOptions o;
    o.holdout = h;
    fails_with(good, o, "is outside [0, 1)");
  }
  for (double l2 : {-1.0, nan, inf}) {
    TuneOptions o;
    o.l2 = l2;
    fails_with(good, o, "l2");
  }
  TuneOptions zero_steps;
  zero_steps.max_iterations = 0;
  fails_with(good, zero_steps, "max_iterations 0 is below 1");
  Weights nan_start = Weights::defaults();
  nan_start.w[Threats] = nan;
  fails_with(good, {}, "start movement weight of 'threats'", nan_start);
  nan_start = {};
  nan_start.placement = Weights::defaults().w;
  (*nan_start.placement)[Hanging] = inf;
  fails_with(good, {}, "start placement weight of 'hanging'", nan_start);

  // A single game, held out.
  long long game = 0;
  while (!held_out(game, 1, 0.5)) ++game;
  auto one = std::vector<TuneSample>(good.begin(), good.begin() + 10);
  for (TuneSample& s : one) s.game = game;
  TuneOptions half;
  half.holdout = 0.5;
  fails_with(one, half, "every game was held out");

  TuneOptions split;
  split.split = true;
  fails_with(good, split, "no placement samples");
}

TEST(Tune, SeparatedDataNeedL2) {
  // The side ahead always wins: without a penalty the likelihood rises for ever as the weights grow,
  // so the fit cannot converge (or stops at a singular Hessian); a penalty gives a finite optimum.
  // Second with every feature but material and mobility zeroed: the ridge that keeps those zero
  // columns finite must not hold the separating direction too.
  for (bool zeroed : {false, true}) {
    auto samples = synthetic({.n = 2'000, .seed = 15});
    std::erase_if(samples, [](const TuneSample& s) { return s.x[Material] == 0; });
    for (TuneSample& s : samples) {
      s.target = s.x[Material] > 0 ? 1 : 0;
      if (zeroed)
        for (int f = Safe; f < kFeatureCount; ++f) s.x[f] = 0;
    }
    TuneOptions o;
    auto plain = tune(samples, Weights::defaults(), o);
    EXPECT_TRUE(!plain.ok() || !plain.value.converged) << zeroed << " " << plain.value.k;
    o.l2 = 1;
    const TuneResult r = tune_or_fail(samples, o);
    EXPECT_TRUE(r.converged) << zeroed;
    for (const FeatureFit& f : r.movement) EXPECT_TRUE(std::isfinite(f.fitted));
  }
}

TEST(Tune, AdoptableWeightsKeepTheStartForWhatTheDataCannotDetermine) {
  // Threats is 0 in every sample (as in quiet positions): undetermined, so its weight stays the start's.
  const auto samples = synthetic({.n = 20'000, .seed = 21, .edit = [](FeatureVector& x) { x[Threats] = 0; }});
  Weights start = Weights::defaults();
  start.w[Threats] = 33;
  const TuneResult r = tune_or_fail(samples, {}, start);
  ASSERT_FALSE(r.movement[Threats].determined);
  const Weights w = adoptable_weights(r, start);
  EXPECT_EQ(w.w[Threats], 33);
  EXPECT_EQ(w.w[Mobility], r.weights.w[Mobility]);
  EXPECT_EQ(w.w[Material], 100);
}

}  // namespace
}  // namespace seega
