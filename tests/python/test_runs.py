"""Runs from Python: the command line's own runs, given the same settings, write the same files and
return the summary its --json prints; Python callables play in them; Ctrl-C stops them."""

import json
import os
import signal
import threading

import pandas
import pytest

import seega
from conftest import without_timing


def lines(path):
    with open(path) as f:
        return f.read().splitlines()


def header_less_origin(line):
    h = json.loads(line)
    h.pop("origin")
    return h


def test_match_writes_the_command_lines_file_byte_for_byte(tmp_path, cli):
    settings = dict(games=6, seed=11, threads=1, opening_turns=1)
    cli("match", "--a", "ab(depth=2)", "--b", "greedy", "--games", 6, "--seed", 11, "--threads", 1,
        "--opening-turns", 1, "--out", tmp_path / "cli.jsonl", "--quiet")
    got = seega.match("ab(depth=2)", "greedy", out=str(tmp_path / "py.jsonl"), quiet=True, **settings)
    want, have = lines(tmp_path / "cli.jsonl"), lines(tmp_path / "py.jsonl")
    assert header_less_origin(have[0]) == header_less_origin(want[0])
    assert have[1:] == want[1:] and len(have) == 7
    # The origin records the command line the call stands for.
    assert json.loads(have[0])["origin"]["command"][:3] == ["seega", "match", "--a"]
    assert got["games"] == 6 and got["interrupted"] is False


def test_match_summary_is_the_command_lines_json(cli_json):
    want = cli_json("match", "--a", "ab(depth=1)", "--b", "random", "--games", 8, "--seed", 5, "--json")
    got = seega.match("ab(depth=1)", "random", games=8, seed=5, threads=2)
    assert without_timing(got) == without_timing(want)


def test_resume_and_summary_read_back(tmp_path, cli_json):
    out = str(tmp_path / "games.jsonl")
    seega.match("greedy", "random", games=4, seed=2, out=out)
    resumed = seega.match("greedy", "random", games=10, seed=2, out=out, resume=True)
    assert resumed["games"] == 10 and len(lines(out)) == 11
    assert without_timing(seega.summary(out)) == without_timing(cli_json("summary", out, "--json"))


def test_ladder_run_sim_and_gen_data_equal_the_command_line(tmp_path, cli_json):
    ladder = seega.ladder(["random", "greedy", "ab(depth=1)"], games=4, seed=3)
    assert without_timing(ladder) == without_timing(
        cli_json("ladder", "--players", "random", "greedy", "ab(depth=1)", "--games", 4, "--seed", 3, "--json"))
    sim = seega.run_sim("ab(depth=1)", runs=3, seed=4)
    assert without_timing(sim) == without_timing(
        cli_json("run-sim", "--player", "ab(depth=1)", "--runs", 3, "--seed", 4, "--json"))
    py, cl = str(tmp_path / "py.csv"), str(tmp_path / "cli.csv")
    data = seega.gen_data(players=["greedy"], games=4, seed=6, label="result", out=py)
    want = cli_json("gen-data", "--players", "greedy", "--games", 4, "--seed", 6, "--label", "result", "--out", cl,
                    "--json")
    assert {**without_timing(data), "file": None} == {**without_timing(want), "file": None}
    assert data["positions"] > 0
    assert lines(py) == lines(cl)
    frame = seega.read_frame(py)
    assert len(frame) == data["positions"]


def test_progress_callback_hears_the_run():
    heard = []
    summary = seega.match("greedy", "random", games=40, seed=1, progress=heard.append)
    assert heard, "no progress reported"
    assert heard[-1]["done"] == heard[-1]["total"] == 40 == summary["games"]
    assert all(set(p) == {"done", "total", "played", "seconds", "mean"} for p in heard)
    assert [p["done"] for p in heard] == sorted(p["done"] for p in heard)


def test_an_error_in_the_progress_callback_is_raised():
    def fails(p):
        raise KeyError("from the callback")

    with pytest.raises(KeyError, match="from the callback"):
        seega.match("greedy", "random", games=4, seed=1, progress=fails)


def test_ctrl_c_stops_a_run_with_the_interrupted_summary(tmp_path):
    out = str(tmp_path / "games.jsonl")
    started = threading.Event()

    def progress(p):
        if p["done"] >= 2:
            started.set()

    def interrupt():
        started.wait(60)
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=interrupt)
    t.start()
    summary = seega.match("ab(depth=4)", "ab(depth=4)", games=100000, seed=1, threads=2, out=out,
                          progress=progress)
    t.join()
    assert summary["interrupted"] is True
    assert 2 <= summary["games"] < 100000
    assert len(lines(out)) == summary["games"] + 1  # every finished game kept
    # Python's own Ctrl-C handling is back once the run is over.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_python_player_plays_and_its_exception_is_a_recorded_loss(tmp_path):
    calls = []

    def agent(position):
        calls.append(position.notation())
        if len(calls) == 5:
            raise RuntimeError("the agent's bug")
        return position.legal_moves()[0]

    out = str(tmp_path / "games.jsonl")
    summary = seega.match(agent, "random", games=4, seed=3, threads=1, out=out)
    assert summary["games"] == 4 and summary["a"] == "callback(agent)"
    games = [json.loads(line) for line in lines(out)[1:]]
    crashed = [g for g in games if g["end_reason"] == "engine_crashed"]
    assert len(crashed) == 1 and "RuntimeError: the agent's bug" in crashed[0]["end_detail"]
    assert len(calls) > 5  # the run went on after the failure
    # The function is registered only for its run.
    with pytest.raises(ValueError, match="no function is registered"):
        seega.match("callback(agent)", "random", games=2)


