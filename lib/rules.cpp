#include "rules.hpp"

#include "bitboard.hpp"
#include "spec.hpp"

#include <algorithm>
#include <charconv>
#include <functional>

namespace seega {

std::string_view to_string(EndReason r) {
  switch (r) {
    case EndReason::None: return "none";
    case EndReason::AllCaptured: return "all_captured";
    case EndReason::Barrier: return "barrier";
    case EndReason::QuietLimit: return "quiet_limit";
    case EndReason::PlyLimit: return "ply_limit";
    case EndReason::HemmedIn: return "hemmed_in";
  }
  return "none";
}

std::string to_string(Outcome o) {
  if (!o.over()) return "none";
  std::string who = o.winner < 0 ? "draw" : std::string(1, color_char(Color(o.winner)));
  return who + " " + std::string(to_string(o.reason));
}

Rules standard_rules() { return Rules{}; }

Rules diagonal_rules() {
  Rules r;
  r.preset = "diagonal";
  r.diag_steps = r.diag_captures = true;
  r.walled_in = WalledIn::Lose;
  r.quiet_plies = 150;
  r.max_plies = 0;
  return r;
}

Rules chain_rules() {
  Rules r;
  r.preset = "chain";
  r.chains = r.forced_capture = r.barrier = true;
  return r;
}

namespace {

struct Preset {
  std::string_view name;
  Rules (*make)();
};
constexpr Preset kPresets[] = {
    {"standard", standard_rules}, {"diagonal", diagonal_rules}, {"chain", chain_rules}};

// One entry per key: how to read a value into Rules, and how to print it back.
struct Key {
  std::string_view name;
  std::string_view allowed;
  std::function<bool(Rules&, std::string_view)> set;
  std::function<std::string(const Rules&)> get;
};

bool parse_int(std::string_view v, int lo, int hi, int& out) {
  int x = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size() || x < lo || x > hi) return false;
  out = x;
  return true;
}

bool parse_bool(std::string_view v, bool& out) {
  if (v == "on" || v == "true" || v == "1" || v == "yes") return out = true, true;
  if (v == "off" || v == "false" || v == "0" || v == "no") return out = false, true;
  return false;
}

// A limit: a number in [1, hi], or off (stored as 0).
bool parse_limit(std::string_view v, int hi, int& out) {
  if (v == "off" || v == "none") return out = 0, true;
  return parse_int(v, 1, hi, out);
}

std::string on_off(bool b) { return b ? "on" : "off"; }
std::string limit_str(int v) { return v ? std::to_string(v) : "off"; }

Key bool_key(std::string_view name, bool Rules::*field) {
  return {name, "on or off",
          [field](Rules& r, std::string_view v) { return parse_bool(v, r.*field); },
          [field](const Rules& r) { return on_off(r.*field); }};
}

Key limit_key(std::string_view name, int Rules::*field, int hi, std::string_view allowed) {
  return {name, allowed,
          [field, hi](Rules& r, std::string_view v) { return parse_limit(v, hi, r.*field); },
          [field](const Rules& r) { return limit_str(r.*field); }};
}

Key direction_key(std::string_view name, bool Rules::*field) {
  return {name, "orth or all",
          [field](Rules& r, std::string_view v) {
            if (v == "orth") return r.*field = false, true;
            if (v == "all") return r.*field = true, true;
            return false;
          },
          [field](const Rules& r) { return std::string(r.*field ? "all" : "orth"); }};
}

const std::vector<Key>& keys() {
  static const std::vector<Key> k = {
      {"size", "5, 7 or 9",
       [](Rules& r, std::string_view v) {
         int n = 0;
         if (!parse_int(v, 5, 9, n) || !valid_size(n)) return false;
         r.size = n;
         return true;
       },
       [](const Rules& r) { return std::to_string(r.size); }},
      direction_key("steps", &Rules::diag_steps),
      direction_key("captures", &Rules::diag_captures),
      bool_key("centre_immune", &Rules::centre_immune),
      {"first_placer", "w or b (the colour that places first)",
       [](Rules& r, std::string_view v) {
         if (v == "w") return r.first_placer = White, true;
         if (v == "b") return r.first_placer = Black, true;
         return false;
       },
       [](const Rules& r) { return std::string(1, color_char(r.first_placer)); }},
      {"first_mover", "last or first (the last placer or the first placer moves first)",
       [](Rules& r, std::string_view v) {
         if (v == "last") return r.first_mover = FirstMover::LastPlacer, true;
         if (v == "first") return r.first_mover = FirstMover::FirstPlacer, true;
         return false;
       },
       [](const Rules& r) {
         return std::string(r.first_mover == FirstMover::LastPlacer ? "last" : "first");
       }},
      {"walled_in", "pass or lose",
       [](Rules& r, std::string_view v) {
         if (v == "pass") return r.walled_in = WalledIn::Pass, true;
         if (v == "lose") return r.walled_in = WalledIn::Lose, true;
         return false;
       },
       [](const Rules& r) { return std::string(r.walled_in == WalledIn::Pass ? "pass" : "lose"); }},
      limit_key("quiet_plies", &Rules::quiet_plies, 1000, "1 to 1000, or off"),
      limit_key("max_plies", &Rules::max_plies, 10000, "1 to 10000, or off"),
      bool_key("chains", &Rules::chains),
      bool_key("forced_capture", &Rules::forced_capture),
      bool_key("barrier", &Rules::barrier),
  };
  return k;
}

template <typename T, typename F>
std::string join(const T& items, F&& f, std::string_view sep = ", ") {
  std::string out;
  for (const auto& i : items) {
    if (!out.empty()) out += sep;
    out += f(i);
  }
  return out;
}

}  // namespace

