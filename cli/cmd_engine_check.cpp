// seega engine-check: drives an engine through every message of the protocol (docs/protocol.md), bad
// positions, a stop and a whole game included, and says what passed, as fastchess's --compliance does.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>

#include "common.hpp"
#include "engine/player.hpp"
#include "engine/protocol.hpp"
#include "job.hpp"
#include "rules/notation.hpp"
#include "rules/spec.hpp"
#include "runs/io/json.hpp"
#include "runs/play/engine_client.hpp"

namespace seega::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct Check {
  std::string name;
  bool passed = false;
  std::string detail;
  bool untested = false;  // the engine did nothing wrong, but what the check looks for could not be seen
};

// How long a check waits for readyok, and for a bestmove after stop.
constexpr long long kReadyMs = 2000;
// How long an engine that still answers has to exit after quit.
constexpr int kQuitExitMs = 3000;

// Every check of one engine in order, each a method, on the client tournaments play through.
template <int N>
class Checker {
 public:
  Checker(std::string cmd, const Rules& rules, long long timeout_ms, std::uint64_t seed)
      : cmd_(std::move(cmd)),
        rules_(rules),
        timeout_ms_(timeout_ms),
        seed_(seed),
        rng_(seed),
        spoken_(spoken_rules(rules).to_string()) {}

  std::vector<Check> run() {
    if (!start()) return std::move(checks_);
    check(
        "isready", [&] { return client_->ready(kReadyMs); }, "readyok");
    if (!check(
            "newgame " + spoken_, [&] { return new_game(seed_); }, "ok"))
      return std::move(checks_);
    moves();
    bad_input();
    whole_game();
    finished_game();
    add("info lines", "", infos_ ? fmt::format("{} well-formed", infos_) : "none sent (they are optional)");
    client_->send("quit");
    // The quit check gives an engine that still answers kQuitExitMs to exit, more than a run's kEngineExitMs:
    // exiting is what it checks, and a sanitizer build's leak check at exit took up to 1.2 s under load.
    // An engine that stopped answering gets the run's.
    const std::string ended = client_->ended(gone_.empty() ? kQuitExitMs : kEngineExitMs);
    add("quit", ended == "exited with status 0" ? "" : "after quit it " + ended, "exited with status 0");
    return std::move(checks_);
  }

 private:
  bool add(std::string name, const std::string& error, std::string detail = "") {
    checks_.push_back({std::move(name), error.empty(), error.empty() ? std::move(detail) : error});
    return error.empty();
  }
  // A check of the engine's answers: not run once it is gone; after a failure, the engine is brought back
  // in step (EngineClient::resync), or found gone, so that a hung engine costs seconds, not a timeout a
  // check.
  bool check(std::string name, const std::function<std::string()>& run, const std::string& detail) {
    if (!gone_.empty()) {
      checks_.push_back({std::move(name), false, "not run: " + gone_});
      return false;
    }
    const std::string why = run();
    checks_.push_back({name, why.empty(), why.empty() ? detail : why});
    if (!why.empty() && !client_->resync(kReadyMs))
      gone_ = "the engine stopped answering (no readyok within " + std::to_string(kReadyMs / 1000) +
              " s of stop and isready after '" + name + "')";
    return why.empty();
  }

  // Started, and the handshake: a command that ends before its first line did not start (a missing
  // binary: the shell's words on its standard error).
  bool start() {
    std::string error;
    auto channel = spawn_engine(cmd_, error);
    if (!channel) return add("start", "could not start " + quote(cmd_) + ": " + error);
    client_ = std::make_unique<EngineClient>(std::move(channel));
    bool first_line_missing = false;
    auto h = client_->handshake(kEngineStartMs, &first_line_missing);
    if (first_line_missing)
      return add("start", quote(cmd_) + " ended before its first line: it " + client_->ended() + client_->last_words());
    add("start", "", "started " + quote(cmd_));
    std::string sizes;
    for (int n : h.value.sizes) sizes += " " + std::to_string(n);
    if (!add("handshake", h.error,
             fmt::format("name {}, author {}, protocol {}, rules {}, sizes{}", quote(h.value.name),
                         quote(h.value.author), h.value.protocol, joined(h.value.rules), sizes)))
      return false;
    // The rules as an engine is told them: under the preset whose keys they are (spoken_rules).
    add("the handshake names these rules", h.value.refusal(rules_), spoken_);
    return true;
  }
  std::string new_game(std::uint64_t game_seed) { return client_->new_game(rules_, game_seed, kReadyMs); }