def test_a_python_player_answering_an_illegal_move_loses(tmp_path):
    out = str(tmp_path / "games.jsonl")
    seega.match(lambda position: "pass", "random", games=2, seed=1, threads=1, out=out)
    games = [json.loads(line) for line in lines(out)[1:]]
    assert [g["end_reason"] for g in games] == ["illegal_move", "illegal_move"]
    assert json.loads(lines(out)[0])["players"][0] == "callback(_lambda_)"


def test_register_player_by_hand():
    with seega.register_player("mine", lambda p: p.legal_moves()[-1]) as r:
        assert r.spec == "callback(mine)" and r.open
        with pytest.raises(ValueError, match="taken"):
            seega.register_player("mine", print)
        assert seega.match(r.spec, "random", games=2)["games"] == 2
    assert not r.open
    with pytest.raises(ValueError, match="name"):
        seega.register_player("no spaces", print)


def test_read_frame_equals_the_command_lines_export(tmp_path, cli):
    out = str(tmp_path / "games.jsonl")
    seega.match("greedy", "random", games=6, seed=4, out=out)
    export = tmp_path / "games.csv"
    cli("export", out, "--format", "csv", "--out", export)
    frame = seega.read_frame(out)
    pandas.testing.assert_frame_equal(frame, pandas.read_csv(export))
    assert seega.export_csv(out) == export.read_text()


def test_bad_input_raises_the_command_lines_message(tmp_path):
    with pytest.raises(ValueError, match="unknown player 'levl'"):
        seega.match("levl(3)", "random", games=2)
    with pytest.raises(ValueError, match="--games 0"):
        seega.match("random", "random", games=0)
    with pytest.raises(ValueError, match="unrecognised|unknown option|did you mean"):
        seega.match("random", "random", gmaes=2)
    with pytest.raises(OSError, match="no such file"):
        seega.summary(str(tmp_path / "missing.jsonl"))
    with pytest.raises(OSError):
        seega.match("random", "random", games=2, out=str(tmp_path))  # a directory
    with pytest.raises(ValueError):
        seega.Player("ab()")
    with pytest.raises(ValueError):
        seega.Position("standard", "5/5/5/5 w 12/12 0 0")


def test_player_chooses_and_analyses(cli_json):
    pos = seega.Position("standard")
    p = seega.Player("ab(depth=3)", seed=2)
    move = p.choose(pos)
    assert move in pos.legal_moves()
    a = p.analyse(pos)
    want = cli_json("analyze", "--fen", pos.notation(), "--player", "ab(depth=3)", "--seed", 2, "--json")
    for key in ("best", "score", "pv", "depth", "nodes"):
        assert a[key] == want[key]
    assert a["best"] == str(move)
    assert p.reproducible and not seega.Player("level(3)").reproducible
    with pytest.raises(ValueError, match="over"):
        p.choose(seega.Position("standard", "5/5/2w2/5/5 b 0/0 0 0"))


def test_run_sim_file_reads_back_as_its_summary_and_frame(tmp_path, cli, cli_json):
    out = str(tmp_path / "runs.jsonl")
    played = seega.run_sim("ab(depth=1)", runs=3, seed=2, out=out)
    read = seega.summary(out)
    assert without_timing(read) == without_timing(cli_json("summary", out, "--json"))
    assert read["runs"] == played["runs"] == 3
    export = tmp_path / "runs.csv"
    cli("export", out, "--format", "csv", "--out", export)
    pandas.testing.assert_frame_equal(seega.read_frame(out), pandas.read_csv(export))


def test_new_game_restarts_a_players_random_stream():
    pos = seega.Position()
    p = seega.Player("random", seed=9)
    first = [str(p.choose(pos)) for _ in range(5)]
    p.new_game()
    assert [str(p.choose(pos)) for _ in range(5)] == first
    assert p.seed == 9 and p.spec == "random"


def test_analyse_function_equals_the_command_line(cli_json):
    pos = seega.Position("standard", "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31")
    got = seega.analyse(pos, "ab(depth=4)")
    want = cli_json("analyze", "--fen", pos.notation(), "--player", "ab(depth=4)", "--json")
    assert without_timing(got) == without_timing(want)


def test_a_python_player_in_a_ladder():
    def first(position):
        return position.legal_move_strings()[0]

    summary = seega.ladder([first, "random", "greedy"], games=2, seed=1)
    names = json.dumps(summary)
    assert "callback(first)" in names
    assert summary["games"] == 6
