#include "analysis/tune.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/Eigenvalues>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "analysis/stats.hpp"
#include "rules/random.hpp"

namespace seega {

// Why Newton on beta = K w / 100 rather than on (K, w): in beta the model is a plain logistic
// regression without intercept, whose penalised cross-entropy is convex, so Newton's method (IRLS)
// from any start reaches the one optimum in a handful of steps and its Hessian gives the standard
// errors. (K, w) is over-parameterised (K and w trade off), which is why K is only fixed afterwards,
// by declaring material's movement weight 100.
//
// Why the penalty is on the sum, not the mean: the Hessian is then X^T W X + 2 l2 I, the information
// of the data plus that of a Gaussian prior, so l2 means the same thing however many samples there
// are, and the standard errors are the posterior's.

namespace {

constexpr int kFeatures = kFeatureCount;
// A Newton step below this in every beta (logits per unit of a feature) ends the fit.
constexpr double kStepTolerance = 1e-10;
// An eigenvalue of the Gram matrix scaled to unit diagonal below this is taken for an exact
// dependence among the columns: rounding leaves about 1e-16 to 1e-14 there, while two features with
// a correlation of 0.99999 still give 1e-5 (1 - r).
constexpr double kCollinear = 1e-9;
// A feature with at least this share (as a vector length) in the null space is undetermined. The
// computed null space is off by about rounding over the gap to the next eigenvalue, far below this,
// while a feature that takes part in a dependence has a share of order 1.
constexpr double kNullShare = 1e-3;
// The ridge on each undetermined feature when l2 == 0, relative to the mean diagonal of X^T W X.
constexpr double kRidge = 1e-9;
// Rows per chunk when forming X^T W X, so the weighted copy of X stays small.
constexpr Eigen::Index kChunk = 4096;

// log(1 + e^z) without overflow.
double softplus(double z) { return std::max(z, 0.0) + std::log1p(std::exp(-std::abs(z))); }

// The cross-entropy of target y against p = sigmoid(z), y log(1 + e^-z) + (1 - y) log(1 + e^z),
// written with log(1 + e^z) = log(1 + e^-z) + z so that it costs one exp and one log.
double cross_entropy(double y, double z) { return softplus(-z) + (1 - y) * z; }

// sigmoid(z) and sigmoid'(z) = p (1 - p) from one exp. The derivative as e / (1 + e)^2 with
// e = exp(-|z|), not p (1 - p), which loses every digit once p rounds to 1.
struct Logistic {
  double p, slope;
};
Logistic logistic(double z) {
  const double e = std::exp(-std::abs(z)), inv = 1 / (1 + e);
  return {z >= 0 ? inv : e * inv, e * inv * inv};
}

// The training samples of one phase (or of all, without split) as the regression sees them: one
// column a feature, or two when tapered (the full board's, then the empty board's).
struct Block {
  Eigen::MatrixXd x;  // one row a sample
  Eigen::VectorXd y;
  std::vector<std::string> names;  // of the columns: "material", or "endgame material" when tapered
};

Block make_block(const std::vector<const TuneSample*>& rows, bool taper) {
  const auto n = static_cast<Eigen::Index>(rows.size());
  const int cols = taper ? 2 * kFeatures : kFeatures;
  Block b{Eigen::MatrixXd(n, cols), Eigen::VectorXd(n), {}};
  for (int f = 0; f < cols; ++f)
    b.names.push_back((f < kFeatures ? "" : "endgame ") + std::string(kFeatureNames[f % kFeatures]));
  for (Eigen::Index i = 0; i < n; ++i) {
    const TuneSample& s = *rows[static_cast<std::size_t>(i)];
    const double t = taper ? s.taper : 1;
    for (int f = 0; f < kFeatures; ++f) b.x(i, f) = t * s.x[f];
    if (taper)
      for (int f = 0; f < kFeatures; ++f) b.x(i, kFeatures + f) = (1 - t) * s.x[f];
    b.y[i] = s.target;
  }
  return b;
}

// X^T diag(w) X, or X^T X without w, a chunk of rows at a time.
Eigen::MatrixXd gram(const Eigen::MatrixXd& x, const Eigen::VectorXd* w) {
  Eigen::MatrixXd g = Eigen::MatrixXd::Zero(x.cols(), x.cols());
  Eigen::MatrixXd scaled;
  for (Eigen::Index start = 0; start < x.rows(); start += kChunk) {
    const Eigen::Index len = std::min(kChunk, x.rows() - start);
    if (w) {
      scaled = x.middleRows(start, len).array().colwise() * w->segment(start, len).array();
      g.noalias() += x.middleRows(start, len).transpose() * scaled;
    } else {
      g.noalias() += x.middleRows(start, len).transpose() * x.middleRows(start, len);
    }
  }
  return g;
}

// "safe", "mobility and centre_ring", "a, b and c", of the columns named by names.
std::string name_list(const std::vector<int>& columns, const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t k = 0; k < columns.size(); ++k) {
    if (k > 0) out += k + 1 == columns.size() ? " and " : ", ";
    out += names[static_cast<std::size_t>(columns[k])];
  }
  return out;
}

// Why a Gram-like matrix X^T W X (W positive) leaves each column undetermined, or empty for a
// determined one: a zero diagonal is a column of zeros; otherwise, scaled to unit diagonal so that a
// feature's units do not matter, a near-zero eigenvalue is a column that is a combination of others,
// and every feature with a share in that eigenvector is part of the combination (named as the others
// sharing the null space with it). Without an intercept a constant non-zero column is not among them:
// it plays the intercept and is determined. `positions` names the rows ("the training positions");
// `weighted` says g is X^T W X at the fit, where W near 0 hides what X^T X shows.
std::vector<std::string> undetermined_columns(const Eigen::MatrixXd& g, const std::vector<std::string>& names,
                                              const std::string& positions, bool weighted) {
  const Eigen::Index p = g.rows();
  std::vector<std::string> out(static_cast<std::size_t>(p));
  std::vector<Eigen::Index> live;
  for (Eigen::Index j = 0; j < p; ++j) {
    if (g(j, j) > 0) live.push_back(j);
    else
      out[static_cast<std::size_t>(j)] = weighted ? "it carries no information at the fit: where it is non-zero, the "
                                                    "fit already predicts the result with certainty"
                                                  : "always 0 in " + positions;
  }
  if (live.empty()) return out;
  const auto m = static_cast<Eigen::Index>(live.size());
  Eigen::MatrixXd s(m, m);
  for (Eigen::Index a = 0; a < m; ++a)
    for (Eigen::Index b = 0; b < m; ++b)
      s(a, b) = g(live[a], live[b]) / std::sqrt(g(live[a], live[a]) * g(live[b], live[b]));
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(s);
  // The projection onto the null space: its diagonal is each feature's share, and an entry off it
  // as large as a share joins two features in one dependence.
  Eigen::MatrixXd null = Eigen::MatrixXd::Zero(m, m);
  for (Eigen::Index k = 0; k < m; ++k)
    if (eig.eigenvalues()[k] < kCollinear) null += eig.eigenvectors().col(k) * eig.eigenvectors().col(k).transpose();
  const double share = kNullShare * kNullShare;
  for (Eigen::Index a = 0; a < m; ++a) {
    if (null(a, a) < share) continue;
    std::vector<int> others;
    for (Eigen::Index b = 0; b < m; ++b)
      if (b != a && null(b, b) >= share && std::abs(null(a, b)) >= share) others.push_back(static_cast<int>(live[b]));
    const std::string with = others.empty() ? "other features" : name_list(others, names);
    out[static_cast<std::size_t>(live[a])] =
        weighted ? "linearly dependent on " + with + " where the fit does not already predict the result with certainty"
                 : "linearly dependent on " + with + " in " + positions;
  }
  return out;
}

// The penalised objective: the sum of the cross-entropies plus sum_j lambda_j beta_j^2.
double objective(const Block& b, const Eigen::VectorXd& z, const Eigen::VectorXd& beta, const Eigen::VectorXd& lambda) {
  double sum = 0;
  for (Eigen::Index i = 0; i < z.size(); ++i) sum += cross_entropy(b.y[i], z[i]);
  return sum + lambda.dot(beta.cwiseAbs2());
}

bool positive_definite(const Eigen::LDLT<Eigen::MatrixXd>& ldlt) {
  return ldlt.info() == Eigen::Success && ldlt.vectorD().minCoeff() > 0;
}

// The penalised Hessian h + 2 diag(lambda), factored, or nothing with `error` saying why not: it is
// singular where the data separate wins from losses. where: "" (during the fit) or " at the fit".
std::optional<Eigen::LDLT<Eigen::MatrixXd>> factored_hessian(Eigen::MatrixXd& h, const Eigen::VectorXd& lambda,
                                                             const char* where, std::string& error) {
  h.diagonal() += 2 * lambda;
  Eigen::LDLT<Eigen::MatrixXd> ldlt(h);
  if (positive_definite(ldlt)) return ldlt;
  error = std::string("the Hessian") + where +
          " is singular: the training data separate wins from losses (some combination of features predicts "
          "every result), so no finite weights fit them; use l2 > 0";
  return std::nullopt;
}

struct BlockFit {
  Eigen::VectorXd beta;
  Eigen::VectorXd se;                     // of beta, from the penalised Hessian
  std::vector<std::string> undetermined;  // by feature: why the data cannot determine it, or empty
  int iterations = 0;
  bool converged = false;
  std::string error;
};

// Newton's method on one block from `beta`, minimising the sum of the cross-entropies plus
// l2 ||beta||^2 (and the ridge below). Step halving guards the rare overshoot far from the optimum;
// the stop looks at the full step, so halving cannot fake it.
BlockFit fit_block(const Block& b, Eigen::VectorXd beta, double l2, int max_iterations, const std::string& positions) {
  BlockFit fit;
  // Positive weights do not change which columns depend on others, so X^T X decides before the fit,
  // once, whether a ridge is needed: the objective must not change under the step halving.
  const Eigen::MatrixXd g0 = gram(b.x, nullptr);
  const auto cols = static_cast<int>(b.x.cols());
  fit.undetermined = undetermined_columns(g0, b.names, positions, false);
  // A weight that would rest on fewer than kMinSamples positions (the only ones where its feature is
  // not 0) is not trusted either: its direction is not flat, but nearly, and a few results of one
  // colour there would send it off to infinity.
  for (int f = 0; f < cols; ++f) {
    const auto nonzero = static_cast<long long>((b.x.col(f).array() != 0).count());
    std::string& why = fit.undetermined[static_cast<std::size_t>(f)];
    if (why.empty() && nonzero < kMinSamples)
      why = "non-zero in only " + std::to_string(nonzero) + " of " + positions + " (at least " +
            std::to_string(kMinSamples) + " are needed)";
  }
  // The ridge goes on the undetermined features alone, the only ones whose directions are flat or
  // nearly: the rest keep the plain maximum likelihood, and data that separate wins from losses still
  // show as a fit that runs off rather than one held by an invisible ridge. p (1 - p) <= 1/4, so a
  // quarter of X^T X's mean diagonal bounds X^T W X's; the 1 covers a block of zeros.
  Eigen::VectorXd lambda = Eigen::VectorXd::Constant(cols, l2);
  if (l2 == 0) {
    const double scale = g0.diagonal().mean() / 4;
    for (int f = 0; f < cols; ++f)
      if (!fit.undetermined[static_cast<std::size_t>(f)].empty()) lambda[f] = kRidge * (scale > 0 ? scale : 1);
  }

  const Eigen::Index n = b.x.rows();
  Eigen::VectorXd z = b.x * beta, p(n), w(n), trial, z_trial;
  double j = objective(b, z, beta, lambda);
  auto local = [&](Eigen::MatrixXd& h, Eigen::VectorXd& grad) {
    for (Eigen::Index i = 0; i < n; ++i) {
      const Logistic l = logistic(z[i]);
      p[i] = l.p;
      w[i] = l.slope;
    }
    grad = b.x.transpose() * (b.y - p) - 2 * lambda.cwiseProduct(beta);  // minus the objective's gradient
    h = gram(b.x, &w);
  };
  Eigen::MatrixXd h;
  Eigen::VectorXd grad;
  for (int iter = 1; iter <= max_iterations; ++iter) {
    local(h, grad);
    const auto ldlt = factored_hessian(h, lambda, "", fit.error);
    if (!ldlt) return fit;
    const Eigen::VectorXd step = ldlt->solve(grad);
    const double largest = step.cwiseAbs().maxCoeff();
    double t = 1, j_trial = j;
    for (int halvings = 0;; ++halvings) {
      trial = beta + t * step;
      z_trial = b.x * trial;
      j_trial = objective(b, z_trial, trial, lambda);
      // A relative slack, so that rounding at the optimum is not mistaken for a rise.
      if (j_trial <= j + 1e-12 * (1 + std::abs(j)) || halvings == 50) break;
      t /= 2;
    }
    beta.swap(trial);
    z.swap(z_trial);
    j = j_trial;
    fit.iterations = iter;
    if (largest < kStepTolerance) {
      fit.converged = true;
      break;
    }
  }

  local(h, grad);
  // The data alone may still leave a feature undetermined where W is near 0 (samples the fit
  // already predicts with certainty), which X^T X could not see.
  const std::vector<std::string> weighted = undetermined_columns(h, b.names, positions, true);
  for (std::size_t f = 0; f < weighted.size(); ++f)
    if (fit.undetermined[f].empty()) fit.undetermined[f] = weighted[f];

  const auto ldlt = factored_hessian(h, lambda, " at the fit", fit.error);
  if (!ldlt) return fit;
  const Eigen::MatrixXd cov = ldlt->solve(Eigen::MatrixXd::Identity(cols, cols));
  fit.se = cov.diagonal().cwiseMax(0.0).cwiseSqrt();
  fit.beta = std::move(beta);
  return fit;
}

// The start of a block's beta: w, then endgame when tapered.
Eigen::VectorXd start_beta(const FeatureVector& w, const FeatureVector* endgame, double k) {
  Eigen::VectorXd beta(endgame ? 2 * kFeatures : kFeatures);
  for (int f = 0; f < kFeatures; ++f) beta[f] = k * w[f] / 100;
  if (endgame)
    for (int f = 0; f < kFeatures; ++f) beta[kFeatures + f] = k * (*endgame)[f] / 100;
  return beta;
}

long long distinct_games(std::vector<long long>& games) {
  std::sort(games.begin(), games.end());
  return std::unique(games.begin(), games.end()) - games.begin();
}

std::string number(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

// The samples of a part without copying them: a million samples are a hundred megabytes.
using Part = std::vector<const TuneSample*>;
const TuneSample& sample(const TuneSample& s) { return s; }
const TuneSample& sample(const TuneSample* s) { return *s; }

template <typename Samples>
double loss_of(const Samples& s, const Weights& w, double k) {
  if (s.empty()) return 0;
  double sum = 0;
  for (const auto& item : s) {
    const TuneSample& t = sample(item);
    sum += cross_entropy(t.target, k * w.value(t.x, t.placement, t.taper) / 100);
  }
  return sum / static_cast<double>(s.size());
}

template <typename Samples>
double k_of(const Samples& s, const Weights& w) {
  // The loss in K is a logistic regression on the single column e / 100, so its derivative
  // sum (sigmoid(K e) - y) e is increasing in K: find its root inside a bracket that shrinks with
  // every evaluation, taking Newton's step when it lands inside and bisecting when it does not.
  std::vector<double> e(s.size()), y(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const TuneSample& t = sample(s[i]);
    e[i] = w.value(t.x, t.placement, t.taper) / 100;
    y[i] = t.target;
  }
  auto derivatives = [&](double k, double& second) {
    double first = 0;
    second = 0;
    for (std::size_t i = 0; i < e.size(); ++i) {
      const Logistic l = logistic(k * e[i]);
      first += (l.p - y[i]) * e[i];
      second += l.slope * e[i] * e[i];
    }
    return first;
  };
  double lo = kMinTuneK, hi = kMaxTuneK, second = 0;
  if (derivatives(lo, second) >= 0) return lo;
  if (derivatives(hi, second) <= 0) return hi;
  double k = 1;
  for (int iter = 0; iter < 200; ++iter) {
    const double d = derivatives(k, second);
    if (d == 0) return k;
    (d < 0 ? lo : hi) = k;
    double next = second > 0 ? k - d / second : lo;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (std::abs(next - k) <= 1e-12 * k || hi - lo <= 1e-12 * hi) return next;
    k = next;
  }
  return k;
}

// What is wrong with tune's input (its options, a start weight, a sample), or "".
std::string tune_input_problem(const std::vector<TuneSample>& samples, const Weights& start, const TuneOptions& o) {
  if (samples.empty()) return "tune: no samples";
  if (!(o.holdout >= 0 && o.holdout < 1)) return "tune: holdout " + number(o.holdout) + " is outside [0, 1)";
  if (!(o.l2 >= 0 && std::isfinite(o.l2))) return "tune: l2 " + number(o.l2) + " is not a finite number >= 0";
  if (o.max_iterations < 1) return "tune: max_iterations " + std::to_string(o.max_iterations) + " is below 1";
  const std::pair<const char*, const FeatureVector*> start_sets[] = {
      {"movement", &start.w},
      {"placement", start.placement ? &*start.placement : nullptr},
      {"endgame", start.endgame ? &*start.endgame : nullptr}};
  for (const auto& [phase, w] : start_sets) {
    if (!w) continue;
    for (int f = 0; f < kFeatures; ++f)
      if (!std::isfinite((*w)[f]))
        return std::string("tune: the start ") + phase + " weight of '" + std::string(kFeatureNames[f]) +
               "' is not a finite number";
  }
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const TuneSample& s = samples[i];
    const std::string which = "tune: sample " + std::to_string(i) + " (game " + std::to_string(s.game) + ")";
    for (int f = 0; f < kFeatures; ++f)
      if (!std::isfinite(s.x[f]))
        return which + ": feature '" + std::string(kFeatureNames[f]) + "' is not a finite number";
    if (!(s.target >= 0 && s.target <= 1)) return which + ": target " + number(s.target) + " is outside [0, 1]";
    if (!(s.taper >= 0 && s.taper <= 1)) return which + ": taper " + number(s.taper) + " is outside [0, 1]";
  }
  return "";
}

// The blocks' fits: one block without split; movement then placement with it. Fails naming the block.
Parsed<std::vector<BlockFit>> fit_blocks(const Part& train, const Weights& start, const TuneOptions& o,
                                         double k_start) {
  using P = Parsed<std::vector<BlockFit>>;
  std::vector<BlockFit> fits;
  for (int blk = 0; blk < (o.split ? 2 : 1); ++blk) {
    const bool placing = blk == 1;
    Part rows;
    for (const TuneSample* s : train)
      if (!o.split || s->placement == placing) rows.push_back(s);
    if (rows.empty())
      return P::fail(std::string("tune: split needs training samples of both phases, and there are no ") +
                     (placing ? "placement" : "movement") + " samples");
    const FeatureVector& from = o.split ? start.of_phase(placing) : start.w;
    const std::string positions =
        o.split ? std::string("the ") + (placing ? "placement" : "movement") + " training positions"
                : "the training positions";
    // Only movement positions are tapered: the placement block (with split) has one column a feature.
    const bool tapered = o.taper && !placing;
    const FeatureVector* endgame_from = tapered ? start.endgame ? &*start.endgame : &start.w : nullptr;
    fits.push_back(fit_block(make_block(rows, tapered), start_beta(from, endgame_from, k_start), o.l2, o.max_iterations,
                             positions));
    if (!fits.back().error.empty()) return P::fail("tune: " + fits.back().error);
  }
  return P{std::move(fits), {}};
}

// The weights of the blocks' fits, on the scale material's 100 sets (K = material's beta), with their
// standard errors and the features the data cannot determine, into r.
void take_fits(const std::vector<BlockFit>& fits, const Weights& start, const TuneOptions& o, TuneResult& r) {
  const double k = r.k;
  r.iterations = 0;
  r.converged = true;
  for (int blk = 0; blk < static_cast<int>(fits.size()); ++blk) {
    const bool placing = blk == 1;
    const BlockFit& fit = fits[static_cast<std::size_t>(blk)];
    FeatureVector w{};
    std::vector<FeatureFit>& out = placing ? r.placement : r.movement;
    const FeatureVector& from = o.split ? start.of_phase(placing) : start.w;
    for (int f = 0; f < kFeatures; ++f) {
      w[f] = 100 * fit.beta[f] / k;
      const std::string& why = fit.undetermined[static_cast<std::size_t>(f)];
      const bool determined = why.empty(), fixed = !placing && f == Material;
      // se(w) = 100 se(beta) / K treats K as known: it ignores K's own uncertainty (and its
      // correlation with beta), which the delta method would add; exact on the beta scale. The fixed
      // weight is 100 / K * K: no error of its own (K's is k_se).
      out.push_back({from[f], w[f], fixed ? 0 : 100 * fit.se[f] / k, determined, why, fixed});
      if (!determined)
        r.undetermined.push_back((o.split ? (placing ? "placement " : "movement ") : "") +
                                 std::string(kFeatureNames[f]));
    }
    // Exactly 100, not 100 beta / beta rounded.
    if (!placing) w[Material] = 100;
    if (placing) r.weights.placement = w;
    else r.weights.w = w;
    if (!placing && o.taper) {
      const FeatureVector& end_from = start.endgame ? *start.endgame : start.w;
      FeatureVector end{};
      for (int f = 0; f < kFeatures; ++f) {
        const auto c = static_cast<std::size_t>(kFeatures + f);
        end[f] = 100 * fit.beta[kFeatures + f] / k;
        const bool determined = fit.undetermined[c].empty();
        r.endgame.push_back(
            {end_from[f], end[f], 100 * fit.se[kFeatures + f] / k, determined, fit.undetermined[c], false});
        if (!determined) r.undetermined.push_back("endgame " + std::string(kFeatureNames[f]));
      }
      r.weights.endgame = end;
    }
    r.iterations = std::max(r.iterations, fit.iterations);
    r.converged = r.converged && fit.converged;
  }
  if (!o.split) r.weights.placement.reset();
  if (!o.taper) r.weights.endgame.reset();
}

}  // namespace

