# Bandwidth against n, block size or element type, one line per program, from a sweep CSV
# that scripts/bench.sh writes (the programs' --csv rows). Called by scripts/plot.sh:
#   gnuplot -e "csv='sweep_n.csv'; out='sweep_n'; kind='n'; programs='step03_multi_block ...'; \
#               peak=4814.3; device='NVIDIA H200'" docs/plots/sweep.gp
# kind: n      two panels: GB/s against n on a log axis (all n), and the time of one sum for
#              n <= 2^20, where GB/s says little and the launches are what costs;
#       block  GB/s against threads per block;
#       type   GB/s per element type, ordered by bytes per element; the labels give each
#              type's n and bytes (the types compare fairly only at equal bytes).
# Colours and point types come from palette.gp: a step has the same colour in every chart.
# Writes out.png and out.svg.

set datafile separator ","
set datafile columnheaders   # the first line names the columns: they are read by name
load ARG0[1:strlen(ARG0) - strlen("sweep.gp")] . "palette.gp"   # colour(p), point(p), dash(p)

# Numbers the axes and titles need, read from the CSV by column name; the first GPU row
# (l2_bytes not empty) gives the type, the block and the L2.
firstOf(name) = firstValue(name, "--where l2_bytes!=", csv)
exponent(x) = int(log(x) / log(2) + 0.5)
power(x) = (2**exponent(x) == x) ? sprintf("2^{%d}", exponent(x)) : sprintf("%d", x)
mebibytes(x) = sprintf("%g MiB", x / 2**20)
stats csv using "n" nooutput
nLow = STATS_min; nHigh = STATS_max
stats csv using "bytes" nooutput
bytesLow = STATS_min; bytesHigh = STATS_max
type = firstOf("type"); block = firstOf("block"); l2Bytes = real(firstOf("l2_bytes"))

# One line per program: its rows only, so the points of a line are consecutive.
rowsOf(p) = select("n,block,type,gbs,time_median_ms", "--where step=" . p, csv)
peakTitle = sprintf("theoretical peak %.0f GB/s", peak)

set grid lc rgb "#dddddd"
set key noenhanced