  // What an engine's answer to go was: the move (in move_) and the info lines, or what went wrong.
  std::string ask_move(const Position<N>& pos, const std::string& position, const std::string& go, long long ms) {
    if (!client_->send(position) || !client_->send(go)) return "its input is closed";
    const auto answer = client_->await_bestmove(ms);
    infos_ += answer.infos;
    if (answer.failure != EngineClient::BestMove::Failure::None) return answer.error;
    const std::string& rest = answer.move;
    const bool over = pos.outcome().over() || count_legal_moves(pos) == 0;
    move_ = rest;
    if (over || rest == kNoMove) {
      if (over && rest == kNoMove) return "";
      return over ? "bestmove " + quote(rest) + " in a finished game (bestmove none expected)"
                  : "bestmove none, but the position has " + std::to_string(count_legal_moves(pos)) + " legal moves";
    }
    auto m = parse_move(pos, rest);
    if (!m.ok()) return "bestmove " + quote(rest) + ": " + m.error;
    return "";
  }
  // A go whose passing detail names its move, known only once it ran.
  void go_move_check(std::string name, const Position<N>& p, const std::string& position) {
    std::string why;
    if (gone_.empty()) why = ask_move(p, position, kDepthGo, timeout_ms_);
    check(
        std::move(name), [&] { return why; }, "bestmove " + move_);
  }
  void go_check(std::string name, const Position<N>& p, const std::string& go, long long ms,
                const std::string& detail) {
    check(
        std::move(name), [&] { return ask_move(p, "position fen " + to_string(p), go, ms); }, detail);
  }

  // Moves from the start, after moves, and from a position in notation, under each kind of limit.
  void moves() {
    const Position<N> start(rules_, rules_.first_placer);
    go_move_check("go from startpos", start, "position startpos");
    // A few random turns, through placement and into movement where the game lasts that long.
    Position<N> pos = start;
    std::string moves_text;
    int moves = 0;
    for (; moves < rules_.stones_per_side() + 4 && !pos.outcome().over(); ++moves) {
      const Move<N> m = random_move(pos, rng_);
      moves_text += " " + to_string(pos, m);
      pos.play(m);
    }
    if (pos.outcome().over()) return;
    go_move_check(fmt::format("go after {} moves", moves), pos, "position startpos moves" + moves_text);
    go_move_check("go from a position in notation", pos, "position fen " + to_string(pos));
    go_check("go movetime 300", pos, "go movetime 300", 300 + 1000, "bestmove within 1.3 s");
    go_check("go with a clock", pos, "go wtime 2000 btime 2000 winc 0 binc 0", 2000 + 1000,
             "bestmove within 3 s of a 2 s clock");
    stop(pos);
  }

  // stop: a long think cut short. Its bestmove must come after stop was sent: one that came before showed
  // nothing of whether the engine reads stop while it thinks. Answering a long go early is allowed (an
  // engine may finish sooner), so it is no failure: the check says it could not see whether stop is read.
  void stop(const Position<N>& pos) {
    constexpr long long kThinkMs = 200;  // a moment to start thinking
    long long after_stop = 0;
    bool early = false;
    check(
        "stop",
        [&]() -> std::string {
          if (!client_->send("position fen " + to_string(pos)) || !client_->send("go movetime 60000"))
            return "its input is closed";
          const auto t0 = Clock::now();
          auto before = client_->await_bestmove(kThinkMs);
          if (before.failure == EngineClient::BestMove::Failure::None) {
            early = true;
            return fmt::format(
                "it answered go movetime 60000 in {} ms, before stop was sent: whether it reads stop while it "
                "thinks is not shown (an engine that uses its move time shows it)",
                ms_since(t0));
          }
          if (before.failure != EngineClient::BestMove::Failure::Timeout) return before.error;
          const std::atomic<bool> now{true};
          const auto sent = Clock::now();
          auto after = client_->await_bestmove(1000, &now);
          if (after.failure == EngineClient::BestMove::Failure::Timeout) return "no bestmove within 1 s of stop";
          if (after.failure != EngineClient::BestMove::Failure::None) return after.error;
          after_stop = ms_since(sent);
          return "";
        },
        "");
    if (checks_.back().passed) checks_.back().detail = fmt::format("bestmove {} ms after stop", after_stop);
    if (early) checks_.back().untested = true;
  }

