#include "mpi_share.hpp"

#include <fmt/core.h>
#include <mpi.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "common.hpp"
#include "rules/spec.hpp"
#include "runs/io/json.hpp"

namespace seega::cli {

namespace {

// The messages of a session. Every one starts with the session's number, so a message that arrives
// after its session has ended (a chunk answering a request that a stop overtook) is recognised.
enum Tag : int {
  kRequest = 1,  // rank -> 0: a chunk, please (its thread count)
  kChunk,        // 0 -> rank: indices to play, in increasing order; none: no index is left
  kResult,       // rank -> 0: a finished job's text
  kDone,         // rank -> 0: this rank's part of the session is over
  kFailed,       // rank -> 0: this rank failed (why)
  kStop,         // 0 -> rank: drop the games under way (a Ctrl-C at rank 0, or a rank that failed)
  kExit,         // 0 -> rank: the command is over (its exit status)
  kBye,          // rank -> 0: the exit status arrived
  kHello,        // rank -> 0: the session's key, before anything else of the session
  kBroadcast,    // 0 -> rank: between sessions, what comes next (Share::broadcast)
};

constexpr auto kIdle = std::chrono::microseconds(300);  // between polls when no message waits
constexpr auto kStopGrace = std::chrono::milliseconds(400);

struct Message {
  int source = 0, tag = 0;
  std::int64_t session = 0;
  std::vector<std::int64_t> numbers;  // kRequest, kChunk, kExit
  std::string text;                   // kResult, kFailed
};

// A message as bytes: the session, then numbers (8 bytes each) or text.
std::string pack(std::int64_t session, const std::vector<std::int64_t>& numbers, const std::string& text = "") {
  std::string b(8 * (1 + numbers.size()), '\0');
  std::memcpy(b.data(), &session, 8);
  if (!numbers.empty()) std::memcpy(b.data() + 8, numbers.data(), 8 * numbers.size());
  return b + text;
}

bool text_tag(int tag) { return tag == kResult || tag == kFailed || tag == kHello || tag == kBroadcast; }

void post(int to, int tag, const std::string& bytes) {
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

// The next message from `source` (MPI_ANY_SOURCE for any), or nothing when none waits.
std::optional<Message> poll(int source) {
  int flag = 0;
  MPI_Message handle;
  MPI_Status status;
  MPI_Improbe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &handle, &status);
  if (!flag) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  std::string bytes(static_cast<std::size_t>(count), '\0');
  MPI_Mrecv(bytes.data(), count, MPI_BYTE, &handle, MPI_STATUS_IGNORE);
  Message m;
  m.source = status.MPI_SOURCE;
  m.tag = status.MPI_TAG;
  if (bytes.size() >= 8) std::memcpy(&m.session, bytes.data(), 8);
  if (text_tag(m.tag)) {
    m.text = bytes.size() > 8 ? bytes.substr(8) : "";
  } else {
    m.numbers.resize(bytes.size() >= 8 ? (bytes.size() - 8) / 8 : 0);
    if (!m.numbers.empty()) std::memcpy(m.numbers.data(), bytes.data() + 8, 8 * m.numbers.size());
  }
  return m;
}

// The first key whose value differs between two sessions' keys (results-file headers), as a phrase.
std::string key_difference(const std::string& theirs, const std::string& ours) {
  const auto a = nlohmann::json::parse(theirs, nullptr, false), b = nlohmann::json::parse(ours, nullptr, false);
  if (const auto key = first_key_differing(b, a); !key.empty())
    return fmt::format("its {} is {}, rank 0's is {}", key, a.contains(key) ? a[key].dump() : "missing", b[key].dump());
  return fmt::format("its run is {}, rank 0's is {}", theirs, ours);
}

// A kFailed message is the rank's host, a newline, and why it failed.
std::string failure_why(const Message& m) {
  const auto end = m.text.find('\n');
  return end == std::string::npos ? m.text : m.text.substr(end + 1);
}
std::string failure_text(const Message& m) {
  return fmt::format("rank {} on {}: {}", m.source, m.text.substr(0, m.text.find('\n')), failure_why(m));
}

std::string host_name() {
  char name[MPI_MAX_PROCESSOR_NAME];
  int length = 0;
  MPI_Get_processor_name(name, &length);
  return std::string(name, static_cast<std::size_t>(std::max(0, length)));
}

// The share of rank 0: indices handed out from one counter, to its own workers and, in chunks, to
// the others' requests.
class MpiRootShare final : public Share {
 public:
  explicit MpiRootShare(int size) : size_(size) {}
  bool root() const override { return true; }

