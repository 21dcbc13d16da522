#pragma once
// Small vocabulary types shared by the whole library.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace seega {

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }
constexpr char color_char(Color c) { return c == White ? 'w' : 'b'; }

// Why a game ended. None while it goes on. The rules end a game for the first five; the last four end it
// outside the rules, in a tournament: a player that exits or stops answering (engine_crashed), runs out of
// time (time_forfeit) or answers with a move that is not legal or not a move (illegal_move) loses, and
// adjudication may end a game both sides' scores agree on (adjudicated).
enum class EndReason : std::uint8_t {
  None,
  AllCaptured,
  Barrier,
  QuietLimit,
  PlyLimit,
  HemmedIn,
  EngineCrashed,
  TimeForfeit,
  IllegalMove,
  Adjudicated
};
// Whether a game ending for r ended outside the rules (a forfeit or an adjudication).
constexpr bool outside_rules(EndReason r) { return r >= EndReason::EngineCrashed; }
std::string_view to_string(EndReason r);

// The result of a position: over or not, and if over who won (or a draw) and why.
struct Outcome {
  EndReason reason = EndReason::None;
  std::int8_t winner = -1;  // 0 = w, 1 = b, -1 = draw (when over)

  constexpr bool over() const { return reason != EndReason::None; }
  constexpr bool draw() const { return over() && winner < 0; }
  // seed 003: a grand victory captures every enemy stone; any other win is a small victory.
  constexpr bool grand_victory() const { return reason == EndReason::AllCaptured; }
  static constexpr Outcome ongoing() { return {}; }
  static constexpr Outcome win(Color c, EndReason r) { return {r, static_cast<std::int8_t>(c)}; }
  static constexpr Outcome on_count(int w, int b, EndReason r) {
    return {r, static_cast<std::int8_t>(w > b ? 0 : b > w ? 1 : -1)};
  }
  friend constexpr bool operator==(Outcome, Outcome) = default;
};
// "none", or "<w|b|draw> <reason>" e.g. "b all_captured".
std::string to_string(Outcome o);

// What a parser returns: a value, or a message saying what was wrong and what is allowed.
// The core never throws; the CLI turns an error into one line and exit code 2.
template <typename T>
struct Parsed {
  T value{};
  std::string error;

  bool ok() const { return error.empty(); }
  static Parsed fail(std::string message) { return Parsed{T{}, std::move(message)}; }
};

}  // namespace seega
