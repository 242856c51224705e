#!/usr/bin/env python3
"""./kamp report (report/report.py and its modules) on the samples in tests/report/data/report: a
GPU machine and a CPU machine with a few E3 rows. Rows land in the paper's cells with the right
ratio (the CSV's published figure only, on the paper's data class), the paper-only rows stand in the
panel of the paper's data class alone, rows of another space become labelled extra rows, rows no
table takes are listed and counted, bad input exits 2 naming the file and line or the
machine, and report.html carries nothing from outside and escapes every text."""
import contextlib
import io
import os
import re
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "report"))
import report  # noqa: E402
from layouts import LAYOUTS  # noqa: E402
from pivot import place  # noqa: E402
from results_rows import read_machine  # noqa: E402

SAMPLES = os.path.join(HERE, "data", "report")


def line_of(grids, panel_label, line_label):
    grid = next(g for g in grids if g.panel.label.startswith(panel_label))
    line = next(line for line in grid.lines if line.label == line_label)
    return dict(zip(grid.header, line.cells)), line


class Placing(unittest.TestCase):
    def setUp(self):
        self.grids, self.others = place(LAYOUTS["E3"], read_machine(SAMPLES, "gpu")["E3"])

    def test_a_row_lands_in_the_paper_s_cell_with_its_ratio(self):
        cells, line = line_of(self.grids, "p/4-bit", "Proposed implementation (split_N)")
        self.assertEqual((cells["212 bits"].ours, cells["212 bits"].paper, cells["212 bits"].ratio), (2.8, 5.6, 0.5))
        self.assertEqual(report.cell_text(cells["212 bits"]), "2.8 (5.6; 0.5)")
        self.assertEqual(report.cell_text(cells["106 bits"]), "")  # neither measured nor in the CSV
        self.assertFalse(line.extra)

    def test_no_paper_figure_beside_another_data_class(self):
        cells, _ = line_of(self.grids, "full", "Proposed implementation (split_N)")
        self.assertEqual(report.cell_text(cells["106 bits"]), "6.2")
        self.assertIsNone(cells["106 bits"].ratio)

    def test_paper_only_and_extra_rows(self):
        cells, line = line_of(self.grids, "p/4-bit", "CUMP (paper only)")
        self.assertEqual(report.cell_text(cells["1696 bits"]), "- (154)")
        full = next(g for g in self.grids if g.panel.label.startswith("full"))
        self.assertNotIn("CUMP (paper only)", [line.label for line in full.lines])
        cells, line = line_of(self.grids, "p/4-bit", "fused_N")
        self.assertTrue(line.extra)
        self.assertEqual(cells["212 bits"].ours, 1.4)

    def test_a_row_of_another_space_is_an_extra_row_with_its_space(self):
        cells, line = line_of(self.grids, "p/4-bit", "Proposed implementation (split_N) [OpenMP]")
        self.assertTrue(line.extra)
        self.assertEqual(cells["212 bits"].ours, 70.0)

    def test_rows_no_table_takes_are_listed_not_dropped(self):
        self.assertEqual([(r["variant"], r["bits"]) for r in self.others], [("<b>&x", "64")])


