/* MG's operators, from the NPB 3.3 definitions, on one level's local grid:
 *   resid:  r = v - A u          (A: 27-point, a = {-8/3, 0, 1/6, 1/12})
 *   psinv:  u = u + S r          (smoother S: c = {-3/8, 1/32, -1/64, 0})
 *   rprj3:  s = P r              (restriction to the next coarser level)
 *   interp: u = u + Q z          (trilinear prolongation from the coarser level)
 * Coefficients of the same distance are summed first (u1: face neighbours
 * in y/z, u2: edge neighbours in y/z) as NPB does, so the sums round alike.
 * Every operator ends with comm3 on what it wrote. */
#include "mg.h"

static const double A0 = -8.0 / 3.0;
static const double A2 = 1.0 / 6.0;
static const double A3 = 1.0 / 12.0;
static const double C0 = -3.0 / 8.0;
static const double C1 = 1.0 / 32.0;
static const double C2 = -1.0 / 64.0;

void resid(double u[], int uo, double v[], int vo, double r[], int ro, int k)
{
    double u1[M1MAX], u2[M1MAX];
    int n1 = m1[k], n2 = m2[k], n3 = m3[k];
    int i1, i2, i3, c, ym, yp, zm, zp;

    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++) {
            c = n1 * (i2 + n2 * i3);          /* row (i2, i3) */
            ym = c - n1;
            yp = c + n1;
            zm = c - n1 * n2;
            zp = c + n1 * n2;
            for (i1 = 0; i1 < n1; i1++) {
                u1[i1] = u[uo + ym + i1] + u[uo + yp + i1] + u[uo + zm + i1] + u[uo + zp + i1];
                u2[i1] = u[uo + zm - n1 + i1] + u[uo + zm + n1 + i1]
                       + u[uo + zp - n1 + i1] + u[uo + zp + n1 + i1];
            }
            for (i1 = 1; i1 < n1 - 1; i1++)
                r[ro + c + i1] = v[vo + c + i1] - A0 * u[uo + c + i1]
                               - A2 * (u2[i1] + u1[i1 - 1] + u1[i1 + 1])
                               - A3 * (u2[i1 - 1] + u2[i1 + 1]);
        }
    comm3(r, ro, k);
}

void psinv(double r[], int ro, double u[], int uo, int k)
{
    double r1[M1MAX], r2[M1MAX];
    int n1 = m1[k], n2 = m2[k], n3 = m3[k];
    int i1, i2, i3, c, ym, yp, zm, zp;

    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++) {
            c = n1 * (i2 + n2 * i3);
            ym = c - n1;
            yp = c + n1;
            zm = c - n1 * n2;
            zp = c + n1 * n2;
            for (i1 = 0; i1 < n1; i1++) {
                r1[i1] = r[ro + ym + i1] + r[ro + yp + i1] + r[ro + zm + i1] + r[ro + zp + i1];
                r2[i1] = r[ro + zm - n1 + i1] + r[ro + zm + n1 + i1]
                       + r[ro + zp - n1 + i1] + r[ro + zp + n1 + i1];
            }
            for (i1 = 1; i1 < n1 - 1; i1++)
                u[uo + c + i1] = u[uo + c + i1] + C0 * r[ro + c + i1]
                               + C1 * (r[ro + c + i1 - 1] + r[ro + c + i1 + 1] + r1[i1])
                               + C2 * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
        }
    comm3(u, uo, k);
}

/* Fine level k to coarse level k - 1. Coarse point J (global) is centred on
 * fine point 2J. On a level that turns replicated here, each rank computes
 * the coarse planes above its own fine slab and the shares are gathered. */
