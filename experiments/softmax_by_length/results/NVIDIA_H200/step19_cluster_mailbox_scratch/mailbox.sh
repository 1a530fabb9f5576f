#!/usr/bin/env bash
# shellcheck disable=SC2086  # the width lists, a word each (added after the run; the file is as it ran otherwise)
# Call 2: the mailbox variant through the harness (every output checked) and its counters, and
# the scratch timer's hashes of step 19 and v_mail (the variant's source) at blocks 256 and 512.
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/mailbox.log") 2>&1
echo "# tree: $(cat .device/commit.txt) + working tree"
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
cmake -S . -B build -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 || { echo configure failed; exit 1; }
cmake --build build --target step19_softmax_one_exponential step19_cluster_mailbox framework_runs results_table >"$OUT/build.log" 2>&1 || { echo build failed; tail -30 "$OUT/build.log"; exit 1; }
echo "built at $((SECONDS - start)) s"
FW="16384 20000 24576 32000 32768 40000 49152 65536 100000 131072 262144 1048576"
BW="16384 20000 32000 32768 49152 65536 131072 1048576"
for b in 256 512; do
  for v in base v_mail; do
    .device/bin/w_$v $v $b float $FW
    .device/bin/w_$v $v $b bf16 $BW
  done
done
echo "scratch at $((SECONDS - start)) s"
LOG_ELEMENTS=27 PARTS=step19_cluster_mailbox_counters BUILD_DIR=build experiments/softmax_by_length/run.sh "$OUT/r"
echo "counters rc $? at $((SECONDS - start)) s"
for f in "$OUT"/r/step19_cluster_mailbox_counters/*.md; do echo "## $f"; cat "$f"; done
LOG_ELEMENTS=27 TYPES=float PARTS=step19_cluster_mailbox BUILD_DIR=build experiments/softmax_by_length/run.sh "$OUT/r"
echo "float run.sh rc $? at $((SECONDS - start)) s"
cat "$OUT/r/step19_cluster_mailbox.md"
