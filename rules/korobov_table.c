/* korobov_table.c -- generators of pint's rank-1 Korobov lattice rules.
 *
 * GENERATED FILE, do not edit: computed by rules/tools/korobov.c.
 * Regenerate with
 *     gcc -O3 -march=native -std=c11 rules/tools/korobov.c -o korobov -lm
 *     ./korobov -m 22 -c 1024 -s 200 -r 1 > rules/korobov_table.c
 *
 * Search settings: N = largest prime below 2^m, m = 10..22; a in [2, N/2],
 * all of them when there are at most 1024, else 1024 stratified random
 * candidates (seed 1); a rejected when a^j = +-1 mod N for 1 <= j < 400.
 * Merit P_2 with weights gamma_j = 1/j^2 and s = 200 (effective
 * dimension); the comment of each row gives the number of candidates
 * evaluated and P_2 at s = 400 for comparison.  Generator run time 216 s.
 *
 * Layout: see korobov.h.
 */
#include "korobov.h"

const pint_korobov_rule pint_korobov_rules[] = {
    {     1021,      228, 8.22781731129113361e-03 }, /*   128 cand., P_2(400) = 8.408931e-03 */
    {     2039,      661, 3.59385925095103299e-03 }, /*  1018 cand., P_2(400) = 3.686797e-03 */
    {     4093,      450, 1.44671614483407314e-03 }, /*   749 cand., P_2(400) = 1.494960e-03 */
    {     8191,     3842, 6.55344741413508474e-04 }, /*   822 cand., P_2(400) = 6.975454e-04 */
    {    16381,      898, 2.81987933275597139e-04 }, /*   864 cand., P_2(400) = 2.920089e-04 */
    {    32749,     7994, 1.28587790749182138e-04 }, /*  1023 cand., P_2(400) = 1.335452e-04 */
    {    65521,    29084, 5.43024374738319298e-05 }, /*   944 cand., P_2(400) = 5.624961e-05 */
    {   131071,    49195, 2.13828766617577741e-05 }, /*  1017 cand., P_2(400) = 2.288925e-05 */
    {   262139,    87048, 9.26841222918381405e-06 }, /*  1023 cand., P_2(400) = 9.664031e-06 */
    {   524287,    82614, 3.62202351001766842e-06 }, /*  1020 cand., P_2(400) = 3.800029e-06 */
    {  1048573,    67089, 1.76452751757678579e-06 }, /*  1023 cand., P_2(400) = 1.838296e-06 */
    {  2097143,  1022450, 7.05652211878151504e-07 }, /*  1024 cand., P_2(400) = 7.806289e-07 */
    {  4194301,  1481958, 3.16242323092160190e-07 }, /*  1024 cand., P_2(400) = 3.358844e-07 */
};

const int pint_korobov_count =
    (int)(sizeof pint_korobov_rules / sizeof pint_korobov_rules[0]);
