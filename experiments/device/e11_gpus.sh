#!/usr/bin/env bash
# E11's solves on the GPUs of one node: the distributed suite on 2 to G ranks, then
# e11_solves.sh's strong scaling (1, 2, 4, ... G ranks at 1,709,028 unknowns), weak scaling (G
# times the unknowns on G ranks) and the halo staged through host memory on G ranks.
# experiments/results/h200x4/e11_solves/ and e11_weak/ came from this sequence with G = 4 (then a
# script kept outside the repository); plots/plot_e11.py draws OUT/strong/e11_solves on the build machine.
#   usage: experiments/device/e11_gpus.sh KAMP_SOLVE KAMP_DISTRIBUTED_TESTS G
# Writes $OUT/logs/ (the suite), $OUT/strong/, $OUT/weak/ and $OUT/staged/ (each an e11_solves/).
set -uo pipefail
usage="usage: e11_gpus.sh KAMP_SOLVE KAMP_DISTRIBUTED_TESTS GPUS"
solve=${1:?$usage}
tests=${2:?$usage}
gpus=${3:?$usage}
[[ $gpus =~ ^[1-9][0-9]?$ ]] || { echo "e11_gpus.sh: GPUS must be a whole number from 1 to 99, got '$gpus'" >&2; exit 1; }
out=${OUT:?OUT must name the folder that comes back}
here=$(dirname "${BASH_SOURCE[0]}")
status=0
if [ "$gpus" -ge 2 ]; then
  OUT=$out bash "$here/distributed_tests.sh" "$tests" $(seq 2 "$gpus") || status=1
fi
strong=(1)
for ((r = 2; r < gpus; r *= 2)); do strong+=("$r"); done
[ "$gpus" = 1 ] || strong+=("$gpus")
OUT=$out/strong bash "$here/e11_solves.sh" "$solve" 1709028 "${strong[@]}" || status=1
OUT=$out/weak bash "$here/e11_solves.sh" "$solve" $((1709028 * gpus)) "$gpus" || status=1
KAMP_E11_HALO=host_staged OUT=$out/staged bash "$here/e11_solves.sh" "$solve" 1709028 "$gpus" || status=1
exit $status
