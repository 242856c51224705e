#!/usr/bin/env bash
# A change checked on a GPU node in one job: E3 from the build before it and the build after it,
# one after the other on the same GPU (compare_e3.sh), then the after-build's test suites
# (gpu_session.sh: default sweeps, no memcheck) and its experiments, all under the output folder OUT.
#   usage (on a GPU node): experiments/device/check_change.sh BEFORE_KAMP_RUN AFTER_BIN_DIR [EXPERIMENT...]
# AFTER_BIN_DIR is the bin/ of a bundle holding kamp_run and the kamp_*_tests to run.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
before=${1:?usage: check_change.sh BEFORE_KAMP_RUN AFTER_BIN_DIR [EXPERIMENT...]}
after=${2:?usage: check_change.sh BEFORE_KAMP_RUN AFTER_BIN_DIR [EXPERIMENT...]}
shift 2
out=${OUT:?OUT must name the output folder}
status=0
OUT=$out/e3 "$here/compare_e3.sh" "$before" "$after/kamp_run" || status=1
OUT=$out/after KAMP_LONG_TESTS=0 KAMP_MEMCHECK=0 "$here/gpu_session.sh" "$after" "$@" || status=1
exit $status
