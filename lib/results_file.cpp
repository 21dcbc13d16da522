#include "results_file.hpp"

#include <nlohmann/json.hpp>

#include <set>

namespace seega {

using nlohmann::json;

namespace {

json header_json(const MatchConfig& c) {
  json h{{"type", "header"}, {"rules", c.rules.to_string()}, {"a", c.a.text}, {"b", c.b.text},
         {"seed", c.seed},   {"opening_turns", c.opening_turns}};
  // A spec names its weights file, whose contents may change between runs: the weights themselves are
  // part of the configuration.
  if (!c.a.weights_file.empty()) h["a_weights"] = c.a.weights.to_text();
  if (!c.b.weights_file.empty()) h["b_weights"] = c.b.weights.to_text();
  return h;
}

std::string result_text(const Outcome& o) {
  return o.draw() ? "draw" : std::string(1, color_char(Color(o.winner)));
}

Parsed<GameResult> parse_game(const json& j) {
  using P = Parsed<GameResult>;
  GameResult g;
  try {
    if (j.at("type") != "game") return P::fail("not a game line");
    g.index = j.at("index").get<long long>();
    g.seed = j.at("seed").get<std::uint64_t>();
    g.a_is_white = j.at("a").get<std::string>() == "w";
    const std::string result = j.at("result").get<std::string>(), reason = j.at("end_reason").get<std::string>();
    g.outcome.winner = static_cast<std::int8_t>(result == "w" ? 0 : result == "b" ? 1 : -1);
    if (result != "w" && result != "b" && result != "draw") return P::fail("bad result '" + result + "'");
    bool known = false;
    for (auto r : {EndReason::AllCaptured, EndReason::Barrier, EndReason::QuietLimit, EndReason::PlyLimit,
                   EndReason::HemmedIn})
      if (to_string(r) == reason) g.outcome.reason = r, known = true;
    if (!known) return P::fail("bad end_reason '" + reason + "'");
    g.stones[0] = j.at("stones").at("w").get<int>();
    g.stones[1] = j.at("stones").at("b").get<int>();
    g.movement_plies = j.at("movement_plies").get<int>();
    g.passes = j.at("passes").get<int>();
    g.captures = j.at("captures").get<int>();
    g.moves = j.at("moves").get<std::vector<std::string>>();
    if (g.index < 0) return P::fail("negative index");
  } catch (const json::exception& e) {
    return P::fail(std::string("missing or malformed field (") + e.what() + ")");
  }
  return P{std::move(g), {}};
}

}  // namespace

std::string results_header(const MatchConfig& config, std::string_view version) {
  json h = header_json(config);
  h["version"] = std::string(version);
  return h.dump();
}

std::string result_line(const MatchConfig&, const GameResult& g) {
  const int a = g.a_result();
  return json{{"type", "game"},
              {"index", g.index},
              {"seed", g.seed},
              {"a", g.a_is_white ? "w" : "b"},
              {"first_placer", "w"},
              {"result", result_text(g.outcome)},
              {"winner", a > 0 ? "a" : a < 0 ? "b" : "draw"},
              {"end_reason", std::string(to_string(g.outcome.reason))},
              {"stones", {{"w", g.stones[0]}, {"b", g.stones[1]}}},
              {"movement_plies", g.movement_plies},
              {"passes", g.passes},
              {"captures", g.captures},
              {"moves", g.moves}}
      .dump();
}

Parsed<ResultsFile> read_results(const MatchConfig& config, std::string_view text) {
  using P = Parsed<ResultsFile>;
  ResultsFile out;
  std::vector<std::string_view> lines;
  std::vector<std::size_t> ends;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(pos, (nl == std::string_view::npos ? text.size() : nl) - pos));
    ends.push_back(end);
    pos = end;
  }
  std::set<long long> seen;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool last = i + 1 == lines.size();
    const std::string where = "results file line " + std::to_string(i + 1) + ": ";
    json j = json::parse(lines[i], nullptr, false);
    // An interrupted write leaves a broken or unterminated last line: report it and carry on.
    if (last && (j.is_discarded() || (ends[i] == text.size() && text.back() != '\n')) && i > 0) {
      out.dropped_last_line = true;
      break;
    }
    if (j.is_discarded() || !j.is_object()) return P::fail(where + "not a JSON object");
    if (i == 0) {
      json want = header_json(config);
      if (j.value("type", "") != "header") return P::fail(where + "the first line is not a results header");
      for (const auto& [key, value] : want.items()) {
        if (j.contains(key) && j[key] == value) continue;
        if (key.ends_with("_weights"))
          return P::fail("results file was made with other weights for player " + key.substr(0, 1) +
                         " (its weights file has changed since); use another --out file");
        return P::fail("results file was made with " + key + "=" + (j.contains(key) ? j[key].dump() : "nothing") +
                       ", this run has " + key + "=" + value.dump() + "; use another --out file");
      }
      // Weights recorded in the file but not named by this run's specs: the specs differ, reported above.
      out.valid_bytes = ends[i];
      continue;
    }
    auto g = parse_game(j);
    if (!g.ok()) return P::fail(where + g.error);
    if (!seen.insert(g.value.index).second)
      return P::fail(where + "game " + std::to_string(g.value.index) + " appears twice");
    out.games.push_back(std::move(g.value));
    out.valid_bytes = ends[i];
  }
  if (lines.empty()) return P::fail("results file is empty: no header line");
  return P{std::move(out), {}};
}

}  // namespace seega
