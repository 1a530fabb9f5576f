#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016
# Kept as it ran, from .device/ (a git-ignored folder at the repository root) on the device machine.
# Clusters of 512-thread blocks (steps 19 and 20): the README's test command; the occupancy API
# on both steps' cluster kernels; clock64 probes in step 20 (8 x 256 against 4 x 512: where a
# block's time goes); steps 19 and 20 against HEAD's (.device/h19, h20: harness, every output
# checked); compute-sanitizer on steps 19 and 20.
cd "$(dirname "$0")/.." || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
exec > >(tee "$OUT/proof3.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
for v in h19 h20; do
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/$v -DVARIANT_NAME="\"$v\"" \
    -DVARIANT_TECHNIQUE="\"scratch\"" -o .device/bin/$v \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
for v in w20 w20_c512f; do
  nvcc -std=c++17 -O3 -arch=sm_90 -I common -I .device/$v -DVARIANT_NAME="\"$v\"" -o .device/bin/$v \
    .device/wait_main.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
nvcc -std=c++17 -O3 -arch=sm_90 -I common -I step19_softmax_one_exponential -o .device/bin/probe19 .device/cluster_probe.cu >"$OUT/probe19.build.log" 2>&1 &
pids+=($!)
nvcc -std=c++17 -O3 -arch=sm_90 -I common -I step20_softmax_mailbox -o .device/bin/probe20 .device/cluster_probe.cu >"$OUT/probe20.build.log" 2>&1 &
pids+=($!)
scripts/test.sh >"$OUT/test.log" 2>&1
echo "test.sh exit $? after $((SECONDS - start)) s"
grep -E "tests passed|tests failed|^test:|\(Failed\)|Not Run|FAILED" "$OUT/test.log" | head -20
for p in "${pids[@]}"; do wait "$p" || echo "a scratch build failed (pid $p)"; done
echo "scratch built at $((SECONDS - start)) s"
echo "## occupancy API, step 19 then step 20"
.device/bin/probe19 || echo "probe19 failed"
.device/bin/probe20 || echo "probe20 failed"
echo "## clock64 probes, thread 0 of each block, float, 2^26 elements, block 256"
for c in 32768 40000 65536; do
  for v in w20 w20_c512f; do
    .device/bin/$v --verify-only --type float --cols $c --rows $((2 ** 26 / c)) --block 256 2>&1 | grep -E "PROBE|FAIL|error"
  done
done
echo "probes at $((SECONDS - start)) s"
E=$((2 ** 27))
csv=$OUT/blocks_of_512.csv
build/step20_softmax_mailbox --csv-header >"$csv"
for shape in "float 40000" "float 65536" "float 100000" "float 131072" "bf16 32768" "bf16 100000" "bf16 131072"; do
  set -- $shape
  for p in .device/bin/h19 build/step19_softmax_one_exponential .device/bin/h20 build/step20_softmax_mailbox; do
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
(cd build && timeout "$left" ctest -R 'sanitizer\.step(19|20)_' --parallel 8 >"$OUT/sanitizer.log" 2>&1; echo "sanitizer ctest rc $? at $((SECONDS - start)) s" >>"$OUT/sanitizer.log")
tail -14 "$OUT/sanitizer.log"
echo "done at $((SECONDS - start)) s"
