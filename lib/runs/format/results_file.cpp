#include "runs/format/results_file.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <set>

#include "engine/replay.hpp"
#include "rules/bitboard.hpp"
#include "rules/spec.hpp"
#include "runs/format/evaluations.hpp"
#include "runs/io/json.hpp"

namespace seega {

using nlohmann::json;

namespace {

// Format 4 writes the 64-bit seeds and keys as decimal strings (json_key64); format 3 wrote them as
// numbers, which readers that keep numbers as doubles round. Files of format 3 are still read (replay,
// merge, gen-data --from); a run continues only a file of its own format.
constexpr int kFormat = 4;
constexpr int kOldestRead = 3;

// Everything that must match for a resume to continue the same run; the game count is not in it, so
// a resume may extend a run.
json config_json(const Tournament& t) {
  json players = json::array(), weights = json::object();
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    players.push_back(t.players[i].text);
    // A spec names its weights file, whose contents may change between runs: the weights themselves
    // are part of the configuration.
    if (!t.players[i].weights_file.empty() && t.players[i].weights)
      weights[std::to_string(i)] = weights_record(*t.players[i].weights);
    if (const auto& p = t.players[i].placement; p && !p->weights_file.empty() && p->weights)
      weights[std::to_string(i) + ".placement"] = weights_record(*p->weights);
  }
  json h{{"type", "header"},
         {"format", kFormat},
         {"rules", t.rules.to_string()},
         {"players", players},
         {"schedule", std::string(to_string(t.schedule.kind()))},
         {"seed", json_key64(t.seed)},
         {"opening_turns", t.opening_turns}};
  if (!weights.empty()) h["weights"] = weights;
  if (json e = evaluations_json(t.players, t.rules); !e.empty()) h["evaluations"] = e;
  if (t.adjudication.any()) h["adjudication"] = t.adjudication.text();
  if (t.openings.used()) h["openings"] = openings_json(t.openings);
  return h;
}

}  // namespace

json openings_json(const OpeningSuite& s) {
  return {{"count", s.count}, {"order", std::string(to_string(s.order))}, {"hash", json_key64(s.hash)}};
}

std::string schedule_mismatch(const Tournament& t, const GameRecord& g) {
  const ScheduledGame want = t.schedule.game(g.index, t.seed, t.rules.first_placer);
  if (g.seed != want.seed)
    return "game " + std::to_string(g.index) + " has seed " + std::to_string(g.seed) + ", but this run's game " +
           std::to_string(g.index) + " has seed " + std::to_string(want.seed);
  if (g.player[White] != want.player[White] || g.player[Black] != want.player[Black])
    return "game " + std::to_string(g.index) + " has players w=" + std::to_string(g.player[White]) +
           " b=" + std::to_string(g.player[Black]) + ", the schedule has w=" + std::to_string(want.player[White]) +
           " b=" + std::to_string(want.player[Black]);
  if (g.first_placer != t.rules.first_placer)
    return "game " + std::to_string(g.index) + " was placed first by " + colour_text(g.first_placer) +
           ", the rules say " + colour_text(t.rules.first_placer);
  return "";
}

