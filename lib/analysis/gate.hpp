#pragma once
// The adoption gate of an evaluation: a candidate replaces today's weights only when it gains in every
// setting it is tried in. Numbers only: the matches that fill the rows are runs/kinds/gate.hpp's.

#include <string>
#include <vector>

#include "analysis/stats.hpp"

namespace seega {

// One setting's fixed-size match of the candidate against today's weights, from the candidate's side.
struct GateRow {
  std::string name;  // "standard depth 3"
  Pentanomial pairs;
  EloEstimate elo;      // from the pairs (elo_pentanomial), 95%
  std::string missing;  // why there is no Elo or no interval (MatchSummary::Missing), or empty
};

// The rule: every row's point estimate above 0, and no row's lower end below `floor` (an interval
// whose upper end is above 0 is not enough: a row may not lose by more than the floor allows).
struct GateRule {
  double floor = -10;
};

struct GateVerdict {
  bool adopt = false;
  // Per row, in order: empty when the row passes, else why it does not ("loses: Elo -12.0 [-30.1,
  // +6.2], its lower end below -10").
  std::vector<std::string> why;
  // The rows that fail, by name; empty when the candidate is adopted.
  std::vector<std::string> failed;
};

// The verdict over the rows. No rows, or a row with no Elo or no interval, is not a pass: nothing is
// adopted on a setting that was not measured. One exception: a row where the candidate won every one
// of at least kMinSamples pairs 2-0 passes. Its Elo is +inf and the normal interval does not exist,
// but the pairs bound it: with n >= 10 pairs all won, the 95% Wilson lower bound of the share of pairs
// won is at least 0.72, so the score is at least 0.72 and the Elo at least +166, far above any floor.
GateVerdict gate_verdict(const std::vector<GateRow>& rows, const GateRule& rule = {});

}  // namespace seega
