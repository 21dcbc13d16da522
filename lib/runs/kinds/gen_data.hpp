#pragma once
// seega gen-data's run: positions for tuning the evaluation (analysis/labelling.hpp), taken from
// self-play games played by the runner (runner.hpp) or from the games of a results file, for the
// positions file (positions_file.hpp). A game's rows are made in the worker that played it, and travel
// to the process that writes the file as text (RunHooks::on_game, on_annex).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/labelling.hpp"
#include "engine/player.hpp"
#include "runs/format/tournament.hpp"

namespace seega {

struct GenDataConfig {
  Rules rules;                      // from the results file's header, when from names one
  std::vector<PlayerSpec> players;  // one plays itself; several play a round robin
  long long games = 1000;           // with several players, rounded up: every pairing plays the same even number
  std::uint64_t seed = 1;
  int opening_turns = 2;
  OpeningSuite openings;        // or the games start from this suite's openings (then opening_turns is 0)
  int positions_per_game = 10;  // at most
  LabelSpec label;
  nlohmann::json from;  // the header of the results file whose games are labelled instead of played; null: play

  bool from_file() const { return !from.is_null(); }
  // The self-play games (not with from): the players in a round robin, one player standing twice.
  Tournament tournament() const;
  // What the positions file names as the configuration that made it (DataWriter::open's config).
  nlohmann::json data_config() const;
};

// The rows of a finished game: its positions sampled and labelled (game_rows), or why it does not replay.
Parsed<std::vector<DataRow>> rows_of_game(const GenDataConfig& config, const GameRecord& game);

// A game's rows as the text that goes with the game to the process that writes them: one data_line each.
std::string rows_text(const std::vector<DataRow>& rows);
// The rows back from that text; an error names the row that does not parse.
Parsed<std::vector<DataRow>> parse_rows_text(std::string_view text);

}  // namespace seega
