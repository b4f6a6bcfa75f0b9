/* outbox.c -- non-blocking sends with owned or kept buffers (see par.h).
 *
 * Every message leaves through MPI_Isend so no rank ever blocks on a send
 * while its peer is busy computing; owned buffers are freed as sends
 * complete, kept ones handed back. */
#include <stdlib.h>
#include "par.h"

int pint_par_outbox_init(pint_par_outbox *o)
{
    o->n = 0;
    o->cap = PINT_OUTBOX_RESERVE;
    o->req = malloc(o->cap * sizeof *o->req);
    o->buf = malloc(o->cap * sizeof *o->buf);
    o->in_flight = malloc(o->cap * sizeof *o->in_flight);
    if (o->req && o->buf && o->in_flight)
        return 0;
    pint_par_outbox_destroy(o);
    return -1;
}

/* Room for one more send; -1 when out of memory. */
static int make_room(pint_par_outbox *o)
{
    if (o->n < o->cap)
        return 0;
    size_t cap = o->cap ? 2 * o->cap : PINT_OUTBOX_RESERVE;
    MPI_Request *r = realloc(o->req, cap * sizeof *r);
    if (r)
        o->req = r;
    double **b = r ? realloc(o->buf, cap * sizeof *b) : NULL;
    if (b)
        o->buf = b;
    int **f = b ? realloc(o->in_flight, cap * sizeof *f) : NULL;
    if (!f)
        return -1;
    o->in_flight = f;
    o->cap = cap;
    return 0;
}

int pint_par_send(pint_par_outbox *o, MPI_Comm comm, double *buf, size_t len,
                  int dest, int tag)
{
    if (make_room(o) != 0) {
        free(buf);
        return -1;
    }
    MPI_Isend(buf, (int)len, MPI_DOUBLE, dest, tag, comm, &o->req[o->n]);
    o->buf[o->n] = buf;
    o->in_flight[o->n++] = NULL;
    return 0;
}

void pint_par_send_kept(pint_par_outbox *o, MPI_Comm comm, double *buf,
                        size_t len, int dest, int tag, int *in_flight)
{
    if (make_room(o) != 0) {
        MPI_Send(buf, (int)len, MPI_DOUBLE, dest, tag, comm);
        *in_flight = 0;
        return;
    }
    *in_flight = 1;
    MPI_Isend(buf, (int)len, MPI_DOUBLE, dest, tag, comm, &o->req[o->n]);
    o->buf[o->n] = buf;
    o->in_flight[o->n++] = in_flight;
}

/* Send i is done: its buffer freed or handed back. */
static void finished(pint_par_outbox *o, size_t i)
{
    if (o->in_flight[i])
        *o->in_flight[i] = 0;
    else
        free(o->buf[i]);
}

void pint_par_outbox_progress(pint_par_outbox *o)
{
    size_t keep = 0;
    for (size_t i = 0; i < o->n; i++) {
        int done = 0;
        MPI_Test(&o->req[i], &done, MPI_STATUS_IGNORE);
        if (done) {
            finished(o, i);
            continue;
        }
        o->req[keep] = o->req[i];
        o->buf[keep] = o->buf[i];
        o->in_flight[keep] = o->in_flight[i];
        keep++;
    }
    o->n = keep;
}

void pint_par_outbox_drain(pint_par_outbox *o)
{
    if (o->n)
        MPI_Waitall((int)o->n, o->req, MPI_STATUSES_IGNORE);
    for (size_t i = 0; i < o->n; i++)
        finished(o, i);
    o->n = 0;
}

void pint_par_outbox_destroy(pint_par_outbox *o)
{
    if (o->req && o->buf && o->in_flight)
        pint_par_outbox_drain(o);
    free(o->req);
    free(o->buf);
    free(o->in_flight);
    o->req = NULL;
    o->buf = NULL;
    o->in_flight = NULL;
    o->n = o->cap = 0;
}
