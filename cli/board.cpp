#include "board.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "rules/notation.hpp"

namespace seega::cli {

namespace {

bool has(const std::vector<int>& squares, int sq) {
  return std::find(squares.begin(), squares.end(), sq) != squares.end();
}

// ANSI select-graphic-rendition codes (ECMA-48).
constexpr const char* kReset = "\x1b[0m";
constexpr const char* kWhiteStone = "\x1b[1;33m";  // bold yellow; the letters tell the sides apart anyway
constexpr const char* kBlackStone = "\x1b[1;36m";  // bold cyan
constexpr const char* kInverse = "\x1b[7m";
constexpr const char* kCaptured = "\x1b[1;31m";
constexpr const char* kDim = "\x1b[2m";

}  // namespace

std::string board_diagram(const Rules& rules, const std::string& fen) { return board_diagram(rules, fen, {}); }

std::string board_diagram(const Rules& rules, const std::string& fen, const BoardMarks& marks) {
  return with_size(rules.size, [&]<int N>() {
    auto pos = parse_position<N>(rules, fen);
    if (!pos.ok()) return "(" + pos.error + ")\n";
    const auto& p = pos.value;
    std::string out;
    for (int rank = N - 1; rank >= 0; --rank) {
      out += fmt::format("{:>3} ", rank + 1);
      for (int file = 0; file < N; ++file) {
        const int sq = rank * N + file;
        const bool w = (p.stones(White) >> sq) & 1, b = (p.stones(Black) >> sq) & 1;
        const bool moved = has(marks.moved, sq), taken = !w && !b && has(marks.captured, sq);
        char c = w ? 'w' : b ? 'b' : taken ? 'x' : sq == rules.centre() ? '+' : '.';
        if (moved && (w || b)) c = w ? 'W' : 'B';
        std::string style;
        if (marks.colour) {
          if (w) style += kWhiteStone;
          if (b) style += kBlackStone;
          if (taken) style += kCaptured;
          if (c == '+' || c == '.') style += kDim;
          if (moved) style += kInverse;
        }
        out += ' ';
        out += style.empty() ? std::string(1, c) : style + c + kReset;
      }
      out += '\n';
    }
    out += "    ";
    for (int file = 0; file < N; ++file) out += fmt::format(" {}", char('a' + file));
    return out + '\n';
  });
}

std::string ending_text(const Rules& r, const Outcome& o) {
  switch (o.reason) {
    case EndReason::AllCaptured: return "every stone of one side captured";
    case EndReason::Barrier: return "a barrier, stones counted";
    case EndReason::QuietLimit: return fmt::format("{} plies without a capture, stones counted", r.quiet_plies);
    case EndReason::PlyLimit: return fmt::format("the movement phase reached {} plies, stones counted", r.max_plies);
    case EndReason::HemmedIn: return "the side to move was walled in";
    case EndReason::EngineCrashed: return "the loser's engine exited or could not play (engine_crashed)";
    case EndReason::TimeForfeit: return "the loser ran out of time (time_forfeit)";
    case EndReason::IllegalMove: return "the loser's engine answered with an illegal move or no move (illegal_move)";
    case EndReason::Adjudicated: return "adjudicated on the scores both sides reported";
    case EndReason::None: break;
  }
  return "not over";
}

std::string winner_text(const Outcome& o, const std::string names[2]) {
  if (o.draw()) return "a draw";
  const Color c = Color(o.winner);
  const std::string& name = names[static_cast<int>(c)];
  return name.empty() ? fmt::format("{} wins", color_char(c)) : fmt::format("{} ({}) wins", color_char(c), name);
}

}  // namespace seega::cli
