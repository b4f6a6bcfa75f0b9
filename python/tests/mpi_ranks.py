"""Run under mpirun -np 2 by test_pintegrate.test_mpi_two_ranks: every
rank integrates the same Gaussian over the communicator; then a callback
raises on rank 1 only.  Rank 0 prints every rank's result and the
exception each got, one line each (gathered: the ranks' own output could
be interleaved mid-line by mpirun)."""

import numpy as np
from mpi4py import MPI

import pintegrate

comm = MPI.COMM_WORLD
rank = comm.Get_rank()
a = np.array([2.0, 3.0, 4.0])
u = np.array([0.3, 0.5, 0.7])


def f(x):
    return np.exp(-np.sum((a * (x - u)) ** 2, axis=1))


# the evaluation limit: a broken build fails in seconds, not at 1e8
r = pintegrate.integrate(f, [0] * 3, [1] * 3, epsrel=1e-8, comm=comm,
                         maxeval=3_000_000)
lines = ["rank %d result %s %.17g %.17g %d"
         % (rank, r.status, r.value, r.error, r.nranks)]

calls = [0]


def g(x):
    calls[0] += 1
    if rank == 1 and calls[0] > 3:
        raise ZeroDivisionError("boom")
    return np.cos(40 * x).prod(axis=1)


try:
    pintegrate.integrate(g, [0] * 4, [1] * 4, epsrel=1e-12, comm=comm,
                         maxeval=3_000_000)
    lines.append("rank %d failure none" % rank)
except Exception as e:
    lines.append("rank %d failure %s %s"
                 % (rank, type(e).__name__, str(e).replace("\n", " ")))
# the first call, learning the shape of the values, fails on rank 1
# only: every rank raises, none waits for ever


def h(x):
    if rank == 1:
        raise KeyError("no value here")
    return x[:, 0]


try:
    pintegrate.integrate(h, [0], [1], comm=comm)
    lines.append("rank %d first none" % rank)
except Exception as e:
    lines.append("rank %d first %s %s"
                 % (rank, type(e).__name__, str(e).replace("\n", " ")))
every = comm.gather(lines, root=0)
if rank == 0:
    print("\n".join(l for ls in every for l in ls), flush=True)
