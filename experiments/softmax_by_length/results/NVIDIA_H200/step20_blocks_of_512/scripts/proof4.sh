#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016
# Kept as it ran, from .device/ (a git-ignored folder at the repository root) on the device machine.
# Step 20's clusters of 512-thread blocks: the README's test command; clock64 probes in step 19
# (its cluster barrier: 8 x 256 against 4 x 512, where neither gained); step 20 against HEAD's
# (.device/h20: harness, every output checked); compute-sanitizer on step 20.
cd "$(dirname "$0")/.." || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
exec > >(tee "$OUT/proof4.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/h20 -DVARIANT_NAME='"h20"' \
  -DVARIANT_TECHNIQUE='"scratch"' -o .device/bin/h20 experiments/softmax_by_length/softmax_variant.cu >"$OUT/h20.build.log" 2>&1 &
pids+=($!)
for v in w19 w19_c512; do
  nvcc -std=c++17 -O3 -arch=sm_90 -I common -I .device/$v -DVARIANT_NAME="\"$v\"" -o .device/bin/$v \
    .device/wait_main.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
scripts/test.sh >"$OUT/test.log" 2>&1
echo "test.sh exit $? after $((SECONDS - start)) s"
grep -E "tests passed|tests failed|^test:|\(Failed\)|Not Run|FAILED" "$OUT/test.log" | head -20
for p in "${pids[@]}"; do wait "$p" || echo "a scratch build failed (pid $p)"; done
echo "scratch built at $((SECONDS - start)) s"
echo "## clock64 probes in step 19, thread 0 of each block, float, 2^26 elements, block 256"
for c in 40000 65536; do
  for v in w19 w19_c512; do
    .device/bin/$v --verify-only --type float --cols $c --rows $((2 ** 26 / c)) --block 256 2>&1 | grep -E "PROBE|FAIL|error"
  done
done
echo "probes at $((SECONDS - start)) s"
E=$((2 ** 27))
csv=$OUT/step20_blocks_of_512.csv
build/step20_softmax_mailbox --csv-header >"$csv"
for shape in "float 20000" "float 32768" "float 40000" "float 65536" "float 100000" "float 131072" \
             "bf16 20000" "bf16 32768" "bf16 65536" "bf16 100000" "bf16 128256" "bf16 131072" "float 20000"; do
  set -- $shape
  for p in .device/bin/h20 build/step20_softmax_mailbox; do
    "$p" --csv --type "$1" --cols "$2" --rows $((E / $2)) --block 256 >>"$csv" || echo "FAILED: $p $shape"
  done
done
echo "timed at $((SECONDS - start)) s"
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
left=$((585 - SECONDS))
cmake -S . -B build -DREDUCTION_SANITIZER_TESTS=ON >"$OUT/configure_sanitizer.log" 2>&1 || echo "configure failed"
(cd build && timeout "$left" ctest -R 'sanitizer\.step20_' --parallel 8 >"$OUT/sanitizer.log" 2>&1; echo "sanitizer ctest rc $? at $((SECONDS - start)) s" >>"$OUT/sanitizer.log")
tail -12 "$OUT/sanitizer.log"
echo "done at $((SECONDS - start)) s"
