#!/usr/bin/env bash
# Step 13 on this machine's GPUs with 1, 2 and 4 ranks, float, block 256, in parts (README.md):
# weak and strong scaling, the three combines, and NCCL's network transport forced. Rows:
# scaling.csv (step 13's --csv plus ranks and kind; a part run again replaces its rows); each
# run's stderr: combine_lines.txt; then scripts/plot.sh draws scaling.md and the chart. Slow:
# each mpirun starts MPI and NCCL anew.
#   experiments/step13_scaling/run.sh [OUT] [weak strong combine net, default all four]
source "$(dirname "$0")/../driver.sh"
source "$(dirname "$0")/../../scripts/mpi_one_host.sh"  # mpirun where there is no ssh or rsh
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
program=$(bin step13_multi_gpu)
gpus=$(nvidia-smi -L | grep -c '^GPU')
{ nvidia-smi --query-gpu=index,name,serial,driver_version,clocks.max.sm --format=csv; nvidia-smi topo -m
  env | grep '^NCCL_' || echo "no NCCL variables set"; date -u; } >"$out/platform.txt"
row() {  # KIND RANKS ARGUMENTS...: one row of the part's CSV, if there are RANKS GPUs
    [ "$2" -le "$gpus" ] || return 0
    echo "[$1, $2 ranks: ${*:3}]" >>"$out/combine_lines.txt"
    line=$(timeout 300 mpirun -np "$2" "$program" --csv "${@:3}" 2>>"$out/combine_lines.txt") &&
        echo "${line##*$'\n'},$2,$1" >>"$out/parts/$part.csv" || echo "step13_scaling: failed: ${*:3}" >&2
}
mkdir -p "$out/parts"
[ $# -ge 2 ] || set -- "$out" weak strong combine net
for part in "${@:2}"; do
    [[ $part =~ ^(weak|strong|combine|net)$ ]] || { echo "step13_scaling: no part '$part' (weak, strong, combine, net)" >&2; exit 2; }
done
for part in "${@:2}"; do
    : >"$out/parts/$part.csv"
    case $part in
    weak) for e in 24 26 28 30 31; do row weak 1 --n "2^$e"; row weak 2 --n "2^$((e + 1))"; row weak 4 --n "2^$((e + 2))"; done ;;
    strong) for e in 20 22 24 26 28 30 32 33; do for k in 1 2 4; do row strong $k --n "2^$e"; done; done ;;
    combine) for e in 17 24 31; do for c in nccl-allreduce nccl-reduce mpi-allreduce; do
        for k in 1 2 4; do row "combine $c" $k --n "2^$e" --combine $c; done; done; done ;;
    net) (export NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1
        for e in 24 31; do row "net transport" 2 --n "2^$e"; row "net transport" 4 --n "2^$e"; done
        NCCL_DEBUG=INFO timeout 300 mpirun -np "$gpus" "$program" --n 2^21 --verify-only \
            >"$out/net_transport_debug.txt" 2>&1 || echo "step13_scaling: see net_transport_debug.txt" >&2) ;;
    esac
done
{ "$program" --csv-header | sed 's/$/,ranks,kind/'; cat "$out"/parts/*.csv; } >"$out/scaling.csv"
"$root/scripts/plot.sh" "$out" || echo "step13_scaling: scripts/plot.sh said why it drew no chart" >&2
