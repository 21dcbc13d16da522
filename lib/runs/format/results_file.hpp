#pragma once
// The JSON Lines results file of a run: a header line naming the whole configuration (every player,
// the schedule, the rules, the seed, the version and the weights behind any weights= spec), then one
// line per finished game, flushed as each ends. --resume reads it back; seega replay reads any of them.

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_record.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/format/game_record_json.hpp"
#include "runs/format/tournament.hpp"
#include "runs/io/append_file.hpp"
#include "runs/io/jsonl_file.hpp"
#include "runs/io/record_writer.hpp"
#include "runs/io/shard.hpp"

namespace seega {

// The header line (no newline); a shard's names the shard (shard.hpp).
std::string results_header(const Tournament& t, std::string_view version, const Shard& shard = {});
// What each engine(...) among players said of itself when its run checked it, by the player's index:
// {"0": {"command": ..., "name": ..., "author": ..., "protocol": 1, "rules": [...], "sizes": [...]}}; an
// empty object when none is an engine. Not part of a run's configuration: an engine's new version may
// continue a run its command started.
nlohmann::json engines_json(const std::vector<PlayerSpec>& players);
// One game as a line (no newline): game_json with, from the pairing's side, "a" (the colour of its
// first player) and "winner" (a, b or draw).
std::string record_line(const Tournament& t, const GameRecord& game);
// What identifies a run's opening suite in a header: its openings (their count and hash) and the order
// of their use. Not the file's path: the same suite elsewhere continues the run (the header names the
// path apart, as "openings_file").
nlohmann::json openings_json(const OpeningSuite& suite);
// Why g is not the game t's schedule plays at its index (its seed, its players, who placed first), or
// empty. Only the player count of t.players matters.
std::string schedule_mismatch(const Tournament& t, const GameRecord& g);

struct ResultsFile {
  nlohmann::json header;  // as written
  std::vector<GameRecord> games;
  bool dropped_last_line = false;  // a corrupt final line (an interrupted write) was skipped
  std::size_t valid_bytes = 0;     // the length of the file up to the last good line
  std::string header_warning;      // what read_results(t, ...) could not check of the header, or empty
};

// The game lines of a JSON Lines file (split_jsonl's), each parsed as a game record, every index once,
// and passed by check (when given), which says what is wrong with a line and its record or returns
// empty. An error names the file (`name`: "results file", "play file") and the line.
using GameLineCheck = std::function<std::string(const nlohmann::json& line, const GameRecord& g)>;
Parsed<std::vector<GameRecord>> read_game_lines(const JsonlText& split, std::string_view name,
                                                const GameLineCheck& check);

// Reads any results file: a header line, then game lines of the right form. A corrupt line other
// than the last, or a game index given twice, is an error naming the line.
Parsed<ResultsFile> read_results(std::string_view text);

// How far read_results checks a game line of tournament t. Fields: the line must be the one this
// program writes for its record (so the derived "a" and "winner" agree, and nothing is added), the
// game the one t's schedule has at its index (its seed, its players, who placed first), and the record
// consistent (record_inconsistency). Replay: also every move replayed and the end compared with the
// record (replay.hpp), which catches a swapped result or edited counts that still add up.
enum class ResultsCheck { Fields, Replay };

// Reads the results file of tournament t: as above, and the header must name t's configuration and
// shard (an error names the first key that differs) and every game line must pass `check`; an error
// names the line, the game and the field.
Parsed<ResultsFile> read_results(const Tournament& t, std::string_view text, ResultsCheck check = ResultsCheck::Fields,
                                 const Shard& shard = {}, HeaderUse use = HeaderUse::Continue);

// One game line of tournament t (no newline), read and checked as read_results(t, ...) checks each line
// of a file (Fields): the form in which a game played by another process reaches the root (share.hpp).
Parsed<GameRecord> read_record_line(const Tournament& t, std::string_view line);

// The tournament a results header names, read back once for every command that reads a file it did
// not write (merge, replay, gen-data --from): its rules, players, schedule kind, seed and opening turns.
// Players are their spec text only (the weights behind them do not change which game an index is), and
// the schedule's length is not in a header (a resume or a merge is told it). An error names the field.
Parsed<Tournament> header_tournament(const nlohmann::json& header);

// A run's results file from opening to the last game (record_writer.hpp): with resume an existing one is
// read back for t with `check`, and a file of another configuration or shard, or one holding games past
// t's schedule (items_past_run: a resume never cuts a file), is refused.
using ResultsWriter = RecordWriter<GameRecord>;
Parsed<ResultsWriter> open_results(const std::string& path, const Tournament& t, bool resume, std::string_view version,
                                   ResultsCheck check = ResultsCheck::Fields, const Shard& shard = {});

}  // namespace seega
