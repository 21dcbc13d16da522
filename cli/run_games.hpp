#pragma once
// What every command that plays a run shares (match, ladder, run-sim, gen-data): the options a run
// takes (--threads, --seed, --out, --resume, --shard, --quiet), and the harness around the library's
// runners: Ctrl-C, the share of the job under mpirun, the clock, the progress line, a tournament's
// results file, and the error for a file that stopped taking what the run played.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "job.hpp"
#include "runs/io/jsonl_file.hpp"
#include "runs/play/runner.hpp"

namespace seega::cli {

struct ReadBack;

// The options every run takes, as typed.
struct RunArgs {
  int threads = 0;
  std::string seed, out, shard;
  bool resume = false, quiet = false;
};

// What a command's help says of those options: what its seed derives, what its --out holds and what
// --resume continues.
struct RunArgsHelp {
  const char* seed;
  const char* out;
  const char* resume;
  const char* shard = kShardHelp;
  const char* out_default = nullptr;  // null: no file unless --out names one
};

// Adds --threads, --seed, --out, --resume, --shard and --quiet, writing into args.
void add_run_options(po::options_description& options, RunArgs& args, const RunArgsHelp& help);

// What a run is asked for: RunArgs read and checked.
struct RunRequest {
  int threads = 0;
  std::uint64_t seed = 1;
  std::string out_path;  // empty: no results file
  bool resume = false;
  bool verify = false;    // with resume: replay every game the file holds (ResultsCheck::Replay)
  bool progress = false;  // a progress line on stderr (ProgressLine: where there is one to show)
  Shard shard;            // the results file's (its header names it)
};

// RunArgs read and checked, or a UsageError: --threads in range, the seed and the shard parsed, and
// --resume only with --out (a file to continue). verify is left false: only match and ladder take --verify.
RunRequest check_run_args(const RunArgs& args);

// The options of a tournament's run (match, ladder) besides those: --opening-turns, --verify, --json and
// --csv, and a game's seed, file line and resume.
struct GamesArgs {
  RunArgs run;
  int opening = 0;
  std::string openings, openings_order;  // --openings FILE, --openings-order
  std::string adjudicate;                // --adjudicate RULE (adjudication.hpp); empty: none
  bool verify = false, json = false, csv = false;
};
// resume: what --resume continues; csv: what --csv prints.
void add_games_options(po::options_description& options, GamesArgs& args, const char* resume, const char* csv);
// GamesArgs checked as check_run_args does, and --opening-turns against the rules, --openings or
// --opening-turns, one of --json and --csv, --verify only with --resume.
RunRequest check_games_args(const GamesArgs& args, const Rules& rules);
// The rule of --adjudicate (none when it is empty), or a UsageError.
AdjudicationRule load_adjudication(const GamesArgs& args);

// Adds --openings FILE and --openings-order (match, ladder and gen-data).
void add_openings_options(po::options_description& options, std::string& path, std::string& order);
// The opening suite of --openings FILE (none when path is empty), each line checked under rules, with
// --openings-order; a UsageError names the file and the line ("--openings F: line 7: move 3 ..."). Read
// back (rb), the suite is the one the results file's header records, and the file is not read.
OpeningSuite load_openings(const Rules& rules, const std::string& path, const std::string& order,
                           const ReadBack* rb = nullptr);

// seega summary: a run read back from its file instead of played (kinds.hpp). Each kind's summary parses
// the command line the file's header records with its own parser, told that it reads back: players'
// weights and the opening suite are the header's (their files are not read, and may have moved), engines
// are not started, and nothing is played.
struct ReadBack {
  std::string path;                // the file
  Shard shard;                     // the file's header's (a merged file's is whole)
  bool json = false, csv = false;  // the summary's output, asked of summary now
  nlohmann::json header;           // the file's header line
};

// What a run came to besides its records.
struct RunTotals {
  double seconds = 0;
  long long new_records = 0;      // games or runs played by this run (not read back from the file)
  bool signalled = false;         // Ctrl-C arrived; read back, the file holds fewer games than the run planned
  bool write_failed = false;      // the results file could not take every record
  std::string read_from;          // read back (seega summary): the file; a file does not keep its run's time
  long long held = 0, asked = 0;  // read back: the records the file holds, and those its command asked for
};

template <class Record>
struct RunReport : RunTotals {
  std::vector<Record> records;  // old and new, by index
};

// A run's records read back from the file at `path` (its reader's, checked): refused when they go past the
// run's `total` items (unit: "game", "run"); sorted by index; signalled when they are fewer than the
// shard's share of the run, as an interrupted run's would be.
template <class Record>
RunReport<Record> read_back_report(const std::string& path, std::vector<Record> records, long long total,
                                   const Shard& shard, const std::string& unit) {
  if (auto why = items_past_run(records, total, unit); !why.empty()) throw UsageError(path + ": " + why);
  RunReport<Record> report;
  report.records = std::move(records);
  std::sort(report.records.begin(), report.records.end(),
            [](const Record& a, const Record& b) { return a.index < b.index; });
  report.held = static_cast<long long>(report.records.size());
  report.asked = shard.share(total);
  report.signalled = report.held < report.asked;
  report.read_from = path;
  return report;
}

// The games of a results file read back for t (seega summary): checked as a resume checks them (the
// header's weights taken as the file's own), none played; read_back_report makes them a run's report.
std::vector<GameRecord> read_games_back(const Tournament& t, const ReadBack& rb);

// The tournament a results file's header names (header_tournament), for a file whose header records no
// command line (a gate's row, an older seega's file): its players parsed, their weights not read.
Tournament read_back_tournament(const ReadBack& rb);

// A run's configuration (MatchConfig, LadderConfig) given what a tournament says of every game: the rules,
// the seed, the opening turns or suite, and the adjudication.
template <class Config>
void take_games_setup(Config& c, const Tournament& t) {
  c.rules = t.rules;
  c.seed = t.seed;
  c.opening_turns = t.opening_turns;
  c.openings = t.openings;
  c.adjudication = t.adjudication;
}

// A run's configuration (MatchConfig, LadderConfig) given what the command line says of every game: the
// threads, seed and shard of the request, the opening turns or suite, and the adjudication of common.
// Moves are written in notation only when there is a file to write them to (a summary does not need
// them), and dropped from memory once written. rb: read back (load_openings).
template <class Config>
void take_games_args(Config& c, const GamesArgs& common, const RunRequest& request, const ReadBack* rb) {
  c.threads = request.threads;
  c.seed = request.seed;
  c.shard = request.shard;
  c.opening_turns = common.opening;
  c.adjudication = load_adjudication(common);
  c.openings = load_openings(c.rules, common.openings, common.openings_order, rb);
  c.record_moves = !common.run.out.empty();
  c.keep_moves = false;
}

// A tournament kind's command line, as read: its configuration (MatchConfig, LadderConfig), the output it
// asks for and its file.
template <class Config>
struct GamesCommand {
  Config c;
  GamesArgs common;
  RunRequest request;
};

// A tournament kind's command read back (seega summary): its recorded command line parsed by `parse`, told
// that it reads back, or, for a header that records none, made by `from_header`; then with the file's shard
// and the output summary asks for, and no file of its own. Nothing when the command line asked for --help.
template <class Command, class Parse, class FromHeader>
std::optional<Command> read_back_command(const ReadBack& rb, const std::vector<std::string>* recorded,
                                         const Parse& parse, const FromHeader& from_header) {
  std::optional<Command> command = recorded ? parse(*recorded, &rb) : std::optional<Command>(from_header());
  if (!command) return std::nullopt;
  command->c.shard = rb.shard;
  command->common.json = rb.json;
  command->common.csv = rb.csv;
  command->request = RunRequest{};
  return command;
}

// The index past the last of records (the size of the run they need at least).
template <class Record>
long long records_needed(const std::vector<Record>& records) {
  long long last = -1;
  for (const auto& r : records) last = std::max(last, r.index);
  return last + 1;
}

// The harness of one run, whatever it plays: the progress line, and run(), which plays with Ctrl-C
// (and SIGTERM, and under mpirun a stop from rank 0) raising a stop flag instead of ending the process,
// so the run keeps what it finished.
class RunHarness {
 public:
  RunHarness(const Job& job, bool progress) : job_(job), line_(job, progress) {}
  const Job& job() const { return job_; }
  ProgressLine& line() { return line_; }
  // Seconds since run() began.
  double elapsed() const;
  // Calls play with the stop flag and the share of this job's processes under mpirun (null otherwise),
  // then ends the progress line; fills totals.seconds and totals.signalled.
  void run(const std::function<void(const std::atomic<bool>* stop, Share* share)>& play, RunTotals& totals);

