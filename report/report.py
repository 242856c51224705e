#!/usr/bin/env python3
"""./kamp report [MACHINE...]: every experiment of every machine in the papers' own tables.

Writes OUT/REPORT.md and a self-contained OUT/report.html (default OUT: results/ at kamp's root):
a table of contents, each machine's build and commands, the headline ratios (against the papers per
data class, the peers measured in the same run and the physical limits that bound their rows), one
section per source paper with each experiment laid out as its paper's table (layouts.py) and the VPBi-CGSTAB
paper's rank-count runs (rank_runs.py), the CPU build against the GPU build (compare.py's matching),
and what was not run. A cell reads "ours (paper; ours/paper)"; a share that its model does not bound
reads "model error" (models.py). A CSV row that no table places is counted and listed, folded, under
its experiment, never dropped."""
import argparse
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402
import headline  # noqa: E402
import models  # noqa: E402
import rank_runs  # noqa: E402
from document import Bullets, Folded, Heading, Image, Links, Paragraph, TableBlock, number, to_html, to_markdown  # noqa: E402
from layouts import DERIVED, EXPERIMENTS, LAYOUTS, SECTIONS  # noqa: E402
from pivot import place  # noqa: E402
from results_csv import RESULTS_ROOT, ResultsError, read_source  # noqa: E402
from results_rows import machine_folders, read_machine  # noqa: E402

KAMP_ROOT = os.path.dirname(os.path.dirname(RESULTS_ROOT))
CELL_FORMAT = ("Cell: ours (paper; ours/paper). Ours alone where the paper has no figure; "
               "- (paper) where kamp has no row; \"model error\" or \"cache-resident\" for a share that its "
               "model does not bound (listed under the headline ratios). Times in ms unless the table says otherwise.")


def cell_text(cell, verdicts=None):
    verdict = (verdicts or {}).get(id(cell.row))
    if verdict is not None and verdict.kind != "share":
        return verdict.kind
    if cell.ours is None:
        return f"- ({number(cell.paper)})" if cell.paper is not None else ""
    if cell.paper is None:
        return number(cell.ours)
    ratio = cell.ratio  # three digits: a ratio of two measurements on different hardware says no more
    return f"{number(cell.ours)} ({number(cell.paper)}; {f'{ratio:.3g}' if ratio is not None else '-'})"


def grid_block(grid, verdicts=None):
    body = [[line.label] + [cell_text(c, verdicts) for c in line.cells] for line in grid.lines]
    divider = next((i for i, line in enumerate(grid.lines) if line.extra), None)
    return TableBlock([""] + grid.header, body, divider)


PROBLEM_COLUMNS = ("data", "space", "algorithm", "matrix")


def describe(row):
    """A row in a few words, for the rows whose cell was taken."""
    extras = [row[c] for c in PROBLEM_COLUMNS if row.get(c)]
    return (f"{row['variant']} {row['metric']} {number(row['value'])} {row['unit']} at {row['bits']} bits, "
            f"{row['m']} x {row['n']}" + (f" ({', '.join(extras)})" if extras else "") + f" [{row['where']}]")


def describe_groups(rows):
    """The rows no table placed, compactly: one item per variant, metric and problem columns, listing
    each row's value, size and line."""
    groups = {}
    for row in rows:
        key = (row["variant"], row["metric"], row["unit"]) + tuple(row.get(c) or "" for c in PROBLEM_COLUMNS)
        groups.setdefault(key, []).append(row)
    items = []
    for (variant, metric, unit, *extras), group in groups.items():
        context = ", ".join(e for e in extras if e)
        points = "; ".join(f"{number(r['value'])} at {r['bits']} bits, {r['m']} x {r['n']} "
                           f"(line {r['where'].rsplit(':', 1)[1]})" for r in group)
        items.append(f"{variant}, {metric} ({unit})" + (f" [{context}]" if context else "") + f": {points}")
    return items


class Machine:
    """One machine's rows by experiment, and each experiment's placement in its tables."""

    def __init__(self, results_root, name):
        self.name, self.folder = name, os.path.join(results_root, name)
        self.rows = read_machine(results_root, name)
        for experiment, rows in self.rows.items():
            derive = DERIVED.get(experiment)
            for row in rows if derive else []:
                row.update(derive(row))
        # A point that did not fit in memory has no measurement to lay out: it is listed apart.
        self.misfits = {e: [r for r in rows if r["metric"] == "needs_bytes"] for e, rows in self.rows.items()}
        self.placed = {e: place(LAYOUTS.get(e, []), [r for r in rows if r["metric"] != "needs_bytes"])
                       for e, rows in self.rows.items()}
        self.verdicts = {e: models.verdicts(e, rows) for e, rows in self.rows.items()}
        self.verdict_of = {id(row): verdict for judged in self.verdicts.values() for row, verdict in judged}

    def column_values(self, column):
        return sorted({r.get(column) or "" for rows in self.rows.values() for r in rows} - {""})

    def backend(self):
        backends = self.column_values("backend")
        return backends[0] if len(backends) == 1 else ", ".join(backends)


