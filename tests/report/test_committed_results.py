#!/usr/bin/env python3
"""The report on the committed results (experiments/results): every machine lays out without a layout
conflict, no share above 100 % of its model is shown as a share or counted in a headline, every
ratio to a paper is taken on the paper's own workload (its figure from the CSV, its data class),
few rows are left unplaced, the VPBi-CGSTAB paper's by-process-count tables come from rank-count runs of one
commit each, and the committed REPORT.md links only to files and anchors that exist. A broken
report fails here, not in front of a reader. The model rules themselves are checked on made-up
rows, so that the checks above cannot pass by a rule that never fires."""
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "report"))
import headline  # noqa: E402
import models  # noqa: E402
import rank_runs  # noqa: E402
import report  # noqa: E402
from pivot import Pick  # noqa: E402
from results_csv import RESULTS_ROOT  # noqa: E402
from results_rows import machine_folders  # noqa: E402

# At most this share of a machine's rows may land in no table (they are listed, folded).
UNPLACED_BOUND = 0.01
# The experiments whose rows carry a data class, and the class the paper measured.
PAPER_DATA = {"E1": "p/4-bit", "E2": "p/4-bit", "E3": "p/4-bit", "E4": "p/4-bit"}


def committed_machines():
    return [report.Machine(RESULTS_ROOT, name) for name in machine_folders(RESULTS_ROOT)]


class CommittedResults(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.machines = committed_machines()

    def test_there_are_results_to_check(self):
        self.assertGreaterEqual(len(self.machines), 2)
        self.assertGreater(sum(len(rows) for m in self.machines for rows in m.rows.values()), 1000)

    def test_no_layout_conflicts(self):
        for machine in self.machines:
            for experiment, (grids, _) in machine.placed.items():
                for grid in grids:
                    self.assertEqual(grid.conflicts, [], f"{machine.name} {experiment} {grid.table.title}: "
                                     f"{[w for _, w in grid.conflicts][:3]}")

    def test_few_rows_are_unplaced(self):
        for machine in self.machines:
            total = sum(len(rows) for rows in machine.rows.values())
            unplaced = sum(len(others) for _, others in machine.placed.values())
            self.assertLessEqual(unplaced, UNPLACED_BOUND * total, f"{machine.name}: {unplaced} of {total} unplaced")

    def test_no_share_above_its_model_is_shown_as_a_share(self):
        for machine in self.machines:
            for experiment, (grids, _) in machine.placed.items():
                for grid in grids:
                    for line in grid.lines:
                        for cell in line.cells:
                            verdict = machine.verdict_of.get(id(cell.row))
                            text = report.cell_text(cell, machine.verdict_of)
                            if verdict is not None and cell.row["value"] > 100:
                                self.assertNotEqual(verdict.kind, "share", cell.where)
                                self.assertIn(text, ("model error", "cache-resident"), cell.where)
            for row in headline.against_limits(machine):
                self.assertLessEqual(float(row[5]), 100, f"{machine.name}: headline share {row}")

    def test_every_set_apart_share_is_named_with_its_model_and_row(self):
        for machine in self.machines:
            named = {r[-1] for r in headline.set_apart(machine)}
            for experiment, judged in machine.verdicts.items():
                for row, verdict in judged:
                    if verdict.kind != "share":
                        self.assertIn(row["where"], named)
                        self.assertTrue(verdict.model and verdict.reason)

    def test_paper_ratios_are_on_the_paper_s_workload(self):
        for machine in self.machines:
            for experiment, (grids, _) in machine.placed.items():
                for cell in headline.paper_cells(grids):
                    self.assertTrue(cell.row and cell.row.get("paper"), f"{cell.where}: a figure the CSV does not carry")
                    if experiment in PAPER_DATA:
                        self.assertEqual(cell.row.get("data"), PAPER_DATA[experiment], cell.where)

    def test_seed_003_by_process_count_comes_from_rank_count_runs(self):
        runs = rank_runs.find_runs(RESULTS_ROOT)
        self.assertTrue(runs, "no rank-count run under the results")
        counts = set()
        for machine, folder, path in runs:
            rows = rank_runs.read_run(path, folder)
            ranks = {r["ranks"] for r in rows}
            counts |= ranks
            table, _ = rank_runs.run_table(rows)
            speedups = [h for h in table.header if h.endswith("speedup")]
            # A speedup is over the one-rank run of the same file; a weak-scaling file shows none.
            self.assertEqual(bool(speedups), 1 in ranks and len(ranks) > 1, f"{folder}: {table.header}")
        self.assertTrue({1, 2, 4} <= counts, f"rank counts run: {sorted(counts)}")
        # kamp_run's E11 is one process: no machine folder may hold E11 rows of several GPUs as ranks.
        for machine in self.machines:
            self.assertNotIn("ranks", {k for rows in machine.rows.values() for r in rows for k in r})

    def test_the_committed_report_links_to_what_exists(self):
        path = os.path.join(RESULTS_ROOT, "REPORT.md")
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
        for target in re.findall(r"\]\(([^)]+)\)", text):
            if target.startswith("#"):
                self.assertIn(target[1:], anchors, f"REPORT.md links to a missing anchor {target}")
            else:
                self.assertTrue(os.path.exists(os.path.join(RESULTS_ROOT, target)), f"REPORT.md links to {target}")


class ModelRules(unittest.TestCase):
    """The rules of models.py on rows made up for them: each fires where it must."""

    @staticmethod
    def row(variant, metric, value, n="16777216", space="OpenMP", **extra):
        return dict(variant=variant, metric=metric, value=value, m="0", n=n, space=space, data="",
                    where=f"x/E0.csv:{variant}", **extra)

    def test_a_share_above_100_is_a_model_error(self):
        verdict = models.judge("E5", self.row("qd_real_gemm_NN", "pct_peak", 137.0, madd_fp64_instructions="356"), {})
        self.assertEqual(verdict.kind, "model error")
        self.assertIn("356 FP64 instructions", verdict.model)

    def test_a_share_of_a_working_set_in_cache_is_set_apart(self):
        rows = [self.row("daxpy", "bandwidth_gbs", 100.0, n="65536"), self.row("daxpy", "time_ms", 0.0157, n="65536"),
                self.row("daxpy", "pct_bandwidth", 518.0, n="65536")]
        verdict = models.verdicts("E0", rows)[0][1]
        self.assertEqual(verdict.kind, "cache-resident")
        self.assertEqual(verdict.model, "streaming bandwidth measured in the same run")

    def test_a_share_out_of_cache_and_below_100_stands(self):
        rows = [self.row("daxpy", "bandwidth_gbs", 20.0), self.row("daxpy", "time_ms", 20.0),
                self.row("daxpy", "pct_bandwidth", 71.0)]
        self.assertEqual(models.verdicts("E0", rows)[0][1].kind, "share")

    def test_a_layout_cannot_set_a_paper_figure_beside_measured_rows(self):
        with self.assertRaises(ValueError):
            Pick("split_N", {"variant": "split_N"}, [3.1])


if __name__ == "__main__":
    unittest.main()
