#!/usr/bin/env bash
# The RNS, multi-double and BLAS suites' GPU cases in a few minutes, where gpu_session.sh would run
# every suite on every backend and memcheck all of them: the RNS suite's Cuda tests, the dd suite
# whole, the BLAS suite's RNS tests on Cuda, and memcheck over the RNS level 1 on Cuda.
# experiments/results/h100/tests.md summarises such runs (the suite, the command, the commit, the counts).
#   usage: experiments/device/rns_cuda_tests.sh BIN_DIR        (kamp_rns_tests, kamp_multi_double_tests and
#          kamp_blas_tests from the cuda preset, e.g. a bundle made with --tests: bin)
# Writes $OUT/logs/<suite>[_rns][_memcheck].log.
set -uo pipefail
bin=${1:?usage: rns_cuda_tests.sh BIN_DIR}
out=${OUT:?OUT must name the folder that comes back}/logs
mkdir -p "$out"
status=0
run() {  # log command...
  local log=$out/$1
  shift
  "$@" > "$log" 2>&1 || status=1
  echo "$(basename "$log"): $(grep -E '^\[  (PASSED|FAILED)  \]|ERROR SUMMARY' "$log" | tr '\n' ' ')"
}
run kamp_rns_tests.log "$bin/kamp_rns_tests" --gtest_filter='*Cuda*'
run kamp_multi_double_tests.log "$bin/kamp_multi_double_tests"
run kamp_blas_tests_rns.log "$bin/kamp_blas_tests" --gtest_filter='*rns*Cuda*:*Rns*Cuda*'
run kamp_blas_tests_rns_memcheck.log compute-sanitizer --tool memcheck "$bin/kamp_blas_tests" \
  --gtest_filter='*rns_level1*Cuda_8*:*rns_level1*Cuda_16*'
exit $status
