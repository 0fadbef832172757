/* NPB CG's matrix, from the NPB 3.3 definition of makea/sparse/sprnvc:
 *   A = sum over i = 0..NA-1 of ratio^i * v_i v_i^T + (RCOND - SHIFT) I,
 * ratio = RCOND^(1/NA). v_i has NONZER random entries at random positions
 * (sprnvc: pairs of randlc numbers, value then position, positions drawn as
 * int(nn1 * u) + 1 with nn1 the power of two >= NA, out-of-range and
 * repeated positions skipped) and then 0.5 at position i (vecset).
 * Entries that meet at one (row, column) are summed in the order of i, and
 * the diagonal term is added to entry (i, i) while v_i is processed, as
 * NPB's sparse() does. Rows are stored compressed, columns ascending. */
#include <math.h>
#include "npbparams.h"
#include "randdp.h"
#include "cg.h"

#define RCOND 0.1
#define MATRIX_SEED 314159265.0
#define MATRIX_MULT 1220703125.0
#define VEC_MAX (NONZER + 1)
#define NZ_MAX (NA * (NONZER + 1) * (NONZER + 1))

/* The generated outer vectors v_i: positions 0-based. */
static int outer_count[NA];
static int outer_index[NA * VEC_MAX];
static double outer_value[NA * VEC_MAX];

/* My rows, compressed: row j (local, 0-based) has entries
 * row_start[j] .. row_start[j] + row_len[j] - 1. */
static double a[NZ_MAX];
static int colidx[NZ_MAX];
static int row_start[NA + 1];
static int row_len[NA];
static int first_row, num_rows;

static double tran;

/* Build one random sparse vector of NONZER distinct positions in 1..NA. */
static int sprnvc(double v[], int iv[], int nn1)
{
    int nzv = 0, i, k, seen;
    double value, position;

    while (nzv < NONZER) {
        value = randlc(&tran, MATRIX_MULT);
        position = randlc(&tran, MATRIX_MULT);
        i = (int)(nn1 * position) + 1;
        if (i > NA)
            continue;
        seen = 0;
        for (k = 0; k < nzv; k++)
            if (iv[k] == i)
                seen = 1;
        if (seen)
            continue;
        v[nzv] = value;
        iv[nzv] = i;
        nzv++;
    }
    return nzv;
}

/* Set position i of the sparse vector to val, appending it if absent. */
static int vecset(double v[], int iv[], int nzv, int i, double val)
{
    int k, found = 0;

    for (k = 0; k < nzv; k++)
        if (iv[k] == i) {
            v[k] = val;
            found = 1;
        }
    if (!found) {
        v[nzv] = val;
        iv[nzv] = i;
        nzv++;
    }
    return nzv;
}

/* Add va to entry (row, col) of my local row `row`, appending if new. */
static void add_entry(int row, int col, double va)
{
    int k, start = row_start[row], end = row_start[row] + row_len[row];

    for (k = start; k < end; k++)
        if (colidx[k] == col) {
            a[k] = a[k] + va;
            return;
        }
    colidx[end] = col;
    a[end] = va;
    row_len[row]++;
}

/* Columns ascending within each row (insertion sort: rows are short). */
static void sort_rows(void)
{
    int row, k, m, col;
    double val;

    for (row = 0; row < num_rows; row++) {
        for (k = row_start[row] + 1; k < row_start[row] + row_len[row]; k++) {
            col = colidx[k];
            val = a[k];
            m = k - 1;
            while (m >= row_start[row] && colidx[m] > col) {
                colidx[m + 1] = colidx[m];
                a[m + 1] = a[m];
                m--;
            }
            colidx[m + 1] = col;
            a[m + 1] = val;
        }
    }
}

/* Close the gaps between rows left by the upper-bound reservation. */
static void compact_rows(void)
{
    int row, k, next = 0, start;

    for (row = 0; row < num_rows; row++) {
        start = row_start[row];
        row_start[row] = next;
        for (k = 0; k < row_len[row]; k++) {
            colidx[next] = colidx[start + k];
            a[next] = a[start + k];
            next++;
        }
    }
    row_start[num_rows] = next;
}

void makea(int lo, int hi)
{
    double vc[VEC_MAX], size, ratio, scale, va;
    int ivc[VEC_MAX], nn1, i, k, m, nzv, row, col;

    first_row = lo;
    num_rows = hi - lo;

    /* The same random stream as NPB: one number is drawn before makea. */
    tran = MATRIX_SEED;
    randlc(&tran, MATRIX_MULT);

    nn1 = 1;
    do {
        nn1 = 2 * nn1;
    } while (nn1 < NA);

    for (i = 0; i < NA; i++) {
        nzv = sprnvc(vc, ivc, nn1);
        nzv = vecset(vc, ivc, nzv, i + 1, 0.5);
        outer_count[i] = nzv;
        for (k = 0; k < nzv; k++) {
            outer_index[i * VEC_MAX + k] = ivc[k] - 1;
            outer_value[i * VEC_MAX + k] = vc[k];
        }
    }

    /* Reserve for each of my rows the most entries it can receive. */
    for (row = 0; row <= num_rows; row++)
        row_start[row] = 0;
    for (i = 0; i < NA; i++)
        for (k = 0; k < outer_count[i]; k++) {
            row = outer_index[i * VEC_MAX + k];
            if (row >= lo && row < hi)
                row_start[row - lo + 1] += outer_count[i];
        }
    for (row = 0; row < num_rows; row++) {
        row_start[row + 1] += row_start[row];
        row_len[row] = 0;
    }

    ratio = pow(RCOND, 1.0 / (double)NA);
    size = 1.0;
    for (i = 0; i < NA; i++) {
        for (k = 0; k < outer_count[i]; k++) {
            row = outer_index[i * VEC_MAX + k];
            if (row < lo || row >= hi)
                continue;
            scale = size * outer_value[i * VEC_MAX + k];
            for (m = 0; m < outer_count[i]; m++) {
                col = outer_index[i * VEC_MAX + m];
                va = outer_value[i * VEC_MAX + m] * scale;
                if (col == row && row == i)
                    va = va + RCOND - SHIFT;
                add_entry(row - lo, col, va);
            }
        }
        size = size * ratio;
    }

    sort_rows();
    compact_rows();
}

void matvec(const double v[], double result[])
{
    int row, k;
    double sum;

    for (row = 0; row < num_rows; row++) {
        sum = 0.0;
        for (k = row_start[row]; k < row_start[row + 1]; k++)
            sum = sum + a[k] * v[colidx[k]];
        result[first_row + row] = sum;
    }
}
