#!/usr/bin/env python3
"""./kamp bundle and ./kamp unbundle end to end, without a C++ build: experiments/bundle.sh packs
copies of system binaries (bin/, lib/, scripts/, run.sh, MANIFEST), carrying libstdc++ but never
the C runtime, the NVIDIA driver, Open MPI or (by default) the CUDA toolkit; the bundle's run.sh
runs a fake kamp_run once per experiment, records each exit status and packs one results archive;
report/unbundle.py takes that archive, refuses one with a malformed CSV or a member outside its
folder writing nothing, and replaces only the experiments an archive holds."""
import csv
import hashlib
import io
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUNDLE = os.path.join(ROOT, "experiments", "bundle.sh")
UNBUNDLE = os.path.join(ROOT, "report", "unbundle.py")
with open(os.path.join(ROOT, "experiments", "results", "cpu-2t", "E3.csv"), newline="", encoding="utf-8") as f:
    E3_ROWS = list(csv.reader(f))[:4]  # the header and three committed rows


def csv_text(rows):
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    return text.getvalue()


E3_CSV = csv_text(E3_ROWS)
# The same rows with a value that is not a number on line 3.
BAD_CSV = csv_text(E3_ROWS[:2] + [[v if i != E3_ROWS[0].index("value") else "fast" for i, v in enumerate(E3_ROWS[2])]]
                   + E3_ROWS[3:])

# A kamp_run that writes a one-row E<n>.csv and .md per experiment; E3 fails, E7 outlasts a timeout.
FAKE_KAMP_RUN = r"""#!/bin/sh
out=. ids=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift ;;
    --size|--data) shift ;;
    --list) printf 'E0  copy bandwidth\nE3  GEMV time\n'; exit 0 ;;
    -*) ;;
    *) ids="$ids $1" ;;
  esac
  shift
done
for id in $ids; do
  case "$id" in E3) echo "E3 failed on purpose" >&2; exit 3 ;; E7) sleep 30 ;; esac
  mkdir -p "$out/$KAMP_MACHINE"
  printf 'id,variant,bits,m,n,metric,value,unit,paper,machine,backend,kokkos,git,date\n' > "$out/$KAMP_MACHINE/$id.csv"
  printf '%s,copy,64,1,1024,bandwidth_gbs,1.5,GB/s,,%s,Cuda,k,%s,2026-12-01\n' "$id" "$KAMP_MACHINE" "$KAMP_GIT_HASH" >> "$out/$KAMP_MACHINE/$id.csv"
  echo "# $id" > "$out/$KAMP_MACHINE/$id.md"
  echo "$id: 1 rows -> $out/$KAMP_MACHINE/$id.csv"
done
"""


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(path, mode)


def make_tgz(path, files, links=()):
    """A gzip'd tar of files ({member name: text}) and symbolic links ((name, target) pairs)."""
    with tarfile.open(path, "w:gz") as tar:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for name, target in links:
            info = tarfile.TarInfo(name)
            info.type, info.linkname = tarfile.SYMTYPE, target
            tar.addfile(info)
    return path


def members(archive):
    with tarfile.open(archive) as tar:
        return sorted(m.name for m in tar.getmembers() if m.isfile())


def unbundle(root, *args):
    return subprocess.run([sys.executable, UNBUNDLE, *args, "--root", root, "--no-plots"],
                          capture_output=True, text=True, check=False)


def bundle(out, binaries, *options, env=None):
    return subprocess.run(["bash", BUNDLE, "--out", out, "--backend", "cuda", "--git", "abc123",
                           "--command", "./kamp bundle (test)", *binaries, *options],
                          capture_output=True, text=True, check=False, env=env)


class Temporary(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="kamp-test-bundle-")
        self.addCleanup(shutil.rmtree, self.tmp)

    def path(self, *parts):
        return os.path.join(self.tmp, *parts)


