// seega bench: the bench signature, a node count over fixed positions and the speed it was found at.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "common.hpp"
#include "engine/signature.hpp"

namespace seega::cli {

int run_bench(const std::vector<std::string>& args) {
  int depth = 0;
  bool json = false;
  po::options_description opts("bench options");
  opts.add_options()("depth", po::value(&depth)->default_value(0),
                     "search every position to this depth (0: each position's own, the signature's)")(
      "json", po::bool_switch(&json), "print the result as one JSON object");
  po::variables_map vm;
  if (!parse_options(args, opts, vm, "usage: seega bench [--depth D] [--json]")) return 0;
  if (depth < 0 || depth > 30) throw UsageError(fmt::format("--depth {}: allowed 0 (the signature's) to 30", depth));
  const BenchReport r = seega::run_bench(depth);
  const double nps = r.seconds > 0 ? static_cast<double>(r.positions) / r.seconds : 0;
  if (json) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : r.lines)
      lines.push_back({{"rules", l.rules},
                       {"fen", l.fen},
                       {"depth", l.depth},
                       {"best", l.best},
                       {"nodes", l.nodes},
                       {"positions", l.positions},
                       {"seconds", l.seconds}});
    print_json({{"nodes", r.nodes},
                {"positions", r.positions},
                {"seconds", r.seconds},
                {"positions_per_second", nps},
                {"lines", lines}});
    return 0;
  }
  for (const auto& l : r.lines)
    fmt::print("{:<18} depth {:>2}  {:>10} nodes  {:>7.3f} s  best {:<8} {}\n", l.rules, l.depth, l.nodes, l.seconds,
               l.best, l.fen);
  fmt::print("\nBench: {}\nnodes {} (search calls), positions {}, {:.2f} s, {:.0f} positions/s (one thread)\n", r.nodes,
             r.nodes, r.positions, r.seconds, nps);
  return 0;
}

}  // namespace seega::cli
