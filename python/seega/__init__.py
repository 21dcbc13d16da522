"""Seega Lab from Python: the game, players, runs and their results.

The game (``Rules``, ``Position``, ``Move``), players (``Player``), the shape of OpenSpiel's Python API
(``Game``, ``State``, ``load_game``) and the runs (``match``, ``ladder``, ``run_sim``, ``gen_data``) are
the C++ library's own code, in the extension ``seega._seega``. A run takes the settings of its command
line as keywords (``--opening-turns 2`` is ``opening_turns=2``, a flag is ``True``, a multi-word option
a list), writes and resumes the same files, and returns the summary its ``--json`` prints, as Python
values. Errors raise ``ValueError`` (a bad option, spec or position) or ``OSError`` (a file), with the
command line's message.
"""

from __future__ import annotations

import io
import re
from typing import Any, Callable, Dict, Iterable, List, Optional, Union

from ._seega import (
    CallbackRegistration,
    Game,
    Move,
    Player,
    Position,
    Rules,
    State,
    __version__,
    build,
    feature_names,
    features,
    load_game,
    planes,
    register_player,
)
from . import _seega

__all__ = [
    "CallbackRegistration",
    "Game",
    "Move",
    "Player",
    "Position",
    "Rules",
    "RunWriteError",
    "State",
    "__version__",
    "analyse",
    "build",
    "export_csv",
    "feature_names",
    "features",
    "gen_data",
    "ladder",
    "load_game",
    "match",
    "planes",
    "read_frame",
    "register_player",
    "run_sim",
    "summary",
]

Progress = Callable[[Dict[str, Any]], None]
PlayerArg = Union[str, Callable[[Position], Union[Move, str]]]


class RunWriteError(OSError):
    """A run's file stopped taking what the run played (a full disk): ``summary`` holds what was played."""

    def __init__(self, message: str, summary: Optional[Dict[str, Any]]) -> None:
        super().__init__(message)
        self.summary = summary


def _callback_name(fn: Callable[..., Any], taken: Iterable[str]) -> str:
    base = re.sub(r"[^A-Za-z0-9_.-]", "_", getattr(fn, "__name__", "") or "python") or "python"
    name, k = base, 1
    while name in taken:
        k += 1
        name = f"{base}-{k}"
    return name


class _Words:
    """A run's keyword settings as the command line's words; Python callables registered as players."""

    def __init__(self) -> None:
        self.registrations: List[CallbackRegistration] = []

    def value(self, v: Any) -> str:
        if callable(v) and not isinstance(v, str):
            names = [r.name for r in self.registrations]
            while True:
                try:
                    r = register_player(_callback_name(v, names), v)
                    break
                except ValueError:  # the name is taken by another run's function
                    names.append(_callback_name(v, names))
            self.registrations.append(r)
            return r.spec
        if isinstance(v, bool):
            raise TypeError("a flag is True or left out, not a value")
        return str(v)

    def words(self, settings: Dict[str, Any]) -> List[str]:
        out: List[str] = []
        for key, v in settings.items():
            if v is None or v is False:
                continue
            option = "--" + key.replace("_", "-")
            if v is True:
                out.append(option)
            elif isinstance(v, (list, tuple)):
                out.append(option)
                out.extend(self.value(x) for x in v)
            else:
                out += [option, self.value(v)]
        return out

    def close(self) -> None:
        for r in self.registrations:
            r.close()


def _run(command: str, settings: Dict[str, Any], progress: Optional[Progress]) -> Dict[str, Any]:
    words = _Words()
    try:
        status, summary, _ = _seega._command(command, words.words(settings) + ["--json"], progress)
    finally:
        words.close()
    if status == 2:
        out = settings.get("out")
        raise RunWriteError(
            f"--out {out}: writing failed part way (disk full?); the error's summary covers what was played",
            summary,
        )
    return summary


def match(a: PlayerArg, b: PlayerArg, *, progress: Optional[Progress] = None, **settings: Any) -> Dict[str, Any]:
    """Plays a match of A against B, as ``seega match``, and returns its ``--json`` summary.

    a, b: player specs (``"level(4)"``), or Python callables ``fn(position) -> Move or notation``, which
    play as ``callback(NAME)``: an exception or an illegal move loses that game, recorded as an engine's
    failure is. settings: the command line's options, e.g. ``games=200, seed=7, threads=2,
    out="games.jsonl", resume=True, opening_turns=2``. progress: called with
    ``{"done", "total", "played", "seconds", "mean"}`` as the progress line would be shown. Ctrl-C stops
    the run, which returns the summary of the games finished (``"interrupted": True``).
    """
    return _run("match", {"a": a, "b": b, **settings}, progress)


def ladder(players: List[PlayerArg], *, progress: Optional[Progress] = None, **settings: Any) -> Dict[str, Any]:
    """Plays a ladder (round robin) of players and rates them, as ``seega ladder``; its ``--json`` summary.

    players: specs or Python callables, as ``match`` takes them; settings as the command line's options.
    """
    return _run("ladder", {"players": list(players), **settings}, progress)


def run_sim(player: PlayerArg, *, progress: Optional[Progress] = None, **settings: Any) -> Dict[str, Any]:
    """Simulates Seega▶Play's runs for a player, as ``seega run-sim``; its ``--json`` summary."""
    return _run("run-sim", {"player": player, **settings}, progress)


def gen_data(*, progress: Optional[Progress] = None, **settings: Any) -> Dict[str, Any]:
    """Makes positions for tuning, as ``seega gen-data`` (``players=[...]`` or ``from_=FILE``, ``out=``);
    its ``--json`` summary. ``from_`` stands for the option ``--from`` (``from`` is a Python keyword)."""
    if "from_" in settings:
        settings["from"] = settings.pop("from_")
    return _run("gen-data", settings, progress)


def summary(path: str, **settings: Any) -> Dict[str, Any]:
    """The summary of a run read back from its file, equal to ``seega summary PATH --json``."""
    status, result, _ = _seega._command("summary", [str(path)] + _Words().words(settings) + ["--json"])
    return result


def export_csv(path: str) -> str:
    """A results, run-sim or play file's games as ``seega export --format csv`` writes them (one row a game)."""
    _, _, text = _seega._command("export", [str(path), "--format", "csv"])
    return text


def read_frame(path: str) -> "pandas.DataFrame":  # noqa: F821
    """A file as a pandas DataFrame: a results, run-sim or play file with the columns of
    ``seega export --format csv`` (a row a game), or gen-data's positions CSV as it is."""
    import pandas

    with open(path, "rb") as f:
        first = f.readline().lstrip()
    if first.startswith(b"{") or not first:
        return pandas.read_csv(io.StringIO(export_csv(path)))
    return pandas.read_csv(path)


def analyse(position: Position, player: str = "ab(depth=8)", seed: int = 1) -> Dict[str, Any]:
    """A player's analysis of a position, as ``seega analyze --json``: the best move, its score, the
    principal variation, the depth and the nodes searched."""
    args = ["--fen", position.notation(), "--rules", str(position.rules), "--player", player, "--seed", str(seed), "--json"]
    _, result, _ = _seega._command("analyze", args)
    return result


def _player_analyse(self: Player, position: Position) -> Dict[str, Any]:
    """The player's analysis of position: best move, score, principal variation, depth and nodes
    (``seega analyze --json`` with this player's spec and seed)."""
    return analyse(position, self.spec, self.seed)


Player.analyse = _player_analyse
