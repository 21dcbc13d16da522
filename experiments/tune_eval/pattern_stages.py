#!/usr/bin/env python3
"""A pattern evaluation's weights file with the tables of some stages only: one factor of a pattern fit
changed, where its tables apply. Stages 0 and 1 are placement, 2 to 4 movement (docs/engines.md); the
entries of the other stages are left out (so they read as 0) and the end line is written again, its count
and hash those seega computes (FNV-1a over each entry line and its newline), so seega reads the file.

    pattern_stages.py --stages 2,3,4 fit.txt > movement_tables.txt
    pattern_stages.py --stages none fit.txt > linear_only.txt     # the linear weights alone
"""
import argparse
import sys

FNV_START = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
STAGES = 5


def fnv1a(h, data):
    for c in data:
        h = ((h ^ c) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


def keep_stages(lines, stages):
    """The lines of a weights file with only the table entries of stages; raises ValueError on a file
    that is not a pattern evaluation's."""
    out, h, count, tables, ended = [], FNV_START, 0, False, False
    for n, line in enumerate(lines, 1):
        words = line.split()
        if words[:1] == ["patterns"]:
            tables = True
            out.append(line)
        elif words[:1] == ["pattern"]:
            if len(words) != 5 or not words[2].isdigit() or int(words[2]) >= STAGES:
                raise ValueError(f"line {n}: want 'pattern CLASS STAGE INDEX VALUE'")
            if int(words[2]) in stages:
                h = fnv1a(fnv1a(h, line.encode()), b"\n")
                count += 1
                out.append(line)
        elif words[:1] == ["end"]:
            ended = True
            out.append(f"end {count} {h:016x}")
        else:
            out.append(line)
    if not tables or not ended:
        raise ValueError("not a pattern evaluation's weights file (no 'patterns' line and 'end' line)")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("weights", help="a weights file seega tune --patterns wrote")
    ap.add_argument("--stages", required=True,
                    help="the stages whose tables are kept, separated by commas (0-4), or 'none'")
    a = ap.parse_args()
    try:
        stages = set() if a.stages == "none" else {int(s) for s in a.stages.split(",")}
    except ValueError:
        ap.error(f"--stages {a.stages}: want stages 0 to 4 separated by commas, or 'none'")
    if any(s < 0 or s >= STAGES for s in stages):
        ap.error(f"--stages {a.stages}: stages run from 0 to 4")
    try:
        with open(a.weights) as f:
            lines = f.read().splitlines()
        out = keep_stages(lines, stages)
    except (OSError, ValueError) as e:
        sys.exit(f"pattern_stages.py: {a.weights}: {e}")
    print(f"# {a.weights} with the tables of stages {a.stages} only (pattern_stages.py)")
    print("\n".join(out))


if __name__ == "__main__":
    main()
