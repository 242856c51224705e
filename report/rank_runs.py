"""The VPBi-CGSTAB paper's speedup by process count, from real rank-count runs of kamp_solve: the
e11_solves.csv that experiments/device/e11_solves.sh writes (solves to a tolerance) and the
e11_scaling.csv of a fixed-iteration loop, found in any folder under a machine's results.

Only these files hold runs on 1, 2 and 4 MPI ranks of one build. kamp_run's E11 is one process
(one GPU against the host's threads) and never appears here as a rank count. Each table is one
run folder and one commit; a folder whose rows come from several commits is split by commit."""
import csv
import os

from document import Heading, Paragraph, TableBlock, number
from results_csv import ResultsError

RUN_FILES = ("e11_solves.csv", "e11_scaling.csv")
REQUIRED = ("ranks", "format", "ms_per_iteration", "git")


def find_runs(results_root):
    """[(machine, folder relative to results_root, path)] of every rank-count file, sorted."""
    found = []
    for here, _, files in os.walk(results_root):
        for name in files:
            if name in RUN_FILES:
                relative = os.path.relpath(here, results_root)
                found.append((relative.split(os.sep)[0], relative, os.path.join(here, name)))
    return sorted(found)


def read_run(path, shown):
    """The rows of one run file as dicts; ResultsError names the file and line when one is malformed."""
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ResultsError(f"{shown}:1: a rank-count run needs the columns {', '.join(missing)}")
        rows = []
        for row in reader:
            try:
                row["ranks"], row["ms_per_iteration"] = int(row["ranks"]), float(row["ms_per_iteration"])
            except ValueError:
                raise ResultsError(f"{shown}:{reader.line_num}: ranks '{row['ranks']}' or ms_per_iteration "
                                   f"'{row['ms_per_iteration']}' is not a number") from None
            rows.append(row)
    return rows


def communication_pct(row):
    """The busiest rank's time in MPI over the solve (%): the column where the run wrote it, else
    communication_s / solve_s."""
    if row.get("comm_pct"):
        return float(row["comm_pct"])
    if row.get("communication_s") and row.get("solve_s") and float(row["solve_s"]) > 0:
        return 100 * float(row["communication_s"]) / float(row["solve_s"])
    return None


def solve_label(row):
    parts = [row["format"], row.get("solver") or "vpbicgstab"]
    if row.get("tolerance"):
        parts.append(f"to {row['tolerance']}")
    return " ".join(parts)


def run_table(rows):
    """One table: a solve a row; for each rank count its ms an iteration, the speedup over one rank
    and the share of the solve in MPI. A share above 100 % is not a share: it is shown as a timer
    error, never as a figure."""
    ranks = sorted({r["ranks"] for r in rows})
    # A speedup needs the one-rank run of the same commit (a weak-scaling run has none).
    compared = [r for r in ranks if r > 1] if 1 in ranks else []
    solves = {}
    for row in rows:
        solves.setdefault(solve_label(row), {})[row["ranks"]] = row
    header = ["solve"] + [f"{r} rank{'s' if r > 1 else ''}: ms / iteration" for r in ranks] + \
             [f"{r} ranks: speedup" for r in compared] + [f"{r} ranks: % in MPI" for r in ranks if r > 1]
    body, timer_errors = [], []
    for label, by_ranks in solves.items():
        one = by_ranks.get(1)
        times = [number(by_ranks[r]["ms_per_iteration"]) if r in by_ranks else "" for r in ranks]
        speedups = [number(one["ms_per_iteration"] / by_ranks[r]["ms_per_iteration"])
                    if one and r in by_ranks and by_ranks[r]["ms_per_iteration"] > 0 else "" for r in compared]
        shares = []
        for r in (r for r in ranks if r > 1):
            share = communication_pct(by_ranks[r]) if r in by_ranks else None
            if share is not None and share > 100:
                timer_errors.append(f"{label} on {r} ranks: {number(share)} % of the solve in MPI")
                shares.append("timer error")
            else:
                shares.append(number(share))
        body.append([label] + times + speedups + shares)
    return TableBlock(header, body), timer_errors


def blocks(results_root):
    """The VPBi-CGSTAB section's by-process-count tables, one per run folder and commit."""
    out = [Heading(3, "The VPBi-CGSTAB paper by process count: rank-count runs of kamp_solve", "seed-003-ranks"),
           Paragraph("Each table is one run of `kamp_solve` on 1, 2 and 4 MPI ranks (one GPU a rank) from one "
                     "commit, read from the run folder named above it. kamp_run's E11 tables are one process and "
                     "are not rank counts.")]
    runs = find_runs(results_root)
    if not runs:
        return out + [Paragraph("No rank-count run (e11_solves.csv or e11_scaling.csv) under the results.")]
    for machine, folder, path in runs:
        rows = read_run(path, os.path.join(folder, os.path.basename(path)))
        for commit in sorted({r["git"] for r in rows}):
            of_commit = [r for r in rows if r["git"] == commit]
            dates = sorted({r.get("date", "") for r in of_commit} - {""})
            table, timer_errors = run_table(of_commit)
            unknowns = sorted({r.get("unknowns", "") for r in of_commit} - {""})
            out += [Paragraph(f"`{folder}/{os.path.basename(path)}`: {machine}, kamp at {commit}"
                              + (f", {', '.join(dates)}" if dates else "")
                              + (f", {', '.join(unknowns)} unknowns" if unknowns else "")
                              + f"; ranks {', '.join(str(r) for r in sorted({r['ranks'] for r in of_commit}))}."),
                    table]
            if timer_errors:
                out.append(Paragraph("Shares of the solve in MPI above 100 % (the run's timer is wrong there, "
                                     "not shown as a share): " + "; ".join(timer_errors) + "."))
    return out
