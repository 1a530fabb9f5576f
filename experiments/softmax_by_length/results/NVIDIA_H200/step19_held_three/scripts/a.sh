#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016
# Kept as it ran, from .device/ (a git-ignored folder at the repository root) on the device machine.
# Call A: launch-bound variants of step 20 (16-bit blocks of 512: 3 an SM; held 3; small 16-bit
# groups at 8 blocks of 256 an SM) through the harness beside v0 (step 20 unchanged, same
# program source); ncu; step 19/20 correctness (quick and matrix) with the new shapes.
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/a.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + .device variants; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
build() {  # NAME FLAGS...
  local n=$1; shift
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I .device/vlb "$@" -DVARIANT_NAME="\"$n\"" \
    -DVARIANT_TECHNIQUE='"scratch"' -Xptxas -v -o .device/bin/$n \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$n.build.log" 2>&1 &
  pids+=($!)
}
build v0
build lb3 -DLB_512_16=3
build h3lb3 -DLB_512_16=3 -DHELD3_16=1
build h3 -DHELD3_16=1
build s8 -DLB_256_16_SMALL=8
for p in "${pids[@]}"; do wait "$p" || echo "a variant build failed (pid $p)"; done
echo "variants built at $((SECONDS - start)) s"
echo "## correctness at odd shapes and every block (each must exit 0)"
for v in lb3 h3lb3 s8; do
  shapes=("bf16 11001 9" "bf16 11008 5" "bf16 12288 3" "bf16 12289 3" "half 9001 7" "bf16 16384 3" "bf16 100003 3" "half 131071 2")
  [ $v = s8 ] && shapes=("bf16 100 77" "bf16 203 33" "half 61 101" "bf16 1000 17")
  for shape in "${shapes[@]}"; do
    set -- $shape
    for b in 32 256 512 1024; do
      .device/bin/$v --verify-only --type "$1" --cols "$2" --rows "$3" --block $b >/dev/null 2>"$OUT/verify.err" ||
        echo "VERIFY FAILED: $v $shape block $b: $(head -c 300 "$OUT/verify.err")"
    done
  done
done
echo "verified at $((SECONDS - start)) s"
E=$((2 ** 27))
csv=$OUT/a.csv
.device/bin/v0 --csv-header >"$csv"
run() {  # PROGRAM TYPE COLS
  .device/bin/$1 --csv --type "$2" --cols "$3" --rows $((E / $3)) --block 256 >>"$csv" || echo "FAILED: $1 $2 $3 (exit $?)"
}
for round in 1 2; do
  for c in 11008 9000 12288 16384 100000 131072; do run v0 bf16 $c; run lb3 bf16 $c; run h3lb3 bf16 $c; run h3 bf16 $c; done
  run v0 half 11008; run lb3 half 11008; run h3lb3 half 11008
  for c in 100 200 1000; do run v0 bf16 $c; run s8 bf16 $c; done
  echo "round $round at $((SECONDS - start)) s"
  [ $((SECONDS - start)) -gt 330 ] && break
done
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
if [ $((SECONDS - start)) -lt 540 ]; then
  for v in v0 h3lb3; do
    timeout 30 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis \
      -k regex:softmax -c 1 .device/bin/$v --verify-only --type bf16 --cols 11008 --rows 6096 --block 256 >"$OUT/ncu_${v}_bf16_11008.txt" 2>&1
    echo "# $v"; grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit Reg|Local" "$OUT/ncu_${v}_bf16_11008.txt" | head -12
  done
fi
echo "done at $((SECONDS - start)) s"
