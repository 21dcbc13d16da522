#include "analysis/rating.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <map>
#include <numbers>
#include <string>
#include <utility>

#include "analysis/stats.hpp"

namespace seega {

// Why a draw counts as half a win and half a loss: the model is then one logistic curve in the
// expected score, so for two players the fitted difference is exactly elo_from_score of the match
// score, the number `seega match` prints, and a ladder and a match never disagree about one pairing.
// The price is that the likelihood treats a draw's score like a coin's: with draws the real spread of
// the score is smaller than the model's p(1-p), so the intervals run a little wide (measured in
// test_rating: with 15% draws, 97% of 95% intervals cover the truth).
//
// Why this prior, and only when needed: when Ford's condition fails the likelihood keeps rising as
// some ratings run off to infinity, so any finite answer is a choice, and it should be the smallest,
// plainest one that can be stated in a sentence. One virtual draw per pairing played (BayesElo's
// prior is virtual draws too) is symmetric, so it pulls each pairing towards an even score and favours
// nobody; it adds a result in both directions along every edge of the comparison graph, which makes
// that graph strongly connected and the maximum finite; it invents no pairing that was not played;
// and against the hundreds of games a ladder plays per pairing it weighs little. When the data have
// a finite maximum it is not added at all, so the usual fit is the plain maximum likelihood.

namespace {

// Natural-log odds per Elo: 10^(-d/400) = exp(-kEloToLogit d).
constexpr double kEloToLogit = std::numbers::ln10 / 400;
constexpr int kMaxIterations = 100;
constexpr double kStepTolerance = 1e-9;  // Elo

// One pairing with all its entries summed, from the lower-numbered player's side. Integer sums, so
// that the order of the entries cannot change a single bit of the fit.
struct Pairing {
  int i = 0, j = 0;  // i < j
  long long i_wins = 0, draws = 0, j_wins = 0;

  long long games() const { return i_wins + draws + j_wins; }
};

// "player 3", or the player's name when the caller gave names.
std::string name_of(int v, const std::vector<std::string>& names) {
  return static_cast<std::size_t>(v) < names.size() ? names[static_cast<std::size_t>(v)]
                                                    : "player " + std::to_string(v);
}

std::string player_list(const std::vector<int>& members, const std::vector<std::string>& names) {
  std::string out = names.empty() ? (members.size() == 1 ? "player " : "players ") : "";
  for (std::size_t k = 0; k < members.size(); ++k) {
    if (k > 0) out += k + 1 == members.size() ? " and " : ", ";
    out += names.empty() ? std::to_string(members[k]) : name_of(members[k], names);
  }
  return out;
}

// Strongly connected components of the graph with an edge u -> v when u scored against v
// (Kosaraju, iteratively, so a long ladder cannot overflow the stack). comp[v] numbers them.
std::vector<int> strong_components(int n, const std::vector<std::vector<int>>& out,
                                   const std::vector<std::vector<int>>& in, int& count) {
  std::vector<int> order;
  order.reserve(n);
  std::vector<char> seen(n, 0);
  for (int start = 0; start < n; ++start) {
    if (seen[start]) continue;
    std::vector<std::pair<int, std::size_t>> stack{{start, 0}};
    seen[start] = 1;
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      if (next < out[v].size()) {
        int w = out[v][next++];
        if (!seen[w]) {
          seen[w] = 1;
          stack.push_back({w, 0});
        }
      } else {
        order.push_back(v);
        stack.pop_back();
      }
    }
  }
  std::vector<int> comp(n, -1);
  count = 0;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (comp[*it] >= 0) continue;
    std::vector<int> stack{*it};
    comp[*it] = count;
    while (!stack.empty()) {
      int v = stack.back();
      stack.pop_back();
      for (int w : in[v])
        if (comp[w] < 0) {
          comp[w] = count;
          stack.push_back(w);
        }
    }
    ++count;
  }
  return comp;
}

