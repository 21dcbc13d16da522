#pragma once
// Which game is which: a schedule maps a game index to its pairing, who places first and its seeds,
// as a pure function of the index (fastchess's Scheduler::next() in spirit). No thread, rank or clock
// enters it, so a run on any thread count, a resumed run, a shard or an MPI rank all play the same
// game i.
//
// Games come in pairs that swap roles: game i belongs to game pair q = i / 2, played by pairing
// q mod P (P pairings). In the even game of a pair the pairing's first player places first, in the
// odd one the second does; both games start with the same random opening turns, drawn from q, or with
// the same opening of a suite (suite_opening). So
// every round of P game pairs meets every pairing once, and a run cut short anywhere has played each
// pairing nearly equally often. With two players (P = 1) this is seega match's order, unchanged.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/openings.hpp"
#include "rules/types.hpp"

namespace seega {

enum class ScheduleKind : std::uint8_t { RoundRobin, Gauntlet, Chain, Pairs };
std::string_view to_string(ScheduleKind k);
// "round-robin", "gauntlet", "chain" or "pairs"; an error lists them.
Parsed<ScheduleKind> parse_schedule_kind(std::string_view text);

struct Pairing {
  int a = 0, b = 1;  // indices into the player list; a places first in the pair's even game
  bool operator==(const Pairing&) const = default;
};

// One scheduled game: everything needed to play it, derived from the index alone.
struct ScheduledGame {
  long long index = 0;
  long long game_pair = 0;  // index / 2: the two games of a pair share the opening
  int pairing = 0;
  int player[2] = {0, 1};          // the player of colour w and of colour b
  std::uint64_t seed = 0;          // the players' random streams
  std::uint64_t opening_seed = 0;  // the shared random opening turns
};

// The opening of a suite of n openings (engine/openings.hpp) that game pair `game_pair` plays: in file
// order (pair q plays opening q mod n), or in a random order drawn from the master seed, a fresh
// permutation of the suite for each round of n pairs, so that every opening is played once a round. A
// pure function of its arguments, O(1) however large the suite. Precondition: n >= 1.
long long suite_opening(long long game_pair, long long n, OpeningOrder order, std::uint64_t master_seed);

class Schedule {
 public:
  // Round robin: every pair of the n players (0-1, 0-2, ..., 1-2, ...). Gauntlet: player 0 against each
  // of the others. Chain: each player against the next in the list (0-1, 1-2, ...), the cheapest schedule
  // that connects a ladder whose order is known in advance (the AI levels). Pairs: each player against its
  // partner only (0-1, 2-3, ...; an even number of players), separate duels that no rating connects, for a
  // run that sums them (seega spsa --vary, a population of configurations, each game pair its own).
  // games_per_pairing games each; with more than one pairing it must be even, so that every round of the
  // schedule is whole pairs. Precondition: invalid(...) is empty.
  Schedule(ScheduleKind kind, int players, long long games_per_pairing);
  // Why such a schedule cannot be made, or empty.
  static std::string invalid(ScheduleKind kind, int players, long long games_per_pairing);

  ScheduleKind kind() const { return kind_; }
  int players() const { return players_; }
  int pairings() const { return static_cast<int>(pairings_.size()); }
  const Pairing& pairing(int p) const { return pairings_[static_cast<std::size_t>(p)]; }
  long long games_per_pairing() const { return per_pairing_; }
  long long games() const { return per_pairing_ * pairings(); }
  // The pairing that plays game `index` (any index >= 0: a longer run of the same schedule extends it).
  int pairing_of(long long index) const { return static_cast<int>((index / 2) % pairings()); }
  // Game `index` of a run with this master seed, the first placer's colour given by the rules.
  ScheduledGame game(long long index, std::uint64_t master_seed, Color first_placer) const;

 private:
  ScheduleKind kind_;
  int players_;
  long long per_pairing_;
  std::vector<Pairing> pairings_;
};

}  // namespace seega