def md_command(folder, experiment):
    """The command line the experiment's Markdown head records ("- command: ..."), or ''."""
    try:
        with open(os.path.join(folder, f"{experiment}.md"), encoding="utf-8") as fh:
            return next((line[len("- command: "):].strip() for line in fh if line.startswith("- command: ")), "")
    except OSError:
        return ""


def machine_txt(folder):
    """machine.txt's device line(s) (the GPU as nvidia-smi gave it), when the run left one."""
    try:
        with open(os.path.join(folder, "machine.txt"), encoding="utf-8") as fh:
            return [line.strip() for line in fh if line.strip()][1:2]
    except OSError:
        return []


def head_blocks(machine):
    facts = [f"backend: {machine.backend()}", f"Kokkos: {'; '.join(machine.column_values('kokkos'))}",
             f"device: {'; '.join(machine.column_values('device') + machine_txt(machine.folder)) or 'not recorded (no E0)'}"]
    body = []
    for experiment, rows in machine.rows.items():
        gits = sorted({r["git"] for r in rows})
        dates = sorted({r["date"] for r in rows})
        body.append([experiment, ", ".join(gits), dates[0] if len(dates) == 1 else f"{dates[0]} .. {dates[-1]}",
                     md_command(machine.folder, experiment) or "(no command in the .md head)", str(len(rows))])
    return [Heading(3, f"{machine.name}", f"machine-{machine.name}"), Bullets(facts),
            TableBlock(["experiment", "git", "date", "command", "rows"], body)]


def experiment_blocks(machine, experiment):
    grids, others = machine.placed[experiment]
    rows = machine.rows[experiment]
    blocks = [Heading(4, f"{experiment} on {machine.name}", f"{experiment.lower()}-{machine.name}")]
    for i, grid in enumerate(grids):
        title = grid.table.title + (f": {grid.panel.label}" if grid.panel.label else "")
        blocks += [Paragraph(title), grid_block(grid, machine.verdict_of)]
        last_panel = i + 1 == len(grids) or grids[i + 1].table is not grid.table
        if grid.table.note and last_panel:
            blocks.append(Paragraph(grid.table.note))
        if grid.conflicts:
            blocks.append(Paragraph("Layout conflict, rows whose cell was taken (listed, not shown): "
                                    + "; ".join(f"{describe(r)}, cell from {w}" for r, w in grid.conflicts)))
    misfits = machine.misfits[experiment]
    if misfits:
        blocks += [Paragraph(f"Points that did not fit in the memory of the run's space ({len(misfits)}; the run "
                             "went on without them):"),
                   Bullets([f"{r['variant']} at {r['bits']} bits, {r['m']} x {r['n']}"
                            + (f" [{r['format']}]" if r.get("format") else "")
                            + f": asked for {number(r['value'] / 2**30)} GiB, "
                            + (f"{number(float(r['free_bytes']) / 2**30)} GiB free" if r.get("free_bytes") else "")
                            for r in misfits])]
    blocks.append(Paragraph(f"{len(rows) - len(others) - len(misfits)} of {len(rows)} rows placed in the tables, "
                            f"{len(others)} other rows" + ("." if not others else
                            f" ({machine.name}/{experiment}.csv): no table of {experiment} picks their variant "
                            f"and metric.")))
    if others:
        blocks.append(Folded(f"{len(others)} rows no table places", [Bullets(describe_groups(others))]))
    plot = os.path.join(machine.folder, f"{experiment}.png")
    if os.path.isfile(plot):
        blocks.append(Image(plot, f"{experiment} on {machine.name}"))
    return blocks


def section_blocks(machines, title, anchor, experiments, results_root):
    blocks = [Heading(2, title, anchor)]
    for experiment in experiments:
        present = [m for m in machines if experiment in m.rows]
        blocks += [Heading(3, f"{experiment}: {LAYOUTS[experiment][0].title}", f"{anchor}-{experiment.lower()}"),
                   Links([(0, m.name, f"{experiment.lower()}-{m.name}") for m in present]
                         + [(0, "contents", "contents")], inline=True),
                   Paragraph(CELL_FORMAT if present else "No machine has results for it.")]
        for machine in present:
            blocks += experiment_blocks(machine, experiment)
    if "E11" in experiments:
        blocks += rank_runs.blocks(results_root)
    return blocks


def contents(blocks):
    """The table of contents: every heading of levels 2 and 3 that has an anchor."""
    return [Heading(2, "Contents", "contents"),
            Links([(b.level - 2, b.text, b.anchor) for b in blocks
                   if isinstance(b, Heading) and b.level in (2, 3) and b.anchor])]


def commits(machine, experiment):
    return ", ".join(sorted({r["git"] for r in machine.rows.get(experiment, [])}))


