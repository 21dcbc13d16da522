#include "runs/kinds/gate.hpp"

#include <cctype>

namespace seega {

std::string GateSetting::name() const {
  std::string who = player;
  const std::string depth = "ab(depth=", level = "level(", det = ",deterministic)";
  if (who.rfind(depth, 0) == 0 && who.back() == ')' && who.find(',') == std::string::npos)
    who = "depth " + who.substr(depth.size(), who.size() - depth.size() - 1);
  else if (who.rfind(level, 0) == 0 && who.size() > level.size() + det.size() &&
           who.compare(who.size() - det.size(), det.size(), det) == 0)
    who = "level " + who.substr(level.size(), who.size() - level.size() - det.size());
  return rules.to_string() + " " + who;
}

std::string GateSetting::file_stem() const {
  std::string out;
  for (char c : name()) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '=';
    if (keep) out += c;
    else if (out.empty() || out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

std::vector<GateSetting> gate_settings(const std::vector<Rules>& rules, const std::vector<int>& depths,
                                       const std::vector<int>& levels, const std::vector<std::string>& players) {
  std::vector<GateSetting> out;
  for (const Rules& r : rules) {
    for (int d : depths) out.push_back({r, "ab(depth=" + std::to_string(d) + ")"});
    for (int l : levels) out.push_back({r, "level(" + std::to_string(l) + ",deterministic)"});
    for (const std::string& p : players) out.push_back({r, p});
  }
  return out;
}

std::string spec_with_weights(const std::string& spec, const std::string& file) {
  if (file.empty()) return spec;
  if (spec.empty() || spec.back() != ')') return spec + "(weights=" + file + ")";
  return spec.substr(0, spec.size() - 1) + ",weights=" + file + ")";
}

GatePair gate_pair(const GateConfig& config, const GateSetting& setting) {
  return {spec_with_weights(setting.player, config.candidate), spec_with_weights(setting.player, config.baseline)};
}

MatchConfig gate_match(const GateConfig& config, const GateSetting& setting, PlayerSpec a, PlayerSpec b) {
  MatchConfig m;
  m.rules = setting.rules;
  m.a = std::move(a);
  m.b = std::move(b);
  m.games = config.games;
  m.seed = config.seed;
  m.opening_turns = config.opening_turns;
  m.threads = config.threads;
  return m;
}

GateRow gate_row(const GateSetting& setting, const MatchSummary& summary) {
  GateRow row;
  row.name = setting.name();
  row.pairs = summary.pairs;
  row.elo = summary.pair_elo;
  const MatchSummary::Missing& m = summary.missing;
  row.missing = !m.pair_elo.empty() ? m.pair_elo : m.pair_elo_ci;
  return row;
}

}  // namespace seega
