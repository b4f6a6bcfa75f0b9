/* mpi_embed.c -- an embedding program, run by test_mpi under mpirun: the
 * world is split in two communicators that integrate different functions
 * at the same time; every rank checks the result it received.  Exit 0 when
 * every rank got the right answer. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <pint.h>

/* exp(c (x1 + ... + xn)) over [0,1]^n is ((e^c - 1)/c)^n. */
static int expsum(int ndim, const double *x, int ncomp, double *fval,
                  void *ctx)
{
    double c = *(const double *)ctx, s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += x[i];
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(c * s);
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm half;
    int color = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    double c = color ? 2.0 : -1.5;
    pint_function fn = { .ndim = 3, .ncomp = 1, .f = expsum, .ctx = &c };
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 1 };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-9;
    opt.comm = &half;
    opt.verify = 1;
    pint_result *res = pint_result_alloc(1);
    int status = pint_integrate(&fn, &dom, &opt, res);
    double exact = pow((exp(c) - 1) / c, 3);
    int hsize;
    MPI_Comm_size(half, &hsize);
    int ok = status == PINT_CONVERGED
             && fabs(res->value[0] - exact) <= 1e-9 * exact
             && fabs(res->value[0] - exact) <= res->error[0]
             && res->nranks == hsize && res->verified == 1;
    if (!ok)
        fprintf(stderr, "rank %d: status %d value %.15g exact %.15g ranks %d "
                "verified %d\n", rank, status, res->value[0], exact,
                res->nranks, res->verified);
    int all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    pint_result_free(res);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return all ? 0 : 1;
}
