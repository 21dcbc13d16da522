#pragma once
// The adoption gate as a run: one fixed-size match per setting (a ruleset and a player without a
// clock), the candidate's weights against today's, each match its own results file so a gate resumes
// row by row. The rule that reads the rows is analysis/gate.hpp's.

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/gate.hpp"
#include "runs/kinds/match.hpp"

namespace seega {

// One row: the rules and the player both sides play, as a spec without weights ("ab(depth=3)",
// "level(4,deterministic)").
struct GateSetting {
  Rules rules;
  std::string player;
  std::string name() const;       // "standard depth 3", "standard(size=7) level 4", "chain ab(nodes=5000)"
  std::string file_stem() const;  // the name with every run of other characters than [A-Za-z0-9.=] as '_'
};

// Every ruleset with every depth (ab(depth=D)), every level (level(L,deterministic)) and every other
// player spec, in that order.
std::vector<GateSetting> gate_settings(const std::vector<Rules>& rules, const std::vector<int>& depths,
                                       const std::vector<int>& levels, const std::vector<std::string>& players);

struct GateConfig {
  std::vector<GateSetting> settings;
  std::string candidate;  // weights file of the candidate
  std::string baseline;   // weights file of today's weights; empty: the built-in ones
  long long games = 1000;
  int opening_turns = 2;
  std::uint64_t seed = 1;
  int threads = 0;
  GateRule rule;
};

// A spec with weights=FILE added ("ab(depth=3)" -> "ab(depth=3,weights=FILE)"); the spec as it is for
// an empty file.
std::string spec_with_weights(const std::string& spec, const std::string& file);

// The specs of a row's two players, A the candidate and B the baseline, still to be parsed and loaded.
struct GatePair {
  std::string a, b;
};
GatePair gate_pair(const GateConfig& config, const GateSetting& setting);

// The match of one row, given its two loaded players: config.games games, pairs swapping who places
// first, from the same seed and opening turns in every row.
MatchConfig gate_match(const GateConfig& config, const GateSetting& setting, PlayerSpec a, PlayerSpec b);

// A row of the verdict from a finished match's summary (the pair Elo, and why it is missing if it is).
GateRow gate_row(const GateSetting& setting, const MatchSummary& summary);

}  // namespace seega
