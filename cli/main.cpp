// The one place errors are caught: a user's mistake prints one line and exits 2, a bug exits 1.
#include <fmt/core.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <boost/program_options/errors.hpp>
#include <exception>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "cluster.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "job.hpp"
#include "rules/spec.hpp"
#include "runs/io/build_info.hpp"
#include "runs/io/json.hpp"

namespace seega::cli {

namespace {

// glibc's allocator gives a freed block of a megabyte or more back to the system, and the next one is
// faulted in afresh, a page at a time. A run that makes its players game by game (seega spsa --vary: a
// searcher's tables are over a megabyte) spent half its time so (measured: 30 iterations of ab(depth=2)
// on 5x5 chain, one thread, 6.5 s against 2.3 s with this). So blocks up to 32 MB come from the heap,
// and the heap keeps up to 256 MB of freed memory for reuse.
void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

void print_usage() {
  fmt::print(
      "seega {}: a self-play laboratory for Seega\n\nusage: seega <command> [options]; "
      "seega <command> --help for its options\n\ncommands:\n",
      SEEGA_VERSION);
  for (const auto& c : commands()) fmt::print("  {:<9} {}\n", c.name, c.summary);
  fmt::print(
      "\nUnder mpirun (Open MPI), match, ladder, gen-data, run-sim and spsa share one run among the ranks: "
      "rank 0 writes\nthe results and prints the summary, the same as one process's (README, \"Clusters\").\n");
}

}  // namespace

}  // namespace seega::cli

int main(int argc, char** argv) {
  using namespace seega::cli;
  using seega::did_you_mean, seega::escaped, seega::joined, seega::quote;
  keep_freed_memory();
  std::vector<std::string> args(argv + 1, argv + argc);
  {
    // Every file a run writes records the command line that wrote it (its header's "origin").
    std::vector<std::string> words{"seega"};
    words.insert(words.end(), args.begin(), args.end());
    seega::set_command_line(std::move(words));
  }
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    fmt::print("seega {} (build {})\n", SEEGA_VERSION, seega::build_commit());
    return 0;
  }
  // Under mpirun, the commands that schedule games share their run among the ranks (cluster.hpp);
  // only rank 0 prints, errors included, and every rank exits with rank 0's status.
  std::unique_ptr<Cluster> cluster;
  Job job;  // alone until mpirun's job is joined
  std::string error;
  int status = 0;
  try {
    if (Cluster::launched()) {
      static const char* const shared[] = {"match", "ladder", "gen-data", "run-sim", "spsa"};
      if (std::find(std::begin(shared), std::end(shared), args[0]) == std::end(shared))
        throw UsageError("seega " + args[0] +
                         " runs in one process; under mpirun only match, ladder, gen-data, run-sim and "
                         "spsa share their work among the ranks");
      cluster = std::make_unique<Cluster>(args[0]);
      job = Job(cluster.get());
    }
    status = [&] {
      if (const Command* c = find_command(args[0])) return c->run({args.begin() + 1, args.end()}, job);
      std::vector<std::string> names;
      for (const auto& c : commands()) names.emplace_back(c.name);
      throw UsageError("unknown command " + quote(args[0]) + did_you_mean(args[0], names) +
                       "; commands: " + joined(names));
    }();
  } catch (const UsageError& e) {
    // Escaped here, where every message passes: user text in it stays on the one line, readable.
    error = fmt::format("error: {}", escaped(e.what()));
    status = 2;
  } catch (const boost::program_options::error& e) {
    error = fmt::format("error: {} (see 'seega {} --help')", escaped(e.what()), escaped(args[0]));
    status = 2;
  } catch (const std::bad_alloc& e) {
    // Not a bug: the run asked for more memory than the machine gives (a player's table, hash=MB, says
    // which, and what to give instead). The games already written are kept, as with any error.
    error = fmt::format("error: out of memory: {}", escaped(e.what()));
    status = 2;
  } catch (const std::exception& e) {
    error = fmt::format("internal error (a bug, please report it): {}", escaped(e.what()));
    status = 1;
  }
  if (!error.empty() && job.prints()) fmt::print(stderr, "seega: {}\n", error);
  if (cluster) {
    try {
      status = cluster->finish(status, error);
    } catch (const std::exception& e) {
      fmt::print(stderr, "seega: error: ending the mpirun job: {}\n", escaped(e.what()));
      status = std::max(status, 2);
    }
  }
  return status;
}
