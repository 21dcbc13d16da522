#include "engine/openings.hpp"

#include "engine/fnv.hpp"

#include <set>

#include "engine/player.hpp"
#include "engine/search.hpp"
#include "rules/notation.hpp"
#include "rules/random.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
    if (end > at) words.push_back(line.substr(at, end - at));
    at = end;
  }
  return words;
}

// The colour that placed first in a placement position: the side to move holds as many stones in hand
// as the other when it did, two more when the other did (docs/rules.md, Placement).
template <int N>
Color first_placer_of(const Position<N>& pos) {
  return pos.in_hand(pos.side()) == pos.in_hand(~pos.side()) ? pos.side() : ~pos.side();
}

// One line's opening, checked under rules, in canonical notation; an error says why (without the line).
template <int N>
Parsed<Opening> parse_line(const Rules& rules, const std::vector<std::string_view>& words) {
  using P = Parsed<Opening>;
  Opening o;
  Position<N> pos(rules);
  std::size_t first_move = 0;
  if (words[0].find('/') != std::string_view::npos) {
    constexpr std::size_t kFields = 5;  // rows, side, hands, quiet plies, movement plies
    std::string text;
    for (std::size_t k = 0; k < kFields && k < words.size(); ++k) text += (k ? " " : "") + std::string(words[k]);
    if (const int rows = position_size(words[0]); rows != N)
      return P::fail("the position " + quote(text) + " has " + std::to_string(rows) + " rows; the rules' board is " +
                     std::to_string(N) + "x" + std::to_string(N));
    auto parsed = parse_position<N>(rules, text);
    if (!parsed.ok()) return P::fail("the position " + quote(text) + ": " + parsed.error);
    pos = parsed.value;
    if (pos.placing() && first_placer_of(pos) != rules.first_placer)
      return P::fail("the position " + quote(text) + " has " + color_char(first_placer_of(pos)) +
                     " placing first; the rules' first placer is " + color_char(rules.first_placer));
    o.position = to_string(pos);
    first_move = kFields;
    if (words.size() > kFields) {
      if (words[kFields] != "moves")
        return P::fail("after the position, " + quote(words[kFields]) + ": expected 'moves' and the moves");
      if (words.size() == kFields + 1) return P::fail("'moves' with no move after it");
      first_move = kFields + 1;
    }
  }
  if (count_legal_moves(pos) == 0)
    return P::fail("the game is over in the position (" + to_string(pos.outcome()) + ")");
  for (std::size_t k = first_move; k < words.size(); ++k) {
    const std::string name = "move " + std::to_string(k - first_move + 1) + " " + quote(words[k]) + ": ";
    if (count_legal_moves(pos) == 0)
      return P::fail(name + "the game is over before it (" + to_string(pos.outcome()) + ")");
    auto m = parse_move(pos, words[k]);
    if (!m.ok()) {
      const std::string opening = "move '" + std::string(words[k]) + "': ";
      return P::fail(name + (m.error.starts_with(opening) ? m.error.substr(opening.size()) : m.error));
    }
    o.moves.push_back(to_string(pos, m.value));
    pos.play(m.value);
  }
  if (count_legal_moves(pos) == 0) return P::fail("the opening ends the game (" + to_string(pos.outcome()) + ")");
  return P{std::move(o), {}};
}

}  // namespace

std::string opening_line(const Opening& o) {
  std::string line = o.position;
  if (!o.position.empty() && !o.moves.empty()) line += " moves";
  for (const auto& m : o.moves) line += (line.empty() ? "" : " ") + m;
  return line;
}

Parsed<std::vector<Opening>> parse_openings(const Rules& rules, std::string_view text) {
  using P = Parsed<std::vector<Opening>>;
  std::vector<Opening> out;
  int number = 0;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto words = words_of(line);
    if (words.empty() || words[0].front() == '#') continue;
    auto o = with_size(rules.size, [&]<int N>() { return parse_line<N>(rules, words); });
    if (!o.ok()) return P::fail("line " + std::to_string(number) + ": " + o.error);
    out.push_back(std::move(o.value));
  }
  if (out.empty()) return P::fail("no opening in it (only blank lines and '#' comments)");
  return P{std::move(out), {}};
}

std::uint64_t openings_hash(const std::vector<Opening>& openings) {
  std::uint64_t h = kFnvStart;
  for (const auto& o : openings) h = fnv1a(h, opening_line(o) + "\n");
  return h;
}

