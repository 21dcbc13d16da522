#include "analysis/spsa.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <set>

#include "rules/random.hpp"

namespace seega {

namespace {

bool positive(double x) { return std::isfinite(x) && x > 0; }

// Stream index of an iteration's game seed, beside the parameters' Delta streams 0, 1, 2, ...
constexpr std::uint64_t kGamesStream = ~std::uint64_t{0};

}  // namespace

std::string check_spsa_config(const SpsaConfig& c) {
  if (c.params.empty()) return "no parameters to tune";
  if (c.iterations < 1) return "iterations " + std::to_string(c.iterations) + ": at least 1";
  if (!positive(c.alpha) || !positive(c.gamma)) return "alpha and gamma must be positive";
  if (!std::isfinite(c.a_ratio) || c.a_ratio < 0) return "a_ratio must be 0 or more";
  std::set<std::string> names;
  for (const SpsaParam& p : c.params) {
    const std::string who = "parameter '" + p.name + "': ";
    if (p.name.empty()) return "a parameter has no name";
    if (!names.insert(p.name).second) return who + "given twice";
    if (!positive(p.c_end)) return who + "c_end " + std::to_string(p.c_end) + " must be positive";
    if (!positive(p.r_end)) return who + "r_end " + std::to_string(p.r_end) + " must be positive";
    if (std::isnan(p.lo) || std::isnan(p.hi) || p.lo > p.hi)
      return who + "bounds [" + std::to_string(p.lo) + ", " + std::to_string(p.hi) + "] are empty";
    if (!std::isfinite(p.start) || p.start < p.lo || p.start > p.hi)
      return who + "start " + std::to_string(p.start) + " is outside its bounds [" + std::to_string(p.lo) + ", " +
             std::to_string(p.hi) + "]";
  }
  return "";
}

Parsed<Spsa> Spsa::start(const SpsaConfig& config) {
  if (auto why = check_spsa_config(config); !why.empty()) return Parsed<Spsa>::fail(why);
  Spsa s;
  s.config_ = config;
  for (const SpsaParam& p : config.params) s.theta_.push_back(p.start);
  return {std::move(s), {}};
}

double Spsa::c_at(std::size_t i, long long k) const {
  const double n = static_cast<double>(config_.iterations);
  return config_.params[i].c_end * std::pow(n, config_.gamma) / std::pow(static_cast<double>(k), config_.gamma);
}

double Spsa::a_at(std::size_t i, long long k) const {
  const SpsaParam& p = config_.params[i];
  const double n = static_cast<double>(config_.iterations), big_a = config_.a_ratio * n;
  const double a_end = p.r_end * p.c_end * p.c_end;
  return a_end * std::pow(big_a + n, config_.alpha) / std::pow(big_a + static_cast<double>(k), config_.alpha);
}

SpsaPlan Spsa::plan() const {
  assert(!finished());
  SpsaPlan p;
  p.k = k_ + 1;
  const std::uint64_t iteration_seed = Rng::derive(config_.seed, static_cast<std::uint64_t>(p.k));
  p.seed = Rng::derive(iteration_seed, kGamesStream);
  for (std::size_t i = 0; i < theta_.size(); ++i) {
    const SpsaParam& q = config_.params[i];
    Rng rng(Rng::derive(iteration_seed, i));
    const double delta = rng.below(2) ? 1.0 : -1.0;
    const double c = c_at(i, p.k);
    p.delta.push_back(delta);
    p.c.push_back(c);
    p.a.push_back(a_at(i, p.k));
    p.plus.push_back(std::clamp(theta_[i] + c * delta, q.lo, q.hi));
    p.minus.push_back(std::clamp(theta_[i] - c * delta, q.lo, q.hi));
  }
  return p;
}

void Spsa::update(const SpsaPlan& plan, double result) {
  assert(plan.k == k_ + 1 && plan.delta.size() == theta_.size());
  for (std::size_t i = 0; i < theta_.size(); ++i) {
    const SpsaParam& q = config_.params[i];
    theta_[i] = std::clamp(theta_[i] + plan.a[i] * result * plan.delta[i] / plan.c[i], q.lo, q.hi);
  }
  k_ = plan.k;
}

std::string Spsa::restore(long long done, const std::vector<double>& theta) {
  if (done < 0 || done > config_.iterations)
    return "iteration " + std::to_string(done) + " is past the run's " + std::to_string(config_.iterations);
  if (theta.size() != theta_.size())
    return std::to_string(theta.size()) + " values for " + std::to_string(theta_.size()) + " parameters";
  for (std::size_t i = 0; i < theta.size(); ++i) {
    const SpsaParam& q = config_.params[i];
    if (!std::isfinite(theta[i]) || theta[i] < q.lo || theta[i] > q.hi)
      return "value " + std::to_string(theta[i]) + " of '" + q.name + "' is outside its bounds";
  }
  theta_ = theta;
  k_ = done;
  return "";
}

}  // namespace seega
