#pragma once
// What seega match and seega ladder share around the library's runner: the results file (--out,
// --resume), Ctrl-C, and the progress line on a terminal.

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runs/runner.hpp"

namespace seega::cli {

struct RunRequest {
  std::string out_path;  // empty: no results file
  bool resume = false;
  bool verify = false;    // with resume: replay every game the file holds (ResultsCheck::Replay)
  bool progress = false;  // a progress line on stderr (ProgressLine: where there is one to show)
  Shard shard;            // the results file's (its header names it)
};

struct RunReport {
  std::vector<GameRecord> records;  // old and new, by index
  double seconds = 0;
  long long new_games = 0;
  bool signalled = false;     // Ctrl-C arrived
  bool write_failed = false;  // the results file could not take every game
};

// Plays t through `run` (run_tournament or run_match), from the games the results file holds, with the
// share of this job's processes under mpirun (null otherwise). A bad --out or --resume is a UsageError
// before any game is played. Under mpirun only rank 0 opens the file and gets records.
using Runner = std::function<std::vector<GameRecord>(std::vector<GameRecord>, const RunHooks&,
                                                     const std::atomic<bool>*, Share*)>;
RunReport run_games(const Tournament& t, const RunRequest& request, const Runner& run);

// Adds what a summary says about the run itself: interrupted, seconds, games_per_second (print_json adds
// the version and the build).
void add_run_keys(nlohmann::json& summary, const RunReport& report, bool interrupted);

// The error line for a results file that stopped taking games part way, or empty.
std::string write_failure(const RunRequest& request, const RunReport& report);

}  // namespace seega::cli