  void begin(long long first, long long total, const std::vector<bool>* done, const std::atomic<bool>* stop, int,
             const std::string& key) override {
    std::lock_guard lock(mutex_);
    ++session_;
    key_ = key;
    next_ = first, total_ = total, done_ = done, stop_ = stop;
    closed_ = stop_sent_ = false;
    finished_.assign(static_cast<std::size_t>(size_), false);
    handed_.assign(static_cast<std::size_t>(size_), 0);
    received_.assign(static_cast<std::size_t>(size_), 0);
    finished_[0] = true;  // this process's part is local_finished()
    failures_.clear();
  }

  long long take() override {
    std::lock_guard lock(mutex_);
    return next_index();
  }

  void close() override {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  void send(std::string) override {}
  void fail(const std::string&) override {}

  void serve(const std::function<void(std::string&&)>& receive, const std::function<bool()>& local_finished) override {
    // After a Ctrl-C the ranks have kStopGrace to report; one that does not may be gone (mpirun ends
    // the job when a rank dies, and gives rank 0 a second before killing it too), and rank 0 must
    // still write its summary.
    std::optional<std::chrono::steady_clock::time_point> stopped;
    std::vector<Message> early;
    early.swap(early_);
    for (auto& m : early) handle(m, receive);
    for (;;) {
      if (stop_ && stop_->load() && !stopped) {
        stopped = std::chrono::steady_clock::now();
        if (!stop_sent_) stop_others();
      }
      if (auto m = poll(MPI_ANY_SOURCE)) {
        handle(*m, receive);
        continue;
      }
      if (local_finished() && (std::all_of(finished_.begin(), finished_.end(), [](bool f) { return f; }) ||
                               (stopped && std::chrono::steady_clock::now() - *stopped > kStopGrace)))
        break;
      std::this_thread::sleep_for(kIdle);
    }
    // Unless rank 0 was stopped too, every game handed out must have come back: a rank stopped alone (a
    // signal to its machine only) would otherwise leave a hole in a run that looks complete.
    if (failures_.empty() && !(stop_ && stop_->load()))
      for (int r = 1; r < size_; ++r)
        if (const long long lost = handed_[static_cast<std::size_t>(r)] - received_[static_cast<std::size_t>(r)];
            lost > 0)
          failures_.push_back(
              fmt::format("rank {} ended its part of the run with {} of its games unplayed (stopped by "
                          "a signal?); the finished games are in the results file: the same command "
                          "with --resume plays the rest",
                          r, lost));
    if (!failures_.empty()) throw UsageError(failures_.front());
  }

  std::optional<std::string> broadcast(const std::string& text) override {
    for (int r = 1; r < size_; ++r) post(r, kBroadcast, pack(session_, {}, text));
    return text;
  }

 private:
  // Under mutex_. The next index of the session, -1 when none is left or none may be handed out.
  long long next_index() {
    if (closed_ || (stop_ && stop_->load())) return -1;
    while (next_ < total_) {
      const long long i = next_++;
      if (!done_ || i >= static_cast<long long>(done_->size()) || !(*done_)[static_cast<std::size_t>(i)]) return i;
    }
    return -1;
  }

  void stop_others() {
    stop_sent_ = true;
    close();
    for (int r = 1; r < size_; ++r)
      if (!finished_[static_cast<std::size_t>(r)]) post(r, kStop, pack(session_, {}));
  }

  void handle(Message& m, const std::function<void(std::string&&)>& receive) {
    if (m.tag == kFailed) {
      // A rank that failed before its first session sends it under session 0.
      failures_.push_back(failure_text(m));
      if (m.session == session_ || m.session == 0) finished_[static_cast<std::size_t>(m.source)] = true;
      if (!stop_sent_) stop_others();
      return;
    }
    if (m.session > session_) {  // a rank that has gone on to the next session before rank 0
      early_.push_back(std::move(m));
      return;
    }
    if (m.session < session_) return;  // from an earlier session
    switch (m.tag) {
      case kHello:
        if (m.text != key_) {
          failures_.push_back(
              fmt::format("rank {} plays another run than rank 0: {} (every rank must get the same "
                          "command line and the same files)",
                          m.source, key_difference(m.text, key_)));
          finished_[static_cast<std::size_t>(m.source)] = true;
          if (!stop_sent_) stop_others();
        }
        break;
      case kRequest: {
        if (finished_[static_cast<std::size_t>(m.source)]) {  // a rank refused at its hello
          post(m.source, kChunk, pack(session_, {}));
          break;
        }
        // Chunks shrink as the session runs out, so that the ranks finish together: an eighth of what is
        // left divided among the ranks, but at least the rank's thread count and at most 256 (or its
        // thread count, when that is more).
        const long long threads = m.numbers.empty() ? 1 : std::max<std::int64_t>(1, m.numbers[0]);
        std::vector<std::int64_t> chunk;
        {
          std::lock_guard lock(mutex_);
          const long long left = std::max(0LL, total_ - next_);
          const long long want = std::clamp(left / (8 * size_), threads, std::max(threads, 256LL));
          for (long long i; static_cast<long long>(chunk.size()) < want && (i = next_index()) >= 0;) chunk.push_back(i);
        }
        handed_[static_cast<std::size_t>(m.source)] += static_cast<long long>(chunk.size());
        post(m.source, kChunk, pack(session_, chunk));
        break;
      }
      case kResult:
        ++received_[static_cast<std::size_t>(m.source)];
        receive(std::move(m.text));
        break;
      case kDone: finished_[static_cast<std::size_t>(m.source)] = true; break;
      default: break;
    }
  }

  const int size_;
  std::mutex mutex_;
  std::int64_t session_ = 0;
  long long next_ = 0, total_ = 0;
  const std::vector<bool>* done_ = nullptr;
  const std::atomic<bool>* stop_ = nullptr;
  bool closed_ = false, stop_sent_ = false;
  std::string key_;
  std::vector<bool> finished_;
  std::vector<Message> early_;                // messages of the next session
  std::vector<long long> handed_, received_;  // indices sent to each rank, results back from it
  std::vector<std::string> failures_;
};

// The share of the other ranks: chunks asked of rank 0 before the last one runs out, results sent as
// they finish.
class MpiRankShare final : public RankShare {
 public:
  MpiRankShare(int rank, std::string host) : rank_(rank), host_(std::move(host)) {}
  bool root() const override { return false; }

