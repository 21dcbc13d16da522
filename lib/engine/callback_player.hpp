#pragma once
// Players whose moves come from a program in this process: callback(NAME) plays the moves a function
// registered under NAME chooses. The Python module registers a Python callable this way, so that a
// researcher's agent plays in a match or a ladder one move at a time; the command line registers none,
// so there callback(NAME) is refused before a game starts (callback_registered).
//
// A function that throws, or answers with a move that is not legal, loses the game as an engine that
// crashes or plays an illegal move does (Forfeit: EngineCrashed or IllegalMove, the message kept in the
// game's record), and the run goes on.

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "engine/player.hpp"

namespace seega {

// A move chooser: the rules and the position in notation (notation.hpp) in, a legal move's notation
// out. Called from any of a run's threads, one call at a time per player; it may throw.
using MoveCallback = std::function<std::string(const Rules& rules, const std::string& position)>;

// A function registered under a name for as long as the registration lives.
class CallbackRegistration {
 public:
  CallbackRegistration() = default;
  explicit CallbackRegistration(std::string name) : name_(std::move(name)) {}
  CallbackRegistration(CallbackRegistration&& other) noexcept : name_(std::move(other.name_)) { other.name_.clear(); }
  CallbackRegistration& operator=(CallbackRegistration&& other) noexcept;
  CallbackRegistration(const CallbackRegistration&) = delete;
  CallbackRegistration& operator=(const CallbackRegistration&) = delete;
  ~CallbackRegistration();
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

// Registers fn under name (letters, digits and -_.), or fails with why: a bad name, or one taken.
Parsed<CallbackRegistration> register_callback(const std::string& name, MoveCallback fn);
// Whether a function is registered under name now.
bool callback_registered(const std::string& name);

// The player of a callback(NAME) spec. The function is looked up when the player is made; a player made
// when none is registered forfeits its first move (EngineCrashed, saying so).
template <int N>
std::unique_ptr<Player<N>> make_callback_player(const PlayerSpec& spec);

}  // namespace seega
