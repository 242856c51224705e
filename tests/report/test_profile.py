#!/usr/bin/env python3
"""./kamp profile's tables (report/kernel_profile.py) on the committed samples in tests/report/data/profile:
kernel names out of Kokkos' launch wrappers, labels from ncu's NVTX column, ncu's records summed or
time-weighted per (label, kernel), the ceilings of E0 at its largest size and in the device's space,
the rows ordered and filtered; files that cannot be read raise ProfileError naming the file and line,
and the command exits 2."""
import csv
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "report"))
import kernel_profile  # noqa: E402
from kernel_profile import ProfileError  # noqa: E402

DATA = os.path.join(HERE, "data", "profile")
TIMES, NCU, CEILINGS = (os.path.join(DATA, f) for f in ("E5_kernels.csv", "E5_ncu.csv", "E0.csv"))


def text_of(path):
    with open(path) as f:
        return f.read()


def written(text):
    f = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False)
    f.write(text)
    f.close()
    return f.name


class KernelNames(unittest.TestCase):
    def test_the_functor_inside_kokkos_launch_wrapper(self):
        name = ("void Kokkos::Impl::cuda_parallel_launch_local_memory<Kokkos::Impl::ParallelReduce<"
                "kamp::rns::row_sum<32, Kokkos::CudaSpace>, Kokkos::RangePolicy<Kokkos::Cuda>, Kokkos::Cuda>>(T1)")
        self.assertEqual(kernel_profile.kernel_name(name), "kamp::rns::row_sum<32, Kokkos::CudaSpace>")
        # ncu's shortened form, without the Kokkos:: prefix.
        self.assertEqual(kernel_profile.kernel_name("void Impl::cuda_parallel_launch_local_memory<Impl::ParallelFor<"
                                                    "rns::tile_pool<32, CudaSpace>, RangePolicy<Cuda>, Cuda>>"),
                         "rns::tile_pool<32, CudaSpace>")

    def test_a_label_stays_and_a_parameter_list_goes(self):
        self.assertEqual(kernel_profile.kernel_name("kamp::blas::axpy"), "kamp::blas::axpy")
        self.assertEqual(kernel_profile.kernel_name("sm90_xmma_gemm_s8s8_s32_nn(int, float)"), "sm90_xmma_gemm_s8s8_s32_nn")


