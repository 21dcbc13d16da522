"""What the notebooks share: where the results are, and one look for every figure.

The notebooks only read what the experiments and benchmarks wrote and plot it. SEEGA_DATA names a folder
laid out like the repository (experiments/<study>/results/, bench/results/); by default the repository
itself, so `make notebooks` shows the committed results and CI can point the same notebooks at small data
made in the same run.
"""
import os
import re
import sys

import matplotlib
import matplotlib.pyplot as plt

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.abspath(os.environ.get("SEEGA_DATA") or ROOT)


def path(*parts):
    """A results file under SEEGA_DATA, e.g. path("experiments", "levels", "results", "levels.csv")."""
    return os.path.join(DATA, *parts)


RESULTS = os.environ.get("SEEGA_RESULTS")


def study(name, *parts):
    """A file in an experiment's results folder. SEEGA_RESULTS, when set, names one's own results instead:
    a folder that holds the files (e.g. a run's --out folder), or one file, which stands for the file of
    its name (its folder for the others), so a notebook plots a run without a repository-shaped folder."""
    if RESULTS:
        if os.path.isdir(RESULTS):
            return os.path.join(os.path.abspath(RESULTS), *parts)
        folder = os.path.dirname(os.path.abspath(RESULTS))
        return os.path.abspath(RESULTS) if parts[-1] == os.path.basename(RESULTS) else os.path.join(folder, *parts)
    return path("experiments", name, "results", *parts)


def seega_binary():
    """The seega executable a notebook runs to draw a board (seega replay --svg): SEEGA_BIN, else the
    release build's; None when neither exists, so the notebook can say so and go on."""
    exe = os.environ.get("SEEGA_BIN") or os.path.join(ROOT, "build", "release", "bin", "seega")
    return exe if os.path.exists(exe) else None


def seega_module():
    """The Python module seega a notebook plays and reads games with (seega.match, seega.read_frame): an
    installed one (pip install ., or PYTHONPATH), else the release build's (build/release/python); None
    when neither imports, so the notebook can say so and go on."""
    try:
        import seega
        return seega
    except ImportError:
        pass
    built = os.path.join(ROOT, "build", "release", "python")
    if not os.path.isdir(os.path.join(built, "seega")):
        return None
    sys.path.insert(0, built)
    try:
        import seega
        return seega
    except ImportError:  # e.g. the package's files without their extension (a build under way)
        sys.path.remove(built)
        return None


def style():
    """Figures small enough to keep the committed notebooks light and large enough to read."""
    matplotlib.rcParams.update({
        "figure.dpi": 80, "savefig.dpi": 80, "figure.figsize": (10, 4.2), "axes.grid": True,
        "grid.alpha": 0.3, "axes.spines.top": False, "axes.spines.right": False, "font.size": 10,
        "legend.fontsize": 8, "legend.frameon": False,
    })
    print("results from", RESULTS if RESULTS else "the repository" if DATA == ROOT else DATA)


def interval_bars(ax, x, y, lo, hi, scale=1.0, **kw):
    """Points with asymmetric bars from an interval's bounds (lo <= y <= hi), e.g. a 95% interval."""
    y, lo, hi = (scale * v for v in (y, lo, hi))
    return ax.errorbar(x, y, yerr=[y - lo, hi - y], capsize=3, marker="o", markersize=4, **kw)


def spec_number(spec, key):
    """The number after KEY in a player spec: spec_number("ab(depth=4)", "depth") == 4; None if absent."""
    m = re.search(rf"{key}=(\d+)", spec)
    return int(m.group(1)) if m else None


def close(fig):
    """Shows a figure once: laid out, drawn into the notebook, then freed."""
    fig.tight_layout()
    plt.show()
    plt.close(fig)
