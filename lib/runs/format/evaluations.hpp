#pragma once
// Which evaluation each player of a run plays with, as every file a run writes records it in its header
// ("evaluations"): the weights' name and a hash of their values (engine/eval.hpp's Evaluation). A resume
// across a change of weights, built-in or from a file, is refused naming both; seega compare names a
// difference of evaluation like any other setting.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/player.hpp"

namespace seega {

// What a file's header is read for: a run that continues the file (Continue) must play as the file's run
// did, the players' evaluations and weights included; a file read back (seega summary) reports what it
// holds, whatever evaluation played it (ReadBack): the header's weights are the file's own, and the files
// they came from are not read (they may have moved or changed since).
enum class HeaderUse { Continue, ReadBack };

// One evaluation as a header records it: {"name": ..., "hash": ...}, and "capture_plies": P when the
// player's capture search stops P plies past the horizon because its board says so (board_capture_plies;
// left out when 0, as files written before boards had limits left it): the build gives both, so a resume
// across a change of either is refused and seega compare names it.
nlohmann::json evaluation_json(const Evaluation& e, int capture_plies);
// {"0": {"name": "built-in 5x5 standard", "hash": "..."}, "0.placement": {...}, ...}: each player's by its
// index (evaluation_json), and its placement= player's as "I.placement"; a player that evaluates no
// position is left out.
nlohmann::json evaluations_json(const std::vector<PlayerSpec>& players, const Rules& rules);

// Why a run whose players evaluate as `want` (evaluations_json) cannot continue a file whose header is
// `header`, naming the player (who[i] describes player i: "player 'ab(depth=4)'", "level 3") and both
// evaluations; empty when they agree. A header that records no evaluations (written before seega
// recorded them) is not refused: `warning` then says that it could not be checked.
std::string evaluation_mismatch(const nlohmann::json& header, const nlohmann::json& want,
                                const std::vector<std::string>& who, std::string& warning);
// who[i] for evaluation_mismatch: "player 'LABEL'" of each player.
std::vector<std::string> players_named(const std::vector<PlayerSpec>& players);

// What a header keeps of a weights file's weights to tell a changed file (its "weights" key): the
// weights' text, or for a pattern evaluation, whose tables run to megabytes, its hash.
std::string weights_record(const Weights& w);

// An evaluation as a message shows it: "built-in 5x5 standard (weights 0123456789abcdef)", and
// "built-in general (weights 0123456789abcdef, the board's capture search limit of 8 plies)".
std::string evaluation_text(const nlohmann::json& evaluation);

}  // namespace seega
