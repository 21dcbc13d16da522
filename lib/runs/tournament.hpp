#pragma once
// What a tournament is: the players, who meets whom, under which rules, from which seed. The runner
// (runner.hpp) plays it; the results file (results_file.hpp) records it.

#include <cstdint>
#include <vector>

#include "engine/adjudication.hpp"
#include "engine/player.hpp"
#include "rules/rules.hpp"
#include "runs/schedule.hpp"

namespace seega {

// What is played: the players, who meets whom, under which rules, from which seed.
struct Tournament {
  Rules rules;
  std::vector<PlayerSpec> players;
  Schedule schedule{ScheduleKind::RoundRobin, 2, 2};
  std::uint64_t seed = 1;
  int opening_turns = 0;          // the first K placement turns of each game pair are random, shared by both games
  AdjudicationRule adjudication;  // none by default (adjudication.hpp)
};

}  // namespace seega
