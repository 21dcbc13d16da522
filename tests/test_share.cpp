// A run shared among processes (share.hpp), with two "processes" in one: a root and one other, each a
// thread with its own run_tournament or simulate_runs, joined by queues instead of Open MPI (which
// cli.mpi tests for real). The root returns the records one process returns; the other returns none;
// what on_game makes on the other side reaches on_annex at the root; a line that is not what the run
// writes is refused at the root; a Ctrl-C at the root stops both. SPSA's iterations, a session each with
// theta broadcast by the root between them, give the trajectory of one process, resumed too.
#include <gtest/gtest.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "runs/format/results_file.hpp"
#include "runs/kinds/run_sim.hpp"
#include "runs/kinds/spsa_run.hpp"
#include "runs/play/runner.hpp"
#include "spsa_util.hpp"
#include "test_util.hpp"

namespace seega::test {
namespace {

// One index counter for both sides (a chunk of one), the other side's results in a queue.
struct Wire {
  std::mutex mutex;
  std::condition_variable changed;
  bool begun = false, closed = false, other_finished = false;
  long long next = 0, total = 0;
  const std::vector<bool>* done = nullptr;
  const std::atomic<bool>* stop = nullptr;
  std::deque<std::string> to_root;
  std::string root_key, other_key;
  std::string failed_with;  // what the other side's Share::fail was told
  std::function<std::string(std::string)> tamper = [](std::string s) { return s; };

  bool other_took = false;  // the root waits for it, so that the other side surely plays a game

  long long take(bool root) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return begun && (!root || other_took || closed); });
    while (!closed && !(stop && stop->load()) && next < total) {
      const long long i = next++;
      if (done && (*done)[static_cast<std::size_t>(i)]) continue;
      if (!root) other_took = true;
      changed.notify_all();
      return i;
    }
    other_took = true;  // none left: nothing to wait for
    changed.notify_all();
    return -1;
  }
};

// The root's serve over a wire in memory: each result the other process sent is received, in order,
// until finished() (asked under the wire's lock) says the session is over.
template <class W, class Finished>
void serve_wire(W& w, const std::function<void(std::string&&)>& receive, const Finished& finished) {
  for (;;) {
    std::unique_lock lock(w.mutex);
    if (!w.to_root.empty()) {
      std::string text = std::move(w.to_root.front());
      w.to_root.pop_front();
      lock.unlock();
      receive(std::move(text));
      continue;
    }
    if (finished()) return;
    w.changed.wait_for(lock, std::chrono::milliseconds(1));
  }
}

// What every side of a wire in memory has alike: the wire W it talks over (a Wire or Sessions), whether
// it is the root, and the indices it takes from the wire's one counter.
template <class W, bool IsRoot>
class OnWire : public Share {
 public:
  explicit OnWire(W& w) : w_(w) {}
  bool root() const override { return IsRoot; }
  long long take() override { return w_.take(IsRoot); }

 protected:
  W& w_;
};

class Root final : public OnWire<Wire, true> {
 public:
  using OnWire::OnWire;
  void begin(long long first, long long total, const std::vector<bool>* done, const std::atomic<bool>* stop, int,
             const std::string& key) override {
    std::lock_guard lock(w_.mutex);
    w_.next = first, w_.total = total, w_.done = done, w_.stop = stop, w_.root_key = key;
    w_.begun = true;
    w_.changed.notify_all();
  }
  void close() override {
    std::lock_guard lock(w_.mutex);
    w_.closed = true;
    w_.changed.notify_all();
  }
  void send(std::string) override { ADD_FAILURE() << "the root sent a result"; }
  void fail(const std::string&) override {}
  void serve(const std::function<void(std::string&&)>& receive, const std::function<bool()>& local_finished) override {
    serve_wire(w_, receive, [&] { return w_.other_finished && local_finished(); });
  }
  std::optional<std::string> broadcast(const std::string& text) override { return text; }
};

