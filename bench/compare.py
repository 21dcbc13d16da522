#!/usr/bin/python3
"""Compares a Google Benchmark JSON run with the committed baseline.

    bench/compare.py [--baseline FILE] [--latest FILE] [--threshold PCT]

Prints one line per benchmark: its time in the baseline and now, and the speed ratio (baseline time /
current time: 1.00 is unchanged, 0.80 is 20% slower). A ratio below 1 - PCT/100 (PCT = 10 by default)
is flagged "SLOWER"; that is a prompt to look, not a failure, since the machines are noisy, so the
exit code is 0 whatever the figures. A file that cannot be read or is not benchmark JSON is one line
on stderr and exit code 2.

With repetitions (--benchmark_repetitions) a benchmark's time is its median: the "median" aggregate
row when the file has one, else the median of its repetitions. Benchmarks that report real time
(UseRealTime, "/real_time" in the name) are compared on it, the others on CPU time, which depends less
on what else the machine runs. Standard library only, for /usr/bin/python3.
"""

import argparse
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


class BadFile(Exception):
    pass


def load(path):
    """{benchmark name: (seconds per iteration, None) or (None, error message)} of one JSON file."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise BadFile(f"cannot read {path}: {e.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadFile(f"{path} is not JSON ({e})")
    rows = data.get("benchmarks") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise BadFile(f'{path} is not Google Benchmark JSON (no "benchmarks" list)')

    runs, medians, errors, order = {}, {}, {}, []
    for i, row in enumerate(rows):
        where = f"{path}: benchmark {i + 1}"
        if not isinstance(row, dict) or not isinstance(row.get("name"), str):
            raise BadFile(f"{where} has no name")
        name = row.get("run_name", row["name"])
        if not isinstance(name, str):
            raise BadFile(f"{where} has a run_name that is not a string")
        if name not in order:
            order.append(name)
        if row.get("error_occurred"):
            errors[name] = str(row.get("error_message", "error"))
            continue
        kind = row.get("run_type", "iteration")
        if kind == "aggregate" and row.get("aggregate_name") != "median":
            continue  # mean, stddev, cv: the median stands for the repetitions
        unit = row.get("time_unit", "ns")
        if unit not in UNITS:
            raise BadFile(f'{where} ({name}) has time unit "{unit}", not one of {", ".join(UNITS)}')
        key = "real_time" if "/real_time" in name else "cpu_time"
        value = row.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise BadFile(f"{where} ({name}) has no {key} as a number")
        seconds = value * UNITS[unit]
        if kind == "aggregate":
            medians[name] = seconds
        else:
            runs.setdefault(name, []).append(seconds)

    out = {}
    for name in order:
        if name in medians:
            out[name] = (medians[name], None)
        elif name in runs:
            out[name] = (statistics.median(runs[name]), None)
        else:
            out[name] = (None, errors.get(name, "no time"))
    return out


def show(seconds):
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def main(argv):
    parser = argparse.ArgumentParser(description="Compares a benchmark run with the baseline.")
    parser.add_argument("--baseline", default=os.path.join(HERE, "results", "baseline.json"))
    parser.add_argument("--latest", default=os.path.join(HERE, "results", "latest.json"))
    parser.add_argument("--threshold", type=float, default=10.0,
                        help="flag a speed drop beyond this many percent (default 10)")
    args = parser.parse_args(argv)
    try:
        base, now = load(args.baseline), load(args.latest)
    except BadFile as e:
        print(f"compare.py: error: {e}", file=sys.stderr)
        return 2

    floor = 1 - args.threshold / 100
    names = list(now) + [n for n in base if n not in now]
    width = max([len(n) for n in names] + [9])
    print(f"{'benchmark':<{width}}  {'baseline':>9}  {'now':>9}  speed")
    flagged = compared = 0
    for name in names:
        (b, b_err), (n, n_err) = base.get(name, (None, None)), now.get(name, (None, None))
        if name not in base:
            note = "new (not in the baseline)"
        elif name not in now:
            note = "not run (only in the baseline)"
        elif b_err or n_err:
            note = f"error: {n_err or b_err}"
        elif n == 0 or b == 0:
            note = "a time of zero: no ratio"
        else:
            compared += 1
            ratio = b / n
            note = f"{ratio:.2f}"
            if ratio < floor:
                flagged += 1
                note += f"  SLOWER by {100 * (1 - ratio):.0f}%"
        cells = [show(t) if t is not None else "-" for t in (b, n)]
        print(f"{name:<{width}}  {cells[0]:>9}  {cells[1]:>9}  {note}")
    print(f"{compared} benchmarks compared with the baseline, {flagged} more than "
          f"{args.threshold:g}% slower (flagged, not a failure: the machines are noisy)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
