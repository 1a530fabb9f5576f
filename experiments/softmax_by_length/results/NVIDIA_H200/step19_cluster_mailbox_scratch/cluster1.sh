#!/usr/bin/env bash
# shellcheck disable=SC2086  # the width lists, a word each (added after the run; the file is as it ran otherwise)
# scratch call: the cluster's exchange. base (step 19 as committed), v_relaxed (cluster barriers
# without their fence: timing only, not a correct program), v_mbar (QuACK's st.async + mbarrier).
cd "$(dirname "$0")/.." || exit 1
exec > >(tee "$OUT/cluster1.log") 2>&1
nvidia-smi --query-gpu=name,serial,driver_version --format=csv,noheader
start=$SECONDS
mkdir -p "$OUT/sass"
for v in base v_relaxed v_mbar; do
  cuobjdump -sass .device/bin/w_$v > "$OUT/sass/$v.sass" 2>&1
  echo "## $v: per cluster kernel function, MEMBAR / UCGABAR / SYNCS counts"
  awk '/Function :/{f=$3} /MEMBAR/{m[f]++} /UCGABAR_ARV/{a[f]++} /UCGABAR_WAIT/{w[f]++} /SYNCS/{y[f]++} /STAS|ST\.ASYNC/{t[f]++} END{for(k in a) print "membar", m[k]+0, "arrive", a[k]+0, "wait", w[k]+0, "syncs", y[k]+0, "stas", t[k]+0, k}' "$OUT/sass/$v.sass" | grep -E "Lj256ELj(1024|2048)ELj8ELb1EfE|Lj256ELj8EfE" 
done
FW="16384 20000 24576 32000 32768 40000 49152 65536 100000 131072 262144 1048576"
BW="16384 20000 32000 32768 49152 65536 131072 1048576"
for b in 256 512; do
  for v in base v_mbar v_relaxed; do
    .device/bin/w_$v $v $b float $FW
    .device/bin/w_$v $v $b bf16 $BW
  done
done
echo "timed at $((SECONDS - start)) s"
python3 .device/widths.py float 16384 32000 32768 65536 131072 1048576
python3 .device/widths.py bf16 16384 32768 65536 131072 1048576
echo "peers at $((SECONDS - start)) s"
M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_misc_per_issue_active.ratio,smsp__average_warps_issue_stalled_sleeping_per_issue_active.ratio,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,launch__occupancy_limit_registers,launch__registers_per_thread,launch__cluster_dim_x
for w in 32768 65536; do
  for v in base v_relaxed v_mbar; do
    echo "## ncu $v float $w block 256"
    timeout 120 ncu --metrics $M -k regex:softmax -c 1 --csv .device/bin/w_$v $v 256 float $w 2>&1 | grep -E '^"' | awk -F'","' '{print $(NF-2), $(NF-1), $NF}'
  done
done
echo "## ncu v_mbar/base bf16 32768"
for v in base v_mbar; do
  timeout 120 ncu --metrics $M -k regex:softmax -c 1 --csv .device/bin/w_$v $v 256 bf16 32768 2>&1 | grep -E '^"' | awk -F'","' '{print $(NF-2), $(NF-1), $NF}'
done
echo "done at $((SECONDS - start)) s"
