#include "runs/schedule.hpp"

#include <cassert>

#include "rules/random.hpp"

namespace seega {

namespace {

// Keeps the opening stream apart from the games' own seeds (both derive from the master seed).
constexpr std::uint64_t kOpeningStream = 0x09E4'1A6B'5EED'0001ULL;

}  // namespace

std::string_view to_string(ScheduleKind k) {
  return k == ScheduleKind::RoundRobin ? "round-robin" : k == ScheduleKind::Gauntlet ? "gauntlet" : "chain";
}

Parsed<ScheduleKind> parse_schedule_kind(std::string_view text) {
  if (text == "round-robin") return {ScheduleKind::RoundRobin, {}};
  if (text == "gauntlet") return {ScheduleKind::Gauntlet, {}};
  if (text == "chain") return {ScheduleKind::Chain, {}};
  return Parsed<ScheduleKind>::fail("unknown schedule '" + std::string(text) +
                                    "'; allowed: round-robin, gauntlet, chain");
}

std::string Schedule::invalid(ScheduleKind, int players, long long games_per_pairing) {
  if (players < 2) return "a schedule needs at least 2 players, got " + std::to_string(players);
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
