/* pint_command.h -- the pint command as a function, so that it can run
 * many times in one process (the command-line fuzz test does). */
#ifndef PINT_COMMAND_H
#define PINT_COMMAND_H

/* Run `pint argv...` on this rank of MPI_COMM_WORLD when the caller has
 * initialized MPI (every rank calls it with the same arguments), else
 * alone on this process (rank 0), without MPI.  Prints
 * the result or a one-line error (rank 0) and returns the exit status:
 * 0 converged, 1 a limit was reached first, 2 bad input or an integrand
 * failure.  argv may be permuted (getopt); nothing is kept. */
int pint_command(int argc, char **argv, int rank);

#endif /* PINT_COMMAND_H */
