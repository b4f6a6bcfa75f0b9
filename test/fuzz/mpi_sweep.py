#!/usr/bin/env python3
"""mpi_sweep.py -- many short MPI runs of the pint command, drawn at
random, that must each end on their own: a run still going after
TIMEOUT seconds is a hang.  Not part of `make check` (minutes of runs);
test/README.md records what it found.

    python3 test/fuzz/mpi_sweep.py limits SEED N   # near the evaluation limit
    python3 test/fuzz/mpi_sweep.py faults SEED N   # a fault on the last rank

limits: 2 to 5 ranks, genz1-6, d = 2 to 8, er 1e-6 to 1e-12, a limit of
3e3 to 3e6 evaluations, with --threads, --balance tree, --update-evals,
--dedicated-controller, --no-helpers and --regions-per-step drawn at
random; each run must exit 0 or 1.
faults: the test plug-in's fault_last_rank(_corner) with a NaN, an Inf
or an error code on the last rank from a random call (or none), 1 to 4
ranks, every method, with a time limit, --cost-us, --max-regions,
checkpoints and the tree drawn at random; each run must exit 0, 1, or 2
with exactly one "pint: error" line.

Run from the top of a built tree (drivers/pint, test/.libs/testplugin.so);
mpirun from PATH.  Prints every failure and a count every 50 runs; exit
1 when any run failed."""
import os
import random
import subprocess
import sys

TIMEOUT = 120
top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pint = os.path.join(top, 'drivers', 'pint')
plug = os.path.join(top, 'test', '.libs', 'testplugin.so')
base = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT='1',
            OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1')


def limits_run(i):
    np_ = random.choice([2, 3, 4, 5])
    args = ['-f', random.choice(['genz%d' % k for k in range(1, 7)]),
            '-d', str(random.choice([2, 3, 4, 5, 6, 8])),
            '--er', random.choice(['1e-6', '1e-9', '1e-12']),
            '--max-evals', str(int(10 ** random.uniform(3.5, 6.5))),
            '--seed', str(random.randint(1, 99))]
    if random.random() < 0.5:
        args += ['--threads', random.choice(['1', '2'])]
    if random.random() < 0.2:
        args += ['--balance', 'tree', '--group', random.choice(['1', '2'])]
    if random.random() < 0.2:
        args += ['--update-evals', random.choice(['100', '1000', '20000'])]
    if random.random() < 0.15:
        args += ['--dedicated-controller']
    if random.random() < 0.2:
        args += ['--no-helpers']
    if random.random() < 0.2:
        args += ['--regions-per-step', random.choice(['1', '4', '16'])]
    return np_, args, dict(base), (0, 1)


def faults_run(i):
    np_ = random.choice([1, 2, 3, 4])
    env = dict(base)
    kind = random.choice(['nan', 'inf', 'code', 'none'])
    if kind != 'none':
        env['PINT_FAULT'] = kind
        env['PINT_FAULT_AFTER'] = str(int(10 ** random.uniform(1, 5)))
    method = random.choice(['adaptive'] * 3 + ['qmc', 'mc', 'vegas'])
    args = ['--plugin', plug,
            '-f', random.choice(['fault_last_rank', 'fault_last_rank_corner']),
            '-d', str(random.choice([2, 3, 5])), '--method', method,
            '--er', random.choice(['1e-4', '1e-7', '1e-10']),
            '--max-evals', str(int(10 ** random.uniform(3.5, 7)))]
    if random.random() < 0.4:
        args += ['--threads', random.choice(['1', '2'])]
    if random.random() < 0.3:
        args += ['--time-limit', random.choice(['0.05', '0.3', '1'])]
    adaptive = method == 'adaptive'
    if adaptive and random.random() < 0.2:
        args += ['--cost-us', random.choice(['5', '50'])]
    if adaptive and random.random() < 0.15:
        args += ['--max-regions', random.choice(['50', '500'])]
    if adaptive and np_ > 2 and random.random() < 0.15:
        args += ['--balance', 'tree', '--group', '1']
    if random.random() < 0.15:
        args += ['--checkpoint', os.path.join(
            os.environ.get('TMPDIR', '/tmp'), 'mpi_sweep%d.ckpt' % (i % 5))]
    return np_, args, env, (0, 1, 2)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ('limits', 'faults'):
        sys.exit(__doc__)
    make = limits_run if sys.argv[1] == 'limits' else faults_run
    random.seed(int(sys.argv[2]))
    n = int(sys.argv[3])
    counts, bad = {}, 0
    for i in range(n):
        np_, args, env, ok = make(i)
        cmd = ['mpirun', '--oversubscribe', '-np', str(np_), pint] + args
        what = ' '.join(cmd[3:])
        if 'PINT_FAULT' in env:
            what = 'PINT_FAULT=%s PINT_FAULT_AFTER=%s %s' % (
                env['PINT_FAULT'], env['PINT_FAULT_AFTER'], what)
        try:
            p = subprocess.run(cmd, env=env, capture_output=True, text=True,
                               timeout=TIMEOUT)
            rc = p.returncode
            errors = [l for l in p.stderr.splitlines()
                      if l.startswith('pint: error')]
            if rc not in ok or (rc == 2 and len(errors) != 1):
                bad += 1
                print('FAILED exit %d: %s | %s' % (rc, what,
                                                   p.stderr.strip()[-300:]),
                      flush=True)
        except subprocess.TimeoutExpired:
            rc = 'hang'
            bad += 1
            print('HANG: %s' % what, flush=True)
            subprocess.run(['pkill', '-9', '-f', pint])
        counts[rc] = counts.get(rc, 0) + 1
        if (i + 1) % 50 == 0:
            print(i + 1, 'runs, exits', counts, flush=True)
    print('done:', n, 'runs, exits', counts, 'failed', bad, flush=True)
    sys.exit(1 if bad else 0)


main()
