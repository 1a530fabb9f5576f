# The error of a float sum against n: four CPU orders (accuracy.cu), the GPU steps as
# measured (the abs_error column of a sweep_n.csv), and the harness's tolerance. run.sh draws it:
#   gnuplot -e "tool='build/results_table'; cpu='results/accuracy_cpu.csv'; \
#               gpu='docs/results/NVIDIA_H200/sweep_n.csv'; out='results/accuracy'" accuracy.gp
# Writes out.png and out.svg. A zero error cannot be drawn on a log axis and is left out
# (the double accumulator's column is all zeros: it is not drawn).
# The CPU orders are black or grey lines, each with its own dash and point; the GPU steps
# are points only, in their colour and point type from palette.gp, the same as in every
# other chart. At each n the GPU points are spread sideways a little (step k at
# n x 2^(0.06 (k - middle))) so that equal errors do not hide each other.
set datafile separator ","
set datafile columnheaders   # the first line names the columns: they are read by name
load ARG0[1:strlen(ARG0) - strlen("accuracy.gp")] . "../../docs/plots/palette.gp"   # colour(p), point(p)
set logscale xy
set format x "2^{%L}"
set logscale x 2
set format y "10^{%L}"
set xrange [2**9.4 : 2**30.6]
set xlabel "n (floats)"
set ylabel "|sum - exact sum|"
set key outside right top font ",10" noenhanced spacing 1.15 samplen 4
set grid lc rgb "#dddddd"
set title "Error of a float sum (input magnitudes 0.5 to 1, random signs, seed 42)"
positive(v) = v > 0 ? v : NaN
gpuRows(p) = select("n,abs_error", "--where step=" . p, gpu)
# every GPU program of the sweep, in order of appearance
gpuSteps = system(select("step", "--where step!=step01_cpu_serial", gpu)[3:] . " | awk 'NR > 1 && !seen[$0]++ { printf \"%s \", $0 }'")
dodge(k) = 2**(0.06 * (k - (words(gpuSteps) + 1) / 2.0))
plotAll = "plot cpu using \"n\":(positive(column(\"serial_error\"))) with linespoints lw 2.5 dt 1 pt 5 ps 1.2 lc rgb colour('step01_cpu_serial') title 'serial loop: step01 (CPU)', " . \
          "cpu using \"n\":(positive(column(\"pairwise_error\"))) with linespoints lw 2 dt 4 pt 4 ps 1.3 lc rgb '#000000' title 'pairwise tree (CPU)', " . \
          "cpu using \"n\":(positive(column(\"kahan_error\"))) with linespoints lw 2 dt 3 pt 8 ps 1.3 lc rgb '#000000' title 'Kahan, float (CPU)', " . \
          "cpu using \"n\":\"tolerance\" with lines dt 2 lw 2.5 lc rgb '#c0392b' title 'tolerance of the harness', " . \
          "for [k = 1:words(gpuSteps)] gpuRows(word(gpuSteps, k)) using (column(\"n\") * dodge(k)):(positive(column(\"abs_error\"))) with points " . \
          "pt point(word(gpuSteps, k)) lw 1.5 ps 1.3 lc rgb colour(word(gpuSteps, k)) title word(gpuSteps, k).' (GPU)'"
set terminal pngcairo size 1200,650 font "sans,10"
set output out . ".png"
eval plotAll
set terminal svg size 1200,650 font "sans,10"
set output out . ".svg"
eval plotAll
unset output
