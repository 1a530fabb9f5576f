# GB/s against n, block size or element type (`kind`), a line per program, from a sweep CSV
# of scripts/bench.sh. For n, a second panel: the time of one sum for n <= 2^20, where GB/s
# says little and the launches are what costs. The types are ordered by bytes per element, and
# the tics give each type's n and bytes (the types compare fairly only at equal bytes).
load ARG0[1:strlen(ARG0) - strlen("sweep.gp")] . "palette.gp"

gpu = "--where l2_bytes!="   # the first GPU row: the device, type, block, n and L2
device = firstValue("device", gpu, csv)
type = firstValue("type", gpu, csv)
block = firstValue("block", gpu, csv)
n = firstNumber("n", gpu, csv)
bytes = firstNumber("bytes", gpu, csv)
peak = firstNumber("peak_gbs", gpu, csv)
peakTitle = sprintf("theoretical peak %.0f GB/s", peak)
programs = distinct("step", "", csv)
rows(p) = select("n,block,type,gbs,time_median_ms", "--where step=" . p, csv)
mebibytes(x) = sprintf("%g MiB", x / 2**20)

eval terminal("size 1400,650 font 'sans,10'")
set key noenhanced
set ylabel "GB/s (median time)"
set yrange [0:*]
if (kind eq "n") {
    set multiplot title sprintf("%s: %s, block %s; L2 emptied before each run", device, type, \
                                block) font ",12"
    set tmargin at screen 0.88
    set bmargin at screen 0.12
    set lmargin at screen 0.06   # the left panel: GB/s against n, every n
    set rmargin at screen 0.44
    set title "Bandwidth against n"
    set logscale x 2
    set format x "2^{%L}"
    set autoscale xfix
    set xlabel sprintf("n (%s elements)", type)
    l2Bytes = firstNumber("l2_bytes", gpu, csv)
    l2 = l2Bytes / (bytes / n)   # the L2's size in elements
    set arrow 1 from l2, graph 0 to l2, graph 1 nohead dt 2 lc rgb "#888888"
    set label 1 sprintf("L2 = %s", mebibytes(l2Bytes)) at l2, graph 0.9 right offset -0.5,0 \
        tc rgb "#666666"
    set label 2 peakTitle at graph 0.02, first peak offset 0,0.6 tc rgb "#c0392b"
    unset key
    plot for [p in programs] rows(p) using "n":"gbs" with linespoints lc rgb colour(p) dt dash(p) \
             pt point(p) lw 1.5 ps 0.7 title p, \
         peak with lines dt 3 lw 1.5 lc rgb "#c0392b" title peakTitle
    unset arrow 1
    unset label
    set lmargin at screen 0.52   # the right panel: the time of one sum at n <= 2^20
    set rmargin at screen 0.80
    set title "Time of one sum for n up to 2^{20}: the launches, not the bytes"
    set xrange [*:2**20]
    set ylabel "microseconds (median time)"
    # The y range ends above the GPU steps from 03 on; step01 (CPU) and step02 (one block)
    # grow with n and leave the panel at the top.
    stats select("time_median_ms", "--where 'n<=1048576' " . \
                 "--where 'step!=step01_cpu_serial|step02_naive_single_block'", csv) \
        using (1000 * column("time_median_ms")) nooutput
    set yrange [0:1.15 * STATS_max]
    set key at screen 0.995, screen 0.88 right top spacing 1.1 samplen 3
    plot for [p in programs] rows(p) using "n":(1000 * column("time_median_ms")) with linespoints \
             lc rgb colour(p) dt dash(p) pt point(p) lw 1.5 ps 0.8 title p
    unset multiplot
    exit
}
if (kind eq "block") {
    set title sprintf("Bandwidth against block size: %s, %s, n = %s (%s)", device, type, \
                      power(n), mebibytes(bytes))
    set logscale x 2
    set xrange [28:1150]
    set xtics (32, 64, 128, 256, 512, 1024)
    set xlabel "threads per block (CUB picks its own: drawn at 256)"
}
types = "int float int64 double cfloat cdouble"   # by their size
if (kind eq "type") {
    stats csv using "bytes" nooutput   # the same bytes of every type, or not
    set title STATS_min == STATS_max ? \
        sprintf("Bandwidth against element type at equal bytes: %s, %s of each type, block %s", \
                device, mebibytes(STATS_max), block) : \
        sprintf("Bandwidth against element type: %s, block %s; NOT at equal bytes: %s to %s " . \
                "per type", device, block, mebibytes(STATS_min), mebibytes(STATS_max))
    set xrange [0.5:6.5]
    set xtics ()
    do for [i = 1:words(types)] {   # each tic: the type's bytes per element, n and bytes
        n = firstNumber("n", "--where type=" . word(types, i), csv)
        bytes = firstNumber("bytes", "--where type=" . word(types, i), csv)
        set xtics add (sprintf("%s, %d B\nn = %s, %s", word(types, i), bytes / n, power(n), \
                               mebibytes(bytes)) i)
    }
    set xlabel "element type, bytes per element; elements and bytes summed" offset 0,-1
    set bmargin 5
}
typeIndex(t, i) = i > words(types) ? NaN : word(types, i) eq t ? i : typeIndex(t, i + 1)
set key outside right top spacing 1.1
plot for [p in programs] rows(p) \
         using (kind eq "type" ? typeIndex(strcol("type"), 1) : column("block")):"gbs" \
         smooth unique with linespoints lc rgb colour(p) dt dash(p) pt point(p) lw 1.5 \
         ps (dash(p) == 2 && kind eq "block" ? 1.8 : 0.9) title p, \
     peak with lines dt 3 lw 1.5 lc rgb "#c0392b" title peakTitle