double tune_loss(const std::vector<TuneSample>& s, const Weights& w, double k) { return loss_of(s, w, k); }

double fit_k(const std::vector<TuneSample>& s, const Weights& w) { return k_of(s, w); }

bool held_out(long long game, std::uint64_t seed, double holdout) {
  if (!(holdout > 0)) return false;
  const std::uint64_t h = Rng::derive(seed, static_cast<std::uint64_t>(game));
  return static_cast<double>(h >> 11) * 0x1.0p-53 < holdout;
}

Parsed<TuneResult> tune(const std::vector<TuneSample>& samples, const Weights& start, const TuneOptions& o) {
  using P = Parsed<TuneResult>;
  const auto clock_start = std::chrono::steady_clock::now();
  if (auto why = tune_input_problem(samples, start, o); !why.empty()) return P::fail(why);

  TuneResult r;
  Part train, holdout;
  std::vector<long long> train_games, holdout_games;
  for (const TuneSample& s : samples) {
    const bool out = held_out(s.game, o.seed, o.holdout);
    (out ? holdout : train).push_back(&s);
    (out ? holdout_games : train_games).push_back(s.game);
  }
  r.train_samples = static_cast<long long>(train.size());
  r.holdout_samples = static_cast<long long>(holdout.size());
  r.train_games = distinct_games(train_games);
  r.holdout_games = distinct_games(holdout_games);
  if (train.empty()) return P::fail("tune: every game was held out, so there is nothing to train on");

  r.k_start = k_of(train, start);
  r.train_loss_before = loss_of(train, start, r.k_start);
  r.holdout_loss_before = loss_of(holdout, start, r.k_start);
  auto fits = fit_blocks(train, start, o, r.k_start);
  if (!fits.ok()) return P::fail(fits.error);
  const double k = fits.value[0].beta[Material];
  if (!(k > kMinTuneK))
    return P::fail("tune: material's weight came out non-positive (" + number(k) + " logits per stone, at most " +
                   number(kMinTuneK) +
                   "): the training data do not show that more stones win (are the games all drawn?), so "
                   "material cannot set the evaluation's scale");
  r.k = k;
  r.k_se = fits.value[0].se[Material];  // K is material's beta
  take_fits(fits.value, start, o, r);

  r.train_loss_after = loss_of(train, r.weights, r.k);
  r.holdout_loss_after = loss_of(holdout, r.weights, r.k);
  if (holdout.empty())
    r.no_holdout = o.holdout == 0 ? "nothing is held out (holdout 0)"
                                  : "no game fell in the held-out share (holdout " + number(o.holdout) + ")";
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - clock_start).count();
  return P{std::move(r), {}};
}

Weights adoptable_weights(const TuneResult& r, const Weights& start) {
  Weights w = r.weights;
  for (int f = 0; f < kFeatureCount; ++f) {
    if (!r.movement[static_cast<std::size_t>(f)].determined) w.w[f] = start.w[f];
    if (w.placement && !r.placement.empty() && !r.placement[static_cast<std::size_t>(f)].determined)
      (*w.placement)[f] = start.of_phase(true)[f];
    if (w.endgame && !r.endgame.empty() && !r.endgame[static_cast<std::size_t>(f)].determined)
      (*w.endgame)[f] = start.endgame ? (*start.endgame)[f] : start.w[f];
  }
  return w;
}

}  // namespace seega
