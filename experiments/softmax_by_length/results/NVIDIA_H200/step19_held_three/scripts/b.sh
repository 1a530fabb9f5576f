#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016
# Kept as it ran, from .device/ (a git-ignored folder at the repository root) on the device machine.
# Call B: 16-bit threads hold 3 vectors where 3 hold the row, compiled for 40 registers
# (heldBlocksAnSM), in steps 19 and 20 (the working tree) beside HEAD's (.device/h19, h20),
# through the harness (every output checked).
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/b.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + working tree (steps 19, 20); $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
build() {  # NAME INCLUDE
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I "$2" -DVARIANT_NAME="\"$1\"" \
    -DVARIANT_TECHNIQUE='"scratch"' -Xptxas -v -o .device/bin/$1 \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$1.build.log" 2>&1 &
  pids+=($!)
}
build h20 .device/h20
build g20 step20_softmax_mailbox
build h19 .device/h19
build g19 step19_softmax_one_exponential
for p in "${pids[@]}"; do wait "$p" || echo "a build failed (pid $p)"; done
echo "built at $((SECONDS - start)) s"
echo "## correctness at odd shapes and every block (each must exit 0)"
for v in g20 g19; do
  for shape in "bf16 3001 21" "bf16 2049 9" "half 5000 11" "bf16 6143 7" "bf16 11001 9" "bf16 12287 5" \
               "bf16 12288 3" "half 40001 3" "bf16 49151 2" "bf16 98303 2" "bf16 65537 2" "half 100 33"; do
    set -- $shape
    for b in 32 64 128 256 512 1024; do
      .device/bin/$v --verify-only --type "$1" --cols "$2" --rows "$3" --block $b >/dev/null 2>"$OUT/verify.err" ||
        echo "VERIFY FAILED: $v $shape block $b: $(head -c 300 "$OUT/verify.err")"
    done
  done
done
echo "verified at $((SECONDS - start)) s"
E=$((2 ** 27))
csv=$OUT/b.csv
.device/bin/h20 --csv-header >"$csv"
run() {  # PROGRAM TYPE COLS [BLOCK]
  .device/bin/$1 --csv --type "$2" --cols "$3" --rows $((E / $3)) --block "${4:-256}" >>"$csv" || echo "FAILED: $1 $2 $3 (exit $?)"
}
for c in 11008 12288 9000 5120 6144 3000 40000 49152 80000 98304; do run h20 bf16 $c; run g20 bf16 $c; done
for c in 11008 5120; do run h20 half $c; run g20 half $c; done
for b in 1024 512 128; do run h20 bf16 11008 $b; run g20 bf16 11008 $b; done
echo "step 20 at $((SECONDS - start)) s"
for c in 11008 12288 5120 40000 80000; do run h19 bf16 $c; run g19 bf16 $c; done
echo "step 19 at $((SECONDS - start)) s"
for c in 11008 5120 40000 80000; do
  [ $((SECONDS - start)) -gt 520 ] && break
  run h20 bf16 $c; run g20 bf16 $c
done
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
echo "done at $((SECONDS - start)) s"
