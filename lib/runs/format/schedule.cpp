#include "runs/format/schedule.hpp"

#include <cassert>

#include "rules/random.hpp"

namespace seega {

namespace {

// Keeps the opening stream apart from the games' own seeds (both derive from the master seed).
constexpr std::uint64_t kOpeningStream = 0x09E4'1A6B'5EED'0001ULL;

}  // namespace

namespace {

// Keeps the suite's order apart from the other streams of the master seed.
constexpr std::uint64_t kSuiteStream = 0x5017'E0DE'12AB'0002ULL;

// A permutation of [0, 2^(2 half)) keyed by key: a four-round Feistel network on two halves of `half`
// bits, whose round function is a keyed hash. Random access, so no permutation is ever stored.
std::uint64_t feistel(std::uint64_t x, int half, std::uint64_t key) {
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  std::uint64_t left = x >> half, right = x & mask;
  for (std::uint64_t round = 0; round < 4; ++round) {
    const std::uint64_t f = Rng::derive(key, (round << 40) ^ right) & mask;
    const std::uint64_t next = left ^ f;
    left = right;
    right = next;
  }
  return (left << half) | right;
}

}  // namespace

long long suite_opening(long long game_pair, long long n, OpeningOrder order, std::uint64_t master_seed) {
  assert(game_pair >= 0 && n >= 1);
  const long long place = game_pair % n;
  if (order == OpeningOrder::Sequential || n == 1) return place;
  // The round's permutation of [0, n): the Feistel permutation of the smallest power of four at least
  // n, walked along its cycle until it lands inside [0, n) (cycle walking: a permutation of the domain
  // restricted to [0, n) stays a permutation, and takes under four steps on average).
  int half = 1;
  while ((std::uint64_t{1} << (2 * half)) < static_cast<std::uint64_t>(n)) ++half;
  const std::uint64_t key = Rng::derive(master_seed ^ kSuiteStream, static_cast<std::uint64_t>(game_pair / n));
  std::uint64_t x = static_cast<std::uint64_t>(place);
  do x = feistel(x, half, key);
  while (x >= static_cast<std::uint64_t>(n));
  return static_cast<long long>(x);
}

std::string_view to_string(ScheduleKind k) {
  switch (k) {
    case ScheduleKind::RoundRobin: return "round-robin";
    case ScheduleKind::Gauntlet: return "gauntlet";
    case ScheduleKind::Chain: return "chain";
    case ScheduleKind::Pairs: return "pairs";
  }
  return "?";
}

Parsed<ScheduleKind> parse_schedule_kind(std::string_view text) {
  if (text == "round-robin") return {ScheduleKind::RoundRobin, {}};
  if (text == "gauntlet") return {ScheduleKind::Gauntlet, {}};
  if (text == "chain") return {ScheduleKind::Chain, {}};
  if (text == "pairs") return {ScheduleKind::Pairs, {}};
  return Parsed<ScheduleKind>::fail("unknown schedule '" + std::string(text) +
                                    "'; allowed: round-robin, gauntlet, chain, pairs");
}

std::string Schedule::invalid(ScheduleKind kind, int players, long long games_per_pairing) {
  if (players < 2) return "a schedule needs at least 2 players, got " + std::to_string(players);
  if (kind == ScheduleKind::Pairs && players % 2)
    return "the pairs schedule needs an even number of players (each plays its partner), got " +
           std::to_string(players);
  if (players > 1000) return "a schedule takes at most 1000 players, got " + std::to_string(players);
  if (games_per_pairing < 1) return "games per pairing must be at least 1";
  if (players > 2 && games_per_pairing % 2)
    return "games per pairing must be even with more than two players (each pairing plays pairs of games "
           "that swap roles), got " +
           std::to_string(games_per_pairing);
  return "";
}

Schedule::Schedule(ScheduleKind kind, int players, long long games_per_pairing)
    : kind_(kind), players_(players), per_pairing_(games_per_pairing) {
  assert(invalid(kind, players, games_per_pairing).empty());
  if (kind == ScheduleKind::Gauntlet) {
    for (int b = 1; b < players; ++b) pairings_.push_back({0, b});
  } else if (kind == ScheduleKind::Chain) {
    for (int a = 0; a + 1 < players; ++a) pairings_.push_back({a, a + 1});
  } else if (kind == ScheduleKind::Pairs) {
    for (int a = 0; a + 1 < players; a += 2) pairings_.push_back({a, a + 1});
  } else {
    for (int a = 0; a < players; ++a)
      for (int b = a + 1; b < players; ++b) pairings_.push_back({a, b});
  }
}

ScheduledGame Schedule::game(long long index, std::uint64_t master_seed, Color first_placer) const {
  assert(index >= 0);
  ScheduledGame g;
  g.index = index;
  g.game_pair = index / 2;
  g.pairing = pairing_of(index);
  const Pairing& p = pairing(g.pairing);
  const int first = index % 2 == 0 ? p.a : p.b;
  g.player[first_placer] = first;
  g.player[~first_placer] = first == p.a ? p.b : p.a;
  g.seed = Rng::derive(master_seed, static_cast<std::uint64_t>(index));
  g.opening_seed = Rng::derive(master_seed ^ kOpeningStream, static_cast<std::uint64_t>(g.game_pair));
  return g;
}

}  // namespace seega
