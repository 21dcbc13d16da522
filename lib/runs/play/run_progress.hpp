#pragma once
// How far a run is, for a progress line: what every runner (runner.hpp's games, run_sim.hpp's runs)
// reports the same way, now and then and once at the end.

#include <chrono>
#include <functional>

namespace seega {

struct RunProgress {
  long long done = 0, total = 0;  // finished (old and new), in the run (in the shard)
  long long played = 0;           // finished by this run
  double seconds = 0;
  double mean = 0;  // of the finished ones' figure: a game's last placer win (a rate), a run's wins
};

// Counts what a run has finished and reports it through on_progress (when set), at most every 250 ms
// and once at the end. Called one call at a time (under run_indexed's lock).
class ProgressCounter {
 public:
  ProgressCounter(const std::function<void(const RunProgress&)>& on_progress, long long total)
      : on_progress_(on_progress), total_(total) {}
  // One read back from a file (a resume), before the run starts.
  void add_old(double figure) {
    ++done_;
    sum_ += figure;
  }
  // One finished by this run; reported when it is time.
  void add_new(double figure) {
    add_old(figure);
    ++played_;
    report(false);
  }
  // The report at the end.
  void finish() { report(true); }

 private:
  void report(bool final) {
    if (!on_progress_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!final && now - last_report_ < std::chrono::milliseconds(250)) return;
    last_report_ = now;
    on_progress_({done_, total_, played_, std::chrono::duration<double>(now - start_).count(),
                  done_ ? sum_ / static_cast<double>(done_) : 0.0});
  }
  const std::function<void(const RunProgress&)>& on_progress_;
  long long total_, done_ = 0, played_ = 0;
  double sum_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_report_ = start_;
};

}  // namespace seega
