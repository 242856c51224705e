#!/usr/bin/env bash
# The distributed GEMM's scaling (issue 49, item 3): kamp_gemm (C <- alpha A B, generated
# full-precision operands, 16 outputs checked against MPFR) on one GPU at N1 and on every rank
# count given at N, both transports (device to device through CUDA IPC, and staged through host
# memory and MPI), one CSV of every repetition under $OUT/gemm_scaling/.
#   usage: experiments/device/gemm_scaling.sh KAMP_GEMM N1 N ENGINE FORMAT RANKS...
# e.g. gemm_scaling.sh build/cuda/apps/kamp_gemm 16384 32768 ozaki dd 2 4: dd by the Ozaki scheme,
# one GPU at n = 16384 (the baseline) and 2 and 4 GPUs at n = 32768. KAMP_GEMM_STAGED=0
# leaves out the staged runs.
set -uo pipefail
gemm=${1:?usage: gemm_scaling.sh KAMP_GEMM N1 N ENGINE FORMAT RANKS...}
n1=${2:?N1}
n=${3:?N}
engine=${4:?ENGINE}
format=${5:?FORMAT}
shift 5
out=${OUT:?OUT must name the folder that comes back}/gemm_scaling
mkdir -p "$out"
csv=$out/gemm_scaling_${format}_${engine}.csv
mpi=(--allow-run-as-root --bind-to none)
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-cma}
# Four OpenMP threads a rank: with the default (every core for every rank) four ranks on one host
# ran their products 10-15 % slower (experiments/comparisons/distributed_gemm_openmp_threads_per_rank.csv).
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-4} OMP_PROC_BIND=${OMP_PROC_BIND:-false}
status=0
run() {  # ranks size tag extra-options...
  local r=$1 size=$2 tag=$3
  shift 3
  timeout 600 mpirun -np "$r" "${mpi[@]}" -x OMPI_MCA_btl_vader_single_copy_mechanism -x OMP_NUM_THREADS -x OMP_PROC_BIND \
    "$gemm" --size "$size" \
    --format "$format" --engine "$engine" --repeat 3 "$@" > "$out/$tag.log" 2>&1 || status=1
  if [ ! -f "$csv" ]; then grep -m 1 '^kind,' "$out/$tag.log" | sed 's/$/,git,date/' > "$csv"; fi
  grep -E '^(distributed|single),' "$out/$tag.log" | sed "s/\$/,${KAMP_GIT_HASH:-unknown},$(date -u +%F)/" >> "$csv"
  echo "$tag: $(grep -cE '^(distributed|single),' "$out/$tag.log") rows"; tail -n 2 "$out/$tag.log"
}
run 1 "$n1" "${format}_${engine}_1rank_n${n1}"
for r in "$@"; do
  run "$r" "$n" "${format}_${engine}_${r}ranks_n${n}"
  [ "${KAMP_GEMM_STAGED:-1}" = 0 ] || run "$r" "$n" "${format}_${engine}_${r}ranks_n${n}_host_staged" --host-staged
done
exit $status