namespace {

// Why header h was not written for t's shard `shard`, naming the first key that differs, or empty. Read
// back, the players' evaluations are what the file says they were; a run that continues the file must
// evaluate as it did (warning: that the file records none, when it does not).
std::string header_mismatch(const json& h, const Tournament& t, const Shard& shard, HeaderUse use,
                            std::string& warning) {
  if (!json_field_is(h, "format", kFormat)) {
    if (const auto old =
            json_whole(h.is_object() && h.contains("format") ? h["format"] : json(), kOldestRead, kFormat - 1);
        old.ok())
      return "the results file is of format " + std::to_string(old.value) + ", written by an older seega: it is read " +
             "(replay, merge, gen-data --from) but only a file of format " + std::to_string(kFormat) +
             " is continued; use another --out file";
    return "the results file's header is not of format " + std::to_string(kFormat) +
           " (written by another version of seega); use another --out file";
  }
  if (auto why = shard_mismatch(h, shard); !why.empty())
    return "results file was made with " + why + "; use another --out file";
  const json want = config_json(t);
  // Weights and evaluations are reported below, with the player's name.
  if (const auto key = first_key_differing(want, h, KeysCompared::First,
                                           [](const std::string& k) { return k == "weights" || k == "evaluations"; });
      !key.empty())
    return "results file was made with " + key_value_text(h, key) + ", this run has " + key_value_text(want, key) +
           "; use another --out file";
  // A key only the file has: a suite the file's run played and this one does not name.
  if (h.is_object() && h.contains("openings") && !want.contains("openings"))
    return "results file was made with " + key_value_text(h, "openings") + " (an opening suite, --openings " +
           h.value("openings_file", std::string("?")) + "), this run has none; use another --out file";
  const json none = json::object();
  const json& had = h.contains("weights") ? h["weights"] : none;
  const json& has = want.contains("weights") ? want["weights"] : none;
  if (use == HeaderUse::Continue && had != has) {
    // The value at key of an object, or null (a file's "weights" may be anything).
    auto at = [](const json& o, const std::string& key) { return o.is_object() && o.contains(key) ? o[key] : json(); };
    for (std::size_t i = 0; i < t.players.size(); ++i) {
      const std::string k = std::to_string(i), kp = k + ".placement";
      if (at(had, k) != at(has, k) || at(had, kp) != at(has, kp))
        return "results file was made with other weights for player '" + t.players[i].text +
               "' (its weights file has changed since); use another --out file";
    }
    return "results file was made with other weights than this run's; use another --out file";
  }
  if (use == HeaderUse::Continue) {
    const json evaluations = want.contains("evaluations") ? want["evaluations"] : json::object();
    if (auto why = evaluation_mismatch(h, evaluations, players_named(t.players), warning); !why.empty())
      return "results file: " + why;
  }
  return "";
}

}  // namespace

json engines_json(const std::vector<PlayerSpec>& players) {
  json engines = json::object();
  for (std::size_t i = 0; i < players.size(); ++i)
    if (const auto& hs = players[i].handshake)
      engines[std::to_string(i)] = {{"command", players[i].engine_cmd}, {"name", hs->name},   {"author", hs->author},
                                    {"protocol", hs->protocol},         {"rules", hs->rules}, {"sizes", hs->sizes}};
  return engines;
}

std::string results_header(const Tournament& t, std::string_view version, const Shard& shard) {
  json h = config_json(t);
  if (json engines = engines_json(t.players); !engines.empty()) h["engines"] = engines;
  if (t.openings.used()) h["openings_file"] = t.openings.file;
  add_shard_key(h, shard);
  add_build_keys(h, version);
  // Without a version, the text ranks compare to agree on a run: no origin, as their clocks differ.
  if (!version.empty()) add_origin_key(h);
  return h.dump();
}

namespace {

// The JSON of record_line.
json record_json(const Tournament& t, const GameRecord& g) {
  const Pairing& p = t.schedule.pairing(t.schedule.pairing_of(g.index));
  const Color a = g.colour_of(p.a);
  json line = game_json(g);
  line["a"] = colour_text(a);
  line["winner"] = g.outcome.draw() ? "draw" : g.outcome.winner == a ? "a" : "b";
  return line;
}

}  // namespace

std::string record_line(const Tournament& t, const GameRecord& g) { return record_json(t, g).dump(); }

