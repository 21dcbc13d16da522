#pragma once
// Positions for tuning the evaluation: rows taken from played games (replayed from their records),
// quiet positions only, at most M a game, labelled from the side to move's point of view. A row holds
// the position itself, not its features: features are computed when tuning, so a changed feature set
// needs no new data.

#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "append_file.hpp"
#include "game_record.hpp"
#include "rules.hpp"
#include "shard.hpp"

namespace seega {

// How rows are labelled: the game's result, a fixed-depth search's win probability, or a blend
// L x result + (1 - L) x search (as modern engines train).
struct LabelSpec {
  enum class Kind { Result, Search, Blend } kind = Kind::Result;
  double blend = 1;      // L, for Blend
  int search_depth = 4;  // for Search and Blend
  double k = 1;          // the search's win probability is sigmoid(k x score / 100); forced results are 1 or 0
};
// "result", "search" or "blend=L" with L in [0, 1].
Parsed<LabelSpec> parse_label(std::string_view text);
std::string to_string(const LabelSpec& label);

struct DataRow {
  std::string position;  // notation
  bool placement = false;
  std::string rules;  // canonical
  long long game = 0;
  int ply = 0;         // turns played before the position
  double result = 0.5;  // the game's result for the side to move: 1, 0.5 or 0
  std::optional<int> search;  // the search's score in hundredths of a stone, when labelled by search
  double label = 0.5;         // the target tuning fits
};

// The CSV header and one row as a line (no newline); the rules column is quoted (it may hold commas).
std::string data_header();
std::string data_line(const DataRow& row);
// One line of a data file (not the header); an error names what is wrong with it.
Parsed<DataRow> parse_data_line(std::string_view line);

// The rows of one game: its quiet positions (the side to move has no capturing step and the game is
// not over; every placement position is quiet), at most `per_game` of them chosen at random from the
// game's own seed, in ply order, labelled. Errors when the record does not replay.
Parsed<std::vector<DataRow>> game_rows(const Rules& rules, const GameRecord& record, int per_game,
                                       const LabelSpec& label);

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
