/* spin.h -- a processor's pause in a waiting loop (private): the
 * threads of pool.c and the runners of eval.c poll a little before they
 * sleep. */
#ifndef PINT_SPIN_H
#define PINT_SPIN_H

static inline void pint_cpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif /* PINT_SPIN_H */
