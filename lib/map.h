/* map.h -- infinite ranges: a change of variables onto a finite box.
 *
 * A box whose bounds include -inf or +inf is integrated in the variable
 * t of a finite box, axis by axis (L is the length scale, 1 by default):
 *
 *   [a, b]          x = t                         t in [a, b]
 *   [a, +inf)       x = a + L tan(pi t / 2)       t in [0, 1]
 *   (-inf, b]       x = b - L tan(pi t / 2)       t in [0, 1]
 *   (-inf, +inf)    x = L tan(pi t / 2)           t in [-1, 1]
 *
 * and f(x) becomes f(x(t)) |dx/dt|, dx/dt = L (pi/2) / cos(pi t / 2)^2
 * (computed through 1 - |t|, so nothing is lost near the ends).  The
 * tangent maps an algebraic decay 1/x^2 to a constant and a Gaussian to a
 * smooth bump; against the rational maps x = a + L t/(1 - t) and
 * x = L t/(1 - t^2) (QUADPACK's QAGI uses (1 - t)/t) it needed 0.6 to
 * 0.9 times the evaluations on Gaussians and algebraic decays in 2-D, up
 * to 1.3 times on exp(-x) (bench/RESULTS.md section 9).  At t = 1
 * (t = +-1) x is infinite: the integrand is not called there, the value
 * is NaN, and the adaptive engine evaluates such a point just inside the
 * face instead (adapt.c), as for any value that is not finite on a face.
 *
 * The mapped function is a batch integrand whose ctx is the map; every
 * method and run mode integrates it like any other.  eval.c recognizes
 * it (pint_map_is) to call it with the point of a failure reported and
 * to name points in messages as x, not t.
 */
#ifndef PINT_MAP_H
#define PINT_MAP_H

#include <stddef.h>
#include "pint.h"

typedef struct pint_map pint_map;

/* The map of problem (fn, dom) when dom is a box with an infinite
 * bound: *out receives it (NULL when no bound is infinite, or when the
 * problem is malformed in a way pint_problem_check reports).  Returns 0,
 * PINT_ERR_INVALID (a bound that cannot be: lo = +inf, hi = -inf, NaN;
 * message in msg) or PINT_ERR_NOMEM. */
int pint_map_open(const pint_function *fn, const pint_domain *dom,
                  double scale, pint_map **out, char *msg, size_t msglen);
void pint_map_free(pint_map *m);

/* The problem in t: the function (ctx = the map) and the finite box. */
const pint_function *pint_map_function(const pint_map *m);
const pint_domain *pint_map_domain(const pint_map *m);

/* The box as given (infinite bounds included) and the scale, for the
 * fingerprint of a checkpoint. */
const pint_domain *pint_map_user_domain(const void *map);
double pint_map_scale(const void *map);

/* 1 when fn is a mapped function. */
int pint_map_is(const pint_function *fn);

/* Call the user's integrand at the images of npts points t (values
 * times |dx/dt| into f; NaN where x is infinite).  Returns 0, or the
 * integrand's non-zero code with *failed the index of the failing point
 * ((size_t)-1 when a batch call failed as a whole). */
int pint_map_call(void *map, size_t npts, const double *t, double *f,
                  size_t *failed);

/* t of coordinate x on axis i (0-based): the inverse of the map (x
 * itself on a finite axis). */
double pint_map_inverse(const void *map, int i, double x);

/* The first axis (1..n) on which point t maps to an infinite x, or 0. */
int pint_map_infinite_axis(const void *map, const double *t);

/* x of the first n coordinates of the point t (for messages). */
void pint_map_point(const void *map, const double *t, int n, double *x);

#endif /* PINT_MAP_H */
