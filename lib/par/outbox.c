/* outbox.c -- non-blocking sends with owned buffers (see par.h).
 *
 * Every message leaves through MPI_Isend so no rank ever blocks on a send
 * while its peer is busy computing; buffers are freed as sends complete. */
#include <stdlib.h>
#include "par.h"

void pint_par_outbox_init(pint_par_outbox *o)
{
    o->req = NULL;
    o->buf = NULL;
    o->n = o->cap = 0;
}

int pint_par_send(pint_par_outbox *o, MPI_Comm comm, double *buf, size_t len,
                  int dest, int tag)
{
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 16;
        MPI_Request *r = realloc(o->req, cap * sizeof *r);
        if (r)
            o->req = r;
        double **b = r ? realloc(o->buf, cap * sizeof *b) : NULL;
        if (!r || !b) {
            free(buf);
            return -1;
        }
        o->buf = b;
        o->cap = cap;
    }
    MPI_Isend(buf, (int)len, MPI_DOUBLE, dest, tag, comm, &o->req[o->n]);
    o->buf[o->n++] = buf;
    return 0;
}

void pint_par_outbox_progress(pint_par_outbox *o)
{
    size_t keep = 0;
    for (size_t i = 0; i < o->n; i++) {
        int done = 0;
        MPI_Test(&o->req[i], &done, MPI_STATUS_IGNORE);
        if (done) {
            free(o->buf[i]);
            continue;
        }
        o->req[keep] = o->req[i];
        o->buf[keep] = o->buf[i];
        keep++;
    }
    o->n = keep;
}

void pint_par_outbox_drain(pint_par_outbox *o)
{
    if (o->n)
        MPI_Waitall((int)o->n, o->req, MPI_STATUSES_IGNORE);
    for (size_t i = 0; i < o->n; i++)
        free(o->buf[i]);
    o->n = 0;
}

void pint_par_outbox_destroy(pint_par_outbox *o)
{
    pint_par_outbox_drain(o);
    free(o->req);
    free(o->buf);
    pint_par_outbox_init(o);
}
