#!/usr/bin/env bash
# Part II's softmax programs (build/softmax_programs.txt: steps 17 and 18) at one total size (2^28
# elements, 1 GiB of floats) over row lengths 2^5 to 2^20: softmax_by_length.csv (the harness's
# rows; GB/s counts the input read once and the output written once) and its table .md.
# TYPES="float bf16" picks the types (default float). Minutes. Beside them, the peers
# torch.softmax(x, dim=-1) (torch_softmax) and a Triton fused softmax (triton_softmax.py, after
# Triton's tutorial: triton_softmax) through tools/framework_runs --operation softmax, the same
# input, checks, bytes and timing, where PYTHON (default python3) imports torch (and triton) and
# sees the GPU; else each is skipped, once, with the reason.
# Then step 17 beside a variant that changes one thing (versus, below), with the GB/s table of
# each: held_vectors (step17_held_max: every thread holds the most vectors its group allows, as
# step 17 first did: the registers and the instructions change; step17_three_blocks_an_sm: step
# 17 kept to held_max's 3 blocks an SM by unused shared memory: the residency alone; float, 2^5
# to 2^13 columns), lanes_first
# (step17_lanes_first: groups of 8 lanes hold at most 1 vector a lane, so a row of 9 to 64
# vectors goes to a warp; float and bf16, 2^5 to 2^11), group_barrier (step17_group_barrier:
# a group's warps wait only for each other, not for the block; float, 2^11 to 2^13),
# exact_exp_16bit (step17_exact_exp_16bit: expf for 16-bit elements, where step 17 takes __expf;
# bf16, 2^5 to 2^13) and warp_8_vectors (step17_warp_8_vectors: a warp holds at most 8 vectors a
# thread, so a row of 2048 floats goes to 2 warps, not to 1 as in step 17; float, 2^10 to 2^12).
# And step 17 at every block size of 64 to 1024 on rows of 256 to 8192 floats (block_sizes:
# where one read suffices, the block size alone changes).
# long_rows: step 17 and step 18 (a cluster of blocks holds a row longer than a block holds)
# beside torch.softmax at 2^13 to 2^20 columns (TYPES).
# wait_after_writes (step18_wait_after_writes: step 18's second cluster barrier whole, after the
# writes, where step 18 arrives once a block has read the others' states and waits only before
# it ends; float, 2^14 to 2^16).
# widths: steps 17 and 18 and the peers at every power of two from 2^5 to 2^20 and at widths
# models use (100, 1000, 1536, 5120, 11008, 32000, 128256, 152064), TYPES: widths.csv, its
# tables, a figure per type.
# one_exponential: step 18, step 19 and step19_16bit_held_8 (16-bit elements up to 8 vectors a
# thread, as step 18) beside the peers at the widths of WIDTHS (default 1024 2048 4096 8192 16384
# 32768 65536), TYPES (default "bf16 float"): one_exponential.csv, its tables, a figure per type.
# one_exponential_counters: Nsight Compute's counters of steps 18 and 19 (and held_8) at 4096
# columns, bf16 and float, 2^26 elements: step19_counters/. one_exponential_wrong: the wrong step
# 19s, step19_warp_max under the check and step19_one_slot under racecheck:
# step19_wrong_kernels.txt. LOG_ELEMENTS (default 28) sets the total, 2^LOG_ELEMENTS elements, of
# every sweep over widths (the committed step 19 runs: 27).
# step19_blocks: step 19 at blocks of 256, 512 and 1024 beside the peers at 2048 to 16384
# columns (TYPES, default "float bf16"): step19_blocks.csv and its table. step19_rules: step 19
# beside step19_cluster_past_block (its launch rule undone) and step19_floats_held_4 and _2
# (fewer vectors a thread) and the peers, blocks 256 and 512, 2048 to 16384 columns:
# step19_rules.csv; step19_rules_counters: the first two's counters at 16384 columns.
# PROGRAMS (default: every softmax program) names the programs of the widths part; WIDTHS, its
# widths (default: those above), so that a sweep can be split over several runs.
# PARTS (default all: "by_length long_rows widths held_vectors block_sizes lanes_first group_barrier
# exact_exp_16bit warp_8_vectors wait_after_writes one_exponential one_exponential_counters
# one_exponential_wrong step19_blocks step19_rules step19_rules_counters step19_lean
# step19_lean_counters step19_two_reads step19_aligned_rows step19_rows_block
# step19_rows_block_counters step19_cluster_mailbox step19_cluster_mailbox_counters") picks the
# parts;
# TABLES_ONLY=1: the tables of OUT's CSVs.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/softmax_by_length.csv
parts=" ${PARTS:-by_length long_rows widths held_vectors block_sizes lanes_first group_barrier exact_exp_16bit warp_8_vectors wait_after_writes one_exponential one_exponential_counters one_exponential_wrong step19_blocks step19_rules step19_rules_counters step19_lean step19_lean_counters step19_two_reads step19_aligned_rows step19_rows_block step19_rows_block_counters step19_cluster_mailbox step19_cluster_mailbox_counters} "
elements=$((2 ** ${LOG_ELEMENTS:-28}))
# versus NAME VARIANT[,VARIANT...] "TYPES" EXPONENT...: OUT/NAME.csv, the step the variants
# change (step 17, or step 18 for step18_* variants) and each VARIANT one after the other at
# 2^EXPONENT columns (2^28 elements in all), for each type
versus() {
    local name=$1 variants=${2//,/ } types=$3 type exponent program step=step17_softmax
    shift 3
    [[ $variants == step18_* ]] && step=step18_softmax_cluster
    # shellcheck disable=SC2086  # the variants, a word each
    need "$step" $variants
    { "$step" --csv-header
      for type in $types; do
          for exponent; do
              for program in "$step" $variants; do
                  "$program" --csv --type "$type" --cols "2^$exponent" --rows "2^$((28 - exponent))"
              done
          done
      done
    } >"$out/$name.csv"
}
# The softmax peers that run here, each tried once on a 1 x 32 matrix: torch.softmax and the
# Triton kernel of triton_softmax.py (after Triton's tutorial); one that cannot run (77: not
# installed, no GPU) is skipped, once, with the reason.
softmax_peers=()
find_softmax_peers() {
    local name status
    need framework_runs
    for name in torch triton; do
        status=0
        framework_runs --rows 1 --cols 32 --verify-only --operation softmax -- \
            "${PYTHON:-python3}" "$root/scripts/frameworks.py" "$name" >/dev/null || status=$?
        case $status in
        0) softmax_peers+=("$name") ;;
        77) echo "softmax_by_length: the peer $name skipped" >&2 ;;
        *) exit "$status" ;;
        esac
    done
}
# powers FIRST LAST: 2^FIRST ... 2^LAST, one a line
powers() { local e; for e in $(seq "$1" "$2"); do echo $((2 ** e)); done; }
# lengths FILE "WIDTHS" PROGRAM...: OUT/FILE, each PROGRAM and each softmax peer at each width
# (2^LOG_ELEMENTS / width rows, rounded down), for each type of TYPES, each PROGRAM at each block
# size of BLOCKS (default: its own). A peer that cannot take a width (the Triton kernel past the
# row one program holds) says so and leaves no row.
lengths() {
    local file=$1 widths=$2 type cols program name block option
    shift 2
    need "$@"
    { "$1" --csv-header
      for type in ${TYPES:-float}; do
          for cols in $widths; do
              for program; do
                  for block in ${BLOCKS:-default}; do
                      option=()
                      [ "$block" = default ] || option=(--block "$block")
                      "$program" --csv --type "$type" --cols "$cols" --rows "$((elements / cols))" \
                          "${option[@]}"
                  done
              done
              for name in "${softmax_peers[@]}"; do
                  peer --csv --type "$type" --cols "$cols" --rows "$((elements / cols))" \
                      --operation softmax -- "${PYTHON:-python3}" "$root/scripts/frameworks.py" \
                      "$name"
              done
          done
      done
    } >"$out/$file"
}
rm -f "$out/failed_checks.txt"  # peer() names there a library's run that fails its check
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts =~ \ (by_length|long_rows|widths|one_exponential|step19_blocks|step19_rules|step19_lean|step19_two_reads|step19_aligned_rows|step19_rows_block|step19_cluster_mailbox)\  ]]; then
    find_softmax_peers
