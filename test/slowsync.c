/* slowsync.c -- a busy disk for test_faults: preloaded (LD_PRELOAD),
 * every fsync() waits $PINT_SLOW_SYNC seconds before it syncs. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

int fsync(int fd)
{
    const char *s = getenv("PINT_SLOW_SYNC");
    double secs = s ? atof(s) : 0.0;
    if (secs > 0.0) {
        struct timespec ts;
        ts.tv_sec = (time_t)secs;
        ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
        nanosleep(&ts, NULL);
    }
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    return real ? real(fd) : 0;
}