void rprj3(double r[], int ro, int k, double s[], int so)
{
    double x1[M1MAX], y1[M1MAX], x2, y2;
    int j = k - 1;
    int n1 = m1[k], n2 = m2[k], c1 = m1[j], c2 = m2[j];
    int j1, j2, j3, i1, i2, i3, jlo, jhi, f00, f01, f10, f11, f02, f20, f22, f12, f21;

    /* The coarse planes my fine planes cover, as local coarse indices. */
    jlo = zoff[k] / 2 + 1 - zoff[j];
    jhi = (zoff[k] + planes[k]) / 2 - zoff[j];

    for (j3 = jlo; j3 <= jhi; j3++) {
        i3 = 2 * (j3 + zoff[j]) - 1 - zoff[k];
        for (j2 = 1; j2 < c2 - 1; j2++) {
            i2 = 2 * j2 - 1;
            /* rows (i2 + a, i3 + b) of the 3 x 3 fine neighbourhood */
            f00 = ro + n1 * (i2 + n2 * i3);
            f01 = ro + n1 * (i2 + n2 * (i3 + 1));
            f02 = ro + n1 * (i2 + n2 * (i3 + 2));
            f10 = f00 + n1;
            f11 = f01 + n1;
            f12 = f02 + n1;
            f20 = f10 + n1;
            f21 = f11 + n1;
            f22 = f12 + n1;
            for (j1 = 1; j1 < c1; j1++) {
                i1 = 2 * j1 - 1;
                x1[i1] = r[f01 + i1] + r[f21 + i1] + r[f10 + i1] + r[f12 + i1];
                y1[i1] = r[f00 + i1] + r[f02 + i1] + r[f20 + i1] + r[f22 + i1];
            }
            for (j1 = 1; j1 < c1 - 1; j1++) {
                i1 = 2 * j1 - 1;
                y2 = r[f00 + i1 + 1] + r[f02 + i1 + 1] + r[f20 + i1 + 1] + r[f22 + i1 + 1];
                x2 = r[f01 + i1 + 1] + r[f21 + i1 + 1] + r[f10 + i1 + 1] + r[f12 + i1 + 1];
                s[so + j1 + c1 * (j2 + c2 * j3)] =
                    0.5 * r[f11 + i1 + 1]
                    + 0.25 * (r[f11 + i1] + r[f11 + i1 + 2] + x2)
                    + 0.125 * (x1[i1] + x1[i1 + 2] + y2)
                    + 0.0625 * (y1[i1] + y1[i1 + 2]);
            }
        }
    }

    if (distributed[k] && !distributed[j] && mg_size > 1)
        gather_planes(s, so, j, jhi - jlo + 1);
    comm3(s, so, j);
}

/* Coarse level j to fine level j + 1: coarse plane I feeds fine planes 2I
 * and 2I + 1 (global, ghosts included); I run over the coarse planes that
 * feed my fine planes. */
void interp(double z[], int zo, int j, double u[], int uo)
{
    double z1[M1MAX], z2[M1MAX], z3[M1MAX];
    int k = j + 1;
    int mm1 = m1[j], mm2 = m2[j], n1 = m1[k], n2 = m2[k];
    int i1, i2, i3, ilo, ihi, c00, c10, c01, c11, f00, f10, f01, f11, fz;

    ilo = zoff[k] / 2 - zoff[j];
    ihi = (zoff[k] + planes[k]) / 2 - zoff[j];

    for (i3 = ilo; i3 <= ihi; i3++) {
        fz = 2 * (i3 + zoff[j]) - zoff[k];   /* my local fine plane of 2I */
        for (i2 = 0; i2 < mm2 - 1; i2++) {
            c00 = zo + mm1 * (i2 + mm2 * i3);
            c10 = c00 + mm1;                  /* i2 + 1 */
            c01 = c00 + mm1 * mm2;            /* i3 + 1 */
            c11 = c01 + mm1;
            f00 = uo + n1 * (2 * i2 + n2 * fz);
            f10 = f00 + n1;
            f01 = f00 + n1 * n2;
            f11 = f01 + n1;
            for (i1 = 0; i1 < mm1; i1++) {
                z1[i1] = z[c10 + i1] + z[c00 + i1];
                z2[i1] = z[c01 + i1] + z[c00 + i1];
                z3[i1] = z[c11 + i1] + z[c01 + i1] + z1[i1];
            }
            for (i1 = 0; i1 < mm1 - 1; i1++) {
                u[f00 + 2 * i1] = u[f00 + 2 * i1] + z[c00 + i1];
                u[f00 + 2 * i1 + 1] = u[f00 + 2 * i1 + 1] + 0.5 * (z[c00 + i1 + 1] + z[c00 + i1]);
            }
            for (i1 = 0; i1 < mm1 - 1; i1++) {
                u[f10 + 2 * i1] = u[f10 + 2 * i1] + 0.5 * z1[i1];
                u[f10 + 2 * i1 + 1] = u[f10 + 2 * i1 + 1] + 0.25 * (z1[i1] + z1[i1 + 1]);
            }
            for (i1 = 0; i1 < mm1 - 1; i1++) {
                u[f01 + 2 * i1] = u[f01 + 2 * i1] + 0.5 * z2[i1];
                u[f01 + 2 * i1 + 1] = u[f01 + 2 * i1 + 1] + 0.25 * (z2[i1] + z2[i1 + 1]);
            }
            for (i1 = 0; i1 < mm1 - 1; i1++) {
                u[f11 + 2 * i1] = u[f11 + 2 * i1] + 0.25 * z3[i1];
                u[f11 + 2 * i1 + 1] = u[f11 + 2 * i1 + 1] + 0.125 * (z3[i1] + z3[i1 + 1]);
            }
        }
    }
    comm3(u, uo, k);
}
