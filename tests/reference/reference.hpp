#pragma once
#include <cstdint>
#include <string>
#include <vector>
namespace seega::ref {
struct Rules {
  int size = 5;
  bool diag_steps = false;     // steps=all
  bool diag_captures = false;  // captures=all
  bool centre_immune = true;
  bool last_placer_moves_first = true;  // first_mover=last
  bool walled_in_loses = false;         // walled_in=lose
  int quiet_plies = 30;                 // 0 = off
  int max_plies = 160;                  // 0 = off
  bool chains = false;
  bool forced_capture = false;
  bool barrier = false;
};
// All functions take a position in the notation of docs/rules.md; assume it is valid.
// Legal moves of the position in canonical notation ("a1+b2" lower square index first, "c2-c3",
// "c2-c3-c4" with the lexicographically smallest path by square index among paths with the same
// start, end and captured set, "pass"), sorted with std::sort; empty when the position is terminal.
std::vector<std::string> legal_moves(const Rules&, const std::string& fen);
// The position after playing `move` (one of legal_moves), in notation.
std::string apply(const Rules&, const std::string& fen, const std::string& move);
// Leaf count at `depth` (depth 0 = 1), by plain recursion over legal_moves/apply, no bulk counting.
std::uint64_t perft(const Rules&, const std::string& fen, int depth);
// "none" when the game goes on, otherwise "<w|b|draw> <reason>" with reason one of
// all_captured, barrier, quiet_limit, ply_limit, hemmed_in (checked in the order of docs/rules.md).
std::string outcome(const Rules&, const std::string& fen);
}  // namespace seega::ref
