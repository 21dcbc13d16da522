#include "runs/play/runner.hpp"

#include <algorithm>
#include <cassert>
#include <memory>
#include <stdexcept>
#include <string>

#include "engine/selfplay.hpp"
#include "runs/format/results_file.hpp"
#include "runs/play/indexed_work.hpp"
#include "runs/play/player_pool.hpp"

namespace seega {

namespace {

template <int N>
std::optional<GameRecord> play_with(const Tournament& t, long long index, PlayerPool<N>& pool, bool record_moves,
                                    const std::atomic<bool>* stop) {
  assert(!t.openings.used() || !t.openings.openings.empty());  // a suite read back from a header plays nothing
  const ScheduledGame sg = t.schedule.game(index, t.seed, t.rules.first_placer);
  Player<N>* const players[2] = {pool.get(sg.player[White]), pool.get(sg.player[Black])};
  for (Player<N>* p : players) p->set_stop(stop);
  GameOptions o;
  o.opening_turns = t.opening_turns;
  o.opening_seed = sg.opening_seed;
  o.adjudication = t.adjudication;
  if (const Opening* start = t.opening_of(index)) o.start = *start;
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

// A finished game and what RunHooks::on_game made of it, which travel together.
struct Played {
  GameRecord game;
  std::string annex;
};

// Played as text between processes: the game's results-file line, a newline, the annex.
struct PlayedCodec {
  const Tournament& t;
  std::string encode(const Played& p) const { return record_line(t, p.game) + "\n" + p.annex; }
  Played decode(std::string_view text) const {
    const auto end = text.find('\n');
    auto g = read_record_line(t, text.substr(0, end));
    if (!g.ok()) throw std::runtime_error("a game sent by another process: " + g.error);
    return {std::move(g.value), end == std::string_view::npos ? "" : std::string(text.substr(end + 1))};
  }
};

}  // namespace

std::optional<GameRecord> play_scheduled_game(const Tournament& t, long long index, bool record_moves,
                                              const std::atomic<bool>* stop) {
  return with_size(t.rules.size, [&]<int N>() {
    PlayerPool<N> pool(t.players);
    return play_with<N>(t, index, pool, record_moves, stop);
  });
}

std::vector<GameRecord> run_tournament(const Tournament& t, const RunOptions& options, std::vector<GameRecord> finished,
                                       const RunHooks& hooks, const std::atomic<bool>* stop) {
  static const std::atomic<bool> never{false};
  if (!stop) stop = &never;
  const long long total = t.schedule.games();
  const Shard& shard = options.shard;
  // Games past the schedule's end (a resume asking for fewer games) are not part of this run.
  std::erase_if(finished, [&](const GameRecord& g) { return g.index >= total || !shard.holds(g.index); });
  std::sort(finished.begin(), finished.end(), by_index);
  // Another shard's games are marked as done: the workers still take indices in increasing order.
  std::vector<bool> have(static_cast<std::size_t>(total), false);
  if (!shard.whole())
    for (long long i = 0; i < total; ++i) have[static_cast<std::size_t>(i)] = !shard.holds(i);
  ProgressCounter progress(hooks.on_progress, shard.share(total));
  for (const auto& g : finished) {
    have[static_cast<std::size_t>(g.index)] = true;
    progress.add_old(g.last_placer_won());
  }
  if (hooks.enough)
    for (const auto& g : finished)
      if (hooks.enough(g)) return finished;

  std::vector<GameRecord> results = std::move(finished);
  // Called under run_indexed's lock, like everything that touches the state above.
  auto deliver = [&](Played p) {
    results.push_back(std::move(p.game));
    if (hooks.on_record) hooks.on_record(results.back());
    if (hooks.on_game && hooks.on_annex) hooks.on_annex(results.back(), std::move(p.annex));
    if (!options.keep_moves) results.back().moves = {};  // written already; 7 KB a game adds up
    const bool enough = hooks.enough && hooks.enough(results.back());
    progress.add_new(results.back().last_placer_won());
    return enough;
  };
  const IndexedWork work{options.first_index,
                         total,
                         options.threads,
                         &have,
                         stop,
                         options.share,
                         options.share ? results_header(t, "") : ""};
  with_size(t.rules.size, [&]<int N>() {
    run_indexed(
        work,
        [&] {
          return [&, pool = std::make_shared<PlayerPool<N>>(t.players)](long long i) -> std::optional<Played> {
            auto g = play_with<N>(t, i, *pool, options.record_moves, stop);
            if (!g) return std::nullopt;
            std::string annex = hooks.on_game ? hooks.on_game(*g) : "";
            return Played{std::move(*g), std::move(annex)};
          };
        },
        deliver, PlayedCodec{t});
  });
  progress.finish();
  std::sort(results.begin(), results.end(), by_index);
  return results;
}

}  // namespace seega
