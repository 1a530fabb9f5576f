#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016  # kept as it ran on the device
# Call G: the proof after the wide-cluster edit of step 20: the README's test command (timed),
# step 20's matrix (blocks 32-512), compute-sanitizer on step 20, then step 20 beside h20 (its
# previous commit, 037bece: 8 blocks of 512) at the widths the change touches and two it does not.
cd "$(dirname "$0")/.." || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
exec > >(tee "$OUT/g.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + .device; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/h20 -DVARIANT_NAME='"h20"' \
  -DVARIANT_TECHNIQUE='"scratch"' -o .device/bin/h20 experiments/softmax_by_length/softmax_variant.cu >"$OUT/h20.build.log" 2>&1 &
hpid=$!
scripts/test.sh >"$OUT/test.log" 2>&1
echo "README test command (scripts/test.sh) exit $? after $((SECONDS - start)) s"
grep -E "tests passed|tests failed|^test:|\(Failed\)|Not Run|FAILED|Total Test time" "$OUT/test.log" | head -20
(cd build && ctest -R '^step20_softmax_mailbox\.matrix$' >"$OUT/matrix.log" 2>&1; echo "matrix ctest rc $?" >>"$OUT/matrix.log")
grep -E "tests passed|Failed|rc " "$OUT/matrix.log"
cmake -S . -B build -DREDUCTION_SANITIZER_TESTS=ON >"$OUT/configure_sanitizer.log" 2>&1 || echo "configure failed"
t0=$SECONDS
(cd build && timeout 200 ctest -R 'sanitizer\.step20_' --parallel 8 >"$OUT/sanitizer.log" 2>&1; echo "sanitizer ctest rc $?" >>"$OUT/sanitizer.log")
echo "sanitizer in $((SECONDS - t0)) s"; tail -7 "$OUT/sanitizer.log"
wait "$hpid" || echo "h20 build failed"
E=$((2 ** 27))
csv=$OUT/g.csv
build/step20_softmax_mailbox --csv-header >"$csv"
for round in 1 2; do
  for c in 131072 128256 100000 98304 80000 65537 24576 152064; do
    for p in .device/bin/h20 build/step20_softmax_mailbox; do
      "$p" --csv --type bf16 --cols $c --rows $((E / c)) --block 256 >>"$csv" || echo "FAILED: $p $c"
    done
  done
  for p in .device/bin/h20 build/step20_softmax_mailbox; do
    "$p" --csv --type half --cols 128256 --rows $((E / 128256)) --block 256 >>"$csv" || echo "FAILED: $p half"
  done
  echo "round $round at $((SECONDS - start)) s"
  [ $((SECONDS - start)) -gt 430 ] && break
done
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
echo "done at $((SECONDS - start)) s"