class Other final : public OnWire<Wire, false> {
 public:
  using OnWire::OnWire;
  void begin(long long, long long, const std::vector<bool>*, const std::atomic<bool>*, int,
             const std::string& key) override {
    std::lock_guard lock(w_.mutex);
    w_.other_key = key;
  }
  void close() override {}
  void send(std::string text) override {
    std::lock_guard lock(w_.mutex);
    w_.to_root.push_back(w_.tamper(std::move(text)));
    ++sent;
    w_.changed.notify_all();
  }
  void fail(const std::string& why) override {
    std::lock_guard lock(w_.mutex);
    w_.failed_with = why;
  }
  void serve(const std::function<void(std::string&&)>&, const std::function<bool()>& local_finished) override {
    while (!local_finished()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::lock_guard lock(w_.mutex);
    w_.other_finished = true;
    w_.changed.notify_all();
  }
  std::optional<std::string> broadcast(const std::string&) override {
    ADD_FAILURE() << "a single session broadcast";
    return std::nullopt;
  }
  int sent = 0;
};

Tournament tournament() {
  std::vector<PlayerSpec> players;
  for (const char* text : {"random", "greedy", "ab(depth=1)"}) players.push_back(parse_player(text).value);
  return Tournament{rules("standard"), players, Schedule(ScheduleKind::RoundRobin, 3, 6), 9, 2};
}

struct Shared {
  std::vector<GameRecord> root, other;
  std::vector<std::string> annexes;  // as on_annex saw them, by index
  int sent = 0;
  std::string root_key, other_key;
};

// The tournament played by a root and one other process, one thread each.
Shared play_shared(const Tournament& t, Wire& wire, const std::atomic<bool>* stop = nullptr,
                   std::function<std::string(const GameRecord&)> other_on_game = nullptr) {
  Root root(wire);
  Other other(wire);
  Shared out;
  out.annexes.resize(static_cast<std::size_t>(t.schedule.games()));
  RunHooks hooks;
  hooks.on_game = [](const GameRecord& g) { return "annex of game " + std::to_string(g.index); };
  hooks.on_annex = [&](const GameRecord& g, std::string&& annex) {
    out.annexes[static_cast<std::size_t>(g.index)] = annex;
  };
  // Each side's options made before the other side starts.
  RunOptions o, mine;
  o.threads = mine.threads = 1;
  o.share = &root;
  mine.share = &other;
  std::exception_ptr other_failure;
  std::thread other_process([&] {
    RunHooks its;
    its.on_game = other_on_game ? other_on_game : hooks.on_game;
    its.on_record = [](const GameRecord&) { ADD_FAILURE() << "a record delivered outside the root"; };
    try {
      out.other = run_tournament(t, mine, {}, its, stop);
    } catch (...) {
      other_failure = std::current_exception();
    }
  });
  std::exception_ptr root_failure;
  try {
    out.root = run_tournament(t, o, {}, hooks, stop);
  } catch (...) {
    root_failure = std::current_exception();
  }
  other_process.join();
  out.sent = other.sent;
  out.root_key = wire.root_key, out.other_key = wire.other_key;
  if (root_failure) std::rethrow_exception(root_failure);
  if (other_failure) std::rethrow_exception(other_failure);
  return out;
}

TEST(Share, TwoProcessesReturnTheRecordsOfOneAndTheAnnexesReachTheRoot) {
  const Tournament t = tournament();
  RunOptions one;
  one.threads = 1;
  const auto alone = run_tournament(t, one, {}, {}, nullptr);
  Wire wire;
  const Shared s = play_shared(t, wire);
  EXPECT_TRUE(s.other.empty());
  EXPECT_GT(s.sent, 0) << "the other process played no game";
  EXPECT_EQ(s.root_key, results_header(t, ""));
  EXPECT_EQ(s.other_key, s.root_key);
  ASSERT_EQ(s.root.size(), alone.size());
  for (std::size_t i = 0; i < alone.size(); ++i) {
    EXPECT_EQ(record_line(t, s.root[i]), record_line(t, alone[i])) << "game " << i;
    EXPECT_EQ(s.annexes[i], "annex of game " + std::to_string(i));
  }
}

TEST(Share, ALineThatIsNotTheRunsGameIsRefusedAtTheRoot) {
  const Tournament t = tournament();
  Wire wire;
  // Another game's seed, as a rank running another seed would send.
  wire.tamper = [](const std::string& s) {
    const auto at = s.find("\"seed\":") + 7;
    return s.substr(0, at) + "1" + s.substr(s.find(',', at));
  };
  try {
    play_shared(t, wire);
    FAIL() << "a foreign line was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("a game sent by another process: game"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("seed"), std::string::npos) << e.what();
  }
}

TEST(Share, AFailureInTheOtherProcessesWorkersIsToldToTheShareAndRethrownThere) {
  const Tournament t = tournament();
  Wire wire;
  try {
    play_shared(t, wire, nullptr,
                [](const GameRecord&) -> std::string { throw std::runtime_error("labelling failed"); });
    FAIL() << "the other process's failure was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "labelling failed");
  }
  EXPECT_EQ(wire.failed_with, "labelling failed");
  EXPECT_EQ(wire.to_root.size(), 0u) << "a failed game was sent";
}

// Sessions in a row between a root and one other process: indices from one counter, the other's
// results in a queue, the root's broadcasts in another. A side takes an index of a session only once
// both have begun it, and the root only once the other has taken one (so that both play in every
// session).
struct Sessions {
  std::mutex mutex;
  std::condition_variable changed;
  long long root_session = 0, other_session = 0, other_finished = 0;  // numbers of sessions
  long long next = 0, total = 0;
  const std::vector<bool>* done = nullptr;
  bool other_took = false;
  std::deque<std::string> to_root, broadcasts;
  int other_played = 0, broadcast_count = 0;

