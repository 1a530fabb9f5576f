# A bar of GB/s per program of a table.csv (scripts/tutorial.sh), and the device's theoretical
# peak and CUB as lines. The GB/s axis is logarithmic: the CPU loop and the one-block step 02
# are a thousand times slower than the last steps, and on a linear axis their bars would vanish.
load ARG0[1:strlen(ARG0) - strlen("bars.gp")] . "palette.gp"

gpu = "--where compute_capability!="   # the first GPU row names the device
# The steps first, then the frameworks' sums, wherever their rows are in the CSV.
bars = select("step,gbs", "--where step!=cub_reference", csv) . " | awk 'NR == 1 || /^step/ " . \
       "{ print; next } { others = others $0 ORS } END { printf \"%s\", others }'"
peak = firstNumber("peak_gbs", gpu, csv)
cub = firstNumber("gbs", "--where step=cub_reference", csv)
stats bars using "gbs" nooutput
highest = peak > STATS_max ? peak : STATS_max
lowest = peak < STATS_min ? peak : STATS_min
eval terminal("size 1000,650 font 'sans,11'")
set title sprintf("Reduction bandwidth per step: %s, %s, n = %s (log scale)", \
                  firstValue("device", gpu, csv), firstValue("type", gpu, csv), \
                  power(firstNumber("n", gpu, csv)))
set ylabel "GB/s (median time), logarithmic"
set logscale y
set format y "%g"
set xrange [-0.6 : STATS_records - 0.4]
set yrange [lowest / 3 : 10 * highest]
set xtics rotate by 30 right nomirror noenhanced
set ytics nomirror
set grid noxtics mytics
set style fill solid 0.85 border -1
set key inside top left horizontal
set margins 14, 4, 9, -1
# The bars, their values in a row above them, and the lines (no title where there is none).
plot bars using 0:"gbs":(0.7):(colour(strcol("step"))):xtic(strcol("step")) \
         with boxes lc rgb variable notitle, \
     bars using 0:(1.7 * highest):(sprintf(column("gbs") < 10 ? "%.2f" : "%.0f", column("gbs"))) \
         with labels notitle, \
     peak with lines dt 2 lw 2 lc rgb "#cc3311" \
         title peak == peak ? sprintf("theoretical peak %.0f GB/s", peak) : "", \
     cub with lines dt 4 lw 2 lc rgb "#000000" title cub == cub ? sprintf("CUB %.0f GB/s", cub) : ""
