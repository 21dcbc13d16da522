#include "runs/play/engine_client.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "rules/notation.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

using Clock = std::chrono::steady_clock;

long long ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

}  // namespace

bool EngineClient::send(const std::string& line) {
  remember("> " + line);
  return channel_ && channel_->write_line(line);
}

EngineClient::Read EngineClient::read(std::string& line, long long ms, bool errors_too) {
  const auto t0 = Clock::now();
  while (true) {
    if (!channel_) return Read::Closed;
    const auto r = channel_->read_line(line, std::max(ms - ms_since(t0), 0LL));
    take_stderr();
    if (r != Read::Line) return r;
    remember("< " + escaped(line));
    auto [word, rest] = first_word(line);
    if (word == "error") errors_.emplace_back(rest);
    if (!word.empty() && (word != "error" || errors_too)) return r;
  }
}

Parsed<Handshake> EngineClient::handshake(long long ms, bool* first_line_missing) {
  using P = Parsed<Handshake>;
  // An engine that has already ended refuses the line; what it wrote before it ended (a wrong first
  // line, or its standard error) is still read below and says more than the refused write.
  send("seega");
  Handshake h;
  const auto t0 = Clock::now();
  std::string line;
  for (bool first = true;; first = false) {
    const auto r = read(line, ms - ms_since(t0));
    if (r == Read::Timeout) return P::fail("no seegaok within " + std::to_string(ms / 1000) + " s of 'seega'");
    if (r == Read::Closed) {
      if (first_line_missing) *first_line_missing = first;
      const std::string how = ended();
      return P::fail("it ended before seegaok: it " + how + last_words());
    }
    auto done = read_handshake_line(h, line);
    if (!done.ok()) return P::fail("handshake: " + done.error);
    if (done.value) return {h, {}};
  }
}

std::string EngineClient::new_game(const Rules& run_rules, std::uint64_t seed, long long ms) {
  const std::string rules = spoken_rules(run_rules).to_string();
  if (!send("newgame " + rules + " seed " + std::to_string(seed))) return "it closed its input (it " + ended() + ")";
  const auto t0 = Clock::now();
  std::string line;
  while (true) {
    const auto r = read(line, ms - ms_since(t0), true);
    if (r == Read::Timeout) return "no answer to newgame within " + std::to_string(ms / 1000) + " s";
    if (r == Read::Closed) return "it ended after newgame: it " + ended();
    auto [word, rest] = first_word(line);
    if (word == "ok") return "";
    if (word == "error") return "it refused " + quote("newgame " + rules) + ": " + escaped(rest);
    if (word == "info") continue;
    return "it answered newgame with " + quote(line) + " (ok or error expected)";
  }
}

std::string EngineClient::ready(long long ms) {
  if (!send("isready")) return "its input is closed";
  const auto t0 = Clock::now();
  std::string line;
  while (true) {
    const auto r = read(line, ms - ms_since(t0));
    if (r == Read::Timeout) return "no readyok within " + std::to_string(ms) + " ms";
    if (r == Read::Closed) return "it ended: it " + ended();
    if (line == "readyok") return "";
  }
}

bool EngineClient::resync(long long ms) {
  send("stop");
  return ready(ms).empty();
}

EngineClient::BestMove EngineClient::await_bestmove(long long ms, const std::atomic<bool>* stop,
                                                    const std::function<void(const EngineInfo&)>& on_info) {
  using F = BestMove::Failure;
  BestMove answer;
  const auto fail = [&](F failure, std::string error) {
    answer.failure = failure;
    answer.error = std::move(error);
    return answer;
  };
  const auto t0 = Clock::now();
  bool stop_sent = false;
  std::string line;
  while (true) {
    if (stop && stop->load(std::memory_order_relaxed) && !stop_sent) {
      send("stop");
      stop_sent = true;
    }
    const long long left = ms - ms_since(t0);
    if (left <= 0) return fail(F::Timeout, "no bestmove within " + std::to_string(ms) + " ms");
    // In short slices, so that a stop is passed on soon.
    const auto r = read(line, std::min(left, 50LL));
    if (r == Read::Timeout) continue;
    if (r == Read::Closed) {
      const std::string how = ended();
      return fail(F::Ended, "it " + how + " while thinking" + last_words());
    }
    auto [word, rest] = first_word(line);
    if (word == "info") {
      auto info = parse_info(line);
      if (!info.ok()) return fail(F::Unreadable, "a malformed info line " + quote(line) + ": " + info.error);
      ++answer.infos;
      if (on_info && info.value.has_figures()) on_info(info.value);
      continue;
    }
    if (word != "bestmove")
      return fail(F::Unreadable,
                  "it wrote " + quote(line) + ", which is no message of the protocol here (info, bestmove, error)");
    answer.move = std::string(rest);
    return answer;
  }
}

