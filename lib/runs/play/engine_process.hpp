#pragma once
// Engines as processes: the channel of the protocol over a child's standard input and output.

#include <memory>
#include <string>

#include "engine/player.hpp"

namespace seega {

// Starts `/bin/sh -c cmd` in a process group of its own, its standard input, output and error piped to
// the channel (the error's last lines go to the log of a failure, never to our standard error). Nothing, with the
// reason in error, when it cannot start. The channel's end() closes the engine's input, gives it 200 ms to exit and
// then kills its process group.
std::unique_ptr<EngineChannel> spawn_engine(const std::string& cmd, std::string& error);

// Sets spec's launcher (and its placement player's) to spawn_engine of its command, for each engine(...)
// spec: every player made from the spec then starts its own process.
void attach_engine_launcher(PlayerSpec& spec);

}  // namespace seega