// Empty when Ford's condition holds (a finite maximum exists); otherwise the clause naming the sets
// of players that won, or lost, every game against everyone outside the set.
std::string ford_violation(int n, const std::vector<Pairing>& pairings, const std::vector<std::string>& names) {
  std::vector<std::vector<int>> out(n), in(n);
  auto edge = [&](int u, int v) {
    out[u].push_back(v);
    in[v].push_back(u);
  };
  for (const Pairing& p : pairings) {
    if (p.i_wins + p.draws > 0) edge(p.i, p.j);
    if (p.j_wins + p.draws > 0) edge(p.j, p.i);
  }
  int count = 0;
  std::vector<int> comp = strong_components(n, out, in, count);
  if (count == 1) return {};

  // A component nobody outside scored against won all its games with the rest; one that scored
  // against nobody outside lost them all. Every other component lies between such sets.
  std::vector<char> entered(count, 0), leaves(count, 0);
  for (int u = 0; u < n; ++u)
    for (int v : out[u])
      if (comp[u] != comp[v]) {
        leaves[comp[u]] = 1;
        entered[comp[v]] = 1;
      }
  std::vector<std::vector<int>> members(count);
  for (int v = 0; v < n; ++v) members[comp[v]].push_back(v);  // ascending within each set
  // Components in order of their lowest player, so the note does not depend on the search order.
  std::vector<int> by_lowest(count);
  for (int c = 0; c < count; ++c) by_lowest[c] = c;
  std::sort(by_lowest.begin(), by_lowest.end(), [&](int x, int y) { return members[x].front() < members[y].front(); });

  auto clause = [&](int c, bool won) {
    std::string text = player_list(members[c], names) + (won ? " won" : " lost") + " every game";
    if (members[c].size() > 1) text += " against the others";
    return text;
  };
  std::vector<std::string> clauses;
  if (count == 2) {
    // One cut: name its smaller side, which is what a reader looks for ("player 3 won every game").
    int source = entered[0] ? 1 : 0, sink = 1 - source;
    clauses.push_back(members[source].size() <= members[sink].size() ? clause(source, true) : clause(sink, false));
  } else {
    for (int c : by_lowest)
      if (!entered[c]) clauses.push_back(clause(c, true));
    for (int c : by_lowest)
      if (!leaves[c]) clauses.push_back(clause(c, false));
  }
  std::string text;
  for (std::size_t k = 0; k < clauses.size(); ++k) {
    if (k > 0) text += k + 1 == clauses.size() ? " and " : ", ";
    text += clauses[k];
  }
  return text;
}

// log(1 + e^y) without overflow.
double softplus(double y) { return std::max(y, 0.0) + std::log1p(std::exp(-std::abs(y))); }

// The games and points of one pairing as the likelihood sees them, prior included.
struct Term {
  int i = 0, j = 0;
  double games = 0, points = 0;  // points of i
};

// A player's row in the reduced problem, which leaves the anchor out; -1 for the anchor.
int free_index(int player, int anchor) { return player < anchor ? player : player == anchor ? -1 : player - 1; }

// The log-likelihood, its gradient and the negative Hessian in the free ratings (anchor removed).
struct Local {
  double loglik = 0;
  Eigen::VectorXd gradient;
  Eigen::MatrixXd information;
};

double log_likelihood(const std::vector<Term>& terms, const std::vector<double>& r) {
  double sum = 0;
  for (const Term& t : terms) {
    double x = kEloToLogit * (r[t.i] - r[t.j]);
    sum -= t.points * softplus(-x) + (t.games - t.points) * softplus(x);
  }
  return sum;
}

