# plots.gp -- one work-precision figure of a Genz family; run by
# bench/plots.sh, which prepares the data files and sets, with -e:
#   datadir   directory holding mK.pts, mK.med, mK.lab for K = 1.. (plots.sh)
#   family    the family name (title)
#   methods   method names, blank-separated, in the order of the files mK
#   colours   one "#rrggbb" per method
#   tols      the relative tolerances of the runs, blank-separated (or '')
#   tdigits   -log10 of each tolerance, as plain decimals
#   xaxis     'evals' or 'seconds'
#   xlo, xhi  the range of the x axis
#   ymin, ymax  range of the digits axis
#   outfile   the PNG to write

set terminal pngcairo size 1100,700 font "sans,11" enhanced
set output outfile

# columns of mK.pts: evals seconds digits ok dim tol
# columns of mK.med: dim tol evals seconds digits(evals) digits(seconds) n
# columns of mK.lab: those, the label, its height in the evals and the
#   seconds figure (plots.sh moves a label up where labels would overlap)
if (xaxis eq 'evals') {
    xp = 1; xm = 3; ym = 5; ly = 9
    xlab = 'integrand evaluations'
    what = 'evaluations'
} else {
    xp = 2; xm = 4; ym = 6; ly = 10
    xlab = 'seconds'
    what = 'seconds'
}

set title sprintf("%s: correct digits against %s", family, what) noenhanced font "sans,13"
set xlabel xlab
set ylabel 'correct digits  (-log_{10} relative error)'
set logscale x
set format x '10^{%L}'
set mxtics 10
set xrange [xlo:xhi]
set yrange [ymin:ymax]
set ytics 1
set style line 100 lc rgb '#e0e0e0' lw 1 dt 1
set grid xtics ytics ls 100
set border 11
set tics nomirror
set key outside right top vertical Left reverse samplen 2.5 spacing 1.2 noenhanced box lc rgb '#999999'
set bmargin 6
set label 100 "Small points: one run each, filled when the tolerance was met (ok = 1), open when not.\nLines: the median over the instances at each tolerance, joined from loose to tight tolerance; d = dimension." \
    at screen 0.01, screen 0.035 left font "sans,9" textcolor rgb '#404040' noenhanced

# the tolerances as digits, marked on the right axis: a run at tolerance t
# met it when its point is above -log10(t) (ok = 1)
set link y2
set y2tics () nomirror textcolor rgb '#606060' font "sans,9"
do for [i = 1:words(tols)] {
    t = real(word(tdigits, i))
    set arrow i from graph 0, first t to graph 1, first t \
        nohead dt 2 lw 1 lc rgb '#808080' back
    set y2tics add (sprintf("tol %s", word(tols, i)) t)
}

n = words(methods)
# points: translucent (alpha 0x60), filled when ok = 1, open otherwise.
# The methods are drawn last to first, so that the first (pint) is on top;
# the key is inverted to list them first to last.
pcol(i) = '#60' . word(colours, i)[2:7]
set key invert
plot \
    NaN with points pt 6 ps 1.0 lc rgb '#60404040' title 'run, tolerance missed', \
    NaN with points pt 7 ps 1.0 lc rgb '#60404040' title 'run, tolerance met', \
    for [i = n:1:-1] sprintf('%s/m%d.pts', datadir, i) \
        using xp:3:($4 == 1 ? 7 : 6) \
        with points pt variable ps 1.0 lc rgb pcol(i) notitle, \
    for [i = n:1:-1] sprintf('%s/m%d.lab', datadir, i) \
        using xm:(column(ly)):8 \
        with labels left offset 0.8, 0 font "sans,8" textcolor rgb word(colours, i) \
        noenhanced notitle, \
    for [i = n:1:-1] sprintf('%s/m%d.med', datadir, i) \
        using xm:ym \
        with linespoints pt 13 ps 1.5 lw 2 lc rgb word(colours, i) \
        title word(methods, i)
