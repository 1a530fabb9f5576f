# Bandwidth against n, block size or element type, one line per program, from a sweep CSV
# that scripts/bench.sh writes (the programs' --csv rows). Called by scripts/plot.sh:
#   gnuplot -e "csv='sweep_n.csv'; out='sweep_n'; kind='n'; programs='step03_multi_block ...'; \
#               peak=4814.3; device='NVIDIA H200'" docs/plots/sweep.gp
# kind: n (x = n, log scale), block (x = threads per block), type (x = element type).
# Writes out.png and out.svg.

set datafile separator ","
set key outside right top font ",9"
set grid ytics lc rgb "#dddddd"
set ylabel "GB/s (median time)"
set yrange [0:*]
# Twelve distinguishable colours, one per program.
colours = "#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #7f7f7f #bcbd22 #17becf #000000 #f1c40f"
do for [i = 1:12] { set linetype i lc rgb word(colours, i) }

types = "int int64 float double cfloat cdouble"
typeIndex(t) = (t eq "int") ? 1 : (t eq "int64") ? 2 : (t eq "float") ? 3 : \
               (t eq "double") ? 4 : (t eq "cfloat") ? 5 : (t eq "cdouble") ? 6 : NaN

if (kind eq "n") {
    set logscale x 2
    set format x "2^{%L}"
    set xlabel "n (elements)"
    set title sprintf("Bandwidth against n: %s, float, block 256", device)
    xvalue(dummy) = real(strcol(11))
} else {
    if (kind eq "block") {
        set logscale x 2
        set xtics (32, 64, 128, 256, 512, 1024)
        set xlabel "threads per block"
        set title sprintf("Bandwidth against block size: %s, float, n = 2^{24}", device)
        xvalue(dummy) = real(strcol(13))
    } else {
        set xrange [0.5:6.5]
        set xtics ("int" 1, "int64" 2, "float" 3, "double" 4, "cfloat" 5, "cdouble" 6)
        set xlabel "element type"
        set title sprintf("Bandwidth against element type: %s, n = 2^{24}, block 256", device)
        xvalue(dummy) = typeIndex(strcol(10))
    }
}

# One line per program: awk picks its rows, so the points of a line are consecutive.
# The CUB reference dashed, the steps solid; the theoretical peak as a line.
rowsOf(p) = sprintf("< awk -F, 'NR > 1 && $1 == \"%s\"' '%s'", p, csv)
style(p) = (p eq "cub_reference") ? 2 : 1
plotAll = "plot for [p in programs] rowsOf(p) using (xvalue(0)):21 " . \
          "with linespoints dt style(p) lw 1.5 pt 7 ps 0.6 title p noenhanced, " . \
          "peak with lines dt 3 lc rgb '#c0392b' title sprintf('theoretical peak %.0f GB/s', peak)"

set terminal pngcairo size 1100,600 font "sans,10"
set output out . ".png"
eval plotAll
set terminal svg size 1100,600 font "sans,10"
set output out . ".svg"
eval plotAll
unset output
