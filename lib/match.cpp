#include "match.hpp"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <mutex>

#include "selfplay.hpp"

namespace seega {

int GameResult::a_result() const {
  if (outcome.draw()) return 0;
  const bool white_won = outcome.winner == White;
  return white_won == a_is_white ? 1 : -1;
}

namespace {

constexpr std::uint64_t kOpeningStream = 0x09E4'1A6B'5EED'0001ULL;

template <int N>
std::optional<GameResult> play_sized(const MatchConfig& config, long long index, const std::atomic<bool>* stop) {
  GameResult r;
  r.index = index;
  r.seed = Rng::derive(config.seed, static_cast<std::uint64_t>(index));
  r.a_is_white = index % 2 == 0;
  // Players are reused by each worker thread across games (play_game calls new_game(), which clears
  // every table, so a game does not depend on the ones before it): making two searchers per game cost
  // more than a level(1) game itself (measured: 630 games/s instead of about 1,000 on one thread).
  struct Cache {
    std::string key;
    std::unique_ptr<Player<N>> a, b;
  };
  thread_local Cache cache;
  const std::string key = config.a.text + '\n' + config.b.text;
  if (cache.key != key || !cache.a) {
    cache.a = make_player<N>(config.a);
    cache.b = make_player<N>(config.b);
    cache.key = key;
  }
  Player<N>* a = cache.a.get();
  Player<N>* b = cache.b.get();
  a->set_stop(stop);
  b->set_stop(stop);
  Player<N>* const players[2] = {r.a_is_white ? a : b, r.a_is_white ? b : a};
  GameOptions o;
  o.opening_turns = config.opening_turns;
  o.opening_seed = Rng::derive(config.seed ^ kOpeningStream, static_cast<std::uint64_t>(index / 2));
  o.record_moves = true;
  o.stop = stop;
  auto g = play_game(config.rules, players, r.seed, o);
  // A search cut short by the stop flag may have returned a move early: the game is not finished.
  if (!g || (stop && stop->load())) return std::nullopt;
  r.outcome = g->outcome;
  r.stones[0] = g->stones[0];
  r.stones[1] = g->stones[1];
  r.movement_plies = g->movement_plies;
  r.passes = g->passes;
  r.captures = g->captures;
  r.moves = std::move(g->moves);
  return r;
}

// A's points in a game: 1, 0.5 or 0.
double a_points(const GameResult& g) { return (g.a_result() + 1) / 2.0; }

}  // namespace

std::optional<GameResult> play_match_game(const MatchConfig& config, long long index, const std::atomic<bool>* stop) {
  return with_size(config.rules.size, [&]<int N>() { return play_sized<N>(config, index, stop); });
}

MatchSummary summarize(const MatchConfig& config, std::vector<GameResult> results) {
  std::sort(results.begin(), results.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  MatchSummary s;
  // The SPRT looks at whole pairs in index order and stops at the first pair where it decides.
  long long limit = -1;
  if (config.sprt) {
    Pentanomial p;
    std::size_t i = 0;
    for (long long pair = 0;; ++pair) {
      if (i + 1 >= results.size() || results[i].index != 2 * pair || results[i + 1].index != 2 * pair + 1) break;
      p.add_pair(a_points(results[i]), a_points(results[i + 1]));
      i += 2;
      SprtResult r = sprt(p, *config.sprt);
      s.sprt = r;
      if (r.decision != SprtResult::Continue) {
        s.sprt_decided_after_pairs = pair + 1;
        limit = 2 * (pair + 1);
        break;
      }
    }
    if (!s.sprt) s.sprt = sprt(Pentanomial{}, *config.sprt);
  }
  long long plies = 0, passes = 0, captures = 0, last_draws = 0;
  const GameResult* pending = nullptr;  // the first game of a pair waiting for its partner
  for (const auto& g : results) {
    if (limit >= 0 && g.index >= limit) break;
    ++s.games;
    s.a.add(a_points(g));
    if (g.outcome.draw()) ++s.draws, ++last_draws;
    else if (g.outcome.winner == g.last_placer()) ++s.last_placer_wins;
    else ++s.first_placer_wins;
    ++s.end_reasons[std::string(to_string(g.outcome.reason))];
    plies += g.movement_plies;
    passes += g.passes;
    captures += g.captures;
    if (g.index % 2 == 0) pending = &g;
    else if (pending && pending->index == g.index - 1) s.pairs.add_pair(a_points(*pending), a_points(g)), pending = nullptr;
  }
  if (s.games) {
    const double n = static_cast<double>(s.games);
    s.mean_movement_plies = plies / n;
    s.passes_per_game = passes / n;
    s.captures_per_game = captures / n;
    s.last_placer_win_ci = wilson(static_cast<double>(s.last_placer_wins), n);
    s.last_placer_draw_ci = wilson(static_cast<double>(last_draws), n);
    s.last_placer_loss_ci = wilson(static_cast<double>(s.first_placer_wins), n);
  }
  s.elo = elo_trinomial(s.a);
  s.pair_elo = elo_pentanomial(s.pairs);
  s.los = likelihood_of_superiority(s.a.wins, s.a.losses);
  return s;
}

std::vector<GameResult> run_match(const MatchConfig& config, std::vector<GameResult> finished,
                                  const std::function<void(const GameResult&)>& on_result,
                                  const std::function<void(const MatchProgress&)>& on_progress,
                                  std::atomic<bool>* stop) {
  std::atomic<bool> never{false};
  if (!stop) stop = &never;
  // Games past the requested count (a resume asking for fewer games) are not part of this match.
  std::erase_if(finished, [&](const GameResult& g) { return g.index >= config.games; });
  auto by_index = [](const auto& x, const auto& y) { return x.index < y.index; };
  std::vector<char> have(static_cast<std::size_t>(config.games), 0);
  for (const auto& g : finished) have[static_cast<std::size_t>(g.index)] = 1;
  std::vector<long long> todo;
  for (long long i = 0; i < config.games; ++i)
    if (!have[static_cast<std::size_t>(i)]) todo.push_back(i);

  std::mutex mutex;
  std::vector<GameResult> results = std::move(finished);
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  long long done = static_cast<long long>(results.size()), new_games = 0;
  double a_points_sum = 0, last_placer = 0;
  for (const auto& g : results) {
    a_points_sum += a_points(g);
    last_placer += !g.outcome.draw() && g.outcome.winner == g.last_placer();
  }
  // The SPRT follows the prefix of complete pairs in index order, as summarize() does.
  std::vector<double> points(static_cast<std::size_t>(config.games), -1);
  for (const auto& g : results)
    if (g.index < config.games) points[static_cast<std::size_t>(g.index)] = a_points(g);
  Pentanomial prefix;
  long long prefix_pairs = 0;
  auto sprt_decided = [&] {
    if (!config.sprt) return false;
    while (2 * prefix_pairs + 1 < config.games) {
      double first = points[static_cast<std::size_t>(2 * prefix_pairs)];
      double second = points[static_cast<std::size_t>(2 * prefix_pairs + 1)];
      if (first < 0 || second < 0) return false;
      prefix.add_pair(first, second);
      ++prefix_pairs;
      if (sprt(prefix, *config.sprt).decision != SprtResult::Continue) return true;
    }
    return false;
  };
  if (sprt_decided()) {
    std::sort(results.begin(), results.end(), by_index);
    return results;
  }

  auto play = [&](long long index) {
    if (stop->load(std::memory_order_relaxed)) return;
    auto g = play_match_game(config, index, stop);
    if (!g) return;
    std::lock_guard lock(mutex);
    results.push_back(*g);
    ++done;
    ++new_games;
    a_points_sum += a_points(*g);
    last_placer += !g->outcome.draw() && g->outcome.winner == g->last_placer();
    if (on_result) on_result(results.back());
    if (!config.keep_moves) results.back().moves.clear();  // written already; 7 KB a game adds up
    points[static_cast<std::size_t>(g->index)] = a_points(*g);
    if (sprt_decided()) stop->store(true);
    auto now = std::chrono::steady_clock::now();
    if (on_progress && (now - last_report > std::chrono::milliseconds(250) || done == config.games)) {
      last_report = now;
      on_progress({done, config.games, std::chrono::duration<double>(now - start).count(), a_points_sum / done,
                   last_placer / done});
    }
  };
  const int threads = config.threads > 0 ? config.threads : tbb::this_task_arena::max_concurrency();
  // Let an explicit --threads above the core count have its workers (results do not depend on it).
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, todo.size(), 1),
        [&](const tbb::blocked_range<std::size_t>& r) {
          for (std::size_t k = r.begin(); k != r.end(); ++k) play(todo[k]);
        },
        tbb::simple_partitioner());
  });
  std::sort(results.begin(), results.end(), by_index);
  return results;
}

}  // namespace seega
