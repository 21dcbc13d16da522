#pragma once
// Plays a tournament's games on oneTBB: the schedule says which game is which, the runner only plays
// and records. Workers take game indices in increasing order from one counter, so a stopping rule
// (the SPRT) that fires stops new games from starting at once, and every game is the same whatever the
// thread count: each is a pure function of the tournament and its index.

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "engine/game_record.hpp"
#include "runs/format/tournament.hpp"
#include "runs/io/shard.hpp"
#include "runs/play/run_progress.hpp"
#include "runs/play/share.hpp"

namespace seega {

struct RunOptions {
  int threads = 0;            // 0: all cores
  bool record_moves = true;   // write every move in notation (a results file and replay need them)
  bool keep_moves = true;     // false: drop each record's moves once on_record has seen it
  long long first_index = 0;  // games below it are not played (a resume that keeps only its own output)
  Shard shard;                // only the games of this shard are played (shard.hpp)
  Share* share = nullptr;     // other processes play some of the games (share.hpp); may be null
};

struct RunHooks {
  // Each finished game, in the worker that played it, concurrently with the other workers: for work
  // on a game too heavy to do one game at a time (labelling its positions by search). What it returns
  // (text, with no meaning to the runner) goes with the game to on_annex, even from another process.
  std::function<std::string(const GameRecord&)> on_game;
  // Each finished game, one call at a time, in completion order, in the process that holds the run.
  std::function<void(const GameRecord&)> on_record;
  // After on_record, with what on_game returned for the game (when on_game is set).
  std::function<void(const GameRecord&, std::string&& annex)> on_annex;
  // Now and then, and once at the end; its mean is the finished games' last placer win rate.
  std::function<void(const RunProgress&)> on_progress;
  // A stopping rule, asked one call at a time after each game (and once for each game already
  // finished, in index order, before any is played): once it answers true no new game starts. The
  // games already under way finish and are recorded.
  std::function<bool(const GameRecord&)> enough;
};

// Plays game `index` of the tournament on its own, with fresh players: the same game the runner plays
// as that index. Nothing when stop became true before it ended.
std::optional<GameRecord> play_scheduled_game(const Tournament& t, long long index, bool record_moves = true,
                                              const std::atomic<bool>* stop = nullptr);

// Plays every game of the schedule in options.shard whose index is not among `finished` (records read
// back for a resume; those past the schedule's end or outside the shard are dropped). With
// options.share, the processes of the share play them together and only the root's hooks see records
// (a game travels as its results-file line and is checked on arrival as a line read back from a file
// is); the others return nothing. Stops early when stop (may be null) becomes true,
// abandoning the games under way (a search told to stop may have cut a game short), or when
// hooks.enough says so. Returns every record, old and new, sorted by index.
std::vector<GameRecord> run_tournament(const Tournament& t, const RunOptions& options, std::vector<GameRecord> finished,
                                       const RunHooks& hooks, const std::atomic<bool>* stop);

}  // namespace seega
