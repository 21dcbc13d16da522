#pragma once
// Someone else's engine, from the controller's end of the protocol (engine/protocol.hpp,
// docs/protocol.md): the one client that tournaments play through and `seega engine-check` checks with,
// beside the process it drives (engine_process.hpp).
//
// As a player, the engine is started once, asked for its handshake, told of each new game with its rules
// and seed, given the position as the game's start and its moves, and asked to go within the move's
// limits. Whatever goes wrong becomes the game's result, never an exception: an engine that exits loses
// the game as engine_crashed, one that does not answer within its time (or its timeout) plus the margin
// as time_forfeit, one that answers with a move that is not legal, not a move, or writes a line that is
// no message of the protocol as illegal_move. The engine is then stopped and started again for the next
// game.

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/player.hpp"
#include "engine/protocol.hpp"
#include "rules/rules.hpp"
#include "runs/play/engine_process.hpp"

namespace seega {

// How long the controller waits for a handshake or an answer to newgame or isready (ms).
constexpr long long kEngineStartMs = 10'000;
// The lines of conversation a client keeps (the last ones), for the log of a forfeit.
constexpr std::size_t kEngineLogLines = 24;

// One running engine and the conversation with it: each line sent ("> "), read ("< ") and written to
// its standard error ("! ") is kept, the last kEngineLogLines of them.
class EngineClient {
 public:
  using Read = EngineChannel::Read;
  explicit EngineClient(std::unique_ptr<EngineChannel> channel) : channel_(std::move(channel)) {}
  ~EngineClient() { close(); }
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  // Sends one line; false when the engine has gone.
  bool send(const std::string& line);
  // The next line within ms that is neither empty nor an `error` line (each error's words are kept in
  // errors()); with errors_too an error line is returned too. Closed once the engine has gone.
  Read read(std::string& line, long long ms, bool errors_too = false);

  // `seega`, then every line up to seegaok: the handshake, or what went wrong. When the engine ended
  // before its first line, first_line_missing is set (a command that did not start: a missing binary).
  Parsed<Handshake> handshake(long long ms, bool* first_line_missing = nullptr);
  // `newgame RULES seed S` (the rules as an engine is told them: spoken_rules): "" when it answered ok,
  // else what went wrong.
  std::string new_game(const Rules& rules, std::uint64_t seed, long long ms);
  // isready: "" once readyok came, else what went wrong.
  std::string ready(long long ms);
  // After an answer that went wrong: stop (whatever it still thinks about) and isready, every line up to
  // readyok read and dropped, so that the next question reads its own answer. False when no readyok came.
  bool resync(long long ms);

  // The answer to a go already sent: the words after bestmove, or what went wrong.
  struct BestMove {
    enum class Failure { None, Timeout, Ended, Unreadable };
    Failure failure = Failure::None;
    std::string move;   // the words after bestmove (kNoMove for none)
    std::string error;  // what went wrong: no bestmove within ms, how it ended, the line that is no answer
    int infos = 0;      // the well-formed info lines read
  };
  // Reads info lines (each with figures to on_info) until bestmove, at most ms; when *stop turns true,
  // sends stop once and goes on waiting.
  BestMove await_bestmove(long long ms, const std::atomic<bool>* stop = nullptr,
                          const std::function<void(const EngineInfo&)>& on_info = {});

  // Asks the engine to quit and ends it (killed if it does not go): how it ended.
  std::string close();
  // How it ended, once read() said Closed, or once asked to quit: given exit_ms to exit, then killed.
  std::string ended(int exit_ms = kEngineExitMs);
  std::vector<std::string> log() const { return {log_.begin(), log_.end()}; }
  // "; its standard error said '...'" with the last line it wrote there, or "".
  std::string last_words() const;
  // The words of every error line it wrote, in order.
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  void take_stderr();
  void remember(std::string line);
  std::string finish(bool ask_to_quit, int exit_ms);
  std::unique_ptr<EngineChannel> channel_;
  std::deque<std::string> log_;
  std::vector<std::string> errors_;
  std::string ended_;
};

// The player of an engine(...) spec, its engine started by `start` (a process running its command, unless
// a test gives another).
template <int N>
std::unique_ptr<Player<N>> make_engine_player(const PlayerSpec& spec, EngineStarter start);
// The player of any spec: make_player's, or the engine player of an engine(...) spec and of one given as
// placement=, each starting its own process.
template <int N>
std::unique_ptr<Player<N>> make_any_player(const PlayerSpec& spec);

// Starts the engine of spec, reads its handshake, checks that it plays `rules` (its rules and sizes, and
// then its answer to newgame) and stops it: the handshake, or an error saying what the engine said or
// did ("engine 'mine': it plays the sizes 5, not 7"). The check a run makes before its first game.
Parsed<Handshake> check_engine(const PlayerSpec& spec, const Rules& rules, const EngineStarter& start);
Parsed<Handshake> check_engine(const PlayerSpec& spec, const Rules& rules);

}  // namespace seega
