#pragma once
// A JSON Lines text read back: a header line, then one line per finished item (a game, a run). The
// formats' readers live with their records (results_file, run_sim); the file they are appended to is
// an AppendFile (append_file.hpp).

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rules/types.hpp"

namespace seega {

// A JSON Lines text split into its header and item lines. The first line must be an object whose
// "type" is "header" and must end in a newline; a broken or unterminated last line (an interrupted
// write) is dropped and said so; any other line that is not a JSON object is an error naming it.
struct JsonlText {
  nlohmann::json header;
  std::vector<nlohmann::json> lines;
  std::vector<std::size_t> line_numbers;  // each item line's number in the file, from 1
  bool dropped_last_line = false;
  std::size_t valid_bytes = 0;  // the length of the text up to the last good line
};
Parsed<JsonlText> split_jsonl(std::string_view text, std::string_view what);

// The warnings a resume gives of the file at path it read back: what its header could not be checked
// for (header_warning, or empty), and a cut last line left out, whose item (unit: "game", "run") is
// played again.
std::vector<std::string> resume_warnings(const std::string& path, const std::string& header_warning,
                                         bool dropped_last_line, std::string_view unit);

// Why a file being resumed holds items (games, runs) past the run's `total`, or empty. A resume
// continues a file and never cuts it: one asked for fewer items than the file holds is refused, naming
// the count that would take the file whole, rather than summarising a part of it.
template <typename Records>
std::string items_past_run(const Records& records, long long total, const std::string& unit) {
  long long last = -1;
  for (const auto& r : records) last = std::max<long long>(last, r.index);
  if (last < total) return "";
  return "the file holds " + std::to_string(records.size()) + " " + unit + "s up to " + unit + " " +
         std::to_string(last) + ", past this run's " + std::to_string(total) +
         ": a resume never cuts a file; ask for " + std::to_string(last + 1) + " " + unit +
         "s or more to continue or summarise it";
}

}  // namespace seega
