/* pint_main.c -- main() of the pint command (see pint_command.h).
 *
 * pint started by an MPI launcher (mpirun, mpiexec, srun) joins its
 * ranks; pint started alone runs without MPI at all: Open MPI would
 * start a runtime for the one process first, which takes about a second
 * (every `pint --help` or mistyped option waited for it) and gains
 * nothing, since one process integrates on its own (pint(3): without MPI,
 * pint_integrate runs on the calling process). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "pint_command.h"

/* Whether a launcher started this process: each one sets some of these
 * in every process it starts (Open MPI, PMIx, MPICH's Hydra and other
 * PMI launchers, Slurm). */
static int launched(void)
{
    static const char *const vars[] = {
        "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE",
        "PMI_FD", "MPI_LOCALNRANKS", "SLURM_PROCID",
    };
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++)
        if (getenv(vars[i]))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (!launched()) {
        int status = pint_command(argc, argv, 0);
        fflush(stdout);
        return status;
    }
    /* --threads: only the thread that called MPI_Init calls MPI */
    int level;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &level);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int status = pint_command(argc, argv, rank);
    fflush(stdout);
    MPI_Finalize();
    return status;
}