Local local_model(const std::vector<Term>& terms, const std::vector<double>& r, int anchor) {
  const int free = static_cast<int>(r.size()) - 1;
  Local m;
  m.gradient = Eigen::VectorXd::Zero(free);
  m.information = Eigen::MatrixXd::Zero(free, free);
  m.loglik = log_likelihood(terms, r);
  for (const Term& t : terms) {
    double x = kEloToLogit * (r[t.i] - r[t.j]);
    double e = std::exp(-std::abs(x));
    double p = x >= 0 ? 1 / (1 + e) : e / (1 + e);  // P(i scores)
    double q = x >= 0 ? e / (1 + e) : 1 / (1 + e);  // 1 - p, without cancelling
    // points - games p, rearranged: the direct form cancels when p is near 1 and left a rounding
    // floor of 1e-5 Elo on the step at 10^9 wins to 1, so the fit never converged.
    double g = kEloToLogit * (t.points * q - (t.games - t.points) * p);
    double w = kEloToLogit * kEloToLogit * t.games * p * q;
    int a = free_index(t.i, anchor), b = free_index(t.j, anchor);
    if (a >= 0) {
      m.gradient[a] += g;
      m.information(a, a) += w;
    }
    if (b >= 0) {
      m.gradient[b] -= g;
      m.information(b, b) += w;
    }
    if (a >= 0 && b >= 0) {
      m.information(a, b) -= w;
      m.information(b, a) -= w;
    }
  }
  return m;
}

bool positive_definite(const Eigen::LDLT<Eigen::MatrixXd>& ldlt) {
  return ldlt.info() == Eigen::Success && ldlt.vectorD().minCoeff() > 0;
}

}  // namespace

double RatingFit::ci95(int i) const {
  assert(i >= 0 && i < static_cast<int>(covariance.size()));
  return kZ95 * std::sqrt(covariance[i][i]);
}

double RatingFit::diff_ci95(int i, int j) const {
  assert(i >= 0 && i < static_cast<int>(covariance.size()));
  assert(j >= 0 && j < static_cast<int>(covariance.size()));
  double var = covariance[i][i] + covariance[j][j] - 2 * covariance[i][j];
  return kZ95 * std::sqrt(std::max(var, 0.0));  // rounding can leave -1e-16 when i == j
}

