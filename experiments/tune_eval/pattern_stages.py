#!/usr/bin/env python3
"""A pattern evaluation's weights file with the tables of some stages only: one factor of a pattern fit
changed, where its tables apply. Stages 0 and 1 are placement, 2 to 4 movement (docs/engines.md); the
entries of the other stages are left out (so they read as 0) and the end line is written again, its count
and hash those seega computes (FNV-1a over each entry line and its newline), so seega reads the file.

    pattern_stages.py --stages 2,3,4 fit.txt > movement_tables.txt
    pattern_stages.py --stages none fit.txt > linear_only.txt     # the linear weights alone
    pattern_stages.py --stages 0,1 --rest other.txt fit.txt > mixed.txt  # placement from fit.txt, movement from other.txt
    pattern_stages.py --stages 0,1,2,3,4 --classes cross fit.txt > cross.txt  # the cross's tables alone

With --rest, the other stages' entries come from a second fit of the same patterns (its 'patterns' line
the same), after the first's: two fits' tables joined, the linear weights the first's. With --classes, only
the named classes' entries of the kept stages are kept (the class names of the file's entries: line0,
line1, ..., diagonal, corner, cross); --rest's entries are kept whole.
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


def split(lines):
    """A pattern evaluation's weights file as (the lines before its entries, its 'patterns' line, its
    entries as (stage, line)); raises ValueError on a file that is not one."""
    head, patterns, entries, ended = [], None, [], False
    for n, line in enumerate(lines, 1):
        words = line.split()
        if words[:1] == ["patterns"]:
            patterns = line
        elif words[:1] == ["pattern"]:
            if len(words) != 5 or not words[2].isdigit() or int(words[2]) >= STAGES:
                raise ValueError(f"line {n}: want 'pattern CLASS STAGE INDEX VALUE'")
            entries.append((int(words[2]), line))
        elif words[:1] == ["end"]:
            ended = True
        elif patterns is None:
            head.append(line)
    if patterns is None or not ended:
        raise ValueError("not a pattern evaluation's weights file (no 'patterns' line and 'end' line)")
    return head, patterns, entries


def keep_stages(lines, stages, rest=None, classes=None):
    """The lines of a weights file with only the table entries of stages (and of classes, unless None), and
    with rest (another file's lines) the entries of the other stages from it; raises ValueError on a file
    that is not a pattern evaluation's, a class none of its entries has, or a rest whose patterns differ."""
    head, patterns, entries = split(lines)
    if classes is not None:
        present = {line.split()[1] for _, line in entries}
        missing = sorted(set(classes) - present)
        if missing:
            raise ValueError(f"no entry of class {', '.join(missing)} (its classes: {', '.join(sorted(present))})")
    kept = [line for stage, line in entries if stage in stages and (classes is None or line.split()[1] in classes)]
    if rest is not None:
        _, rest_patterns, rest_entries = split(rest)
        if rest_patterns.split() != patterns.split():
            raise ValueError(f"--rest has other patterns ('{rest_patterns}', not '{patterns}')")
        kept += [line for stage, line in rest_entries if stage not in stages]
    h = FNV_START
    for line in kept:
        h = fnv1a(fnv1a(h, line.encode()), b"\n")
    return head + [patterns] + kept + [f"end {len(kept)} {h:016x}"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("weights", help="a weights file seega tune --patterns wrote")
    ap.add_argument("--stages", required=True,
                    help="the stages whose tables are kept, separated by commas (0-4), or 'none'")
    ap.add_argument("--rest", metavar="FILE",
                    help="take the other stages' entries from this fit of the same patterns")
    ap.add_argument("--classes", help="keep only these classes' entries, separated by commas (such as line0,corner)")
    a = ap.parse_args()
    try:
        stages = set() if a.stages == "none" else {int(s) for s in a.stages.split(",")}
    except ValueError:
        sys.exit(f"pattern_stages.py: --stages {a.stages}: want stages 0 to 4 separated by commas, or 'none'")
    if any(s < 0 or s >= STAGES for s in stages):
        sys.exit(f"pattern_stages.py: --stages {a.stages}: stages run from 0 to 4")
    try:
        with open(a.weights) as f:
            lines = f.read().splitlines()
        rest = None
        if a.rest:
            with open(a.rest) as f:
                rest = f.read().splitlines()
        out = keep_stages(lines, stages, rest, a.classes.split(",") if a.classes else None)
    except (OSError, ValueError) as e:
        sys.exit(f"pattern_stages.py: {a.weights}: {e}")
    others = f", the other stages' from {a.rest}" if a.rest else " only"
    classes = f" (classes {a.classes})" if a.classes else ""
    print(f"# {a.weights} with the tables of stages {a.stages}{classes}{others} (pattern_stages.py)")
    print("\n".join(out))


if __name__ == "__main__":
    main()
