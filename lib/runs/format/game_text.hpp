#pragma once
// Games as plain text (docs/tournaments.md, "Games as text"): PGN-like tag lines, then the moves in
// notation, a blank line between games. seega export writes it from a results file; seega replay reads
// it back and replays it as it replays a results file's games. Readable by people and by other tools,
// and checked on reading: a game whose moves do not reach its tags' result is refused.
//
//   [Rules "standard"]
//   [White "greedy"]
//   [Black "ab(depth=2)"]
//   [Seed "8312270441532617471"]
//   [Index "0"]
//   [FirstPlacer "w"]
//   [Result "b"]
//   [Ending "quiet_limit"]
//
//   a1+b2 e5+d4 ... c2-c3 pass b4-b3

#include <string>
#include <string_view>
#include <vector>

#include "engine/game_record.hpp"
#include "rules/rules.hpp"

namespace seega {

struct TextGame {
  Rules rules;
  std::string players[2];  // the spec text of the player of w and of b
  // Read: every field as a replay of the moves derives it, with players {0, 1}. Written: the index,
  // seed, first placer, start, outcome and moves are what the text holds.
  GameRecord record;
  int line = 0;  // read: the line of the game's first tag, from 1
};

// The tags of a game, in the order they are written; each is required. Two more follow them where they
// apply: [EndDetail "<words>"], what happened in a game ended outside the rules (a forfeit, an
// adjudication: GameRecord::end_detail), which such a game must have and no other may; and
// [Start "<position>"], the position a game that did not start on the empty board started in (an
// opening suite's, GameRecord::start), written only for such a game. A game that ended before its first
// move (a forfeit) has no moves: the next game starts after a blank line, with a tag it already has.
const std::vector<std::string>& game_text_tags();

// One game as text: its tag lines, a blank line, its moves (wrapped at 80 columns, as PGN wraps), a newline.
// Precondition: the record's moves are a finished game's (a results file's, replayed).
std::string game_text(const TextGame& game);

// Whether text is games as text rather than a results file: its first character other than white
// space is '['.
bool is_game_text(std::string_view text);

// Every game of the text, each replayed under its rules: every tag present once and well formed, every
// move legal, the game over after the last move (or, for a game ended outside the rules, not over, and a
// forfeit lost by the side to move), its Result and Ending those the moves reach, and no index given twice. An error
// names the line: "line 14: [Resutl ...]: unknown tag 'Resutl' (did you mean 'Result'?)".
Parsed<std::vector<TextGame>> read_game_text(std::string_view text);

}  // namespace seega
