#pragma once
// A run shared among the ranks of mpirun (runs/play/share.hpp) over Open MPI's messages: rank 0's share hands
// out indices in chunks and receives the others' results; theirs ask for chunks and send results. The
// messages that end a command are here too (end_ranks, RankShare::wait_exit). Built only with Open MPI
// (SEEGA_WITH_MPI); the job itself, joined and left, is cluster.hpp's.

#include <atomic>
#include <memory>
#include <string>

#include "runs/play/share.hpp"

namespace seega::cli {

// The share of a rank other than 0, with what the job asks of it besides.
class RankShare : public Share {
 public:
  // The flag a stop from rank 0 raises (the command's Ctrl-C flag); may be null.
  virtual void set_stop_flag(std::atomic<bool>* flag) = 0;
  // Waits for rank 0's exit status (end_ranks) and returns it; a failure not yet reported is sent first.
  virtual int wait_exit(const std::string& error) = 0;
};

// Rank 0's share in a job of `size` ranks, and another rank's. MPI is initialised.
std::unique_ptr<Share> make_root_share(int size);
std::unique_ptr<RankShare> make_rank_share(int rank);

// Rank 0's end of the command with exit status `status` and its own error: tells every rank the status,
// then takes every message until each has answered, so that no rank is left in a send, and reports
// what they failed with. Returns the status to exit with.
int end_ranks(int size, int status, const std::string& error);

}  // namespace seega::cli
