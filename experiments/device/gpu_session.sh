#!/usr/bin/env bash
# One job on a GPU node over a CUDA build made elsewhere: the test suites, a memcheck pass over
# the device tests, and the experiments, all written under $OUT.
#   usage (on a GPU node): experiments/device/gpu_session.sh BIN_DIR [EXPERIMENT...]
# With no experiment named, only the tests run. KAMP_LONG_TESTS=0 runs the default sweeps instead of
# the long ones; KAMP_MEMCHECK=0 skips the memcheck pass.
# BIN_DIR holds kamp_run and the kamp_*_tests binaries from build/cuda: the bin/ of a bundle made
# with ./kamp bundle --tests (docs/reproducing.md), whose run.sh also runs the experiments.
set -uo pipefail
bin=${1:?usage: gpu_session.sh BIN_DIR [EXPERIMENT...]}
shift
out=${OUT:?OUT must name the folder that comes back}
mkdir -p "$out/results"
export OMP_PROC_BIND=spread OMP_PLACES=threads KAMP_MACHINE=${KAMP_MACHINE:-h200}
status=0

{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  nproc; uname -r; } > "$out/machine.txt" 2>&1
shopt -s nullglob
suites=("$bin"/kamp_*_tests)
[ ${#suites[@]} -gt 0 ] || { echo "no kamp_*_tests in $bin: make the bundle with ./kamp bundle --tests"; exit 1; }
missing=$(ldd "$bin"/kamp_run | grep "not found")
[ -z "$missing" ] || { echo "missing libraries: $missing"; exit 1; }

# The long random sweeps (10^5 operations per kind and precision) run here: the GPU is fast
# and the host has 16 cores for the MPFR checks. The suites run side by side, each on its share
# of the cores and unbound (they check results, not timings).
threads=$(( $(nproc) / ${#suites[@]} ))
[ "$threads" -ge 1 ] || threads=1
pids=()
for t in "${suites[@]}"; do
  OMP_PROC_BIND=false OMP_NUM_THREADS=$threads KAMP_LONG_TESTS=${KAMP_LONG_TESTS:-1} "$t" --gtest_brief=1 > "$out/$(basename "$t").log" 2>&1 &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || status=1
  echo "$(basename "${suites[$i]}"): $(grep -hE '^\[  (PASSED|FAILED)  \]|^\[==========\] .* ran' "$out/$(basename "${suites[$i]}").log" | tr '\n' ' ')"
done
# memcheck the device instantiations (Cuda, Cuda_8, dd_real_Cuda, ...) but not the long MPFR
# sweeps, which would take the sanitizer hours and touch no code the other tests do not.
# KAMP_MEMCHECK=0 skips it (a run that compares results, not memory use).
if [ "${KAMP_MEMCHECK:-1}" != 0 ]; then
  for t in "${suites[@]}"; do
    name=$(basename "$t")
    KAMP_LONG_TESTS=0 compute-sanitizer --tool memcheck --print-limit 20 "$t" \
      --gtest_filter='*/Cuda*:*_Cuda.*:rns_backends*-rns_arithmetic_test*' --gtest_brief=1 \
      > "$out/$name.memcheck.log" 2>&1 || status=1
    grep -E "ERROR SUMMARY|PASSED|FAILED" "$out/$name.memcheck.log" | tail -n 3
  done
fi

if [ $# -gt 0 ]; then
  "$bin"/kamp_run --size "${KAMP_SIZE:-paper}" --out "$out/results" "$@" || status=1
fi
exit $status
