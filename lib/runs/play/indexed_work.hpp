#pragma once
// Numbered jobs (a tournament's games, run-sim's runs) played on oneTBB workers. Workers take indices
// in increasing order from one counter, so a stopping rule that fires stops new jobs from starting at
// once; each job is a pure function of its index, so results do not depend on the thread count.

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

#include "runs/play/share.hpp"

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace seega {

namespace detail {
// ThreadSanitizer sees only instrumented code, and Debian's libtbb is not: a task handed to a pooled
// worker (spawn, then steal) and a finished task seen by wait() are ordered by libtbb's own atomics,
// which it cannot see, so everything the caller wrote before the work and reads after it looks
// raced. These two marks state exactly those two edges and no other: a race between two workers is
// still reported. They are the addresses of globals, so a worker reaches its mark before it reads
// anything from its task. Nothing outside a ThreadSanitizer build. (docs/testing.md)
inline char tbb_spawn_edge, tbb_wait_edge;
inline void tsan_release([[maybe_unused]] void* edge) {
#if defined(__SANITIZE_THREAD__)
  __tsan_release(edge);
#endif
}
inline void tsan_acquire([[maybe_unused]] void* edge) {
#if defined(__SANITIZE_THREAD__)
  __tsan_acquire(edge);
#endif
}
// What an exception says, for another process to print.
inline std::string message_of(std::exception_ptr e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& x) {
    return x.what();
  } catch (...) {
    return "an unknown exception";
  }
}
}  // namespace detail

struct IndexedWork {
  long long first = 0, total = 0;           // the indices first .. total-1
  int threads = 0;                          // 0: all cores
  const std::vector<bool>* done = nullptr;  // indices not to play (finished before), by index; may be null
  const std::atomic<bool>* stop = nullptr;  // no new job once true; may be null
  Share* share = nullptr;                   // other processes play some of the jobs (share.hpp); may be null
  std::string key;                          // with share: what is played (Share::begin)
};

// How a result travels between processes when IndexedWork::share is set: encode gives its text, and
// decode reads text another process sent back into a result (it throws on text that is not one).
struct NoCodec {};

// Plays the jobs. make_worker() is called once in each worker and returns its job function,
// std::optional<T>(long long index), which keeps the worker's state (its players) between jobs and
// returns nothing when the job was stopped (the worker then ends). deliver(T&&) is called for each
// finished job, one call at a time, in completion order; it returns true when no new job may start.
// An exception in a worker stops new jobs and is rethrown here once the others have finished.
//
// With w.share, the processes of the share play the jobs together: each takes its indices from the
// share, the others send their results to the root as codec.encode's text, and the root delivers
// every result, its own and the others' (codec.decode), one call at a time. deliver is never called
// in the other processes. This thread serves the share while the workers play.
template <class MakeWorker, class Deliver, class Codec = NoCodec>
void run_indexed(const IndexedWork& w, MakeWorker&& make_worker, Deliver&& deliver, const Codec& codec = {}) {
  if constexpr (std::is_same_v<Codec, NoCodec>)
    if (w.share) throw std::logic_error("run_indexed: a share needs a codec, or other processes' results are lost");
  static const std::atomic<bool> never{false};
  const std::atomic<bool>& stop = w.stop ? *w.stop : never;
  Share* const share = w.share;
  std::mutex mutex;  // serialises deliver
  std::atomic<long long> next{std::max(0LL, w.first)};
  std::atomic<bool> no_new_jobs{false};
  std::exception_ptr failure;
  // The next index to play, in increasing order; -1 when none is left or no new job may start.
  auto take = [&]() -> long long {
    if (share) return no_new_jobs.load() || stop.load() ? -1 : share->take();
    while (!no_new_jobs.load() && !stop.load()) {
      const long long i = next.fetch_add(1);
      if (i >= w.total) return -1;
      if (!w.done || i >= static_cast<long long>(w.done->size()) || !(*w.done)[static_cast<std::size_t>(i)]) return i;
    }
    return -1;
  };
  auto no_more = [&] {  // under the lock
    no_new_jobs.store(true);
    if (share) share->close();
  };
  auto worker = [&] {
    detail::tsan_acquire(&detail::tbb_spawn_edge);
    struct Finished {
      ~Finished() { detail::tsan_release(&detail::tbb_wait_edge); }
    } finished;
    try {
      auto job = make_worker();
      for (long long i; (i = take()) >= 0;) {
        auto result = job(i);
        if (!result) return;
        if constexpr (!std::is_same_v<Codec, NoCodec>)
          if (share && !share->root()) {
            share->send(codec.encode(*result));
            continue;
          }
        std::lock_guard lock(mutex);
        if (deliver(std::move(*result))) no_more();
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      if (share && !share->root()) share->fail(detail::message_of(std::current_exception()));
      no_more();
    }
  };
  const int threads = w.threads > 0 ? w.threads : tbb::this_task_arena::max_concurrency();
  if (share) share->begin(std::max(0LL, w.first), w.total, w.done, w.stop, threads, w.key);
  // Let an explicit thread count above the core count have its workers (results do not depend on it).
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  auto play = [&] {
    arena.execute([&] {
      tbb::task_group group;
      // Made before the spawn edge, so that the tasks themselves are on its near side.
      std::vector<tbb::task_handle> tasks;
      for (int k = 0; k < threads; ++k) tasks.push_back(group.defer(worker));
      detail::tsan_release(&detail::tbb_spawn_edge);
      for (auto& task : tasks) group.run(std::move(task));
      group.wait();
    });
  };
  if (!share) {
    play();
  } else {
    std::atomic<bool> played{false};
    std::thread local([&] {
      play();
      played.store(true);
    });
    std::exception_ptr serve_failure;
    try {
      share->serve(
          [&](std::string&& text) {
            if constexpr (!std::is_same_v<Codec, NoCodec>) {
              auto result = codec.decode(std::string_view(text));
              std::lock_guard lock(mutex);
              if (deliver(std::move(result))) no_more();
            }
          },
          [&] { return played.load(); });
    } catch (...) {
      serve_failure = std::current_exception();
      std::lock_guard lock(mutex);
      no_more();
    }
    local.join();
    if (serve_failure) std::rethrow_exception(serve_failure);
  }
  detail::tsan_acquire(&detail::tbb_wait_edge);
  if (failure) std::rethrow_exception(failure);
}

}  // namespace seega
