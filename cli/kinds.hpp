#pragma once
// The kinds of run that write a file (match, ladder, run-sim, gen-data), each one object, as the
// commands that read what they did not play see it: seega summary asks the kind to summarise a file,
// seega compare asks it for a run's figures. Which kind wrote a file is decided in one place
// (run_of_file); summary and compare hold no code of any one kind. Each kind's object is defined in its
// command's file, beside its parser, its play and its report, so that a summary is the run's own, figure
// for figure: nothing is played, nothing global is set, and no command line is rebuilt (the recorded one
// is parsed as it was typed, or, where the header records none, the configuration is the header's).
// seega merge and export read any kind's file through the library (runs/kinds/merge.hpp, game_file.hpp).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/stats.hpp"
#include "run_games.hpp"

namespace seega::cli {

// One figure of a run that seega compare sets beside another run's: its value and interval (or why none).
struct Figure {
  enum class Unit { Percent, Elo, Mean };
  const char* key;    // JSON
  const char* label;  // text
  double value = 0;
  std::optional<Interval> ci;  // none: why says why
  std::string why;
  Unit unit = Unit::Mean;
};

// A run as seega compare reads it: what it is, its figures (two runs of one kind have the same figures in
// the same order), and what its intervals are.
struct ComparedRun {
  std::string path;
  nlohmann::json header;
  std::string kind;        // "match", "run-sim": two runs compare when their kinds are one
  std::string file;        // the file in words: "a match's results file"
  std::string described;   // the run in a few words, after its path: "(A vs B on standard, 100 games, ...)"
  long long count = 0;     // games or runs
  const char* unit = "";   // "games", "runs"
  std::uint64_t seed = 0;  // runs of one seed share their sampling
  std::vector<Figure> figures;
  std::string intervals;           // how the figures' intervals are made, ending "as two independent runs"
  std::string seed_shares;         // what two runs of one seed share: "their openings"
  std::vector<std::string> notes;  // lines after the table
  // Figures of the run besides its table, each printed in --json as a pair (A's, B's).
  std::vector<std::pair<std::string, double>> json_pairs;
};

// A kind of run, as the commands that read its files call it.
struct RunKind {
  // The command that writes the kind's files: "match", "ladder", "run-sim", "gen-data".
  std::string_view name;
  // seega summary: the summary of rb's file in the output rb asks for, as its run printed it, and the exit
  // status (0 for an interrupted run's file, whose summary says so). command: the arguments after the
  // command's name as the header records them, or null when it records none.
  int (*summarize)(const ReadBack& rb, const std::vector<std::string>* command);
  // seega compare: the run of the file at path (its whole text), or a UsageError that starts with
  // `prefix` ("compare: A ") and says why the file is not compared. Null for a kind whose runs have no
  // figures compare reads.
  ComparedRun (*compared)(const std::string& path, const std::string& text, const std::string& prefix) = nullptr;
};

const RunKind& match_kind();     // cmd_match.cpp
const RunKind& ladder_kind();    // cmd_ladder.cpp
const RunKind& run_sim_kind();   // cmd_run_sim.cpp
const RunKind& gen_data_kind();  // cmd_gen_data.cpp
const RunKind& spsa_kind();      // cmd_spsa.cpp

// The run that wrote a file, from its first line.
struct FileRun {
  const RunKind* kind = nullptr;  // null: no kind of run wrote it (a play file, an export, another file)
  nlohmann::json header;          // the JSON header (null for a positions CSV, whose configuration is FILE.json)
  // The arguments after the command's name that the header records, when they are the kind's command.
  std::optional<std::vector<std::string>> command;
};
// The command line a file's header records ("origin": {"command": ["seega", NAME, words...]}), or
// nothing for a file written before headers recorded it.
std::optional<std::vector<std::string>> recorded_command(const nlohmann::json& header);

// A results file is a match's or a ladder's by the command line its header records; where it records
// none (a gate's row, an older seega's file), a match's when its header names two players, else a
// ladder's. A run-sim header says "kind": "run-sim"; gen-data's CSV starts with its header row, and an
// SPSA trajectory (its configuration in FILE.json) with "iteration,games,result,".
FileRun run_of_file(std::string_view first_line);

}  // namespace seega::cli
