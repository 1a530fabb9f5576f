# Step 13 on K GPUs, from the scaling.csv of experiments/step13_scaling/run.sh (step 13's
# --csv rows plus the columns ranks and kind), in three panels: weak scaling, the GB/s of the
# whole job against the elements per GPU, dashed the ideal K x one GPU's GB/s; the efficiency,
# GB/s / (K x one GPU's GB/s at the same elements per GPU), against the course's target of
# 97 %; strong scaling, the time of one sum against the total n: where a line with more GPUs
# lies above the one-GPU line, they are slower. A panel with no rows says so.
load ARG0[1:strlen(ARG0) - strlen("scaling.gp")] . "palette.gp"

rows(kind, K) = select("n,ranks,gbs,time_median_ms", sprintf("--where kind=%s --where ranks=%s", \
                                                              kind, K), csv)
weakRanks = distinct("ranks", "--where kind=weak", csv)
moreRanks = distinct("ranks", "--where kind=weak --where ranks!=1", csv)
strongRanks = distinct("ranks", "--where kind=strong", csv)
allRanks = distinct("ranks", "--where 'kind=weak|strong'", csv)
most = word(allRanks, words(allRanks))
# One GPU's weak-scaling GB/s at n elements (NaN: not measured), for the ideal and efficiency.
oneN = system(select("n", "--where kind=weak --where ranks=1", csv)[3:] . " | sed 1d")
oneGbs = system(select("gbs", "--where kind=weak --where ranks=1", csv)[3:] . " | sed 1d")
one(n, i) = i > words(oneN) ? NaN : word(oneN, i) + 0 == n ? word(oneGbs, i) + 0 : one(n, i + 1)
ideal(K) = K * one(column("n") / K, 1)
gpus(K) = K . (K eq "1" ? " GPU" : " GPUs")
# Step 13's colour for one GPU; lighter, with another point type, for more.
set style line 1 lw 2 pt 7 ps 0.8 lc rgb colour("step13_multi_gpu")
set style line 2 lw 2 pt 5 ps 0.8 lc rgb "#9b78c8"
set style line 4 lw 2 pt 9 ps 0.8 lc rgb "#c9b2e6"

eval terminal("size 1500,520 font 'sans,10'")
set key noenhanced
set logscale x 2
set format x "2^{%L}"
set logscale y 10
set format y "%g"
set multiplot layout 1,3 title sprintf("Step 13: one sum over %s of %s (%s), NCCL all-reduce " . \
    "of the per-GPU sums", most eq "1" ? "one GPU" : "1 to " . most . " GPUs", \
    firstValue("device", "", csv), firstValue("type", "", csv)) noenhanced

set title "Weak scaling: the same elements per GPU"
set xlabel "elements per GPU"
set ylabel "GB/s of the whole job (median time)"
set key left top
# (A plot's loop over no values still runs once: the ideal lines only where there are some.)
weak = "plot for [K in weakRanks] rows('weak', K) using (column('n') / K):'gbs' " . \
       "with linespoints ls K title gpus(K)"
ideal = ", for [K in moreRanks] rows('weak', K) using (column('n') / K):(ideal(K)) " . \
        "with lines ls K dt 2 lw 1 title sprintf('ideal, %s x one GPU', K)"
eval weak . (moreRanks eq "" ? "" : ideal)
set xrange [GPVAL_X_MIN:GPVAL_X_MAX]   # the efficiency against the same elements per GPU

set title "Efficiency: GB/s / (K x one GPU's GB/s)"
set ylabel "efficiency (%)"
unset logscale y
set yrange [0:110]
set key left bottom
set arrow 1 from graph 0, first 97 to graph 1, first 97 nohead dt 3 lc rgb "#555555"
set label 1 "target 97 %" at graph 0.02, first 99 left tc rgb "#555555"
if (moreRanks eq "") {
    set label 2 "measured on one GPU only:\nno efficiency to draw" at graph 0.5, graph 0.5 center
    plot NaN notitle
} else {
    plot for [K in moreRanks] rows("weak", K) \
        using (column("n") / K):(100 * column("gbs") / ideal(K)) with linespoints ls K title gpus(K)
}
unset arrow 1
unset label

set title "Strong scaling: the same n in all"
set xlabel "n (elements in all)"
set ylabel "time of one sum (ms, median)"
set logscale y 10
set autoscale
set key left top
if (strongRanks eq "") {
    set label 2 "no strong-scaling rows in this CSV" at graph 0.5, graph 0.5 center
    set xrange [2**20:2**33]
    set yrange [0.01:10]
    plot NaN notitle
} else {
    plot for [K in strongRanks] rows("strong", K) using "n":"time_median_ms" \
        with linespoints ls K title gpus(K)
}
unset multiplot
