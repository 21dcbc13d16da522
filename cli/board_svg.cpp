#include "board_svg.hpp"

#include <fmt/core.h>

#include <utility>

#include "common.hpp"
#include "rules/notation.hpp"
#include "runs/io/atomic_write.hpp"

namespace seega::cli {

namespace {

constexpr int kCell = 48;    // a square's side, in SVG units
constexpr int kMargin = 28;  // room for the labels left and below, and a border above and right

}  // namespace

std::string board_svg(const Rules& rules, const std::string& fen, const BoardMarks& marks) {
  return with_size(rules.size, [&]<int N>() -> std::string {
    auto parsed = parse_position<N>(rules, fen);
    if (!parsed.ok()) throw UsageError(parsed.error);
    const auto& p = parsed.value;
    const int side = 2 * kMargin + N * kCell;
    // The top-left corner of square (file, rank), rank 0 at the bottom.
    auto x0 = [](int file) { return kMargin + file * kCell; };
    auto y0 = [](int rank) { return kMargin + (N - 1 - rank) * kCell; };
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{0}\" viewBox=\"0 0 {0} {0}\" "
        "font-family=\"sans-serif\" font-size=\"14\">\n<title>{1}</title>\n"
        "<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{0}\" fill=\"#ffffff\"/>\n",
        side, to_string(p));
    for (int rank = 0; rank < N; ++rank)
      for (int file = 0; file < N; ++file) {
        const int sq = rank * N + file;
        const bool centre = sq == rules.centre();
        out += fmt::format(
            "<rect class=\"square{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#5b4a2e\"/>\n",
            centre ? " centre" : "", x0(file), y0(rank), kCell, kCell, centre ? "#c9a66b" : "#ead7ae");
      }
    for (int i = 0; i < N; ++i) {
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", x0(i) + kCell / 2,
                         kMargin + N * kCell + 18, char('a' + i));
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", kMargin / 2,
                         y0(i) + kCell / 2 + 5, i + 1);
    }
    const int c = rules.centre(), cx = x0(c % N) + kCell / 2, cy = y0(c / N) + kCell / 2, d = kCell / 5;
    if (!((p.stones(White) >> c) & 1) && !((p.stones(Black) >> c) & 1))
      out += fmt::format("<polygon class=\"centre-mark\" points=\"{},{} {},{} {},{} {},{}\" fill=\"#5b4a2e\"/>\n", cx,
                         cy - d, cx + d, cy, cx, cy + d, cx - d, cy);
    for (int sq : marks.moved) {
      if (sq < 0 || sq >= N * N) continue;
      out += fmt::format(
          "<rect class=\"moved\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f2d94e\" fill-opacity=\"0.6\" "
          "stroke=\"#d4a017\" stroke-width=\"3\"/>\n",
          x0(sq % N) + 2, y0(sq / N) + 2, kCell - 4, kCell - 4);
    }
    for (int sq = 0; sq < N * N; ++sq) {
      const bool w = (p.stones(White) >> sq) & 1, b = (p.stones(Black) >> sq) & 1;
      if (!w && !b) continue;
      out += fmt::format(
          "<circle class=\"stone {}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#000000\" "
          "stroke-width=\"1.5\"/>\n",
          w ? 'w' : 'b', x0(sq % N) + kCell / 2, y0(sq / N) + kCell / 2, kCell * 2 / 5, w ? "#fafafa" : "#202020");
    }
    for (int sq : marks.captured) {
      if (sq < 0 || sq >= N * N) continue;
      const int x = x0(sq % N), y = y0(sq / N), e = kCell / 4;
      for (auto [a, b2] : {std::pair{e, e}, std::pair{e, kCell - e}})
        out += fmt::format(
            "<line class=\"captured\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#c0392b\" "
            "stroke-width=\"4\"/>\n",
            x + a, y + b2, x + kCell - a, y + kCell - b2);
    }
    return out + "</svg>\n";
  });
}

std::vector<int> move_squares(const std::string& move, int n) {
  std::vector<int> squares;
  std::size_t start = 0;
  while (start <= move.size()) {
    const auto end = move.find_first_of("+-", start);
    const int sq = parse_square(std::string_view(move).substr(start, end - start), n);
    if (sq >= 0) squares.push_back(sq);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return squares;
}

void write_svg(const std::string& option, const std::string& path, const std::string& svg) {
  if (auto problem = output_file_problem(option, path); !problem.empty()) throw UsageError(problem);
  if (auto error = write_files_atomically({{path, svg}}); !error.empty()) throw UsageError(option + " " + error);
}

}  // namespace seega::cli
