#pragma once
// The positions file seega gen-data writes and seega tune and seega merge read: a CSV of labelled
// rows (analysis/labelling.hpp), one game's rows after another in game-index order, with <path>.json
// beside it naming the configuration that made it.

#include <cstdint>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/labelling.hpp"
#include "runs/append_file.hpp"
#include "runs/shard.hpp"

namespace seega {

// The CSV header and one row as a line (no newline); the rules column is quoted (it may hold commas).
std::string data_header();
std::string data_line(const DataRow& row);
// One line of a data file (not the header); an error names what is wrong with it.
Parsed<DataRow> parse_data_line(std::string_view line);

// A data file from opening to the last game: rows are written a game at a time, in game-index order
// whatever order games finish in, so the file is the same for any thread count. Beside it, <path>.json
// names the configuration; a resume checks it, keeps the games the file holds whole, drops the last
// game's rows (it may have been cut) and plays on from that game. A shard's file holds the shard's
// games only, and names the shard in <path>.json. The file is an AppendFile, as a results file is:
// locked while it is written, so a second run on it is refused.
class DataWriter {
 public:
  // config: what must match for a resume (everything but the game count; open adds the shard). <path>.json
  // gets it with the version beside it, which a resume need not match.
  // A file holding a game at or past `games` (the run's count) is refused: a resume never cuts a file.
  static Parsed<DataWriter> open(const std::string& path, const nlohmann::json& config, std::string_view version,
                                 bool resume, const Shard& shard = {},
                                 long long games = std::numeric_limits<long long>::max());
  DataWriter() = default;

  // The first game the run must play (the shard's first for a new file).
  long long next_game() const { return next_; }
  long long rows_written() const { return rows_; }
  // Rows of game `index` of the shard (any order); written once every game of the shard before it has
  // been. Not thread-safe.
  void add(long long index, std::vector<DataRow> rows);
  // Whether writing failed (a full disk); nothing more is written then.
  bool failed() const { return file_.failed(); }

 private:
  // Reads back the rows of a file being resumed (text, header included): counts them, drops the last
  // game's (it may have been cut) and sets the game to play next; returns the length kept.
  Parsed<std::size_t> resume_from(const std::string& text, long long games);
  void write(const std::vector<DataRow>& rows);
  std::string path_;
  AppendFile file_;
  std::map<long long, std::vector<DataRow>> waiting_;
  Shard shard_;
  long long next_ = 0, rows_ = 0;
};

}  // namespace seega
