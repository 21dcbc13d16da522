#pragma once
// What a tournament is: the players, who meets whom, under which rules, from which seed. The runner
// (runner.hpp) plays it; the results file (results_file.hpp) records it.

#include <cstdint>
#include <vector>

#include "engine/adjudication.hpp"
#include "engine/player.hpp"
#include "rules/rules.hpp"
#include "runs/format/schedule.hpp"

namespace seega {

// What is played: the players, who meets whom, under which rules, from which seed.
struct Tournament {
  Rules rules;
  std::vector<PlayerSpec> players;
  Schedule schedule{ScheduleKind::RoundRobin, 2, 2};
  std::uint64_t seed = 1;
  int opening_turns = 0;            // the first K placement turns of each game pair are random, shared by both games
  OpeningSuite openings{};          // or each game pair starts from an opening of this suite (not both)
  AdjudicationRule adjudication{};  // none by default (adjudication.hpp)

  // The suite's opening that game `index` starts from (both games of a pair the same), or null when the
  // run has no suite or knows only its identity (a header read back: nothing is played then).
  const Opening* opening_of(long long index) const {
    if (openings.openings.empty()) return nullptr;
    const long long k =
        suite_opening(index / 2, static_cast<long long>(openings.openings.size()), openings.order, seed);
    return &openings.openings[static_cast<std::size_t>(k)];
  }
};

}  // namespace seega
