# Part II's softmax at a glance (run.sh draws out.png and out.svg from the CSV `csv` of one GPU):
# GB/s against the row length at one total size, steps 17 and 18 and the peers (torch.softmax,
# the Triton kernel) in their palette colours, for the element `type` (default float); the GPU's peak, 90 % of it, and, where `copy` names experiments/copy_ceiling's CSV
# of the same GPU, the fastest copy of that run: the most a softmax that reads once can reach.
# `elements` (default 28): the run's 2^elements elements in all; `programs`, if set, the programs
# drawn, in its order (default every program of the CSV with that type).
load ARG0[1:strlen(ARG0) - strlen("softmax_by_length.gp")] . "../../docs/plots/palette.gp"
if (!exists("type")) { type = "float" }
if (!exists("elements")) { elements = 28 }
set logscale x 2
set format x "2^{%L}"
set xtics 2**5, 2, 2**20
set xrange [2**4.7 : 2**20.3]
set xlabel sprintf("row length (elements; rows = 2^{%d} / length, rounded down)", elements)
set ylabel "GB/s (input read once, output written once / median time)"
peak = firstNumber("peak_gbs", "", csv)
set yrange [0 : 1.08 * peak]  # the peak line inside the frame
set title sprintf("%s: the softmax of every row, 2^%d %s elements in all (or a little less)", \
                  firstValue("device", "", csv), elements, type) noenhanced
set key at graph 0.03, graph 0.35 left top box opaque spacing 1.2 samplen 3 width -2
set arrow 1 from 2**4.7, peak to 2**20.3, peak nohead lw 1.5 dt 2 lc rgb "#888888"
set arrow 2 from 2**4.7, 0.9 * peak to 2**20.3, 0.9 * peak nohead lw 1 dt 3 lc rgb "#888888"
set label 1 sprintf("peak %.0f GB/s", peak) at 2**5, peak left offset 0, 0.8
set label 2 "90 %" at 2**5, 0.9 * peak offset 0, 0.8 left
if (exists("copy") && copy ne "") {
    bestCopy = real(system(select("gbs", "", copy)[3:] . " | sed 1d | sort -g | tail -n 1"))
    set arrow 3 from 2**4.7, bestCopy to 2**20.3, bestCopy nohead lw 2 dt 1 lc rgb "#555555"
    set label 3 sprintf("fastest copy %.0f GB/s", bestCopy) at 2**20, bestCopy right \
        offset 0, -0.9
}
if (!exists("programs")) { programs = distinct("step", "--where type=" . type, csv) }
rows(program) = select("cols,gbs", sprintf("--where 'step=%s' --where type=%s", program, type), csv)
# Drawn last program first: step 17 comes out on top of step 18, which runs step 17's kernel on
# every row one block holds (to 2^13 floats), so step 18's line shows where it is a cluster.
do for [format in "png svg"] {
    eval terminal("size 1280,720 font 'sans,17'")
    plot for [i = words(programs) : 1 : -1] rows(word(programs, i)) using "cols":"gbs" smooth unique \
         with linespoints lw 3 dt dash(word(programs, i)) pt point(word(programs, i)) ps 1.6 \
         lc rgb colour(word(programs, i)) title word(programs, i) noenhanced
}
