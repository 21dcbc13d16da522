#pragma once
// Opening suites (fastchess's -openings): the starts a tournament's game pairs play, one a line of a
// text file, each played by both games of a pair with the roles swapped. A line is a move sequence from
// the empty board ("a1+b2 c3+d4"), or a position in notation ("5/5/5/5/5 w 12/12 0 0") optionally
// followed by " moves m1 m2 ...". This file parses a suite's text against a ruleset (no file I/O) and
// makes new suites: random placement turns, or whole placements a search scores near level.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/rules.hpp"
#include "rules/types.hpp"

namespace seega {

// One start: a position (empty: the empty board, the rules' first placer to place) and moves played
// from it as turns of the game. Both in canonical notation once parsed.
struct Opening {
  std::string position;
  std::vector<std::string> moves;
  bool operator==(const Opening&) const = default;
  bool empty() const { return position.empty() && moves.empty(); }
};

// The opening as a suite line: the moves, or the position with " moves ..." when there are any.
std::string opening_line(const Opening& o);

// Parses a suite's text: one opening a line; blank lines and lines starting with '#' are skipped. Every
// opening is checked under rules: the position parses for the rules' board, a position in placement has
// the rules' first placer placing first (the game record's roles follow the rules), every move is legal
// where it is played, and the game is not over after the opening. An error names the line and, for a
// move, its number and text: "line 7: move 3 'a1+a1': ...". A text with no opening is an error.
Parsed<std::vector<Opening>> parse_openings(const Rules& rules, std::string_view text);

// A 64-bit hash of the openings in canonical form (not of comments, blank lines or spacing), which a
// results header records so that a resume with another suite is refused.
std::uint64_t openings_hash(const std::vector<Opening>& openings);

// The order in which a tournament's game pairs take the suite's openings.
enum class OpeningOrder : std::uint8_t { Sequential, Random };
std::string_view to_string(OpeningOrder order);
// "sequential" or "random"; an error lists them.
Parsed<OpeningOrder> parse_opening_order(std::string_view text);

// A tournament's suite: the openings and the order of their use, with what identifies them in a results
// header. Read back from a header (merge, summary), openings is empty and count, hash and file say what
// the run played.
struct OpeningSuite {
  std::vector<Opening> openings;
  long long count = 0;  // openings.size() when they are loaded; 0: no suite
  OpeningOrder order = OpeningOrder::Sequential;
  std::uint64_t hash = 0;  // openings_hash
  std::string file;        // the file's path as given

  bool used() const { return count > 0; }
  // A suite of these openings (count and hash from them).
  static OpeningSuite of(std::vector<Opening> openings, OpeningOrder order, std::string file = "");
};

// What a suite maker reports now and then: openings found, positions tried so far.
using OpeningsProgress = std::function<void(long long found, long long tried)>;

// `count` distinct openings of `turns` uniformly random placement turns each (1 to the rules' placement
// turns), from the seed; an error when that many distinct ones are not found in a generous number of
// tries (there are only 276 one-turn openings on 5x5).
Parsed<std::vector<Opening>> random_openings(const Rules& rules, long long count, std::uint64_t seed, int turns);

// `count` distinct whole placements of uniformly random turns whose end position a depth-`depth`
// alpha-beta search (built-in weights) scores within `margin` hundredths of a stone of level, from the
// seed; an error when too few are found in max_tries placements. Stops early (with the openings found
// so far and no error) when *stop becomes true.
Parsed<std::vector<Opening>> balanced_openings(const Rules& rules, long long count, std::uint64_t seed, int depth,
                                               int margin, long long max_tries, const OpeningsProgress& progress = {},
                                               const std::atomic<bool>* stop = nullptr);

}  // namespace seega
