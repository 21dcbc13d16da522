#pragma once
// The games of any file that records them, for the commands that read games they did not play (seega
// replay, gen-data --from): a results file (match, ladder) or a run-sim file, whose
// runs hold their games. One reader, so that each command takes either without knowing the formats.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_record.hpp"
#include "rules/rules.hpp"

namespace seega {

struct GameFile {
  nlohmann::json header;             // as written
  Rules rules;                       // the header's
  std::vector<std::string> players;  // the spec of each player index in the games
  std::vector<GameRecord> games;     // by index
};

// The games of a results file (read_results, header_tournament) or of a run-sim file (read_run_sim:
// each run checked against the configuration its header names, the players being the run's player
// and the levels 1 to max_level; its games numbered 0, 1, ... in order, the runs by index and each run's
// games in order, so that a file's games have consecutive indices as a results file's do). An error
// names the line and what is wrong.
Parsed<GameFile> read_game_file(std::string_view text);

}  // namespace seega
