#pragma once
// Engines as processes: the channel of the protocol (docs/protocol.md) over a child's standard input and
// output. The controller that speaks over it is engine_client.hpp.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace seega {

// An engine of someone else's, spoken to by the protocol: one line out, one line in. spawn_engine makes one
// from a command (a process); tests make one in memory.
// How long an engine has to exit once its input is closed, before it is killed: after a failure, or at a
// run's end, where a slow exit is no one's concern.
inline constexpr int kEngineExitMs = 200;

class EngineChannel {
 public:
  enum class Read { Line, Timeout, Closed };
  virtual ~EngineChannel() = default;
  // Sends one line (without its '\n'); false when the engine has gone.
  virtual bool write_line(std::string_view line) = 0;
  // The next line the engine wrote, waiting at most timeout_ms: Line (in `line`), Timeout, or Closed when
  // the engine has exited or closed its output.
  virtual Read read_line(std::string& line, long long timeout_ms) = 0;
  // How the engine ended, once Closed ("exited with status 3", "killed by signal 11"); the channel closes
  // its input and kills it if it has not exited within exit_ms.
  virtual std::string end(int exit_ms) = 0;
  // The lines the engine wrote to its standard error since the last call (kept for the log of a
  // failure, never shown on ours).
  virtual std::vector<std::string> take_stderr() { return {}; }
};

// Starts `/bin/sh -c cmd` in a process group of its own, its standard input, output and error piped to
// the channel (the error's last lines go to the log of a failure, never to our standard error). Nothing, with the
// reason in error, when it cannot start. The channel's end(exit_ms) closes the engine's input, gives it exit_ms to exit
// and then kills its process group.
std::unique_ptr<EngineChannel> spawn_engine(const std::string& cmd, std::string& error);

// How an engine is started: a channel to it, or nothing with the reason in `error`. A run's engines are
// processes (spawn_engine of their command); a test's may live in memory.
using EngineStarter = std::function<std::unique_ptr<EngineChannel>(std::string& error)>;
// The starter of a process running cmd.
EngineStarter process_starter(const std::string& cmd);

}  // namespace seega