fi
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" by_length "* ]]; then
    mapfile -t programs <"$build/softmax_programs.txt"
    lengths softmax_by_length.csv "$(powers 5 20)" "${programs[@]}"
fi
# Rows longer than a block holds: step 17 (read twice) and step 18 (a cluster holds the row).
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" long_rows "* ]]; then
    lengths long_rows.csv "$(powers 13 20)" step17_softmax step18_softmax_cluster
fi
# The widths models use beside every power of two: vocabularies (32000, 128256, 152064), model
# and MLP widths (1536, 5120, 11008), and widths that are no multiple of 8 or of 128 (100, 1000).
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" widths "* ]]; then
    mapfile -t programs <"$build/softmax_programs.txt"
    [ -z "${PROGRAMS:-}" ] || read -ra programs <<<"$PROGRAMS"
    lengths widths.csv "${WIDTHS:-$({ powers 5 20; echo 100 1000 1536 5120 11008 32000 128256 \
        152064 | tr ' ' '\n'; } | sort -n)}" "${programs[@]}"
fi
# Step 19 against step 18 and the peers, and step 19 with step 18's 8 vectors of 16-bit elements.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" one_exponential "* ]]; then
    TYPES=${TYPES:-bf16 float} lengths one_exponential.csv "${WIDTHS:-1024 2048 4096 8192 16384 32768 65536}" \
        step18_softmax_cluster step19_softmax_one_exponential step19_16bit_held_8
