#pragma once
// The games of any file that records them, for the commands that read games they did not play (seega
// replay, gen-data --from): a results file (match, ladder), a run-sim file, whose
// runs hold their games, or a play file (seega play --out). One reader, so that each command takes any
// of them without knowing the formats.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_record.hpp"
#include "engine/player.hpp"
#include "rules/rules.hpp"

namespace seega {

struct GameFile {
  nlohmann::json header;             // as written
  Rules rules;                       // the header's
  std::vector<std::string> players;  // the spec of each player index in the games
  std::vector<GameRecord> games;     // by index
  // A results file's: by game, the colour its pairing's player a played (none where the game's players
  // are not its pairing's); empty for a run-sim or play file, whose games have no pairings.
  std::vector<std::optional<Color>> a_colour;
  bool dropped_last_line = false;  // a cut last line (an interrupted write) was left out
};

// seega play --out: a person's games, one file a run. A header line
//   {"type":"header","kind":"play","format":1,"rules":...,"seed":...,"players":[...],"evaluations":{...},
//    ...build keys, origin}
// (player 0 the person, "you"; player L the computer's spec at level L; each level's evaluation as
// runs/format/evaluations.hpp records it), then one game line a finished
// game in the order played (game_json, as a results file's: index k is the run's game k, moves included).
std::string play_header(const Rules& rules, std::uint64_t seed, const std::vector<PlayerSpec>& players,
                        std::string_view version);
std::string play_game_line(const GameRecord& game);

// The games of a results file (read_results, header_tournament) or of a run-sim file (read_run_sim:
// each run checked against the configuration its header names, the players being the run's player
// and the levels 1 to max_level; its games numbered 0, 1, ... in order, the runs by index and each run's
// games in order, so that a file's games have consecutive indices as a results file's do). Every game's
// players are among the header's (players[g.player[c]] is safe); a results file's games with the colour
// of their pairing's player a. An error names what is wrong.
Parsed<GameFile> read_game_file(std::string_view text);

}  // namespace seega
