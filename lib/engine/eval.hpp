#pragma once
// A linear evaluation in named features, from the side to move's point of view. Weights come from a
// small text file (one "name value" per line, # comments) or the built-in defaults.

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/patterns.hpp"
#include "rules/movegen.hpp"

namespace seega {

enum Feature : int {
  Material,     // stones on the board and in hand: ours minus theirs
  Mobility,     // legal steps: ours minus theirs (movement phase)
  Safe,         // stones no step can capture (every capture line blocked by the edge or a friend)
  Threats,      // enemy stones one of our steps could capture now
  Hanging,      // our stones one of their steps could capture if it were their turn
  CentreRing,   // stones on the squares orthogonally next to the centre: ours minus theirs
  CentreEntry,  // with the centre empty: the most stones a step into it takes, ours minus theirs
  Blocked,      // 1 when they have no step, -1 when we have none (movement phase)
  LastPlacer,   // phase: +1 when we place last (and so move first), -1 when they do; 0 after placement
  // The features below were added for tuning (issue 22): the general weights give them 0, the 5x5 standard
  // entry of builtin_weights does not.
  FirstEntry,     // the entry capture of the side that moves first: centre_entry's count for that side alone,
                  // + when it is us, - when it is them (in movement, the side to move is the one that moves first)
  Edge,           // stones on the edge of the board (corners included): ours minus theirs
  PlacementSafe,  // in placement only: `safe` stones, ours minus theirs (0 in movement, where `safe` counts)
  QuietCount,     // in movement with a quiet limit: stones on the board, ours minus theirs, times the share
                  // of the quiet limit used (quiet plies / limit): the count that decides at the limit
  kFeatureCount
};

constexpr std::array<std::string_view, kFeatureCount> kFeatureNames{
    "material", "mobility",    "safe",        "threats", "hanging",        "centre_ring", "centre_entry",
    "blocked",  "last_placer", "first_entry", "edge",    "placement_safe", "quiet_count"};

using FeatureVector = std::array<double, kFeatureCount>;

// The weights of the features, one set for every position or, split by phase (tuned with
// --phases split), one for placement positions and one for movement positions. Tapered (tuned with
// --taper), movement positions blend two sets by how full the board is, as Logistello staged its weights
// by the count of discs: w on a full board, endgame on an empty one, t w + (1 - t) endgame in between,
// where t = taper(pos) is the share of the squares (the centre aside) that hold a stone. Placement
// positions are not tapered (t is 1 there): split weights give placement its own.
struct Weights {
  FeatureVector w{};                       // every position's, or the movement phase's when split
  std::optional<FeatureVector> placement;  // the placement phase's, when split
  std::optional<FeatureVector> endgame;    // the movement weights on an empty board, when tapered
  // A pattern evaluation's tables (patterns.hpp), added to the linear sum; shared, as they are large and
  // never change once read. Only for positions of their board's size.
  std::shared_ptr<const PatternTables> patterns;
  // The general built-in weights: those of every ruleset and size without an entry of its own in
  // builtin_weights' table, and the base of a weights file (a feature a file does not name keeps its
  // weight here).
  static Weights defaults();
  // The weights a position of this phase is evaluated with (on a full board, when tapered).
  const FeatureVector& of_phase(bool placing) const { return placing && placement ? *placement : w; }
  // The evaluation of features x of a position of this phase and taper t, in hundredths of a stone,
  // unrounded: of_phase(placing) . x, blended with endgame . x by t when tapered (t is 1 in placement).
  double value(const FeatureVector& x, bool placing, double t) const;
  // The weights in effect for a position of this phase and taper t: of_phase(placing), blended with
  // endgame by t when tapered.
  FeatureVector at(bool placing, double t) const;
  // The file format: one feature a line, "placement.NAME" lines when split, "endgame.NAME" when tapered,
  // then the pattern tables' section when there are tables (patterns_text).
  std::string to_text() const;
  // Equal values, the tables' included (not the same tables in memory).
  bool operator==(const Weights& o) const;
};

// The board of a ruleset: its size and the rules that decide what a position holds and how stones
// move and take (diagonal steps and captures, the centre's immunity, chains, forced capture, barriers).
// Built-in weights are fitted per board. The other keys (which colour places first, who moves first,
// the quiet and ply limits, the walled-in rule) decide who starts and when a game ends, not what a
// position is: a variant that changes only them plays with its board's weights.
bool same_board(const Rules& a, const Rules& b);
// "5x5 standard", "7x7 chain": the size and the preset whose board it is; a board no preset has is
// named by its rules with the other keys at the preset's values ("standard(centre_immune=off)").
std::string board_name(const Rules& rules);

// The built-in weights of a ruleset: its board's entry in the table of weights fitted per board, else
// Weights::defaults(). An entry is adopted only where seega gate passed it against the board's built-in
// weights before it (experiments/tune_eval/README.md; 5x5 standard's, a pattern evaluation kept as a
// weights file, experiments/pattern_eval/README.md). Made on first use, and kept.
const Weights& builtin_weights(const Rules& rules);
// The boards of the table's entries (board_name), in the table's order.
std::vector<std::string> builtin_weights_boards();

// Which weights a player evaluated with, as every file a run writes records it for each player: a name
// and a hash of the values, so that a resume across a change of weights is refused and seega compare
// names the difference.
struct Evaluation {
  std::string name;  // "built-in 5x5 standard", "built-in general", "file w.txt"
  std::string hash;  // weights_hash of the values
  bool operator==(const Evaluation&) const = default;
};
// 16 hexadecimal digits of a 64-bit FNV-1a hash of w.to_text(): equal values, equal hash.
std::string weights_hash(const Weights& w);
// The built-in weights of rules as an Evaluation: "built-in BOARD" for a board with an entry of its
// own, "built-in general" for the rest.
Evaluation builtin_evaluation(const Rules& rules);
// The evaluation of a search given weights (read from weights_file, or given in code when it is empty)
// or none (the built-in weights of rules): what a player and a labelling search record alike.
Evaluation evaluation_of(const std::optional<Weights>& weights, const std::string& weights_file, const Rules& rules);

// Parses the weights file format: "name value" per line, '#' starts a comment. A pattern evaluation's
// file goes on, after its linear weights, with the tables' section (patterns_text): a "patterns 1 ..."
// line, one "pattern ..." line an entry and an "end" line that counts and hashes them; a file cut short,
// an entry altered, a section of another format or board, or anything but comments after the end, is an
// error naming the line. A name may carry a
// phase, "placement.material 100" or "movement.material 100"; a plain name is the movement (and
// unsplit) weight, so files written before phases existed read as they always did. Any placement.
// line splits the weights: placement features not given start from the movement ones. Any endgame.
// line tapers them, and endgame features not given start from the movement ones too. Unknown names,
// an unknown phase, repeated names and bad numbers are errors naming the line. Features missing from
// the text keep their default weight.
Parsed<Weights> parse_weights(std::string_view text);
// parse_weights of the text of the weights file at path; errors name the file.
Parsed<Weights> parse_weights_file(std::string_view text, const std::string& path);
// Reads and parses a weights file; errors name the file.
Parsed<Weights> load_weights(const std::string& path);

// A comma-separated list of feature names ("material,first_entry"), each once: an unknown name is an
// error listing the features, with the nearest as "did you mean".
Parsed<std::vector<Feature>> parse_feature_list(std::string_view text);

// The feature values of a position, from the side to move's point of view.
template <int N>
FeatureVector features(const Position<N>& pos);

// How full the board is, for tapered weights: in movement the stones on the board over the squares
// but the centre (1 when movement starts on a full board, 0 on an empty one); 1 in placement.
template <int N>
double taper(const Position<N>& pos) {
  return pos.placing() ? 1.0 : static_cast<double>(pos.count(White) + pos.count(Black)) / (N * N - 1);
}

// The evaluation in hundredths of a stone, from the side to move's point of view.
template <int N>
int evaluate(const Position<N>& pos, const Weights& weights);

}  // namespace seega