class Reading(unittest.TestCase):
    def test_ceilings_at_the_largest_size_in_the_device_space(self):
        c = kernel_profile.read_ceilings(CEILINGS)
        self.assertEqual((c["copy_gbs"], c["fma_gflops"], c["peak_model_gflops"], c["space"]), (4000, 32000, 33000, "Cuda"))

    def test_ncu_records_group_by_label_function_and_launch_skipping_log_lines_and_na(self):
        launches = kernel_profile.read_ncu(NCU)
        axpy = ("kamp::blas::axpy", "kamp::blas::generic::axpy_kernel<kamp::multi_double::dd_real, Kokkos::Cuda>")
        self.assertEqual(sorted(launches), sorted([
            axpy, ("kamp::blas::gemv::rows", "kamp::blas::generic::gemv_rows_kernel<kamp::multi_double::dd_real, Kokkos::Cuda>"),
            ("", "sm90_xmma_gemm_s8s8_s32_nn"), ("", "Kokkos::Impl::ViewValueFunctor<Kokkos::Cuda, double, 1>")]))
        self.assertEqual(len(launches[axpy]), 2)
        self.assertEqual(launches[axpy][1]["dram__bytes.sum"], 6e6)  # "6,000,000"
        self.assertNotIn("sm__pipe_tensor_op_imma_cycles_active.avg.pct_of_peak_sustained_active",
                         launches[("", "sm90_xmma_gemm_s8s8_s32_nn")][0])

    def test_the_label_is_the_innermost_range(self):
        ranges = '9  ""<default domain>:outer:none:none:none:none:none:none"" ""<default domain>:a:b:none:none:none:none:none:none""'
        self.assertEqual(kernel_profile.nvtx_label(ranges), "a:b")
        self.assertEqual(kernel_profile.nvtx_label(""), "")

    def test_kernel_names_with_or_without_ncus_range_prefix_give_the_same_records(self):
        # ncu 2025.3 writes "label/function", the H100 hosts' ncu the function alone.
        with open(NCU) as f:
            text = f.read()
        unprefixed = re.sub(r'"kamp::blas::(axpy|gemv::rows)/', '"', text)
        self.assertNotEqual(unprefixed, text)
        self.assertEqual(kernel_profile.read_ncu(written(unprefixed)), kernel_profile.read_ncu(NCU))

    def expect_error(self, call, *parts):
        with self.assertRaises(ProfileError) as caught:
            call()
        for part in parts:
            self.assertIn(part, str(caught.exception))

    def test_unreadable_inputs_name_the_file_and_line(self):
        self.expect_error(lambda: kernel_profile.read_ncu(written("==PROF== nothing profiled\n")), "no ncu CSV header")
        bad = text_of(NCU).replace('"1,000"', '"fast"', 1)
        path = written(bad)
        self.expect_error(lambda: kernel_profile.read_ncu(path), f"{path}:4", "'fast' is not a number")
        path = written(bad.replace('"fast"', '"1,000"', 1).replace('"(256, 1, 1)"', '"256"', 1))
        self.expect_error(lambda: kernel_profile.read_ncu(path), f"{path}:4", "launch size '256' is not (x, y, z)")
        path = written(text_of(NCU).replace('"Metric Value"', '"Value"'))
        self.expect_error(lambda: kernel_profile.read_ncu(path), f"{path}:3", "lacks Metric Value")
        path = written("id,kernel,calls,time_ms,share_pct\nE5,k,1,2\n")
        self.expect_error(lambda: kernel_profile.read_times(path), f"{path}:2", "4 fields")
        path = written("id,kernel,time_ms\n")
        self.expect_error(lambda: kernel_profile.read_times(path), f"{path}:1", "header must be")
        self.expect_error(lambda: kernel_profile.read_times(os.path.join(DATA, "missing.csv")), "missing.csv", "cannot be read")
        path = written(text_of(CEILINGS).replace(",copy,", ",copy_reference,"))
        self.expect_error(lambda: kernel_profile.read_ceilings(path), path, "no copy bandwidth row")


class Table(unittest.TestCase):
    def ncu_rows(self, pattern=""):
        return kernel_profile.ncu_rows(kernel_profile.read_times(TIMES), kernel_profile.read_ncu(NCU),
                                       kernel_profile.read_ceilings(CEILINGS), pattern)

    def test_ncu_columns_add_bytes_and_weight_rates_by_time(self):
        axpy = next(r for r in self.ncu_rows() if r["label"] == "kamp::blas::axpy")
        self.assertEqual(axpy["share_pct"], 40)  # the label's share of the fenced run
        self.assertEqual(axpy["profiled_launches"], 2)
        self.assertAlmostEqual(axpy["ncu_time_ms"], 4e-3)
        self.assertAlmostEqual(axpy["occupancy_pct"], (40 * 1000 + 80 * 3000) / 4000)
        self.assertAlmostEqual(axpy["dram_gbs"], 8e6 / 4e-6 * 1e-9)  # 8 MB in 4 us
        self.assertAlmostEqual(axpy["pct_copy_bandwidth"], 100 * 2000 / 4000)
        self.assertAlmostEqual(axpy["fp64_gflops"], (2 * 4e6 + 2e6) / 4e-6 * 1e-9)
        self.assertAlmostEqual(axpy["pct_fp64_fma"], 100 * 2500 / 32000)
        self.assertAlmostEqual(axpy["flops_per_byte"], 1e7 / 8e6)
        # 6e6 FP64 instructions over two launches of 256 x 40000 threads, in 4 us at 16e12 a second
        self.assertAlmostEqual(axpy["fp64_inst_per_thread"], 6e6 / (2 * 256 * 40000))
        self.assertAlmostEqual(axpy["pct_fp64_inst_model"], 100 * (6e6 / 4e-6) / 16e12)
        self.assertAlmostEqual(axpy["divergence_pct"], 10)
        self.assertEqual(axpy["occupancy_limiter"], "registers")
        self.assertIsNone(axpy["local_accesses"])
        gemv = next(r for r in self.ncu_rows() if r["label"] == "kamp::blas::gemv::rows")
        self.assertEqual((gemv["occupancy_limiter"], gemv["local_accesses"], gemv["dram_gbs"]), ("shared memory", 16, None))

    def test_rows_by_time_and_the_filter_on_label_or_function(self):
        times = kernel_profile.read_times(TIMES)
        self.assertEqual([r["label"] for r in kernel_profile.time_rows(times, "")],
                         ["kamp::blas::gemv::rows", "kamp::blas::axpy"])
        self.assertEqual([r["label"] for r in kernel_profile.time_rows(times, "axpy")], ["kamp::blas::axpy"])
        self.assertEqual([r["kernel"] for r in self.ncu_rows()][0], "sm90_xmma_gemm_s8s8_s32_nn")  # 7 us, the longest
        self.assertEqual([r["label"] for r in self.ncu_rows("axpy_kernel")], ["kamp::blas::axpy"])
        self.assertEqual([r["kernel"] for r in self.ncu_rows("^sm90")], ["sm90_xmma_gemm_s8s8_s32_nn"])


