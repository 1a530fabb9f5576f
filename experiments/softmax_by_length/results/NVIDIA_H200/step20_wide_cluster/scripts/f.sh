#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2034,SC2016  # kept as it ran on the device
# Call F: clusters of 16 blocks (non-portable) for 16-bit rows of 98305-262144 columns at
# --block 256: c16 (16 x 256 holding 4 vectors for 12289-16384 vectors; 16 x 512 holding 3 or 4
# for 16385-32768), c16x (also 16 x 256 holding 3 for 8193-12288) beside HEAD's step 20 (h20,
# same nvcc line); correctness at odd shapes; ncu; SASS of the spilling kernels.
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/f.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + .device variants; $(date -u)"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p .device/bin
pids=()
build() {  # NAME DIR FLAGS...
  local n=$1 d=$2; shift 2
  nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -I common -I "$d" "$@" -DVARIANT_NAME="\"$n\"" \
    -DVARIANT_TECHNIQUE='"scratch"' -o .device/bin/$n \
    experiments/softmax_by_length/softmax_variant.cu >"$OUT/$n.build.log" 2>&1 &
  pids+=($!)
}
build h20 step20_softmax_mailbox
build c16 .device/c16 -DC16_FROM=4 -DC16_LONG=1
build c16x .device/c16 -DC16_FROM=3 -DC16_LONG=1
for f in .device/k/*.cubin; do cuobjdump -sass "$f" >"$OUT/$(basename "$f" .cubin).sass" 2>&1; done
for p in "${pids[@]}"; do wait "$p" || echo "a variant build failed (pid $p)"; done
echo "built at $((SECONDS - start)) s"
for v in c16 c16x; do
  for s in "bf16 98305 3" "bf16 100001 3" "bf16 131071 2" "bf16 131072 2" "bf16 131073 2" "bf16 152064 2" \
           "bf16 196607 2" "bf16 262144 2" "bf16 262145 2" "half 128256 3" "half 250001 2" "bf16 65536 3"; do
    set -- $s
    for b in 128 256 512; do
      .device/bin/$v --verify-only --type "$1" --cols "$2" --rows "$3" --block $b >/dev/null 2>"$OUT/verify.err" ||
        echo "VERIFY FAILED: $v $s block $b: $(head -c 300 "$OUT/verify.err")"
    done
  done
done
echo "verified at $((SECONDS - start)) s"
E=$((2 ** 27))
csv=$OUT/f.csv
.device/bin/h20 --csv-header >"$csv"
run() {  # PROGRAM TYPE COLS
  .device/bin/$1 --csv --type "$2" --cols "$3" --rows $((E / $3)) --block 256 >>"$csv" || echo "FAILED: $1 $2 $3 (exit $?)"
}
for round in 1 2; do
  for c in 131072 128256 100000 98304 80000 152064 200000 262144; do
    for p in h20 c16 c16x; do run $p bf16 $c; done
  done
  for p in h20 c16; do run $p half 128256; done
  echo "round $round at $((SECONDS - start)) s"
  [ $((SECONDS - start)) -gt 330 ] && break
done
python3 - "$csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print("W", r["step"], r["type"], r["cols"], r["block"], round(float(r["gbs"])), r["verified"])
PY
if [ $((SECONDS - start)) -lt 480 ]; then
  for v in h20 c16; do
    timeout 40 ncu --section SpeedOfLight --section Occupancy --section LaunchStats \
      -k regex:softmax -c 1 .device/bin/$v --verify-only --type bf16 --cols 131072 --rows 512 --block 256 >"$OUT/ncu_${v}_bf16_131072.txt" 2>&1
    echo "# $v"; grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit Reg|Cluster Size|Max Active Clusters" "$OUT/ncu_${v}_bf16_131072.txt" | head -12
  done
fi
echo "done at $((SECONDS - start)) s"
