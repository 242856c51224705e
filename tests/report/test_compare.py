#!/usr/bin/env python3
"""./kamp compare (report/compare.py, report/results_csv.py) on the committed samples in
tests/report/data: rows matched by problem and space (or across two spaces), B/A and the gain in
the right direction per metric, unit clashes and repeated rows reported, sources read from folders,
machine names and commits; malformed files and bad sources raise ResultsError naming the file and
line or the source, and the command exits 2 with that message."""
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "report"))
import compare  # noqa: E402
from results_csv import FIXED_COLUMNS, ResultsError, parse_rows, read_source  # noqa: E402

DATA = os.path.join(HERE, "data")
HEADER = ",".join(FIXED_COLUMNS) + ",space"
TAIL = 'cpu,OpenMP,"Kokkos 3.4.1",abc1234,2026-11-22T00:00:00Z,OpenMP'


def variant_metric(match):
    return (match.a.key[1], match.a.metric)


class ReadingFiles(unittest.TestCase):
    def expect_error(self, text, *parts):
        with self.assertRaises(ResultsError) as caught:
            parse_rows(text, "sample.csv")
        for part in parts:
            self.assertIn(part, str(caught.exception))

    def test_a_valid_file_gives_its_rows_with_their_lines(self):
        rows = parse_rows(f"{HEADER}\nE5,x,106,2,3,time_ms,1.5,ms,,{TAIL}\n\nE5,y,106,2,3,time_ms,2,ms,,{TAIL}\n", "f.csv")
        self.assertEqual([r.value for r in rows], [1.5, 2.0])
        self.assertEqual([r.where for r in rows], ["f.csv:2", "f.csv:4"])
        self.assertEqual(rows[0].key, ("E5", "x", 106, 2, 3, "time_ms"))
        self.assertEqual(rows[0].space, "OpenMP")

    def test_malformed_files_name_the_file_and_line(self):
        self.expect_error("", "sample.csv: empty file")
        self.expect_error("id,variant\nE5,x\n", "sample.csv:1:", "must start with")
        self.expect_error(f"{HEADER},space\n", "sample.csv:1:", "named twice")
        self.expect_error(f"{HEADER}\nE5,x,106,2,3,time_ms,1,ms,,{TAIL},extra\n", "sample.csv:2:", "16 fields", "has 15")
        self.expect_error(f"{HEADER}\nE5,x,106,2,3,time_ms,1,ms,,{TAIL}\nE5,x,106,2,3,time_ms,fast,ms,,{TAIL}\n",
                          "sample.csv:3:", "value 'fast' is not a number")
        self.expect_error(f"{HEADER}\nE5,x,106,2,3,time_ms,nan,ms,,{TAIL}\n", "sample.csv:2:", "NaN")
        self.expect_error(f"{HEADER}\nE5,x,1e2,2,3,time_ms,1,ms,,{TAIL}\n", "sample.csv:2:", "bits '1e2' is not an integer")
        self.expect_error(f'{HEADER}\nE5,"x,106,2,3,time_ms,1,ms,,{TAIL}\n', "sample.csv")

    def test_bad_sources_are_named(self):
        for source, part in [("no/such/folder", "neither a results folder"), ("HEAD:", "expected COMMIT:MACHINE"),
                             (":h200", "expected COMMIT:MACHINE"), ("HEAD:a/b", "expected COMMIT:MACHINE"),
                             (HERE, "no experiment results")]:
            with self.assertRaises(ResultsError) as caught:
                read_source(source, results_root=DATA)
            self.assertIn(part, str(caught.exception), source)
            self.assertIn(source, str(caught.exception))


