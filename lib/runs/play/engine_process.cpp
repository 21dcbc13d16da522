#include "runs/play/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace seega {

namespace {

// Writes all of text to fd without letting a closed pipe's SIGPIPE end this process: the signal is
// blocked in this thread for the write and, if the write raised it, taken back before it is unblocked.
bool write_all(int fd, std::string_view text) {
  sigset_t pipe_only, old;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
  bool ok = true;
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      if (errno == EPIPE) {
        const timespec zero{0, 0};
        while (sigtimedwait(&pipe_only, nullptr, &zero) > 0) {
        }
      }
      break;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

class ProcessChannel : public EngineChannel {
 public:
  ProcessChannel(pid_t pid, int to, int from, int err) : pid_(pid), to_(to), from_(from), err_(err) {}
  ~ProcessChannel() override { end(kEngineExitMs); }

  bool write_line(std::string_view line) override {
    if (to_ < 0) return false;
    std::string text(line);
    text += '\n';
    return write_all(to_, text);
  }

  Read read_line(std::string& line, long long timeout_ms) override {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
        line.assign(buffer_, 0, nl);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        buffer_.erase(0, nl + 1);
        return Read::Line;
      }
      if (eof_ || from_ < 0) return Read::Closed;
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return Read::Timeout;
      pollfd p[2] = {{from_, POLLIN, 0}, {err_, POLLIN, 0}};
      const int ready = ::poll(p, err_ >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left, 1 << 30)));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) continue;  // the deadline is checked above
      if (err_ >= 0 && p[1].revents) drain_stderr();
      if (!p[0].revents) continue;
      char chunk[4096];
      const ssize_t n = ::read(from_, chunk, sizeof chunk);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n <= 0) {
        eof_ = true;
        continue;
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
      // A line longer than this is no message of the protocol: it is cut, and read as garbage.
      constexpr std::size_t kLongest = 1 << 20;
      if (buffer_.size() > kLongest && buffer_.find('\n') == std::string::npos) buffer_.insert(kLongest, "\n");
    }
  }

  std::vector<std::string> take_stderr() override {
    std::vector<std::string> lines;
    for (std::size_t nl; (nl = err_buffer_.find('\n')) != std::string::npos; err_buffer_.erase(0, nl + 1))
      lines.push_back(err_buffer_.substr(0, nl));
    // Only the last lines matter (a traceback's end); a flood is cut to them.
    constexpr std::size_t kKept = 12;
    if (lines.size() > kKept) lines.erase(lines.begin(), lines.end() - kKept);
    return lines;
  }

  std::string end(int exit_ms) override {
    if (pid_ <= 0) return ended_;
    if (to_ >= 0) ::close(to_), to_ = -1;
    int status = 0;
    pid_t done = 0;
    constexpr int kPollMs = 5;
    for (int i = 0; i < std::max(exit_ms / kPollMs, 1) && (done = ::waitpid(pid_, &status, WNOHANG)) == 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(kPollMs));
    bool killed = false;
    if (done == 0) {
      ::kill(-pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
      killed = true;
    } else {
      ::kill(-pid_, SIGKILL);  // what it started, if anything is left of its group
    }
    if (from_ >= 0) ::close(from_), from_ = -1;
    if (err_ >= 0) {
      drain_stderr();
      if (!err_buffer_.empty() && err_buffer_.back() != '\n') err_buffer_ += '\n';
      ::close(err_), err_ = -1;
    }
    pid_ = -1;
    if (killed) ended_ = "was killed, as it had not exited";
    else if (WIFEXITED(status)) ended_ = "exited with status " + std::to_string(WEXITSTATUS(status));
    else if (WIFSIGNALED(status)) ended_ = "was killed by signal " + std::to_string(WTERMSIG(status));
    else ended_ = "ended";
    return ended_;
  }

 private:
  // Reads what the engine's standard error holds now (it is non-blocking), keeping at most the last 64 kB.
  void drain_stderr() {
    char chunk[4096];
    ssize_t n;
    while ((n = ::read(err_, chunk, sizeof chunk)) > 0) err_buffer_.append(chunk, static_cast<std::size_t>(n));
    constexpr std::size_t kKept = 1 << 16;
    if (err_buffer_.size() > kKept) err_buffer_.erase(0, err_buffer_.size() - kKept);
  }
  pid_t pid_;
  int to_, from_, err_;
  std::string buffer_, err_buffer_, ended_;
  bool eof_ = false;
};

// This process's environment without the variables of an MPI job (OMPI_*, PMIX_*, PMI_*): an engine
// started by one rank is no rank of the job (a seega engine would take itself for one and refuse).
std::vector<std::string> engine_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string_view v(*e);
    if (v.starts_with("OMPI_") || v.starts_with("PMIX_") || v.starts_with("PMI_")) continue;
    env.emplace_back(v);
  }
  return env;
}

}  // namespace

std::unique_ptr<EngineChannel> spawn_engine(const std::string& cmd, std::string& error) {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return nullptr;
  }
  if (::pipe2(out, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    ::close(in[0]), ::close(in[1]);
    return nullptr;
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    return nullptr;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  // The child gets the default SIGPIPE and no blocked signals, whatever this process set.
  sigset_t none, pipe_default;
  sigemptyset(&none);
  sigemptyset(&pipe_default);
  sigaddset(&pipe_default, SIGPIPE);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &pipe_default);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::string shell = "/bin/sh", dash_c = "-c", command = cmd;
  char* argv[] = {shell.data(), dash_c.data(), command.data(), nullptr};
  std::vector<std::string> env = engine_environment();
  std::vector<char*> envp;
  for (auto& v : env) envp.push_back(v.data());
  envp.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::fcntl(err[0], F_SETFL, ::fcntl(err[0], F_GETFL) | O_NONBLOCK);  // ours, never the engine's end
  if (rc != 0) {
    error = std::string("/bin/sh: ") + std::strerror(rc);
    ::close(in[1]), ::close(out[0]), ::close(err[0]);
    return nullptr;
  }
  return std::make_unique<ProcessChannel>(pid, in[1], out[0], err[0]);
}

EngineStarter process_starter(const std::string& cmd) {
  return [cmd](std::string& error) { return spawn_engine(cmd, error); };
}

}  // namespace seega
