#!/usr/bin/env bash
# One GPU-machine session over a carried CUDA build: the test suites, a memcheck pass over
# the device tests, and the experiments, all written under $OUT.
#   usage (on the GPU machine): experiments/device/gpu_session.sh BIN_DIR [EXPERIMENT...]
# BIN_DIR holds kamp_run and the kamp_*_tests binaries from build/cuda (see docs/reproducing.md).
set -uo pipefail
bin=${1:?usage: gpu_session.sh BIN_DIR [EXPERIMENT...]}
shift
out=${OUT:?OUT must name the folder that comes back}
mkdir -p "$out/results"
export OMP_PROC_BIND=spread OMP_PLACES=threads KAMP_MACHINE=${KAMP_MACHINE:-h200}
status=0

{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  nproc; uname -r; } > "$out/machine.txt" 2>&1
missing=$(ldd "$bin"/kamp_run | grep "not found")
[ -z "$missing" ] || { echo "missing libraries: $missing"; exit 1; }

for t in "$bin"/kamp_*_tests; do
  name=$(basename "$t")
  "$t" --gtest_brief=1 > "$out/$name.log" 2>&1 || status=1
  tail -n 3 "$out/$name.log"
  # memcheck only the device instantiations: they are the ones the sanitizer can see.
  compute-sanitizer --tool memcheck --print-limit 20 "$t" --gtest_filter='*/Cuda.*' --gtest_brief=1 \
    > "$out/$name.memcheck.log" 2>&1 || status=1
  grep -E "ERROR SUMMARY|PASSED|FAILED" "$out/$name.memcheck.log" | tail -n 3
done

"$bin"/kamp_run --size "${KAMP_SIZE:-paper}" --out "$out/results" "$@" || status=1
exit $status
