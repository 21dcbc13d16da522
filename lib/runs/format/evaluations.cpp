#include "runs/format/evaluations.hpp"

namespace seega {

using nlohmann::json;

namespace {

json evaluation_json(const Evaluation& e) { return {{"name", e.name}, {"hash", e.hash}}; }

}  // namespace

json evaluations_json(const std::vector<PlayerSpec>& players, const Rules& rules) {
  json out = json::object();
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (const auto e = player_evaluation(players[i], rules)) out[std::to_string(i)] = evaluation_json(*e);
    if (const auto& p = players[i].placement)
      if (const auto e = player_evaluation(*p, rules)) out[std::to_string(i) + ".placement"] = evaluation_json(*e);
  }
  return out;
}

std::string weights_record(const Weights& w) {
  return w.patterns ? "a pattern evaluation, weights " + weights_hash(w) : w.to_text();
}

std::string evaluation_text(const json& e) {
  if (e.is_null()) return "no evaluation";
  if (e.is_object() && e.contains("name") && e["name"].is_string() && e.contains("hash") && e["hash"].is_string())
    return e["name"].get<std::string>() + " (weights " + e["hash"].get<std::string>() + ")";
  return "an evaluation this seega cannot read (" + e.dump() + ")";
}

std::vector<std::string> players_named(const std::vector<PlayerSpec>& players) {
  std::vector<std::string> out;
  for (const auto& p : players) out.push_back("player '" + p.label() + "'");
  return out;
}

std::string evaluation_mismatch(const json& header, const json& want, const std::vector<std::string>& who,
                                std::string& warning) {
  if (!header.is_object() || !header.contains("evaluations")) {
    if (!want.empty())
      warning =
          "the file records no evaluation for its players (an older seega's): continued without checking "
          "that they evaluate as this run's do";
    return "";
  }
  const json& had = header["evaluations"];
  if (had == want) return "";
  auto at = [](const json& o, const std::string& key) { return o.is_object() && o.contains(key) ? o[key] : json(); };
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < who.size(); ++i) {
    keys.push_back(std::to_string(i));
    keys.push_back(std::to_string(i) + ".placement");
  }
  for (std::size_t k = 0; k < keys.size(); ++k)
    if (at(had, keys[k]) != at(want, keys[k])) {
      const std::string& named = who[k / 2];
      return "the file's " + (k % 2 ? "placement= player of " + named : named) + " evaluated with " +
             evaluation_text(at(had, keys[k])) + ", this run's with " + evaluation_text(at(want, keys[k])) +
             " (the weights have changed since); use another --out file";
    }
  return "the file's players evaluated with other weights than this run's; use another --out file";
}

}  // namespace seega
