#!/usr/bin/env bash
# The transfers appendix, 2^28 floats: the host-to-device copy (pageable, pinned), CUB's
# reduction, and the two overlapped in 8 chunks (transfers.md) and in 32 (transfers_32_chunks.md);
# its exercises: the host link as nvidia-smi reports it, with the 8-chunk run
# (transfers_link.txt), 1 ... 256 chunks (transfers_chunks.txt), and every reduction done 100
# times (transfers_heavy, transfers_heavy.txt). About 40 s.
#   experiments/appendix_transfers/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
transfers=$(bin transfers)
"$transfers" --n 2^28 --chunks 8 >"$out/transfers.md"
"$transfers" --n 2^28 --chunks 32 >"$out/transfers_32_chunks.md"
{ show nvidia-smi --format=csv --query-gpu=name,pcie.link.gen.current,pcie.link.gen.max,pcie.link.gen.gpucurrent,pcie.link.gen.gpumax,pcie.link.gen.hostmax,pcie.link.width.current,pcie.link.width.max
  show "$transfers" --n 2^28 --chunks 8; } >"$out/transfers_link.txt"
for chunks in 1 2 4 8 16 32 64 128 256; do
    echo "chunks $chunks"
    "$transfers" --n 2^28 --chunks $chunks | grep -E 'reduction alone|copy, then|overlapped'
done >"$out/transfers_chunks.txt"
"$(bin transfers_heavy)" --n 2^28 --chunks 8 >"$out/transfers_heavy.txt"
