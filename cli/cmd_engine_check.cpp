// seega engine-check: drives an engine through every message of the protocol (docs/protocol.md), bad
// positions, a stop and a whole game included, and says what passed, as fastchess's --compliance does.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>

#include "common.hpp"
#include "engine/player.hpp"
#include "engine/protocol.hpp"
#include "rules/notation.hpp"
#include "rules/spec.hpp"
#include "runs/io/json.hpp"
#include "runs/play/engine_process.hpp"

namespace seega::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct Check {
  std::string name;
  bool passed = false;
  std::string detail;
  bool untested = false;  // the engine did nothing wrong, but what the check looks for could not be seen
};

// The engine and what it said, for the checks.
class Session {
 public:
  explicit Session(std::unique_ptr<EngineChannel> channel) : channel_(std::move(channel)) {}
  bool send(const std::string& line) { return channel_ && channel_->write_line(line); }
  // The next line that is not an error or an empty line (errors are kept in errors()), within ms;
  // with errors_too, an error line too.
  EngineChannel::Read read(std::string& line, long long ms, bool errors_too = false) {
    const auto t0 = Clock::now();
    while (true) {
      if (!channel_) return EngineChannel::Read::Closed;
      const auto r = channel_->read_line(line, std::max(ms - ms_since(t0), 0LL));
      take_stderr();
      if (r != EngineChannel::Read::Line) return r;
      auto [word, rest] = first_word(line);
      if (word == "error") errors_.emplace_back(rest);
      if (!word.empty() && (word != "error" || errors_too)) return r;
    }
  }
  // Waits for readyok: "" or what went wrong.
  std::string ready(long long ms) {
    if (!send("isready")) return "its input is closed";
    const auto t0 = Clock::now();
    std::string line;
    while (true) {
      const auto r = read(line, ms - ms_since(t0));
      if (r == EngineChannel::Read::Timeout) return "no readyok within " + std::to_string(ms) + " ms";
      if (r == EngineChannel::Read::Closed) return "it ended: it " + end();
      if (line == "readyok") return "";
    }
  }
  // After a check that failed: stop (whatever it still thinks about) and isready, and every line up to
  // readyok read and dropped, so that the next check reads its own answers. False when no readyok came.
  bool resync(long long ms) {
    send("stop");
    return ready(ms).empty();
  }
  std::string end() {
    if (channel_ && ended_.empty()) {
      ended_ = channel_->end();
      take_stderr();
    }
    return channel_ ? ended_ : "ended";
  }
  // "; its standard error said '...'" with the last line it wrote there, or "".
  std::string last_words() const { return stderr_.empty() ? "" : "; its standard error said " + quote(stderr_.back()); }
  std::vector<std::string>& errors() { return errors_; }

 private:
  static long long ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
  }
  void take_stderr() {
    for (auto& l : channel_->take_stderr())
      if (!trim(l).empty()) stderr_.push_back(std::move(l));
  }
  std::unique_ptr<EngineChannel> channel_;
  std::vector<std::string> errors_, stderr_;
  std::string ended_;
};

// What an engine's answer to go was: the move (in `move`) and the info lines, or what went wrong.
template <int N>
std::string ask_move(Session& s, const Position<N>& pos, const std::string& position, const std::string& go,
                     long long ms, std::string& move, int& infos) {
  if (!s.send(position) || !s.send(go)) return "its input is closed";
  std::string line;
  const auto t0 = Clock::now();
  while (true) {
    const long long left = ms - std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
    const auto r = s.read(line, left);
    if (r == EngineChannel::Read::Timeout) return "no bestmove within " + std::to_string(ms) + " ms";
    if (r == EngineChannel::Read::Closed) return "it ended: it " + s.end();
    auto [word, rest] = first_word(line);
    if (word == "info") {
      auto info = parse_info(line);
      if (!info.ok()) return "a malformed info line " + quote(line) + ": " + info.error;
      ++infos;
      continue;
    }
    if (word != "bestmove") return quote(line) + " is no answer to go (info, bestmove, error)";
    const bool over = pos.outcome().over() || count_legal_moves(pos) == 0;
    if (over || rest == kNoMove) {
      move = std::string(rest);
      if (over && rest == kNoMove) return "";
      return over ? "bestmove " + quote(rest) + " in a finished game (bestmove none expected)"
                  : "bestmove none, but the position has " + std::to_string(count_legal_moves(pos)) + " legal moves";
    }
    auto m = parse_move(pos, rest);
    if (!m.ok()) return "bestmove " + quote(rest) + ": " + m.error;
    move = std::string(rest);
    return "";
  }
}

