/* mpi_embed.c -- pint inside an MPI program: every rank calls
 * pint_integrate with the same problem and the communicator, the ranks
 * share the regions, and every rank gets the whole result.
 *
 *     mpicc -std=c11 -o mpi_embed mpi_embed.c $(pkg-config --cflags --libs pint) -lm
 *     mpirun -np 4 ./mpi_embed
 *
 * pint runs threads on every rank as well (opt.threads, default: the
 * cores the rank may use) and calls MPI from the caller's thread only:
 * ask for MPI_THREAD_FUNNELED. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <pint.h>

/* a Gaussian peak exp(-a |x - c|^2), c = (0.3, 0.3, ...), in 5 dimensions;
 * over [0,1] each axis gives sqrt(pi/a)/2 (erf(sqrt(a) 0.7) + erf(sqrt(a) 0.3)) */
static int peak(int ndim, const double *x, int ncomp, double *fval,
                void *ctx)
{
    double a = *(const double *)ctx, r2 = 0;
    for (int i = 0; i < ndim; i++)
        r2 += (x[i] - 0.3) * (x[i] - 0.3);
    fval[0] = exp(-a * r2);
    (void)ncomp;
    return 0;
}

int main(int argc, char **argv)
{
    int provided, rank;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm comm = MPI_COMM_WORLD;

    double a = 20;
    enum { D = 5 };
    pint_function fn = { .ndim = D, .ncomp = 1, .f = peak, .ctx = &a };
    double lo[D] = { 0 }, hi[D] = { 1, 1, 1, 1, 1 };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-7;
    opt.comm = &comm;
    pint_result *res = pint_result_alloc(1);
    int status = res ? pint_integrate(&fn, &dom, &opt, res) : PINT_ERR_NOMEM;

    if (rank == 0) {
        if (pint_status_is_error(status)) {
            fprintf(stderr, "error: %s\n", res ? res->message : "out of memory");
        } else {
            const double pi = 3.14159265358979323846;
            double axis = sqrt(pi / a) / 2
                          * (erf(sqrt(a) * 0.7) + erf(sqrt(a) * 0.3));
            printf("value %.15g error %.3g exact %.15g status %s ranks %d\n",
                   res->value[0], res->error[0], pow(axis, D),
                   pint_status_name(status), res->nranks);
        }
    }
    pint_result_free(res);
    MPI_Finalize();
    return status == PINT_CONVERGED ? 0 : 1;
}
