/* randlc and vranlc as NPB 3.3 defines them (see randdp.h).
 * Split a = 2^23 a1 + a2 and x = 2^23 x1 + x2, then
 *   z = (a1 x2 + a2 x1) mod 2^23,  x = (2^23 z + a2 x2) mod 2^46,
 * which keeps every product below 2^53. */
#include "randdp.h"

static const double R23 = 1.1920928955078125e-07;   /* 2^-23 */
static const double T23 = 8388608.0;                /* 2^23 */
static const double R46 = 1.4210854715202004e-14;   /* 2^-46 */
static const double T46 = 70368744177664.0;         /* 2^46 */

/* One step of the generator on *x with multiplier a; returns the new x / 2^46. */
double randlc(double *x, double a)
{
    double t1, t2, t3, t4, a1, a2, x1, x2, z;

    t1 = R23 * a;
    a1 = (double)(int)t1;
    a2 = a - T23 * a1;

    t1 = R23 * *x;
    x1 = (double)(int)t1;
    x2 = *x - T23 * x1;

    t1 = a1 * x2 + a2 * x1;
    t2 = (double)(int)(R23 * t1);
    z = t1 - T23 * t2;
    t3 = T23 * z + a2 * x2;
    t4 = (double)(int)(R46 * t3);
    *x = t3 - T46 * t4;
    return R46 * *x;
}

/* n steps of the generator: y[0..n-1] get the next n numbers, *x the last seed. */
void vranlc(int n, double *x, double a, double y[])
{
    double t1, t2, t3, t4, a1, a2, x1, x2, z, xs;
    int i;

    t1 = R23 * a;
    a1 = (double)(int)t1;
    a2 = a - T23 * a1;
    xs = *x;

    for (i = 0; i < n; i++) {
        t1 = R23 * xs;
        x1 = (double)(int)t1;
        x2 = xs - T23 * x1;
        t1 = a1 * x2 + a2 * x1;
        t2 = (double)(int)(R23 * t1);
        z = t1 - T23 * t2;
        t3 = T23 * z + a2 * x2;
        t4 = (double)(int)(R46 * t3);
        xs = t3 - T46 * t4;
        y[i] = R46 * xs;
    }
    *x = xs;
}
