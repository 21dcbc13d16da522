#include "cluster.hpp"

#include <cstdlib>
#include <string>

#include "common.hpp"

#if SEEGA_WITH_MPI
#include <mpi.h>

#include "mpi_share.hpp"
#endif

namespace seega::cli {

namespace {

// Open MPI's launcher sets these in every process it starts.
int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}
}  // namespace

bool Cluster::launched() { return env_int("OMPI_COMM_WORLD_SIZE", 1) > 1; }

int Cluster::environment_rank() { return env_int("OMPI_COMM_WORLD_RANK", 0); }

#if SEEGA_WITH_MPI

struct Cluster::Impl {
  std::unique_ptr<Share> root;
  std::unique_ptr<RankShare> rank;
};

Cluster::Cluster(const std::string& command) {
  if (!launched()) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED) {
    MPI_Finalize();
    throw UsageError("Open MPI gives no thread support here: seega " + command + " needs MPI_THREAD_SERIALIZED");
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  impl_ = std::make_unique<Impl>();
  if (rank_ == 0) impl_->root = make_root_share(size_);
  else impl_->rank = make_rank_share(rank_);
}

Cluster::~Cluster() {
  if (!impl_) return;
  MPI_Finalize();
}

Share* Cluster::share() {
  if (!impl_) return nullptr;
  if (impl_->root) return impl_->root.get();
  return impl_->rank.get();
}

void Cluster::set_stop_flag(std::atomic<bool>* flag) {
  if (impl_ && impl_->rank) impl_->rank->set_stop_flag(flag);
}

int Cluster::finish(int status, const std::string& error) {
  if (!impl_) return status;
  // main's "error: " is rank 0's to print.
  if (impl_->rank) return impl_->rank->wait_exit(error.starts_with("error: ") ? error.substr(7) : error);
  return end_ranks(size_, status, error);
}

#else  // without Open MPI: one process

struct Cluster::Impl {};

Cluster::Cluster(const std::string& command) {
  if (launched())
    throw UsageError("seega " + command +
                     " was started by mpirun, but this seega was built without Open MPI "
                     "(SEEGA_MPI=OFF, or no libopenmpi-dev at build time: 'make deps' installs it): build again with "
                     "it, or run without mpirun");
}
Cluster::~Cluster() = default;
Share* Cluster::share() { return nullptr; }
void Cluster::set_stop_flag(std::atomic<bool>*) {}
int Cluster::finish(int status, const std::string&) { return status; }

#endif

}  // namespace seega::cli
