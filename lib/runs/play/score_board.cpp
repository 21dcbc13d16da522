#include "runs/play/score_board.hpp"

#include <cassert>

namespace seega {

ScoreBoard::ScoreBoard(const Schedule& schedule) {
  for (int p = 0; p < schedule.pairings(); ++p) pairings_.push_back(schedule.pairing(p));
  scores_.resize(pairings_.size());
}

void ScoreBoard::add(const GameRecord& game) {
  const auto game_pair = game.index / 2;
  const int p = static_cast<int>(game_pair % pairings());
  assert(game.played_by(players_of(p).a) && game.played_by(players_of(p).b));
  const double points = game.points(players_of(p).a);
  scores_[static_cast<std::size_t>(p)].a.add(points);
  add_half(game_pair, {p, points});
}

void ScoreBoard::add_half(long long game_pair, const Half& half) {
  auto [it, first] = pending_.try_emplace(game_pair, half);
  if (first) return;
  assert(it->second.pairing == half.pairing);
  scores_[static_cast<std::size_t>(half.pairing)].pairs.add_pair(it->second.points, half.points);
  pending_.erase(it);
}

void ScoreBoard::merge(const ScoreBoard& other) {
  assert(pairings_ == other.pairings_);
  for (std::size_t p = 0; p < scores_.size(); ++p) {
    WDL& a = scores_[p].a;
    const WDL& b = other.scores_[p].a;
    a.wins += b.wins, a.draws += b.draws, a.losses += b.losses;
    for (std::size_t i = 0; i < 5; ++i) scores_[p].pairs.n[i] += other.scores_[p].pairs.n[i];
  }
  for (const auto& [game_pair, half] : other.pending_) add_half(game_pair, half);
}

}  // namespace seega