  long long take(bool root) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return root_session == other_session && (!root || other_took); });
    for (; next < total; ++next)
      if (!done || !(*done)[static_cast<std::size_t>(next)]) {
        if (!root) other_took = true, ++other_played;
        changed.notify_all();
        return next++;
      }
    if (!root) other_took = true;  // none left: nothing to wait for
    changed.notify_all();
    return -1;
  }
};

class SessionsRoot final : public OnWire<Sessions, true> {
 public:
  using OnWire::OnWire;
  void begin(long long first, long long total, const std::vector<bool>* done, const std::atomic<bool>*, int,
             const std::string&) override {
    std::lock_guard lock(w_.mutex);
    ++w_.root_session;
    w_.next = first, w_.total = total, w_.done = done, w_.other_took = false;
    w_.changed.notify_all();
  }
  void close() override { ADD_FAILURE() << "an SPSA iteration closed"; }
  void send(std::string) override { ADD_FAILURE() << "the root sent a result"; }
  void fail(const std::string&) override {}
  void serve(const std::function<void(std::string&&)>& receive, const std::function<bool()>& local_finished) override {
    serve_wire(w_, receive, [&] { return w_.other_finished == w_.root_session && local_finished(); });
  }
  std::optional<std::string> broadcast(const std::string& text) override {
    std::lock_guard lock(w_.mutex);
    w_.broadcasts.push_back(text);
    ++w_.broadcast_count;
    w_.changed.notify_all();
    return text;
  }
};

