#pragma once
// Match statistics for engine-vs-engine runs: a proportion's interval, Elo with an error bar from
// game or game-pair counts, likelihood of superiority, and the pentanomial GSPRT that fishtest and
// fastchess stop matches with. Numbers only (printing belongs to the CLI), but for the one sentence
// every summary gives when too few samples leave a figure out.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/types.hpp"

namespace seega {

// The two-sided 95% normal quantile.
inline constexpr double kZ95 = 1.959963984540054;

// The fewest independent samples (games, game pairs, runs, or clusters of games) from which a summary
// gives a normal 95% interval for a mean, and from which seega match gives an Elo at all. Why 10: the
// interval is mean -+ 1.96 s / sqrt(n) with s estimated from the same n samples, which Student's t says
// needs 2.26 in place of 1.96 at n = 10 (15% wider) and far more below (4.30 at n = 3, 12.7 at n = 2);
// under 10 a plug-in s is too unsteady to trust, and the chance that every sample is the same (s = 0,
// a zero-width interval) is large. It is a floor, not a promise: 10 samples give a rough interval.
inline constexpr long long kMinSamples = 10;

// Why a normal interval for a mean of independent samples is not given: under kMinSamples samples, or
// no spread (every sample the same: the sample variance is 0, and the interval would have zero width,
// a certainty no finite sample gives).
enum class IntervalGap { None, TooFew, NoSpread };
// `variance` is the samples' variance, or any spread that is 0 exactly when every sample is the same.
IntervalGap interval_gap(long long samples, double variance);
// Why too few samples leave a figure out, in the words every summary uses: "2 games are too few (at
// least 10 are needed)", "1 run is too few (...)"; with no samples, `none` when given ("no decisive
// games (...)").
std::string too_few_text(long long samples, std::string_view one, std::string_view many, std::string_view none = "");

// A signed number for people: "+12.3", "-4.0", "+0.0" (never "-0.0"), "+inf", "-inf".
std::string signed_text(double x, int decimals = 1);
// The same without the plus sign.
std::string plain_text(double x, int decimals = 1);

struct Interval {
  double lo = 0, hi = 0;
};

// The 95% interval of b - a for two independent estimates a and b given with 95% intervals: each
// interval's half-width over z is read as its standard error (an interval that is not symmetric about
// its estimate, Wilson's, at its mean half-width), and the two add in quadrature. Runs that share
// their openings (the same seed) are positively correlated, and the interval is then conservative.
Interval difference_ci(double a, Interval ia, double b, Interval ib, double z = kZ95);

// Wilson rather than Wald: it stays inside [0, 1] and keeps its coverage near 0 and 1, where short
// matches between unequal engines live. n = 0 gives [0, 1], since nothing is known.
Interval wilson(double successes, double n, double z = kZ95);

// A mean of observations that come in clusters (games that share the position at the end of
// placement), with the cluster-robust (sandwich) variance, which does not take repeated games for
// independent evidence: V = C/(C-1) sum_c (sum_{i in c} (y_i - mean))^2 / n^2 over the C clusters,
// against the plain V0 = sum_i (y_i - mean)^2 / (n (n-1)). With one observation a cluster V == V0.
struct ClusteredMean {
  double mean = 0;
  long long n = 0, clusters = 0;
  double se = 0;      // cluster-robust standard error of the mean
  double iid_se = 0;  // as if the observations were independent
  // V / V0, floored at 1 (repeats are never taken as more than independent evidence); n / C when
  // V0 is 0 (every observation equal: each cluster then counts once); n with a single cluster.
  double design_effect = 1;
};
// Precondition: values.size() == clusters.size().
ClusteredMean clustered_mean(const std::vector<double>& values, const std::vector<std::uint64_t>& clusters);

// A 95% interval for a proportion (values 0 or 1) whose observations come in clusters: Wilson's
// interval at the effective sample size n / design_effect (Kish), so it is the plain Wilson interval
// when every observation is its own cluster, and wider as clusters repeat. n = 0 gives [0, 1].
Interval clustered_wilson(const ClusteredMean& m, double z = kZ95);
// A normal 95% interval for a mean from its cluster-robust standard error.
Interval clustered_normal(const ClusteredMean& m, double z = kZ95);
// A 95% interval for a score (values 0, 0.5 or 1: a win, a draw, a loss) whose observations come in
// clusters: the normal one from the cluster-robust standard error, inside [0, 1]; but when every
// observation is the same (no spread, so a normal interval of zero width, [1, 1] for a sweep), Wilson's
// at the effective sample size, as clustered_wilson gives for a proportion: each cluster counts once.
Interval clustered_score_ci(const ClusteredMean& m, double z = kZ95);

// How many independent units observations in clusters amount to. effective = n^2 / sum_c n_c^2, the
// number of equal clusters that would hold the observations as unevenly: the count of clusters when they
// are all the same size, 1 when one cluster holds everything, and about 1 / share^2 when one holds a
// share of them. largest_share: the biggest cluster's share of the observations.
struct ClusterShape {
  long long n = 0, clusters = 0;
  double effective = 0, largest_share = 0;
};
ClusterShape cluster_shape(const std::vector<std::uint64_t>& clusters);

// The fewest effective clusters from which a summary gives a cluster-robust interval. The sandwich
// variance is biased down with few clusters and its intervals cover less than they say: Cameron and
// Miller's guide to cluster-robust inference (J. Human Resources, 2015) puts "few" at 20 to 50 equal
// clusters, and MacKinnon and Webb (J. Applied Econometrics, 2017) show that clusters of unequal sizes
// behave like fewer, which the effective count measures. 20, the low end, since the intervals here also
// widen by the design effect (clustered_wilson): below it the interval is not given, with the count.
inline constexpr double kMinEffectiveClusters = 20;
// Why a clustered interval is not given ("rests on 1.4 effective clusters (the largest holds 86% of the
// games; at least 20 are needed)"), or "" when shape has enough.
std::string too_few_clusters_text(const ClusterShape& shape, std::string_view what = "games");

// Why a run's plain intervals would count repeated games as independent evidence, or empty: its games
// rest on too few effective clusters for a clustered interval (too_few_clusters_text) and on at most one
// cluster for every two game pairs, so that the pairs themselves repeat (deterministic players with no
// random opening), not a placement two pairs happen to share. Match and ladder summaries leave every
// interval out for this reason.
std::string repeated_games_text(long long games, long long pairs, long long distinct_games,
                                const ClusterShape& clusters);

// Clusters joined into connected components: observation i carries one key of each kind (keys[k][i]),
// and two observations that share a key of any kind are in one component (so games that share an opening
// or a placement are one cluster, and so are games linked through a chain of such shares). Key 0 is no
// key: it joins nothing. Returns each observation's component label (the smallest index in it).
// Precondition: every keys[k] has the same size.
std::vector<std::uint64_t> joined_clusters(const std::vector<std::vector<std::uint64_t>>& keys);

// -inf at a score of 0 and +inf at 1, not a clamp: no finite Elo explains a clean sweep, and a
// clamp would print an invented number.
double elo_from_score(double score);
// The expected score of the logistic model, so that elo_from_score(score_from_elo(e)) == e.
double score_from_elo(double elo);

// Game results from one player's side.
struct WDL {
  long long wins = 0, draws = 0, losses = 0;