// How long a check waits for readyok, and for a bestmove after stop.
constexpr long long kReadyMs = 2000;

template <int N>
std::vector<Check> run_checks(const std::string& cmd, const Rules& rules, long long timeout_ms, std::uint64_t seed) {
  std::vector<Check> checks;
  // Set when the engine no longer answers isready after a failed check: the checks after it are not run
  // (each fails at once), so that a hung engine costs seconds, not a timeout a check.
  std::string gone;
  const auto add = [&](std::string name, const std::string& error, std::string detail = "") {
    checks.push_back({std::move(name), error.empty(), error.empty() ? std::move(detail) : error});
    return error.empty();
  };
  std::string error;
  auto channel = spawn_engine(cmd, error);
  if (!channel) {
    add("start", "could not start " + quote(cmd) + ": " + error);
    return checks;
  }
  Session s(std::move(channel));
  // A check of the engine's answers: not run once it is gone; after a failure, the engine is brought back
  // in step, or found gone.
  const auto check = [&](std::string name, const std::function<std::string()>& run, const std::string& detail) {
    if (!gone.empty()) {
      checks.push_back({std::move(name), false, "not run: " + gone});
      return false;
    }
    const std::string why = run();
    checks.push_back({name, why.empty(), why.empty() ? detail : why});
    if (!why.empty() && !s.resync(kReadyMs))
      gone = "the engine stopped answering (no readyok within " + std::to_string(kReadyMs / 1000) +
             " s of stop and isready after '" + name + "')";
    return why.empty();
  };

  // Started, and the handshake: a command that ends before its first line did not start (a missing
  // binary: the shell's words on its standard error).
  Handshake h;
  {
    std::string why, line;
    bool started = true;
    if (!s.send("seega")) why = "its input is closed";
    for (bool first = true; why.empty(); first = false) {
      const auto r = s.read(line, 10000);
      if (r == EngineChannel::Read::Timeout) why = "no seegaok within 10 s";
      else if (r == EngineChannel::Read::Closed && first) {
        started = false;
        why = quote(cmd) + " ended before its first line: it " + s.end() + s.last_words();
      } else if (r == EngineChannel::Read::Closed) why = "it ended before seegaok: it " + s.end() + s.last_words();
      else if (auto done = read_handshake_line(h, line); !done.ok()) why = done.error;
      else if (done.value) break;
    }
    if (!started) {
      add("start", why);
      return checks;
    }
    add("start", "", "started " + quote(cmd));
    std::string sizes;
    for (int n : h.sizes) sizes += " " + std::to_string(n);
    if (!add("handshake", why,
             fmt::format("name {}, author {}, protocol {}, rules {}, sizes{}", quote(h.name), quote(h.author),
                         h.protocol, joined(h.rules), sizes)))
      return checks;
  }
  // The rules as an engine is told them: under the preset whose keys they are (spoken_rules).
  const std::string spoken = spoken_rules(rules).to_string();
  add("the handshake names these rules", h.refusal(rules), spoken);
  check(
      "isready", [&] { return s.ready(kReadyMs); }, "readyok");
  const auto newgame = [&](std::uint64_t game_seed) {
    std::string why, line;
    if (!s.send(fmt::format("newgame {} seed {}", spoken, game_seed))) why = "its input is closed";
    while (why.empty()) {
      const auto r = s.read(line, kReadyMs, true);
      if (r == EngineChannel::Read::Timeout) why = "no answer to newgame within 2 s";
      else if (r == EngineChannel::Read::Closed) why = "it ended: it " + s.end();
      else if (line == "ok") break;
      else if (first_word(line).first == "error") why = "it refused: " + std::string(first_word(line).second);
      else why = "answered newgame with " + quote(line) + " (ok expected)";
    }
    return why;
  };
  if (!check(
          "newgame " + spoken, [&] { return newgame(seed); }, "ok"))
    return checks;

  // Moves from the start, after moves, and from a position in notation.
  Rng rng(seed);
  const Position<N> start(rules, rules.first_placer);
  Position<N> pos = start;
  std::vector<std::string> moves;
  int infos = 0;
  std::string move;
  const std::string depth_go = "go depth 1";
  const auto go_check = [&](std::string name, const Position<N>& p, const std::string& position, const std::string& go,
                            long long ms, const std::string& detail) {
    return check(
        std::move(name), [&] { return ask_move(s, p, position, go, ms, move, infos); }, detail);
  };
  // The detail of a passing go names its move, known only once it ran.
  const auto go_move_check = [&](std::string name, const Position<N>& p, const std::string& position) {
    if (!gone.empty())
      return check(
          std::move(name), [] { return std::string(); }, "");
    const std::string why = ask_move(s, p, position, depth_go, timeout_ms, move, infos);
    return check(
        std::move(name), [&] { return why; }, "bestmove " + move);
  };
  go_move_check("go from startpos", pos, "position startpos");
  // A few random turns, through placement and into movement where the game lasts that long.
  const int turns = rules.stones_per_side() + 4;
  for (int i = 0; i < turns && !pos.outcome().over(); ++i) {
    const Move<N> m = random_move(pos, rng);
    moves.push_back(to_string(pos, m));
    pos.play(m);
  }
  std::string moves_text;
  for (const auto& m : moves) moves_text += " " + m;
  if (!pos.outcome().over()) {
    go_move_check(fmt::format("go after {} moves", moves.size()), pos, "position startpos moves" + moves_text);
    go_move_check("go from a position in notation", pos, "position fen " + to_string(pos));
    go_check("go movetime 300", pos, "position fen " + to_string(pos), "go movetime 300", 300 + 1000,
             "bestmove within 1.3 s");
    go_check("go with a clock", pos, "position fen " + to_string(pos), "go wtime 2000 btime 2000 winc 0 binc 0",
             2000 + 1000, "bestmove within 3 s of a 2 s clock");
    // stop: a long think cut short. Its bestmove must come after stop was sent: one that came before showed
    // nothing of whether the engine reads stop while it thinks.
    long long after_stop = 0;
    bool early = false;
    check(
        "stop",
        [&]() -> std::string {
          if (!s.send("position fen " + to_string(pos)) || !s.send("go movetime 60000")) return "its input is closed";
          const auto t0 = Clock::now();
          std::string line;
          constexpr long long kThinkMs = 200;  // a moment to start thinking
          while (true) {
            const long long left =
                kThinkMs - std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
            const auto r = s.read(line, left);
            if (r == EngineChannel::Read::Timeout) break;
            if (r == EngineChannel::Read::Closed) return "it ended: it " + s.end();
            if (first_word(line).first == "bestmove") {
              early = true;
              return fmt::format(
                  "it answered go movetime 60000 in {} ms, before stop was sent: whether it reads stop while it "
                  "thinks is not shown (an engine that uses its move time shows it)",
                  std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count());
            }
          }
          s.send("stop");
          const auto sent = Clock::now();
          while (true) {
            const long long left =
                1000 - std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent).count();
            const auto r = s.read(line, left);
            if (r == EngineChannel::Read::Timeout) return "no bestmove within 1 s of stop";
            if (r == EngineChannel::Read::Closed) return "it ended: it " + s.end();
            if (first_word(line).first == "bestmove") break;
          }
          after_stop = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent).count();
          return "";
        },
        "");
    if (checks.back().passed) checks.back().detail = fmt::format("bestmove {} ms after stop", after_stop);
    // Answering a long go early is allowed (an engine may finish sooner), so it is no failure: the check
    // says it could not see whether stop is read.
    if (early) checks.back().untested = true;
  }
  // Bad input: the engine survives it (an error line is welcome).
  const auto survives = [&](const std::string& name, const std::string& line) {
    const auto errors = s.errors().size();
    check(
        name,
        [&] {
          s.send(line);
          return s.ready(kReadyMs);
        },
        "");
    if (checks.back().passed)
      checks.back().detail = s.errors().size() > errors ? "error " + s.errors().back() : "survived (no error line)";
  };
  survives("a malformed position", "position fen not/a/position x 0/0 0 0");
  survives("an illegal move in a position", "position startpos moves a1+a1");
  survives("an unknown command", "frobnicate 3");

  // A whole game against random moves, every answer legal and in time.
  {
    std::string detail;
    check(
        "a whole game against random moves",
        [&]() -> std::string {
          if (auto why = newgame(seed + 1); !why.empty()) return "newgame: " + why;
          Position<N> p = start;
          std::vector<std::string> played;
          int engine_moves = 0;
          const Color engine_side = rules.first_placer;
          while (!p.outcome().over()) {
            Move<N> m;
            if (p.side() == engine_side && count_legal_moves(p) > 1) {
              std::string text, all;
              for (const auto& x : played) all += " " + x;
              const std::string why = ask_move(s, p, "position startpos" + (all.empty() ? "" : " moves" + all),
                                               depth_go, timeout_ms, text, infos);
              if (!why.empty()) return fmt::format("ply {}: {}", played.size() + 1, why);
              m = parse_move(p, text).value;
              ++engine_moves;
            } else {
              m = random_move(p, rng);
            }
            played.push_back(to_string(p, m));
            p.play(m);
          }
          detail =
              fmt::format("{} plies, {} moves of the engine, {}", played.size(), engine_moves, to_string(p.outcome()));
          return "";
        },
        "");
    if (checks.back().passed) checks.back().detail = detail;
  }
  // A go in a finished game: exactly one bestmove, none, and the engine still answering.
  check(
      "go in a finished game",
      [&]() -> std::string {
        Position<N> p = start;
        std::string all;
        while (!p.outcome().over()) {
          const Move<N> m = random_move(p, rng);
          all += " " + to_string(p, m);
          p.play(m);
        }
        std::string why = ask_move(s, p, "position startpos moves" + all, depth_go, timeout_ms, move, infos);
        std::string line;
        if (why.empty() && !s.send("isready")) why = "its input is closed";
        if (why.empty() && s.read(line, kReadyMs) != EngineChannel::Read::Line)
          why = "no readyok within 2 s after bestmove none";
        if (why.empty() && line != "readyok")
          why = quote(line) + " after bestmove none (readyok expected: one bestmove a go)";
        return why;
      },
      "bestmove none");
  add("info lines", "", infos ? fmt::format("{} well-formed", infos) : "none sent (they are optional)");
  {
    s.send("quit");
    const std::string ended = s.end();
    add("quit", ended == "exited with status 0" ? "" : "after quit it " + ended, "exited with status 0");
  }
  return checks;
}

}  // namespace

