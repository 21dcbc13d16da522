#include "runs/kinds/gen_data.hpp"

#include <algorithm>

#include "runs/format/evaluations.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/format/results_file.hpp"
#include "runs/io/json.hpp"

namespace seega {

Tournament GenDataConfig::tournament() const {
  Tournament t;
  t.rules = rules;
  t.players = players;
  if (t.players.size() == 1) t.players.push_back(t.players[0]);  // self-play: the player against itself
  const int pairings = static_cast<int>(t.players.size() * (t.players.size() - 1) / 2);
  const long long per_pairing = std::max(2LL, (games + pairings - 1) / pairings);
  t.schedule = Schedule(ScheduleKind::RoundRobin, static_cast<int>(t.players.size()),
                        pairings > 1 ? per_pairing + per_pairing % 2 : games);
  t.seed = seed;
  t.opening_turns = opening_turns;
  t.openings = openings;
  return t;
}

nlohmann::json GenDataConfig::data_config() const {
  nlohmann::json config{{"positions_per_game", positions_per_game}, {"label", to_string(label)}};
  // The weights the labelling search evaluates with, given or built in: a label means nothing without them.
  if (label.kind != LabelSpec::Kind::Result) {
    config["search_weights"] = weights_record(label.weights ? *label.weights : builtin_weights(rules));
    // The labelling search names no capture limit: it takes its board's.
    config["search_evaluation"] =
        evaluation_json(evaluation_of(label.weights, label.weights_file, rules), builtin_quiescence_plies(rules));
  }
  if (from_file()) {
    config["from"] = from;
    return config;
  }
  nlohmann::json names = nlohmann::json::array();
  for (const auto& p : tournament().players) names.push_back(p.text);
  config.update(
      {{"rules", rules.to_string()}, {"players", names}, {"seed", json_key64(seed)}, {"opening_turns", opening_turns}});
  if (openings.used()) config["openings"] = openings_json(openings);
  if (auto e = evaluations_json(tournament().players, rules); !e.empty()) config["evaluations"] = e;
  return config;
}

Parsed<std::vector<DataRow>> rows_of_game(const GenDataConfig& config, const GameRecord& game) {
  return game_rows(config.rules, game, config.positions_per_game, config.label);
}

std::string rows_text(const std::vector<DataRow>& rows) {
  std::string text;
  for (const auto& row : rows) text += data_line(row) + "\n";
  return text;
}

Parsed<std::vector<DataRow>> parse_rows_text(std::string_view text) {
  std::vector<DataRow> rows;
  for (std::size_t at = 0, end; at < text.size(); at = end + 1) {
    end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    auto row = parse_data_line(text.substr(at, end - at));
    if (!row.ok()) return Parsed<std::vector<DataRow>>::fail(row.error);
    rows.push_back(std::move(row.value));
  }
  return {std::move(rows), {}};
}

}  // namespace seega
