#include "runs/game_file.hpp"

#include <algorithm>

#include "runs/json.hpp"
#include "runs/results_file.hpp"
#include "runs/run_sim.hpp"

namespace seega {

Parsed<GameFile> read_game_file(std::string_view text) {
  using P = Parsed<GameFile>;
  GameFile out;
  const auto eol = text.find('\n');
  const auto first = nlohmann::json::parse(text.substr(0, eol), nullptr, false);
  if (first.is_object() && json_field_is(first, "kind", "run-sim")) {
    auto file = read_run_sim(text);
    if (!file.ok()) return P::fail(file.error);
    auto config = run_sim_config(file.value.header);
    if (!config.ok()) return P::fail(config.error);
    for (const auto& p : config.value.players()) out.players.push_back(p.text);
    out.rules = config.value.rules;
    out.header = std::move(file.value.header);
    auto& runs = file.value.runs;
    std::sort(runs.begin(), runs.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
    for (auto& run : runs)
      for (auto& g : run.games) {
        g.index = static_cast<long long>(out.games.size());
        out.games.push_back(std::move(g));
      }
    return P{std::move(out), {}};
  }
  auto file = read_results(text);
  if (!file.ok()) return P::fail(file.error);
  auto made = header_tournament(file.value.header);
  if (!made.ok()) return P::fail(made.error);
  out.rules = made.value.rules;
  for (const auto& p : made.value.players) out.players.push_back(p.text);
  out.header = std::move(file.value.header);
  out.games = std::move(file.value.games);
  return P{std::move(out), {}};
}

}  // namespace seega
