#!/usr/bin/env bash
# Step 13 on two ranks with each of its three combines at 2^17 and 2^31 floats: each run's CSV
# row and its line of the combine's time (step13_combine_2gpu.txt).
source "$(dirname "$0")/../driver.sh"
source "$root/scripts/mpi_one_host.sh"  # mpirun where there is no ssh or rsh
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
need step13_multi_gpu
for n in 2^17 2^31; do
    for combine in nccl-allreduce nccl-reduce mpi-allreduce; do
        show mpirun -np 2 --oversubscribe step13_multi_gpu --n $n --combine $combine --csv
    done
done >"$out/step13_combine_2gpu.txt"
