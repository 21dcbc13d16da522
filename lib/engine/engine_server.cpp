#include "engine/engine_server.hpp"

#include <atomic>
#include <istream>
#include <mutex>
#include <ostream>
#include <thread>

#include "rules/notation.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

// Lines out, one at a time, flushed: the thinking thread and the reading one both write.
class Out {
 public:
  explicit Out(std::ostream& out) : out_(out) {}
  void line(const std::string& text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n' << std::flush;
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

// One game's player and position, for one board size.
class Game {
 public:
  virtual ~Game() = default;
  // Sets the position of a position command: "" or the error.
  virtual std::string set_position(const PositionCommand& p) = 0;
  // Why a go cannot be answered (no position, or a finished game), or "": said at once, so that the
  // error comes before the replies to the commands after it.
  virtual std::string cannot_go() const = 0;
  // Thinks within limits and writes info and bestmove. Precondition: cannot_go() is "".
  virtual void go(const GoLimits& limits, bool limited, Out& out) = 0;
};

template <int N>
class GameOf : public Game {
 public:
  GameOf(const PlayerSpec& spec, const Rules& rules, std::uint64_t seed, const std::atomic<bool>* stop)
      : rules_(rules), player_(make_player<N>(spec)), rng_(seed), pos_(rules_, rules_.first_placer) {
    player_->set_stop(stop);
    player_->seed_game(seed);
    player_->new_game();
  }
  // All or nothing: a refused command leaves the position held before it.
  std::string set_position(const PositionCommand& p) override {
    Position<N> pos(rules_, rules_.first_placer);
    if (!p.fen.empty()) {
      auto parsed = parse_position<N>(rules_, p.fen);
      if (!parsed.ok()) return "position: " + parsed.error;
      pos = parsed.value;
    }
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
      if (pos.outcome().over()) return "position: move " + std::to_string(i + 1) + " comes after the game's end";
      auto m = parse_move(pos, p.moves[i]);
      if (!m.ok()) return "position: move " + std::to_string(i + 1) + " " + quote(p.moves[i]) + ": " + m.error;
      pos.play(m.value);
    }
    pos_ = pos;
    has_position_ = true;
    return "";
  }
  std::string cannot_go() const override {
    if (!has_position_) return "go: no position (send position first)";
    if (pos_.outcome().over() || count_legal_moves(pos_) == 0) return "go: the game is over in this position";
    return "";
  }
  void go(const GoLimits& limits, bool limited, Out& out) override {
    if (limited) player_->limit_next_move(limits);
    const Move<N> m = player_->choose(pos_, rng_);
    if (const SearchResult<N>* r = player_->last_search()) out.line(info_line(info_of(*r)));
    out.line("bestmove " + to_string(pos_, m));
  }

 private:
  EngineInfo info_of(const SearchResult<N>& r) const {
    EngineInfo info;
    info.depth = r.depth;
    if (is_win_score(r.score)) info.win_in = plies_to_result(r.score);
    else if (is_loss_score(r.score)) info.loss_in = plies_to_result(r.score);
    else info.score_cp = r.score;
    info.nodes = r.nodes;
    info.time_ms = static_cast<long long>(r.seconds * 1000);
    Position<N> p = pos_;
    for (const Move<N>& m : r.pv) {
      if (p.outcome().over()) break;
      info.pv.push_back(to_string(p, m));
      p.play(m);
    }
    return info;
  }

  Rules rules_;
  std::unique_ptr<Player<N>> player_;
  Rng rng_;
  Position<N> pos_;
  bool has_position_ = false;
};

}  // namespace

int serve_engine(const PlayerSpec& spec, std::istream& in, std::ostream& os, Thinking where) {
  // A tied stream flushes `os` before each read, from this thread, while the thinking one may be writing
  // to it: only Out writes, under its lock.
  in.tie(nullptr);
  Out out(os);
  std::atomic<bool> stop{false};
  // Before any newgame the engine plays the standard rules, seed 0, as after `newgame standard`.
  const auto game_of = [&](const Rules& rules, std::uint64_t seed) {
    return with_size(rules.size, [&]<int N>() -> std::unique_ptr<Game> {
      return std::make_unique<GameOf<N>>(spec, rules, seed, &stop);
    });
  };
  std::unique_ptr<Game> game = game_of(standard_rules(), 0);
  std::thread thinking;
  const auto finish_thinking = [&] {
    if (!thinking.joinable()) return;
    stop = true;
    thinking.join();
    stop = false;
  };
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    auto [word, rest] = first_word(line);
    if (word.empty()) continue;
    if (word == "seega") {
      Handshake h;
      h.name = "seega " + spec.text;
      h.author = "Seega Lab";
      h.protocol = kProtocolVersion;
      h.rules = {"any"};
      h.sizes = {5, 7, 9};
      for (const auto& l : handshake_lines(h)) out.line(l);
    } else if (word == "isready") {
      out.line("readyok");
    } else if (word == "newgame") {
      finish_thinking();
      // A refused newgame changes nothing: the game held before it goes on.
      const auto w = words(rest);
      std::uint64_t seed = 0;
      if (w.empty() || (w.size() != 1 && w.size() != 3) || (w.size() == 3 && w[1] != "seed")) {
        out.line("error newgame: expected newgame RULES [seed S]");
        continue;
      }
      if (w.size() == 3) {
        auto s = parse_whole<std::uint64_t>(w[2]);
        if (!s) {
          out.line("error newgame: seed " + quote(w[2]) + " is not a whole number");
          continue;
        }
        seed = *s;
      }
      auto rules = parse_rules(w[0]);
      if (!rules.ok()) {
        out.line("error newgame: " + rules.error);
        continue;
      }
      game = game_of(rules.value.rules, seed);
      out.line("ok");
    } else if (word == "position") {
      finish_thinking();
      auto p = parse_position_command(line);
      if (!p.ok()) out.line("error " + p.error);
      else if (auto error = game->set_position(p.value); !error.empty()) out.line("error " + error);
    } else if (word == "go") {
      finish_thinking();
      auto limits = parse_go(line);
      const std::string why = limits.ok() ? game->cannot_go() : limits.error;
      if (why.empty()) {
        if (where == Thinking::InLine) game->go(limits.value, !rest.empty(), out);
        else thinking = std::thread([&, l = limits.value, limited = !rest.empty()] { game->go(l, limited, out); });
      } else {
        // Every go gets exactly one bestmove, so that a controller never waits for one that will not come.
        out.line("error " + why);
        out.line("bestmove " + std::string(kNoMove));
      }
    } else if (word == "stop") {
      finish_thinking();
    } else if (word == "quit") {
      break;
    } else {
      out.line("error unknown command " + quote(word) +
               " (seega, isready, newgame, position, go, stop, quit: docs/protocol.md)");
    }
  }
  finish_thinking();
  return 0;
}

}  // namespace seega