class Unbundling(Temporary):
    def test_a_malformed_csv_refuses_the_whole_archive_and_writes_nothing(self):
        archive = make_tgz(self.path("r.tgz"), {"m1/E3.csv": E3_CSV, "m1/E5.csv": BAD_CSV, "m1/E5.md": "# E5"})
        done = unbundle(self.path("root"), archive)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("r.tgz:m1/E5.csv:3: value 'fast' is not a number", done.stderr)
        self.assertIn("nothing written", done.stderr)
        self.assertFalse(os.path.exists(self.path("root")))

    def test_a_valid_archive_replaces_only_the_experiments_it_holds(self):
        dest = self.path("root", "results", "m1")
        for name, text in {"E3.png": "stale plot", "E3.md": "old table", "E5.csv": "kept"}.items():
            write(os.path.join(dest, name), text)
        archive = make_tgz(self.path("r.tgz"), {"m1/E3.csv": E3_CSV, "m1/status.txt": "E3: exit 0 in 9 s\n",
                                                "m1/e11_solves/e11_solves.csv": "ranks,format\n1,dd\n"})
        done = unbundle(self.path("root"), archive)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(sorted(os.listdir(dest)), ["E3.csv", "E5.csv", "e11_solves", "status.txt"])
        with open(os.path.join(dest, "E3.csv"), encoding="utf-8") as f:
            self.assertEqual(f.read(), E3_CSV)
        with open(os.path.join(dest, "E5.csv"), encoding="utf-8") as f:
            self.assertEqual(f.read(), "kept")
        self.assertTrue(os.path.isfile(os.path.join(dest, "e11_solves", "e11_solves.csv")))
        self.assertRegex(done.stdout.splitlines()[-1], r"next: \./kamp report m1 --results-root .*root/results$")

    def test_machine_and_into_experiments_choose_the_folder(self):
        archive = make_tgz(self.path("r.tgz"), {"m1/E3.csv": E3_CSV})
        done = unbundle(self.path("root"), archive, "h100x4", "--into", "experiments")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(os.path.isfile(self.path("root", "experiments", "results", "h100x4", "E3.csv")))
        self.assertFalse(os.path.exists(self.path("root", "results")))

    def test_members_outside_the_machine_folder_are_refused(self):
        cases = [({"m1/E3.csv": E3_CSV, "m1/../evil.csv": E3_CSV}, (), "'m1/../evil.csv' points outside"),
                 ({"m1/E3.csv": E3_CSV, self.path("abs.csv"): E3_CSV}, (), "points outside"),
                 ({"m1/E3.csv": E3_CSV}, [("m1/E4.csv", "/etc/passwd")], "'m1/E4.csv' is a link"),
                 ({"m1/E3.csv": E3_CSV, "E0.csv": E3_CSV}, (), "'E0.csv' is outside a machine folder"),
                 ({"m1/E3.csv": E3_CSV, "m2/E3.csv": E3_CSV}, (), "expected one machine folder, found m1, m2")]
        for files, links, message in cases:
            with self.subTest(message=message):
                done = unbundle(self.path("root"), make_tgz(self.path("r.tgz"), files, links))
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn(message, done.stderr)
                self.assertFalse(os.path.exists(self.path("root")))
                self.assertFalse(os.path.exists(self.path("evil.csv")))

    def test_an_archive_without_csv_a_missing_one_and_not_an_archive_are_errors(self):
        write(self.path("text.tgz"), "not a tar file")
        for archive, message in [(make_tgz(self.path("r.tgz"), {"m1/run.log": "log"}), "no CSV in the archive"),
                                 (self.path("missing.tgz"), "missing.tgz: no such file"),
                                 (self.path("text.tgz"), "text.tgz: not a readable tar archive")]:
            with self.subTest(message=message):
                done = unbundle(self.path("root"), archive)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn(message, done.stderr)
                self.assertFalse(os.path.exists(self.path("root")))


