"""Reading kamp's experiment results: the tidy CSV that kamp_run writes per experiment
(experiments/results/<machine>/<id>.csv), from a folder or from a commit's copy in git.

Every file starts with the fixed columns below; an experiment appends its own. A malformed file
raises ResultsError naming the file and the line, never a partial table."""
import csv
import io
import math
import os
import re
import subprocess

RESULTS_ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "experiments", "results")
FIXED_COLUMNS = ["id", "variant", "bits", "m", "n", "metric", "value", "unit", "paper",
                 "machine", "backend", "kokkos", "git", "date"]
# Extra columns that say which problem a row measures (the rest are measurements about it): a row
# pairs with another only on the same data class, space, algorithm, matrix, measure, format (E13's
# emulated double and dd_real share variant names) and engine.
IDENTITY_EXTRAS = ["data", "space", "algorithm", "matrix", "measure", "format", "engine"]
RESULT_FILE = re.compile(r"^E[0-9]+\.csv$")


class ResultsError(Exception):
    """A results source that cannot be read: the message names the file (and line) and why."""


class Row:
    __slots__ = ("experiment", "key", "space", "value", "unit", "metric", "where")

    def __init__(self, experiment, key, space, value, unit, metric, where):
        self.experiment, self.key, self.space = experiment, key, space
        self.value, self.unit, self.metric, self.where = value, unit, metric, where


def parse_rows(text, name):
    """The rows of one results file's text; `name` is what errors call the file."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise ResultsError(f"{name}: empty file, expected the header {','.join(FIXED_COLUMNS)}")
    except csv.Error as e:
        raise ResultsError(f"{name}:1: {e}")
    if header[:len(FIXED_COLUMNS)] != FIXED_COLUMNS:
        raise ResultsError(f"{name}:1: the header must start with {','.join(FIXED_COLUMNS)}, got {','.join(header)}")
    if len(set(header)) != len(header):
        raise ResultsError(f"{name}:1: a column is named twice in {','.join(header)}")
    extras = [c for c in IDENTITY_EXTRAS if c in header]
    rows = []
    try:
        for fields in reader:
            line = reader.line_num
            if not fields:
                continue
            if len(fields) != len(header):
                raise ResultsError(f"{name}:{line}: {len(fields)} fields, the header has {len(header)}")
            record = dict(zip(header, fields))
            try:
                value = float(record["value"])
            except ValueError:
                raise ResultsError(f"{name}:{line}: value '{record['value']}' is not a number")
            if math.isnan(value):
                raise ResultsError(f"{name}:{line}: value is NaN")
            for column in ("bits", "m", "n"):
                if not re.fullmatch(r"-?[0-9]+", record[column]):
                    raise ResultsError(f"{name}:{line}: {column} '{record[column]}' is not an integer")
            key = (record["id"], record["variant"], int(record["bits"]), int(record["m"]), int(record["n"]),
                   record["metric"]) + tuple((c, record[c]) for c in extras if c != "space")
            rows.append(Row(record["id"], key, record.get("space", ""), value, record["unit"], record["metric"],
                            f"{name}:{line}"))
    except csv.Error as e:
        raise ResultsError(f"{name}:{reader.line_num}: {e}")
    return rows


def _shown(path):
    """A path as errors and tables show it: relative to the working folder when inside it."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def _git(folder, args, what):
    try:
        done = subprocess.run(["git", "-C", folder] + args, capture_output=True, text=True, check=False)
    except OSError as e:
        raise ResultsError(f"{what}: git cannot run: {e}")
    if done.returncode != 0:
        raise ResultsError(f"{what}: {done.stderr.strip() or 'git failed'}")
    return done.stdout


def read_source(source, results_root=RESULTS_ROOT):
    """Every row of a results source: a folder of <id>.csv files, a machine's name under
    results_root (kamp's experiments/results), or COMMIT:MACHINE (the files of results_root/MACHINE
    committed at COMMIT). Returns (label, rows)."""
    if os.path.isdir(source):
        files = sorted(f for f in os.listdir(source) if RESULT_FILE.match(f))
        if not files:
            raise ResultsError(f"{source}: no experiment results (E<n>.csv) in the folder")
        rows = []
        for f in files:
            path = os.path.join(source, f)
            with open(path, newline="", encoding="utf-8") as fh:
                rows += parse_rows(fh.read(), _shown(path))
        return os.path.basename(os.path.normpath(source)), rows
    if ":" in source:
        commit, machine = source.split(":", 1)
        if not commit or not machine or "/" in machine:
            raise ResultsError(f"{source}: expected COMMIT:MACHINE (for example HEAD~3:h200)")
        # Paths after "COMMIT:./" are relative to git's -C folder.
        # ls-tree run inside a repository's subfolder lists only that prefix: list the tree by its id.
        try:
            tree = _git(results_root, ["rev-parse", "--verify", "--quiet", f"{commit}:./{machine}"], source).strip()
        except ResultsError:
            raise ResultsError(f"{source}: no commit {commit} with a results folder {machine}") from None
        listing = _git(results_root, ["ls-tree", "--full-tree", "--name-only", tree], source)
        files = sorted(f for f in listing.split() if RESULT_FILE.match(f))
        if not files:
            raise ResultsError(f"{source}: no experiment results (E<n>.csv) for {machine} at {commit}")
        rows = []
        for f in files:
            rows += parse_rows(_git(results_root, ["show", f"{commit}:./{machine}/{f}"], source),
                               f"{commit}:{machine}/{f}")
        return source, rows
    if os.path.isdir(os.path.join(results_root, source)):
        return read_source(os.path.join(results_root, source), results_root)
    raise ResultsError(f"{source}: neither a results folder, a machine under {results_root}, nor COMMIT:MACHINE")
