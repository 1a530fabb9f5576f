# The error of a float sum against n: four CPU orders (programs/accuracy.cu), the GPU
# steps as measured (the abs_error column of a sweep_n.csv), and the harness's tolerance.
#   gnuplot -e "cpu='docs/results/accuracy_cpu.csv'; gpu='docs/results/NVIDIA_H200/sweep_n.csv'; \
#               out='docs/results/accuracy'" docs/plots/accuracy.gp
# Writes out.png and out.svg. A zero error cannot be drawn on a log axis and is left out.
set datafile separator ","
set logscale xy
set format x "2^{%L}"
set logscale x 2
set format y "10^{%L}"
set xlabel "n (floats)"
set ylabel "|sum - exact sum|"
set key outside right top font ",9" noenhanced
set grid lc rgb "#dddddd"
colours = "#8e44ad #16a085 #3498db #e67e22 #2c3e50 #c0392b #27ae60"
do for [i = 1:7] { set linetype i lc rgb word(colours, i) }
set title "Error of a float sum (inputs +-[0.5, 1), random signs, seed 42)"
positive(v) = v > 0 ? v : NaN
gpuRows(p) = sprintf("< awk -F, 'NR > 1 && $1 == \"%s\"' '%s'", p, gpu)
# every GPU program of the sweep, in order of appearance
gpuSteps = system(sprintf("awk -F, 'NR > 1 && $1 != \"step01_cpu_serial\" && !seen[$1]++ { printf \"%%s \", $1 }' '%s'", gpu))
plotAll = "plot cpu skip 1 using 1:(positive($4)) with linespoints lt 1 lw 2 pt 7 title 'serial loop (step01)', " . \
          "cpu skip 1 using 1:(positive($5)) with linespoints lt 2 lw 2 pt 5 title 'pairwise tree (CPU)', " . \
          "cpu skip 1 using 1:(positive($6)) with linespoints lt 3 lw 2 pt 9 title 'Kahan, float (CPU)', " . \
          "for [p in gpuSteps] gpuRows(p) using 11:(positive($25)) with points pt 6 lw 1.2 ps 0.9 title p.' (GPU, measured)', " . \
          "cpu skip 1 using 1:8 with lines dt 2 lw 2 lc rgb '#c0392b' title 'tolerance of the harness'"
set terminal pngcairo size 1100,600 font "sans,10"
set output out . ".png"
eval plotAll
set terminal svg size 1100,600 font "sans,10"
set output out . ".svg"
eval plotAll
unset output
