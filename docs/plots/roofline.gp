# The roofline of a sum on the measured GPU, every step's point on it, from a table.csv
# (scripts/tutorial.sh). A sum does one addition per element read: its arithmetic intensity is
# 1/sizeof(T) adds per byte (0.25 for float). Performance (adds per second) has two roofs:
#   memory:  peak_gbs (from the CSV) x intensity;
#   compute: SMs x FP32 adds per SM per clock x clock. An add is one operation, not the two
#            of a fused multiply-add, so this is half the FP32 "TFLOPS" of a datasheet.
#            Adds per SM per clock: 128, or 64 on compute capability 6.0, 7.x and 8.0 (the
#            CUDA Programming Guide's table of arithmetic instruction throughput).
#            clock_mhz: the SM clock (0: not known, then only the memory roof is drawn).
# A step's point: x = n / bytes, y = n / median time. The CPU row (step01) is left out: it
# ran on a CPU, under another roof.
load ARG0[1:strlen(ARG0) - strlen("roofline.gp")] . "palette.gp"

gpu = "--where compute_capability!="
device = firstValue("device", gpu, csv)
cc = firstNumber("compute_capability", gpu, csv)
sms = firstNumber("multiprocessors", gpu, csv)
peak = firstNumber("peak_gbs", gpu, csv)
type = firstValue("type", gpu, csv)
intensity = firstNumber("n", gpu, csv) / firstNumber("bytes", gpu, csv)
# Each GPU row's adds per second and label height, the fastest first. The points sit on one
# vertical line (one intensity for all); their labels are spread downwards, each at least a
# factor 1.45 below the one above, under the roof to the right.
points = select("n,time_median_ms,step", gpu, csv) . \
    " | awk -F, 'NR > 1 { print $1 / $2 / 1e6, $3 }' | sort -gr | awk 'BEGIN { " . \
    "print \"adds,label,step\" } { y = NR == 1 || $1 < last / 1.45 ? $1 : last / 1.45; " . \
    "last = y; print $1 \",\" y \",\" $2 }'"

lanes = (cc == 60 || (cc >= 70 && cc <= 80)) ? 64 : 128
compute = (clock_mhz > 0 && type eq "float") ? sms * lanes * clock_mhz / 1000.0 : NaN   # G adds/s
memory(x) = peak * x
roof(x) = (compute == compute && compute < memory(x)) ? compute : memory(x)

eval terminal("size 1200,650 font 'sans,10'")
set title sprintf("Roofline of a %s sum: %s (%d SMs, %.0f GB/s peak%s)", type, device, sms, peak, \
                  compute == compute ? sprintf(", %.0f MHz", clock_mhz) : \
                                       "; SM clock not given: no compute roof") noenhanced
set logscale x 2
set logscale y 10
set xrange [1.0 / 64 : 64]
set yrange [0.05 : 2e5]
set format x "%g"
set format y "10^{%L}"
set xtics ("1/64" 1.0/64, "1/16" 1.0/16, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64)
set xlabel "arithmetic intensity (additions per byte read)"
set ylabel sprintf("performance (10^9 %s additions per second)", type)
unset key
set arrow 1 from intensity, graph 0 to intensity, graph 1 nohead dt 3 lc rgb "#888888"
set label 1 sprintf("a %s sum: 1 add per %d bytes; the roof there: %.0f", type, 1 / intensity, \
    memory(intensity)) at intensity, graph 0.04 left offset 0.5,0 tc rgb "#555555" noenhanced
set label 2 sprintf("memory roof: %.0f GB/s x intensity", peak) \
    at 1.0 / 48, memory(1.0 / 48) * 1.6 rotate by 33 tc rgb "#1f4e79"
if (compute == compute) {
    ridge = compute / peak
    set arrow 2 from ridge, graph 0 to ridge, compute nohead dt 3 lc rgb "#888888"
    set label 3 sprintf("compute roof: %d SMs x %d adds x %.2f GHz = %.1f x 10^{12} adds/s", sms, \
        lanes, clock_mhz / 1000.0, compute / 1000) at 1.0 / 40, compute * 1.7 tc rgb "#7b241c"
    set label 4 sprintf("ridge: %.1f adds per byte", ridge) at ridge, graph 0.04 left offset 0.5,0 \
        tc rgb "#555555"
}
set samples 500
labelX = intensity * 2.4
# The roofs; a line from each point to its label; the points; the labels.
plot roof(x) with lines lw 3 lc rgb "#1f4e79", \
     points using (intensity * 1.1):"adds":(labelX * 0.93 - intensity * 1.1): \
         (column("label") - column("adds")):(colour(strcol("step"))) \
         with vectors nohead lw 0.8 lc rgb variable, \
     points using (intensity):"adds":(point(strcol("step"))):(colour(strcol("step"))) \
         with points pt variable ps 1.6 lw 1.5 lc rgb variable, \
     points using (labelX):"label":(sprintf(column("adds") < 10 ? "%s  %.2f" : "%s  %.0f", \
         strcol("step"), column("adds"))):(colour(strcol("step"))) \
         with labels left tc rgb variable noenhanced
