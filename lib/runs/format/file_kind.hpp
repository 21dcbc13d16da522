#pragma once
// What kind of file a text is, from its first line: the files seega writes, told apart so that a command
// given the wrong one says what it found and what it reads, and so that a command replaces only a file of
// its own kind (an export over an export, a picture over a picture) unless told to.

#include <string>
#include <string_view>
#include <vector>

namespace seega {

enum class FileKind {
  Empty,      // nothing, or white space only
  Results,    // a JSON Lines file whose header has no "kind": match, ladder, gate (results_file.hpp)
  RunSim,     // "kind":"run-sim" (run_sim.hpp)
  Play,       // "kind":"play" (game_file.hpp)
  Positions,  // gen-data's CSV (positions_file.hpp)
  GamesText,  // games as text (game_text.hpp)
  GamesCsv,   // seega export --format csv
  Openings,   // seega openings' suite, its first line "# seega openings ..."
  Svg,        // a picture (replay --svg, eval --svg)
  Other,      // none of these
};

// The kind of a file from its text (only its first line and first character are looked at).
FileKind file_kind(std::string_view text);

// The kind in words, with the command that writes it: "a play file (seega play --out)"; Other's is
// "not a file seega writes (...)", so that "PATH is " + file_kind_text(kind) reads for each.
std::string file_kind_text(FileKind kind);

// The header row of seega export --format csv, its columns in order.
const std::vector<std::string>& games_csv_columns();

}  // namespace seega