class Matching(unittest.TestCase):
    def setUp(self):
        _, self.a = read_source("a", results_root=DATA)
        _, self.b = read_source(os.path.join(DATA, "b"))

    def test_across_two_spaces(self):
        matches, only_a, only_b, clashes, duplicates = compare.compare(self.a, self.b, ("OpenMP", "Cuda"))
        got = {variant_metric(x): (x.a.value, x.b.value, x.ratio, x.gain) for x in matches}
        self.assertEqual(got, {
            ("dd_real_axpy", "time_ms"): (2.0, 0.5, 0.25, 4.0),       # the first of A's two rows
            ("dd_real_axpy", "gddflops"): (1.5, 6.0, 4.0, 4.0),       # higher is better
            ("qd_real_axpy", "rel_error"): (1e-60, 2e-60, 2.0, 0.5),  # lower is better
        })
        self.assertEqual([(r.key[1], r.key[-1]) for r in only_a], [("qd_real_axpy", ("data", "p/4-bit"))])
        self.assertEqual(sorted(r.key[1] for r in only_b), ["dd_real_gemv_N", "qd_real_axpy"])
        self.assertEqual([(a.unit, b.unit) for a, b in clashes], [("ms", "s")])
        self.assertEqual(len(duplicates), 1)
        self.assertTrue(duplicates[0].where.endswith(os.path.join("data", "a", "E5.csv") + ":4"), duplicates[0].where)

    def test_same_space_by_default(self):
        matches, _, only_b, _, _ = compare.compare(self.a, self.b)
        self.assertEqual([(variant_metric(x), x.b.space, x.gain) for x in matches],
                         [(("dd_real_axpy", "time_ms"), "OpenMP", 2.0)])
        self.assertIn("Cuda", {r.space for r in only_b})

    def test_metrics_without_a_direction_have_a_ratio_only(self):
        rows_a = parse_rows(f"{HEADER}\nE1,x,106,2,3,time_share_pct,40,%,,{TAIL}\n", "a.csv")
        rows_b = parse_rows(f"{HEADER}\nE1,x,106,2,3,time_share_pct,20,%,,{TAIL}\n", "b.csv")
        (match,), *_ = compare.compare(rows_a, rows_b)
        self.assertEqual((match.ratio, match.gain), (0.5, None))


class Command(unittest.TestCase):
    def run_main(self, *args):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = compare.main(list(args))
        return status, err.getvalue()

    def test_writes_the_table_the_csv_and_the_plot(self):
        out = tempfile.mkdtemp()
        try:
            status, _ = self.run_main(os.path.join(DATA, "a"), os.path.join(DATA, "b"), "--spaces", "OpenMP:Cuda",
                                      "--out", out)
            self.assertEqual(status, 0)
            with open(os.path.join(out, "compare.md"), encoding="utf-8") as fh:
                text = fh.read()
            self.assertIn("| E5 | 3 | 1 | 2 | 1 | 4 | 4 | 4 |", text)
            self.assertIn("| dd_real_axpy, 106 bits, 1024 x 1024, data full | time_ms | 2 | 0.5 | ms | 0.25 | 4 |", text)
            self.assertIn("Rows whose units differ", text)
            with open(os.path.join(out, "compare.csv"), encoding="utf-8") as fh:
                lines = fh.read().splitlines()
            self.assertEqual(len(lines), 4)
            try:
                import matplotlib  # noqa: F401
                self.assertTrue(os.path.getsize(os.path.join(out, "compare.png")) > 1000)
            except ImportError:
                self.assertFalse(os.path.exists(os.path.join(out, "compare.png")))
        finally:
            shutil.rmtree(out)

    def test_errors_exit_2_with_the_reason(self):
        status, err = self.run_main(os.path.join(DATA, "a"), "nowhere", "--out", tempfile.gettempdir())
        self.assertEqual(status, 2)
        self.assertIn("kamp compare: nowhere: neither a results folder", err)
        status, err = self.run_main(os.path.join(DATA, "a"), os.path.join(DATA, "b"), "--spaces", "Cuda")
        self.assertEqual(status, 2)
        self.assertIn("--spaces 'Cuda': expected SPACE_A:SPACE_B", err)
        status, err = self.run_main(os.path.join(DATA, "a"), os.path.join(DATA, "b"), "--experiments", "E3")
        self.assertEqual(status, 2)
        self.assertIn("no row matches", err)

    def test_a_commit_s_results(self):
        repo = tempfile.mkdtemp()
        try:
            folder = os.path.join(repo, "experiments", "results", "m1")
            os.makedirs(folder)
            shutil.copy(os.path.join(DATA, "a", "E5.csv"), folder)
            git = ["git", "-C", repo, "-c", "user.name=kamp", "-c", "user.email=kamp@localhost"]
            subprocess.run(git[:3] + ["init", "-q"], check=True)
            subprocess.run(git + ["add", "."], check=True)
            subprocess.run(git + ["commit", "-q", "-m", "results"], check=True)
            shutil.rmtree(folder)  # only the commit has them now
            results = os.path.join(repo, "experiments", "results")
            label, rows = read_source("HEAD:m1", results_root=results)
            self.assertEqual((label, len(rows)), ("HEAD:m1", 6))
            self.assertEqual(rows[0].where, "HEAD:m1/E5.csv:2")
            for source in ("HEAD:m2", "nocommit:m1"):
                with self.assertRaises(ResultsError) as caught:
                    read_source(source, results_root=results)
                self.assertIn(source, str(caught.exception))
        finally:
            shutil.rmtree(repo)


if __name__ == "__main__":
    unittest.main()
