#pragma once
// A linear evaluation in named features, from the side to move's point of view. Weights come from a
// small text file (one "name value" per line, # comments) or the built-in defaults.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
  // The file format: one feature a line, "placement.NAME" lines when split, "endgame.NAME" when tapered.
  std::string to_text() const;
  bool operator==(const Weights&) const = default;
};

// The built-in weights of a ruleset: its entry in the table of weights fitted for it, else
// Weights::defaults(). An entry is adopted only where seega gate passed it against the general weights
// (experiments/tune_eval/README.md): today 5x5 standard, with every other rule key at its default
// (first_placer aside, which only names the colours).
const Weights& builtin_weights(const Rules& rules);
// The rules of the table's entries, canonical ("standard"), in the table's order.
std::vector<std::string> builtin_weights_rules();

// Parses the weights file format: "name value" per line, '#' starts a comment. A name may carry a
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
