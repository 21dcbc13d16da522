#pragma once
// The positions file seega gen-data writes and seega tune and seega merge read: a CSV of labelled
// rows (analysis/labelling.hpp), one game's rows after another in game-index order, with <path>.json
// beside it naming the configuration that made it.

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/labelling.hpp"
#include "analysis/tune.hpp"
#include "runs/io/append_file.hpp"
#include "runs/io/shard.hpp"

namespace seega {

// The CSV header and one row as a line (no newline); the rules column is quoted (it may hold commas).
std::string data_header();
std::string data_line(const DataRow& row);
// One line of a data file (not the header); an error names what is wrong with it.
Parsed<DataRow> parse_data_line(std::string_view line);

// One line of a positions file after its header, as read_positions hands it on.
struct PositionsLine {
  std::size_t number = 0;          // from 1 (the header is line 1)
  std::size_t start = 0, end = 0;  // its bytes in the text, its newline included
  bool whole = false;              // a newline ends it (the last line of a cut write has none)
  std::string_view text;           // without its newline
  Parsed<DataRow> row;             // what it holds, or why it is not a row
};
// The one reader of a positions file's text: the header first (data_header(), a CR before its newline
// allowed: a file saved on Windows), then each later line in order, blank lines passed over, each
// handed to `each` with its row parsed (an empty text has no line to hand on). Returns "" when every
// line was handed on, or the first error:
// "line 1 is not the positions header (position,phase,...)" or what `each` returned. A bad row is
// each's to judge (a resume forgives a cut last line), as is the order of games (merge and a resume
// need game order; tuning does not).
std::string read_positions(std::string_view text, const std::function<std::string(const PositionsLine&)>& each);

// The samples tuning fits, read from a positions file's text: each row's position parsed under its
// rules and its features computed. A sample's game, the unit held out (tune.hpp), is the row's game
// pair (games 2q and 2q+1): the two games of a pair share their opening turns and, between
// deterministic players, are the same game twice, so holding out single games would let a game's
// twin train the fit it is meant to test. An error names the line; none are read from no rows.
// The target is the file's label column, or with `label` the row's label made again from its result and
// search columns (label_of), so one file made with search labels serves result, search and blend fits:
// a row without a search score is then an error for a label that needs one.
// rules_seen (may be null) gets the rules strings of the rows, each once, in the order they first appear.
// With patterns, each sample also gets the pattern tables' entries its position reads (TuneSample::patterns),
// in the pattern set of its rules' board (pattern_set(size, diagonal captures)).
Parsed<std::vector<TuneSample>> read_tune_samples(std::string_view text, const std::optional<LabelSpec>& label = {},
                                                  std::vector<std::string>* rules_seen = nullptr,
                                                  bool patterns = false);

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
