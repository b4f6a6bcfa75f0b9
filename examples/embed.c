#include <math.h>
#include <stdio.h>
#include <pint.h>

/* exp(a (x1 + ... + xn)); a comes through ctx */
static int f(int ndim, const double *x, int ncomp, double *fval,
             void *ctx)
{
    double a = *(const double *)ctx, s = 0;
    for (int i = 0; i < ndim; i++)
        s += x[i];
    fval[0] = exp(a * s);
    (void)ncomp;                        /* always 1 here */
    return 0;
}

int main(void)
{
    double a = 0.5;
    pint_function fn = { .ndim = 3, .ncomp = 1, .f = f, .ctx = &a };
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 1 };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-8;
    pint_result *res = pint_result_alloc(1);
    if (!res)
        return 2;
    int status = pint_integrate(&fn, &dom, &opt, res);
    if (pint_status_is_error(status)) {
        fprintf(stderr, "error: %s\n", res->message);
    } else {
        double exact = pow((exp(a) - 1) / a, 3);    /* closed form */
        printf("value %.15g error %.3g exact %.15g status %s\n",
               res->value[0], res->error[0], exact,
               pint_status_name(status));
    }
    pint_result_free(res);
    return status == PINT_CONVERGED ? 0 : 1;
}
