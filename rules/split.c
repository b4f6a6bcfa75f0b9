/* split.c -- the split advice the rules share: which axis of a box,
 * which edge of a simplex (see rule.h). */
#include "rule.h"

int pint_box_split_axis(int n, const double *diff, const double *h)
{
    double dmax = 0.0;
    for (int i = 0; i < n; i++)
        if (diff[i] > dmax)
            dmax = diff[i];
    int best = 0;
    double best_d = -1.0, best_h = -1.0;
    for (int i = 0; i < n; i++) {
        double d = diff[i] > dmax * (1.0 - 1e-10) ? dmax : diff[i];
        if (d > best_d || (d == best_d && h[i] > best_h)) {
            best = i;
            best_d = d;
            best_h = h[i];
        }
    }
    return best;
}

int pint_simplex_longest_edge(int n, const double *v)
{
    double best = -1.0;
    int code = 1;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b <= n; b++) {
            double len2 = 0.0;
            for (int i = 0; i < n; i++) {
                double h = v[b * n + i] - v[a * n + i];
                len2 += h * h;
            }
            if (len2 > best) {
                best = len2;
                code = a * (n + 1) + b;
            }
        }
    return code;
}
