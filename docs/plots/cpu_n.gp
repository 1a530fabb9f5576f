# Step 01's bandwidth against the size of the array: the serial loop on one CPU core, from
# the step01_cpu_serial rows of a sweep CSV (scripts/bench.sh), one line per element type
# found there. Called by scripts/plot.sh:
#   gnuplot -e "csv='sweep_n.csv'; out='cpu_n'; caches='L1d:49152 L2:2097152 L3:314572800'" \
#       docs/plots/cpu_n.gp
# caches: the data caches of one core of the machine that ran the sweep, NAME:BYTES each
# ('' if not recorded; scripts/plot.sh reads them from a file beside the CSV). Each is
# marked with a vertical line: to its right the array no longer fits in that cache.
# Writes out.png and out.svg.

set datafile separator ","
set datafile columnheaders   # the first line names the columns: they are read by name
load ARG0[1:strlen(ARG0) - strlen("cpu_n.gp")] . "palette.gp"   # colour(p)
if (!exists("caches")) { caches = "" }

cpu = "step01_cpu_serial"
rowsOf(t) = select("bytes,gbs", "--where step=" . cpu . " --where type=" . t, csv)
# The types of its rows, each once, in the order they first appear.
types = system(select("type", "--where step=" . cpu, csv)[3:] . " | awk 'NR > 1 && !seen[$0]++ { printf \"%s \", $0 }'")
processor = firstValue("device", "--where step=" . cpu, csv)
typeDash(i) = i                        # the first type solid, the others dashed
typePoint(i) = word("7 5 9 11 13 15", (i - 1) % 6 + 1) + 0

set title sprintf("Step 01, the serial loop: bandwidth against the array's size on %s", processor) noenhanced
set logscale x 2
set xrange [2**11 : 2**33]
set xtics ("4 KiB" 2**12, "32 KiB" 2**15, "256 KiB" 2**18, "2 MiB" 2**21, "16 MiB" 2**24, \
           "128 MiB" 2**27, "1 GiB" 2**30, "8 GiB" 2**33)
set xlabel "bytes summed (n x element size)"
set ylabel "GB/s (median time)"
set yrange [0:*]
set grid lc rgb "#dddddd"
set key inside right top title "element type"

# The data caches: a dashed line at each size.
do for [i = 1:words(caches)] {
    cache = word(caches, i)
    name = cache[1:strstrt(cache, ":") - 1]
    bytes = real(cache[strstrt(cache, ":") + 1:])
    set arrow i from bytes, graph 0 to bytes, graph 1 nohead dt 2 lc rgb "#888888"
    set label i sprintf("%s: %s", name, bytes < 2**20 ? sprintf("%g KiB", bytes / 2**10) : sprintf("%g MiB", bytes / 2**20)) \
        at bytes, graph 0.05 left rotate by 90 offset -0.4,0 tc rgb "#555555"
}

chart = "plot for [i = 1:words(types)] rowsOf(word(types, i)) using \"bytes\":\"gbs\" with linespoints " . \
        "lw 2 ps 1 dt typeDash(i) pt typePoint(i) lc rgb colour(cpu) title word(types, i)"
set terminal pngcairo size 1000,550 font "sans,10"
set output out . ".png"
eval chart
set terminal svg size 1000,550 font "sans,10"
set output out . ".svg"
eval chart
unset output
