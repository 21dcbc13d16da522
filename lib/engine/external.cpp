#include "engine/external.hpp"

#include <algorithm>
#include <chrono>
#include <deque>

#include "rules/notation.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

using Clock = std::chrono::steady_clock;

long long ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// One running engine: its channel and the last lines said both ways ("> " sent, "< " received).
class Conversation {
 public:
  explicit Conversation(std::unique_ptr<EngineChannel> channel) : channel_(std::move(channel)) {}
  ~Conversation() { close(); }
  bool send(const std::string& line) {
    remember("> " + line);
    return channel_->write_line(line);
  }
  EngineChannel::Read read(std::string& line, long long timeout_ms) {
    const auto r = channel_->read_line(line, std::max(timeout_ms, 0LL));
    take_stderr();
    if (r == EngineChannel::Read::Line) remember("< " + escaped(line));
    return r;
  }
  // Asks the engine to quit and ends it (killed if it does not go): how it ended.
  std::string close() {
    if (!channel_) return ended_;
    channel_->write_line("quit");
    ended_ = channel_->end();
    take_stderr();
    channel_.reset();
    remember("(the engine " + ended_ + ")");
    return ended_;
  }
  // How it ended, once read() said Closed.
  std::string ended() {
    if (channel_) {
      ended_ = channel_->end();
      take_stderr();
      channel_.reset();
      remember("(the engine " + ended_ + ")");
    }
    return ended_;
  }
  std::vector<std::string> log() const { return {log_.begin(), log_.end()}; }
  // "; its standard error said '...'" with the last line it wrote there, or "".
  std::string last_words() const {
    for (auto it = log_.rbegin(); it != log_.rend(); ++it)
      if (it->rfind("! ", 0) == 0) return "; its standard error said " + quote(it->substr(2));
    return "";
  }

 private:
  // What the engine wrote to its standard error goes in the log as "! line".
  void take_stderr() {
    for (auto& l : channel_->take_stderr()) remember("! " + escaped(l));
  }
  void remember(std::string line) {
    if (log_.size() == kEngineLogLines) log_.pop_front();
    log_.push_back(std::move(line));
  }
  std::unique_ptr<EngineChannel> channel_;
  std::deque<std::string> log_;
  std::string ended_;
};

// Starts the engine and reads its handshake.
Parsed<Handshake> start_engine(const PlayerSpec& spec, std::unique_ptr<Conversation>& conv) {
  using P = Parsed<Handshake>;
  if (!spec.launch) return P::fail("no way to start it (the spec was not prepared to run)");
  std::string error;
  auto channel = spec.launch(error);
  if (!channel) return P::fail("could not start " + quote(spec.engine_cmd) + ": " + error);
  conv = std::make_unique<Conversation>(std::move(channel));
  // An engine that has already ended refuses the line; what it wrote before it ended (a wrong first
  // line, or its standard error) is still read below and says more than the refused write.
  conv->send("seega");
  Handshake h;
  const auto t0 = Clock::now();
  std::string line;
  while (true) {
    const auto r = conv->read(line, kEngineStartMs - ms_since(t0));
    if (r == EngineChannel::Read::Timeout)
      return P::fail("no seegaok within " + std::to_string(kEngineStartMs / 1000) + " s of 'seega'");
    if (r == EngineChannel::Read::Closed) {
      const std::string ended = conv->ended();
      return P::fail("it ended before seegaok: it " + ended + conv->last_words());
    }
    if (trim(line).empty()) continue;
    auto done = read_handshake_line(h, line);
    if (!done.ok()) return P::fail("handshake: " + done.error);
    if (done.value) return {h, {}};
  }
}

// Tells the engine of a new game: "" when it answered ok, else what went wrong.
std::string start_game(Conversation& conv, const Rules& run_rules, std::uint64_t seed) {
  const Rules rules = spoken_rules(run_rules);
  if (!conv.send("newgame " + rules.to_string() + " seed " + std::to_string(seed)))
    return "it closed its input (it " + conv.ended() + ")";
  const auto t0 = Clock::now();
  std::string line;
  while (true) {
    const auto r = conv.read(line, kEngineStartMs - ms_since(t0));
    if (r == EngineChannel::Read::Timeout)
      return "no answer to newgame within " + std::to_string(kEngineStartMs / 1000) + " s";
    if (r == EngineChannel::Read::Closed) return "it ended after newgame: it " + conv.ended();
    auto [word, rest] = first_word(line);
    if (word == "ok") return "";
    if (word == "error") return "it refused " + quote("newgame " + rules.to_string()) + ": " + escaped(rest);
    if (word.empty() || word == "info") continue;
    return "it answered newgame with " + quote(line) + " (ok or error expected)";
  }
}

