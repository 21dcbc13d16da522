#include "runs/play/run_score.hpp"

#include <cmath>

namespace seega {

std::string level_player(int level, bool deterministic) {
  return "level(" + std::to_string(level) + (deterministic ? ",deterministic)" : ")");
}

RunScore score_run(const std::vector<RunGame>& games) {
  RunScore s;
  long long bonus = 0;
  for (const RunGame& g : games) {
    if (!g.won) break;
    ++s.wins;
    bonus += win_bonus(g.stones_left, g.movement_moves);
  }
  if (s.wins == 0) return s;
  s.mean_bonus = static_cast<double>(bonus) / s.wins;
  // Ten times the mean is 10 x bonus / wins: rounded from the exact fraction, halves up, so that a
  // mean of 12.25 gives 123 rather than whatever 122.49999 a double would make of it.
  const long long tenfold = 10 * bonus;
  s.score = 1000LL * s.wins + (2 * tenfold + s.wins) / (2 * s.wins);
  return s;
}

}  // namespace seega
