#include "runs/kinds/run_sim.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <stdexcept>

#include "engine/selfplay.hpp"
#include "rules/rules.hpp"
#include "rules/spec.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/format/game_record_json.hpp"
#include "runs/format/results_file.hpp"
#include "runs/io/json.hpp"
#include "runs/play/indexed_work.hpp"
#include "runs/play/player_pool.hpp"

namespace seega {

using nlohmann::json;

namespace {

// Format 2 writes the 64-bit seeds and keys as decimal strings (json_key64), as results format 4 does;
// files of format 1 are still read, and a simulation continues only a file of its own format.
constexpr int kFormat = 2;
constexpr int kOldestRead = 1;

std::uint64_t game_seed(std::uint64_t run_seed, int k) { return Rng::derive(run_seed, static_cast<std::uint64_t>(k)); }

template <int N>
std::optional<RunRecord> play_run_with(const RunSimConfig& c, long long index, PlayerPool<N>& pool,
                                       const std::atomic<bool>* stop) {
  RunRecord run;
  run.index = index;
  run.seed = Rng::derive(c.seed, static_cast<std::uint64_t>(index));
  std::vector<RunGame> games;
  for (int k = 0; k < c.max_level; ++k) {
    const Color me = player_colour(c.rules, k);
    Player<N>* players[2];
    players[me] = pool.get(0);
    players[~me] = pool.get(run_level(k));
    for (Player<N>* p : players) p->set_stop(stop);
    GameOptions o;
    o.record_moves = true;
    o.stop = stop;
    auto g = play_game(c.rules, players, game_seed(run.seed, k), o);
    if (!g || (stop && stop->load())) return std::nullopt;
    g->index = k;
    g->player[me] = 0;
    g->player[~me] = run_level(k);
    games.push_back(run_game(*g, me));
    run.games.push_back(std::move(*g));
    if (!games.back().won) break;
  }
  run.score = score_run(games);
  return run;
}

// Why run r is not one this configuration plays, or empty.
std::string run_mismatch(const RunSimConfig& c, const RunRecord& r) {
  const std::string name = "run " + std::to_string(r.index);
  if (r.seed != Rng::derive(c.seed, static_cast<std::uint64_t>(r.index)))
    return name + " has seed " + std::to_string(r.seed) + ", not the one this simulation derives for it";
  if (r.games.empty()) return name + " has no games";
  if (static_cast<int>(r.games.size()) > c.max_level)
    return name + " has " + std::to_string(r.games.size()) + " games, more than --max-level " +
           std::to_string(c.max_level);
  std::vector<RunGame> games;
  for (std::size_t k = 0; k < r.games.size(); ++k) {
    const GameRecord& g = r.games[k];
    const int ki = static_cast<int>(k);
    const std::string game = name + " game " + std::to_string(k);
    const Color me = player_colour(c.rules, ki);
    if (g.index != ki) return game + " has index " + std::to_string(g.index);
    if (g.seed != game_seed(r.seed, ki)) return game + " has a seed this simulation does not derive for it";
    if (g.player[me] != 0 || g.player[~me] != run_level(ki))
      return game + " is not the player (as " + std::string(1, color_char(me)) + ") against level " +
             std::to_string(run_level(ki));
    if (g.first_placer != c.rules.first_placer) return game + " was placed first by the wrong colour";
    games.push_back(run_game(g, me));
    const bool last = k + 1 == r.games.size();
    if (!last && !games.back().won) return game + " is not a win, yet the run goes on";
    if (last && games.back().won && ki + 1 < c.max_level)
      return game + " is a win below --max-level, yet the run stops there";
  }
  const RunScore s = score_run(games);
  if (s.score != r.score.score || s.wins != r.score.wins)
    return name + " has score " + std::to_string(r.score.score) + ", its games give " + std::to_string(s.score);
  return "";
}

// What the header's "levels" says: the built-in levels on the clock or deterministic, or a table's
// (whose specs follow in "level_table").
const char* levels_key(const RunSimConfig& c) {
  return !c.table.levels.empty() ? "table" : c.clock ? "clock" : "deterministic";
}

json config_json(const RunSimConfig& c) {
  json h{
      {"type", "header"},        {"kind", "run-sim"},        {"format", kFormat},       {"rules", c.rules.to_string()},
      {"player", c.player.text}, {"max_level", c.max_level}, {"levels", levels_key(c)}, {"seed", json_key64(c.seed)}};
  if (!c.table.levels.empty()) h["level_table"] = c.table.texts();
  if (!c.player.weights_file.empty() && c.player.weights) h["weights"] = weights_record(*c.player.weights);
  // The player is "0", the levels "1" up.
  if (json e = evaluations_json(c.players(), c.rules); !e.empty()) h["evaluations"] = e;
  add_shard_key(h, c.shard);
  return h;
}

}  // namespace

std::vector<PlayerSpec> RunSimConfig::players() const {
  std::vector<PlayerSpec> out{player};
  if (!table.levels.empty()) {
    out.insert(out.end(), table.levels.begin(),
               table.levels.begin() + std::min<std::size_t>(table.levels.size(), static_cast<std::size_t>(max_level)));
    return out;
  }
  for (int level = 1; level <= max_level; ++level) out.push_back(parse_player(level_player(level, !clock)).value);
  return out;
}

std::string RunSimConfig::invalid() const {
  if (max_level < 1 || max_level > 30)
    return "--max-level must be from 1 to 30 (the levels there are), got " + std::to_string(max_level);
  if (runs < 1) return "--runs must be at least 1";
  if (!table.levels.empty() && clock) return "--clock is for the built-in levels: a table's specs say their own limits";
  if (!table.levels.empty() && max_level > static_cast<int>(table.levels.size()))
    return "--max-level " + std::to_string(max_level) + " is past the table's last level, " +
           std::to_string(table.levels.size());
  return "";
}

std::optional<RunRecord> play_run(const RunSimConfig& config, long long index, const std::atomic<bool>* stop) {
  const std::vector<PlayerSpec> players = config.players();
  return with_size(config.rules.size, [&]<int N>() {
    PlayerPool<N> pool(players);
    return play_run_with<N>(config, index, pool, stop);
  });
}

std::vector<RunRecord> simulate_runs(const RunSimConfig& c, std::vector<RunRecord> finished, const RunSimHooks& hooks,
                                     const std::atomic<bool>* stop, Share* share) {
  std::erase_if(finished, [&](const RunRecord& r) { return r.index >= c.runs || !c.shard.holds(r.index); });
  // Another shard's runs are marked as done: the workers still take indices in increasing order.
  std::vector<bool> have(static_cast<std::size_t>(c.runs), false);
  if (!c.shard.whole())
    for (long long i = 0; i < c.runs; ++i) have[static_cast<std::size_t>(i)] = !c.shard.holds(i);
  ProgressCounter progress(hooks.on_progress, c.shard.share(c.runs));
  for (const auto& r : finished) have[static_cast<std::size_t>(r.index)] = true, progress.add_old(r.wins());
  std::vector<RunRecord> results = std::move(finished);
  const std::vector<PlayerSpec> players = c.players();
  const IndexedWork work{0, c.runs, c.threads, &have, stop, share, share ? run_sim_header(c, "") : ""};
  struct Codec {
    const RunSimConfig& c;
    std::string encode(const RunRecord& r) const { return run_line(c, r); }
    RunRecord decode(std::string_view text) const {
      auto r = read_run_line(c, text);
      if (!r.ok()) throw std::runtime_error("a run sent by another process: " + r.error);
      return std::move(r.value);
    }
  };
  with_size(c.rules.size, [&]<int N>() {
    run_indexed(
        work,
        [&] {
          return [&, pool = std::make_shared<PlayerPool<N>>(players)](long long i) {
            return play_run_with<N>(c, i, *pool, stop);
          };
        },
        [&](RunRecord r) {  // under run_indexed's lock
          results.push_back(std::move(r));
          if (hooks.on_record) hooks.on_record(results.back());
          progress.add_new(results.back().wins());
          return false;
        },
        Codec{c});
  });
  progress.finish();
  std::sort(results.begin(), results.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  return results;
}

RunSimSummary summarize_runs(const RunSimConfig& c, const std::vector<RunRecord>& runs) {
  RunSimSummary s;
  s.runs = static_cast<long long>(runs.size());
  s.wins_histogram.assign(static_cast<std::size_t>(c.max_level) + 1, 0);
  std::vector<double> wins, scores;
  std::set<std::vector<std::uint64_t>> distinct;
  long long games = 0;
  for (const auto& r : runs) {
    ++s.wins_histogram[static_cast<std::size_t>(std::clamp(r.wins(), 0, c.max_level))];
    wins.push_back(r.wins());
    scores.push_back(static_cast<double>(r.score.score));
    std::vector<std::uint64_t> keys;
    for (const auto& g : r.games) keys.push_back(g.game_key);
    distinct.insert(std::move(keys));
    games += static_cast<long long>(r.games.size());
  }
  s.wins = distribution(wins);
  s.score = distribution(scores);
  s.distinct_runs = static_cast<long long>(distinct.size());
  s.games_per_run = s.runs ? static_cast<double>(games) / static_cast<double>(s.runs) : 0;
  return s;
}

json run_sim_json(const RunSimConfig& c, const RunSimSummary& s) {
  auto dist = [&s](const Distribution& d) {
    json j{{"mean", d.mean},     {"mean_ci95", {d.mean_ci.lo, d.mean_ci.hi}},
           {"median", d.median}, {"median_ci95", {d.median_ci.lo, d.median_ci.hi}},
           {"p10", d.p10},       {"p25", d.p25},
           {"p75", d.p75},       {"p90", d.p90},
           {"min", d.min},       {"max", d.max}};
    // An interval left out is null, with its reason beside it.
    for (const auto& [key, why] : {std::pair{"mean_ci95", d.no_mean_ci}, std::pair{"median_ci95", d.no_median_ci}})
      if (!why.empty()) {
        j[key] = nullptr;
        j[std::string(key) + "_reason"] = why;
      }
    // No runs: no figure at all, not a mean of 0.
    if (s.runs == 0)
      for (const char* key : {"mean", "mean_ci95", "median", "median_ci95", "p10", "p25", "p75", "p90", "min", "max"}) {
        j[key] = nullptr;
        j[std::string(key) + "_reason"] = kNoRunsYet;
      }
    return j;
  };
  json j{{"runs", s.runs},
         {"player", c.player.text},
         {"rules", c.rules.to_string()},
         {"max_level", c.max_level},
         {"levels", levels_key(c)},
         {"seed", json_key64(c.seed)},
         {"wins_histogram", s.wins_histogram},
         {"wins", dist(s.wins)},
         {"score", dist(s.score)},
         {"distinct_runs", s.distinct_runs},
         {"games_per_run", s.games_per_run}};
  if (s.runs == 0) {
    j["games_per_run"] = nullptr;
    j["games_per_run_reason"] = kNoRunsYet;
  }
  if (!c.table.levels.empty()) j["level_table"] = c.table.texts();
  add_shard_key(j, c.shard);  // the runs are this shard's only
  return j;
}

std::string run_sim_header(const RunSimConfig& c, std::string_view version) {
  json h = config_json(c);
  if (json engines = engines_json({c.player}); !engines.empty()) h["engines"] = engines;
  add_build_keys(h, version);
  // Without a version, the text ranks compare to agree on a run: no origin, as their clocks differ.
  if (!version.empty()) add_origin_key(h);
  return h.dump();
}

std::string run_line(const RunSimConfig&, const RunRecord& r) {
  json games = json::array();
  for (const auto& g : r.games) games.push_back(game_json(g));
  return json{{"type", "run"},        {"index", r.index},       {"seed", json_key64(r.seed)},
              {"wins", r.score.wins}, {"score", r.score.score}, {"mean_bonus", r.score.mean_bonus},
              {"games", games}}
      .dump();
}

namespace {

// One run line of configuration c, checked against it.
Parsed<RunRecord> parse_run(const RunSimConfig& c, const json& j) {
  using P = Parsed<RunRecord>;
  RunRecord r;
  JsonFields f(j);
  if (f.text("type") != "run" && f.ok()) return P::fail("not a run line");
  r.index = f.whole("index", 0LL);
  r.seed = f.key64("seed");
  r.score.wins = f.whole("wins", 0);
  r.score.score = f.whole("score", 0LL);
  r.score.mean_bonus = f.number("mean_bonus");
  if (!f.ok()) return P::fail(f.error());
  const auto games = j.find("games");
  if (games == j.end() || !games->is_array()) return P::fail("games is missing or not an array");
  for (const json& g : *games) {
    auto game = parse_game(g);
    if (!game.ok()) return P::fail("game " + std::to_string(r.games.size()) + " of the run: " + game.error);
    if (auto why = record_inconsistency(c.rules, game.value); !why.empty())
      return P::fail("game " + std::to_string(r.games.size()) + " of the run: " + why);
    r.games.push_back(std::move(game.value));
  }
  if (auto why = run_mismatch(c, r); !why.empty()) return P::fail(why + " (not written by this simulation)");
  return P{std::move(r), {}};
}

// The runs of a file already split, checked against c (its header checked by the caller).
Parsed<RunSimFile> read_runs(const RunSimConfig& c, JsonlText split) {
  using P = Parsed<RunSimFile>;
  RunSimFile out;
  out.header = std::move(split.header);
  out.dropped_last_line = split.dropped_last_line;
  out.valid_bytes = split.valid_bytes;
  std::set<long long> seen;
  for (std::size_t k = 0; k < split.lines.size(); ++k) {
    const std::string where = "run-sim file line " + std::to_string(split.line_numbers[k]) + ": ";
    auto r = parse_run(c, split.lines[k]);
    if (!r.ok()) return P::fail(where + r.error);
    if (!c.shard.holds(r.value.index))
      return P::fail(where + "run " + std::to_string(r.value.index) + " is not one of shard " + c.shard.to_string() +
                     "'s (not written by this simulation)");
    if (!seen.insert(r.value.index).second)
      return P::fail(where + "run " + std::to_string(r.value.index) + " appears twice");
    out.runs.push_back(std::move(r.value));
  }
  return P{std::move(out), {}};
}

// Whether h is the header of a run-sim file this seega reads (of format kOldestRead to kFormat), and which.
int run_sim_format(const json& h) {
  if (!json_field_is(h, "kind", "run-sim") || !h.contains("format")) return 0;
  const auto format = json_whole(h["format"], kOldestRead, kFormat);
  return format.ok() ? format.value : 0;
}

}  // namespace

Parsed<RunSimFile> read_run_sim(const RunSimConfig& c, std::string_view text, HeaderUse use) {
  using P = Parsed<RunSimFile>;
  auto split = split_jsonl(text, "run-sim file");
  if (!split.ok()) return P::fail(split.error);
  const json want = config_json(c);
  const json& have = split.value.header;
  if (const int format = run_sim_format(have); format != kFormat)
    return P::fail(format ? "a run-sim file of format " + std::to_string(format) +
                                ", written by an older seega: it is read (merge) but only a file of format " +
                                std::to_string(kFormat) + " is continued; use another --out file"
                          : "not a run-sim file of format " + std::to_string(kFormat) + "; use another --out file");
  if (auto why = shard_mismatch(have, c.shard); !why.empty())
    return P::fail("the file was made with " + why + "; use another --out file");
  // Read back, the header's weights are the file's own (HeaderUse).
  const bool weights_checked = use == HeaderUse::Continue;
  if (const auto key = first_key_differing(
          want, have, KeysCompared::First,
          [&](const std::string& k) { return k == "evaluations" || (k == "weights" && !weights_checked); });
      !key.empty())
    return P::fail("the file was made with " +
                   (key == "weights"
                        ? std::string("other weights for the player (its weights file has changed since)")
                        : key_value_text(have, key) + ", this simulation has " + key_value_text(want, key)) +
                   "; use another --out file");
  if (weights_checked && have.contains("weights") && !want.contains("weights"))
    return P::fail("the file was made with a weights file for the player; use another --out file");
  std::string warning;
  if (use == HeaderUse::Continue) {
    // The player is "0", level L is "L".
    const auto players = c.players();
    std::vector<std::string> who{"player '" + players[0].label() + "'"};
    for (std::size_t l = 1; l < players.size(); ++l)
      who.push_back("level " + std::to_string(l) + " ('" + players[l].label() + "')");
    if (auto why = evaluation_mismatch(have, want.contains("evaluations") ? want["evaluations"] : json::object(), who,
                                       warning);
        !why.empty())
      return P::fail(why);
  }
  auto file = read_runs(c, std::move(split.value));
  if (file.ok()) {
    if (auto why = items_past_run(file.value.runs, c.runs, "run"); !why.empty()) return P::fail(why);
    file.value.header_warning = warning;
  }
  return file;
}

Parsed<RunSimConfig> run_sim_config(const json& h) {
  using P = Parsed<RunSimConfig>;
  if (!run_sim_format(h))
    return P::fail("not a run-sim file of format " + std::to_string(kOldestRead) + " to " + std::to_string(kFormat));
  RunSimConfig c;
  JsonFields f(h);
  const std::string rules_text = f.text("rules");
  c.player.text = f.text("player");
  c.max_level = f.whole("max_level", 1, 30);
  c.seed = f.key64("seed");
  const std::string levels = f.text("levels");
  if (f.ok() && levels != "clock" && levels != "deterministic" && levels != "table")
    f.fail("levels", quote(levels) + " is not clock, deterministic or table");
  if (!f.ok()) return P::fail("run-sim file line 1 (the header): " + f.error());
  auto rules = parse_rules(rules_text);
  if (!rules.ok()) return P::fail("run-sim file line 1 (the header): rules: " + rules.error);
  c.rules = rules.value.rules;
  c.clock = levels == "clock";
  if (levels == "table") {
    const auto specs = h.find("level_table");
    if (specs == h.end() || !specs->is_array() ||
        !std::all_of(specs->begin(), specs->end(), [](const json& x) { return x.is_string(); }))
      return P::fail("run-sim file line 1 (the header): level_table is missing or not an array of player specs");
    auto table = level_table_of(specs->get<std::vector<std::string>>());
    if (!table.ok()) return P::fail("run-sim file line 1 (the header): level_table: " + table.error);
    c.table = std::move(table.value);
    if (auto why = c.invalid(); !why.empty()) return P::fail("run-sim file line 1 (the header): " + why);
  }
  auto shard = header_shard(h);
  if (!shard.ok()) return P::fail("run-sim file line 1 (the header): " + shard.error);
  c.shard = shard.value;
  return P{std::move(c), {}};
}

Parsed<RunSimFile> read_run_sim(std::string_view text) {
  using P = Parsed<RunSimFile>;
  auto split = split_jsonl(text, "run-sim file");
  if (!split.ok()) return P::fail(split.error);
  auto c = run_sim_config(split.value.header);
  if (!c.ok()) return P::fail(c.error);
  return read_runs(c.value, std::move(split.value));
}

Parsed<RunRecord> read_run_line(const RunSimConfig& c, std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Parsed<RunRecord>::fail("not a JSON object");
  return parse_run(c, j);
}

Parsed<RunSimWriter> open_run_sim(const std::string& path, const RunSimConfig& config, bool resume,
                                  std::string_view version) {
  using P = Parsed<RunSimWriter::Held>;
  const auto read = [&](const std::string& text) -> P {
    auto file = read_run_sim(config, text);
    if (!file.ok()) return P::fail(file.error);
    return P{
        {std::move(file.value.runs), file.value.valid_bytes, file.value.header_warning, file.value.dropped_last_line},
        {}};
  };
  return RunSimWriter::open(path, run_sim_header(config, version), resume, "run", read,
                            [config](const RunRecord& r) { return run_line(config, r); });
}

}  // namespace seega
