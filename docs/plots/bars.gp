# Bar chart of GB/s per step, from a CSV that scripts/tutorial.sh writes, with the
# device's theoretical peak and the CUB reference drawn as horizontal lines:
#   gnuplot -e "csv='build/results/table.csv'; out='bars'" docs/plots/bars.gp
# writes bars.png and bars.svg (`out` is the file name without its extension).
# The GB/s axis is logarithmic: the CPU loop and the one-block step 02 are a thousand times
# slower than the last steps, and on a linear axis their bars would vanish.

set datafile separator ","
set datafile columnheaders   # the first line names the columns: they are read by name
load ARG0[1:strlen(ARG0) - strlen("bars.gp")] . "palette.gp"   # colour(step), from this folder

# 1. Read the CSV (by column name: step, device, compute_capability, peak_gbs, type, n,
#    gbs). Steps become bars, in the CSV's order, into the datablock
#    $bars; the CUB row (step cub_reference) becomes a line; so does the peak.
stats csv using (0) nooutput
rows = STATS_records
array step[rows]; array device[rows]; array cc[rows]; array peak[rows]
array type[rows]; array n[rows]; array gbs[rows]
r = 0
stats csv using (r = r + 1, step[r] = strcol("step"), device[r] = strcol("device"), \
    cc[r] = strcol("compute_capability"), peak[r] = strcol("peak_gbs"), type[r] = strcol("type"), \
    n[r] = int(real(strcol("n"))), gbs[r] = real(strcol("gbs")), 0) nooutput

# The steps first, then the other references (torch_sum, cupy_sum, jax_sum) as bars too.
isCub(i) = strstrt(step[i], "cub") == 1
g = 1                                   # the first GPU row names the device
do for [i = rows:1:-1] { if (cc[i] ne "") { g = i } }
cub = NaN
set print $bars
print "step gbs colour"                 # the datablock names its columns too
do for [i = 1:rows] { if (isCub(i)) { cub = gbs[i] } }
do for [i = 1:rows] { if (stepNumber(step[i]) > 0) { print sprintf("%s %g %d", step[i], gbs[i], colour(step[i])) } }
do for [i = 1:rows] { if (stepNumber(step[i]) == 0 && !isCub(i)) { print sprintf("%s %g %d", step[i], gbs[i], colour(step[i])) } }
unset print
bars = rows - (cub == cub)              # NaN == NaN is false: no CUB row, no CUB line
top = (peak[g] eq "") ? NaN : real(peak[g])   # no GPU row, no peak line
highest = top; lowest = top
do for [i = 1:rows] {
    if (!(gbs[i] <= highest)) { highest = gbs[i] }
    if (!(gbs[i] >= lowest) && gbs[i] > 0) { lowest = gbs[i] }
}
k = 0
while (2**k < n[g]) { k = k + 1 }
size = (2**k == n[g]) ? sprintf("2^%d", k) : sprintf("%d", n[g])

# 2. The chart, from the datablock $bars, read by column name like the CSV.
set datafile separator whitespace
set title sprintf("Reduction bandwidth per step: %s, %s, n = %s (log scale)", device[g], type[g], size)
set ylabel "GB/s (median time), logarithmic"
set logscale y
set format y "%g"
set xrange [-0.6 : bars - 0.4]
set yrange [lowest / 3 : 10 * highest]
row = 1.7 * highest                     # the values, in a row above the bars and lines
set xtics rotate by 30 right nomirror
set ytics nomirror
set grid ytics mytics lc rgb "#dddddd"
set style fill solid 0.85 border -1
set key inside top left horizontal
set lmargin 14
set bmargin 9
set rmargin 4
chart = "plot $bars using 0:'gbs':(0.7):'colour':xtic(strcol('step')) with boxes lc rgb variable notitle, \
    $bars using 0:(row):(sprintf(column('gbs') < 10 ? '%.2f' : '%.0f', column('gbs'))) with labels notitle, \
    top with lines dt 2 lw 2 lc rgb '#cc3311' title (top == top ? sprintf('theoretical peak %.0f GB/s', top) : ''), \
    cub with lines dt 4 lw 2 lc rgb '#000000' title (cub == cub ? sprintf('CUB %.0f GB/s', cub) : '')"

set terminal pngcairo size 1000,650 font "sans,11" noenhanced
set output out . ".png"
eval chart
set terminal svg size 1000,650 font "sans,11" noenhanced
set output out . ".svg"
eval chart
unset output