std::string_view to_string(OpeningOrder order) { return order == OpeningOrder::Random ? "random" : "sequential"; }

Parsed<OpeningOrder> parse_opening_order(std::string_view text) {
  if (text == "sequential") return {OpeningOrder::Sequential, {}};
  if (text == "random") return {OpeningOrder::Random, {}};
  return Parsed<OpeningOrder>::fail("unknown order " + quote(text) + "; allowed: sequential, random");
}

OpeningSuite OpeningSuite::of(std::vector<Opening> openings, OpeningOrder order, std::string file) {
  OpeningSuite s;
  s.count = static_cast<long long>(openings.size());
  s.hash = openings_hash(openings);
  s.openings = std::move(openings);
  s.order = order;
  s.file = std::move(file);
  return s;
}

namespace {

// Random placement turns from the empty board: the opening and the position it reaches.
template <int N>
Opening random_placement(const Rules& rules, int turns, Rng& rng, Position<N>& pos) {
  Opening o;
  pos = Position<N>(rules);
  for (int t = 0; t < turns && pos.placing(); ++t) {
    const Move<N> m = random_move(pos, rng);
    o.moves.push_back(to_string(pos, m));
    pos.play(m);
  }
  return o;
}

}  // namespace

Parsed<std::vector<Opening>> random_openings(const Rules& rules, long long count, std::uint64_t seed, int turns) {
  using P = Parsed<std::vector<Opening>>;
  if (turns < 1 || turns > rules.stones_per_side())
    return P::fail("turns " + std::to_string(turns) + ": allowed 1 to " + std::to_string(rules.stones_per_side()) +
                   " (placement has " + std::to_string(rules.stones_per_side()) + " turns)");
  return with_size(rules.size, [&]<int N>() {
    Rng rng(seed);
    std::vector<Opening> out;
    std::set<std::vector<std::string>> seen;
    // Repeats grow common only as the count nears the number of distinct openings; past this many tries
    // the suite asked for is most likely larger than that number.
    const long long tries = 100 * count + 10'000;
    Position<N> pos;
    for (long long k = 0; k < tries && static_cast<long long>(out.size()) < count; ++k) {
      Opening o = random_placement(rules, turns, rng, pos);
      if (count_legal_moves(pos) == 0 || !seen.insert(o.moves).second) continue;
      out.push_back(std::move(o));
    }
    if (static_cast<long long>(out.size()) < count)
      return P::fail("found only " + std::to_string(out.size()) + " distinct openings of " + std::to_string(turns) +
                     (turns == 1 ? " turn" : " turns") + " in " + std::to_string(tries) + " tries, not " +
                     std::to_string(count) + ": ask for fewer, or more turns");
    return P{std::move(out), {}};
  });
}

Parsed<std::vector<Opening>> balanced_openings(const Rules& rules, long long count, std::uint64_t seed, int depth,
                                               int margin, long long max_tries, const OpeningsProgress& progress,
                                               const std::atomic<bool>* stop) {
  using P = Parsed<std::vector<Opening>>;
  return with_size(rules.size, [&]<int N>() {
    Rng rng(seed);
    Searcher<N> searcher;
    std::vector<Opening> out;
    std::set<std::vector<std::string>> seen;
    SearchLimits limits;
    limits.depth = depth;
    Position<N> pos;
    long long k = 0;
    for (; k < max_tries && static_cast<long long>(out.size()) < count; ++k) {
      if (stop && stop->load(std::memory_order_relaxed)) return P{std::move(out), {}};
      if (progress && k % 16 == 0) progress(static_cast<long long>(out.size()), k);
      Opening o = random_placement(rules, rules.stones_per_side(), rng, pos);
      if (count_legal_moves(pos) == 0 || seen.count(o.moves)) continue;
      // Each search on its own, so a suite does not depend on the order its positions were searched in.
      searcher.clear();
      const SearchResult<N> r = searcher.search(pos, limits);
      if (r.score < -margin || r.score > margin) continue;
      seen.insert(o.moves);
      out.push_back(std::move(o));
    }
    if (progress) progress(static_cast<long long>(out.size()), k);
    if (static_cast<long long>(out.size()) < count)
      return P::fail("found only " + std::to_string(out.size()) + " of " + std::to_string(count) +
                     " placements within " + std::to_string(margin) + " hundredths of level at depth " +
                     std::to_string(depth) + " in " + std::to_string(max_tries) + " tries: widen the margin");
    return P{std::move(out), {}};
  });
}

}  // namespace seega