std::vector<std::string> preset_names() {
  std::vector<std::string> v;
  for (const auto& p : kPresets) v.emplace_back(p.name);
  return v;
}

std::vector<std::string> rule_keys() {
  std::vector<std::string> v;
  for (const auto& k : keys()) v.emplace_back(k.name);
  return v;
}

std::string Rules::to_string() const {
  Rules base = *this;
  for (const auto& p : kPresets)
    if (p.name == preset) base = p.make();
  std::string args;
  for (const auto& k : keys()) {
    std::string v = k.get(*this);
    if (v == k.get(base)) continue;
    if (!args.empty()) args += ',';
    args += std::string(k.name) + "=" + v;
  }
  return args.empty() ? preset : preset + "(" + args + ")";
}

Parsed<RulesSpec> parse_rules(std::string_view text) {
  using P = Parsed<RulesSpec>;
  auto parts = split_spec(text);
  if (!parts.ok()) return P::fail("rules " + parts.error);
  const Preset* preset = nullptr;
  for (const auto& p : kPresets)
    if (p.name == parts.value.name) preset = &p;
  if (!preset)
    return P::fail("unknown ruleset '" + std::string(parts.value.name) +
                   "'; allowed: " + join(kPresets, [](const Preset& p) { return std::string(p.name); }));
  RulesSpec spec{preset->make(), false};
  std::vector<std::string_view> seen;
  for (const auto& [key, value] : parts.value.items) {
    const Key* k = nullptr;
    for (const auto& candidate : keys())
      if (candidate.name == key) k = &candidate;
    if (!k)
      return P::fail("unknown rule key '" + std::string(key) +
                     "'; allowed: " + join(keys(), [](const Key& x) { return std::string(x.name); }));
    if (!value) return P::fail("rule key '" + std::string(key) + "' needs a value (" + std::string(k->allowed) + ")");
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      return P::fail("rule key '" + std::string(key) + "' is given twice");
    seen.push_back(key);
    if (!k->set(spec.rules, *value))
      return P::fail("bad value '" + std::string(*value) + "' for rule key '" + std::string(key) +
                     "'; allowed: " + std::string(k->allowed));
    if (key == "size") spec.size_given = true;
  }
  const Rules& r = spec.rules;
  if (!r.quiet_plies && !r.max_plies && r.walled_in == WalledIn::Pass)
    return P::fail(
        "rule keys quiet_plies=off and max_plies=off together with walled_in=pass would let a game "
        "run forever; keep one of the limits or use walled_in=lose");
  return P{spec, {}};
}

std::string rules_help() {
  std::string out = "Rulesets: " + join(kPresets, [](const Preset& p) { return std::string(p.name); }) +
                    "; override keys as preset(key=value,...):\n";
  for (const auto& k : keys()) {
    out += "  " + std::string(k.name) + " (" + std::string(k.allowed) + "); standard=" +
           k.get(standard_rules()) + " diagonal=" + k.get(diagonal_rules()) +
           " chain=" + k.get(chain_rules()) + "\n";
  }
  return out;
}

}  // namespace seega
