#include "runs/format/run_differences.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "engine/fnv.hpp"
#include "runs/format/evaluations.hpp"

namespace seega {

namespace {

using json = nlohmann::json;

// The value at key of an object, or null.
json at(const json& o, const std::string& key) { return o.is_object() && o.contains(key) ? o[key] : json(); }

std::string words(const json& v) {
  if (v.is_null()) return "none";
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

bool is_run_sim(const json& h) { return at(h, "kind") == "run-sim"; }

// The player's index in a key of a header's players ("3" and "3.placement" are 3), or none for a key that
// is no index (a hand-edited or damaged file's).
std::optional<long long> index_of(const std::string& k) {
  const std::string index = k.substr(0, k.find('.'));
  long long i = 0;
  const auto [end, ec] = std::from_chars(index.data(), index.data() + index.size(), i);
  if (ec != std::errc() || end != index.data() + index.size() || i < 0) return std::nullopt;
  return i;
}

// Who the player at index k of a header's players is ("0", "1", "3.placement"): A and B of a match, the
// player and level K of a run-sim, player K+1 of a ladder; a key that is no index, as written.
std::string role(const json& h, const std::string& k) {
  const auto i = index_of(k);
  if (!i) return "player '" + k + "'";
  const auto dot = k.find('.');
  const std::string suffix = dot == std::string::npos ? "" : "'s placement player";
  if (is_run_sim(h)) return (*i == 0 ? "the player" : "level " + std::to_string(*i)) + suffix;
  const json players = at(h, "players");
  if (players.is_array() && players.size() == 2 && *i < 2) return (*i == 0 ? "A" : "B") + suffix;
  return "player " + std::to_string(*i + 1) + suffix;
}

// The spec of the player at index k ("" when the header does not say).
std::string spec_of(const json& h, const std::string& k) {
  const auto index = index_of(k);
  if (!index) return "";
  const long long i = *index;
  if (is_run_sim(h)) {
    if (i == 0) return words(at(h, "player"));
    const json table = at(h, "level_table");
    if (table.is_array() && i <= static_cast<long long>(table.size())) return words(table[i - 1]);
    return "the built-in level " + std::to_string(i) + " (" + words(at(h, "levels")) + ")";
  }
  const json players = at(h, "players");
  return players.is_array() && i < static_cast<long long>(players.size()) ? words(players[i]) : "";
}

// The keys of two objects, players' indices in the order of their numbers ("2" before "10", "0" before
// "0.placement").
std::vector<std::string> index_keys(const json& a, const json& b) {
  std::set<std::string> keys;
  for (const json* o : {&a, &b})
    if (o->is_object())
      for (const auto& [k, v] : o->items()) keys.insert(k);
  std::vector<std::string> out(keys.begin(), keys.end());
  std::sort(out.begin(), out.end(), [](const std::string& x, const std::string& y) {
    const auto nx = index_of(x), ny = index_of(y);  // keys that are no index last
    if (nx.has_value() != ny.has_value()) return nx.has_value();
    return nx && *nx != *ny ? *nx < *ny : x < y;
  });
  return out;
}

// "preset" and its overrides of a canonical rules string ("standard(quiet_plies=40)").
std::pair<std::string, std::map<std::string, std::string>> rule_parts(const std::string& text) {
  const auto open = text.find('(');
  std::map<std::string, std::string> keys;
  if (open == std::string::npos) return {text, keys};
  const std::string body = text.substr(open + 1, text.size() - open - 2);
  std::size_t start = 0;
  while (start < body.size()) {
    const auto comma = body.find(',', start);
    const std::string item = body.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto eq = item.find('=');
    keys[item.substr(0, eq)] = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return {text.substr(0, open), keys};
}

// The rules: another preset as a whole, the same preset key by key.
void rules_differences(const json& a, const json& b, std::vector<SettingDifference>& out) {
  const std::string ra = words(at(a, "rules")), rb = words(at(b, "rules"));
  const auto [preset_a, keys_a] = rule_parts(ra);
  const auto [preset_b, keys_b] = rule_parts(rb);
  if (preset_a != preset_b) {
    out.push_back({"rules", ra, rb});
    return;
  }
  std::set<std::string> all;
  for (const auto* keys : {&keys_a, &keys_b})
    for (const auto& [k, v] : *keys) all.insert(k);
  auto value = [](const std::map<std::string, std::string>& m, const std::string& k) {
    const auto it = m.find(k);
    return it == m.end() ? std::string("the preset's") : it->second;
  };
  for (const auto& k : all)
    if (value(keys_a, k) != value(keys_b, k)) out.push_back({"rules " + k, value(keys_a, k), value(keys_b, k)});
}

// The players by role: a match's A and B, a run-sim's player, a ladder's players one by one.
void player_differences(const json& a, const json& b, std::vector<SettingDifference>& out) {
  if (at(a, "player") != at(b, "player")) out.push_back({"the player", words(at(a, "player")), words(at(b, "player"))});
  const json pa = at(a, "players"), pb = at(b, "players");
  if (pa == pb) return;
  if (!pa.is_array() || !pb.is_array() || pa.size() != pb.size()) {
    out.push_back({"the players", words(pa), words(pb)});
    return;
  }
  for (std::size_t i = 0; i < pa.size(); ++i)
    if (pa[i] != pb[i]) out.push_back({role(a, std::to_string(i)), words(pa[i]), words(pb[i])});
}

// A run-sim's levels: the makers' built-in ones or a table, and a table's levels one by one.
void level_differences(const json& a, const json& b, std::vector<SettingDifference>& out) {
  const auto levels = [](const json& h) {
    const json table = at(h, "level_table");
    if (table.is_array()) return "a table of " + std::to_string(table.size()) + " levels";
    return "the makers' built-in levels (" + words(at(h, "levels")) + ")";
  };
  const json ta = at(a, "level_table"), tb = at(b, "level_table");
  if (at(a, "levels") != at(b, "levels") || ta.is_array() != tb.is_array()) {
    out.push_back({"the levels", levels(a), levels(b)});
  } else if (ta != tb) {
    for (std::size_t k = 0; k < std::max(ta.size(), tb.size()); ++k) {
      const json x = k < ta.size() ? ta[k] : json(), y = k < tb.size() ? tb[k] : json();
      if (x != y) out.push_back({"level " + std::to_string(k + 1), words(x), words(y)});
    }
  }
  if (at(a, "max_level") != at(b, "max_level"))
    out.push_back({"the last level", words(at(a, "max_level")), words(at(b, "max_level"))});
}

// The evaluation each player played with (evaluations.hpp): a change of built-in weights shows here
// though the specs are the same. Where a player's specs differ, a difference of evaluation that the specs
// make (another weights file, a player that evaluates nothing) is that difference, not another: only the
// same weights' source with other values (built-in weights changed between builds, a weights file
// edited) is named then.
void evaluation_differences(const json& a, const json& b, std::vector<SettingDifference>& out) {
  const json ea = at(a, "evaluations"), eb = at(b, "evaluations");
  if (ea == eb) return;
  const auto of = [](const json& e, const json& header, const std::string& k) {
    if (!header.contains("evaluations")) return std::string("not recorded (an older seega's file)");
    return evaluation_text(at(e, k));
  };
  for (const std::string& k : index_keys(ea, eb)) {
    if (of(ea, a, k) == of(eb, b, k)) continue;
    const bool same_spec = spec_of(a, k) == spec_of(b, k);
    const json xa = at(ea, k), xb = at(eb, k);
    const bool same_source = xa.is_object() && xb.is_object() && at(xa, "name") == at(xb, "name");
    if (same_spec || same_source) out.push_back({role(a, k) + "'s evaluation", of(ea, a, k), of(eb, b, k)});
  }
}

// The weights a weights= file gave a player, kept in the header: named by a hash of their text.
void weights_differences(const json& a, const json& b, std::vector<SettingDifference>& out) {
  const json wa = at(a, "weights"), wb = at(b, "weights");
  if (wa == wb) return;
  const auto text = [](const json& w) {
    if (w.is_null()) return std::string("none");
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx",
                  static_cast<unsigned long long>(fnv1a(kFnvStart, w.is_string() ? w.get<std::string>() : w.dump())));
    return "weights " + std::string(hash);
  };
  for (const std::string& k : index_keys(wa, wb))
    if (at(wa, k) != at(wb, k)) out.push_back({role(a, k) + "'s weights (weights=)", text(at(wa, k)), text(at(wb, k))});
}

// An engine's own words of itself (its handshake), by role.
void engine_differences(const json& a, const json& b, std::vector<SettingDifference>& out) {
  const json ea = at(a, "engines"), eb = at(b, "engines");
  if (ea == eb) return;
  const auto text = [](const json& e) {
    if (e.is_null()) return std::string("none");
    return words(at(e, "name")) + " by " + words(at(e, "author")) + ", protocol " + words(at(e, "protocol"));
  };
  for (const std::string& k : index_keys(ea, eb))
    if (at(ea, k) != at(eb, k)) out.push_back({role(a, k) + "'s engine", text(at(ea, k)), text(at(eb, k))});
}

// An opening suite by what makes it: its openings (their hash), their count and order; the file it came
// from is named beside it.
std::string suite_text(const json& h) {
  const json s = at(h, "openings");
  if (s.is_null()) return "none (" + words(at(h, "opening_turns")) + " random opening turns)";
  std::string text =
      words(at(s, "count")) + " openings in " + words(at(s, "order")) + " order, hash " + words(at(s, "hash"));
  if (h.contains("openings_file")) text += " (from " + words(at(h, "openings_file")) + ")";
  return text;
}

// Keys that say what the file is, not how its run played, and those handled above or as sampling.
const std::set<std::string>& keys_handled() {
  static const std::set<std::string> keys = {"type",          "format",  "origin",  "kind",        "rules",
                                             "player",        "players", "levels",  "level_table", "max_level",
                                             "evaluations",   "weights", "engines", "openings",    "openings_file",
                                             "opening_turns", "seed",    "shard",   "build",       "version"};
  return keys;
}

}  // namespace

RunDifferences run_differences(const json& a, const json& b) {
  RunDifferences d;
  std::vector<SettingDifference>& s = d.settings;
  if (at(a, "kind") != at(b, "kind"))
    s.push_back({"the kind of run", words(at(a, "kind")) == "none" ? "a tournament" : words(at(a, "kind")),
                 words(at(b, "kind")) == "none" ? "a tournament" : words(at(b, "kind"))});
  rules_differences(a, b, s);
  player_differences(a, b, s);
  level_differences(a, b, s);
  if (at(a, "openings") != at(b, "openings") || at(a, "opening_turns") != at(b, "opening_turns"))
    s.push_back(at(a, "openings").is_null() && at(b, "openings").is_null()
                    ? SettingDifference{"opening turns", words(at(a, "opening_turns")), words(at(b, "opening_turns"))}
                    : SettingDifference{"the opening suite", suite_text(a), suite_text(b)});
  // Every other key of either header, by its name: adjudication, the schedule, and whatever a later
  // seega adds.
  std::set<std::string> others;
  for (const json* h : {&a, &b})
    if (h->is_object())
      for (const auto& [k, v] : h->items())
        if (!keys_handled().contains(k)) others.insert(k);
  for (const auto& k : others)
    if (at(a, k) != at(b, k)) s.push_back({k, words(at(a, k)), words(at(b, k))});
  weights_differences(a, b, s);
  evaluation_differences(a, b, s);
  engine_differences(a, b, s);
  if (at(a, "build") != at(b, "build") || at(a, "version") != at(b, "version"))
    s.push_back({"the build", words(at(a, "version")) + " " + words(at(a, "build")),
                 words(at(b, "version")) + " " + words(at(b, "build"))});
  if (at(a, "seed") != at(b, "seed")) d.sampling.push_back({"seed", words(at(a, "seed")), words(at(b, "seed"))});
  if (at(a, "shard") != at(b, "shard")) d.sampling.push_back({"shard", words(at(a, "shard")), words(at(b, "shard"))});
  return d;
}

}  // namespace seega
