#pragma once
// The short SPSA runs that the tests of SPSA and of a run shared among processes play.

#include <string>

#include "runs/kinds/spsa_run.hpp"

namespace seega::test {

// An SPSA run of player tuning every weight spsa tunes by default: iterations of pairs game pairs each,
// from seed 5, on the given number of threads.
inline SpsaRunConfig short_spsa_run(const std::string& player, long long iterations, int pairs, int threads) {
  SpsaRunConfig c;
  c.players = {parse_player(player).value};
  c.tune = spsa_default_names(c.start);
  c.iterations = iterations;
  c.pairs = pairs;
  c.seed = 5;
  c.threads = threads;
  return c;
}

}  // namespace seega::test
