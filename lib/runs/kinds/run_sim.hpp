#pragma once
// Seega>Play's run, simulated (seega run-sim): a player faces level 1, 2, ... (run_score.hpp has the
// rules of a run) until a loss, a draw, or a win over the last level simulated. Many runs are played in
// parallel, each a pure function of the master seed and its index, so the summary is the same on any
// thread count; the results file (one line a run) lets a stopped simulation resume.

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/stats.hpp"
#include "engine/game_record.hpp"
#include "engine/player.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/format/level_table.hpp"
#include "runs/io/jsonl_file.hpp"
#include "runs/io/record_writer.hpp"
#include "runs/io/shard.hpp"
#include "runs/play/run_progress.hpp"
#include "runs/play/run_score.hpp"
#include "runs/play/share.hpp"

namespace seega {

struct RunSimConfig {
  Rules rules;
  PlayerSpec player;
  int max_level = 10;     // a run that beats this level ends there, with max_level wins
  bool clock = false;     // levels on their 1.5 s clock (not reproducible) instead of level(N,deterministic)
  long long runs = 1000;  // a resume may extend a simulation: not part of its configuration
  std::uint64_t seed = 1;
  int threads = 0;  // 0: all cores
  Shard shard;      // only this shard's runs are played (shard.hpp); part of the file's configuration
  // --levels FILE: the levels' players (level_table.hpp) instead of level(N,deterministic); max_level at
  // most its size, and not with clock. Part of the file's configuration, by the specs' text.
  LevelTable table;

  // The players of a run's games: 0 is the player, L is level(L) (or the table's level L) for L = 1..max_level.
  std::vector<PlayerSpec> players() const;
  // Why the configuration cannot be run, or empty.
  std::string invalid() const;
};

// One run: game k against level k+1, with the player of colour player_colour(rules, k); the players'
// indices in each GameRecord are those of RunSimConfig::players().
struct RunRecord {
  long long index = 0;
  std::uint64_t seed = 0;  // the run's; game k's seed derives from it and k
  std::vector<GameRecord> games;
  RunScore score;
  int wins() const { return score.wins; }
};

// Run `index` with fresh players (the runner plays the same run). Nothing when stopped before its end.
std::optional<RunRecord> play_run(const RunSimConfig& config, long long index, const std::atomic<bool>* stop = nullptr);

struct RunSimHooks {
  std::function<void(const RunRecord&)> on_record;  // one call at a time, in completion order
  // Now and then, and once at the end; its mean is the finished runs' mean wins.
  std::function<void(const RunProgress&)> on_progress;
};

// Plays runs 0..config.runs-1 of config.shard that are not among `finished` (read back for a resume).
// Stops early when stop becomes true (the runs under way are abandoned). Returns every run, old and
// new, by index. With share, its processes play the runs together, a run travelling as its
// results-file line; only the root's hooks see runs, and the others return nothing.
std::vector<RunRecord> simulate_runs(const RunSimConfig& config, std::vector<RunRecord> finished,
                                     const RunSimHooks& hooks, const std::atomic<bool>* stop, Share* share = nullptr);

struct RunSimSummary {
  long long runs = 0;
  std::vector<long long> wins_histogram;  // runs with 0, 1, ..., max_level wins
  Distribution wins, score;
  long long distinct_runs = 0;  // runs that differ in some game (the same moves are the same run)
  double games_per_run = 0;
};
RunSimSummary summarize_runs(const RunSimConfig& config, const std::vector<RunRecord>& runs);
// Why a simulation's summary gives no figure at all: it has no runs (a file of a header alone, a run
// stopped before its first run ended). run_sim_json writes null with this reason for every figure then.
inline constexpr const char* kNoRunsYet = "no runs yet";
nlohmann::json run_sim_json(const RunSimConfig& config, const RunSimSummary& summary);

// The results file: a header naming the configuration, then one line a run with its games (moves
// included, so every game can be replayed). Reading checks each run against the configuration: its
// seed, each game's seed, players and colours, that it stops where a run stops, and its score.
std::string run_sim_header(const RunSimConfig& config, std::string_view version);
std::string run_line(const RunSimConfig& config, const RunRecord& run);
struct RunSimFile {
  nlohmann::json header;
  std::vector<RunRecord> runs;
  bool dropped_last_line = false;
  std::size_t valid_bytes = 0;
  std::string header_warning;  // what read_run_sim(config, ...) could not check of the header, or empty
};
// A file being resumed by simulation `config`: also refused when it holds a run past config.runs
// (items_past_run: a resume never cuts a file).
Parsed<RunSimFile> read_run_sim(const RunSimConfig& config, std::string_view text, HeaderUse use = HeaderUse::Continue);
// One run line (no newline), checked as read_run_sim checks each line of a file.
Parsed<RunRecord> read_run_line(const RunSimConfig& config, std::string_view line);
// Reads any run-sim file, checking each run against the configuration its header names (seega merge;
// the player is known by its name only, and a run's games do not depend on it).
Parsed<RunSimFile> read_run_sim(std::string_view text);
// The configuration a run-sim file's header names (the player by its spec text only; runs 1).
Parsed<RunSimConfig> run_sim_config(const nlohmann::json& header);

// A simulation's file from opening to the last run (record_writer.hpp): with resume an existing one is
// read back for config (read_run_sim), and a file of another configuration or shard, or one holding runs
// past config.runs, is refused.
using RunSimWriter = RecordWriter<RunRecord>;
Parsed<RunSimWriter> open_run_sim(const std::string& path, const RunSimConfig& config, bool resume,
                                  std::string_view version);

}  // namespace seega