fi
# Their counters: instructions, registers, residency, issue (the first launch, 2^26 elements).
# counter_runs FOLDER "COLS" METRICS TYPE:PROGRAM...: Nsight Compute's METRICS for the first
# launch of each PROGRAM on rows of each COLS elements of TYPE (2^26 elements):
# OUT/FOLDER/counters_TYPE_COLS_PROGRAM.csv with its table (.md), and OUT/FOLDER/README.txt, the
# command. A PROGRAM peer_NAME is the softmax peer NAME (torch, triton) through framework_runs.
counter_runs() {
    local folder=$out/$1 widths=$2 metrics=$3 cols run file programs program command
    shift 3
    mapfile -t programs < <(printf '%s\n' "${@#*:}" | sed 's/^peer_.*/framework_runs/' | sort -u)
    need "${programs[@]}"
    mkdir -p "$folder"
    echo "# $gpu, $(ncu --version | tail -1); ncu --csv --clock-control none --metrics $metrics --launch-count 1 --kernel-name regex:softmax PROGRAM --verify-only --type TYPE --cols COLS --rows 2^26/COLS, COLS: $widths (the first launch of each; peer_NAME: framework_runs ... --operation softmax -- python3 scripts/frameworks.py NAME)" \
        >"$folder/README.txt"
    for cols in $widths; do
        for run; do
            program=${run#*:}
            file=$folder/counters_${run%%:*}_${cols}_${program}.csv
            if [[ $program == peer_* ]]; then command=("$(bin framework_runs)"); else
                command=("$(bin "$program")"); fi
            command+=(--verify-only --type "${run%%:*}" --cols "$cols" --rows $((2 ** 26 / cols)))
            [[ $program != peer_* ]] || command+=(--operation softmax -- "${PYTHON:-python3}" \
                "$root/scripts/frameworks.py" "${program#peer_}")
            counters "$file" --metrics "$metrics" --launch-count 1 --kernel-name regex:softmax \
                "${command[@]}"
            python3 "$here/../hardware_counters/counters_table.py" "$file" >"${file%.csv}.md"
        done
    done
}
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" one_exponential_counters "* ]]; then
    counter_runs step19_counters 4096 gpu__time_duration.sum,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__registers_per_thread,launch__occupancy_limit_registers,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__thread_inst_executed.sum,sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active \
        bf16:step18_softmax_cluster bf16:step19_softmax_one_exponential bf16:step19_16bit_held_8 \
        float:step18_softmax_cluster float:step19_softmax_one_exponential
fi
# The wrong step 19s: the check must reject step19_warp_max, racecheck report step19_one_slot.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" one_exponential_wrong "* ]]; then
    need step19_warp_max step19_one_slot step19_softmax_one_exponential
    verdicts='ERROR SUMMARY|hazard|RACECHECK SUMMARY|verified|wrong'
    { for shape in "--rows 1000 --cols 4096 --type float" "--rows 1000 --cols 4096 --type bf16" \
          "--rows 50 --cols 20000"; do
          # shellcheck disable=SC2086  # the shape, a word each
          show step19_warp_max $shape --verify-only | tail -4
      done
      for program in step19_one_slot step19_softmax_one_exponential; do
          echo "\$ compute-sanitizer --tool racecheck $program --rows 9 --cols 4096 --verify-only"
          compute-sanitizer --tool racecheck "$(bin "$program")" --rows 9 --cols 4096 --verify-only 2>&1 |
              grep -E "$verdicts" | head -8 || true
      done
    } >"$out/step19_wrong_kernels.txt"
