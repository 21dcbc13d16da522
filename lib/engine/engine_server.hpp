#pragma once
// The engine's end of the protocol (protocol.hpp, docs/protocol.md) with one of this project's players:
// `seega engine --player SPEC` reads commands from `in` and answers on `out`, so that our players enter
// other people's tournaments, and our own controller (runs/play/engine_client.hpp) is tested against a real engine.
// A go is searched on a thread of its own, so that stop, isready and quit are read while it thinks.

#include <iosfwd>

#include "engine/player.hpp"

namespace seega {

// Speaks the protocol as the player of spec until quit or the end of `in`; returns 0. Each game's
// random stream is the seed newgame names (0 when none), so a game against the controller is the game
// the same player plays in process from the same seed. A malformed or out-of-place command is answered
// with an error line, never ends the conversation.
// Where a go is searched: on a thread of its own (OnThread, as an engine must, so that stop is read while it
// thinks), or in line, answered before the next command is read (InLine): the conversation is then a pure
// function of its input, with no thread's timing in it, as a fuzz check that must give one answer per
// input needs.
enum class Thinking { OnThread, InLine };
int serve_engine(const PlayerSpec& spec, std::istream& in, std::ostream& out, Thinking thinking = Thinking::OnThread);

}  // namespace seega