namespace {

// The lines of a results file read into records; check_header and check_game (when given) say what is
// wrong with the header or with a game line and its record, or return empty.
using HeaderCheck = std::function<std::string(const json& header)>;
Parsed<ResultsFile> read_games(std::string_view text, const HeaderCheck& check_header,
                               const GameLineCheck& check_game) {
  using P = Parsed<ResultsFile>;
  auto split = split_jsonl(text, "results file");
  if (!split.ok()) return P::fail(split.error);
  if (check_header)
    if (auto why = check_header(split.value.header); !why.empty()) return P::fail(why);
  ResultsFile out;
  out.header = std::move(split.value.header);
  out.dropped_last_line = split.value.dropped_last_line;
  out.valid_bytes = split.value.valid_bytes;
  auto games = read_game_lines(split.value, "results file", check_game);
  if (!games.ok()) return P::fail(games.error);
  out.games = std::move(games.value);
  return P{std::move(out), {}};
}

}  // namespace

Parsed<std::vector<GameRecord>> read_game_lines(const JsonlText& split, std::string_view name,
                                                const GameLineCheck& check) {
  using P = Parsed<std::vector<GameRecord>>;
  std::vector<GameRecord> games;
  std::set<long long> seen;
  for (std::size_t k = 0; k < split.lines.size(); ++k) {
    const std::string where = std::string(name) + " line " + std::to_string(split.line_numbers[k]) + ": ";
    auto g = parse_game(split.lines[k]);
    if (!g.ok()) return P::fail(where + g.error);
    if (!seen.insert(g.value.index).second)
      return P::fail(where + "game " + std::to_string(g.value.index) + " appears twice");
    if (check)
      if (auto why = check(split.lines[k], g.value); !why.empty()) return P::fail(where + why);
    games.push_back(std::move(g.value));
  }
  return P{std::move(games), {}};
}

Parsed<ResultsFile> read_results(std::string_view text) { return read_games(text, nullptr, nullptr); }

namespace {

// Why game line `line`, read as record g, is not one tournament t writes (ResultsCheck) in shard, or empty.
std::string game_line_mismatch(const Tournament& t, const json& line, const GameRecord& g, ResultsCheck check,
                               const Shard& shard) {
  const int players = static_cast<int>(t.players.size());
  const std::string game = "game " + std::to_string(g.index);
  if (g.player[White] < 0 || g.player[White] >= players || g.player[Black] < 0 || g.player[Black] >= players)
    return game + " names a player outside 0.." + std::to_string(players - 1);
  if (!shard.holds(g.index))
    return game + " is not one of shard " + shard.to_string() + "'s (the file was not written by this run)";
  if (auto why = schedule_mismatch(t, g); !why.empty()) return why + " (the file was not written by this run)";
  if (auto why = record_inconsistency(t.rules, g); !why.empty()) return game + ": " + why;
  // Every field this program derives (the pairing's "a" and "winner") and nothing more.
  const json written = record_json(t, g);
  if (auto key = first_key_differing(line, written, KeysCompared::Both); !key.empty())
    return game + "'s " + key + " is " + (line.contains(key) ? line[key].dump() : "missing") +
           ", but its record gives " + (written.contains(key) ? written[key].dump() : "no such field");
  if (check == ResultsCheck::Replay)
    return with_size(t.rules.size, [&]<int N>() -> std::string {
      auto replayed = replay<N>(t.rules, g);
      return replayed.ok() ? "" : replayed.error;
    });
  return "";
}

}  // namespace

Parsed<ResultsFile> read_results(const Tournament& t, std::string_view text, ResultsCheck check, const Shard& shard,
                                 HeaderUse use) {
  std::string warning;
  auto file = read_games(
      text, [&](const json& h) { return header_mismatch(h, t, shard, use, warning); },
      [&](const json& line, const GameRecord& g) { return game_line_mismatch(t, line, g, check, shard); });
  if (file.ok()) file.value.header_warning = warning;
  return file;
}

Parsed<GameRecord> read_record_line(const Tournament& t, std::string_view text) {
  using P = Parsed<GameRecord>;
  const json line = json::parse(text, nullptr, false);
  if (line.is_discarded() || !line.is_object()) return P::fail("not a JSON object");
  auto g = parse_game(line);
  if (!g.ok()) return g;
  if (auto why = game_line_mismatch(t, line, g.value, ResultsCheck::Fields, Shard{}); !why.empty()) return P::fail(why);
  return g;
}

