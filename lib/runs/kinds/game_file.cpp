#include "runs/kinds/game_file.hpp"

#include <algorithm>
#include <set>

#include "rules/rules.hpp"
#include "rules/spec.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/format/game_record_json.hpp"
#include "runs/format/results_file.hpp"
#include "runs/io/json.hpp"
#include "runs/io/jsonl_file.hpp"
#include "runs/kinds/run_sim.hpp"

namespace seega {

namespace {

constexpr int kPlayFormat = 1;

// Why game g names a player the file's header does not have, or empty.
std::string player_outside(const GameFile& file, const GameRecord& g) {
  const int players = static_cast<int>(file.players.size());
  for (int c : g.player)
    if (c < 0 || c >= players)
      return "game " + std::to_string(g.index) + " names player " + std::to_string(c) + ", the header has " +
             std::to_string(players);
  return "";
}

// A play file's games, each checked: its players among the header's, its record consistent, its index
// given once.
Parsed<GameFile> read_play_file(std::string_view text) {
  using P = Parsed<GameFile>;
  auto split = split_jsonl(text, "play file");
  if (!split.ok()) return P::fail(split.error);
  GameFile out;
  JsonFields f(split.value.header);
  f.whole("format", kPlayFormat, kPlayFormat);
  const std::string rules_text = f.text("rules");
  out.players = f.texts("players");
  if (!f.ok()) return P::fail("play file line 1 (the header): " + f.error());
  auto rules = parse_rules(rules_text);
  if (!rules.ok()) return P::fail("play file line 1 (the header): rules: " + rules.error);
  out.rules = rules.value.rules;
  auto games = read_game_lines(split.value, "play file", [&out](const nlohmann::json&, const GameRecord& r) {
    if (auto why = player_outside(out, r); !why.empty()) return why;
    return record_inconsistency(out.rules, r);
  });
  if (!games.ok()) return P::fail(games.error);
  out.games = std::move(games.value);
  out.header = std::move(split.value.header);
  out.dropped_last_line = split.value.dropped_last_line;
  return P{std::move(out), {}};
}

}  // namespace

std::string play_header(const Rules& rules, std::uint64_t seed, const std::vector<PlayerSpec>& players,
                        std::string_view version) {
  std::vector<std::string> names;
  for (const auto& p : players) names.push_back(p.text);
  nlohmann::json h{{"type", "header"},           {"kind", "play"},           {"format", kPlayFormat},
                   {"rules", rules.to_string()}, {"seed", json_key64(seed)}, {"players", names}};
  if (auto e = evaluations_json(players, rules); !e.empty()) h["evaluations"] = e;
  add_build_keys(h, version);
  add_origin_key(h);  // as every file a run writes
  return h.dump();
}

std::string play_game_line(const GameRecord& game) { return game_json(game).dump(); }

Parsed<GameFile> read_game_file(std::string_view text) {
  using P = Parsed<GameFile>;
  // A results or run-sim file's games, their players checked against the header (a play file's reader
  // checks them line by line).
  auto checked = [](GameFile out) {
    for (const auto& g : out.games)
      if (auto why = player_outside(out, g); !why.empty()) return P::fail(why);
    return P{std::move(out), {}};
  };
  GameFile out;
  const auto eol = text.find('\n');
  const auto first = nlohmann::json::parse(text.substr(0, eol), nullptr, false);
  if (first.is_object() && json_field_is(first, "kind", "play")) return read_play_file(text);
  if (first.is_object() && json_field_is(first, "kind", "run-sim")) {
    auto file = read_run_sim(text);
    if (!file.ok()) return P::fail(file.error);
    auto config = run_sim_config(file.value.header);
    if (!config.ok()) return P::fail(config.error);
    for (const auto& p : config.value.players()) out.players.push_back(p.text);
    out.rules = config.value.rules;
    out.header = std::move(file.value.header);
    out.dropped_last_line = file.value.dropped_last_line;
    auto& runs = file.value.runs;
    std::sort(runs.begin(), runs.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
    for (auto& run : runs)
      for (auto& g : run.games) {
        g.index = static_cast<long long>(out.games.size());
        out.games.push_back(std::move(g));
      }
    return checked(std::move(out));
  }
  auto file = read_results(text);
  if (!file.ok()) return P::fail(file.error);
  auto made = header_tournament(file.value.header);
  if (!made.ok()) return P::fail(made.error);
  out.rules = made.value.rules;
  for (const auto& p : made.value.players) out.players.push_back(p.text);
  out.header = std::move(file.value.header);
  out.games = std::move(file.value.games);
  out.dropped_last_line = file.value.dropped_last_line;
  const Schedule& schedule = made.value.schedule;
  for (const GameRecord& g : out.games) {
    const Pairing& p = schedule.pairing(schedule.pairing_of(g.index));
    out.a_colour.push_back(g.played_by(p.a) ? std::optional<Color>(g.colour_of(p.a)) : std::nullopt);
  }
  return checked(std::move(out));
}

}  // namespace seega
