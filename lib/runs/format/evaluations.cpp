#include "runs/format/evaluations.hpp"

namespace seega {

using nlohmann::json;

json evaluation_json(const Evaluation& e, int capture_plies) {
  json out{{"name", e.name}, {"hash", e.hash}};
  if (capture_plies > 0) out["capture_plies"] = capture_plies;
  return out;
}

json evaluations_json(const std::vector<PlayerSpec>& players, const Rules& rules) {
  json out = json::object();
  const auto add = [&](const PlayerSpec& p, const std::string& key) {
    if (const auto e = player_evaluation(p, rules)) out[key] = evaluation_json(*e, board_capture_plies(p, rules));
  };
  for (std::size_t i = 0; i < players.size(); ++i) {
    add(players[i], std::to_string(i));
    if (const auto& p = players[i].placement) add(*p, std::to_string(i) + ".placement");
  }
  return out;
}

std::string weights_record(const Weights& w) {
  return w.patterns ? "a pattern evaluation, weights " + weights_hash(w) : w.to_text();
}

std::string evaluation_text(const json& e) {
  if (e.is_null()) return "no evaluation";
  if (e.is_object() && e.contains("name") && e["name"].is_string() && e.contains("hash") && e["hash"].is_string()) {
    std::string text = e["name"].get<std::string>() + " (weights " + e["hash"].get<std::string>();
    if (e.contains("capture_plies"))
      text += ", the board's capture search limit of " + e["capture_plies"].dump() + " plies";
    return text + ")";
  }
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
      const json &a = at(had, keys[k]), &b = at(want, keys[k]);
      const bool same_weights = at(a, "name") == at(b, "name") && at(a, "hash") == at(b, "hash");
      return "the file's " + (k % 2 ? "placement= player of " + named : named) + " evaluated with " +
             evaluation_text(a) + ", this run's with " + evaluation_text(b) + " (the " +
             (same_weights ? "board's capture search limit has" : "weights have") +
             " changed since); use another --out file";
    }
  return "the file's players evaluated with other weights than this run's; use another --out file";
}

}  // namespace seega