fi
# Step 19's launch rule and its vectors a thread, beside the peers: step19_cluster_past_block (a
# row past the block takes a cluster of two at once) and step19_floats_held_4/_2 (floats of rows
# of several warps spread over more threads), blocks 256 and 512, 2048 to 16384 columns (TYPES,
# default "float bf16"): step19_rules.csv and its table.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_rules "* ]]; then
    BLOCKS="256 512" TYPES=${TYPES:-float bf16} lengths step19_rules.csv \
        "2048 4096 5120 8192 11008 16384" step19_softmax_one_exponential \
        step19_cluster_past_block step19_floats_held_4 step19_floats_held_2
    results_table --pivot type,cols,block step %.0f gbs "$out/step19_rules.csv" \
        >"$out/step19_rules.md"
fi
# Why one block of 512 beats a cluster of two blocks of 256 at 16384 columns: both launches'
# counters (the first launch, 2^26 elements; float and bf16): step19_rules_counters/.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_rules_counters "* ]]; then
    counter_runs step19_rules_counters 16384 gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__block_size,launch__grid_size,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__thread_inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_misc_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio \
        float:step19_softmax_one_exponential float:step19_cluster_past_block \
        bf16:step19_softmax_one_exponential bf16:step19_cluster_past_block
fi
# What keeps step 19 behind the Triton kernel where both hold the row in registers (docs/
# step19_softmax_one_exponential.md): step19_read_only_loads (step 18's loads through the
# read-only path, __ldg: LDG.E.128.CONSTANT, where step 19 takes plain LDG.E.128 as Triton's)
# and step19_float_fast_exp (floats take the exponential of 16-bit elements, FMUL by log2(e) and
# MUFU.EX2; Triton's tl.exp is MUFU.EX2 too, with a compare and two FMULs for tiny results)
# beside step 19 and the peers: float at 1024 to 16384 columns (WIDTHS), bf16 (the loads only)
# at 4096 to 16384: step19_lean.csv and its table. step19_lean_counters: the counters of step 19,
# those two variants, step19_floats_held_4 and _2 and the Triton kernel at 4096, 11008 and 16384
# float columns, and the SASS the Triton kernel ran (its cubins, TRITON_CACHE_DIR):
# step19_lean_counters/, its triton_sass.txt.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_lean "* ]]; then
    TYPES=float lengths step19_lean_float.csv "${WIDTHS:-1024 2048 4096 5120 8192 11008 16384}" \
        step19_softmax_one_exponential step19_read_only_loads step19_float_fast_exp
    TYPES=bf16 lengths step19_lean_bf16.csv "4096 8192 11008 16384" \
        step19_softmax_one_exponential step19_read_only_loads
    { cat "$out/step19_lean_float.csv"; sed 1d "$out/step19_lean_bf16.csv"; } >"$out/step19_lean.csv"
    rm "$out/step19_lean_float.csv" "$out/step19_lean_bf16.csv"
    results_table --pivot type,cols step %.0f gbs "$out/step19_lean.csv" >"$out/step19_lean.md"
fi
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_lean_counters "* ]]; then
    triton_cache=$(mktemp -d)
    TRITON_CACHE_DIR=$triton_cache counter_runs step19_lean_counters "4096 11008 16384" gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,launch__block_size,launch__grid_size,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__thread_inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio \
        float:step19_softmax_one_exponential float:step19_read_only_loads \
        float:step19_float_fast_exp float:step19_floats_held_4 float:step19_floats_held_2 \
        float:peer_triton
    for cubin in "$triton_cache"/*/softmax_rows.cubin; do
        [ -f "$cubin" ] || { echo "no softmax_rows.cubin in the Triton cache"; continue; }
        echo "## $(grep -o '"num_warps": *[0-9]*' "${cubin%.cubin}.json"), $(grep -o 'end = [0-9]* : i32' "${cubin%.cubin}.ttir" | head -1) (the row's columns, rounded up to a power of 2)"
        cuobjdump -sass "$cubin" | grep -E '^ +/\*[0-9a-f]{4}\*/'
    done >"$out/step19_lean_counters/triton_sass.txt"
    rm -rf "$triton_cache"
