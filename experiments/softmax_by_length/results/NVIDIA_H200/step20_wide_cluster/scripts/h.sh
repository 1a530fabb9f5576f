#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016  # kept as it ran on the device
# Call H (scratch, short): step 20 (h20, HEAD) beside p20 (its 16-bit maximum over packed pairs,
# __hmax2: no spill in the 3-vector kernels by ptxas -v) at the 3-vector widths.
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/h.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + .device variants; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
for v in h20 p; do
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/$v -DVARIANT_NAME="\"$v\"" \
    -DVARIANT_TECHNIQUE='"scratch"' -o .device/bin/$v experiments/softmax_by_length/softmax_variant.cu >"$OUT/$v.build.log" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || echo "a build failed (pid $p)"; done
echo "built at $((SECONDS - start)) s"
for s in "bf16 24577 3" "half 20001 3" "bf16 11001 5" "bf16 98305 2"; do
  set -- $s
  for b in 128 256 1024; do
    .device/bin/p --verify-only --type "$1" --cols "$2" --rows "$3" --block $b >/dev/null 2>&1 || echo "VERIFY FAILED: p $s block $b"
  done
done
E=$((2 ** 27))
csv=$OUT/h.csv
.device/bin/h20 --csv-header >"$csv"
for c in 24576 20000 11008 12288 40000 98304; do
  for p in h20 p; do
    [ $((SECONDS - start)) -gt 170 ] && break 2
    .device/bin/$p --csv --type bf16 --cols $c --rows $((E / c)) --block 256 >>"$csv" || echo "FAILED: $p $c"
  done
done
for p in h20 p; do
  [ $((SECONDS - start)) -gt 180 ] && break
  .device/bin/$p --csv --type half --cols 24576 --rows $((E / 24576)) --block 256 >>"$csv" || echo "FAILED: $p half"
done
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
echo "done at $((SECONDS - start)) s"
