#pragma once
// Someone else's engine as a player: the controller's end of the protocol (protocol.hpp,
// docs/protocol.md). The engine is started by the spec's launcher (a process, in the runs layer), asked
// for its handshake once, told of each new game with its rules and seed, given the position as the
// game's start and its moves, and asked to go within the move's limits. Whatever goes wrong becomes the
// game's result, never an exception: an engine that exits loses the game as engine_crashed, one that
// does not answer within its time (or its timeout) plus the margin as time_forfeit, one that answers
// with a move that is not legal, not a move, or writes a line that is no message of the protocol as
// illegal_move. The engine is then stopped and started again for the next game.

#include <memory>
#include <string>

#include "engine/player.hpp"

namespace seega {

// The player of an engine(...) spec. Precondition: spec.launch is set (attach_engine_launcher).
template <int N>
std::unique_ptr<Player<N>> make_external_player(const PlayerSpec& spec);

// Starts the engine of spec, reads its handshake, checks that it plays `rules` (its rules and sizes, and
// then its answer to newgame) and stops it: the handshake, or an error saying what the engine said or
// did ("engine 'mine': it plays the sizes 5, not 7"). The check a run makes before its first game.
Parsed<Handshake> check_engine(const PlayerSpec& spec, const Rules& rules);

// How long the controller waits for a handshake or an answer to newgame or isready (ms).
constexpr long long kEngineStartMs = 10'000;
// The lines of conversation an engine's forfeit keeps (the last ones before it).
constexpr std::size_t kEngineLogLines = 24;

}  // namespace seega
