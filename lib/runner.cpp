#include "runner.hpp"

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>

#include "selfplay.hpp"

namespace seega {

namespace {

// One worker's players, made on first use and reused across its games: play_game calls new_game(),
// which clears every table, so a game does not depend on the ones before it (measured: making two
// searchers per game cost more than a level(1) game itself). A game's two players are different
// indices, so one instance a player is enough.
template <int N>
class PlayerPool {
 public:
  explicit PlayerPool(const Tournament& t) : t_(t), players_(t.players.size()) {}
  Player<N>* get(int p) {
    auto& slot = players_[static_cast<std::size_t>(p)];
    if (!slot) slot = make_player<N>(t_.players[static_cast<std::size_t>(p)]);
    return slot.get();
  }

 private:
  const Tournament& t_;
  std::vector<std::unique_ptr<Player<N>>> players_;
};

template <int N>
std::optional<GameRecord> play_with(const Tournament& t, long long index, PlayerPool<N>& pool, bool record_moves,
                                    const std::atomic<bool>* stop) {
  const ScheduledGame sg = t.schedule.game(index, t.seed, t.rules.first_placer);
  Player<N>* const players[2] = {pool.get(sg.player[White]), pool.get(sg.player[Black])};
  for (Player<N>* p : players) p->set_stop(stop);
  GameOptions o;
  o.opening_turns = t.opening_turns;
  o.opening_seed = sg.opening_seed;
  o.record_moves = record_moves;
  o.stop = stop;
  auto g = play_game(t.rules, players, sg.seed, o);
  // A search cut short by the stop flag may have returned a move early: the game is not finished.
  if (!g || (stop && stop->load())) return std::nullopt;
  g->index = index;
  g->player[White] = sg.player[White];
  g->player[Black] = sg.player[Black];
  return g;
}

bool by_index(const GameRecord& x, const GameRecord& y) { return x.index < y.index; }

}  // namespace

std::optional<GameRecord> play_scheduled_game(const Tournament& t, long long index, bool record_moves,
                                              const std::atomic<bool>* stop) {
  return with_size(t.rules.size, [&]<int N>() {
    PlayerPool<N> pool(t);
    return play_with<N>(t, index, pool, record_moves, stop);
  });
}

std::vector<GameRecord> run_tournament(const Tournament& t, const RunOptions& options, std::vector<GameRecord> finished,
                                       const RunHooks& hooks, const std::atomic<bool>* stop) {
  static const std::atomic<bool> never{false};
  if (!stop) stop = &never;
  const long long total = t.schedule.games();
  // Games past the schedule's end (a resume asking for fewer games) are not part of this run.
  std::erase_if(finished, [&](const GameRecord& g) { return g.index >= total; });
  std::sort(finished.begin(), finished.end(), by_index);
  std::vector<bool> have(static_cast<std::size_t>(total), false);
  long long last_placer_wins = 0;
  for (const auto& g : finished) {
    have[static_cast<std::size_t>(g.index)] = true;
    last_placer_wins += g.last_placer_won();
  }
  if (hooks.enough)
    for (const auto& g : finished)
      if (hooks.enough(g)) return finished;

  std::mutex mutex;  // guards everything below that workers share, and serialises the hooks
  std::vector<GameRecord> results = std::move(finished);
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  long long new_games = 0;
  std::atomic<long long> next{std::max(0LL, options.first_index)};
  std::atomic<bool> no_new_games{false};
  std::exception_ptr failure;
  auto progress = [&](bool final) {
    if (!hooks.on_progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (!final && now - last_report < std::chrono::milliseconds(250)) return;
    last_report = now;
    const auto done = static_cast<long long>(results.size());
    hooks.on_progress({done, total, new_games, std::chrono::duration<double>(now - start).count(),
                       done ? static_cast<double>(last_placer_wins) / static_cast<double>(done) : 0.0});
  };
  // The next unplayed index, in increasing order; -1 when none is left or no new game may start.
  auto take = [&]() -> long long {
    while (!no_new_games.load() && !stop->load()) {
      const long long i = next.fetch_add(1);
      if (i >= total) return -1;
      if (!have[static_cast<std::size_t>(i)]) return i;
    }
    return -1;
  };
  auto worker = [&]<int N>() {
    try {
      PlayerPool<N> pool(t);
      for (long long i; (i = take()) >= 0;) {
        auto g = play_with<N>(t, i, pool, options.record_moves, stop);
        if (!g) return;
        if (hooks.on_game) hooks.on_game(*g);
        std::lock_guard lock(mutex);
        ++new_games;
        last_placer_wins += g->last_placer_won();
        results.push_back(std::move(*g));
        if (hooks.on_record) hooks.on_record(results.back());
        if (!options.keep_moves) results.back().moves = {};  // written already; 7 KB a game adds up
        if (hooks.enough && hooks.enough(results.back())) no_new_games.store(true);
        progress(false);
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      no_new_games.store(true);
    }
  };
  const int threads = options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency();
  // Let an explicit thread count above the core count have its workers (results do not depend on it).
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  with_size(t.rules.size, [&]<int N>() {
    arena.execute([&] {
      tbb::task_group group;
      for (int k = 0; k < threads; ++k) group.run([&] { worker.template operator()<N>(); });
      group.wait();
    });
  });
  if (failure) std::rethrow_exception(failure);
  progress(true);
  std::sort(results.begin(), results.end(), by_index);
  return results;
}

}  // namespace seega
