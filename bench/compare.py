#!/usr/bin/python3
"""Compares a Google Benchmark JSON run with the committed baseline.

    bench/compare.py [--baseline FILE] [--latest FILE] [--threshold PCT] [--fail-below R] [--json]

Prints one line per benchmark of the run: its time in the baseline and now, and the speed ratio
(baseline time / current time: 1.00 is unchanged, 0.80 is 20% slower). A ratio below 1 - PCT/100
(PCT = 10 by default) is flagged "SLOWER"; that is a prompt to look, not a failure, since the machines
are noisy, so the exit code is 0 whatever the figures unless --fail-below R is given: then a ratio
below R (e.g. 0.7, 30% slower) fails the comparison, exit code 1, naming the benchmarks. Benchmarks of
the baseline that the run left out (a --benchmark_filter run) are counted on one line, not listed.
--json prints the comparison as one JSON object instead. A file that cannot be read or is not
benchmark JSON is one line on stderr and exit code 2.

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


def compare(base, now, floor, fail_below):
    """One entry a benchmark of the run (and of the baseline when the run left none out), in the run's
    order: name, the two times in seconds, the ratio and what it says."""
    rows = []
    names = list(now) + [n for n in base if n not in now]
    for name in names:
        (b, b_err), (n, n_err) = base.get(name, (None, None)), now.get(name, (None, None))
        row = {"name": name, "baseline_seconds": b, "now_seconds": n, "ratio": None}
        if name not in base:
            row["status"] = "new"
        elif name not in now:
            row["status"] = "not_run"
        elif b_err or n_err:
            row.update(status="error", error=n_err or b_err)
        elif n == 0 or b == 0:
            row["status"] = "zero_time"
        else:
            row["ratio"] = b / n
            row["status"] = ("failed" if fail_below is not None and row["ratio"] < fail_below
                             else "slower" if row["ratio"] < floor else "ok")
        rows.append(row)
    return rows


def main(argv):
    parser = argparse.ArgumentParser(description="Compares a benchmark run with the baseline.")
    parser.add_argument("--baseline", default=os.path.join(HERE, "results", "baseline.json"))
    parser.add_argument("--latest", default=os.path.join(HERE, "results", "latest.json"))
    parser.add_argument("--threshold", type=float, default=10.0,
                        help="flag a speed drop beyond this many percent (default 10)")
    parser.add_argument("--fail-below", type=float, metavar="R",
                        help="exit 1 when a benchmark's speed ratio is below R (e.g. 0.7: 30%% slower)")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    args = parser.parse_args(argv)
    if args.fail_below is not None and not 0 < args.fail_below <= 1:
        print(f"compare.py: error: --fail-below {args.fail_below:g}: give a ratio above 0 and at most 1, "
              "e.g. 0.7", file=sys.stderr)
        return 2
    try:
        base, now = load(args.baseline), load(args.latest)
    except BadFile as e:
        print(f"compare.py: error: {e}", file=sys.stderr)
        return 2

    rows = compare(base, now, 1 - args.threshold / 100, args.fail_below)
    compared = [r for r in rows if r["ratio"] is not None]
    flagged = [r for r in compared if r["status"] in ("slower", "failed")]
    failed = [r for r in compared if r["status"] == "failed"]
    left_out = [r for r in rows if r["status"] == "not_run"]
    if args.json:
        json.dump({"baseline": args.baseline, "latest": args.latest, "threshold_percent": args.threshold,
                   "fail_below": args.fail_below, "compared": len(compared), "flagged": len(flagged),
                   "failed": [r["name"] for r in failed], "left_out": len(left_out),
                   "benchmarks": [r for r in rows if r["status"] != "not_run"],
                   "not_run": [r["name"] for r in left_out]}, sys.stdout, indent=1)
        print()
        return 1 if failed else 0

    shown = [r for r in rows if r["status"] != "not_run"]
    width = max([len(r["name"]) for r in shown] + [9])
    print(f"{'benchmark':<{width}}  {'baseline':>9}  {'now':>9}  speed")
    for r in shown:
        note = {"new": "new (not in the baseline)", "error": f"error: {r.get('error')}",
                "zero_time": "a time of zero: no ratio"}.get(r["status"])
        if note is None:
            note = f"{r['ratio']:.2f}"
            if r["status"] in ("slower", "failed"):
                note += f"  SLOWER by {100 * (1 - r['ratio']):.0f}%"
            if r["status"] == "failed":
                note += f"  FAILED (below {args.fail_below:g})"
        cells = [show(t) if t is not None else "-" for t in (r["baseline_seconds"], r["now_seconds"])]
        print(f"{r['name']:<{width}}  {cells[0]:>9}  {cells[1]:>9}  {note}")
    if left_out:
        print(f"{len(left_out)} benchmark{'s' if len(left_out) > 1 else ''} of the baseline not run (a filtered run?): "
              f"{', '.join(r['name'] for r in left_out[:3])}{', ...' if len(left_out) > 3 else ''}")
    verdict = (f"{len(failed)} below {args.fail_below:g}: FAILED" if failed
               else f"none below {args.fail_below:g}" if args.fail_below is not None
               else "flagged, not a failure: the machines are noisy")
    print(f"{len(compared)} benchmarks compared with the baseline, {len(flagged)} more than "
          f"{args.threshold:g}% slower ({verdict})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
