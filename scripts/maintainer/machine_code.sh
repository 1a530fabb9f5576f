#!/usr/bin/env bash
# For maintainers: the compiled code behind what the pages say about it (the SASS of a loop,
# the PTX of the classic warp stage, registers per thread, the x86 loop of step 01). It
# compiles, with no GPU, only what those claims need, for sm_90 with the flags of a Release
# build (-std=c++17 -O3 -DNDEBUG -lineinfo; device code only, -cubin or -ptx, where that is
# all a claim needs), and writes small files to OUTDIR: the SASS of the one kernel instance
# a page talks about (float, block 256 where the block size is a template parameter), PTX
# excerpts, the -Xptxas -v register counts, the x86 disassembly of step 01's loop, and
# summary.txt with the counts the pages quote. OUTDIR/README.md says which claim each file
# backs. Compilation is deterministic for a given nvcc (and host g++ for step 01): the same
# tools give the same files; after a toolkit upgrade, rerun it and check the pages against
# the new files. Nothing in the build or the tests calls it.
#   scripts/maintainer/machine_code.sh OUTDIR     (the committed copy: docs/results/compiler_sm_90)
# Tools from PATH, or named by NVCC, CUOBJDUMP, OBJDUMP, HOST_CXX (the host compiler nvcc
# runs for step 01, default g++); also c++filt and awk. cuobjdump ships with the CUDA Toolkit
# (and in the PyPI package nvidia-cuda-cuobjdump); one newer than nvcc reads its output.
set -euo pipefail
out=${1:?usage: scripts/maintainer/machine_code.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/../.."
nvcc=${NVCC:-nvcc}
cuobjdump=${CUOBJDUMP:-cuobjdump}
objdump=${OBJDUMP:-objdump}
host_cxx=${HOST_CXX:-g++}
for tool in "$nvcc" "$cuobjdump" "$objdump" "$host_cxx" c++filt awk; do
    command -v "$tool" >/dev/null || { echo "machine_code: $tool not found (see the header of $0)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

arch=sm_90
flags=(-std=c++17 -O3 -DNDEBUG -lineinfo -I common)
nvcc_version=$("$nvcc" --version | grep -o 'release [0-9.]*, V[0-9.]*' | sed 's/.*, //')
cuobjdump_version=$("$cuobjdump" --version | grep -o 'release [0-9.]*, V[0-9.]*' | sed 's/.*, //')
host_version=$("$host_cxx" --version | head -1)
objdump_version=$("$objdump" --version | head -1)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain -- common 'step*' programs 2>/dev/null)" ]; then
    commit="$commit (sources with uncommitted changes)"
fi
tools="nvcc $nvcc_version, cuobjdump $cuobjdump_version, sources of commit $commit"

# header FILE WHAT COMMAND: the first lines of every file: what it is, the tools, the command.
header() {
    {
        echo "# $2"
        echo "# $tools; made by scripts/maintainer/machine_code.sh"
        echo "# $3"
    } >"$out/$1"
}

# cubin NAME SOURCE [NVCC ARGS...]: device code for sm_90 in $work/NAME.cubin, the -Xptxas -v
# lines in $work/NAME.ptxas, the SASS (encodings dropped) in $work/NAME.sass, and the
# mangled and demangled names of its functions in $work/NAME.functions.
cubin() {
    local name=$1 source=$2
    shift 2
    echo "machine_code: $source" >&2
    "$nvcc" "${flags[@]}" -arch="$arch" -cubin -Xptxas -v "$@" -o "$work/$name.cubin" "$source" \
        >"$work/$name.ptxas" 2>&1
    "$cuobjdump" -sass "$work/$name.cubin" |
        sed -E -e 's@ */\* 0x[0-9a-f]{16} \*/@@' -e 's/ +$//' | grep -v -e '^ *$' -e '\.\.\.\.\.\.' \
        >"$work/$name.sass"
    awk '/Function :/ { print $3 }' "$work/$name.sass" >"$work/$name.mangled"
    c++filt <"$work/$name.mangled" >"$work/$name.demangled"
    paste "$work/$name.mangled" "$work/$name.demangled" >"$work/$name.functions"
}

# mangled NAME DEMANGLED: the mangled name of a function of NAME.cubin, by its demangled name.
mangled() {
    local found
    found=$(awk -F '\t' -v d="$2" '$2 == d { print $1 }' "$work/$1.functions")
    [ -n "$found" ] || { echo "machine_code: no function '$2' in $1" >&2; exit 1; }
    echo "$found"
}

# sass NAME DEMANGLED: the SASS of one function, from its name line to its last instruction
# (the padding after the branch to itself, which ends every function, is left out).
sass() {
    local f
    f=$(mangled "$1" "$2")
    awk -v f="$f" "$hex_awk"'
        /Function :/ { inside = ($3 == f); if (inside) print; next }
        !inside || done { next }
        { print }
        match($0, /BRA 0x[0-9a-f]+/) && hex(substr($0, RSTART + 6, RLENGTH - 6)) == address($0) { done = 1 }
    ' "$work/$1.sass"
}

# Helpers for awk: hex() reads a hex number; a SASS instruction line starts with its
# address, /*0a40*/.
hex_awk='
    function hex(s,   i, n) {
        n = 0; s = tolower(s); gsub(/[^0-9a-f]/, "", s)
        for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
        return n
    }
    function address(line) { return match(line, /\/\*[0-9a-f]+\*\//) ? hex(substr(line, RSTART + 2, RLENGTH - 4)) : -1 }
'
# For SASS on stdin: the first loop (its first backward branch, not the branch to itself
# that ends the code), and the order in which it issues loads (L) and adds (A).
# shellcheck disable=SC2016  # awk code, not shell
sass_awk=$hex_awk'
    function target(line) { return match(line, /BRA 0x[0-9a-f]+/) ? hex(substr(line, RSTART + 6, RLENGTH - 6)) : -1 }
    function isLoad(line) { return line ~ /LDG/ }
    function isAdd(line) { return line ~ /(FADD|DADD|IADD3 R[0-9]+, R[0-9]+, R[0-9]+, R[0-9]+ ;)/ }
    { line[++n] = $0; at[n] = address($0) }
    function findLoop(   i, t) {
        for (i = 1; i <= n; i++) {
            t = target(line[i])
            if (t >= 0 && t < at[i]) { loopEnd = i; for (loopStart = i; at[loopStart] != t; loopStart--); return 1 }
        }
        return 0
    }
    function issueOrder(from, to,   i, s) {
        s = ""
        for (i = from; i <= to; i++) s = s (isLoad(line[i]) ? "L" : isAdd(line[i]) ? "A" : "")
        return s
    }
    function loadsBeforeFirstAdd(from, to,   s) { s = issueOrder(from, to); match(s, /^L*/); return RLENGTH }
'
# first_loop: the lines of the first loop of the SASS on stdin.
first_loop() {
    awk "$sass_awk"'END { if (findLoop()) for (i = loopStart; i <= loopEnd; i++) print line[i] }'
}
# after_first_loop: from the end of the first loop to the first shuffle (the last tile).
after_first_loop() {
    awk "$sass_awk"'END { if (findLoop()) for (i = loopEnd + 1; i <= n && line[i] !~ /SHFL/; i++) print line[i] }'
}
# loop_facts: one line about the first loop of the SASS on stdin.
loop_facts() {
    awk "$sass_awk"'
        function count(pattern, from, to,   i, c) { c = 0; for (i = from; i <= to; i++) if (line[i] ~ pattern) c++; return c }
        END {
            if (!findLoop()) { print "no loop"; exit }
            printf "%d instructions (/*%04x*/ to /*%04x*/): %d loads, %d adds, %d branches (the last one back), %d predicated; issue order L(oad)/A(dd): %s\n",
                loopEnd - loopStart + 1, at[loopStart], at[loopEnd], count("LDG", loopStart, loopEnd),
                length(issueOrder(loopStart, loopEnd)) - count("LDG", loopStart, loopEnd),
                count("BRA", loopStart, loopEnd), count("@!?U?P[0-9T]", loopStart, loopEnd),
                issueOrder(loopStart, loopEnd)
        }'
}
# last_tile_facts: the issue order after the first loop, up to the first shuffle.
last_tile_facts() {
    awk "$sass_awk"'END {
        findLoop()
        for (i = loopEnd + 1; i <= n && line[i] !~ /SHFL/; i++) last = i
        printf "%d loads before the first add; issue order L(oad)/A(dd): %s\n",
            loadsBeforeFirstAdd(loopEnd + 1, last), issueOrder(loopEnd + 1, last)
    }'
}
# registers NAME: "registers, spill stores, kernel" for every kernel of NAME.ptxas.
registers() {
    awk -v quote="'" '
        /Compiling entry function/ { split($0, part, quote); name = part[2] }
        /bytes spill stores/ { spill = $5 }
        /Used [0-9]+ registers/ { print $5 "\t" spill "\t" name }
    ' "$work/$1.ptxas" | while IFS=$'\t' read -r count spill name; do
        printf '%4s  %4s  %s\n' "$count" "$spill" "$(c++filt "$name" | sed 's/(.*//; s/^void //')"
    done
}

summary=$out/summary.txt
header summary.txt "The counts the pages quote, computed from the other files of this folder" \
    "scripts/maintainer/machine_code.sh OUTDIR"

# --- Step 01: the x86 loop (host code, compiled by nvcc's host compiler as the build does).
echo "machine_code: step01_cpu_serial/main.cu (host code)" >&2
"$nvcc" "${flags[@]}" -ccbin "$host_cxx" -Xcompiler=-Wall,-Wextra -c -o "$work/step01.o" \
    step01_cpu_serial/main.cu
"$objdump" -d --no-show-raw-insn -C "$work/step01.o" >"$work/step01.dis"
file=step01_x86_loops.txt
header "$file" "Step 01: reduce<T>'s loop, inlined in runOnCpu<T> (its first copy), for int, float and double; x86-64, $host_version, $objdump_version" \
    "nvcc ${flags[*]} -ccbin $host_cxx -Xcompiler=-Wall,-Wextra -c -o step01.o step01_cpu_serial/main.cu; objdump -d --no-show-raw-insn -C step01.o: the first loop holding the add, and the 8 instructions after it"
{
echo "step 01, x86-64 ($host_version, -O3): the loop of reduce<T> (its first copy in runOnCpu<T>)"
for pair in int:paddd float:addss double:addsd; do
    type=${pair%%:*} add=${pair#*:}
    loop=$(awk -v f="<int runOnCpu<$type>(" -v add="$add" "$hex_awk"'
        /^[0-9a-f]+ </ { inside = (index($0, f) > 0); next }
        !inside || !/^ +[0-9a-f]+:\t/ { next }
        {
            split($0, field, "\t"); split(field[2], word, " ")
            line[++n] = $0; at[n] = hex(field[1]); mnemonic[n] = word[1]; operand[n] = word[2]
            if (!first && mnemonic[n] == add) first = n
            if (first && !end && mnemonic[n] ~ /^j/ && hex(operand[n]) <= at[first]) end = n
        }
        END {
            for (start = end; start > 0 && at[start] != hex(operand[end]); start--);
            for (i = start; i <= end + 8 && i <= n; i++) print (i == end + 1 ? "        (after the loop)\n" : "") line[i]
        }' "$work/step01.dis")
    { echo; echo "runOnCpu<$type>:"; echo "$loop"; } >>"$out/$file"
    body=$(echo "$loop" | sed '/after the loop/q' | grep -c ':' || true)
    adds=$(echo "$loop" | sed '/after the loop/q' | grep -c $'\t'"$add " || true)
    vector=$(echo "$loop" | sed '/after the loop/q' | grep -c -E $'\t(paddd|addps|addpd) ' || true)
    printf '  %-6s  loop of %d instructions: %d %s, %d of them packed (paddd/addps/addpd)\n' \
        "$type" "$body" "$adds" "$add" "$vector"
done
echo "  paddd adds 4 ints at once (4 lanes of one 128-bit register); addss and addsd add one value to one register, one add after the other."
} >>"$summary"

# --- Steps 02-08: the whole kernel, float (block 256 for step 08).
printf '\n%s\n' "steps 02-08, reduceKernel<float> (step 08: <256, float>), sm_90: the first loop (02: the levels inside the tile loop; 03-05: the levels; 08: the grid-stride loop)" >>"$summary"
for step in step02_naive_single_block step03_multi_block step04_divergence step05_bank_conflicts \
    step06_first_add step07_warp_unroll step08_templates_cascading; do
    number=${step:0:6}
    cubin "$number" "$step/main.cu"
    kernel="void reduceKernel<float>(float const*, float*, unsigned long)"
    [ "$number" = step08 ] && kernel="void reduceKernel<256u, float>(float const*, float*, unsigned long)"
    file=${number}_sass.txt
    header "$file" "$step: the SASS of ${kernel#void } for sm_90 (cuobjdump -sass, encodings left out)" \
        "nvcc ${flags[*]} -arch=$arch -cubin -o $number.cubin $step/main.cu; cuobjdump -sass $number.cubin, that function"
    sass "$number" "$kernel" >>"$out/$file"
    case $number in
    step06 | step07) printf '  %s  loads before the first add: %s\n' "$number" \
        "$(sass "$number" "$kernel" | awk "$sass_awk"'END { print loadsBeforeFirstAdd(1, n) }')" >>"$summary" ;;
    *) printf '  %s  %s\n' "$number" "$(sass "$number" "$kernel" | loop_facts)" >>"$summary" ;;
    esac
done
{
    echo "  step07  the warp stage's shared-memory reads: $(grep -o 'LDS R[0-9]*, \[R[0-9]*+0x[0-9a-f]*\]' "$out/step07_sass.txt" | sed 's/.*+//; s/]//' | awk '!seen[$0]++' | paste -sd ' ')"
    echo "          (byte offsets: 32, 16, 8, 4, 2, 1 floats); branches from its first read to its BSYNC: $(awk '/LDS R[0-9]+, \[R[0-9]+\+0x80\]/ { inside = 1 } /BSYNC/ { inside = 0 } inside && /BRA/ { print $2 }' "$out/step07_sass.txt" | paste -sd ' ') (the BRA.DIV goes to the WARPSYNC path, for a warp that is not converged)"
} >>"$summary"
for pair in step03:step04 step04:step05; do
    a=$(grep "^  ${pair%%:*} " "$summary" | awk '{ print $2 }')
    b=$(grep "^  ${pair#*:} " "$summary" | awk '{ print $2 }')
    echo "  ${pair%%:*} - ${pair#*:}: $((a - b)) instructions fewer per trip of the level loop (per warp and level)" >>"$summary"
done

# --- Step 09: the shuffles of every instance.
cubin step09 step09_warp_shuffle/main.cu
file=step09_shuffles.txt
header "$file" "step09_warp_shuffle: the SHFL instructions of reduceKernel<256u, float> (the first warpSum, then warp 0's, then the same five in the path taken when warp 0 is not converged), and the SHFL count of every instance" \
    "nvcc ${flags[*]} -arch=$arch -cubin -o step09.cubin step09_warp_shuffle/main.cu; cuobjdump -sass step09.cubin | grep SHFL"
sass step09 "void reduceKernel<256u, float>(float const*, float*, unsigned long)" |
    grep -E 'SHFL|BRA|WARPSYNC|BAR' >>"$out/$file"
{
    echo
    echo "SHFL per instance:"
    awk '/Function :/ { f = $3 } /SHFL/ { c[f]++ } END { for (f in c) print c[f] "\t" f }' "$work/step09.sass" |
        while IFS=$'\t' read -r count name; do printf '%4s  %s\n' "$count" "$(c++filt "$name" | sed 's/(.*//; s/^void //')"; done | sort -k2
} >>"$out/$file"
shuffles=$(sass step09 "void reduceKernel<256u, float>(float const*, float*, unsigned long)" | grep 'SHFL')
{
    echo
    echo "step 09: SHFL per reduceKernel<256u, T>: $(grep -E '^ *[0-9]+  reduceKernel<256u, ' "$out/$file" |
        sed -E 's/^ *([0-9]+)  reduceKernel<256u, (.*[^ ]) ?>$/\2 \1/' | paste -sd ',' | sed 's/,/, /g')"
    echo "         float: $(echo "$shuffles" | grep -c -E 'SHFL.DOWN [^;]*, 0x[0-9a-f]+, 0x1f') with a constant offset ($(echo "$shuffles" | grep -o -E ', 0x[0-9a-f]+, 0x1f' | awk -F ', ' '{ print $2 }' | paste -sd ' ')), $(echo "$shuffles" | grep -c -v -E 'SHFL.DOWN [^;]*, 0x[0-9a-f]+, 0x1f') with the offset in a register (the path after BRA.DIV, for a warp that is not converged)"
} >>"$summary"

# --- Steps 10-12: registers, the loads, the loops.
cubin step10 step10_independent_loads/main.cu
cubin step11 step11_vector_loads/main.cu
cubin step12 step12_single_pass/main.cu
mkdir "$work/no_launch_bounds"
sed 's/__launch_bounds__(blockSize)//' step11_vector_loads/reduce.cuh >"$work/no_launch_bounds/reduce.cuh"
cp step11_vector_loads/main.cu "$work/no_launch_bounds/main.cu"
cubin step11_no_launch_bounds "$work/no_launch_bounds/main.cu"

file=registers.txt
header "$file" "Registers per thread and spill stores (bytes) of every reduceKernel instance, from ptxas -v, sm_90" \
    "nvcc ${flags[*]} -arch=$arch -cubin -Xptxas -v -o stepNN.cubin stepNN_*/main.cu (and step 11 with __launch_bounds__(blockSize) deleted from its reduce.cuh)"
for name in step02 step03 step04 step05 step06 step07 step08 step09 step10 step11 step11_no_launch_bounds step12; do
    {
        echo
        echo "$name:"
        echo "regs spill  kernel"
        registers "$name" | grep 'reduceKernel'
    } >>"$out/$file"
done
{
    echo
    echo "registers per thread (ptxas -v; the pages' counter tables, Nsight Compute's launch__registers_per_thread, read 16 for each of steps 02-07):"
    for name in step02 step03 step04 step05 step06 step07; do
        printf '  %-7s reduceKernel<float>       %s\n' "$name" "$(registers "$name" | awk '/reduceKernel<float>$/ { print $1 }')"
    done
    for name in step08 step09 step10 step11 step12; do
        printf '  %-7s reduceKernel<256u, T>     int %s, float %s, double %s\n' "$name" \
            "$(registers "$name" | awk '/reduceKernel<256u, int>$/ { print $1 }')" \
            "$(registers "$name" | awk '/reduceKernel<256u, float>$/ { print $1 }')" \
            "$(registers "$name" | awk '/reduceKernel<256u, double>$/ { print $1 }')"
    done
    for name in step11 step11_no_launch_bounds; do
        printf '  %-23s reduceKernel<1024u, Complex<double> >: %s registers, %s bytes of spill stores\n' "$name" \
            "$(registers "$name" | awk '/reduceKernel<1024u, Complex<double> >$/ { print $1 }')" \
            "$(registers "$name" | awk '/reduceKernel<1024u, Complex<double> >$/ { print $2 }')"
    done
} >>"$summary"

# Registers against the depth (loads in flight, -DLOADS_IN_FLIGHT) of steps 10 and 11, float,
# block 256: how many blocks of 256 an SM holds at each depth (step 11, exercise 3).
file=registers_by_depth.txt
header "$file" "Registers per thread of reduceKernel<256u, float> against the loads in flight, steps 10 and 11, from ptxas -v, sm_90" \
    "nvcc ${flags[*]} -arch=$arch -cubin -Xptxas -v -DLOADS_IN_FLIGHT=K -o stepNN.cubin stepNN_*/main.cu, K = 1, 2, 4, 8, 16"
echo "depth  step10  step11" >>"$out/$file"
for depth in 1 2 4 8 16; do
    cubin "step10_depth$depth" step10_independent_loads/main.cu -DLOADS_IN_FLIGHT="$depth"
    cubin "step11_depth$depth" step11_vector_loads/main.cu -DLOADS_IN_FLIGHT="$depth"
    printf '%5s  %6s  %6s\n' "$depth" \
        "$(registers "step10_depth$depth" | awk '/reduceKernel<256u, float>$/ { print $1 }')" \
        "$(registers "step11_depth$depth" | awk '/reduceKernel<256u, float>$/ { print $1 }')" >>"$out/$file"
done
{ echo; echo "registers of reduceKernel<256u, float> at depth 1, 2, 4, 8, 16 (registers_by_depth.txt):"; tail -n 5 "$out/$file" | sed 's/^/  /'; } >>"$summary"

file=step11_loads.txt
header "$file" "step11_vector_loads: the global loads of reduceKernel<256u, float> for sm_90, then the kinds of global load over every reduceKernel instance" \
    "nvcc ${flags[*]} -arch=$arch -cubin -o step11.cubin step11_vector_loads/main.cu; cuobjdump -sass step11.cubin | grep LDG"
sass step11 "void reduceKernel<256u, float>(float const*, float*, unsigned long)" | grep 'LDG' >>"$out/$file"
kinds=$(awk '/Function :/ { inside = ($3 ~ /reduceKernel/) } inside && match($0, /LDG[.A-Z0-9_]*/) { print substr($0, RSTART, RLENGTH) }' \
    "$work/step11.sass" | sort | uniq -c | awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')
{ echo; echo "every reduceKernel instance (6 types x 6 block sizes): $kinds"; } >>"$out/$file"
{ echo; echo "step 11: global loads over every reduceKernel instance: $kinds"; } >>"$summary"

file=step12_loops.txt
header "$file" "step12_single_pass: reduceKernel<256u, T> for int, float, double, sm_90: the main loop (one trip: 8 vector loads and their adds), then the code after it up to the first shuffle (the last, partial tile, then the head and tail)" \
    "nvcc ${flags[*]} -arch=$arch -cubin -Xptxas -v -o step12.cubin step12_single_pass/main.cu; cuobjdump -sass step12.cubin, those functions"
echo >>"$summary"
echo "step 12, reduceKernel<256u, T>, sm_90:" >>"$summary"
for type in int float double; do
    kernel="void reduceKernel<256u, $type>($type const*, $type*, unsigned int*, $type*, unsigned long)"
    {
        echo
        echo "=== reduceKernel<256u, $type>: the main loop"
        sass step12 "$kernel" | first_loop
        echo "=== reduceKernel<256u, $type>: after the loop, up to the first shuffle"
        sass step12 "$kernel" | after_first_loop
    } >>"$out/$file"
    printf '  %-6s main loop: %s\n' "$type" "$(sass step12 "$kernel" | loop_facts)" >>"$summary"
    printf '  %-6s last tile: %s\n' "$type" "$(sass step12 "$kernel" | last_tile_facts)" >>"$summary"
done

# --- Step 12's read variants: the clamped last tile.
cubin read_variants programs/step12_read_variants.cu -I step12_single_pass
file=step12_clamped_last_tile.txt
header "$file" "programs/step12_read_variants.cu, the variant \"clamped\" (variantKernel<256, 8, clamped, nc, threadFence, T>) for int and float, sm_90: the code after the main loop up to the first shuffle" \
    "nvcc ${flags[*]} -arch=$arch -cubin -I step12_single_pass -o read_variants.cubin programs/step12_read_variants.cu; cuobjdump -sass read_variants.cubin, those functions"
for type in int float; do
    kernel="void variantKernel<256u, 8u, (LastTile)1, (Load)0, (Finish)0, $type>($type const*, $type*, unsigned int*, $type*, unsigned long)"
    { echo; echo "=== clamped, $type: after the loop, up to the first shuffle"; sass read_variants "$kernel" | after_first_loop; } >>"$out/$file"
    printf '  %-6s clamped variant, last tile: %s\n' "$type" "$(sass read_variants "$kernel" | last_tile_facts)" >>"$summary"
done

# --- Step 07's classic warp stage without volatile: PTX for sm_75 and sm_90.
file=step07_ptx_no_volatile.txt
header "$file" "programs/classic_warp_reduce.cu, --variant no-volatile: the PTX of warpReduceNoVolatile (inlined in reduceKernel<(WarpStage)1, T>) for sm_75 and sm_90: from its first shared-memory load to its store" \
    "nvcc ${flags[*]} -arch=sm_XX -ptx -o classic_warp_reduce.ptx programs/classic_warp_reduce.cu; .loc lines left out"
echo >>"$summary"
echo "step 07, warpReduceNoVolatile in PTX (programs/classic_warp_reduce.cu): shared-memory loads and stores of the warp stage" >>"$summary"
for ptx_arch in sm_75 sm_90; do
    echo "machine_code: programs/classic_warp_reduce.cu (PTX, $ptx_arch)" >&2
    "$nvcc" "${flags[@]}" -arch="$ptx_arch" -ptx -o "$work/classic_$ptx_arch.ptx" programs/classic_warp_reduce.cu
    for type in int "long long" float double; do
        entry=$(grep -o '^\.visible \.entry [A-Za-z0-9_]*' "$work/classic_$ptx_arch.ptx" | awk '{ print $3 }' |
            while read -r name; do
                if [ "$(c++filt "$name")" = "void reduceKernel<(WarpStage)1, $type>($type const*, $type*, unsigned long)" ]; then
                    echo "$name"
                fi
            done)
        excerpt=$(awk -v e="$entry" '
            $0 ~ "^\\.visible \\.entry " e "\\(" { inside = 1 }
            !inside { next }
            { line[++n] = $0; if ($0 ~ /bar\.sync/) last = n }
            /^}/ { exit }
            END {
                for (i = last; i <= n && line[i] !~ /ld\.shared/; i++);
                for (; i <= n; i++) { if (line[i] !~ /^[ \t]*\.loc/) print line[i]; if (line[i] ~ /st\.shared/) break }
            }' "$work/classic_$ptx_arch.ptx")
        { echo; echo "=== $ptx_arch, reduceKernel<(WarpStage)1, $type> ($entry)"; echo "$excerpt"; } >>"$out/$file"
        printf '  %-5s %-9s %d shared loads (offsets %s), then %d store\n' "$ptx_arch" "$type" \
            "$(echo "$excerpt" | grep -c 'ld\.shared')" \
            "$(echo "$excerpt" | grep 'ld\.shared' | grep -o '\[%r[0-9]*[^]]*\]' | sed 's/\[%r[0-9]*//; s/\]//; s/^$/+0/' | paste -sd ' ')" \
            "$(echo "$excerpt" | grep -c 'st\.shared')" >>"$summary"
    done
done

# --- The index of the folder.
cat >"$out/README.md" <<EOF
# Compiled code behind the pages' claims, sm_90

Written by \`scripts/maintainer/machine_code.sh docs/results/compiler_sm_90\` (no GPU
needed) with nvcc $nvcc_version, cuobjdump $cuobjdump_version, $host_version and
$objdump_version, from the sources of commit $commit. The device code is compiled as a
Release build compiles it for sm_90 (\`nvcc ${flags[*]} -arch=$arch\`, with \`-cubin\` or
\`-ptx\`, as each file's third line says); step 01's host code as the build compiles
\`step01_cpu_serial/main.cu\`. Nothing here is edited by hand. Compilation is deterministic:
the same nvcc (and g++) gives the same files; another version may not, so after a toolkit
upgrade rerun the script and check the pages against the new files.

| file | what | backs |
|---|---|---|
| \`summary.txt\` | the counts below, computed from the other files | every claim below |
| \`step01_x86_loops.txt\` | the x86 loop of \`reduce<T>\` for int, float, double | [step 01](../../step01_cpu_serial.md): the int loop is vectorized (\`paddd\`), the float and double loops are one chain of scalar adds (\`addss\`, \`addsd\`); also [sweeps](../../sweeps.md) |
| \`step02_sass.txt\` | SASS of step 02's \`reduceKernel<float>\` | [step 02](../../step02_naive_single_block.md): the \`if (tid % (2*s) == 0)\` body is predicated, no branch |
| \`step03_sass.txt\` | SASS of step 03's \`reduceKernel<float>\` | [step 03](../../step03_multi_block.md): the \`%\` is a sequence of integer instructions (\`I2F.U32.RP\`, \`MUFU.RCP\`, …) in every trip of the level loop |
| \`step04_sass.txt\` | SASS of step 04's \`reduceKernel<float>\` | [step 04](../../step04_divergence.md): the instructions per warp and level that the \`%\` cost: step 03's trip of the level loop against step 04's |
| \`step05_sass.txt\` | SASS of step 05's \`reduceKernel<float>\` | [step 05](../../step05_bank_conflicts.md): the instructions per warp and level that the simpler index saves: step 04's trip against step 05's |
| \`step06_sass.txt\` | SASS of step 06's \`reduceKernel<float>\` | [step 06](../../step06_first_add.md): both loads issued before the first add |
| \`step07_sass.txt\` | SASS of step 07's \`reduceKernel<float>\` | [step 07](../../step07_warp_unroll.md): the six warp levels are straight-line code, offsets as constants |
| \`step07_ptx_no_volatile.txt\` | PTX of \`warpReduceNoVolatile\`, int, long long, float, double, sm_75 and sm_90 | [step 07](../../step07_warp_unroll.md): without \`volatile\` the stage loads every cell, adds in a register and stores once |
| \`step08_sass.txt\` | SASS of step 08's \`reduceKernel<256u, float>\` | [step 08](../../step08_templates_cascading.md): the loop is not unrolled, two loads, two adds and the branch back; [step 10](../../step10_independent_loads.md)'s pitfall |
| \`step09_shuffles.txt\` | the SHFL instructions of step 09 | [step 09](../../step09_warp_shuffle.md)'s exercise 3 |
| \`registers.txt\` | registers per thread of every kernel instance, steps 02–12, and step 11 without \`__launch_bounds__\` | [step 10](../../step10_independent_loads.md): step 11's complex double kernel for blocks of 1024 with and without \`__launch_bounds__\`; [step 11](../../step11_vector_loads.md): its registers against step 10's; [step 12 vs CUB](../../step12_vs_cub.md): int, float and double |
| \`registers_by_depth.txt\` | registers per thread of steps 10 and 11 (float, block 256) at 1, 2, 4, 8 and 16 loads in flight | the answer to step 11's exercise 3 (solutions/answers/step11_vector_loads.md) |
| \`step11_loads.txt\` | the global loads of step 11 | [step 11](../../step11_vector_loads.md): every vector load is \`LDG.E.128.CONSTANT\` |
| \`step12_loops.txt\` | step 12's main loop and last tile, int, float, double | [step 12 vs CUB](../../step12_vs_cub.md): how many of the 8 loads of a trip come before the first add, per type; how many loads the guarded last tile issues before its first add |
| \`step12_clamped_last_tile.txt\` | the last tile of the read variant "clamped", int and float | [step 12 vs CUB](../../step12_vs_cub.md): what the clamped last tile issues before its first add |

Each SASS file is \`cuobjdump -sass\` of one function with the instruction encodings left out;
\`summary.txt\` counts a loop's instructions from the target of the backward branch that
closes it to that branch. cuobjdump only disassembles what nvcc compiled: on 2026-11-23 the
cuobjdump of the CUDA 13.0 toolkit (V13.0.85) and a newer one (V13.5.37, PyPI) printed the
same SASS, and g++ 13.3 compiled step 01's loops to the same instructions as g++ 12.2 (other
registers and addresses).
EOF
echo "machine_code: $(find "$out" -type f | wc -l) files in $out ($(du -sk "$out" | cut -f1) KiB)" >&2
