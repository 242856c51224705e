#!/usr/bin/env bash
# The distributed suite (halos, the distributed solvers and GEMM on every process grid of the rank
# count) under mpirun on each rank count given, oversubscribed: ranks beyond the GPUs share them,
# which tests the transports, not the speed. One log per rank count under $OUT/logs/.
#   usage: experiments/device/distributed_tests.sh KAMP_DISTRIBUTED_TESTS RANKS...
set -uo pipefail
tests=${1:?usage: distributed_tests.sh KAMP_DISTRIBUTED_TESTS RANKS...}
shift
[ $# -gt 0 ] || { echo "distributed_tests.sh: name at least one rank count" >&2; exit 1; }
out=${OUT:?OUT must name the folder that comes back}/logs
mkdir -p "$out"
status=0
for np in "$@"; do
  log=$out/kamp_distributed_tests_${np}ranks.log
  mpirun -np "$np" --oversubscribe --bind-to none --allow-run-as-root "$tests" --gtest_brief=1 > "$log" 2>&1 || status=1
  echo "$np ranks: $(grep -E '^\[  (PASSED|FAILED)  \]' "$log" | tr '\n' ' ')"
done
exit $status