class SessionsOther final : public OnWire<Sessions, false> {
 public:
  using OnWire::OnWire;
  void begin(long long, long long, const std::vector<bool>*, const std::atomic<bool>*, int,
             const std::string&) override {
    std::lock_guard lock(w_.mutex);
    ++w_.other_session;
    w_.changed.notify_all();
  }
  void close() override {}
  void send(std::string text) override {
    std::lock_guard lock(w_.mutex);
    w_.to_root.push_back(std::move(text));
    w_.changed.notify_all();
  }
  void fail(const std::string&) override {}
  void serve(const std::function<void(std::string&&)>&, const std::function<bool()>& local_finished) override {
    while (!local_finished()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::lock_guard lock(w_.mutex);
    w_.other_finished = w_.other_session;
    w_.changed.notify_all();
  }
  std::optional<std::string> broadcast(const std::string&) override {
    std::unique_lock lock(w_.mutex);
    w_.changed.wait(lock, [&] { return !w_.broadcasts.empty(); });
    std::string text = std::move(w_.broadcasts.front());
    w_.broadcasts.pop_front();
    return text;
  }
};

// The SPSA run the sessions below play: short, on one thread, with two random opening turns a game.
SpsaRunConfig spsa_run() {
  SpsaRunConfig c = short_spsa_run("ab(depth=1)", 4, 3, 1);
  c.opening_turns = 2;
  return c;
}

// The rows of the run from state on, played by a root and one other process whose own state is fresh.
std::vector<SpsaRow> spsa_shared(const SpsaRunConfig& c, Spsa& state, Sessions& wire) {
  SessionsRoot root(wire);
  SessionsOther other(wire);
  std::vector<SpsaRow> rows;
  SpsaHooks hooks;
  hooks.on_record = [&](const SpsaRow& r) { rows.push_back(r); };
  std::exception_ptr other_failure;
  std::thread other_process([&] {
    Spsa its = Spsa::start(c.spsa().value).value;
    SpsaHooks none;
    none.on_record = [](const SpsaRow&) { ADD_FAILURE() << "a row outside the root"; };
    try {
      run_spsa(c, its, none, nullptr, &other);
    } catch (...) {
      other_failure = std::current_exception();
    }
  });
  std::exception_ptr root_failure;
  try {
    run_spsa(c, state, hooks, nullptr, &root);
  } catch (...) {
    root_failure = std::current_exception();
  }
  other_process.join();
  if (root_failure) std::rethrow_exception(root_failure);
  if (other_failure) std::rethrow_exception(other_failure);
  return rows;
}

TEST(Share, SpsaIterationsSharedGiveTheTrajectoryOfOneProcessResumedToo) {
  const SpsaRunConfig c = spsa_run();
  std::vector<SpsaRow> alone;
  Spsa state = Spsa::start(c.spsa().value).value;
  SpsaHooks hooks;
  hooks.on_record = [&](const SpsaRow& r) { alone.push_back(r); };
  run_spsa(c, state, hooks, nullptr);
  ASSERT_EQ(alone.size(), 4u);

  Sessions wire;
  Spsa shared_state = Spsa::start(c.spsa().value).value;
  const auto rows = spsa_shared(c, shared_state, wire);
  EXPECT_GT(wire.other_played, 0) << "the other process played no game";
  EXPECT_EQ(wire.broadcast_count, 5) << "the state before each iteration, and the end";
  ASSERT_EQ(rows.size(), alone.size());
  for (std::size_t k = 0; k < rows.size(); ++k) EXPECT_EQ(spsa_csv_line(rows[k]), spsa_csv_line(alone[k]));

  // Resumed after two iterations at the root only: the other process starts fresh and follows it.
  Sessions again;
  Spsa resumed = Spsa::start(c.spsa().value).value;
  ASSERT_EQ(resumed.restore(alone[1].k, alone[1].theta), "");
  const auto rest = spsa_shared(c, resumed, again);
  ASSERT_EQ(rest.size(), 2u);
  for (std::size_t k = 0; k < rest.size(); ++k) EXPECT_EQ(spsa_csv_line(rest[k]), spsa_csv_line(alone[k + 2]));
}

TEST(Share, ReadRecordLineChecksALineAsAFileLineIsChecked) {
  const Tournament t = tournament();
  const auto g = play_scheduled_game(t, 3);
  ASSERT_TRUE(g);
  const std::string line = record_line(t, *g);
  auto back = read_record_line(t, line);
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(record_line(t, back.value), line);
  EXPECT_FALSE(read_record_line(t, "{\"type\":\"game\"}").ok());
  EXPECT_FALSE(read_record_line(t, "not json").ok());
  std::string extra = line;
  extra.insert(extra.size() - 1, ",\"extra\":1");
  auto refused = read_record_line(t, extra);
  EXPECT_NE(refused.error.find("extra"), std::string::npos) << refused.error;
}

TEST(Share, RunSimRunsTravelAsTheirLinesAndAreCheckedOnArrival) {
  RunSimConfig c;
  c.rules = rules("standard");
  c.player = parse_player("greedy").value;
  c.max_level = 2;
  c.runs = 3;
  const auto runs = simulate_runs(c, {}, {}, nullptr);
  ASSERT_EQ(runs.size(), 3u);
  for (const auto& r : runs) {
    auto back = read_run_line(c, run_line(c, r));
    ASSERT_TRUE(back.ok()) << back.error;
    EXPECT_EQ(run_line(c, back.value), run_line(c, r));
  }
  RunSimConfig other = c;
  other.seed = 2;
  EXPECT_FALSE(read_run_line(other, run_line(c, runs[0])).ok());
}

}  // namespace
}  // namespace seega::test
