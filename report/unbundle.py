#!/usr/bin/env python3
"""./kamp unbundle: a results archive from a bundle's run.sh (experiments/bundle_run.sh) into
results/<machine>/ or experiments/results/<machine>/, all or nothing.

usage: unbundle.py RESULTS.tgz [MACHINE] [--into results|experiments] [--root DIR] [--no-plots]

The archive holds one folder, <machine>/. Every member must be a plain file or folder inside it
(no '..', absolute path or link), every E<n>.csv must read as a results file
(results_csv.parse_rows), and the archive must hold a CSV; else the command names the member, or
the file and line, and writes nothing. Then, for each experiment whose E<n>.csv sits in
<machine>/, the destination's old E<n>.* files go (a result is one run, never two merged), every
member is copied in (MACHINE renames the folder), and each E<n>.csv is plotted by
plots/plot_sweep.py, as ./kamp run does."""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from results_csv import RESULT_FILE, ResultsError, parse_rows  # noqa: E402

FOLDER_NAME = re.compile(r"^[A-Za-z0-9._-]+$")


def shown(path):
    """A path as the output shows it: relative to the working folder when inside it."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def checked_members(archive, members):
    """The archive's machine folder; raises ResultsError naming the first member that could write
    outside it or is not a plain file or folder."""
    machines = set()
    for m in members:
        parts = m.name.split("/")
        if m.name.startswith("/") or ".." in parts:
            raise ResultsError(f"{archive}: member '{m.name}' points outside the archive's folder")
        if not (m.isfile() or m.isdir()):
            raise ResultsError(f"{archive}: member '{m.name}' is a link or special file, not a plain file or folder")
        parts = [p for p in parts if p not in ("", ".")]
        if not parts:
            continue
        if len(parts) == 1 and m.isfile():
            raise ResultsError(f"{archive}: member '{m.name}' is outside a machine folder (expected <machine>/...)")
        machines.add(parts[0])
    if len(machines) != 1:
        found = ", ".join(sorted(machines)) or "none"
        raise ResultsError(f"{archive}: expected one machine folder, found {found}")
    machine = machines.pop()
    if not FOLDER_NAME.match(machine) or machine in (".", ".."):
        raise ResultsError(f"{archive}: the machine folder '{machine}' is not a plain folder name")
    return machine


def unpack(archive, scratch):
    """Unpacks the checked archive into scratch; returns the path of its machine folder."""
    if not os.path.isfile(archive):
        raise ResultsError(f"{archive}: no such file (the results archive run.sh wrote)")
    try:
        with tarfile.open(archive, "r:*") as tar:
            members = tar.getmembers()
            machine = checked_members(archive, members)
            # The "data" filter (Python >= 3.11.4) refuses what checked_members refused, once more.
            safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            tar.extractall(scratch, members=members, **safe)
    except (tarfile.TarError, EOFError, OSError) as e:
        raise ResultsError(f"{archive}: not a readable tar archive: {e}") from None
    return os.path.join(scratch, machine)


def validate(archive, folder):
    """The experiments whose E<n>.csv is at the folder's top; raises ResultsError unless every
    E<n>.csv in it parses and there is a CSV at all."""
    csvs, experiments = [], []
    for where, _, files in os.walk(folder):
        for f in sorted(files):
            if not f.endswith(".csv"):
                continue
            path = os.path.join(where, f)
            csvs.append(path)
            if not RESULT_FILE.match(f):
                continue  # a script's own table (e11_solves.csv, ...), copied as it is
            shown = f"{archive}:{os.path.relpath(path, os.path.dirname(folder))}"
            try:
                with open(path, newline="", encoding="utf-8") as fh:
                    parse_rows(fh.read(), shown)
            except UnicodeDecodeError as e:
                raise ResultsError(f"{shown}: not UTF-8 text: {e}") from None
            if where == folder:
                experiments.append(f[:-len(".csv")])
    if not csvs:
        raise ResultsError(f"{archive}: no CSV in the archive: nothing to unbundle")
    return experiments


def place(folder, dest, experiments):
    """Replaces dest's E<n>.* of each experiment by the folder's files; returns the files written."""
    os.makedirs(dest, exist_ok=True)
    for e in experiments:
        for old in glob.glob(os.path.join(glob.escape(dest), e + ".*")):
            os.remove(old)
    written = []
    for where, _, files in os.walk(folder):
        target = os.path.join(dest, os.path.relpath(where, folder))
        os.makedirs(target, exist_ok=True)
        for f in sorted(files):
            shutil.copyfile(os.path.join(where, f), os.path.join(target, f))
            written.append(os.path.join(target, f))
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", help="kamp-results-<machine>-<hash>.tgz from run.sh")
    parser.add_argument("machine", nargs="?", help="the folder to put it in (default: the archive's)")
    parser.add_argument("--into", choices=("results", "experiments"), default="results",
                        help="results/<machine>/ (default), or experiments/results/<machine>/ to commit it")
    parser.add_argument("--root", default=ROOT, help=f"the kamp checkout to write into (default: {ROOT})")
    parser.add_argument("--no-plots", action="store_true", help="do not draw the E<n>.png plots")
    args = parser.parse_args()
    if args.machine is not None and (not FOLDER_NAME.match(args.machine) or args.machine in (".", "..")):
        parser.error(f"MACHINE must be a folder name (letters, digits, '.', '_', '-'), got '{args.machine}'")

    with tempfile.TemporaryDirectory(prefix="kamp-unbundle-") as scratch:
        try:
            folder = unpack(args.archive, scratch)
            experiments = validate(args.archive, folder)
        except ResultsError as e:
            print(f"unbundle: {e}; nothing written", file=sys.stderr)
            return 2
        machine = args.machine or os.path.basename(folder)
        results_root = os.path.join(args.root, "results" if args.into == "results" else "experiments/results")
        dest = os.path.join(results_root, machine)
        written = place(folder, dest, experiments)

    print(f"unbundle: {args.archive} -> {shown(dest)}/ (experiments: {' '.join(experiments) or 'none'})")
    for w in sorted(written):
        print(f"  {shown(w)}")
    sys.stdout.flush()
    status = os.path.join(dest, "status.txt")
    if os.path.isfile(status):
        with open(status, encoding="utf-8") as fh:
            for line in fh:
                if ": exit 0 " not in line:
                    print(f"unbundle: status.txt: {line.rstrip()}", file=sys.stderr)
    if not args.no_plots:
        plot = os.path.join(os.path.dirname(HERE), "plots", "plot_sweep.py")
        for e in experiments:
            csv_path = os.path.join(dest, e + ".csv")
            if subprocess.run([sys.executable, plot, csv_path], check=False).returncode != 0:
                print(f"unbundle: plotting {shown(csv_path)} failed", file=sys.stderr)
    report = f"./kamp report {machine}"
    if os.path.abspath(results_root) != os.path.join(ROOT, "experiments", "results"):
        report += f" --results-root {shown(results_root)}"
    print(f"unbundle: next: {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