int run_engine_check(const std::vector<std::string>& args) {
  std::string rules_text, seed_text;
  std::vector<std::string> command;
  long long timeout_ms = 3'000;
  bool json = false;
  po::options_description opts("engine-check options");
  add_rules_option(opts, rules_text);
  opts.add_options()("cmd", po::value(&command)->multitoken(), "the command that starts the engine (/bin/sh -c)")(
      "timeout", po::value(&timeout_ms)->default_value(3'000), "ms a go depth 1 may take")(
      "seed", po::value(&seed_text)->default_value("1"), "seed of the random moves the checks play")(
      "json", po::bool_switch(&json), "print one JSON object");
  po::positional_options_description positional;
  positional.add("cmd", -1);
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega engine-check 'CMD' [--rules R] [--timeout MS] [--seed S] [--json]\n"
                     "  CMD starts the engine (quoted as one word when it has options of its own)\n"
                     "  exit 0 when no check failed (one that could not be tested is no failure), 1 when one failed",
                     &positional))
    return 0;
  if (command.empty()) throw UsageError("engine-check needs the command that starts the engine");
  if (timeout_ms < 1 || timeout_ms > 3'600'000)
    throw UsageError(fmt::format("--timeout {}: allowed 1 to 3600000 ms", timeout_ms));
  std::string cmd;
  for (const auto& w : command) cmd += (cmd.empty() ? "" : " ") + w;
  const Rules rules = load_rules(rules_text);
  const std::uint64_t seed = parse_seed(seed_text);
  const auto checks = with_size(rules.size, [&]<int N>() { return run_checks<N>(cmd, rules, timeout_ms, seed); });
  int passed = 0, untested = 0;
  for (const auto& c : checks) {
    passed += c.passed;
    untested += c.untested;
  }
  const bool failed = passed + untested < static_cast<int>(checks.size());
  if (json) {
    nlohmann::json j{
        {"command", cmd}, {"rules", rules.to_string()}, {"passed", passed}, {"checks", nlohmann::json::array()}};
    j["untested"] = untested;
    for (const auto& c : checks)
      j["checks"].push_back({{"name", c.name}, {"passed", c.passed}, {"untested", c.untested}, {"detail", c.detail}});
    j["total"] = checks.size();
    print_json(j);
  } else {
    for (const auto& c : checks)
      fmt::print("{} {}: {}\n", c.passed ? "ok  " : c.untested ? "n/a " : "FAIL", c.name, c.detail);
    fmt::print("{} of {} checks passed{}\n", passed, checks.size(),
               untested ? fmt::format(", {} could not be tested", untested) : "");
  }
  return failed ? 1 : 0;
}

}  // namespace seega::cli
