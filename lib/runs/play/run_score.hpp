#pragma once
// Seega>Play's run (seed 001): a player faces level 1, moves up one level with each win, and the run
// ends at the first loss or draw. In the first game the computer places first (so the player moves
// first); after that the roles swap every game. Every win earns a bonus, and the run's score ranks
// more wins first and, between runs with the same wins, cleaner and quicker wins.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game_record.hpp"
#include "rules/rules.hpp"

namespace seega {

// Whether the player places first in game k (from 0) of a run: the computer does in game 0.
constexpr bool player_places_first(int k) { return k % 2 == 1; }
// The player's colour in game k under rules r (whose first_placer is the colour that places first).
inline Color player_colour(const Rules& r, int k) { return player_places_first(k) ? r.first_placer : ~r.first_placer; }
// The level the player faces in game k: each win moves it up one, and only a win leads to another game.
constexpr int run_level(int k) { return k + 1; }
// The spec of the computer at a level: level(N,deterministic) (the node budget instead of the clock)
// for batch runs that must replay from their seed, level(N) for a person's game.
std::string level_player(int level, bool deterministic);

// One game of a run from the player's side.
struct RunGame {
  bool won = false;
  int stones_left = 0;     // the player's stones on the board at the end
  int movement_moves = 0;  // steps and chain turns the player made in the movement phase (passes are not moves)
};

// The bonus of a win: 4 points for each of the player's stones left, plus 50 minus the player's
// movement moves, the second part never below 0. Choice: seed 001's "(never below 0)" follows "50
// minus the moves", so it bounds that part; a winner has at least one stone, so under the other reading
// (the whole bonus bounded) the two differ only when the moves pass 50 + 4 x stones. Precondition:
// stones_left, movement_moves >= 0.
constexpr int win_bonus(int stones_left, int movement_moves) {
  const int quick = 50 - movement_moves;
  return 4 * stones_left + (quick > 0 ? quick : 0);
}

// Game g from the side of the player, who had colour `player`.
inline RunGame run_game(const GameRecord& g, Color player) {
  return {!g.outcome.draw() && g.outcome.winner == player, g.stones[player], g.movement_moves[player]};
}

struct RunScore {
  int wins = 0;
  double mean_bonus = 0;  // over the wins; 0 with none
  long long score = 0;    // wins x 1000 + ten times the mean bonus, rounded to the nearest point (halves up)
};

// The score of a run's games, in order: the wins up to the first game that is not one (which ends the
// run; any games after it are not part of the run). A run with no win scores 0.
RunScore score_run(const std::vector<RunGame>& games);

}  // namespace seega
