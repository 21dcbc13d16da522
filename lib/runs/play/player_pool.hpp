#pragma once
// One worker's players, made on first use and reused across its games: play_game calls new_game(),
// which clears every table, so a game does not depend on the ones before it (measured: making two
// searchers per game cost more than a level(1) game itself). A game's two players are different
// indices, so one instance a player is enough. The runner's workers (a tournament's players) and
// run-sim's (the player and the levels) each hold one.

#include <memory>
#include <vector>

#include "runs/play/engine_client.hpp"

namespace seega {

template <int N>
class PlayerPool {
 public:
  // specs must outlive the pool.
  explicit PlayerPool(const std::vector<PlayerSpec>& specs) : specs_(specs), players_(specs.size()) {}
  Player<N>* get(int p) {
    auto& slot = players_[static_cast<std::size_t>(p)];
    if (!slot) slot = make_any_player<N>(specs_[static_cast<std::size_t>(p)]);
    return slot.get();
  }

 private:
  const std::vector<PlayerSpec>& specs_;
  std::vector<std::unique_ptr<Player<N>>> players_;
};

}  // namespace seega
