#pragma once
// The processes of one job started by mpirun (Open MPI). The commands that schedule games (match,
// ladder, gen-data, run-sim, spsa) play their run together (share.hpp): rank 0 holds it, writes the
// one results file and prints the one summary; the other ranks only play. Every rank parses the same
// command line and opens the same runs. Outside mpirun, or in a build without Open MPI, there is one
// process and nothing here does anything. (README, "Clusters")

#include <atomic>
#include <memory>
#include <string>

#include "runs/play/share.hpp"

namespace seega::cli {

class Cluster {
 public:
  // Whether this process was started by mpirun as one of several (Open MPI's environment says so).
  static bool launched();
  // Joins the job (MPI_Init) when launched(); `command` is the command being run.
  explicit Cluster(const std::string& command);
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  bool active() const { return size_ > 1; }
  bool root() const { return rank_ == 0; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  // The share of this job's runs; null when inactive.
  Share* share();
  // The flag a stop from rank 0 raises in this process (the command's Ctrl-C flag), so its searches
  // stop too. May be null.
  void set_stop_flag(std::atomic<bool>* flag);
  // The end of the command with exit status `status`. Rank 0 tells the others and reports what they
  // failed with; the others wait for rank 0 and return its status. Returns the status to exit with.
  int finish(int status, const std::string& error);

  // The rank Open MPI's environment gives this process, 0 when none: which rank it is before the job is
  // joined, or when it cannot be.
  static int environment_rank();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int rank_ = 0, size_ = 1;
};

}  // namespace seega::cli
