#include "engine/protocol.hpp"

#include <algorithm>
#include <limits>

#include "rules/bitboard.hpp"
#include "rules/rules.hpp"
#include "rules/spec.hpp"

namespace seega {

std::pair<std::string_view, std::string_view> first_word(std::string_view line) {
  line = trim(line);
  const auto end = line.find_first_of(" \t");
  if (end == std::string_view::npos) return {line, {}};
  return {line.substr(0, end), trim(line.substr(end))};
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  while (true) {
    auto [word, rest] = first_word(text);
    if (word.empty()) return out;
    out.push_back(word);
    text = rest;
  }
}

namespace {

template <typename T>
std::optional<T> whole_after(const std::vector<std::string_view>& w, std::size_t& i, T lo, T hi) {
  if (i + 1 >= w.size()) return std::nullopt;
  return parse_whole<T>(w[++i], lo, hi);
}

std::string number(long long v) { return std::to_string(v); }

// " word m1 m2 ..." for a list that runs to the end of a line (an info's pv, a position's moves); "" for none.
std::string listed(std::string_view word, const std::vector<std::string>& items) {
  if (items.empty()) return "";
  std::string s = " " + std::string(word);
  for (const auto& m : items) s += " " + m;
  return s;
}

}  // namespace

std::string go_line(const GoLimits& l) {
  std::string s = "go";
  if (l.depth) s += " depth " + number(l.depth);
  if (l.nodes) s += " nodes " + std::to_string(l.nodes);
  if (l.movetime_ms) s += " movetime " + number(l.movetime_ms);
  for (Color c : {White, Black})
    if (l.clocked(c)) s += std::string(" ") + color_char(c) + "time " + number(l.time_left_ms[c]);
  for (Color c : {White, Black})
    if (l.clocked(c) || l.inc_ms[c]) s += std::string(" ") + color_char(c) + "inc " + number(l.inc_ms[c]);
  return s;
}

Parsed<GoLimits> parse_go(std::string_view line) {
  using P = Parsed<GoLimits>;
  const auto w = words(line);
  if (w.empty() || w[0] != "go") return P::fail("not a go command");
  GoLimits l;
  constexpr long long kMaxMs = 1'000'000'000'000LL;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string_view key = w[i];
    bool ok = true;
    if (key == "depth") {
      auto v = whole_after(w, i, 1, 1000);
      ok = v.has_value();
      l.depth = v.value_or(0);
    } else if (key == "nodes") {
      auto v = whole_after(w, i, std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max());
      ok = v.has_value();
      l.nodes = v.value_or(0);
    } else if (key == "movetime") {
      auto v = whole_after(w, i, 1LL, kMaxMs);
      ok = v.has_value();
      l.movetime_ms = v.value_or(0);
    } else if (key == "wtime" || key == "btime" || key == "winc" || key == "binc") {
      const Color c = key[0] == 'w' ? White : Black;
      // A clock may be overdrawn (within the margin): it is sent as it is and read as 0.
      auto v = whole_after(w, i, key[1] == 't' ? -kMaxMs : 0LL, kMaxMs);
      ok = v.has_value();
      if (ok && key[1] == 't') l.time_left_ms[c] = std::max(*v, 0LL);
      else if (ok) l.inc_ms[c] = *v;
    } else {
      return P::fail("go: unknown word " + quote(key) + " (allowed: depth, nodes, movetime, wtime, btime, winc, binc)");
    }
    if (!ok) return P::fail("go: " + std::string(key) + " needs a whole number in range");
  }
  return {l, {}};
}

std::string info_line(const EngineInfo& info) {
  std::string s = "info";
  if (info.depth) s += " depth " + number(*info.depth);
  if (info.score_cp) s += " score cp " + number(*info.score_cp);
  else if (info.win_in) s += " score win " + number(*info.win_in);
  else if (info.loss_in) s += " score loss " + number(*info.loss_in);
  if (info.nodes) s += " nodes " + std::to_string(*info.nodes);
  if (info.time_ms) s += " time " + number(*info.time_ms);
  s += listed("pv", info.pv);
  return info.text.empty() ? s : s + " string " + info.text;
}

Parsed<EngineInfo> parse_info(std::string_view line) {
  using P = Parsed<EngineInfo>;
  const auto w = words(line);
  if (w.empty() || w[0] != "info") return P::fail("not an info line");
  EngineInfo info;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string_view key = w[i];
    if (key == "string") {
      // The text runs to the end of the line as sent, its spaces kept.
      const auto at = line.find(" string ");
      info.text = at == std::string_view::npos ? "" : std::string(trim(line.substr(at + 8)));
      break;
    }
    if (key == "pv") {
      for (++i; i < w.size() && w[i] != "string"; ++i) info.pv.emplace_back(w[i]);
      --i;  // the word that ended the pv, if any, is read next
      continue;
    }
    if (key == "depth") {
      info.depth = whole_after(w, i, 0, 10000);
      if (!info.depth) return P::fail("info: depth needs a whole number from 0 to 10000");
    } else if (key == "nodes") {
      info.nodes = whole_after(w, i, std::uint64_t{0}, std::numeric_limits<std::uint64_t>::max());
      if (!info.nodes) return P::fail("info: nodes needs a whole number");
    } else if (key == "time") {
      info.time_ms = whole_after(w, i, 0LL, std::numeric_limits<long long>::max());
      if (!info.time_ms) return P::fail("info: time needs a whole number of ms");
    } else if (key == "score") {
      if (i + 2 >= w.size()) return P::fail("info: score needs a kind (cp, win, loss) and a number");
      const std::string_view kind = w[++i];
      constexpr int kLimit = 100'000'000;
      auto v = parse_whole<int>(w[++i], kind == "cp" ? -kLimit : 0, kLimit);
      if (!v) return P::fail("info: score " + std::string(kind) + " needs a whole number");
      info.score_cp = info.win_in = info.loss_in = std::nullopt;  // the last score given is the score
      if (kind == "cp") info.score_cp = v;
      else if (kind == "win") info.win_in = v;
      else if (kind == "loss") info.loss_in = v;
      else return P::fail("info: score " + quote(kind) + " (allowed: cp, win, loss)");
    } else {
      return P::fail("info: unknown word " + quote(key) + " (allowed: depth, score, nodes, time, pv)");
    }
  }
  return {info, {}};
}

