#pragma once
// The JSON Lines results file of a match: a header line naming the configuration, then one line per
// finished game. Written as games end (flushed each line), read back by --resume.

#include <string>
#include <string_view>
#include <vector>

#include "match.hpp"

namespace seega {

// The header line (no newline): everything that must match for a resume to continue the same match.
std::string results_header(const MatchConfig& config, std::string_view version);
// One game as a line (no newline).
std::string result_line(const MatchConfig& config, const GameResult& game);

struct ResultsFile {
  std::vector<GameResult> games;
  bool dropped_last_line = false;  // a corrupt final line (an interrupted write) was skipped
  std::size_t valid_bytes = 0;     // the length of the file up to the last good line
};

// Reads a results file's text for config. A header that does not match config, or a corrupt line
// other than the last, is an error saying what differs or which line is bad.
Parsed<ResultsFile> read_results(const MatchConfig& config, std::string_view text);

}  // namespace seega
