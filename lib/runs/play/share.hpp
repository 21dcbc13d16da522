#pragma once
// One run shared among processes: Open MPI's ranks (cli/mpi_share.cpp is the one implementation; the
// library knows nothing of MPI, and the rules core nothing of this). Every process plays the indices
// it takes on its own oneTBB workers (run_indexed). The root process holds the run: it hands out the
// indices in chunks, in increasing order, to whichever process asks first, so a slow process holds
// no one back; it receives each result of the others as it finishes, as text, and it alone delivers
// results (writes the results file, counts, asks the stopping rule). A run is one session; every
// process opens the same sessions in the same order. A run of several sessions whose next depends on
// the last one's results (SPSA's iterations) has the root tell the others what comes next between
// sessions (broadcast).

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace seega {

class Share {
 public:
  virtual ~Share() = default;
  // The process that holds the run (rank 0).
  virtual bool root() const = 0;
  // Starts a session over the indices first..total-1 not marked in done. Only the root's view
  // counts: the others learn their indices from the chunks they are sent. Once stop (may be null)
  // is true, no index is handed out, and at the root the others are told to drop their games under
  // way (a Ctrl-C). threads: this process's workers. key names what the session plays (a results
  // file's header): a process whose key is not the root's (another command line) is a failure.
  virtual void begin(long long first, long long total, const std::vector<bool>* done, const std::atomic<bool>* stop,
                     int threads, const std::string& key) = 0;
  // The next index for one of this process's workers (any thread), -1 when this process has none
  // left. Blocks while a chunk is on its way.
  virtual long long take() = 0;
  // No index is handed out any more (a stopping rule decided; a worker failed). Any thread.
  virtual void close() = 0;
  // A result for the root, from a process that is not the root (any thread).
  virtual void send(std::string text) = 0;
  // This process's workers failed with `why`: a process that is not the root tells it.
  virtual void fail(const std::string& why) = 0;
  // Runs on the calling thread until the session ends: this process's workers have finished
  // (local_finished() is true) and, at the root, every other process has reported the end of its
  // part. At the root receive(text) is called for each result of another process, one call at a
  // time. Throws at the root when another process failed, with the message it sent.
  virtual void serve(const std::function<void(std::string&&)>& receive,
                     const std::function<bool()>& local_finished) = 0;
  // Between sessions, every process at the same point: the root's text, at every process. The root
  // sends text and returns it; the others wait for it and return it (text is ignored there). At a
  // process that is not the root: nothing when the root ended the command instead of sending (an
  // error there), so that no process waits for ever.
  virtual std::optional<std::string> broadcast(const std::string& text) = 0;
};

}  // namespace seega