Parsed<RatingFit> fit_ratings(int players, const std::vector<PairResult>& pairs, const RatingOptions& options) {
  using P = Parsed<RatingFit>;
  const int n = players;
  if (n < 2) return P::fail("a rating fit needs at least 2 players, got " + std::to_string(n));
  const std::string range = "players are 0 to " + std::to_string(n - 1);
  const int anchor = options.anchor;
  if (anchor < 0 || anchor >= n) return P::fail("anchor " + std::to_string(anchor) + " is out of range: " + range);

  std::map<std::pair<int, int>, Pairing> summed;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const PairResult& pr = pairs[k];
    const std::string which =
        "pair " + std::to_string(k) + " (players " + std::to_string(pr.a) + " and " + std::to_string(pr.b) + ")";
    for (int player : {pr.a, pr.b})
      if (player < 0 || player >= n)
        return P::fail(which + ": player " + std::to_string(player) + " is out of range: " + range);
    if (pr.a == pr.b) return P::fail(which + " pairs a player with itself");
    if (pr.a_wins < 0 || pr.draws < 0 || pr.b_wins < 0) return P::fail(which + " has a negative count");
    if (pr.a_wins + pr.draws + pr.b_wins == 0) continue;
    bool flip = pr.a > pr.b;
    Pairing& p = summed[{std::min(pr.a, pr.b), std::max(pr.a, pr.b)}];
    p.i = std::min(pr.a, pr.b);
    p.j = std::max(pr.a, pr.b);
    p.i_wins += flip ? pr.b_wins : pr.a_wins;
    p.j_wins += flip ? pr.a_wins : pr.b_wins;
    p.draws += pr.draws;
  }
  std::vector<Pairing> pairings;
  pairings.reserve(summed.size());
  for (const auto& [key, p] : summed) pairings.push_back(p);

  RatingFit fit;
  fit.games.assign(n, 0);
  fit.score.assign(n, 0);
  std::vector<std::vector<int>> neighbours(n);
  for (const Pairing& p : pairings) {
    double g = static_cast<double>(p.games());
    fit.games[p.i] += g;
    fit.games[p.j] += g;
    fit.score[p.i] += p.i_wins + 0.5 * p.draws;
    fit.score[p.j] += p.j_wins + 0.5 * p.draws;
    neighbours[p.i].push_back(p.j);
    neighbours[p.j].push_back(p.i);
  }
  for (int v = 0; v < n; ++v) {
    if (fit.games[v] == 0) return P::fail(name_of(v, options.names) + " has no games");
    fit.score[v] /= fit.games[v];
  }

  std::vector<char> reached(n, 0);
  std::vector<int> stack{anchor};
  reached[anchor] = 1;
  while (!stack.empty()) {
    int v = stack.back();
    stack.pop_back();
    for (int w : neighbours[v])
      if (!reached[w]) {
        reached[w] = 1;
        stack.push_back(w);
      }
  }
  for (int v = 0; v < n; ++v)
    if (!reached[v])
      return P::fail(name_of(v, options.names) + " cannot be compared with the anchor (" +
                     name_of(anchor, options.names) + "): no chain of games joins them");

  std::string violation = ford_violation(n, pairings, options.names);
  fit.prior_used = !violation.empty();
  if (fit.prior_used)
    fit.prior_note = violation + ": no finite maximum likelihood; the fit adds one virtual draw to every pairing";

  std::vector<Term> terms;
  terms.reserve(pairings.size());
  const double virtual_draws = fit.prior_used ? 1 : 0;
  for (const Pairing& p : pairings)
    terms.push_back(
        {p.i, p.j, static_cast<double>(p.games()) + virtual_draws, p.i_wins + 0.5 * p.draws + 0.5 * virtual_draws});

  // Newton from all-equal, solving with LDLT on the reduced information matrix. The log-likelihood is
  // concave, so the full step nearly always rises; halving guards against the rare overshoot far from
  // the optimum. The stop looks at the full step, not the halved one, so halving cannot fake it.
  std::vector<double> r(n, 0.0), trial(n);
  for (int iter = 1; iter <= kMaxIterations; ++iter) {
    Local m = local_model(terms, r, anchor);
    Eigen::LDLT<Eigen::MatrixXd> ldlt(m.information);
    if (!positive_definite(ldlt)) return P::fail("rating fit: the information matrix is not positive definite (a bug)");
    Eigen::VectorXd step = ldlt.solve(m.gradient);
    const double largest = step.cwiseAbs().maxCoeff();
    double t = 1;
    for (int halvings = 0;; ++halvings) {
      for (int v = 0; v < n; ++v) trial[v] = v == anchor ? 0 : r[v] + t * step[free_index(v, anchor)];
      // A relative slack, so that rounding at the optimum is not mistaken for a fall.
      if (log_likelihood(terms, trial) >= m.loglik - 1e-12 * (1 + std::abs(m.loglik)) || halvings == 50) break;
      t /= 2;
    }
    r = trial;
    fit.iterations = iter;
    if (largest < kStepTolerance) {
      fit.converged = true;
      break;
    }
  }

  Local m = local_model(terms, r, anchor);
  Eigen::LDLT<Eigen::MatrixXd> ldlt(m.information);
  if (!positive_definite(ldlt)) return P::fail("rating fit: the information matrix is not positive definite (a bug)");
  Eigen::MatrixXd cov = ldlt.solve(Eigen::MatrixXd::Identity(n - 1, n - 1));
  fit.rating = r;
  fit.covariance.assign(n, std::vector<double>(n, 0.0));
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v)
      if (u != anchor && v != anchor) fit.covariance[u][v] = cov(free_index(u, anchor), free_index(v, anchor));
  return P{std::move(fit), {}};
}

}  // namespace seega