  long long games() const { return wins + draws + losses; }
  // Mean points per game; 0.5 with no games, the score that claims no difference.
  double score() const;
  // The variance of one game's points (0, 0.5 or 1) about score(); 0 with no games.
  double variance() const;
  // One game's result for this side: 0, 0.5 or 1.
  void add(double points);
};

// A point estimate with its 95% interval, in logistic Elo; the bounds may be infinite.
struct EloEstimate {
  double elo = 0, lo = 0, hi = 0;
};

// Games treated as independent: a normal interval on the mean score, mapped through
// elo_from_score. No games gives 0 in (-inf, inf).
EloEstimate elo_trinomial(const WDL& wdl);

// Pairs of games with the roles swapped (same opening, each side once), which removes most of the
// first-player advantage from the noise; n[i] counts pairs in which the player scored i/2 points.
struct Pentanomial {
  std::array<long long, 5> n{};

  long long pairs() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
  // Mean points per game; 0.5 with no pairs.
  double score() const;
  // The variance of one pair's per-game score (i/4): the pair, not the game, is the independent
  // sample, so the mean score's standard error is sqrt(variance() / pairs()). 0 with no pairs.
  double variance() const;
  // The player's points in the two games of one pair, each 0, 0.5 or 1.
  void add_pair(double first, double second);
};

// As elo_trinomial, but with the pair as the sample, as fastchess reports it.
EloEstimate elo_pentanomial(const Pentanomial& p);

// Normalized Elo (Van den Bergh; fishtest and fastchess report it): the score's distance from 1/2 in
// units of the per-game standard deviation, (s - 1/2) / sqrt(2 var) x 800 / ln 10, with var the
// pentanomial variance() of a pair's per-game score. It measures how hard the difference is to detect,
// which a raw Elo with many draws overstates. No pairs, or no spread, gives 0 in (-inf, inf).
EloEstimate normalized_elo(const Pentanomial& p);

// The chance that the player is the stronger one, from the pairs: Phi((s - 1/2) / se) with se the
// pentanomial standard error of the score (fishtest's form). 0.5 with no pairs; with no spread, 1, 0
// or 0.5 by the side of 1/2 the score is on.
double likelihood_of_superiority(const Pentanomial& p);

// The chance that the player is the stronger one given only decisive games (draws carry no
// information on who is stronger): Phi((w - l) / sqrt(w + l)). 0.5 with no decisive games.
double likelihood_of_superiority(long long wins, long long losses);

// A sequential test of H0: elo = elo0 against H1: elo = elo1 (logistic Elo), with error rates
// alpha (accepting H1 when H0 holds) and beta (accepting H0 when H1 holds).
struct SprtConfig {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};

// Reads "elo0=0,elo1=10,alpha=0.05,beta=0.05": any subset, any order, the rest default. Errors
// name the key and what it allows: elo0, elo1 in [-1000, 1000] with elo0 < elo1; alpha, beta in
// (0, 0.5).
Parsed<SprtConfig> parse_sprt(std::string_view text);

struct SprtResult {
  enum Decision { Continue, AcceptH0, AcceptH1 };
  double llr = 0;    // log-likelihood ratio of H1 against H0
  double lower = 0;  // log(beta / (1 - alpha)): at or below it, accept H0
  double upper = 0;  // log((1 - beta) / alpha): at or above it, accept H1
  Decision decision = Continue;
};

// The generalized log-likelihood ratio of fishtest's LLR_logistic: the pentanomial distribution
// is fitted by maximum likelihood under each hypothesis' expected score, after a zero count is
// replaced by 1e-3 (fishtest's regularization, so that a clean sweep is not infinitely
// convincing). 0 with no pairs. Precondition: elo0, elo1 finite and within [-1000, 1000].
double llr_logistic(const Pentanomial& p, double elo0, double elo1);

// The Brownian approximation N (s1 - s0)(2 s - s0 - s1) / (2 var) of the same ratio (fishtest's
// LLR_alt2), kept to check llr_logistic against: it agrees near the hypotheses but overshoots by
// orders of magnitude on lopsided counts, so sprt does not use it. 0 with no pairs.
double llr_logistic_approx(const Pentanomial& p, double elo0, double elo1);

// The GSPRT decision after the pairs so far. With no pairs the ratio is 0 and the test continues.
// Precondition: a config parse_sprt accepts.
SprtResult sprt(const Pentanomial& p, const SprtConfig& config);

// Order statistics with linear interpolation between ranks (numpy's default): q in [0, 1].
double quantile(std::vector<double> values, double q);
// The nearest-rank percentile: the smallest value with at least a share q of the values at or below it
// (rank ceil(q n), at least 1), so always one of the values: of whole counts, a whole count. q in [0, 1].
double nearest_rank(std::vector<double> values, double q);
// A distribution-free 95% interval for the median: the order statistics at ranks n/2 -+ 1.96 sqrt(n)/2
// (the binomial's normal approximation), clamped to the sample.
Interval median_interval(std::vector<double> values);

struct Distribution {
  double mean = 0;
  Interval mean_ci{0, 0};  // normal: mean -+ 1.96 s / sqrt(n), not below 0; the draws are independent
  double median = 0;
  Interval median_ci{0, 0};
  double p10 = 0, p25 = 0, p75 = 0, p90 = 0;  // nearest-rank: each one of the draws ("p75 2", not "2.25")
  double min = 0, max = 0;
  // Why an interval is left out (then its numbers mean nothing); empty when it is given. Neither from
  // fewer than kMinSamples draws; the mean's not when every draw gave the same value (its
  // normal interval would have zero width). The median's may be a single value then: the order
  // statistics' interval covers the median of any distribution, discrete ones too, 95% of the time.
  std::string no_mean_ci, no_median_ci;
};
// Of independent draws of a value that is never negative (run-sim: a run's wins or score), each draw
// a `one` ("run"; `many` for more than one) in the reasons an interval is left out.
Distribution distribution(const std::vector<double>& values, std::string_view one = "run",
                          std::string_view many = "runs");

}  // namespace seega
