#!/usr/bin/env bash
# The transfers appendix at 2^28 floats: copy, reduce, both overlapped in 8, 32 and 1 ... 256
# chunks, the host link, every reduction 100 times (transfers*.md, transfers_*.txt). About 40 s.
source "$(dirname "$0")/../driver.sh"
need transfers transfers_heavy
transfers --n 2^28 --chunks 8 >"$out/transfers.md"
transfers --n 2^28 --chunks 32 >"$out/transfers_32_chunks.md"
link=name,pcie.link.gen.current,pcie.link.gen.max,pcie.link.gen.gpucurrent,pcie.link.gen.gpumax
link+=,pcie.link.gen.hostmax,pcie.link.width.current,pcie.link.width.max
{ show nvidia-smi --format=csv --query-gpu=$link
  show transfers --n 2^28 --chunks 8; } >"$out/transfers_link.txt"
for chunks in 1 2 4 8 16 32 64 128 256; do
    echo "chunks $chunks"
    transfers --n 2^28 --chunks $chunks | grep -E 'reduction alone|copy, then|overlapped'
done >"$out/transfers_chunks.txt"
transfers_heavy --n 2^28 --chunks 8 >"$out/transfers_heavy.txt"