template <int N>
class ExternalPlayer : public Player<N> {
 public:
  explicit ExternalPlayer(const PlayerSpec& spec) : spec_(spec) {}
  ~ExternalPlayer() override = default;

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
    forfeit_.reset();
    has_search_ = false;
    if (!begun_) begin(pos);
    GoLimits go = next_.value_or(GoLimits{});
    next_.reset();
    if (spec_.depth) go.depth = spec_.depth;
    if (spec_.nodes) go.nodes = spec_.nodes;
    const Color side = pos.side();
    const long long margin = spec_.time.margin_ms;
    const long long wait = go.movetime_ms     ? go.movetime_ms + margin
                           : go.clocked(side) ? go.time_left_ms[side] + margin
                                              : spec_.engine_timeout_ms;
    if (!ensure_game(pos.rules())) return Move<N>::pass();
    if (!conv_->send(position_line({start_, moves_})) || !conv_->send(go_line(go)))
      return fail(EndReason::EngineCrashed, "it closed its input when asked to move (it " + conv_->ended() + ")");
    const auto t0 = Clock::now();
    bool stop_sent = false;
    std::string line;
    while (true) {
      long long left = wait - ms_since(t0);
      if (stop_ && stop_->load(std::memory_order_relaxed) && !stop_sent) {
        conv_->send("stop");
        stop_sent = true;
      }
      if (left <= 0)
        return fail(EndReason::TimeForfeit,
                    "no bestmove within " + std::to_string(wait) + " ms (" +
                        (go.movetime_ms || go.clocked(side) ? "its time plus the margin" : "the timeout") + ")");
      const auto r = conv_->read(line, std::min(left, 50LL));
      if (r == EngineChannel::Read::Timeout) continue;
      if (r == EngineChannel::Read::Closed) {
        const std::string ended = conv_->ended();
        return fail(EndReason::EngineCrashed, "it " + ended + " while thinking" + conv_->last_words());
      }
      auto [word, rest] = first_word(line);
      if (word.empty() || word == "error") continue;
      if (word == "info") {
        auto info = parse_info(line);
        if (!info.ok()) return fail(EndReason::IllegalMove, "a malformed info line: " + info.error);
        if (info.value.has_figures()) take(info.value);
        continue;
      }
      if (word != "bestmove")
        return fail(EndReason::IllegalMove,
                    "it wrote " + quote(line) + ", which is no message of the protocol here (info, bestmove, error)");
      if (rest == kNoMove)
        return fail(EndReason::IllegalMove, "bestmove none: it has no move to give, but the position has " +
                                                std::to_string(count_legal_moves(pos)) + " legal moves");
      auto move = parse_move(pos, rest);
      if (!move.ok()) return fail(EndReason::IllegalMove, "bestmove " + quote(rest) + ": " + move.error);
      return move.value;
    }
  }

 private:
  void begin(const Position<N>& start) {
    begun_ = true;
    const Position<N> empty(start.rules(), start.rules().first_placer);
    start_ = to_string(start) == to_string(empty) ? "" : to_string(start);
  }
  bool ensure_game(const Rules& rules) {
    if (!conv_) {
      auto h = start_engine(spec_, conv_);
      if (!h.ok()) {
        fail(EndReason::EngineCrashed, h.error);
        return false;
      }
    }
    if (!in_game_) {
      if (auto why = start_game(*conv_, rules, seed_); !why.empty()) {
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
    if (conv_) {
      conv_->close();
      f.log = conv_->log();
      conv_.reset();
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
  std::unique_ptr<Conversation> conv_;
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
std::unique_ptr<Player<N>> make_external_player(const PlayerSpec& spec) {
  return std::make_unique<ExternalPlayer<N>>(spec);
}

Parsed<Handshake> check_engine(const PlayerSpec& spec, const Rules& rules) {
  using P = Parsed<Handshake>;
  const std::string who = "engine " + quote(spec.label()) + ": ";
  std::unique_ptr<Conversation> conv;
  auto h = start_engine(spec, conv);
  if (!h.ok()) return P::fail(who + h.error);
  if (auto no = h.value.refusal(rules); !no.empty()) return P::fail(who + no);
  if (auto why = start_game(*conv, rules, 0); !why.empty()) return P::fail(who + why);
  return h;
}

#define SEEGA_INSTANTIATE(N) template std::unique_ptr<Player<N>> make_external_player<N>(const PlayerSpec&);
SEEGA_INSTANTIATE(5)
SEEGA_INSTANTIATE(7)
SEEGA_INSTANTIATE(9)
#undef SEEGA_INSTANTIATE

}  // namespace seega
