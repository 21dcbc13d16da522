#pragma once
// The Seega engine protocol (docs/protocol.md), version 1: the words both ends exchange, as values and
// as lines. One message a line, words split by spaces. The controller (runs/play/engine_client.hpp)
// writes seega, newgame, isready, position, go, stop and quit; the engine (seega engine, or anyone's)
// answers id, protocol, rules, sizes, seegaok, ok, readyok, info, bestmove and error. Parsing here is a
// pure function of the line, so both ends and the fuzz target share it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/rules.hpp"
#include "rules/types.hpp"

namespace seega {

constexpr int kProtocolVersion = 1;
// The move of `bestmove none`: the engine's answer to a go it has no move for (no position, a finished
// game, a malformed go), so that every go gets exactly one bestmove.
constexpr std::string_view kNoMove = "none";

// The limits of one move, as `go` carries them; 0 (or -1 for a clock) when not given. A clock is the
// time each colour has left and its increment: the engine shares out its own time.
struct GoLimits {
  int depth = 0;
  std::uint64_t nodes = 0;
  long long movetime_ms = 0;
  long long time_left_ms[2] = {-1, -1};  // w, b; -1: no clock
  long long inc_ms[2] = {0, 0};
  bool clocked(Color c) const { return time_left_ms[c] >= 0; }
  bool operator==(const GoLimits&) const = default;
};
// "go depth 4", "go wtime 9000 btime 8000 winc 100 binc 100", "go" (no limit: the engine's own).
std::string go_line(const GoLimits& limits);
// The limits of a go line ("go" and its words); an error names the word that is wrong.
Parsed<GoLimits> parse_go(std::string_view line);

// What an engine reports while it thinks: an info line.
struct EngineInfo {
  std::optional<int> depth;
  // The score from the side to move's view: hundredths of a stone (`score cp 150`), or a forced result
  // in plies (`score win 7`, `score loss 4`).
  std::optional<int> score_cp;
  std::optional<int> win_in, loss_in;
  std::optional<std::uint64_t> nodes;
  std::optional<long long> time_ms;
  std::vector<std::string> pv;
  // `string TEXT`: free text to the end of the line (it ends a pv), for the log; no figure.
  std::string text;
  bool has_score() const { return score_cp || win_in || loss_in; }
  // Whether it says anything of the search (an info string alone does not).
  bool has_figures() const { return depth || has_score() || nodes || time_ms || !pv.empty(); }
  bool operator==(const EngineInfo&) const = default;
};
std::string info_line(const EngineInfo& info);
Parsed<EngineInfo> parse_info(std::string_view line);

// A position command: the start (the empty board of the game's rules, or a position in notation) and
// the moves played from it.
struct PositionCommand {
  std::string fen;  // empty: startpos
  std::vector<std::string> moves;
  bool operator==(const PositionCommand&) const = default;
};
std::string position_line(const PositionCommand& p);
Parsed<PositionCommand> parse_position_command(std::string_view line);

// An engine's handshake: what it said between `seega` and `seegaok`.
struct Handshake {
  std::string name, author;
  int protocol = 0;
  std::vector<std::string> rules;  // preset names, or {"any"}
  std::vector<int> sizes;
  // "" when the engine may be asked to play these rules (its rules and sizes name them, the rules under
  // the preset spoken_rules finds), else why not.
  std::string refusal(const Rules& rules) const;
  bool operator==(const Handshake&) const = default;
};
// The rules as the protocol names them to an engine: under the preset whose keys they equal at their size
// (`chain(chains=off,...)` that is standard's keys is `standard`), else as spelled. A handshake's rules
// name presets, so an engine is matched to rules by their keys, never by how a run spelled them.
Rules spoken_rules(const Rules& rules);
// The handshake's lines, from id name to seegaok.
std::vector<std::string> handshake_lines(const Handshake& h);
// Takes one handshake line into h: true when it was seegaok (the end); an error for a line that is no
// part of a handshake, or a seegaok before the protocol, rules and sizes lines (which come in any order;
// id lines are optional).
Parsed<bool> read_handshake_line(Handshake& h, std::string_view line);

// The first word of a line and the rest after it (trimmed): {"go", "depth 4"}.
std::pair<std::string_view, std::string_view> first_word(std::string_view line);
// The words of text, split by runs of spaces and tabs.
std::vector<std::string_view> words(std::string_view text);

}  // namespace seega
