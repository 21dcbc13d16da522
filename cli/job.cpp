#include "job.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>

#include "cluster.hpp"

namespace seega::cli {

namespace {

std::atomic<bool> g_sigint{false};
extern "C" void on_sigint(int) { g_sigint.store(true); }

}  // namespace

bool Job::prints() const { return cluster_ ? cluster_->root() : Cluster::environment_rank() == 0; }

Share* Job::share() const { return cluster_ ? cluster_->share() : nullptr; }

bool Job::shared() const { return cluster_ && cluster_->active(); }

SigintGuard::SigintGuard(Reads reads, const Job* job) : cluster_(job ? job->cluster() : nullptr) {
  g_sigint.store(false);
  struct sigaction action {};
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = reads == Reads::Resume ? SA_RESTART : 0;
  sigaction(SIGINT, &action, &previous_);
  sigaction(SIGTERM, &action, &previous_term_);
  if (cluster_) cluster_->set_stop_flag(&g_sigint);
}

SigintGuard::~SigintGuard() {
  if (cluster_) cluster_->set_stop_flag(nullptr);
  sigaction(SIGINT, &previous_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
}

ProgressLine::ProgressLine(const Job& job, bool wanted) {
  if (!wanted || !job.prints()) mode_ = Mode::Off;
  else if (job.shared()) mode_ = Mode::Log;
  else mode_ = isatty(STDERR_FILENO) ? Mode::Terminal : Mode::Off;
}

ProgressLine::~ProgressLine() { end(); }

void ProgressLine::end() {
  if (mode_ == Mode::Terminal && shown_) fmt::print(stderr, "\n");
  mode_ = Mode::Off;
}

void ProgressLine::show(const std::string& text, bool final) {
  if (mode_ == Mode::Off) return;
  if (mode_ == Mode::Terminal) {
    fmt::print(stderr, "\r{}   ", text);
    shown_ = true;
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (!final && shown_ && now - last_ < kLogEvery) return;
  if (final && last_text_ == text) return;
  last_ = now;
  shown_ = true;
  last_text_ = text;
  fmt::print(stderr, "seega: {}\n", text);
  std::fflush(stderr);
}

std::atomic<bool>& SigintGuard::flag() { return g_sigint; }

}  // namespace seega::cli
