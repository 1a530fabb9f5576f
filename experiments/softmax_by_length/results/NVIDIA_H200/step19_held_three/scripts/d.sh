#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016
# Kept as it ran, from .device/ (a git-ignored folder at the repository root) on the device machine.
# Call D: the proof after the last kernel edit: the README's test command, compute-sanitizer
# on steps 19 and 20, then step 20 beside HEAD's at three widths if time is left.
cd "$(dirname "$0")/.." || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
exec > >(tee "$OUT/d.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + working tree; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/h20 -DVARIANT_NAME='"h20"' \
  -DVARIANT_TECHNIQUE='"scratch"' -o .device/bin/h20 experiments/softmax_by_length/softmax_variant.cu >"$OUT/h20.build.log" 2>&1 &
hpid=$!
scripts/test.sh >"$OUT/test.log" 2>&1
echo "test.sh exit $? after $((SECONDS - start)) s"
grep -E "tests passed|tests failed|^test:|\(Failed\)|Not Run|FAILED" "$OUT/test.log" | head -20
cmake -S . -B build -DREDUCTION_SANITIZER_TESTS=ON >"$OUT/configure_sanitizer.log" 2>&1 || echo "configure failed"
(cd build && timeout $((560 - SECONDS + start)) ctest -R 'sanitizer\.step(19|20)_' --parallel 8 >"$OUT/sanitizer.log" 2>&1; echo "sanitizer ctest rc $? at $((SECONDS - start)) s" >>"$OUT/sanitizer.log")
tail -6 "$OUT/sanitizer.log"
wait "$hpid" || echo "h20 build failed"
E=$((2 ** 27))
csv=$OUT/d.csv
build/step20_softmax_mailbox --csv-header >"$csv"
for c in 20000 24576 11008 5120; do
  [ $((SECONDS - start)) -gt 540 ] && break
  for p in .device/bin/h20 build/step20_softmax_mailbox; do
    "$p" --csv --type bf16 --cols $c --rows $((E / c)) --block 256 >>"$csv" || echo "FAILED: $p $c"
  done
done
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
echo "done at $((SECONDS - start)) s"
