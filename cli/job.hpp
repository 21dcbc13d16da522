#pragma once
// The job a command runs in, above the cluster it may share (cluster.hpp): which process prints, the
// share of its runs, Ctrl-C and SIGTERM, which stop it cleanly, and its progress line, which only the
// rank that prints shows.

#include <signal.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>

#include "runs/play/run_progress.hpp"

namespace seega {
class Share;
}

namespace seega::cli {

class Cluster;

// The job of this command: this process alone, or one rank of an mpirun job (its cluster). main makes
// it and hands it to the command it runs; nothing reaches the cluster any other way.
class Job {
 public:
  // Alone (no cluster), or rank `cluster` of an mpirun job. The cluster outlives the job.
  explicit Job(Cluster* cluster = nullptr) : cluster_(cluster) {}
  // Whether this process prints what the command reports: alone, or rank 0. Before a job is joined (or
  // when it cannot be), Open MPI's environment says which rank this is.
  bool prints() const;
  // The share of the job's runs among its ranks, or null when alone.
  Share* share() const;
  // Whether it is one rank of several.
  bool shared() const;
  Cluster* cluster() const { return cluster_; }
  // Who else hears a run's progress, besides its progress line: the Python module's callback. Called as
  // the line would be shown (at most every 250 ms, and at the end), from the run's threads, one call at
  // a time; only on the process that prints.
  void observe_progress(std::function<void(const RunProgress&)> observer) { observer_ = std::move(observer); }
  const std::function<void(const RunProgress&)>& progress_observer() const { return observer_; }

 private:
  Cluster* cluster_;
  std::function<void(const RunProgress&)> observer_;
};

// Ctrl-C during a long run: while a guard lives, SIGINT sets its flag (and does nothing else), so the
// run can stop cleanly and keep what it finished; the previous handler comes back with the guard.
// SIGTERM does the same: it is how mpirun passes a Ctrl-C on to its ranks, and how a batch scheduler
// ends a job that has run out of time. Under mpirun a stop from rank 0 raises the flag too
// (Cluster::set_stop_flag), so that every rank's searches stop.
class SigintGuard {
 public:
  // What the signal does to a blocking read (or write) under way. A run keeps it going (Resume, the
  // handler installed with SA_RESTART): a worker's write to the results file is never cut short. A
  // command waiting for a line of input wants it cut (Interrupt, without SA_RESTART): the read fails
  // with EINTR, so the stream reports the end of input and the caller, seeing the flag, stops.
  enum class Reads { Resume, Interrupt };
  // job, when given, is the job whose rank 0 may stop this rank (its stop raises the flag too).
  explicit SigintGuard(Reads reads = Reads::Resume, const Job* job = nullptr);
  ~SigintGuard();
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;
  std::atomic<bool>& flag();
  bool raised() { return flag().load(); }

 private:
  struct sigaction previous_ {};
  struct sigaction previous_term_ {};
  Cluster* cluster_ = nullptr;
};

// The progress line of a long run, on stderr. On a terminal it is redrawn in place as often as it is
// shown; under mpirun, whose ranks write to pipes, rank 0 writes it as a whole line at most every
// 10 s (and the final one), for a batch job's log; otherwise, and with --quiet, nothing.
class ProgressLine {
 public:
  ProgressLine(const Job& job, bool wanted);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  bool on() const { return mode_ != Mode::Off; }
  void show(const std::string& text, bool final = false);
  // Ends the terminal line, before the summary is printed; nothing is shown after it.
  void end();

 private:
  static constexpr std::chrono::seconds kLogEvery{10};
  enum class Mode { Off, Terminal, Log } mode_ = Mode::Off;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_{};
  std::string last_text_;
};

}  // namespace seega::cli