  void begin(long long, long long, const std::vector<bool>*, const std::atomic<bool>* stop, int threads,
             const std::string& key) override {
    std::lock_guard lock(mutex_);
    ++session_;
    hello_ = key;
    queue_.clear();
    no_more_ = exited_;
    asked_ = false;
    stop_ = stop;
    threads_ = std::max(1, threads);
  }

  long long take() override {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !queue_.empty() || no_more_ || (stop_ && stop_->load()); });
    if (queue_.empty() || (stop_ && stop_->load())) return -1;
    const long long i = queue_.front();
    queue_.pop_front();
    return i;
  }

  void close() override {
    std::lock_guard lock(mutex_);
    no_more_ = true;
    ready_.notify_all();
  }

  void send(std::string text) override {
    std::lock_guard lock(mutex_);
    outbox_.push_back(std::move(text));
  }

  void fail(const std::string& why) override {
    std::lock_guard lock(mutex_);
    if (failure_.empty()) failure_ = host_ + "\n" + why;
  }

  void serve(const std::function<void(std::string&&)>&, const std::function<bool()>& local_finished) override {
    if (!exited_) post(0, kHello, pack(session_, {}, hello_));
    for (;;) {
      const bool finished = local_finished();  // before the outbox is emptied: a result precedes its worker's end
      bool busy = flush();
      if (auto m = poll(0)) {
        handle(*m);
        busy = true;
      }
      ask();
      if (stop_ && stop_->load()) {  // a signal to this process: wake the workers waiting for a chunk
        std::lock_guard lock(mutex_);
        no_more_ = true;
        ready_.notify_all();
      }
      if (finished) {
        flush();
        if (!exited_) post(0, kDone, pack(session_, {}));
        return;
      }
      if (!busy) std::this_thread::sleep_for(kIdle);
    }
  }

  int wait_exit(const std::string& error) override {
    if (!error.empty()) fail(error);
    flush();
    while (!exited_) {
      if (auto m = poll(0)) handle(*m);
      else std::this_thread::sleep_for(kIdle);
    }
    return exit_status_;
  }

  std::optional<std::string> broadcast(const std::string&) override {
    flush();
    for (;;) {
      {
        std::lock_guard lock(mutex_);
        if (broadcast_) {
          std::string text = std::move(*broadcast_);
          broadcast_.reset();
          return text;
        }
        if (exited_) return std::nullopt;
      }
      if (auto m = poll(0)) handle(*m);
      else std::this_thread::sleep_for(kIdle);
    }
  }

