#pragma once
// SPSA (simultaneous perturbation stochastic approximation, Spall 1992) in fishtest's parametrisation,
// numbers only: the schedule of perturbations and learning rates, and the update from a result. Playing
// the games that give the result belongs to runs/kinds/spsa_run.hpp.
//
// For N iterations and each parameter i (start value, c_end, r_end, bounds [lo, hi]):
//   A = a_ratio N,  c_i = c_end_i N^gamma,  a_i = r_end_i c_end_i^2 (A + N)^alpha,
// and at iteration k (1-based)
//   c_ik = c_i / k^gamma,  a_ik = a_i / (A + k)^alpha,
// so c_iN = c_end_i and a_iN / c_iN^2 = r_end_i: c_end is the last perturbation and r_end the last
// learning rate, which is how fishtest asks for them. Iteration k perturbs theta by +-c_ik (Delta_i =
// +-1, from (seed, k, i) alone, so iteration k's draw does not depend on earlier ones), the result r is
// the points of theta_plus minus those of theta_minus, and theta_i += a_ik r Delta_i / c_ik, clamped.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "rules/types.hpp"

namespace seega {

struct SpsaParam {
  std::string name;
  double start = 0;
  double c_end = 1;      // the perturbation at the last iteration, > 0
  double r_end = 0.002;  // the learning rate a / c^2 at the last iteration, > 0
  double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
};

struct SpsaConfig {
  std::vector<SpsaParam> params;
  long long iterations = 200;  // N, >= 1
  std::uint64_t seed = 1;
  double alpha = 0.602, gamma = 0.101;  // Spall's recommended decay exponents, as fishtest uses
  double a_ratio = 0.1;                 // A = a_ratio N (fishtest's 10%)
};

// "" when the configuration is valid, else what is wrong, naming the parameter: no parameters, a name
// given twice or empty, N < 1, c_end or r_end not positive and finite, lo > hi, a start outside [lo, hi]
// or not finite, alpha or gamma not positive and finite, a_ratio negative or not finite.
std::string check_spsa_config(const SpsaConfig& config);

// What iteration k does: its perturbation and gains, the two points it compares, and its games' seed.
struct SpsaPlan {
  long long k = 0;
  std::vector<double> delta;        // +1 or -1 per parameter
  std::vector<double> c, a;         // c_ik and a_ik
  std::vector<double> plus, minus;  // clamp(theta +- c_ik Delta_i)
  std::uint64_t seed = 0;           // a seed for iteration k's games, from (seed, k), apart from Delta's
};

class Spsa {
 public:
  // The state before the first iteration, or the error of check_spsa_config.
  static Parsed<Spsa> start(const SpsaConfig& config);
  Spsa() = default;

  const SpsaConfig& config() const { return config_; }
  const std::vector<double>& theta() const { return theta_; }
  long long done() const { return k_; }  // iterations finished
  bool finished() const { return k_ >= config_.iterations; }

  // The plan of iteration k() + 1 from the current theta. Precondition: !finished().
  SpsaPlan plan() const;
  // Ends the plan's iteration with r = points(plus) - points(minus); plan must be plan() of this state.
  void update(const SpsaPlan& plan, double result);
  // The state after `done` iterations ended at theta (read back from a trajectory), or why it cannot be.
  std::string restore(long long done, const std::vector<double>& theta);

  // c_ik and a_ik of parameter i at iteration k, for any k in [1, N].
  double c_at(std::size_t i, long long k) const;
  double a_at(std::size_t i, long long k) const;

 private:
  SpsaConfig config_;
  std::vector<double> theta_;
  long long k_ = 0;
};

}  // namespace seega
