# One reduction tree of 16 cells, from a data file and a heading (run.sh).
# Rows top to bottom: the cells of sharedPartials[] before the first level and after each
# level; arrows: the two operands of each addition; red: the thread that adds. A cell's label
# is the set of inputs it holds the sum of, on two lines where it is long.
set terminal pngcairo size 1500,760 font "Sans,13" background rgb "white" noenhanced
set output out
unset key; unset border; unset xtics; unset ytics
set title heading font "Sans,17"
set xrange [-0.8:22.5]
set yrange [-7.3:1.1]
set style fill solid 1.0 border lc rgb "#555555"
cell(state) = state == 0 ? 0xf2f2f2 : (state == 1 ? 0xcfe2f3 : 0xf9cb9c)
set label 1 "cells of sharedPartials[]: each label is the set of inputs the cell holds the sum of ({0-3}: inputs 0 to 3; {0,4,8,12}: those four)" \
    at -0.45, 0.7 font "Sans,12" tc rgb "#444444"
set object 1 rectangle from 0.0, -7.05 to 0.5, -6.85 fc rgb 0xf9cb9c fs solid border lc rgb "#555555"
set label 2 "written at this level" at 0.7, -6.95 font "Sans,12"
set object 2 rectangle from 5.5, -7.05 to 6.0, -6.85 fc rgb 0xf2f2f2 fs solid border lc rgb "#555555"
set label 3 "already added into another cell" at 6.2, -6.95 font "Sans,12"
set label 4 "tN: the thread that adds" at 12.2, -6.95 font "Sans,12" tc rgb "#b22222"
set datafile columnheaders  # each data block's first line names its columns
twoLines(y) = strcol("second_line") eq "" ? y : y + 0.13
plot data index 0 using "x":"y":(0.45):(0.3):(cell(column("state"))) with boxxyerror fc rgb variable, \
     data index 0 using "x":(twoLines(column("y"))):"label" with labels font "Sans,10.5", \
     data index 0 using "x":(column("y") - 0.13):"second_line" with labels font "Sans,10.5", \
     data index 1 using "x":"y":"dx":"dy" with vectors head size 0.18,20 filled lw 1.4 \
         lc rgb "#1f4e79", \
     data index 2 using "x":"y":"text" with labels right offset -0.3,0 font "Sans,10" \
         tc rgb "#b22222", \
     data index 3 using "x":"y":"text" with labels left font "Sans,12"
