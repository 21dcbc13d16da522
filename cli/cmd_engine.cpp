// seega engine: one of our players speaking the engine protocol (docs/protocol.md) on standard input and
// output, for other people's tournament tools, and for our own controller's tests.
#include <fmt/core.h>

#include <iostream>

#include "common.hpp"
#include "engine/engine_server.hpp"
#include "engine/player.hpp"
#include "job.hpp"
#include "rules/spec.hpp"

namespace seega::cli {

int command_engine(const std::vector<std::string>& args, const Job&) {
  std::string player_text;
  po::options_description opts("engine options");
  opts.add_options()("player", po::value(&player_text)->default_value("ab(depth=4)"),
                     "the player that answers go (see 'seega players'); a go's depth, nodes, movetime or clock "
                     "bound its move on top of the spec's own limits");
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega engine [--player SPEC]\n"
                     "  speaks the engine protocol (docs/protocol.md) on standard input and output"))
    return 0;
  const PlayerSpec spec = load_player("--player", player_text);
  if (plays_an_engine(spec))
    throw UsageError("--player " + quote(player_text) +
                     ": seega engine serves one of this project's players, not another engine (engine(...))");
  std::ios::sync_with_stdio(false);
  return serve_engine(spec, std::cin, std::cout);
}

}  // namespace seega::cli
