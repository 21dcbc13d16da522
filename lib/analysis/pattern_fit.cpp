#include "analysis/pattern_fit.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

#include "analysis/stats.hpp"

namespace seega {

namespace {

using SparseRows = Eigen::SparseMatrix<double, Eigen::RowMajor, std::int64_t>;
using Vec = Eigen::VectorXd;

// The Newton system scaled by its diagonal, as an operator: v -> S (X^T W X + P) S v with S = D^(-1/2),
// D the diagonal of X^T W X + P and P the penalty's 2 l2 on each column. ConjugateGradient only needs
// its products.
struct ScaledHessian;

}  // namespace

}  // namespace seega

namespace Eigen::internal {
template <>
struct traits<seega::ScaledHessian> : public traits<Eigen::SparseMatrix<double>> {};
}  // namespace Eigen::internal

namespace seega {

namespace {

struct ScaledHessian : public Eigen::EigenBase<ScaledHessian> {
  using Scalar = double;
  using RealScalar = double;
  using StorageIndex = int;
  enum { ColsAtCompileTime = Eigen::Dynamic, MaxColsAtCompileTime = Eigen::Dynamic, IsRowMajor = false };

  const SparseRows* x = nullptr;
  const Vec* w = nullptr;        // p (1 - p) of each training sample
  const Vec* penalty = nullptr;  // 2 l2 of each column
  const Vec* scale = nullptr;    // D^(-1/2)

  Eigen::Index rows() const { return x->cols(); }
  Eigen::Index cols() const { return x->cols(); }
  template <typename Rhs>
  Eigen::Product<ScaledHessian, Rhs, Eigen::AliasFreeProduct> operator*(const Eigen::MatrixBase<Rhs>& v) const {
    return Eigen::Product<ScaledHessian, Rhs, Eigen::AliasFreeProduct>(*this, v.derived());
  }
  Vec apply(const Vec& v) const {
    const Vec sv = scale->cwiseProduct(v);
    const Vec xv = (*x) * sv;
    const Vec back = x->transpose() * w->cwiseProduct(xv);
    return scale->cwiseProduct(back + penalty->cwiseProduct(sv));
  }
};

}  // namespace

}  // namespace seega

namespace Eigen::internal {
template <typename Rhs>
struct generic_product_impl<seega::ScaledHessian, Rhs, SparseShape, DenseShape, GemvProduct>
    : generic_product_impl_base<seega::ScaledHessian, Rhs,
                                generic_product_impl<seega::ScaledHessian, Rhs, SparseShape, DenseShape, GemvProduct>> {
  using Scalar = typename Product<seega::ScaledHessian, Rhs>::Scalar;
  template <typename Dest>
  static void scaleAndAddTo(Dest& dst, const seega::ScaledHessian& lhs, const Rhs& rhs, const Scalar& alpha) {
    dst.noalias() += alpha * lhs.apply(rhs);
  }
};
}  // namespace Eigen::internal

namespace seega {

namespace {

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

double cross_entropy(double y, double z) {
  // -[y log p + (1 - y) log(1 - p)] with p = sigmoid(z), without overflow: log(1 + e^z) - y z.
  const double softplus = z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z));
  return softplus - y * z;
}

}  // namespace

