# The error of a float sum against n (run.sh draws out.png and out.svg): four CPU orders
# (accuracy.cu, the CSV `cpu`), the GPU steps as measured (abs_error of a sweep_n.csv, `gpu`),
# the harness's tolerance. A zero error cannot be drawn on a log axis (the double accumulator's
# column is all zeros: not drawn). At each n, GPU step k is moved to n x 2^(0.06 (k - middle)),
# so that equal errors do not hide each other.
load ARG0[1:strlen(ARG0) - strlen("accuracy.gp")] . "../../docs/plots/palette.gp"
set logscale x 2
set logscale y 10
set format x "2^{%L}"
set format y "10^{%L}"
set xrange [2**9.4 : 2**30.6]
set xlabel "n (floats)"
set ylabel "|sum - exact sum|"
set key outside right top font ",10" noenhanced spacing 1.15 samplen 4
set title "Error of a float sum (input magnitudes 0.5 to 1, random signs, seed 42)"
positive(v) = v > 0 ? v : NaN
steps = distinct("step", "--where step!=step01_cpu_serial", gpu)
dodge(k) = 2**(0.06 * (k - (words(steps) + 1) / 2.0))
do for [format in "png svg"] {
    eval terminal("size 1200,650 font 'sans,10'")
    plot cpu using "n":(positive(column("serial_error"))) with linespoints lw 2.5 dt 1 pt 5 \
             ps 1.2 lc rgb colour("step01_cpu_serial") title "serial loop: step01 (CPU)", \
         cpu using "n":(positive(column("pairwise_error"))) with linespoints lw 2 dt 4 pt 4 \
             ps 1.3 lc rgb "#000000" title "pairwise tree (CPU)", \
         cpu using "n":(positive(column("kahan_error"))) with linespoints lw 2 dt 3 pt 8 \
             ps 1.3 lc rgb "#000000" title "Kahan, float (CPU)", \
         cpu using "n":"tolerance" with lines dt 2 lw 2.5 lc rgb "#c0392b" \
             title "tolerance of the harness", \
         for [k = 1:words(steps)] select("n,abs_error", "--where step=" . word(steps, k), gpu) \
             using (column("n") * dodge(k)):(positive(column("abs_error"))) with points \
             pt point(word(steps, k)) lw 1.5 ps 1.3 lc rgb colour(word(steps, k)) \
             title word(steps, k) . " (GPU)"
}
