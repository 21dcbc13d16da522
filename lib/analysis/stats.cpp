#include "analysis/stats.hpp"

#include "rules/spec.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <string>

namespace seega {

std::string signed_text(double x, int decimals) {
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  std::string s(static_cast<std::size_t>(std::snprintf(nullptr, 0, "%+.*f", decimals, x)), '\0');
  std::snprintf(s.data(), s.size() + 1, "%+.*f", decimals, x);
  // A value that rounds to zero prints as +0.0 whichever side of zero it fell.
  if (s.find_first_not_of("+-0.") == std::string::npos) s[0] = '+';
  return s;
}

std::string plain_text(double x, int decimals) {
  std::string s = signed_text(x, decimals);
  return s[0] == '+' ? s.substr(1) : s;
}

Interval difference_ci(double a, Interval ia, double b, Interval ib, double z) {
  const double se_a = (ia.hi - ia.lo) / (2 * z), se_b = (ib.hi - ib.lo) / (2 * z);
  const double half = z * std::sqrt(se_a * se_a + se_b * se_b);
  return {b - a - half, b - a + half};
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The score of one pair per game, i/4, for pair index i.
constexpr double pair_value(int i) { return i / 4.0; }

// A normal interval on a mean score, in Elo. The per-sample variance and the sample count give the
// standard error of the mean.
EloEstimate elo_interval(double mean, double variance, double samples) {
  double half = kZ95 * std::sqrt(variance / samples);
  return {elo_from_score(mean), elo_from_score(mean - half), elo_from_score(mean + half)};
}

// The empirical pair distribution as fishtest builds it: a zero count becomes 1e-3, so both end
// values keep some mass and the maximum-likelihood fits below exist.
struct PairPdf {
  std::array<double, 5> prob{};
  double total = 0;
};

PairPdf regularized(const Pentanomial& p) {
  PairPdf pdf;
  for (int i = 0; i < 5; ++i) {
    pdf.prob[i] = p.n[i] == 0 ? 1e-3 : double(p.n[i]);
    pdf.total += pdf.prob[i];
  }
  for (double& q : pdf.prob) q /= pdf.total;
  return pdf;
}

// The multiplier x of the distribution closest in likelihood to pdf among those with mean s:
// q_i = p_i / (1 + x (a_i - s)) (Van den Bergh, "Comments on normalized Elo", Proposition 1.1).
// x is the root of sum p_i (a_i - s) / (1 + x (a_i - s)), which falls strictly from +inf to -inf
// on (-1 / (1 - s), 1 / s) when the end values have mass, so bisection finds it without fail.
double mle_multiplier(const PairPdf& pdf, double s) {
  auto f = [&](double x) {
    double sum = 0;
    for (int i = 0; i < 5; ++i) sum += pdf.prob[i] * (pair_value(i) - s) / (1 + x * (pair_value(i) - s));
    return sum;
  };
  double lo = -1 / (1 - s), hi = 1 / s;
  for (int iter = 0; iter < 200; ++iter) {
    double mid = lo + (hi - lo) / 2;
    if (mid == lo || mid == hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return lo + (hi - lo) / 2;
}

}  // namespace

IntervalGap interval_gap(long long samples, double variance) {
  if (samples < kMinSamples) return IntervalGap::TooFew;
  return variance > 0 ? IntervalGap::None : IntervalGap::NoSpread;
}

std::string too_few_text(long long samples, std::string_view one, std::string_view many, std::string_view none) {
  const std::string need = " (at least " + std::to_string(kMinSamples) + " are needed)";
  if (samples == 0 && !none.empty()) return std::string(none) + need;
  return std::to_string(samples) + " " + std::string(samples == 1 ? one : many) + (samples == 1 ? " is" : " are") +
         " too few" + need;
}

Interval wilson(double successes, double n, double z) {
  assert(n >= 0 && successes >= 0 && successes <= n);
  if (n == 0) return {0, 1};
  double p = successes / n;
  double z2 = z * z;
  double denom = 1 + z2 / n;
  double centre = (p + z2 / (2 * n)) / denom;
  double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
  // At 0 or n successes the end is exactly 0 or 1 in exact arithmetic; rounding would leave 1e-17.
  return {successes == 0 ? 0 : std::max(0.0, centre - half), successes == n ? 1 : std::min(1.0, centre + half)};
}

ClusteredMean clustered_mean(const std::vector<double>& values, const std::vector<std::uint64_t>& clusters) {
  assert(values.size() == clusters.size());
  ClusteredMean m;
  m.n = static_cast<long long>(values.size());
  if (m.n == 0) return m;
  const double n = static_cast<double>(m.n);
  double sum = 0;
  for (double v : values) sum += v;
  m.mean = sum / n;
  // Residual sums per cluster, in key order, so the arithmetic does not depend on the input's order
  // beyond the order within a cluster.
  std::map<std::uint64_t, double> residuals;
  double squares = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double r = values[i] - m.mean;
    residuals[clusters[i]] += r;
    squares += r * r;
  }
  m.clusters = static_cast<long long>(residuals.size());
  const double c = static_cast<double>(m.clusters);
  const double v0 = m.n > 1 ? squares / (n * (n - 1)) : 0;
  double between = 0;
  for (const auto& [key, r] : residuals) between += r * r;
  const double v = m.clusters > 1 ? c / (c - 1) * between / (n * n) : v0 * n;
  m.iid_se = std::sqrt(v0);
  if (m.clusters == 1) m.design_effect = n;
  else if (v0 <= 0) m.design_effect = n / c;
  else m.design_effect = std::max(1.0, v / v0);
  m.se = std::sqrt(v0 * m.design_effect);
  return m;
}

ClusterShape cluster_shape(const std::vector<std::uint64_t>& clusters) {
  ClusterShape s;
  s.n = static_cast<long long>(clusters.size());
  if (s.n == 0) return s;
  std::map<std::uint64_t, long long> sizes;
  for (std::uint64_t c : clusters) ++sizes[c];
  s.clusters = static_cast<long long>(sizes.size());
  double squares = 0;
  long long largest = 0;
  for (const auto& [key, size] : sizes) {
    squares += static_cast<double>(size) * static_cast<double>(size);
    largest = std::max(largest, size);
  }
  const double n = static_cast<double>(s.n);
  s.effective = n * n / squares;
  s.largest_share = static_cast<double>(largest) / n;
  return s;
}

std::string too_few_clusters_text(const ClusterShape& shape, std::string_view what) {
  if (shape.effective >= kMinEffectiveClusters) return "";
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "rests on %.1f effective clusters (the largest holds %.0f%% of the %s; at least %g are needed)",
                shape.effective, 100 * shape.largest_share, std::string(what).c_str(), kMinEffectiveClusters);
  return buf;
}

std::string repeated_games_text(long long games, long long pairs, long long distinct_games,
                                const ClusterShape& clusters) {
  if (too_few_clusters_text(clusters).empty() || 2 * clusters.clusters > pairs) return "";
  return "the " + std::to_string(games) + " games are " + std::to_string(distinct_games) +
         (distinct_games == 1 ? " distinct game in " : " distinct games in ") + std::to_string(clusters.clusters) +
         (clusters.clusters == 1 ? " cluster" : " clusters") +
         ": the same games repeat, and an interval would count each repeat as new evidence (random opening turns, "
         "or players that vary, give games that differ)";
}

std::vector<std::uint64_t> joined_clusters(const std::vector<std::vector<std::uint64_t>>& keys) {
  const std::size_t n = keys.empty() ? 0 : keys.front().size();
  std::vector<std::size_t> parent(n);
  for (std::size_t i = 0; i < n; ++i) parent[i] = i;
  auto root = [&parent](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];  // path halving
    return i;
  };
  for (const auto& kind : keys) {
    assert(kind.size() == n);
    std::map<std::uint64_t, std::size_t> first;  // a key's first observation
    for (std::size_t i = 0; i < n; ++i) {
      if (kind[i] == 0) continue;
      const auto [it, fresh] = first.emplace(kind[i], i);
      if (fresh) continue;
      // The smaller root becomes the parent, so a component's root is its smallest index.
      const std::size_t a = root(it->second), b = root(i);
      if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
  }
  std::vector<std::uint64_t> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = root(i);
  return out;
}

Interval clustered_wilson(const ClusteredMean& m, double z) {
  if (m.n == 0) return {0, 1};
  const double n_eff = static_cast<double>(m.n) / m.design_effect;
  return wilson(m.mean * n_eff, n_eff, z);
}

Interval clustered_normal(const ClusteredMean& m, double z) {
  if (m.n == 0) return {-kInf, kInf};
  return {m.mean - z * m.se, m.mean + z * m.se};
}

Interval clustered_score_ci(const ClusteredMean& m, double z) {
  if (m.n == 0) return {0, 1};
  if (m.iid_se <= 0) return clustered_wilson(m, z);
  const Interval i = clustered_normal(m, z);
  return {std::max(0.0, i.lo), std::min(1.0, i.hi)};
}

double elo_from_score(double score) {
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  const double elo = -400 * std::log10(1 / score - 1);
  return elo == 0 ? 0.0 : elo;  // a score of exactly 1/2 is +0, not the -0 that log10(1) negated gives
}

double score_from_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double WDL::score() const {
  long long g = games();
  return g == 0 ? 0.5 : (wins + 0.5 * draws) / g;
}

double WDL::variance() const {
  const long long g = games();
  if (g == 0) return 0;
  const double m = score();
  return (wins * (1 - m) * (1 - m) + draws * (0.5 - m) * (0.5 - m) + losses * m * m) / g;
}

void WDL::add(double points) {
  assert(points == 0 || points == 0.5 || points == 1);
  if (points == 1) ++wins;
  else if (points == 0.5) ++draws;
  else ++losses;
}

EloEstimate elo_trinomial(const WDL& wdl) {
  long long g = wdl.games();
  if (g == 0) return {0, -kInf, kInf};
  return elo_interval(wdl.score(), wdl.variance(), double(g));
}

double Pentanomial::score() const {
  long long total = pairs();
  if (total == 0) return 0.5;
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += n[i] * pair_value(i);
  return sum / total;
}

double Pentanomial::variance() const {
  long long total = pairs();
  if (total == 0) return 0;
  double m = score(), sum = 0;
  for (int i = 0; i < 5; ++i) sum += n[i] * (pair_value(i) - m) * (pair_value(i) - m);
  return sum / total;
}

void Pentanomial::add_pair(double first, double second) {
  assert(first == 0 || first == 0.5 || first == 1);
  assert(second == 0 || second == 0.5 || second == 1);
  ++n[static_cast<int>(2 * (first + second))];
}

EloEstimate elo_pentanomial(const Pentanomial& p) {
  if (p.pairs() == 0) return {0, -kInf, kInf};
  return elo_interval(p.score(), p.variance(), double(p.pairs()));
}

EloEstimate normalized_elo(const Pentanomial& p) {
  const double var = p.variance();
  if (p.pairs() == 0 || var <= 0) return {0, -kInf, kInf};
  constexpr double kScale = 800 / 2.302585092994046;  // 800 / ln 10
  const double per_game_sd = std::sqrt(2 * var);
  const double elo = (p.score() - 0.5) / per_game_sd * kScale;
  // The score's standard error is sqrt(var / pairs); in these units that is 1 / sqrt(2 pairs).
  const double half = kZ95 * kScale / std::sqrt(2.0 * static_cast<double>(p.pairs()));
  return {elo == 0 ? 0.0 : elo, elo - half, elo + half};
}

double likelihood_of_superiority(const Pentanomial& p) {
  if (p.pairs() == 0) return 0.5;
  const double d = p.score() - 0.5, var = p.variance();
  if (var <= 0) return d > 0 ? 1 : d < 0 ? 0 : 0.5;
  const double se = std::sqrt(var / static_cast<double>(p.pairs()));
  return 0.5 * std::erfc(-d / se / std::sqrt(2.0));
}

double likelihood_of_superiority(long long wins, long long losses) {
  if (wins + losses == 0) return 0.5;
  return 0.5 * (1 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
}

Parsed<SprtConfig> parse_sprt(std::string_view text) {
  using P = Parsed<SprtConfig>;
  // alpha and beta exclude their ends: parse_real's range is closed, so the setter checks them.
  auto rate_key = [](std::string_view name, double SprtConfig::*field) {
    return SpecKey<SprtConfig>{name, "a number in (0, 0.5)", [field](SprtConfig& c, std::string_view v) {
                                 auto x = parse_real(v, 0, 0.5);
                                 const bool ok = x && *x > 0 && *x < 0.5;
                                 if (ok) c.*field = *x;
                                 return refuse_unless(ok);
                               }};
  };
  static const KeyTable<SprtConfig> keys("sprt",
                                         {real_key("elo0", "a number in [-1000, 1000]", &SprtConfig::elo0, -1000, 1000),
                                          real_key("elo1", "a number in [-1000, 1000]", &SprtConfig::elo1, -1000, 1000),
                                          rate_key("alpha", &SprtConfig::alpha), rate_key("beta", &SprtConfig::beta)});
  SprtConfig config;
  auto given = keys.apply(split_items(text), config);
  if (!given.ok()) return P::fail(given.error);
  if (!(config.elo0 < config.elo1))
    return P::fail("sprt keys elo0 and elo1: elo0 (" + number_text(config.elo0) + ") must be less than elo1 (" +
                   number_text(config.elo1) + ")");
  return P{config, {}};
}

double llr_logistic(const Pentanomial& p, double elo0, double elo1) {
  assert(std::abs(elo0) <= 1000 && std::abs(elo1) <= 1000);
  if (p.pairs() == 0) return 0;
  PairPdf pdf = regularized(p);
  double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
  double x0 = mle_multiplier(pdf, s0), x1 = mle_multiplier(pdf, s1);
  // log q1_i - log q0_i, averaged over the observed distribution and scaled to the pair count.
  double llr = 0;
  for (int i = 0; i < 5; ++i) {
    double a = pair_value(i);
    llr += pdf.prob[i] * (std::log1p(x0 * (a - s0)) - std::log1p(x1 * (a - s1)));
  }
  return pdf.total * llr;
}

double llr_logistic_approx(const Pentanomial& p, double elo0, double elo1) {
  if (p.pairs() == 0) return 0;
  PairPdf pdf = regularized(p);
  double mean = 0, var = 0;
  for (int i = 0; i < 5; ++i) mean += pdf.prob[i] * pair_value(i);
  for (int i = 0; i < 5; ++i) var += pdf.prob[i] * (pair_value(i) - mean) * (pair_value(i) - mean);
  double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
  return pdf.total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

SprtResult sprt(const Pentanomial& p, const SprtConfig& config) {
  assert(config.alpha > 0 && config.alpha < 0.5 && config.beta > 0 && config.beta < 0.5);
  assert(config.elo0 < config.elo1);
  SprtResult r;
  r.lower = std::log(config.beta / (1 - config.alpha));
  r.upper = std::log((1 - config.beta) / config.alpha);
  r.llr = llr_logistic(p, config.elo0, config.elo1);
  if (!std::isfinite(r.llr)) r.llr = 0;  // cannot happen with regularized counts; never decide on NaN
  if (r.llr >= r.upper) r.decision = SprtResult::AcceptH1;
  else if (r.llr <= r.lower) r.decision = SprtResult::AcceptH0;
  return r;
}

namespace {

// A value as people write it: "0", "2", "1520".
std::string fmt_value(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

double nearest_rank(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size());
  // A small tolerance, so that q n that should be whole (0.1 x 300) is not pushed a rank up by rounding.
  const auto rank = static_cast<std::size_t>(std::clamp(std::ceil(q * n - 1e-9), 1.0, n));
  return v[rank - 1];
}

Interval median_interval(std::vector<double> v) {
  if (v.empty()) return {0, 0};
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size()), half = kZ95 * std::sqrt(n) / 2;
  auto at = [&](double rank) {  // rank from 1, clamped
    const auto r = static_cast<long long>(std::clamp(rank, 1.0, n));
    return v[static_cast<std::size_t>(r - 1)];
  };
  return {at(std::floor(n / 2 - half)), at(std::ceil(n / 2 + 1 + half))};
}

Distribution distribution(const std::vector<double>& v, std::string_view one, std::string_view many) {
  Distribution d;
  if (v.empty()) {
    d.no_mean_ci = d.no_median_ci = too_few_text(0, one, many, "no " + std::string(many));
    return d;
  }
  const double n = static_cast<double>(v.size());
  double sum = 0, sq = 0;
  for (double x : v) sum += x;
  d.mean = sum / n;
  for (double x : v) sq += (x - d.mean) * (x - d.mean);
  const double se = v.size() > 1 ? std::sqrt(sq / (n - 1) / n) : 0;
  // Wins and scores are never negative: the normal interval is clamped there (it spills below 0 when
  // nearly every run scores 0).
  d.mean_ci = {std::max(0.0, d.mean - kZ95 * se), d.mean + kZ95 * se};
  d.median = quantile(v, 0.5);
  d.median_ci = median_interval(v);
  // The median stays the usual one (halfway between the middle two of an even count, 1.5 wins when half
  // the runs beat one level and half two), which --target-median compares; the percentiles are
  // nearest-rank, so that a count's percentile is a count.
  d.p10 = nearest_rank(v, 0.10);
  d.p25 = nearest_rank(v, 0.25);
  d.p75 = nearest_rank(v, 0.75);
  d.p90 = nearest_rank(v, 0.90);
  d.min = *std::min_element(v.begin(), v.end());
  d.max = *std::max_element(v.begin(), v.end());
  switch (interval_gap(static_cast<long long>(v.size()), sq)) {
    case IntervalGap::TooFew:
      d.no_mean_ci = d.no_median_ci = too_few_text(static_cast<long long>(v.size()), one, many);
      break;
    case IntervalGap::NoSpread:
      d.no_mean_ci =
          "every " + std::string(one) + " gave " + fmt_value(d.mean) + ", so there is no spread to measure it by";
      break;
    case IntervalGap::None: break;
  }
  return d;
}

}  // namespace seega
