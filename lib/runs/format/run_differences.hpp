#pragma once
// How two runs differ, read from their files' headers alone, setting by setting: what seega compare names
// before it sets their figures side by side. Any kind of run's header (a results file's: match, ladder,
// gate's rows; a run-sim file's): every key in which two headers differ is named. Those a reader knows
// are named in words: the rules key by key, each player by its role (A and B, the player, level K), an
// opening suite by its identity (its count, order and hash), adjudication, the levels of a run-sim one
// by one, each player's engine and the evaluation it played with, the build; any other key by its name.
// Keys that describe the file rather than the run (its type, format and origin) are not settings.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace seega {

struct SettingDifference {
  std::string setting;  // "rules quiet_plies", "A", "the opening suite", "level 3", ...
  std::string a, b;     // the value in each run, in words ("none" where a run has no such setting)
  std::string text() const { return setting + ": " + a + " vs " + b; }
};

struct RunDifferences {
  std::vector<SettingDifference> settings;  // what may cause the runs' figures to differ
  std::vector<SettingDifference> sampling;  // the seed and the shard: what a comparison expects to differ
};

// The differences of run b's header from run a's, in a fixed order: the rules, the players, the other
// settings, the build. Headers of two kinds differ in every key one of them lacks.
RunDifferences run_differences(const nlohmann::json& a, const nlohmann::json& b);

}  // namespace seega
