#!/usr/bin/env bash
# shellcheck disable=SC2086  # the width lists, a word each (added after the run; the file is as it ran otherwise)
# scratch call 1: step 19 (base) at blocks 256 and 32, v_occ (block 256, residency capped by shared
# memory), v_two (Triton's shapes), and the peers, at widths 32..65536, float and bf16.
cd "$(dirname "$0")/.." || exit 1
log=$OUT/scratch1.log
exec > >(tee "$log") 2>&1
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
W="32 64 100 128 256 512 1000 1024 1536 2048 4096 5120 8192 11008 16384 32000 32768 65536"
S="32 64 100 128 256 512 1000 1024 1536 2048 4096"
for t in float bf16; do

  .device/bin/w_base step19 256 $t $W
  .device/bin/w_base step19_b32 32 $t $S
  OCC_SMEM=50000 .device/bin/w_v_occ v_occ50k 256 $t $S
  OCC_SMEM=35000 .device/bin/w_v_occ v_occ35k 256 $t $S
  .device/bin/w_v_two v_two 256 $t 32 64 100 128 256 512 1000 1024 1536 2048 4096 5120 8192 11008 16384
  python3 .device/widths.py $t $W
done
echo "done at $((SECONDS - start)) s"