class Command(unittest.TestCase):
    def run_profile(self, *args):
        return subprocess.run([sys.executable, os.path.join(ROOT, "report", "kernel_profile.py"), *args],
                              capture_output=True, text=True)

    def test_writes_the_table_and_the_roofline(self):
        with tempfile.TemporaryDirectory() as out:
            done = self.run_profile("--experiment", "E5", "--times", TIMES, "--ncu", NCU, "--ceilings", CEILINGS, "--out", out)
            self.assertEqual(done.returncode, 0, done.stderr)
            with open(os.path.join(out, "E5_profile.csv")) as f:
                self.assertEqual([r["label"] for r in csv.DictReader(f)], ["kamp::blas::gemv::rows", "kamp::blas::axpy"])
            with open(os.path.join(out, "E5_profile_ncu.csv")) as f:
                axpy = next(r for r in csv.DictReader(f) if r["label"] == "kamp::blas::axpy")
            self.assertAlmostEqual(float(axpy["pct_copy_bandwidth"]), 50.0)
            self.assertIn("## Kernels under Nsight Compute", text_of(os.path.join(out, "E5_profile.md")))
            self.assertIn("copy bandwidth 4000 GB/s", text_of(os.path.join(out, "E5_profile.md")))
            plot = os.path.join(out, "E5_roofline.png")
            try:
                import matplotlib  # noqa: F401
                self.assertTrue(os.path.getsize(plot) > 1000)
            except ImportError:
                self.assertFalse(os.path.exists(plot))

    def test_the_cpu_table_has_times_only(self):
        with tempfile.TemporaryDirectory() as out:
            done = self.run_profile("--experiment", "E5", "--times", TIMES, "--ceilings", CEILINGS, "--out", out)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertFalse(os.path.exists(os.path.join(out, "E5_roofline.png")))
            self.assertFalse(os.path.exists(os.path.join(out, "E5_profile_ncu.csv")))
            with open(os.path.join(out, "E5_profile.csv")) as f:
                self.assertEqual(next(csv.reader(f)), ["id", "label", "calls", "time_ms", "share_pct"])

    def test_bad_input_exits_2_with_the_reason(self):
        with tempfile.TemporaryDirectory() as out:
            done = self.run_profile("--experiment", "E5", "--times", TIMES, "--ceilings", CEILINGS, "--out", out,
                                    "--kernels", "(")
            self.assertEqual(done.returncode, 2)
            self.assertIn("--kernels '(' is not a regular expression", done.stderr)
            done = self.run_profile("--experiment", "E5", "--times", NCU, "--ceilings", CEILINGS, "--out", out)
            self.assertEqual(done.returncode, 2)
            self.assertIn("E5_ncu.csv:1", done.stderr)


if __name__ == "__main__":
    unittest.main()
