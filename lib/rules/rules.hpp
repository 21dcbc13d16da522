#pragma once
// A ruleset as plain data: named presets citing their seed texts, with every field overridable from a
// variant string such as "standard(size=7,quiet_plies=40)". docs/rules.md is the full contract.

#include <string>
#include <string_view>
#include <vector>

#include "rules/types.hpp"

namespace seega {

enum class FirstMover : std::uint8_t { LastPlacer, FirstPlacer };
enum class WalledIn : std::uint8_t { Pass, Lose };

struct Rules {
  std::string preset = "standard";
  int size = 5;
  bool diag_steps = false;     // steps also along diagonals
  bool diag_captures = false;  // custodian capture also along diagonals
  bool centre_immune = true;
  Color first_placer = White;  // the colour that places first; the seeds name none, w by convention
  FirstMover first_mover = FirstMover::LastPlacer;
  WalledIn walled_in = WalledIn::Pass;
  int quiet_plies = 30;  // 0 = no quiet-ply limit
  int max_plies = 160;   // 0 = no movement-ply cap
  bool chains = false;
  bool forced_capture = false;
  bool barrier = false;

  int squares() const { return size * size; }
  int centre() const { return squares() / 2; }
  int stones_per_side() const { return (squares() - 1) / 2; }
  int step_directions() const { return diag_steps ? 8 : 4; }
  int capture_directions() const { return diag_captures ? 8 : 4; }

  // Canonical variant string: the preset followed by every field that differs from it, so that
  // parse_rules(r.to_string()) == r.
  std::string to_string() const;
  bool operator==(const Rules&) const = default;
};

// seed 001/000: the Seega>Play game.
Rules standard_rules();
// seed 002: the school's version with diagonals, hemming in wins, 150 quiet plies.
Rules diagonal_rules();
// seed 003: capture chains, mandatory capture, barriers, grand and small victories.
Rules chain_rules();

std::vector<std::string> preset_names();
std::vector<std::string> rule_keys();

struct RulesSpec {
  Rules rules;
  bool size_given = false;  // whether the string set size= (else a position may choose it)
};

// Parses "preset" or "preset(key=value,...)". Errors name the key and list what is allowed.
Parsed<RulesSpec> parse_rules(std::string_view text);

// A description of every key with its allowed values, for --help.
std::string rules_help();

}  // namespace seega