 private:
  const Job& job_;
  ProgressLine line_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// A run's output file as the harness holds it: the records the file held when it was opened (a resume
// continues from them), how a new record is appended, and whether a write failed.
template <class Record>
struct RecordsOut {
  std::vector<Record> finished;
  std::function<void(const Record&)> write;
  std::function<bool()> failed;
};

// The RecordsOut of a kind's writer (a RecordWriter: open_results, open_run_sim) just opened, its
// warnings printed; a UsageError when it could not be opened.
template <class Record, class Writer>
RecordsOut<Record> records_of(Parsed<Writer> opened) {
  if (!opened.ok()) throw FileError(opened.error);
  auto writer = std::make_shared<Writer>(std::move(opened.value));
  for (const auto& w : writer->warnings()) print_warning(w);
  return {writer->take_finished(), [writer](const Record& r) { writer->write(r); },
          [writer] { return writer->failed(); }};
}

// What the progress line says of a run: "PREFIX DONE/TOTAL UNIT  RATE UNIT/s  MEAN  LEFT s left", the
// mean being the finished records' figure (RunProgress::mean) in words.
struct ProgressWords {
  std::string prefix;  // "" or the player's name and ": "
  const char* unit;    // "games", "runs"
  std::function<std::string(double mean)> mean;
};
std::function<std::string(const RunProgress&)> progress_text(ProgressWords words);

// The harness of every kind of run that plays records (games, runs) through a runner of the library:
// the output file, opened by `open` (records_of a kind's writer) when the request names one, and only
// on the process that holds the run (rank 0 under mpirun), resumed from the records it holds; each new
// record counted and written to it; the progress line (`progress` says it); Ctrl-C and the share of this
// job under mpirun (RunHarness); and whether the file stopped taking records. play is the kind's runner
// (run_tournament, run_match, simulate_runs), given the records the file held and the hooks (Hooks:
// on_record, on_progress) to call. A kind whose file takes something other than its records (gen-data's
// positions, as they come) returns no write.
template <class Record, class Hooks>
RunReport<Record> play_records(const Job& job, const RunRequest& request,
                               const std::function<RecordsOut<Record>()>& open,
                               const std::function<std::string(const RunProgress&)>& progress,
                               const std::function<std::vector<Record>(std::vector<Record>, const Hooks&,
                                                                       const std::atomic<bool>*, Share*)>& play) {
  RecordsOut<Record> out;
  if (open && !request.out_path.empty() && job.prints()) out = open();
  RunReport<Record> report;
  RunHarness harness(job, request.progress);
  Hooks hooks;
  hooks.on_record = [&](const Record& r) {
    ++report.new_records;
    if (out.write) out.write(r);
  };
  ProgressLine& line = harness.line();
  std::function<void(const RunProgress&)> observer;
  if (job.prints()) observer = job.progress_observer();
  if (line.on() || observer)
    hooks.on_progress = [&](const RunProgress& p) {
      if (line.on()) line.show(progress(p), p.done >= p.total);
      if (observer) observer(p);
    };
  harness.run([&](auto* stop, auto* share) { report.records = play(std::move(out.finished), hooks, stop, share); },
              report);
  report.write_failed = out.failed && out.failed();
  return report;
}

// Plays t through `run` (run_tournament or run_match), from the games the results file holds, with the
// share of this job's processes under mpirun (null otherwise). A bad --out or --resume is a UsageError
// before any game is played. Under mpirun only rank 0 opens the file and gets records.
using Runner =
    std::function<std::vector<GameRecord>(std::vector<GameRecord>, const RunHooks&, const std::atomic<bool>*, Share*)>;
RunReport<GameRecord> run_games(const Job& job, const Tournament& t, const RunRequest& request, const Runner& run);

// Adds what a summary says about the run itself: interrupted, seconds, and the rate under rate_key
// (print_json adds the version and the build); read back (totals.read_from), seconds and the rate are
// null, "read_back" names the file, "complete" says whether it holds every record its command asked for,
// and "interrupted" is null when it does not (interrupted_text: the file cannot say), with a reason.
void add_run_keys(nlohmann::json& summary, const RunTotals& totals, bool interrupted,
                  const char* rate_key = "games_per_second");

// What a summary's first line says of a run that holds fewer records than its command asked for (empty
// when it does not): played, the run's own words (`played`, " (interrupted: ...)"); read back, a file cannot
// tell an interrupted run from one still being written or one a resume ended at fewer records, so it is
// "incomplete", with its count (unit: "games", "runs").
std::string interrupted_text(const RunTotals& totals, bool interrupted, std::string_view played,
                             std::string_view unit = "games");

// The last line of a text summary: "12.3 s, 45.6 games/s" (unit: what the run plays), or, read back
// (totals.read_from), where from, since a file does not keep its run's time.
std::string timing_text(const RunTotals& totals, std::string_view unit = "games");

// Prints the error for a results file that stopped taking records part way, and says whether there was
// one. covers: what the summary printed above covers ("every game"), or empty when none was printed.
bool report_write_failure(const std::string& out_path, const RunTotals& totals, std::string_view covers);
// A run's exit status once its summary is printed: 2 when its results file stopped taking records
// (report_write_failure's error printed), else 130 when it was interrupted, else 0.
int run_exit_status(const std::string& out_path, const RunTotals& totals, std::string_view covers, bool interrupted);

}  // namespace seega::cli
