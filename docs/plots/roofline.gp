# The roofline of a sum on the measured GPU, with every step's point on it, from the table
# CSV that scripts/tutorial.sh writes. Called by scripts/plot.sh:
#   gnuplot -e "csv='table.csv'; out='roofline'; clock_mhz=1980" docs/plots/roofline.gp
# Writes out.png and out.svg.
#
# A sum does one addition per element read: its arithmetic intensity is 1/sizeof(T) adds
# per byte (0.25 for float). Performance (adds per second) is bounded by two roofs:
#   memory:  peak_gbs (from the CSV) x intensity;
#   compute: SMs x FP32 adds per SM per clock x clock. An add is one operation, not the two
#            of a fused multiply-add, so this is half the FP32 "TFLOPS" of a datasheet.
#            Adds per SM per clock: 128, or 64 on compute capability 6.0, 7.x and 8.0 (the
#            CUDA Programming Guide's table of arithmetic instruction throughput).
#            clock_mhz: the SM clock, e.g. `nvidia-smi --query-gpu=clocks.max.sm --format=csv`;
#            0 when not known: then only the memory roof is drawn.
# A step's point: x = n / bytes, y = n / median time. The CPU row (step01) is left out: it
# ran on a CPU, under another roof.

set datafile separator ","
load ARG0[1:strlen(ARG0) - strlen("roofline.gp")] . "palette.gp"   # colour(p), point(p)
if (!exists("clock_mhz")) { clock_mhz = 0 }

# The GPU rows: those whose compute_capability is not empty (step01 ran on the CPU).
gpuRows = "--where compute_capability!="
field(name) = firstValue(name, gpuRows, csv)
device = field("device"); cc = real(field("compute_capability")); sms = real(field("multiprocessors"))
peak = real(field("peak_gbs")); type = field("type"); size = real(field("bytes")) / real(field("n"))
# Each GPU row as "adds per second, label height, program", sorted from the fastest down.
# The points sit on one vertical line (one intensity for all); their labels are spread
# downwards, each at least a factor 1.45 below the one above, under the roof to the right.
points = select("n,time_median_ms,step", gpuRows, csv) . \
    " | awk -F, 'NR > 1 { print $1 / $2 / 1e6, $3 }' | sort -gr | " . \
    "awk '{ y = (NR == 1 || $1 < last / 1.45) ? $1 : last / 1.45; last = y; print $1 \",\" y \",\" $2 }'"

lanes = (cc == 60 || (cc >= 70 && cc <= 80)) ? 64 : 128
compute = (clock_mhz > 0 && type eq "float") ? sms * lanes * clock_mhz / 1000.0 : NaN   # G adds/s
memory(x) = peak * x
roof(x) = (compute == compute && compute < memory(x)) ? compute : memory(x)
intensity = 1.0 / size

set title sprintf("Roofline of a %s sum: %s (%d SMs, %.0f GB/s peak%s)", type, device, sms, peak, \
    compute == compute ? sprintf(", %.0f MHz", clock_mhz) : "; SM clock not given: no compute roof") noenhanced
set logscale xy 2
set xrange [1.0 / 64 : 64]
set yrange [0.05 : 2e5]
set logscale y 10
set format x "%g"; set format y "10^{%L}"
set xtics ("1/64" 1.0/64, "1/16" 1.0/16, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64)
set xlabel "arithmetic intensity (additions per byte read)"
set ylabel sprintf("performance (10^9 %s additions per second)", type)
set grid lc rgb "#dddddd"
unset key

set arrow 1 from intensity, graph 0 to intensity, graph 1 nohead dt 3 lc rgb "#888888"
set label 1 sprintf("a %s sum: 1 add per %d bytes; the roof there: %.0f", type, size, memory(intensity)) at intensity, graph 0.04 left offset 0.5,0 tc rgb "#555555" noenhanced
set label 2 sprintf("memory roof: %.0f GB/s x intensity", peak) at 1.0 / 48, memory(1.0 / 48) * 1.6 rotate by 33 tc rgb "#1f4e79"
if (compute == compute) {
    ridge = compute / peak
    set arrow 2 from ridge, graph 0 to ridge, compute nohead dt 3 lc rgb "#888888"
    set label 3 sprintf("compute roof: %d SMs x %d adds x %.2f GHz = %.1f x 10^{12} adds/s", sms, lanes, clock_mhz / 1000.0, compute / 1000) \
        at 1.0 / 40, compute * 1.7 tc rgb "#7b241c"
    set label 4 sprintf("ridge: %.1f adds per byte", ridge) at ridge, graph 0.04 left offset 0.5,0 tc rgb "#555555"
}
labelX = intensity * 2.4
chart = "plot roof(x) with lines lw 3 lc rgb '#1f4e79', " . \
        "points using (intensity * 1.1):1:(labelX * 0.93 - intensity * 1.1):($2 - $1):(colour(strcol(3))) " . \
        "with vectors nohead lw 0.8 lc rgb variable, " . \
        "points using (intensity):1:(point(strcol(3))):(colour(strcol(3))) with points pt variable ps 1.6 lw 1.5 lc rgb variable, " . \
        "points using (labelX):2:(sprintf($1 < 10 ? '%s  %.2f' : '%s  %.0f', strcol(3), $1)):(colour(strcol(3))) with labels left tc rgb variable noenhanced"

set samples 500
set terminal pngcairo size 1200,650 font "sans,10"
set output out . ".png"
eval chart
set terminal svg size 1200,650 font "sans,10"
set output out . ".svg"
eval chart
unset output