def cpu_gpu_blocks(machines):
    """Each OpenMP machine's rows against each CUDA machine's, paired by compare.py (--spaces OpenMP:Cuda),
    with the commit each side's rows come from."""
    cpus = [m for m in machines if m.backend() == "OpenMP"]
    gpus = [m for m in machines if m.backend() == "Cuda"]
    body = []
    for cpu in cpus:
        _, cpu_rows = read_source(cpu.folder)
        for gpu in gpus:
            _, gpu_rows = read_source(gpu.folder)
            matches = compare.compare(cpu_rows, gpu_rows, ("OpenMP", "Cuda"))[0]
            for experiment, group in compare.by_experiment(matches, lambda x: x.a.experiment).items():
                gains = [x.gain for x in group if x.a.metric == "time_ms" and x.gain is not None]
                if gains:
                    body.append([f"{gpu.name} / {cpu.name}", experiment, commits(gpu, experiment),
                                 commits(cpu, experiment), str(len(gains)),
                                 number(compare.geometric_mean(gains)), number(min(gains)), number(max(gains))])
    blocks = [Heading(2, "CPU against GPU", "cpu-vs-gpu"),
              Paragraph("The CPU machine's OpenMP rows paired with the GPU machine's Cuda rows by ./kamp compare's "
                        "matching (same experiment, variant, sizes, metric and problem columns: data class, format, "
                        "engine); GPU speedup = CPU time / GPU time over the paired time rows. Each side's commit is "
                        "given: a row compares builds of those commits.")]
    if body:
        blocks.append(TableBlock(["GPU / CPU", "experiment", "GPU commit", "CPU commit", "time rows",
                                  "GPU speedup, geometric mean", "min", "max"], body))
    else:
        blocks.append(Paragraph("No pair of an OpenMP machine and a Cuda machine among the machines reported."))
    return blocks


def not_run_blocks(machines):
    blocks = [Heading(2, "Not run on this machine", "not-run")]
    for machine in machines:
        missing = [e for e in EXPERIMENTS if e not in machine.rows]
        unmeasured = [f"{e}: {text}" for e in machine.rows for text in headline.unmeasured(machine.placed[e][0])]
        blocks += [Heading(3, machine.name, f"not-run-{machine.name}"),
                   Paragraph("No results: " + (", ".join(missing) if missing else "none; every experiment ran.")),
                   Paragraph("Rows of the papers with a published figure and no measurement here"
                             + (":" if unmeasured else ": none."))]
        if unmeasured:
            blocks.append(Bullets(unmeasured))
    return blocks


def build(machines, command, results_root):
    written = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    head = [Heading(1, "kamp: results in the papers' shape"),
            Paragraph(f"Command: {command}; kamp at {compare.kamp_commit()}; written {written}. "
                      f"Machines: {', '.join(m.name for m in machines)}.")]
    blocks = [Heading(2, "Machines", "machines")]
    for machine in machines:
        blocks += head_blocks(machine)
    blocks.append(Heading(2, "Headline ratios", "headline"))
    for machine in machines:
        blocks += headline.blocks(machine)
    for title, anchor, experiments in SECTIONS:
        blocks += section_blocks(machines, title, anchor, experiments, results_root)
    blocks += cpu_gpu_blocks(machines) + not_run_blocks(machines)
    return head + contents(blocks) + blocks


def main(argv):
    parser = argparse.ArgumentParser(prog="./kamp report", description=__doc__.split("\n")[0])
    parser.add_argument("machines", nargs="*", metavar="MACHINE",
                        help="machines under the results root (default: every one with E<n>.csv)")
    parser.add_argument("--results-root", default=RESULTS_ROOT, help=f"default: {RESULTS_ROOT}")
    parser.add_argument("--out", default=os.path.join(KAMP_ROOT, "results"), help="default: results/ at kamp's root")
    args = parser.parse_args(argv)
    try:
        names = args.machines or machine_folders(args.results_root)
        if not names:
            raise ResultsError(f"{args.results_root}: no machine folder with E<n>.csv")
        machines = [Machine(args.results_root, name) for name in names]
        blocks = build(machines, "./kamp report " + " ".join(argv), args.results_root)
    except ResultsError as e:
        print(f"kamp report: {e}", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "REPORT.md"), "w", encoding="utf-8") as fh:
        fh.write(to_markdown(blocks, args.out))
    with open(os.path.join(args.out, "report.html"), "w", encoding="utf-8") as fh:
        fh.write(to_html(blocks, "kamp report"))
    for machine in machines:
        counts = [(len(rows), len(machine.placed[e][1]), len(machine.misfits[e])) for e, rows in machine.rows.items()]
        print(f"kamp report: {machine.name}: {sum(n for n, _, _ in counts)} rows, "
              f"{sum(n - o - f for n, o, f in counts)} placed, {sum(o for _, o, _ in counts)} other"
              + (f", {sum(f for _, _, f in counts)} did not fit" if any(f for _, _, f in counts) else ""))
    print(f"kamp report: {os.path.join(args.out, 'REPORT.md')}, {os.path.join(args.out, 'report.html')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
