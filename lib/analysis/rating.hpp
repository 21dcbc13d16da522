#pragma once
// Ratings for a ladder: one Bradley-Terry fit over every pairing played, on the logistic Elo scale
// that `seega match` reports, with a covariance so that any rating difference gets its own error bar.
// Numbers only: printing belongs to the CLI.

#include <string>
#include <vector>

#include "rules/types.hpp"

namespace seega {

// The results of one pairing, from a's side. A pairing may appear in several entries, either way
// round; the fit sums them.
struct PairResult {
  int a = 0, b = 0;
  long long a_wins = 0, draws = 0, b_wins = 0;
};

struct RatingOptions {
  int anchor = 0;                  // the player whose rating is fixed at 0
  std::vector<std::string> names;  // the players' names for messages; "player i" when empty
};

struct RatingFit {
  // Elo scale, rating[anchor] == 0.
  std::vector<double> rating;
  // Of the ratings, Elo^2; the anchor's row and column are 0.
  std::vector<std::vector<double>> covariance;
  // Per player, from the real games only: games played and mean points (draw = 1/2).
  std::vector<double> games, score;
  // The maximum likelihood had no finite solution; a weak prior was added.
  bool prior_used = false;
  // One sentence saying which players forced the prior and what it is; empty otherwise.
  std::string prior_note;
  // Newton steps taken, and whether the last was below 1e-9 Elo (false only if 100 did not get there).
  int iterations = 0;
  bool converged = false;

  // 95% normal interval half-width of player i's rating against the anchor; 0 for the anchor.
  double ci95(int i) const;
  // 95% half-width of rating[i] - rating[j] from the covariance (var_i + var_j - 2 cov_ij): ratings
  // fitted from shared opponents are correlated, so the two separate intervals would mislead.
  double diff_ci95(int i, int j) const;
};

// Maximum likelihood Bradley-Terry on the logistic Elo scale: P(i scores against j) =
// 1/(1+10^(-(r_i-r_j)/400)), a draw counted as half a win and half a loss. Newton's method on the
// reduced problem with the anchor removed; covariance = inverse of the negative Hessian at the optimum.
// When no finite maximum exists (Ford's condition fails: some set of players won, or lost, every game
// against everyone outside it) the fit adds one virtual draw to every pairing played and says so in
// prior_used and prior_note. Errors: fewer than 2 players, an anchor or pair index out of range, a
// pair of a player with itself, a negative count, a player with no games, or players who cannot be
// compared with the anchor through any chain of games.
Parsed<RatingFit> fit_ratings(int players, const std::vector<PairResult>& pairs, const RatingOptions& options = {});

}  // namespace seega