  void set_stop_flag(std::atomic<bool>* flag) override { stop_flag_ = flag; }

 private:
  // Sends what the workers left in the outbox, and a failure once. Whether anything was sent.
  bool flush() {
    std::vector<std::string> out;
    std::string failure;
    {
      std::lock_guard lock(mutex_);
      out.swap(outbox_);
      if (!failure_.empty() && !failure_sent_) failure = failure_, failure_sent_ = true;
      // Once rank 0 has said the command is over it reads nothing more: a send could wait for ever.
      if (exited_) return false;
    }
    for (auto& text : out) post(0, kResult, pack(session_, {}, text));
    if (!failure.empty()) post(0, kFailed, pack(session_, {}, failure));
    return !out.empty() || !failure.empty();
  }

  // Asks for a chunk while the one in hand is short of a chunk's worth for every waiting worker.
  void ask() {
    std::lock_guard lock(mutex_);
    if (asked_ || no_more_ || exited_ || static_cast<long long>(queue_.size()) > 2LL * threads_) return;
    asked_ = true;
    post(0, kRequest, pack(session_, {threads_}));
  }

  void handle(const Message& m) {
    std::lock_guard lock(mutex_);
    if (m.tag == kExit) {
      exited_ = no_more_ = true;
      exit_status_ = m.numbers.empty() ? 2 : static_cast<int>(m.numbers[0]);
      post(0, kBye, pack(m.session, {}));
      if (stop_flag_) stop_flag_->store(true);
      ready_.notify_all();
      return;
    }
    if (m.tag == kBroadcast) {  // may arrive while this rank still serves the session before it
      broadcast_ = m.text;
      return;
    }
    if (m.session != session_) return;
    if (m.tag == kChunk) {
      asked_ = false;
      if (m.numbers.empty()) no_more_ = true;
      for (auto i : m.numbers) queue_.push_back(i);
    } else if (m.tag == kStop) {
      no_more_ = true;
      queue_.clear();
      if (stop_flag_) stop_flag_->store(true);
    }
    ready_.notify_all();
  }

  const int rank_;
  const std::string host_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::int64_t session_ = 0;
  std::deque<long long> queue_;
  std::vector<std::string> outbox_;
  std::string failure_, hello_;
  std::optional<std::string> broadcast_;  // rank 0's, not yet taken by broadcast()
  bool failure_sent_ = false, no_more_ = false, asked_ = false, exited_ = false;
  int exit_status_ = 0;
  std::int64_t threads_ = 1;
  const std::atomic<bool>* stop_ = nullptr;
  std::atomic<bool>* stop_flag_ = nullptr;  // raised by a stop from rank 0
};

}  // namespace

std::unique_ptr<Share> make_root_share(int size) { return std::make_unique<MpiRootShare>(size); }

std::unique_ptr<RankShare> make_rank_share(int rank) { return std::make_unique<MpiRankShare>(rank, host_name()); }

int end_ranks(int size, int status, const std::string& error) {
  // Tell every rank the status, then take every message until each has answered, so that no
  // rank is left in a send; a failure among them is reported here.
  std::vector<std::string> failures;
  std::vector<bool> bye(static_cast<std::size_t>(size), false);
  bye[0] = true;
  int answered = 1;
  for (int r = 1; r < size; ++r) post(r, kExit, pack(0, {status}));
  // A rank that does not answer within the grace (after a Ctrl-C, or ever) is gone or stuck.
  const auto start = std::chrono::steady_clock::now();
  const auto grace = status == 130 ? kStopGrace : std::chrono::milliseconds(10'000);
  while (answered < size) {
    auto m = poll(MPI_ANY_SOURCE);
    if (!m) {
      if (std::chrono::steady_clock::now() - start > grace) {
        fmt::print(stderr, "seega: warning: {} of the {} ranks did not answer at the end\n", size - answered, size - 1);
        break;
      }
      std::this_thread::sleep_for(kIdle);
      continue;
    }
    // Every rank fails alike on a bad command line: rank 0's own message says it once.
    if (m->tag == kFailed && error != "error: " + failure_why(*m) && error != failure_why(*m))
      failures.push_back(failure_text(*m));
    if (m->tag == kBye && !bye[static_cast<std::size_t>(m->source)]) {
      bye[static_cast<std::size_t>(m->source)] = true;
      ++answered;
    }
  }
  for (const auto& f : failures) {
    fmt::print(stderr, "seega: error: {}\n", escaped(f));
    status = std::max(status, 2);
  }
  return status;
}

}  // namespace seega::cli