std::string EngineClient::finish(bool ask_to_quit, int exit_ms) {
  if (!channel_) return ended_;
  if (ask_to_quit) channel_->write_line("quit");
  ended_ = channel_->end(exit_ms);
  take_stderr();
  channel_.reset();
  remember("(the engine " + ended_ + ")");
  return ended_;
}

std::string EngineClient::close() { return finish(true, kEngineExitMs); }

std::string EngineClient::ended(int exit_ms) { return finish(false, exit_ms); }

std::string EngineClient::last_words() const {
  for (auto it = log_.rbegin(); it != log_.rend(); ++it)
    if (it->rfind("! ", 0) == 0) return "; its standard error said " + quote(it->substr(2));
  return "";
}

// What the engine wrote to its standard error goes in the log as "! line".
void EngineClient::take_stderr() {
  for (auto& l : channel_->take_stderr())
    if (!trim(l).empty()) remember("! " + escaped(l));
}

void EngineClient::remember(std::string line) {
  if (log_.size() == kEngineLogLines) log_.pop_front();
  log_.push_back(std::move(line));
}

namespace {

// Starts an engine and reads its handshake (into *said, when given): the client, or what went wrong.
Parsed<std::unique_ptr<EngineClient>> start_engine(const PlayerSpec& spec, const EngineStarter& start,
                                                   Handshake* said = nullptr) {
  using P = Parsed<std::unique_ptr<EngineClient>>;
  std::string error;
  auto channel = start(error);
  if (!channel) return P::fail("could not start " + quote(spec.engine_cmd) + ": " + error);
  auto client = std::make_unique<EngineClient>(std::move(channel));
  auto h = client->handshake(kEngineStartMs);
  if (!h.ok()) return P::fail(h.error);
  if (said) *said = h.value;
  return {std::move(client), {}};
}

template <int N>
class EnginePlayer : public Player<N> {
 public:
  EnginePlayer(const PlayerSpec& spec, EngineStarter start) : spec_(spec), start_engine_(std::move(start)) {}
  ~EnginePlayer() override = default;

  void seed_game(std::uint64_t seed) override { seed_ = seed; }
  void new_game() override {
    moves_.clear();
    begun_ = in_game_ = false;
    forfeit_.reset();
    has_search_ = false;
  }
  void set_stop(const std::atomic<bool>* stop) override { stop_ = stop; }
  void observe(const Position<N>& before, const Move<N>& m) override {
    if (!begun_) begin(before);
    moves_.push_back(to_string(before, m));
  }
  bool observes() const override { return true; }
  void limit_next_move(const GoLimits& g) override { next_ = g; }
  const Forfeit* forfeit() const override { return forfeit_ ? &*forfeit_ : nullptr; }
  const SearchResult<N>* last_search() const override { return has_search_ ? &search_ : nullptr; }

  Move<N> choose(const Position<N>& pos, Rng&) override {
    using F = EngineClient::BestMove::Failure;
    forfeit_.reset();
    has_search_ = false;
    if (!begun_) begin(pos);
    GoLimits go = next_.value_or(GoLimits{});
    next_.reset();
    if (spec_.depth) go.depth = spec_.depth;
    if (spec_.nodes) go.nodes = spec_.nodes;
    const Color side = pos.side();
    const bool timed = go.movetime_ms || go.clocked(side);
    const long long margin = spec_.time.margin_ms;
    const long long wait = go.movetime_ms ? go.movetime_ms + margin
                           : timed        ? go.time_left_ms[side] + margin
                                          : spec_.engine_timeout_ms;
    if (!ensure_game(pos.rules())) return Move<N>::pass();
    if (!client_->send(position_line({start_, moves_})) || !client_->send(go_line(go)))
      return fail(EndReason::EngineCrashed, "it closed its input when asked to move (it " + client_->ended() + ")");
    const auto answer = client_->await_bestmove(wait, stop_, [this](const EngineInfo& info) { take(info); });
    switch (answer.failure) {
      case F::Timeout:
        return fail(EndReason::TimeForfeit,
                    answer.error + " (" + (timed ? "its time plus the margin" : "the timeout") + ")");
      case F::Ended: return fail(EndReason::EngineCrashed, answer.error);
      case F::Unreadable: return fail(EndReason::IllegalMove, answer.error);
      case F::None: break;
    }
    if (answer.move == kNoMove)
      return fail(EndReason::IllegalMove, "bestmove none: it has no move to give, but the position has " +
                                              std::to_string(count_legal_moves(pos)) + " legal moves");
    auto move = parse_move(pos, answer.move);
    if (!move.ok()) return fail(EndReason::IllegalMove, "bestmove " + quote(answer.move) + ": " + move.error);
    return move.value;
  }