namespace {

// The fields of a header that name its tournament, each checked (header_tournament).
struct HeaderInfo {
  std::string rules;
  std::vector<std::string> players;
  std::string schedule;
  std::uint64_t seed = 0;
  int opening_turns = 0;
  OpeningSuite openings;  // its identity only: no openings
};

Parsed<HeaderInfo> header_info(const json& h) {
  using P = Parsed<HeaderInfo>;
  JsonFields f(h);
  HeaderInfo info;
  const int format = f.whole("format", 1, 1000);
  if (f.ok() && (format < kOldestRead || format > kFormat))
    return P::fail("line 1 (the header): format " + std::to_string(format) + " is not one this seega reads (" +
                   std::to_string(kOldestRead) + " to " + std::to_string(kFormat) + ")");
  info.rules = f.text("rules");
  info.players = f.texts("players");
  info.schedule = f.text("schedule");
  info.seed = f.key64("seed");
  info.opening_turns = f.whole("opening_turns", 0, 1000);
  if (f.has("openings")) {
    JsonFields s = f.object("openings");
    info.openings.count = s.whole("count", 1LL);
    info.openings.hash = s.key64("hash");
    const std::string order = s.text("order");
    if (f.ok()) {
      auto o = parse_opening_order(order);
      if (!o.ok()) f.fail("openings", o.error);
      info.openings.order = o.value;
    }
    if (f.has("openings_file")) info.openings.file = f.text("openings_file");
  }
  if (!f.ok()) return P::fail("line 1 (the header): " + f.error());
  return P{std::move(info), {}};
}

}  // namespace

Parsed<Tournament> header_tournament(const json& header) {
  using P = Parsed<Tournament>;
  auto info = header_info(header);
  if (!info.ok()) return P::fail(info.error);
  auto rules = parse_rules(info.value.rules);
  if (!rules.ok()) return P::fail("line 1 (the header): rules: " + rules.error);
  auto kind = parse_schedule_kind(info.value.schedule);
  if (!kind.ok()) return P::fail("line 1 (the header): schedule: " + kind.error);
  const int players = static_cast<int>(info.value.players.size());
  if (auto why = Schedule::invalid(kind.value, players, 2); !why.empty()) return P::fail("line 1 (the header): " + why);
  Tournament t{
      rules.value.rules, {}, Schedule(kind.value, players, 2), info.value.seed, info.value.opening_turns, {}, {}};
  for (const auto& text : info.value.players) {
    PlayerSpec& p = t.players.emplace_back();
    p.text = text;
    // The name an engine's spec gives it, for whatever names the player (the header keeps the spec).
    if (auto parsed = parse_player(text); parsed.ok()) p.engine_name = parsed.value.engine_name;
  }
  t.openings = std::move(info.value.openings);
  if (header.contains("adjudication")) {
    const auto& a = header["adjudication"];
    auto rule = parse_adjudication(a.is_string() ? a.get<std::string>() : "");
    if (!rule.ok()) return P::fail("line 1 (the header): adjudication: " + rule.error);
    t.adjudication = rule.value;
  }
  return P{std::move(t), {}};
}

Parsed<ResultsWriter> open_results(const std::string& path, const Tournament& t, bool resume, std::string_view version,
                                   ResultsCheck check, const Shard& shard) {
  using P = Parsed<ResultsWriter::Held>;
  const auto read = [&](const std::string& text) -> P {
    auto file = read_results(t, text, check, shard);
    if (!file.ok()) return P::fail(file.error);
    if (auto why = items_past_run(file.value.games, t.schedule.games(), "game"); !why.empty()) return P::fail(why);
    return P{
        {std::move(file.value.games), file.value.valid_bytes, file.value.header_warning, file.value.dropped_last_line},
        {}};
  };
  return ResultsWriter::open(path, results_header(t, version, shard), resume, "game", read,
                             [t](const GameRecord& g) { return record_line(t, g); });
}

}  // namespace seega
