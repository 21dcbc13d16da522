#pragma once
// Texel-style tuning of the linear evaluation: fit the weights and the scale K of
//   P(side to move wins) = sigmoid(K * e / 100),  e = w . x  (hundredths of a stone),
// to positions labelled with the result of their game, by minimising the cross-entropy. Numbers only,
// on samples in memory: reading positions and printing the fit belong to the CLI.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "rules/types.hpp"

namespace seega {

struct TuneSample {
  FeatureVector x{};       // features(pos) of the position
  double target = 0.5;     // in [0, 1], from the side to move's point of view
  long long game = 0;      // the game it came from: the train/held-out split is by game
  bool placement = false;  // the phase
  double taper = 1;        // taper(pos): how full the board is, for tapered weights
  // The pattern tables' entries the position reads (stage * stage entries + entry, one an image), when
  // read for a pattern fit (pattern_fit.hpp); empty otherwise.
  std::vector<std::int32_t> patterns;
};

// The range fit_k searches. Below kMinTuneK a stone is worth less than a millionth of a logit, which
// is no evaluation at all; above kMaxTuneK a hundredth of a stone already decides the game.
inline constexpr double kMinTuneK = 1e-6, kMaxTuneK = 100;

// Mean cross-entropy -[y log p + (1-y) log(1-p)] of the samples, each under its phase's weights and
// p = sigmoid(k * e / 100). 0 with no samples.
double tune_loss(const std::vector<TuneSample>& s, const Weights& w, double k);

// The K in [kMinTuneK, kMaxTuneK] that minimises tune_loss with the weights fixed (the loss is
// convex in K: Newton's method inside a shrinking bracket). kMinTuneK when no positive K does better
// than K -> 0 (no samples, every evaluation 0, every game drawn, or evaluations that point the wrong
// way); kMaxTuneK when the loss still falls there.
double fit_k(const std::vector<TuneSample>& s, const Weights& w);

struct TuneOptions {
  // The penalty l2 * ||beta||^2 added to the SUM (not the mean) over the training samples of their
  // cross-entropies, where beta = K * w / 100 is in logits per unit of each feature. So l2 acts as a
  // Gaussian prior of variance 1 / (2 l2) on each beta, and its pull fades as the data grow. >= 0.
  double l2 = 0;
  bool split = false;  // fit placement and movement positions with separate weights
  // Fit tapered movement weights (eval.hpp): a movement position's features enter as t x for the weights
  // of a full board and (1 - t) x for those of an empty one (Weights::endgame), t its taper.
  bool taper = false;
  double holdout = 0.1;     // the share of games held out, in [0, 1)
  std::uint64_t seed = 1;   // which games are held out
  int max_iterations = 50;  // Newton steps per phase, >= 1
};

struct FeatureFit {
  // se: standard error of `fitted` on the weight scale (see tune()); for an undetermined feature it
  // reflects only the penalty and means nothing about the data, and for the fixed one it is 0.
  double start = 0, fitted = 0, se = 0;
  bool determined = true;
  // Why the data cannot determine the weight (tune() says when), e.g. "always 0 in the training
  // positions"; empty when they can.
  std::string undetermined_why;
  // Not fitted: material's movement weight (every position's without split) is 100 by definition, the
  // scale that fixes K. It has no standard error; K's own is TuneResult::k_se.
  bool fixed = false;
};

struct TuneResult {
  double k_start = 0, k = 0;  // K fitted to the start weights; K after the fit (material's scale)
  double k_se = 0;            // K's standard error (K is material's beta, so it is exact on that scale)
  // Mean cross-entropy (no penalty): before = start weights at k_start, after = fitted weights at k.
  // A held-out loss is 0, and means nothing, when nothing is held out: no_holdout then says why.
  double train_loss_before = 0, train_loss_after = 0, holdout_loss_before = 0, holdout_loss_after = 0;
  std::string no_holdout;
  long long train_samples = 0, holdout_samples = 0, train_games = 0, holdout_games = 0;
  Weights weights;                              // the fitted weights, material's movement weight scaled to 100
  std::vector<FeatureFit> movement, placement;  // per feature (placement only filled when split)
  std::vector<FeatureFit> endgame;              // per feature, when tapered: the empty board's weights
  // Features the data cannot determine (a column of zeros, a multiple or combination of others), by
  // name; "movement NAME" / "placement NAME" when split, "endgame NAME" when tapered.
  std::vector<std::string> undetermined;
  int iterations = 0;  // Newton steps, the larger of the two phases' when split
  bool converged = false;
  double seconds = 0;
};

// The fit. Games are split by held_out() into training and held-out parts; K_start = fit_k on the
// training part; then beta = K w / 100 (so p = sigmoid(beta . x)) is fitted by Newton's method (IRLS)
// on the training cross-entropy plus the L2 penalty, from K_start * start / 100, one beta per phase
// when split. K is then beta's material entry (movement's), so material's movement weight is exactly
// 100, and every weight, placement's too, is 100 beta / K: one K for both phases, because the search
// compares evaluations across the end of placement. Standard errors come from the inverse of the
// penalised Hessian at the optimum, as se(w) = 100 se(beta) / K, ignoring the uncertainty of K itself.
// Without split, the fit is one set of weights for every sample, started from start.w (the movement weights).
// With taper, the movement block (every sample's without split) has two columns a feature, t x and
// (1 - t) x, for the weights of a full board and those of an empty one (started from start.endgame, or
// start.w when start is not tapered); K is the full board's material beta. Placement samples have t = 1,
// so without split they only inform the full board's weights.
// Undetermined features are those along which the information is singular: the training data's X^T X
// (and X^T W X at the optimum), scaled to unit diagonal, has a zero diagonal there (the feature is
// always 0) or an eigenvalue below 1e-9 whose eigenvector has a share of at least 1e-3 in it (it is a
// linear combination of others); with l2 == 0 these alone get a ridge of 1e-9 of the mean information,
// so the fit stays finite and only their split of what the data do determine is the ridge's choice
// (the smallest weights). A feature that is non-zero in fewer than kMinSamples training positions
// (stats.hpp) is undetermined too, and gets the same ridge: its weight would rest on a handful of
// positions, and a few results of one colour there would send it off to infinity.
// Not a bound on the standard error: a large but finite one is what the data say and is reported,
// while an undetermined feature's is the penalty's, 1 / sqrt(2 lambda), and says nothing of the data.
// Errors: no samples, a non-finite feature or target, a target outside [0, 1], a non-finite start
// weight, holdout outside [0, 1), l2 negative or not finite, max_iterations < 1, no training samples,
// a phase with no training samples when split, a material weight that comes out non-positive (at
// most kMinTuneK logits per stone, as when every game is drawn), or data that some combination of
// features separates into wins and losses when the Hessian turns singular (l2 > 0 prevents that; a
// fit that runs off without reaching a singular Hessian ends with converged false).
Parsed<TuneResult> tune(const std::vector<TuneSample>& samples, const Weights& start, const TuneOptions& o);

// The fitted weights with every feature the data could not determine put back to its starting
// weight: what to adopt. Quiet positions (the only ones gen-data keeps) never have a capturing step,
// so `threats` is 0 in all of them and the fit cannot see it, yet the search evaluates positions with
// captures too (quiescence stands pat on them); the ridge's 0 would silently drop the feature.
Weights adoptable_weights(const TuneResult& r, const Weights& start);

// Whether a game is held out: a hash of (seed, game), uniform in [0, 1), falls below holdout. A pure
// function of the game, so every position of a game lands in the same part.
bool held_out(long long game, std::uint64_t seed, double holdout);

}  // namespace seega
