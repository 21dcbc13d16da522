// The fuzz checks of the rules layer's parsers (position, move, rules), with what every check shares:
// these link seega::rules alone, as the rules' own fuzz binaries do (tests/fuzz/CMakeLists.txt).
#include <cstdio>
#include <cstdlib>

#include "checks.hpp"
#include "rules/notation.hpp"
#include "rules/rules.hpp"
#include "rules/spec.hpp"

namespace seega::fuzz {

namespace {

std::string input_name;
std::string_view current_target;
std::string_view current_input;

}  // namespace

[[noreturn]] void finding(const std::string& what) {
  constexpr std::size_t kShown = 2000;
  std::fprintf(stderr, "fuzz target %.*s: %s\n  input%s%s: %s%s\n", int(current_target.size()), current_target.data(),
               what.c_str(), input_name.empty() ? "" : " ", input_name.c_str(),
               quote(current_input.substr(0, kShown)).c_str(), current_input.size() > kShown ? "..." : "");
  std::abort();
}

std::pair<std::string_view, std::string_view> first_line(std::string_view text) {
  const auto nl = text.find('\n');
  if (nl == std::string_view::npos) return {text, {}};
  return {text.substr(0, nl), text.substr(nl + 1)};
}

namespace {

// --- position: "<rows> <side> <hands> <quiet> <movement>" under each preset at its board size -------

template <int N>
void check_position_under(const Rules& rules, std::string_view text) {
  auto p = parse_position<N>(rules, text);
  if (!p.ok()) return;
  const std::string printed = to_string(p.value);
  auto back = parse_position<N>(rules, printed);
  if (!back.ok()) finding("the printed position " + quote(printed) + " does not parse: " + back.error);
  if (back.value != p.value) finding("the printed position " + quote(printed) + " parses to another position");
  if (to_string(back.value) != printed) finding("the position prints two ways");
  MoveList<N> moves;
  legal_moves(p.value, moves);
  (void)p.value.outcome();
}

void check_position(std::string_view input) {
  const int n = position_size(input);
  if (!valid_size(n)) return;
  for (Rules rules : {standard_rules(), diagonal_rules(), chain_rules()}) {
    rules.size = n;
    with_size(n, [&]<int N>() { check_position_under<N>(rules, input); });
  }
}

// --- move: "<rules>\n<position>\n<move>" ------------------------------------------------------------

template <int N>
void check_move_in(const Rules& rules, std::string_view fen, std::string_view text) {
  auto pos = parse_position<N>(rules, fen);
  if (!pos.ok()) return;
  auto m = parse_move(pos.value, text);
  if (!m.ok()) return;
  const std::string printed = to_string(pos.value, m.value);
  auto back = parse_move(pos.value, printed);
  if (!back.ok()) finding("the printed move " + quote(printed) + " does not parse: " + back.error);
  if (back.value != m.value) finding("the printed move " + quote(printed) + " parses to another move");
  // What a move leads to is a position the notation reads back.
  Position<N> after = pos.value;
  after.play(m.value);
  const std::string next = to_string(after);
  auto again = parse_position<N>(rules, next);
  if (!again.ok())
    finding("the position after " + quote(printed) + ", " + quote(next) + ", does not parse: " + again.error);
  if (again.value != after) finding("the position after " + quote(printed) + " parses to another position");
}

void check_move(std::string_view input) {
  // Not structured bindings: clang 14 cannot capture them in the lambda below.
  const auto lines = first_line(input);
  const auto rest = first_line(lines.second);
  const std::string_view fen = rest.first, move = rest.second;
  auto spec = parse_rules(lines.first);
  if (!spec.ok()) return;
  // As the CLI does: the position's rows choose the size unless the rules named one.
  Rules rules = spec.value.rules;
  const int n = position_size(fen);
  if (!valid_size(n) || (spec.value.size_given && n != rules.size)) return;
  rules.size = n;
  with_size(n, [&]<int N>() { check_move_in<N>(rules, fen, move); });
}

// --- rules: "preset(key=value,...)" ------------------------------------------------------------------

void check_rules(std::string_view input) {
  auto spec = parse_rules(input);
  if (!spec.ok()) return;
  const std::string printed = spec.value.rules.to_string();
  auto back = parse_rules(printed);
  if (!back.ok()) finding("the canonical form " + quote(printed) + " does not parse: " + back.error);
  if (back.value.rules != spec.value.rules) finding("the canonical form " + quote(printed) + " parses to other rules");
  if (back.value.rules.to_string() != printed) finding("the rules print two ways");
}

}  // namespace

const std::vector<Target>& rules_targets() {
  static const std::vector<Target> all{{"position", check_position}, {"move", check_move}, {"rules", check_rules}};
  return all;
}

const Target& find_target(const std::vector<Target>& list, std::string_view name) {
  for (const auto& t : list)
    if (t.name == name) return t;
  std::fprintf(stderr, "no fuzz target %.*s\n", int(name.size()), name.data());
  std::abort();
}

void set_input_name(std::string name) { input_name = std::move(name); }

void run_check(const Target& target, std::string_view input) {
  current_target = target.name;
  current_input = input;
  target.check(input);
}

}  // namespace seega::fuzz
