# Step 13 on several GPUs: weak and strong scaling, from the scaling.csv that
# experiments/step13_scaling/run.sh writes (the step's --csv rows plus the columns
# ranks and kind). Called by scripts/plot.sh:
#   gnuplot -e "csv='scaling.csv'; out='scaling'" docs/plots/scaling.gp
# Three panels:
#   weak scaling    the GB/s of the whole job against the elements per GPU, one line per
#                   number of GPUs, and dashed the ideal: K x one GPU's GB/s at that size;
#   efficiency      GB/s / (K x one GPU's GB/s at the same elements per GPU), with the
#                   course's target of 97 %;
#   strong scaling  the time of one sum against the total n, one line per number of GPUs:
#                   where a line with more GPUs lies above the one-GPU line, they are slower.
# The lines are step 13's colour (palette.gp) for one GPU, lighter and with another point
# type for more.
# Writes out.png and out.svg.

set datafile separator ","
load ARG0[1:strlen(ARG0) - strlen("scaling.gp")] . "palette.gp"   # colour(p)

# Columns found by their header names, so that the script follows the CSV.
columnOf(name) = system(sprintf("awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == \"%s\") print i; exit }' '%s'", name, csv)) + 0
cN = columnOf("n"); cTime = columnOf("time_median_ms"); cGbs = columnOf("gbs")
cRanks = columnOf("ranks"); cKind = columnOf("kind"); cDevice = columnOf("device"); cType = columnOf("type")
if (cRanks == 0 || cKind == 0) { print "scaling.gp: " . csv . " has no ranks or kind column"; exit status 1 }

awkRows(program) = sprintf("< awk -F, -v n=%d -v t=%d -v g=%d -v k=%d -v kind=%d '%s' '%s' '%s'", \
                           cN, cTime, cGbs, cRanks, cKind, program, csv, csv)
# The rows of one kind and one number of ranks: n per GPU, n, time (ms), GB/s.
rowsOf(kindName, ranks) = awkRows(sprintf("FNR == NR { next } FNR > 1 && $kind == \"%s\" && $k == %d { printf \"%%.0f,%%s,%%s,%%s\\n\", $n / $k, $n, $t, $g }", kindName, ranks))
# Weak rows with their efficiency, and the ideal K x one rank's GB/s, against n per GPU.
# (Keys are written with %.0f: awk would write a number above 2^31 as 2.14748e+09.)
efficiencyOf(ranks) = awkRows(sprintf("FNR == NR { if (FNR > 1 && $kind == \"weak\" && $k == 1) one[sprintf(\"%%.0f\", $n)] = $g; next } " . \
                                      "FNR > 1 && $kind == \"weak\" && $k == %d && ((perGpu = sprintf(\"%%.0f\", $n / $k)) in one) " . \
                                      "{ printf \"%%s,%%g,%%g\\n\", perGpu, 100 * $g / ($k * one[perGpu]), $k * one[perGpu] }", ranks))
rankCounts = system(sprintf("awk -F, 'NR > 1 && ($%d == \"weak\" || $%d == \"strong\") && !seen[$%d]++ { printf \"%%s \", $%d }' '%s' | tr ' ' '\\n' | sort -n | tr '\\n' ' '", \
                            cKind, cKind, cRanks, cRanks, csv))
device = system(sprintf("awk -F, 'NR == 2 { print $%d; exit }' '%s'", cDevice, csv))
type = system(sprintf("awk -F, 'NR == 2 { print $%d; exit }' '%s'", cType, csv))
# (A loop over no values still evaluates its body once in gnuplot: hence the guard.)
rankAt(i) = i <= words(rankCounts) ? word(rankCounts, i) + 0 : 0
strongRows = system(sprintf("awk -F, 'NR > 1 && $%d == \"strong\"' '%s' | wc -l", cKind, csv)) + 0
mostRanks = rankAt(words(rankCounts))
multiRank = mostRanks > 1

