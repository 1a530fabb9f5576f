# Global loads of one warp, step 08's grid-stride loop against a contiguous chunk per thread,
# from coalescing.dat (run.sh).
# Rows: the trips of the loop; a coloured cell: the element a lane reads on that trip.
# Vertical lines: 32-byte sector boundaries; a load moves every sector it touches.
set terminal pngcairo size 1400,720 font "Sans,13" background rgb "white" noenhanced
set output out
unset key
set border 0
set style fill solid 1.0 border lc rgb "#888888"
set datafile columnheaders  # each data block's first line names its columns
array laneColor[8] = [0xea9999, 0xf9cb9c, 0xffe599, 0xb6d7a8, 0xa2c4c9, 0x9fc5e8, 0xb4a7d6, 0xd5a6bd]
color(lane) = lane < 0 ? 0xffffff : laneColor[int(lane) + 1]
set xrange [-3.2:52]
set yrange [3.6:-0.6]
set xtics 0,1,31 scale 0 font "Sans,10" offset 0,0.4
set link x2
set x2tics scale 0 font "Sans,11" textcolor rgb "#1f4e79" offset 0,-0.4 \
    ("sector 0" 3.5, "sector 1" 11.5, "sector 2" 19.5, "sector 3" 27.5)
unset ytics
do for [boundary = 0:4] {
    set arrow from 8 * boundary - 0.5, -0.55 to 8 * boundary - 0.5, 3.55 nohead lw 2.5 lc rgb "#1f4e79" front
}
set label 1 "number in a cell: the lane that reads it; white: not read on this trip; blue lines: 32-byte sector boundaries (a sector holds 8 floats)" \
    at screen 0.5, 0.03 center font "Sans,12" tc rgb "#444444"
set multiplot title "Which elements one warp reads on each trip of its loop (8 lanes shown, a real warp has 32)" font "Sans,16"
set lmargin at screen 0.02; set rmargin at screen 0.98
do for [layout = 0:1] {
    # Screen positions by hand: each panel's title, sector names and tics need their own rows.
    set tmargin at screen (layout == 0 ? 0.865 : 0.435)
    set bmargin at screen (layout == 0 ? 0.575 : 0.135)
    set title (layout == 0 ? "grid-stride loop (step 08): on trip k, lane i reads element 8k + i (the grid is these 8 lanes)" : \
                             "contiguous chunk per thread: lane i reads elements 4i to 4i + 3, element 4i + k on trip k") font "Sans,14" offset 0,-0.3
    if (layout == 0) { unset xlabel } else { set xlabel "element (4-byte floats)" offset 0,1.1 font "Sans,12" }
    plot data index 3*layout using "element":"trip":(0.46):(0.36):(color(column("lane"))) \
             with boxxyerror fc rgb variable, \
         data index 3*layout using "element":"trip":(lane = column("lane"), \
             lane >= 0 ? sprintf("%d", lane) : "") with labels font "Sans,11", \
         data index 3*layout+1 using (-0.9):"trip":(sprintf("trip %d", column("trip"))) \
             with labels right font "Sans,12", \
         data index 3*layout+1 using (32):"trip":"note" with labels left font "Sans,12", \
         data index 3*layout+2 using (32):(-0.55):"text" with labels left font "Sans,12" \
             tc rgb "#b22222"
    unset label 1  # the legend line is drawn once, with the first panel
}
unset multiplot
