// seega bench: the bench signature, a node count over fixed positions and the speed it was found at.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cstdint>

#include "common.hpp"
#include "engine/signature.hpp"
#include "job.hpp"

namespace seega::cli {

namespace {

// With --expect N: 0 when the signature is N, else 1 with a line on stderr that names both.
int signature_checked(const po::variables_map& vm, std::uint64_t expect, std::uint64_t nodes) {
  if (!vm.count("expect") || nodes == expect) return 0;
  fmt::print(stderr,
             "seega bench: the signature is {}, not the expected {}: the search visits other nodes than it did "
             "(if that is on purpose, say why and put {} in tests/data/bench_signature.txt)\n",
             nodes, expect, nodes);
  return 1;
}

}  // namespace

int command_bench(const std::vector<std::string>& args, const Job&) {
  int depth = 0;
  bool json = false;
  std::uint64_t expect = 0;
  po::options_description opts("bench options");
  opts.add_options()("depth", po::value(&depth)->default_value(0),
                     "search every position to this depth (0: each position's own, the signature's)")(
      "json", po::bool_switch(&json), "print the result as one JSON object")(
      "expect", po::value(&expect),
      "exit 1 unless the signature (the node count) is N, e.g. the one in tests/data/bench_signature.txt");
  po::variables_map vm;
  if (!parse_options(args, opts, vm, "usage: seega bench [--depth D] [--json] [--expect N]")) return 0;
  if (depth < 0 || depth > 30) throw UsageError(fmt::format("--depth {}: allowed 0 (the signature's) to 30", depth));
  if (vm.count("expect") && depth != 0)
    throw UsageError(fmt::format("--expect checks the signature, which is counted at --depth 0, not {}", depth));
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
    return signature_checked(vm, expect, r.nodes);
  }
  for (const auto& l : r.lines)
    fmt::print("{:<18} depth {:>2}  {:>10} nodes  {:>7.3f} s  best {:<8} {}\n", l.rules, l.depth, l.nodes, l.seconds,
               l.best, l.fen);
  fmt::print("\nBench: {}\nnodes {} (search calls), positions {}, {:.2f} s, {:.0f} positions/s (one thread)\n", r.nodes,
             r.nodes, r.positions, r.seconds, nps);
  return signature_checked(vm, expect, r.nodes);
}

}  // namespace seega::cli