 private:
  void begin(const Position<N>& start) {
    begun_ = true;
    const Position<N> empty(start.rules(), start.rules().first_placer);
    start_ = to_string(start) == to_string(empty) ? "" : to_string(start);
  }
  bool ensure_game(const Rules& rules) {
    if (!client_) {
      auto started = start_engine(spec_, start_engine_);
      if (!started.ok()) {
        fail(EndReason::EngineCrashed, started.error);
        return false;
      }
      client_ = std::move(started.value);
    }
    if (!in_game_) {
      if (auto why = client_->new_game(rules, seed_, kEngineStartMs); !why.empty()) {
        fail(EndReason::EngineCrashed, why);
        return false;
      }
      in_game_ = true;
    }
    return true;
  }
  // The game is lost: what happened, the conversation around it, and the engine stopped (started again
  // for the next game).
  Move<N> fail(EndReason reason, const std::string& detail) {
    Forfeit f;
    f.reason = reason;
    f.detail = "engine " + quote(spec_.label()) + " at ply " + std::to_string(moves_.size() + 1) + ": " + detail;
    if (client_) {
      client_->close();
      f.log = client_->log();
      client_.reset();
    }
    forfeit_ = std::move(f);
    in_game_ = false;
    return Move<N>::pass();
  }
  void take(const EngineInfo& info) {
    has_search_ = true;
    if (info.depth) search_.depth = *info.depth;
    if (info.nodes) search_.nodes = *info.nodes;
    if (info.score_cp) search_.score = *info.score_cp;
    if (info.win_in) search_.score = kWin - *info.win_in;
    if (info.loss_in) search_.score = -(kWin - *info.loss_in);
    search_.ended = SearchEnd::Depth;
  }

  const PlayerSpec spec_;  // a copy: the player may outlive the spec it was made from
  const EngineStarter start_engine_;
  std::unique_ptr<EngineClient> client_;
  std::uint64_t seed_ = 0;
  std::string start_;  // the game's start in notation, or "" for startpos
  std::vector<std::string> moves_;
  bool begun_ = false, in_game_ = false;
  std::optional<GoLimits> next_;
  std::optional<Forfeit> forfeit_;
  const std::atomic<bool>* stop_ = nullptr;
  SearchResult<N> search_;
  bool has_search_ = false;
};

}  // namespace

template <int N>
std::unique_ptr<Player<N>> make_engine_player(const PlayerSpec& spec, EngineStarter start) {
  auto p = std::make_unique<EnginePlayer<N>>(spec, std::move(start));
  p->set_time_control(spec.time);
  return p;
}

template <int N>
std::unique_ptr<Player<N>> make_any_player(const PlayerSpec& spec) {
  if (!plays_an_engine(spec)) return make_player<N>(spec);
  if (spec.kind == PlayerSpec::Kind::Engine) return make_engine_player<N>(spec, process_starter(spec.engine_cmd));
  // A player of ours whose placement= is an engine: ours plays the movement turns, as make_player has it.
  PlayerSpec movement = spec;
  movement.placement.reset();
  std::unique_ptr<Player<N>> p = make_split_player<N>(make_any_player<N>(*spec.placement), make_player<N>(movement));
  p->set_time_control(spec.time);
  return p;
}

Parsed<Handshake> check_engine(const PlayerSpec& spec, const Rules& rules, const EngineStarter& start) {
  using P = Parsed<Handshake>;
  const std::string who = "engine " + quote(spec.label()) + ": ";
  Handshake h;
  auto client = start_engine(spec, start, &h);
  if (!client.ok()) return P::fail(who + client.error);
  if (auto no = h.refusal(rules); !no.empty()) return P::fail(who + no);
  if (auto why = client.value->new_game(rules, 0, kEngineStartMs); !why.empty()) return P::fail(who + why);
  return {h, {}};
}

Parsed<Handshake> check_engine(const PlayerSpec& spec, const Rules& rules) {
  return check_engine(spec, rules, process_starter(spec.engine_cmd));
}

#define SEEGA_INSTANTIATE(N)                                                                   \
  template std::unique_ptr<Player<N>> make_engine_player<N>(const PlayerSpec&, EngineStarter); \
  template std::unique_ptr<Player<N>> make_any_player<N>(const PlayerSpec&);
SEEGA_INSTANTIATE(5)
SEEGA_INSTANTIATE(7)
SEEGA_INSTANTIATE(9)
#undef SEEGA_INSTANTIATE

}  // namespace seega
