// seega perft: leaf counts from a position, with per-move divide and a JSON summary line.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <chrono>

#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "common.hpp"
#include "job.hpp"
#include "rules/notation.hpp"
#include "rules/perft.hpp"

namespace seega::cli {

int command_perft(const std::vector<std::string>& args, const Job&) {
  std::string rules_text, fen;
  int depth = 0;
  bool divide = false, json = false;
  po::options_description opts("perft options");
  add_rules_option(opts, rules_text);
  opts.add_options()("fen", po::value(&fen), "position (default: the start position of the rules)")(
      "depth", po::value(&depth)->required(), "depth in moves (placement turn, step, chain turn or pass)")(
      "divide", po::bool_switch(&divide), "print each root move with its count")(
      "json", po::bool_switch(&json), "print JSON lines; the last is {depth,nodes,seconds,nps}");
  // Ctrl-C ends perft at once, with one line on stderr and exit status 130: a part of a count means
  // nothing, so none is printed; with --divide the root moves already printed are whole counts. (Set
  // here, not left to the default action, which a script's background job inherits as "ignore".)
  std::signal(SIGINT, [](int) {
    constexpr char message[] = "seega: interrupted: perft stopped before its count was done\n";
    [[maybe_unused]] auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
    std::_Exit(130);
  });
  po::variables_map vm;
  if (!parse_options(args, opts, vm, "usage: seega perft [--rules R] [--fen F] --depth D [--divide] [--json]"))
    return 0;
  if (depth < 0 || depth > 40) throw UsageError(fmt::format("--depth {}: allowed 0 to 40", depth));
  const Rules rules = load_rules(rules_text, fen);

  return with_size(rules.size, [&]<int N>() {
    const Position<N> pos = load_position<N>(rules, fen);
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (divide) {
      // Each root move is printed (and flushed) as its count is done, so the lines before a Ctrl-C are
      // whole counts.
      perft_divide(pos, depth, [&](const std::string& move, std::uint64_t count) {
        nodes += count;
        if (json) fmt::print("{}\n", nlohmann::json{{"move", move}, {"nodes", count}}.dump());
        else fmt::print("{}: {}\n", move, count);
        std::fflush(stdout);
      });
      if (depth == 0) nodes = 1;
    } else {
      nodes = perft(pos, depth);
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double nps = seconds > 0 ? nodes / seconds : 0;
    if (json) {
      print_json({{"depth", depth}, {"nodes", nodes}, {"seconds", seconds}, {"nps", nps}});
    } else {
      fmt::print("depth {} nodes {} time {:.3f} s ({:.0f} nodes/s)\n", depth, nodes, seconds, nps);
    }
    return 0;
  });
}

}  // namespace seega::cli
