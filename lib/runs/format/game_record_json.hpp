#pragma once
// A game record as JSON: the fields of one game line of a results file (results_file.hpp), which a
// run-sim file also keeps for each game of a run (run_sim.hpp), read back with every field checked.

#include <nlohmann/json.hpp>
#include <string>

#include "engine/game_record.hpp"
#include "rules/rules.hpp"

namespace seega {

// A game as JSON, every field of its record (the moves, and the search counts when there were any).
nlohmann::json game_json(const GameRecord& game);
// The record of a game's JSON; a missing, malformed, negative or inconsistent field is an error.
Parsed<GameRecord> parse_game(const nlohmann::json& j);
// Why record g cannot be a finished game under rules r, from its fields alone: stones and captures
// that do not add up to the stones each side places, plies that are not the placements (those its start
// leaves), moves and passes, a movement counter that is not the moves (from its start's), a result that
// the end and the stones contradict. A start that is not a position of the rules is one too.
// Empty when it can be. (Replaying the moves, as --verify does, checks everything else.)
std::string record_inconsistency(const Rules& r, const GameRecord& g);
// A colour as the files write it: "w" or "b".
std::string colour_text(Color c);

}  // namespace seega
