#pragma once
// The pairwise results of a run (fastchess's ScoreBoard): per pairing, the first player's wins, draws
// and losses and its pentanomial over game pairs. Games may arrive in any order and from any number of
// boards: a game whose partner has not arrived waits, so two boards of disjoint games merge into the
// board one run of all of them would have made.

#include <map>
#include <vector>

#include "analysis/stats.hpp"
#include "engine/game_record.hpp"
#include "runs/format/schedule.hpp"

namespace seega {

struct PairingScore {
  WDL a;              // from the pairing's first player's side
  Pentanomial pairs;  // its points in the two games of each whole game pair
  bool operator==(const PairingScore& o) const {
    return a.wins == o.a.wins && a.draws == o.a.draws && a.losses == o.a.losses && pairs.n == o.pairs.n;
  }
};

class ScoreBoard {
 public:
  ScoreBoard() = default;
  explicit ScoreBoard(const Schedule& schedule);

  // Counts one game. Precondition: its index was not counted before and its players are the
  // schedule's for that index.
  void add(const GameRecord& game);
  // Adds the games of another board of the same schedule. Precondition: no game is on both.
  void merge(const ScoreBoard& other);

  int pairings() const { return static_cast<int>(pairings_.size()); }
  const Pairing& players_of(int p) const { return pairings_[static_cast<std::size_t>(p)]; }
  const PairingScore& score(int p) const { return scores_[static_cast<std::size_t>(p)]; }
  // Games whose partner in their game pair is not on the board (yet).
  std::size_t unpaired() const { return pending_.size(); }

  bool operator==(const ScoreBoard& o) const {
    return pairings_ == o.pairings_ && scores_ == o.scores_ && pending_ == o.pending_;
  }

 private:
  struct Half {
    int pairing;
    double points;  // the pairing's first player's points in the game that arrived
    bool operator==(const Half&) const = default;
  };
  void add_half(long long game_pair, const Half& half);

  std::vector<Pairing> pairings_;
  std::vector<PairingScore> scores_;
  std::map<long long, Half> pending_;  // by game pair
};

}  // namespace seega