fi
# Rows read twice (past 65536 elements at block 256): step 19 reads each with a
# cluster of 8 blocks; step19_two_reads_one_block with one block, as step 17 (2^20 columns of
# 2^27 elements: 128 rows, 128 blocks on 132 SMs). Beside the peers, TYPES (default "float bf16")
# at 128256 to 2^20 columns (WIDTHS): step19_two_reads.csv and its table.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_two_reads "* ]]; then
    TYPES=${TYPES:-float bf16} lengths step19_two_reads.csv \
        "${WIDTHS:-128256 131072 152064 262144 524288 1048576}" \
        step19_softmax_one_exponential step19_two_reads_one_block
    results_table --pivot type,cols step %.0f gbs "$out/step19_two_reads.csv" \
        >"$out/step19_two_reads.md"
fi
# Aligned rows: step 19 (the instance compiled for cols a multiple of a vector's elements) beside
# step19_head_from_address (every row's head from its address) and the peers, TYPES (default
# "float bf16") at the widths of WIDTHS: step19_aligned_rows.csv and its table.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_aligned_rows "* ]]; then
    TYPES=${TYPES:-float bf16} lengths step19_aligned_rows.csv \
        "${WIDTHS:-128 256 1000 1024 1536 4096 5120 8192 11008 16384}" \
        step19_softmax_one_exponential step19_head_from_address
    results_table --pivot type,cols step %.0f gbs "$out/step19_aligned_rows.csv" \
        >"$out/step19_aligned_rows.md"
fi
# A block of a group's own: step 19 (groups smaller than the block whose threads hold 4 vectors or
# more run in blocks of their own, one warp at least) beside step19_rows_share_block (every group a
# share of the caller's block, as before) and the peers, TYPES (default "float bf16") at the widths
# of WIDTHS: step19_rows_block.csv and its table. step19_rows_block_counters: both programs'
# counters (residency, warps active) at 128 and 1024 floats: step19_rows_block_counters/.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_rows_block "* ]]; then
    TYPES=${TYPES:-float bf16} lengths step19_rows_block.csv \
        "${WIDTHS:-100 128 256 512 1000 1024 1536 2048}" \
        step19_softmax_one_exponential step19_rows_share_block
    results_table --pivot type,cols step %.0f gbs "$out/step19_rows_block.csv" \
        >"$out/step19_rows_block.md"
fi
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_rows_block_counters "* ]]; then
    counter_runs step19_rows_block_counters "128 1024" gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__block_size,launch__grid_size,launch__registers_per_thread,launch__occupancy_limit_blocks,launch__occupancy_limit_registers,sm__maximum_warps_per_active_cycle_pct,sm__warps_active.avg.pct_of_peak_sustained_active,sm__cycles_active.avg \
        float:step19_softmax_one_exponential float:step19_rows_share_block
fi
# Step 19 beside step 20 (the cluster's exchange through mailboxes, no cluster barrier) and the
# peers, on rows a cluster reads (once up to 65536 floats or bf16 at block 256, twice beyond),
# float and bf16, at each width of WIDTHS: step19_cluster_mailbox.csv and its table (the
# committed one measured the variant step19_cluster_mailbox, before step 20 had a folder: step
# 20's code with the mbarrier's default wait, at CTA scope; step19_cluster_mailbox.diff).
# step19_cluster_mailbox_counters: both programs' counters (the fence's stall, DRAM) at 32768
# columns.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_cluster_mailbox "* ]]; then
    TYPES=${TYPES:-float bf16} lengths step19_cluster_mailbox.csv \
        "${WIDTHS:-20000 32000 32768 49152 65536 131072 1048576}" \
        step19_softmax_one_exponential step20_softmax_mailbox
    results_table --pivot type,cols step %.0f gbs "$out/step19_cluster_mailbox.csv" \
        >"$out/step19_cluster_mailbox.md"
fi
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_cluster_mailbox_counters "* ]]; then
    counter_runs step19_cluster_mailbox_counters 32768 gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__cluster_dim_x,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio \
        float:step19_softmax_one_exponential float:step20_softmax_mailbox \
        bf16:step19_softmax_one_exponential bf16:step20_softmax_mailbox
