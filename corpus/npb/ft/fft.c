/* FT's 3-D FFT: radix-2 1-D transforms along each axis, and the transposes
 * between the z-slab and y-slab layouts (ft.h).
 *
 * The 1-D transform is unnormalised, forward with exp(-2 pi i jk/n),
 * inverse with exp(+2 pi i jk/n), so inverse(forward(u)) = n u. Roots are
 * computed once with cos and sin for the largest size; a size n uses every
 * (MAXDIM/n)-th root. */
#include <math.h>
#include "ft.h"

static dcomplex roots[MAXDIM / 2];
static dcomplex line[MAXDIM];
static double send_buf[2 * NTOTAL];
static double recv_buf[2 * NTOTAL];

void fft_init(void)
{
    const double pi = 3.141592653589793238;
    double angle;
    int k;

    for (k = 0; k < MAXDIM / 2; k++) {
        angle = 2.0 * pi * (double)k / (double)MAXDIM;
        roots[k].real = cos(angle);
        roots[k].imag = -sin(angle);
    }
}

/* In place on line[0..n-1]; direction 1 forward, -1 inverse. */
static void fft_line(int n, int direction)
{
    int i, j, bit, len, half, start, k, step;
    double wr, wi, br, bi;
    dcomplex t;

    /* bit-reversal permutation */
    j = 0;
    for (i = 0; i < n - 1; i++) {
        if (i < j) {
            t = line[i];
            line[i] = line[j];
            line[j] = t;
        }
        bit = n / 2;
        while (bit >= 1 && (j & bit) != 0) {
            j = j ^ bit;
            bit = bit / 2;
        }
        j = j | bit;
    }

    /* butterflies of growing length */
    for (len = 2; len <= n; len *= 2) {
        half = len / 2;
        step = MAXDIM / len;
        for (start = 0; start < n; start += len)
            for (k = 0; k < half; k++) {
                wr = roots[k * step].real;
                wi = direction * roots[k * step].imag;
                br = line[start + k + half].real * wr - line[start + k + half].imag * wi;
                bi = line[start + k + half].real * wi + line[start + k + half].imag * wr;
                line[start + k + half].real = line[start + k].real - br;
                line[start + k + half].imag = line[start + k].imag - bi;
                line[start + k].real = line[start + k].real + br;
                line[start + k].imag = line[start + k].imag + bi;
            }
    }
}

/* Transform the n lines data[first + m * stride], m < n, for `count` lines
 * whose first elements are first_0 + c * line_step, c < count. */
static void fft_lines(dcomplex data[], int first_0, int line_step, int count,
                      int n, int stride, int direction)
{
    int c, m, first;

    for (c = 0; c < count; c++) {
        first = first_0 + c * line_step;
        for (m = 0; m < n; m++)
            line[m] = data[first + m * stride];
        fft_line(n, direction);
        for (m = 0; m < n; m++)
            data[first + m * stride] = line[m];
    }
}

/* x and y transforms of every local plane in space layout. */
static void fft_xy(dcomplex data[], int direction)
{
    int kl, plane;

    for (kl = 0; kl < nz_local; kl++) {
        plane = NX * NY * kl;
        fft_lines(data, plane, NX, NY, NX, 1, direction);   /* along x: rows */
        fft_lines(data, plane, 1, NX, NY, NX, direction);   /* along y: columns */
    }
}

/* z transforms in frequency layout: for each jl, NX lines of stride NX. */
static void fft_z(dcomplex data[], int direction)
{
    int jl;

    for (jl = 0; jl < ny_local; jl++)
        fft_lines(data, NX * NZ * jl, 1, NX, NZ, NX, direction);
}

/* z slabs to y slabs: the block for rank p holds my planes kl, its rows jl,
 * all i. */
static void transpose_to_frequency(dcomplex data[])
{
    int p, kl, jl, i, n = 0, src, dst, chunk = nz_local * ny_local * NX;

    for (p = 0; p < ft_size; p++)
        for (kl = 0; kl < nz_local; kl++)
            for (jl = 0; jl < ny_local; jl++) {
                src = NX * (p * ny_local + jl + NY * kl);
                for (i = 0; i < NX; i++) {
                    send_buf[n] = data[src + i].real;
                    send_buf[n + 1] = data[src + i].imag;
                    n += 2;
                }
            }
    MPI_Alltoall(send_buf, 2 * chunk, MPI_DOUBLE, recv_buf, 2 * chunk, MPI_DOUBLE,
                 comm_transpose);
    n = 0;
    for (p = 0; p < ft_size; p++)
        for (kl = 0; kl < nz_local; kl++)
            for (jl = 0; jl < ny_local; jl++) {
                dst = NX * (p * nz_local + kl + NZ * jl);
                for (i = 0; i < NX; i++) {
                    data[dst + i].real = recv_buf[n];
                    data[dst + i].imag = recv_buf[n + 1];
                    n += 2;
                }
            }
}

/* y slabs back to z slabs: the block for rank p holds its planes kl, my
 * rows jl, all i. */
static void transpose_to_space(dcomplex data[])
{
    int p, kl, jl, i, n = 0, src, dst, chunk = nz_local * ny_local * NX;

    for (p = 0; p < ft_size; p++)
        for (kl = 0; kl < nz_local; kl++)
            for (jl = 0; jl < ny_local; jl++) {
                src = NX * (p * nz_local + kl + NZ * jl);
                for (i = 0; i < NX; i++) {
                    send_buf[n] = data[src + i].real;
                    send_buf[n + 1] = data[src + i].imag;
                    n += 2;
                }
            }
    MPI_Alltoall(send_buf, 2 * chunk, MPI_DOUBLE, recv_buf, 2 * chunk, MPI_DOUBLE,
                 comm_transpose);
    n = 0;
    for (p = 0; p < ft_size; p++)
        for (kl = 0; kl < nz_local; kl++)
            for (jl = 0; jl < ny_local; jl++) {
                dst = NX * (p * ny_local + jl + NY * kl);
                for (i = 0; i < NX; i++) {
                    data[dst + i].real = recv_buf[n];
                    data[dst + i].imag = recv_buf[n + 1];
                    n += 2;
                }
            }
}

void fft3d_forward(dcomplex data[])
{
    fft_xy(data, 1);
    transpose_to_frequency(data);
    fft_z(data, 1);
}

void fft3d_inverse(dcomplex data[])
{
    fft_z(data, -1);
    transpose_to_space(data);
    fft_xy(data, -1);
}