std::string position_line(const PositionCommand& p) {
  return (p.fen.empty() ? "position startpos" : "position fen " + p.fen) + listed("moves", p.moves);
}

Parsed<PositionCommand> parse_position_command(std::string_view line) {
  using P = Parsed<PositionCommand>;
  const auto w = words(line);
  if (w.size() < 2 || w[0] != "position") return P::fail("position needs startpos or fen");
  PositionCommand p;
  std::size_t i = 2;
  if (w[1] == "fen") {
    // Five words: rows, side, hands, quiet plies, movement plies (docs/rules.md, "Position notation").
    for (; i < w.size() && i < 7 && w[i] != "moves"; ++i) p.fen += (p.fen.empty() ? "" : " ") + std::string(w[i]);
    if (i < 7)
      return P::fail("position fen needs a position of five words (rows, side, hands, quiet plies, movement plies)");
  } else if (w[1] != "startpos") {
    return P::fail("position " + quote(w[1]) + " (allowed: startpos, fen)");
  }
  if (i < w.size()) {
    if (w[i] != "moves") return P::fail("position: " + quote(w[i]) + " where moves or the end was expected");
    for (++i; i < w.size(); ++i) p.moves.emplace_back(w[i]);
  }
  return {p, {}};
}

Rules spoken_rules(const Rules& rules) {
  // The keys a spelling needs: the commas of "preset(k=v,...)" plus one, or none.
  const auto keys = [](const Rules& r) {
    const std::string s = r.to_string();
    return s.find('(') == std::string::npos ? 0 : 1 + std::count(s.begin(), s.end(), ',');
  };
  Rules best = rules;
  for (const auto& name : preset_names()) {
    Rules as = rules;
    as.preset = name;
    if (keys(as) < keys(best)) best = as;  // a tie keeps the spelling given
  }
  return best;
}

std::string Handshake::refusal(const Rules& spelled) const {
  const Rules r = spoken_rules(spelled);
  const bool any = std::find(rules.begin(), rules.end(), "any") != rules.end();
  if (!any && std::find(rules.begin(), rules.end(), r.preset) == rules.end())
    return "it plays the rules " + joined(rules) + ", not " + r.preset;
  if (std::find(sizes.begin(), sizes.end(), r.size) == sizes.end()) {
    std::vector<std::string> s;
    for (int n : sizes) s.push_back(std::to_string(n));
    return "it plays the sizes " + joined(s) + ", not " + std::to_string(r.size);
  }
  return "";
}

std::vector<std::string> handshake_lines(const Handshake& h) {
  std::string rules = "rules", sizes = "sizes";
  for (const auto& r : h.rules) rules += " " + r;
  for (int n : h.sizes) sizes += " " + std::to_string(n);
  return {
      "id name " + h.name, "id author " + h.author, "protocol " + std::to_string(h.protocol), rules, sizes, "seegaok"};
}

Parsed<bool> read_handshake_line(Handshake& h, std::string_view line) {
  using P = Parsed<bool>;
  auto [word, rest] = first_word(line);
  if (word == "seegaok") {
    if (h.protocol == 0) return P::fail("seegaok before a protocol line");
    if (h.rules.empty()) return P::fail("seegaok before a rules line");
    if (h.sizes.empty()) return P::fail("seegaok before a sizes line");
    return {true, {}};
  }
  if (word == "id") {
    auto [what, text] = first_word(rest);
    if (what == "name") h.name = std::string(text);
    else if (what == "author") h.author = std::string(text);
    return {false, {}};  // other id lines are the engine's own business
  }
  if (word == "protocol") {
    auto v = parse_whole<int>(rest, 1, 1000);
    if (!v) return P::fail("protocol " + quote(rest) + ": expected a version number");
    if (*v != kProtocolVersion)
      return P::fail("protocol " + std::to_string(*v) + ": this seega speaks version " +
                     std::to_string(kProtocolVersion));
    h.protocol = *v;
    return {false, {}};
  }
  if (word == "rules") {
    h.rules.clear();
    for (auto r : words(rest)) h.rules.emplace_back(r);
    if (h.rules.empty()) return P::fail("rules names no ruleset");
    return {false, {}};
  }
  if (word == "sizes") {
    h.sizes.clear();
    for (auto s : words(rest)) {
      auto n = parse_whole<int>(s, 5, 9);
      if (!n || !valid_size(*n)) return P::fail("sizes: " + quote(s) + " is not a board size (5, 7, 9)");
      h.sizes.push_back(*n);
    }
    if (h.sizes.empty()) return P::fail("sizes names no size");
    return {false, {}};
  }
  if (word == "option" || word == "error" || word == "info") return {false, {}};
  return P::fail(quote(line) + " is not a line of the handshake (id, protocol, rules, sizes, option, seegaok)");
}

}  // namespace seega
