#include "board.hpp"

#include <fmt/core.h>

#include "notation.hpp"

namespace seega::cli {

std::string board_diagram(const Rules& rules, const std::string& fen) {
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
        out += fmt::format(" {}", w ? 'w' : b ? 'b' : sq == rules.centre() ? '+' : '.');
      }
      out += '\n';
    }
    out += "    ";
    for (int file = 0; file < N; ++file) out += fmt::format(" {}", char('a' + file));
    return out + '\n';
  });
}

}  // namespace seega::cli