Parsed<PatternFitResult> fit_patterns(const std::vector<TuneSample>& samples, const Weights& start,
                                      const PatternSet& set, const PatternFitOptions& o) {
  using P = Parsed<PatternFitResult>;
  const auto t0 = std::chrono::steady_clock::now();
  if (samples.empty()) return P::fail("no samples");
  if (start.placement || start.endgame || start.patterns)
    return P::fail("a pattern fit starts from one set of linear weights, neither split nor tapered, without tables");
  if (!(o.l2 > 0) || !std::isfinite(o.l2)) return P::fail("the penalty must be a positive number");
  if (o.min_count < 1) return P::fail("the least count of an entry must be at least 1");
  if (!(o.holdout >= 0 && o.holdout < 1)) return P::fail("the held-out share must be in [0, 1)");
  if (o.max_newton < 1 || o.max_cg < 1) return P::fail("the iteration limits must be at least 1");
  const long long table = static_cast<long long>(kPatternStages) * set.stage_entries;
  for (const auto& s : samples) {
    if (s.patterns.empty()) return P::fail("a sample without pattern entries");
    for (const auto e : s.patterns)
      if (e < 0 || e >= table) return P::fail("a pattern entry outside the tables");
  }

  PatternFitResult r;
  std::vector<const TuneSample*> train, hold;
  std::set<long long> train_pairs, hold_pairs;
  for (const auto& s : samples) {
    const bool out = held_out(s.game, o.seed, o.holdout);
    (out ? hold : train).push_back(&s);
    (out ? hold_pairs : train_pairs).insert(s.game);
  }
  if (train.empty()) return P::fail("no training samples (every game pair is held out)");
  r.train_samples = static_cast<long long>(train.size());
  r.holdout_samples = static_cast<long long>(hold.size());
  r.train_pairs = static_cast<long long>(train_pairs.size());
  r.holdout_pairs = static_cast<long long>(hold_pairs.size());
  r.entries = table;

  // K from the start weights on the training samples, then fixed.
  std::vector<TuneSample> k_samples;
  k_samples.reserve(train.size());
  for (const auto* s : train) k_samples.push_back(TuneSample{s->x, s->target, s->game, s->placement, s->taper, {}});
  r.k = fit_k(k_samples, start);
  k_samples = {};
  const double k = r.k;

  // Columns: the linear features non-zero in enough training positions (material aside, which is fixed),
  // then every entry read by at least min_count of them.
  std::vector<long long> feature_count(kFeatureCount, 0), entry_count(static_cast<std::size_t>(table), 0);
  for (const auto* s : train) {
    for (int f = 0; f < kFeatureCount; ++f) feature_count[f] += s->x[f] != 0;
    std::int32_t last = -1;
    std::vector<std::int32_t> sorted = s->patterns;
    std::sort(sorted.begin(), sorted.end());
    for (const auto e : sorted)
      if (e != last) ++entry_count[static_cast<std::size_t>(last = e)];
  }
  std::vector<int> linear_cols;  // feature of each linear column
  std::vector<bool> fixed(kFeatureCount, false);
  for (int f = 0; f < kFeatureCount; ++f) {
    if (f == Material || o.held[f]) {
      fixed[f] = true;
    } else if (feature_count[f] < kMinSamples) {
      fixed[f] = true;
      r.linear_held.emplace_back(kFeatureNames[f]);
    } else {
      linear_cols.push_back(f);
    }
  }
  std::vector<std::int64_t> column_of(static_cast<std::size_t>(table), -1);
  std::int64_t columns = static_cast<std::int64_t>(linear_cols.size());
  for (long long e = 0; e < table; ++e) {
    if (entry_count[static_cast<std::size_t>(e)] >= o.min_count) {
      column_of[static_cast<std::size_t>(e)] = columns++;
      ++r.entries_fitted;
    } else if (entry_count[static_cast<std::size_t>(e)] > 0) {
      ++r.entries_rare;
    }
  }
  const auto n_linear = static_cast<std::int64_t>(linear_cols.size());

  // X (training rows) in logits per unit of theta, the fixed part of each sample's logit, and the labels.
  auto fixed_logit = [&](const TuneSample& s) {
    double e = 0;
    for (int f = 0; f < kFeatureCount; ++f)
      if (fixed[f]) e += start.w[f] * s.x[f];
    return k * e / 100;
  };
  auto build = [&](const std::vector<const TuneSample*>& rows, SparseRows& x, Vec& offset, Vec& y) {
    x.resize(static_cast<Eigen::Index>(rows.size()), columns);
    x.reserve(Eigen::VectorXi::Constant(static_cast<Eigen::Index>(rows.size()),
                                        static_cast<int>(n_linear + static_cast<std::int64_t>(set.images))));
    offset.resize(static_cast<Eigen::Index>(rows.size()));
    y.resize(static_cast<Eigen::Index>(rows.size()));
    std::vector<std::int64_t> cols;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const TuneSample& s = *rows[i];
      const auto row = static_cast<Eigen::Index>(i);
      for (std::int64_t c = 0; c < n_linear; ++c)
        if (const double v = s.x[linear_cols[static_cast<std::size_t>(c)]]; v != 0) x.insert(row, c) = v;
      // An entry two images of the position read counts twice; columns go in ascending order.
      cols.clear();
      for (const auto e : s.patterns)
        if (const auto c = column_of[static_cast<std::size_t>(e)]; c >= 0) cols.push_back(c);
      std::sort(cols.begin(), cols.end());
      for (std::size_t j = 0; j < cols.size();) {
        std::size_t n = j;
        while (n < cols.size() && cols[n] == cols[j]) ++n;
        x.insert(row, cols[j]) = static_cast<double>(n - j);
        j = n;
      }
      offset[row] = fixed_logit(s);
      y[row] = s.target;
    }
    x.makeCompressed();
  };
  SparseRows x, xh;
  Vec offset, y, offset_h, y_h;
  build(train, x, offset, y);
  build(hold, xh, offset_h, y_h);
  r.nonzeros = x.nonZeros();

  Vec theta = Vec::Zero(columns);
  for (std::int64_t c = 0; c < n_linear; ++c) theta[c] = k * start.w[linear_cols[static_cast<std::size_t>(c)]] / 100;
  Vec penalty = Vec::Constant(columns, 2 * o.l2);
  // The linear weights get a ridge a millionth as strong: enough to keep a collinear feature finite.
  for (std::int64_t c = 0; c < n_linear; ++c) penalty[c] = 2 * o.l2 * 1e-6;

  auto mean_loss = [](const SparseRows& m, const Vec& off, const Vec& labels, const Vec& th) {
    if (m.rows() == 0) return 0.0;
    const Vec z = m * th + off;
    double sum = 0;
    for (Eigen::Index i = 0; i < z.size(); ++i) sum += cross_entropy(labels[i], z[i]);
    return sum / static_cast<double>(z.size());
  };
  auto objective = [&](const Vec& th) {
    return mean_loss(x, offset, y, th) * static_cast<double>(x.rows()) + 0.5 * th.dot(penalty.cwiseProduct(th));
  };
  r.train_loss_before = mean_loss(x, offset, y, theta);
  r.holdout_loss_before = mean_loss(xh, offset_h, y_h, theta);
  const Vec theta_start = theta;

  double f = objective(theta);
  for (int step = 0; step < o.max_newton; ++step) {
    const Vec z = x * theta + offset;
    Vec w(z.size()), residual(z.size());
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      const double p = sigmoid(z[i]);
      w[i] = std::max(p * (1 - p), 1e-12);
      residual[i] = p - y[i];
    }
    const Vec g = x.transpose() * residual + penalty.cwiseProduct(theta);
    Vec diagonal = penalty;
    for (Eigen::Index i = 0; i < x.outerSize(); ++i)
      for (SparseRows::InnerIterator it(x, i); it; ++it) diagonal[it.col()] += w[i] * it.value() * it.value();
    const Vec scale = diagonal.cwiseSqrt().cwiseInverse();
    ScaledHessian h;
    h.x = &x;
    h.w = &w;
    h.penalty = &penalty;
    h.scale = &scale;
    Eigen::ConjugateGradient<ScaledHessian, Eigen::Lower | Eigen::Upper, Eigen::IdentityPreconditioner> cg;
    cg.setMaxIterations(o.max_cg);
    cg.setTolerance(1e-4);
    cg.compute(h);
    const Vec u = cg.solve(-scale.cwiseProduct(g));
    r.cg_iterations += static_cast<int>(cg.iterations());
    const Vec d = scale.cwiseProduct(u);
    double t = 1, next = objective(theta + d);
    while (next > f && t > 1e-6) {
      t /= 2;
      next = objective(theta + t * d);
    }
    ++r.newton_steps;
    if (next > f) {
      r.converged = true;  // no step lowers the objective: at the optimum to the precision of doubles
      break;
    }
    theta += t * d;
    const double fall = (f - next) / std::max(1.0, std::abs(f));
    f = next;
    if (fall < o.tolerance) {
      r.converged = true;
      break;
    }
  }
  r.train_loss_after = mean_loss(x, offset, y, theta);
  r.holdout_loss_after = mean_loss(xh, offset_h, y_h, theta);

  // Losses by stage: a sample's stage is that of its first entry.
  r.stages.assign(kPatternStages, {});
  auto stage_losses = [&](const std::vector<const TuneSample*>& rows, const SparseRows& m, const Vec& off,
                          const Vec& labels, bool held) {
    const Vec before = m * theta_start + off, after = m * theta + off;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      auto& st = r.stages[static_cast<std::size_t>(rows[i]->patterns.front() / set.stage_entries)];
      const auto row = static_cast<Eigen::Index>(i);
      if (held) {
        ++st.holdout;
        st.holdout_before += cross_entropy(labels[row], before[row]);
        st.holdout_after += cross_entropy(labels[row], after[row]);
      } else {
        ++st.train;
      }
    }
  };
  stage_losses(train, x, offset, y, false);
  stage_losses(hold, xh, offset_h, y_h, true);
  for (auto& st : r.stages)
    if (st.holdout) {
      st.holdout_before /= static_cast<double>(st.holdout);
      st.holdout_after /= static_cast<double>(st.holdout);
    }

  // Back to hundredths of a stone.
  r.weights = start;
  for (std::int64_t c = 0; c < n_linear; ++c)
    r.weights.w[linear_cols[static_cast<std::size_t>(c)]] = 100 * theta[c] / k;
  auto tables = std::make_shared<PatternTables>();
  tables->set = &set;
  tables->values.assign(static_cast<std::size_t>(table), 0.0F);
  for (long long e = 0; e < table; ++e)
    if (const auto c = column_of[static_cast<std::size_t>(e)]; c >= 0)
      tables->values[static_cast<std::size_t>(e)] = static_cast<float>(100 * theta[c] / k);
  tables->prepare();
  r.weights.patterns = std::move(tables);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return P{std::move(r), {}};
}

}  // namespace seega