purple = colour("step13_multi_gpu")
shade(ranks) = ranks == 1 ? purple : ranks == 2 ? 0x9b78c8 : 0xc9b2e6
mark(ranks) = ranks == 1 ? 7 : ranks == 2 ? 5 : 9
exponent(x) = int(log(x) / log(2) + 0.5)

set grid lc rgb "#dddddd"
set key noenhanced
set logscale x 2
set format x "2^{%L}"

do for [format in "png svg"] {
    if (format eq "png") { set terminal pngcairo size 1500,520 font "sans,10" enhanced } \
    else { set terminal svg size 1500,520 font "sans,10" enhanced }
    set output out . "." . format
    set multiplot layout 1,3 title sprintf("Step 13: one sum over %s of %s (%s), NCCL all-reduce of the per-GPU sums", \
                                           mostRanks == 1 ? "one GPU" : "1 to " . mostRanks . " GPUs", device, type) noenhanced

    set title "Weak scaling: the same elements per GPU" noenhanced
    set xlabel "elements per GPU"
    set ylabel "GB/s of the whole job (median time)"
    set logscale y 10
    set format y "%g"
    set yrange [*:*]
    set key left top
    weakLines = "plot for [i = 1:words(rankCounts)] rowsOf('weak', rankAt(i)) using 1:4 " . \
                "with linespoints lw 2 pt mark(rankAt(i)) ps 0.8 lc rgb shade(rankAt(i)) " . \
                "title sprintf('%s GPU%s', word(rankCounts, i), rankAt(i) == 1 ? '' : 's')"
    idealLines = ", for [i = 2:words(rankCounts)] efficiencyOf(rankAt(i)) using 1:3 " . \
                 "with lines dt 2 lw 1 lc rgb shade(rankAt(i)) title sprintf('ideal, %s x one GPU', word(rankCounts, i))"
    eval weakLines . (multiRank ? idealLines : "")

    set title "Efficiency: GB/s / (K x one GPU's GB/s)" noenhanced
    set ylabel "efficiency (%)"
    unset logscale y
    set format y "%g"
    set yrange [0:110]
    set key left bottom
    set arrow 1 from graph 0, first 97 to graph 1, first 97 nohead dt 3 lc rgb "#555555"
    set label 1 "target 97 %" at graph 0.02, first 99 left tc rgb "#555555"
    if (multiRank) {
        plot for [i = 2:words(rankCounts)] efficiencyOf(rankAt(i)) using 1:2 \
                 with linespoints lw 2 pt mark(rankAt(i)) ps 0.8 lc rgb shade(rankAt(i)) \
                 title sprintf("%s GPUs", word(rankCounts, i))
    } else {
        set xrange [2**24:2**31]
        set label 2 "measured on one GPU only:\nno efficiency to draw" at graph 0.5, graph 0.5 center
        plot NaN notitle
        unset label 2
        set xrange [*:*]
    }
    unset arrow 1
    unset label 1

    set title "Strong scaling: the same n in all" noenhanced
    set xlabel "n (elements in all)"
    set ylabel "time of one sum (ms, median)"
    set logscale y 10
    set format y "%g"
    set yrange [*:*]
    set key left top
    if (strongRows > 0) {
        plot for [i = 1:words(rankCounts)] rowsOf("strong", rankAt(i)) using 2:3 \
                 with linespoints lw 2 pt mark(rankAt(i)) ps 0.8 lc rgb shade(rankAt(i)) \
                 title sprintf("%s GPU%s", word(rankCounts, i), rankAt(i) == 1 ? "" : "s")
    } else {
        set xrange [2**20:2**33]
        set yrange [0.01:10]
        set label 2 "no strong-scaling rows in this CSV" at graph 0.5, graph 0.5 center
        plot NaN notitle
        unset label 2
        set xrange [*:*]
    }
    unset multiplot
}
unset output
