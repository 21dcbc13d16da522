#pragma once
// The pattern evaluation's fit (engine/patterns.hpp): sparse logistic regression of the positions'
// labels on the table entries each position reads plus the named features, as Buro fitted Logistello's
// tables. Numbers only, on samples in memory (tune.hpp's TuneSample with its pattern entries).
//
// The model is tune.hpp's, p = sigmoid(K e / 100), with e = w . x + the sum of the position's table
// entries at its stage. K is fitted to the starting weights (fit_k) and then fixed, and material's
// weight stays 100, so the tables are in hundredths of a stone like every other weight. The other
// linear weights (but those `held` at their start) and every table entry seen in at least
// min_count training positions are fitted together; an entry seen less is held at 0 (a table entry a
// handful of positions decide would be noise the search then believes). The penalty l2 * theta^2 on
// each entry (theta in logits) is a Gaussian prior that pulls entries with little data towards 0.
//
// The solver: Newton's method on the penalised cross-entropy, each step's system H d = -g solved by
// Eigen's ConjugateGradient on the Hessian as an operator (H v = X^T W X v + 2 l2 v, two products with
// the sparse matrix X), scaled by its diagonal. H itself is never formed: with tens of thousands of
// columns that co-occur in every position it would be nearly dense, while X holds ~40 entries a row.
// A step is halved until the objective falls.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/tune.hpp"
#include "engine/patterns.hpp"

namespace seega {

struct PatternFitOptions {
  double l2 = 1;                           // the penalty on each table entry, in logits^2, summed over training samples
  int min_count = 20;                      // entries read by fewer training positions are held at 0
  double holdout = 0.1;                    // the share of game pairs held out, in [0, 1)
  std::uint64_t seed = 1;                  // which pairs are held out
  int max_newton = 30;                     // Newton steps
  int max_cg = 200;                        // conjugate-gradient iterations in each step
  double tolerance = 1e-7;                 // stop when the objective's relative fall is below it
  std::array<bool, kFeatureCount> held{};  // linear weights kept at their start value (all: the tables alone)
};

struct PatternStageLoss {
  long long train = 0, holdout = 0;              // samples
  double holdout_before = 0, holdout_after = 0;  // mean cross-entropy
};

struct PatternFitResult {
  Weights weights;               // the fitted linear weights and tables
  double k = 0;                  // the fixed scale
  long long entries = 0;         // every entry of every stage's tables
  long long entries_fitted = 0;  // read by at least min_count training positions
  long long entries_rare = 0;    // read by fewer, and so held at 0 (entries never read are not counted)
  long long train_samples = 0, holdout_samples = 0, train_pairs = 0, holdout_pairs = 0;
  long long nonzeros = 0;  // of the training matrix X
  double train_loss_before = 0, train_loss_after = 0, holdout_loss_before = 0, holdout_loss_after = 0;
  std::vector<PatternStageLoss> stages;  // kPatternStages
  std::vector<std::string> linear_held;  // linear features too rarely non-zero to fit: kept at their start
  int newton_steps = 0, cg_iterations = 0;
  bool converged = false;
  double seconds = 0;
};

// The fit from start (unsplit and untapered linear weights, no tables) on samples whose `patterns` hold
// each position's entries in set's tables. Errors: no samples, samples without entries, a start that is
// split, tapered or has tables, options out of range, no training samples.
Parsed<PatternFitResult> fit_patterns(const std::vector<TuneSample>& samples, const Weights& start,
                                      const PatternSet& set, const PatternFitOptions& o);

}  // namespace seega
