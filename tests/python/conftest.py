"""What the Python module's tests share: the seega program beside the module (SEEGA), to hold the module
to the command line's own output, and a fresh directory for each test's files."""

import json
import os
import subprocess

import pytest

import seega


def cli_path():
    path = os.environ.get("SEEGA")
    if not path:
        pytest.fail("SEEGA is not set: run the tests through ctest (tests/CMakeLists.txt sets it)")
    return path


@pytest.fixture
def cli():
    """Runs the seega program with words; returns its stdout (the test fails on a non-zero exit)."""

    def run(*words, ok=True):
        p = subprocess.run([cli_path(), *map(str, words)], capture_output=True, text=True)
        if ok:
            assert p.returncode == 0, p.stderr
        return p

    return run


@pytest.fixture
def cli_json(cli):
    def run(*words):
        return json.loads(cli(*words).stdout)

    return run


# Keys of a summary that say when and how fast a run was, not what it found.
TIMING = {"seconds", "games_per_second", "runs_per_second", "positions_per_second", "nps", "build", "version"}


def without_timing(summary):
    if isinstance(summary, dict):
        return {k: without_timing(v) for k, v in summary.items() if k not in TIMING}
    if isinstance(summary, list):
        return [without_timing(v) for v in summary]
    return summary
