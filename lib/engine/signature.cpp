#include "engine/signature.hpp"

#include <cassert>

#include "engine/search.hpp"
#include "rules/notation.hpp"

namespace seega {

const std::vector<BenchPosition>& bench_positions() {
  // Taken from a random game of each ruleset (seega match --a random --b random --seed 77, then
  // seega replay --fen-only): the position with four stones in hand each, and the one after ten
  // movement plies; on 9x9 diagonal, where the capture search on a crowded board still explodes
  // (the hardening issue), a later one. Depths keep the whole list to a few seconds in Release.
  static const std::vector<BenchPosition> list = {
      {"standard", "bbw1w/bw3/1w1wb/wbbw1/1wb1b w 4/4 0 0", 6},
      {"standard", "bbwbw/bw1wb/b1bb1/ww2b/1w1wb b 0/0 4 10", 11},
      {"diagonal", "bbw1w/bw3/1w1wb/wbbw1/1wb1b w 4/4 0 0", 6},
      {"diagonal", "bbwbw/bb1bw/1wb2/2wbb/ww3 b 0/0 0 10", 8},
      {"chain", "bbw1w/bw3/1w1wb/wbbw1/1wb1b w 4/4 0 0", 6},
      {"chain", "bbw1w/bb2w/2bb1/w3b/w1wwb b 0/0 2 10", 10},
      {"standard(size=7)", "wbww1bw/bbbw1bb/3wwbb/bbw1wb1/bwwbbw1/w1bwbww/wbwwbwb w 4/4 0 0", 4},
      {"standard(size=7)", "wbwwwbw/bbb1wbb/bb1b1bb/bb3bw/bwwb1ww/w1wwbww/wb1wbwb b 0/0 2 10", 9},
      {"diagonal(size=7)", "wbww1bw/bbbw1bb/3wwbb/bbw1wb1/bwwbbw1/w1bwbww/wbwwbwb w 4/4 0 0", 3},
      {"diagonal(size=7)", "wbwwwbw/bbb1bbb/bb1w2b/b2b2w/b1bb1ww/wbb1bw1/wbwwbwb b 0/0 0 10", 5},
      {"chain(size=7)", "wbww1bw/bbbw1bb/3wwbb/bbw1wb1/bwwbbw1/w1bwbww/wbwwbwb w 4/4 0 0", 4},
      {"chain(size=7)", "wbw1wbw/b1b1b1b/bb1w1bb/bb2b1w/b1b1bww/wbb2ww/wbwwbwb b 0/0 1 10", 8},
      {"standard(size=9)",
       "2bwwwbbw/wbwwbbbbw/bbbbbb1bb/wbbwbbw2/1wwb1wwwb/b1wwwwwbb/bwwwbbwbw/bbw1wbbww/wwbbwwwbw w 4/4 0 0", 3},
      {"standard(size=9)",
       "bbbwwwbbw/wbwwbbbbw/bbbbbbwbb/wbbw2wwb/wwwwwbwwb/bb1w1bb1b/bwwwbb1bw/bbwwwbbww/wwbbwwwbw b 0/0 1 10", 7},
      {"diagonal(size=9)",
       "2bwwwbbw/wbwwbbbbw/bbbbbb1bb/wbbwbbw2/1wwb1wwwb/b1wwwwwbb/bwwwbbwbw/bbw1wbbww/wwbbwwwbw w 4/4 0 0", 3},
      {"diagonal(size=9)", "1bb2wb2/w1bbbb1w1/2bb2w1w/2b1b1bw1/1w4b2/4wbb2/bwwww1w2/bwwbbwwwb/ww4ww1 w 0/0 16 159", 4},
      {"chain(size=9)",
       "2bwwwbbw/wbwwbbbbw/bbbbbb1bb/wbbwbbw2/1wwb1wwwb/b1wwwwwbb/bwwwbbwbw/bbw1wbbww/wwbbwwwbw w 4/4 0 0", 3},
      {"chain(size=9)",
       "bbbwwwbbw/wbwwbbbbw/bbb1bbwbb/wbbwb1wwb/www2bwwb/bbw1w1bbb/bwww3bw/bbww1w1ww/wwbbwwwbw b 0/0 0 10", 6},
  };
  return list;
}

BenchReport run_bench(int depth) {
  BenchReport report;
  for (const BenchPosition& b : bench_positions()) {
    auto rules = parse_rules(b.rules);
    assert(rules.ok());
    const Rules r = rules.value.rules;
    BenchLine line = with_size(r.size, [&]<int N>() {
      auto pos = parse_position<N>(r, b.fen);
      assert(pos.ok());
      Searcher<N> searcher;
      SearchLimits limits;
      limits.depth = depth > 0 ? depth : b.depth;
      const SearchResult<N> res = searcher.search(pos.value, limits);
      return BenchLine{std::string(b.rules), std::string(b.fen), to_string(pos.value, res.best),
                       limits.depth,         res.nodes,          res.positions,
                       res.seconds};
    });
    report.nodes += line.nodes;
    report.positions += line.positions;
    report.seconds += line.seconds;
    report.lines.push_back(std::move(line));
  }
  return report;
}

}  // namespace seega
