/* pint_main.c -- main() of the pint command (see pint_command.h). */
#include <mpi.h>
#include <stdio.h>
#include "pint_command.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int status = pint_command(argc, argv, rank);
    fflush(stdout);
    MPI_Finalize();
    return status;
}