fi
# Step 19 where a block of 256 needs a cluster of two (11008, 16384 columns) and around it.
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" step19_blocks "* ]]; then
    BLOCKS="256 512 1024" TYPES=${TYPES:-float bf16} lengths step19_blocks.csv \
        "2048 4096 5120 8192 11008 16384" step19_softmax_one_exponential
    results_table --pivot type,cols,block step %.0f gbs "$out/step19_blocks.csv" \
        >"$out/step19_blocks.md"
fi
for part in held_vectors:step17_held_max,step17_three_blocks_an_sm:float:5:13 lanes_first:step17_lanes_first:float,bf16:5:11 \
    group_barrier:step17_group_barrier:float:11:13 exact_exp_16bit:step17_exact_exp_16bit:bf16:5:13 \
    warp_8_vectors:step17_warp_8_vectors:float:10:12 wait_after_writes:step18_wait_after_writes:float:14:16; do
    IFS=: read -r name variant types first last <<<"$part"
    if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" $name "* ]]; then
        # shellcheck disable=SC2046  # the exponents, a word each
        versus "$name" "$variant" "${types/,/ }" $(seq "$first" "$last")
    fi
done
if [ -z "${TABLES_ONLY:-}" ] && [[ $parts == *" block_sizes "* ]]; then
    need step17_softmax
    by_block block_sizes step17_softmax "64 128 256 512 1024" 256 1024 2048 4096 8192
fi
# figure CSV TYPE NAME [PROGRAMS]: OUT/NAME.png and .svg, GB/s against the row length of TYPE
# (PROGRAMS, if given, the programs drawn; else every one of the CSV), with the
# fastest copy of this GPU's experiments/copy_ceiling run where there is one (gnuplot, columns
# by name).
figure() {
    local copy=$root/experiments/copy_ceiling/results/${out##*/}/copy_ceiling.csv
    [ -f "$copy" ] || copy=
    if command -v gnuplot >/dev/null; then
        gnuplot -e "tool='$(bin results_table)'; csv='$1'; copy='$copy'" \
            -e "type='$2'; out='$out/$3'; elements=$(log_total "$1")" \
            -e "programs = '${4:-}'; if (programs eq '') { undefine programs }" \
            "$here/softmax_by_length.gp"
    else
        echo "softmax_by_length: gnuplot not found (package gnuplot-nox): no figure $3" >&2
    fi
}
if [ -f "$csv" ]; then
    length_tables "$csv" technique "the input read once and the output written once" \
        >"$out/softmax_by_length.md"
    figure "$csv" float softmax_by_length
fi
# The widths' tables, and a figure for each type the run has (float, bf16).
if [ -f "$out/widths.csv" ]; then
    length_tables "$out/widths.csv" step "the input read once and the output written once" \
        >"$out/widths.md"
    for type in $(results_table --select type "$out/widths.csv" | sed 1d | sort -u); do
        figure "$out/widths.csv" "$type" "widths_$type"
    done
fi
if [ -f "$out/one_exponential.csv" ]; then
    length_tables "$out/one_exponential.csv" step "the input read once and the output written once" \
        >"$out/one_exponential.md"
    for type in $(results_table --select type "$out/one_exponential.csv" | sed 1d | sort -u); do
        figure "$out/one_exponential.csv" "$type" "one_exponential_$type" \
            "step18_softmax_cluster step19_softmax_one_exponential torch_softmax triton_softmax"
    done
fi
if [ -f "$out/held_vectors.csv" ]; then
    { echo "$(device "$out/held_vectors.csv"): GB/s, float, 2^28 elements in all"
      echo
      results_table --pivot cols step %.0f gbs "$out/held_vectors.csv"
    } >"$out/held_vectors.md"
fi
if [ -f "$out/long_rows.csv" ]; then
    length_tables "$out/long_rows.csv" step "the input read once and the output written once" \
        >"$out/long_rows.md"
fi
for name in lanes_first group_barrier exact_exp_16bit warp_8_vectors wait_after_writes; do
    if [ -f "$out/$name.csv" ]; then
        { echo "$(device "$out/$name.csv"): GB/s, 2^28 elements in all"
          echo
          results_table --pivot type,cols step %.0f gbs "$out/$name.csv"
        } >"$out/$name.md"
    fi
done