class Bundling(Temporary):
    def unpack(self, archive):
        with tarfile.open(archive) as tar:
            tar.extractall(self.path("unpacked"))
        return self.path("unpacked", os.path.basename(archive)[:-len(".tgz")])

    @unittest.skipUnless(shutil.which("ninja") and shutil.which("mpirun"), "needs ninja and mpirun (kamp's packages)")
    def test_the_layout_and_the_libraries_of_real_binaries(self):
        binaries = self.path("b")
        os.makedirs(binaries)
        shutil.copy(shutil.which("ninja"), os.path.join(binaries, "kamp_run"))  # libstdc++, libgcc_s, libc, libm
        shutil.copy(os.path.realpath(shutil.which("mpirun")), os.path.join(binaries, "kamp_solve"))  # Open MPI's own
        out = self.path("out", "kamp-cuda-abc123.tgz")
        done = bundle(out, [os.path.join(binaries, b) for b in ("kamp_run", "kamp_solve")], "--", "--size", "paper", "E0")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines()[-1], out)
        self.assertRegex(done.stderr, r"kamp-cuda-abc123\.tgz: [0-9.]+ MiB packed")
        top = self.unpack(out)
        self.assertEqual(sorted(os.listdir(top)), ["MANIFEST", "bin", "bundle.env", "lib", "run.sh", "scripts"])
        self.assertEqual(sorted(os.listdir(os.path.join(top, "bin"))), ["kamp_run", "kamp_solve"])
        self.assertTrue(os.stat(os.path.join(top, "run.sh")).st_mode & stat.S_IXUSR)
        self.assertIn("e11_solves.sh", os.listdir(os.path.join(top, "scripts")))
        libs = os.listdir(os.path.join(top, "lib"))
        self.assertIn("libstdc++.so.6", libs)
        self.assertIn("libgcc_s.so.1", libs)
        for never in ("libc.so", "libm.so", "ld-linux", "libmpi", "libopen-", "libhwloc"):
            self.assertEqual([lib for lib in libs if lib.startswith(never)], [], never)
        with open(os.path.join(top, "MANIFEST"), encoding="utf-8") as f:
            manifest = f.read()
        self.assertIn("git: abc123", manifest)
        self.assertIn("backend: cuda", manifest)
        self.assertIn("kamp_run arguments: --size paper E0", manifest)
        self.assertIn("libopen-pal.so.40 (Open MPI)", manifest)
        with open(os.path.join(top, "bin", "kamp_run"), "rb") as f:
            self.assertIn(f"{hashlib.sha256(f.read()).hexdigest()}  bin/kamp_run", manifest)

    def test_the_driver_mpi_and_cuda_toolkit_are_left_to_the_node(self):
        # ldd and readelf on PATH that describe a binary needing every kind of library.
        libs = ["libstdc++.so.6", "libgcc_s.so.1", "libcuda.so.1", "libnvidia-ml.so.1", "libmpi.so.40",
                "libhwloc.so.15", "libcublas.so.13", "libcublasLt.so.13", "libc.so.6"]
        for lib in libs:
            write(self.path("libs", lib), lib)
        needed = {"kamp_run": "libstdc++.so.6 libcuda.so.1 libmpi.so.40 libcublas.so.13 libc.so.6",
                  "libstdc++.so.6": "libgcc_s.so.1 libm.so.6 libc.so.6", "libcuda.so.1": "libnvidia-ml.so.1",
                  "libmpi.so.40": "libhwloc.so.15", "libcublas.so.13": "libcublasLt.so.13"}
        for name, sonames in needed.items():
            write(self.path("needed", name), sonames)
        mapping = "".join(f"\t{lib} => {self.path('libs', lib)} (0x0000)\n" for lib in libs)
        write(self.path("tools", "ldd"), f'#!/bin/sh\n[ "$1" = --version ] && {{ echo "ldd (fake) 2.36"; exit 0; }}\n'
                                         f"printf '%s' '{mapping}'\n", 0o755)
        write(self.path("tools", "readelf"), f'#!/bin/sh\nfor s in $(cat "{self.path("needed")}/$(basename "$2")" '
                                             '2>/dev/null); do echo " 0x1 (NEEDED) Shared library: [$s]"; done\n', 0o755)
        shutil.copy("/bin/true", self.path("kamp_run"))
        env = dict(os.environ, PATH=self.path("tools") + os.pathsep + os.environ["PATH"])
        for option, carried in [((), ["libgcc_s.so.1", "libstdc++.so.6"]),
                                (("--cuda-libraries",), ["libcublas.so.13", "libcublasLt.so.13", "libgcc_s.so.1",
                                                         "libstdc++.so.6"])]:
            with self.subTest(option=option):
                out = self.path("out", "kamp-cuda-abc123.tgz")
                done = bundle(out, [self.path("kamp_run")], *option, env=env)
                self.assertEqual(done.returncode, 0, done.stderr)
                shutil.rmtree(self.path("unpacked"), ignore_errors=True)
                top = self.unpack(out)
                self.assertEqual(sorted(os.listdir(os.path.join(top, "lib"))), carried)
                with open(os.path.join(top, "MANIFEST"), encoding="utf-8") as f:
                    manifest = f.read()
                self.assertIn("libcuda.so.1 (the NVIDIA driver)", manifest)
                self.assertIn("libmpi.so.40 (Open MPI)", manifest)
                self.assertEqual("libcublas.so.13 (the CUDA toolkit)" in manifest, not option)

    def test_bad_arguments_name_the_argument_and_value(self):
        shutil.copy("/bin/true", self.path("kamp_run"))
        for args, message in [(["--backend", "foo"], "--backend must be openmp or cuda, got 'foo'"),
                              (["--out", self.path("x.zip")], "--out must name a .tgz file, got"),
                              ([self.path("nope")], "binary '" + self.path("nope") + "' does not exist")]:
            with self.subTest(message=message):
                done = subprocess.run(["bash", BUNDLE, "--out", self.path("x.tgz"), "--backend", "cuda", "--git", "abc",
                                       self.path("kamp_run"), *args], capture_output=True, text=True, check=False)
                self.assertEqual(done.returncode, 1)
                self.assertIn(message, done.stderr)
                self.assertFalse(os.path.exists(self.path("x.tgz")))