class Command(unittest.TestCase):
    def setUp(self):
        self.out = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.out)

    def run_main(self, *args, root=SAMPLES):
        err, printed = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(printed):
            status = report.main(["--results-root", root, "--out", self.out] + list(args))
        return status, err.getvalue(), printed.getvalue()

    def written(self, name):
        with open(os.path.join(self.out, name), encoding="utf-8") as fh:
            return fh.read()

    def test_writes_both_files_and_counts_the_rows(self):
        status, _, printed = self.run_main()
        self.assertEqual(status, 0)
        self.assertIn("kamp report: gpu: 5 rows, 4 placed, 1 other", printed)
        text = self.written("REPORT.md")
        self.assertIn("| Proposed implementation (split_N) |  | 2.8 (5.6; 0.5) |", text)
        self.assertIn("4 of 5 rows placed in the tables, 1 other rows (gpu/E3.csv): no table of E3 picks", text)
        self.assertIn("- [Headline ratios](#headline)", text)
        self.assertIn("<b>&x, time_ms (ms) [p/4-bit, Cuda]: 9 at 64 bits, 1000 x 1000 (line 6)", text)
        self.assertIn("`kamp_run --size paper E3`", text)
        self.assertIn("No results: E0, E1, E2, E4,", text)
        self.assertIn("| gpu / cpu | E3 | abc1234 | abc1234 | 2 | 10 | 5 | 20 |", text)  # 56/2.8 and 31/6.2, by compare.py

    def test_the_html_stands_alone_and_escapes_text(self):
        self.assertEqual(self.run_main("gpu")[0], 0)
        page = self.written("report.html")
        self.assertNotRegex(page, r"https?://")
        self.assertEqual(re.findall(r'src="(?!data:image/png;base64,)', page), [])
        self.assertIn('src="data:image/png;base64,', page)
        self.assertIn("&lt;b&gt;&amp;x", page)
        self.assertNotIn("<b>&x", page)
        self.assertIn('id="seed-000"', page)

    def test_a_point_that_did_not_fit_is_listed_apart_not_laid_out(self):
        root = tempfile.mkdtemp()
        try:
            shutil.copytree(os.path.join(SAMPLES, "gpu"), os.path.join(root, "gpu"))
            with open(os.path.join(root, "gpu", "E13.csv"), "w", encoding="utf-8") as fh:
                fh.write("id,variant,bits,m,n,metric,value,unit,paper,machine,backend,kokkos,git,date,data,format,"
                         "free_bytes,status\n"
                         'E13,ozaki_b104,106,65536,65536,time_ms,900,ms,,gpu,Cuda,"K",abc,2026,well_scaled,dd_real,,\n'
                         'E13,ozaki_b104,106,131072,131072,needs_bytes,25769803776,B,,gpu,Cuda,"K",abc,2026,'
                         "well_scaled,dd_real,1073741824,does not fit\n")
            status, _, printed = self.run_main("gpu", root=root)
        finally:
            shutil.rmtree(root)
        self.assertEqual(status, 0)
        self.assertIn("7 rows, 5 placed, 1 other, 1 did not fit", printed)
        text = self.written("REPORT.md")
        self.assertIn("ozaki_b104 at 106 bits, 131072 x 131072 [dd_real]: asked for 24 GiB, 1 GiB free", text)
        self.assertIn("1 of 2 rows placed in the tables, 0 other rows.", text)

    def test_a_malformed_csv_names_its_file_and_line(self):
        root = tempfile.mkdtemp()
        try:
            shutil.copytree(os.path.join(SAMPLES, "gpu"), os.path.join(root, "gpu"))
            with open(os.path.join(root, "gpu", "E3.csv"), "a", encoding="utf-8") as fh:
                fh.write('E3,split_N,424,1000,1000,time_ms,fast,ms,,gpu,Cuda,"K",abc,2026,p/4-bit,Cuda\n')
            status, err, _ = self.run_main(root=root)
        finally:
            shutil.rmtree(root)
        self.assertEqual(status, 2)
        self.assertEqual(err, f"kamp report: {os.path.join('gpu', 'E3.csv')}:7: value 'fast' is not a number\n")

    def test_a_missing_machine_or_root_is_a_one_line_error(self):
        status, err, _ = self.run_main("gpu", "nowhere")
        self.assertEqual(status, 2)
        self.assertIn("no results for machine 'nowhere'", err)
        self.assertEqual(err.count("\n"), 1)
        status, err, _ = self.run_main(root=os.path.join(SAMPLES, "no_such_root"))
        self.assertEqual(status, 2)
        self.assertIn("no_such_root: no such results folder", err)


if __name__ == "__main__":
    unittest.main()