do for [format in "png svg"] {
    if (format eq "png") { set terminal pngcairo size 1400,650 font "sans,10" } \
    else { set terminal svg size 1400,650 font "sans,10" }
    set output out . "." . format

    if (kind eq "n") {
        set multiplot title sprintf("%s: %s, block %s; L2 emptied before each run", device, type, block) font ",12"
        # Left: GB/s against n, every n.
        set lmargin at screen 0.06; set rmargin at screen 0.44
        set tmargin at screen 0.88; set bmargin at screen 0.12
        set title "Bandwidth against n"
        set logscale x 2; set format x "2^{%L}"; set xrange [nLow:nHigh]
        set xlabel sprintf("n (%s elements)", type); set ylabel "GB/s (median time)"; set yrange [0:*]
        l2 = l2Bytes / (bytesHigh / nHigh)     # the L2's size in elements
        set arrow 1 from l2, graph 0 to l2, graph 1 nohead dt 2 lc rgb "#888888"
        set label 1 sprintf("L2 = %s", mebibytes(l2Bytes)) at l2, graph 0.9 right offset -0.5,0 tc rgb "#666666"
        set label 2 peakTitle at graph 0.02, first peak offset 0,0.6 tc rgb "#c0392b"
        unset key
        plot for [p in programs] rowsOf(p) using "n":"gbs" with linespoints lc rgb colour(p) dt dash(p) pt point(p) lw 1.5 ps 0.7 title p, \
             peak with lines dt 3 lw 1.5 lc rgb '#c0392b' title peakTitle
        unset arrow 1; unset label 1; unset label 2
        # Right: the time of one sum at small n (2^10 ... 2^20), in microseconds.
        set lmargin at screen 0.52; set rmargin at screen 0.80
        set title "Time of one sum for n up to 2^{20}: the launches, not the bytes"
        set xrange [nLow:(nHigh < 2**20 ? nHigh : 2**20)]
        set ylabel "microseconds (median time)"
        # The y range ends above the GPU steps from 03 on; step01 (CPU) and step02 (one
        # block) grow with n and leave the panel at the top.
        top = real(system(select("step,n,time_median_ms", "", csv)[3:] . \
            " | awk -F, 'NR > 1 && $2 <= 2^20 && $1 !~ /^step0[12]_/ && 1000 * $3 > m { m = 1000 * $3 } END { print m + 0 }'"))
        if (top > 0) { set yrange [0:1.15 * top] } else { set yrange [0:*] }
        set key at screen 0.995, screen 0.88 right top spacing 1.1 samplen 3
        plot for [p in programs] rowsOf(p) using "n":(1000 * column("time_median_ms")) with linespoints lc rgb colour(p) dt dash(p) pt point(p) lw 1.5 ps 0.8 title p
        unset multiplot
        unset logscale x; set format x "% h"; set autoscale x
    }
    if (kind eq "block") {
        set lmargin; set rmargin; set tmargin; set bmargin
        set title sprintf("Bandwidth against block size: %s, %s, n = %s (%s)", device, type, power(nHigh), mebibytes(bytesHigh))
        set logscale x 2; set xrange [28:1150]
        set xtics (32, 64, 128, 256, 512, 1024)
        set xlabel "threads per block (CUB picks its own: drawn at 256)"
        set ylabel "GB/s (median time)"; set yrange [0:*]
        set key outside right top spacing 1.1
        plot for [p in programs] rowsOf(p) using "block":"gbs" with linespoints lc rgb colour(p) dt dash(p) pt point(p) lw 1.5 \
                 ps (dash(p) == 1 ? 0.9 : 1.8) title p, \
             peak with lines dt 3 lw 1.5 lc rgb '#c0392b' title peakTitle
        unset logscale x; set xtics autofreq; set autoscale x
    }
    if (kind eq "type") {
        set lmargin; set rmargin; set tmargin; set bmargin 5
        # Types in order of their size; each tick says the type's bytes per element and n.
        types = "int float int64 double cfloat cdouble"
        typeIndex(t) = (t eq "int") ? 1 : (t eq "float") ? 2 : (t eq "int64") ? 3 : \
                       (t eq "double") ? 4 : (t eq "cfloat") ? 5 : (t eq "cdouble") ? 6 : NaN
        set xrange [0.5:6.5]
        set xtics ()
        do for [i = 1:6] {
            t = word(types, i)
            nOf = real(firstValue("n", "--where type=" . t, csv))
            sizeOf = nOf > 0 ? real(firstValue("bytes", "--where type=" . t, csv)) / nOf : 0
            if (nOf > 0) { set xtics add (sprintf("%s, %d B\nn = %s, %s", t, sizeOf, power(nOf), mebibytes(nOf * sizeOf)) i) } \
            else { set xtics add (sprintf("%s\n(not measured)", t) i) }
        }
        if (bytesLow == bytesHigh) {
            set title sprintf("Bandwidth against element type at equal bytes: %s, %s of each type, block 256", device, mebibytes(bytesHigh))
        } else {
            set title sprintf("Bandwidth against element type: %s, block 256; NOT at equal bytes: %s to %s per type", \
                              device, mebibytes(bytesLow), mebibytes(bytesHigh))
        }
        set xlabel "element type, bytes per element; elements and bytes summed" offset 0,-1
        set ylabel "GB/s (median time)"; set yrange [0:*]
        set key outside right top spacing 1.1
        plot for [p in programs] rowsOf(p) using (typeIndex(strcol("type"))):"gbs" smooth unique with linespoints lc rgb colour(p) dt dash(p) pt point(p) lw 1.5 ps 0.9 title p, \
             peak with lines dt 3 lw 1.5 lc rgb '#c0392b' title peakTitle
    }
}
unset output