  // Bad input: the engine survives it (an error line is welcome).
  void bad_input() {
    const auto survives = [&](const std::string& name, const std::string& line) {
      const auto errors = client_->errors().size();
      check(
          name,
          [&] {
            client_->send(line);
            return client_->ready(kReadyMs);
          },
          "");
      if (checks_.back().passed)
        checks_.back().detail =
            client_->errors().size() > errors ? "error " + client_->errors().back() : "survived (no error line)";
    };
    survives("a malformed position", "position fen not/a/position x 0/0 0 0");
    survives("an illegal move in a position", "position startpos moves a1+a1");
    survives("an unknown command", "frobnicate 3");
  }

  // A whole game against random moves, every answer legal and in time.
  void whole_game() {
    std::string detail;
    check(
        "a whole game against random moves",
        [&]() -> std::string {
          if (auto why = new_game(seed_ + 1); !why.empty()) return "newgame: " + why;
          Position<N> p(rules_, rules_.first_placer);
          std::string all;
          int plies = 0, engine_moves = 0;
          while (!p.outcome().over()) {
            Move<N> m;
            if (p.side() == rules_.first_placer && count_legal_moves(p) > 1) {
              const std::string why =
                  ask_move(p, "position startpos" + (all.empty() ? "" : " moves" + all), kDepthGo, timeout_ms_);
              if (!why.empty()) return fmt::format("ply {}: {}", plies + 1, why);
              m = parse_move(p, move_).value;
              ++engine_moves;
            } else {
              m = random_move(p, rng_);
            }
            all.append(" ").append(to_string(p, m));
            ++plies;
            p.play(m);
          }
          detail = fmt::format("{} plies, {} moves of the engine, {}", plies, engine_moves, to_string(p.outcome()));
          return "";
        },
        "");
    if (checks_.back().passed) checks_.back().detail = detail;
  }

  // A go in a finished game: exactly one bestmove, none, and the engine still answering.
  void finished_game() {
    check(
        "go in a finished game",
        [&]() -> std::string {
          Position<N> p(rules_, rules_.first_placer);
          std::string all;
          while (!p.outcome().over()) {
            const Move<N> m = random_move(p, rng_);
            all.append(" ").append(to_string(p, m));
            p.play(m);
          }
          std::string why = ask_move(p, "position startpos moves" + all, kDepthGo, timeout_ms_);
          std::string line;
          if (why.empty() && !client_->send("isready")) why = "its input is closed";
          if (why.empty() && client_->read(line, kReadyMs) != EngineClient::Read::Line)
            why = "no readyok within 2 s after bestmove none";
          if (why.empty() && line != "readyok")
            why = quote(line) + " after bestmove none (readyok expected: one bestmove a go)";
          return why;
        },
        "bestmove none");
  }

  static long long ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
  }
  static constexpr const char* kDepthGo = "go depth 1";

  const std::string cmd_;
  const Rules& rules_;
  const long long timeout_ms_;
  const std::uint64_t seed_;
  Rng rng_;
  const std::string spoken_;
  std::unique_ptr<EngineClient> client_;
  std::vector<Check> checks_;
  // Set when the engine no longer answers isready after a failed check: the checks after it are not run
  // (each fails at once).
  std::string gone_;
  int infos_ = 0;
  std::string move_;  // the last bestmove's words
};

}  // namespace

int command_engine_check(const std::vector<std::string>& args, const Job&) {
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
  po::variables_map vm;
  if (!parse_options(args, opts, vm,
                     "usage: seega engine-check 'CMD' [--rules R] [--timeout MS] [--seed S] [--json]\n"
                     "  CMD starts the engine (quoted as one word when it has options of its own)\n"
                     "  exit 0 when no check failed (one that could not be tested is no failure), 1 when one failed",
                     {"cmd", -1}))
    return 0;
  if (command.empty()) throw UsageError("engine-check needs the command that starts the engine");
  if (timeout_ms < 1 || timeout_ms > 3'600'000)
    throw UsageError(fmt::format("--timeout {}: allowed 1 to 3600000 ms", timeout_ms));
  std::string cmd;
  for (const auto& w : command) cmd += (cmd.empty() ? "" : " ") + w;
  const Rules rules = load_rules(rules_text);
  const std::uint64_t seed = parse_seed(seed_text);
  const auto checks = with_size(rules.size, [&]<int N>() { return Checker<N>(cmd, rules, timeout_ms, seed).run(); });
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
