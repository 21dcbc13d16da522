#include "engine/callback_player.hpp"

#include <map>
#include <mutex>
#include <optional>

#include "rules/notation.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const MoveCallback>, std::less<>> functions;
};

Registry& registry() {
  static Registry r;
  return r;
}

std::shared_ptr<const MoveCallback> find_callback(const std::string& name) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  const auto it = r.functions.find(name);
  return it == r.functions.end() ? nullptr : it->second;
}

template <int N>
class CallbackPlayer final : public Player<N> {
 public:
  explicit CallbackPlayer(const PlayerSpec& spec) : name_(spec.callback), fn_(find_callback(spec.callback)) {}

  Move<N> choose(const Position<N>& pos, Rng&) override {
    if (!fn_) return lose(EndReason::EngineCrashed, "no function is registered as " + quote(name_));
    std::string answer;
    try {
      answer = (*fn_)(pos.rules(), to_string(pos));
    } catch (const std::exception& e) {
      return lose(EndReason::EngineCrashed, "callback " + quote(name_) + " raised: " + e.what());
    }
    auto move = parse_move(pos, answer);
    if (!move.ok())
      return lose(EndReason::IllegalMove, "callback " + quote(name_) + " answered " + quote(answer) + ": " +
                                              move.error + " (position " + to_string(pos) + ")");
    return move.value;
  }
  void new_game() override { forfeit_.reset(); }
  const Forfeit* forfeit() const override { return forfeit_ ? &*forfeit_ : nullptr; }

 private:
  Move<N> lose(EndReason reason, std::string detail) {
    forfeit_ = Forfeit{reason, std::move(detail), {}};
    return Move<N>::pass();
  }

  std::string name_;
  std::shared_ptr<const MoveCallback> fn_;
  std::optional<Forfeit> forfeit_;
};

}  // namespace

CallbackRegistration& CallbackRegistration::operator=(CallbackRegistration&& other) noexcept {
  if (this != &other) {
    CallbackRegistration dropped(std::move(name_));
    name_ = std::move(other.name_);
    other.name_.clear();
  }
  return *this;
}

CallbackRegistration::~CallbackRegistration() {
  if (name_.empty()) return;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.functions.erase(name_);
}

Parsed<CallbackRegistration> register_callback(const std::string& name, MoveCallback fn) {
  if (!is_plain_name(name))
    return Parsed<CallbackRegistration>::fail("callback name " + quote(name) +
                                              ": use letters, digits and -_. (at least one)");
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (!r.functions.emplace(name, std::make_shared<const MoveCallback>(std::move(fn))).second)
    return Parsed<CallbackRegistration>::fail("callback name " + quote(name) + " is taken by another function");
  return {CallbackRegistration(name), {}};
}

bool callback_registered(const std::string& name) { return find_callback(name) != nullptr; }

template <int N>
std::unique_ptr<Player<N>> make_callback_player(const PlayerSpec& spec) {
  return std::make_unique<CallbackPlayer<N>>(spec);
}

template std::unique_ptr<Player<5>> make_callback_player<5>(const PlayerSpec&);
template std::unique_ptr<Player<7>> make_callback_player<7>(const PlayerSpec&);
template std::unique_ptr<Player<9>> make_callback_player<9>(const PlayerSpec&);

}  // namespace seega