class RunningABundle(Temporary):
    """A bundle of /bin/true copies whose kamp_run is then swapped for FAKE_KAMP_RUN, on a 'node'
    whose nvidia-smi names an H100."""

    def setUp(self):
        super().setUp()
        for b in ("kamp_run", "kamp_solve"):
            shutil.copy("/bin/true", self.path(b))
        out = self.path("kamp-cuda-abc123.tgz")
        done = bundle(out, [self.path("kamp_run"), self.path("kamp_solve")], "--", "--size", "quick", "E0", "E3")
        self.assertEqual(done.returncode, 0, done.stderr)
        with tarfile.open(out) as tar:
            tar.extractall(self.path("node"))
        self.top = self.path("node", "kamp-cuda-abc123")
        write(os.path.join(self.top, "bin", "kamp_run"), FAKE_KAMP_RUN, 0o755)
        self.gpu_name = "NVIDIA H100 80GB HBM3"
        write(self.path("fake", "nvidia-smi"), '#!/bin/sh\necho "$KAMP_TEST_GPU"\n', 0o755)

    def run_sh(self, *args, **env):
        environment = dict(os.environ, PATH=self.path("fake") + os.pathsep + os.environ["PATH"],
                           OUT=self.path("back"), KAMP_TEST_GPU=self.gpu_name)
        environment.pop("KAMP_MACHINE", None)
        environment.update(env)
        return subprocess.run(["./run.sh", *args], cwd=self.top, capture_output=True, text=True, check=False,
                              env=environment)

    def test_each_experiment_runs_apart_and_unbundle_takes_the_archive(self):
        done = self.run_sh("--minutes", "0.02", "--", "--size", "quick", "E0", "E3", "E7")
        self.assertEqual(done.returncode, 1, done.stderr)  # E3 and E7 failed, E0's results still packed
        archive = self.path("back", "kamp-results-h100-abc123.tgz")
        self.assertEqual(members(archive), ["h100/E0.csv", "h100/E0.md", "h100/machine.txt", "h100/run.log",
                                            "h100/status.txt"])
        with tarfile.open(archive) as tar:
            status = tar.extractfile("h100/status.txt").read().decode()
            machine = tar.extractfile("h100/machine.txt").read().decode()
        self.assertRegex(status, r"^E0: exit 0 in [0-9]+ s\nE3: exit 3 in [0-9]+ s\n"
                                 r"E7: exit 124 in [0-9]+ s \(stopped after 0.02 minutes\)\n$")
        self.assertIn("bundle: kamp-cuda-abc123 (cuda, git abc123)", machine)
        self.assertIn(self.gpu_name, machine)
        back = unbundle(self.path("root"), archive)
        self.assertEqual(back.returncode, 0, back.stderr)
        self.assertIn("status.txt: E3: exit 3", back.stderr)
        self.assertTrue(os.path.isfile(self.path("root", "results", "h100", "E0.csv")))

    def test_the_baked_arguments_and_the_machine_names(self):
        self.gpu_name = "NVIDIA A100-SXM4-80GB"
        done = self.run_sh()
        self.assertEqual(done.returncode, 1)  # the baked E0 E3: E3 fails
        self.assertTrue(os.path.isfile(self.path("back", "kamp-results-a100-sxm4-80gb-abc123.tgz")))
        for args, env, name in [(("--machine", "h100x4"), {}, "h100x4"), ((), {"KAMP_MACHINE": "box"}, "box")]:
            done = self.run_sh(*args, "--", "E0", **env)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(members(self.path("back", f"kamp-results-{name}-abc123.tgz"))[0], f"{name}/E0.csv")
        done = self.run_sh("--", "E0")
        self.assertEqual(done.returncode, 1)
        self.assertIn("already exists: move it away, or pass --out DIR", done.stderr)

    def test_a_script_runs_with_the_bundle_s_binaries_on_path(self):
        write(os.path.join(self.top, "scripts", "probe.sh"),
              '#!/bin/sh\nmkdir -p "$OUT/probe" && kamp_run --list > "$OUT/probe/list.csv"\n'
              'kamp_run --out "$OUT" E0\n', 0o755)
        done = self.run_sh("--script", "probe.sh")
        self.assertEqual(done.returncode, 0, done.stderr)
        archive = self.path("back", "kamp-results-h100-abc123-probe.tgz")
        # kamp_run's results one folder down (OUT/h100/E0.csv) come up into h100/.
        self.assertEqual(members(archive), ["h100/E0.csv", "h100/E0.md", "h100/machine.txt", "h100/probe/list.csv",
                                            "h100/run.log", "h100/status.txt"])
        with tarfile.open(archive) as tar:
            self.assertIn("E3  GEMV time", tar.extractfile("h100/probe/list.csv").read().decode())
        self.assertEqual(unbundle(self.path("root"), archive).returncode, 0)

    def test_bad_arguments_name_the_argument_and_value(self):
        for args, message in [(("--minutes", "ten"), "--minutes needs a positive number, got 'ten'"),
                              (("--script", "nope.sh"), "--script: no 'nope.sh' in scripts/ (it has: check_change.sh compare_e3.sh"),
                              (("--machine", "../x"), "--machine (or KAMP_MACHINE) must be a folder name"),
                              (("--", "--out", "x", "E0"), "kamp_run's --out is run.sh's to set"),
                              (("--bogus",), "unknown argument '--bogus'")]:
            with self.subTest(message=message):
                done = self.run_sh(*args)
                self.assertEqual(done.returncode, 1)
                self.assertIn(message, done.stderr)
        self.assertFalse(os.path.exists(self.path("back")))


if __name__ == "__main__":
    unittest.main()
