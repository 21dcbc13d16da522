#pragma once
// seega summary's side of each kind of run that writes a results file: the kind's summary of a file read
// back, made by the kind's own parser and report (each in its command's file), so that a summary is the
// run's own, figure for figure. Nothing is played, nothing global is set, and no command line is rebuilt:
// the recorded one is parsed as it was typed (command), or, where the header records none (a gate's
// row, an older seega's file), the configuration is the header's.

#include <string>
#include <vector>

#include "run_games.hpp"

namespace seega::cli {

// Each prints the summary of rb's file in the output rb asks for and returns the exit status (0 for an
// interrupted run's file, whose summary says so). command: the arguments after the command's name, as
// the header records them, or null.
int summarize_match(const ReadBack& rb, const std::vector<std::string>* command);
int summarize_ladder(const ReadBack& rb, const std::vector<std::string>* command);
int summarize_run_sim(const ReadBack& rb, const std::vector<std::string>& command);
// A positions file (gen-data's CSV, its configuration in FILE.json): its rows counted, with the command
// that made them.
int summarize_gen_data(const std::string& path, bool json, bool csv);

}  // namespace seega::cli
