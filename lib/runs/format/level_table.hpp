#pragma once
// A level table: the computer's player at each level of Seega>Play's run, for a maker trying levels
// other than the built-in ones (seega run-sim, ladder and play take one with --levels FILE).
//
// The file is text, one level a line: the level's number, then its player spec:
//   # a softer level 2
//   1 level(1,deterministic)
//   2 ab(depth=2,blunder=0.25)
//   3 level(3,deterministic)
// '#' starts a comment that runs to the end of the line; blank lines are skipped. Every level from 1 to
// the last (at most 30) has exactly one line, in any order.

#include <string>
#include <string_view>
#include <vector>

#include "engine/player.hpp"

namespace seega {

constexpr int kMaxTableLevels = 30;  // as level(N) and --max-level

struct LevelTable {
  std::vector<PlayerSpec> levels;  // levels[k] plays level k + 1
  // The specs as written, in level order: what a results file records of the table.
  std::vector<std::string> texts() const;
};

// The table of a level file's text, or the first error, naming its line ("line 4: ..."): a line with no
// spec or a bad one, a level number out of 1 to 30, a level given twice, a level missing below the
// last. A pure function of the text: a spec's weights=FILE is named, not read (load_player_weights).
Parsed<LevelTable> parse_level_table(std::string_view text);

// The table of specs already parsed one by one (a results file's header), or the first bad one.
Parsed<LevelTable> level_table_of(const std::vector<std::string>& texts);

}  // namespace seega
