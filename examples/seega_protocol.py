"""The engine side of the Seega engine protocol, version 1 (docs/protocol.md), for the examples.

An engine supplies its handshake, which rules it accepts and how it picks a move; `serve` does the
talking: one command a line on stdin, one reply a line on stdout, flushed at once. stdin is read by a
thread, so that `stop` and `quit` are seen while a move is being delayed (`Reply.delay`).
"""

import collections
import os
import queue
import sys
import threading
import time

import seega_rules as sr


class Reply(collections.namedtuple("Reply", "move infos delay raw", defaults=((), 0.0, None))):
    """The answer to `go`: the move text, `info` lines to write first, seconds to wait before the
    move (cut short by `stop`), and optional raw bytes to write before it all (for tests)."""


def send(line):
    """Writes one line and flushes it."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _read_stdin(lines):
    for line in sys.stdin:
        lines.put(line.rstrip("\r\n"))
    lines.put(None)  # end of input: treated as quit


def _parse_position(rules, words):
    """The position a `position` command sets, or raises RulesError (a refused command sets nothing)."""
    if words[:1] == ["startpos"]:
        pos, rest = sr.start_position(rules), words[1:]
    elif words[:1] == ["fen"] and len(words) >= 6:
        pos, rest = sr.parse_position(rules, " ".join(words[1:6])), words[6:]
    else:
        raise sr.RulesError("expected 'position startpos [moves ...]' or 'position fen <position> [moves ...]'")
    if rest and rest[0] != "moves":
        raise sr.RulesError(f"expected 'moves' after the position, got '{rest[0]}'")
    for number, text in enumerate(rest[1:], 1):
        try:
            pos = sr.play(pos, sr.parse_move(pos, text))
        except sr.RulesError as e:
            raise sr.RulesError(f"move {number} '{text}': {e}") from e
    return pos


def _parse_go(words):
    """The limits of a `go` command as a dict (depth, nodes, movetime, wtime, btime, winc, binc)."""
    limits = {}
    for key, value in zip(words[::2], words[1::2]):
        if value.isdigit():
            limits[key] = int(value)
    return limits


def serve(name, author, rule_names, sizes, accept, think, new_game=None):
    """Speaks the protocol until `quit` or the end of input.

    accept(rules) returns None when the engine plays these rules, else why not (the refusal);
    think(pos, limits) returns the Reply to `go` for a position that has a legal move;
    new_game(seed), when given, hears the seed of each new game (None when newgame names none).
    """
    lines, deferred = queue.Queue(), collections.deque()
    threading.Thread(target=_read_stdin, args=(lines,), daemon=True).start()
    rules = sr.PRESETS["standard"]
    pos = sr.start_position(rules)
    while True:
        line = deferred.popleft() if deferred else lines.get()
        if line is None:
            return
        words = line.split()
        command, args = (words[0], words[1:]) if words else ("", [])
        if command == "seega":
            for reply in (f"id name {name}", f"id author {author}", "protocol 1", "rules " + " ".join(rule_names),
                          "sizes " + " ".join(map(str, sizes)), "seegaok"):
                send(reply)
        elif command == "newgame":
            # newgame RULES [seed S]
            seed = None
            if len(args) == 3 and args[1] == "seed" and args[2].isdigit():
                seed, args = int(args[2]), args[:1]
            try:
                if len(args) != 1:
                    raise sr.RulesError("expected newgame RULES [seed S]")
                wanted = sr.parse_rules(args[0])
                refusal = accept(wanted)
            except sr.RulesError as e:
                refusal = str(e)
            if refusal:
                send(f"error {refusal}")
            else:
                rules, pos = wanted, sr.start_position(wanted)
                if new_game:
                    new_game(seed)
                send("ok")
        elif command == "isready":
            send("readyok")
        elif command == "position":
            # All or nothing: a refused position leaves the one held before it.
            try:
                pos = _parse_position(rules, args)
            except sr.RulesError as e:
                send(f"error {e}")
        elif command == "go":
            if not sr.legal_moves(pos):
                send("error the game is over in this position; no move to give")
                send("bestmove none")
                continue
            reply = think(pos, _parse_go(args))
            if reply.raw is not None:
                sys.stdout.buffer.write(reply.raw)
                sys.stdout.buffer.flush()
            for info in reply.infos:
                send(info)
            # Wait out the delay, answering at once on stop; other commands wait for the move.
            deadline = time.monotonic() + reply.delay
            while (left := deadline - time.monotonic()) > 0:
                try:
                    waiting = lines.get(timeout=left)
                except queue.Empty:
                    break
                if waiting is None or waiting.strip() == "quit":
                    os._exit(0)
                if waiting.strip() == "stop":
                    break
                deferred.append(waiting)
            send(f"bestmove {reply.move}")
        elif command == "perft" and len(args) == 1 and args[0].isdigit():
            send(f"perft {sr.perft(pos, int(args[0]))}")
        elif command == "quit":
            return
        elif command and command != "stop":  # stop when not thinking is ignored
            send(f"error unknown command {command}")
