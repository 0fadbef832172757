/* NPB FT (3-D FFT PDE solver), written for cmpi from the NPB 3.3 definition.
 *
 * Solves the heat equation du/dt = alpha lap(u) spectrally: u0 = FFT(u) of a
 * random complex field, then for t = 1..NITER
 *   u0 = u0 * exp(-4 alpha pi^2 (i'^2 + j'^2 + k'^2))   (i' the signed frequency)
 *   u1 = inverse FFT(u0)    (unnormalised)
 * and a checksum of 1024 points of u1 / NTOTAL per step, verified against
 * the official values with relative tolerance 1e-12. */
#include <stdio.h>
#include <math.h>
#include <mpi.h>
#include "ft.h"
#include "randdp.h"
#include "c_timers.h"
#include "print_results.h"

#define EPSILON 1.0e-12
#define ALPHA 1.0e-6
#define SEED 314159265.0
#define MULT 1220703125.0
#define NCHECK 1024

int ft_rank, ft_size;
int nz_local, ny_local;
MPI_Comm comm_transpose;

static dcomplex u0[NTOTAL];          /* the field in frequency layout, evolving */
static dcomplex u1[NTOTAL];          /* work: one step's field */
static double twiddle[NTOTAL];       /* the per-step decay factor, frequency layout */
static double row[2 * NX];
static double checksum_real[NITER];
static double checksum_imag[NITER];
/* The official checksums, one (real, imag) pair per iteration. */
#if NPB_CLASS == NPB_CLASS_S
static double reference_real[NITER] = {
    5.546087004964e+02, 5.546385409189e+02, 5.546148406171e+02,
    5.545423607415e+02, 5.544255039624e+02, 5.542683411902e+02};
static double reference_imag[NITER] = {
    4.845363331978e+02, 4.865304269511e+02, 4.883910722336e+02,
    4.901273169046e+02, 4.917475857993e+02, 4.932597244941e+02};
#elif NPB_CLASS == NPB_CLASS_W
static double reference_real[NITER] = {
    5.673612178944e+02, 5.631436885271e+02, 5.594024089970e+02,
    5.560698047020e+02, 5.530898991250e+02, 5.504159734538e+02};
static double reference_imag[NITER] = {
    5.293246849175e+02, 5.282149986629e+02, 5.270996558037e+02,
    5.260027904925e+02, 5.249400845633e+02, 5.239212247086e+02};
#elif NPB_CLASS == NPB_CLASS_A
static double reference_real[NITER] = {
    5.046735008193e+02, 5.059412319734e+02, 5.069376896287e+02,
    5.077892868474e+02, 5.085233095391e+02, 5.091487099959e+02};
static double reference_imag[NITER] = {
    5.114047905510e+02, 5.098809666433e+02, 5.098144042213e+02,
    5.101336130759e+02, 5.104914655194e+02, 5.107917842803e+02};
#endif

/* a^n mod 2^46, by binary powering. */
static double power(double a, int n)
{
    double result = 1.0, aj = a;

    while (n != 0) {
        if (n % 2 == 1)
            randlc(&result, aj);
        randlc(&aj, aj);
        n = n / 2;
    }
    return result;
}

/* Random numbers in memory order of the whole grid (real, imag, real, ...),
 * so my slab starts 2 * NX * NY * k0 numbers into the sequence. */
static void compute_initial_conditions(dcomplex u[])
{
    double x = SEED;
    int kl, j, i, row_start;

    randlc(&x, power(MULT, 2 * NX * NY * ft_rank * nz_local));
    for (kl = 0; kl < nz_local; kl++)
        for (j = 0; j < NY; j++) {
            vranlc(2 * NX, &x, MULT, row);
            row_start = NX * (j + NY * kl);
            for (i = 0; i < NX; i++) {
                u[row_start + i].real = row[2 * i];
                u[row_start + i].imag = row[2 * i + 1];
            }
        }
}

/* The signed frequency of index i on an axis of n points. */
static int signed_frequency(int i, int n)
{
    return i >= n / 2 ? i - n : i;
}

static void compute_twiddle(void)
{
    const double pi = 3.141592653589793238;
    double ap = -4.0 * ALPHA * pi * pi;
    int jl, k, i, ii, jj, kk;

    for (jl = 0; jl < ny_local; jl++) {
        jj = signed_frequency(ft_rank * ny_local + jl, NY);
        for (k = 0; k < NZ; k++) {
            kk = signed_frequency(k, NZ);
            for (i = 0; i < NX; i++) {
                ii = signed_frequency(i, NX);
                twiddle[i + NX * (k + NZ * jl)] = exp(ap * (double)(ii * ii + jj * jj + kk * kk));
            }
        }
    }
}

/* u0 = u0 * twiddle; u1 = u0. */
static void evolve(void)
{
    int n, count = NX * NZ * ny_local;

    for (n = 0; n < count; n++) {
        u0[n].real = u0[n].real * twiddle[n];
        u0[n].imag = u0[n].imag * twiddle[n];
        u1[n] = u0[n];
    }
}

/* Sum of u at (j mod NX, 3j mod NY, 5j mod NZ), j = 1..1024, over NTOTAL;
 * the ranks' parts are added on rank 0. */
static void checksum(int iter, const dcomplex u[])
{
    double local[2], total[2];
    int j, q, r, s;

    local[0] = 0.0;
    local[1] = 0.0;
    for (j = 1; j <= NCHECK; j++) {
        q = j % NX;
        r = (3 * j) % NY;
        s = (5 * j) % NZ - ft_rank * nz_local;
        if (s >= 0 && s < nz_local) {
            local[0] = local[0] + u[q + NX * (r + NY * s)].real;
            local[1] = local[1] + u[q + NX * (r + NY * s)].imag;
        }
    }
    local[0] = local[0] / (double)NTOTAL;
    local[1] = local[1] / (double)NTOTAL;
    MPI_Reduce(local, total, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (ft_rank == 0) {
        checksum_real[iter - 1] = total[0];
        checksum_imag[iter - 1] = total[1];
        printf(" T = %5d     Checksum = %22.12e %22.12e\n", iter, total[0], total[1]);
    }
}

/* On rank 0: |(checksum - reference) / reference| <= EPSILON every step. */
static int verify(void)
{
    double dr, di, denom, err_real, err_imag, err;
    int i, ok = 1;

    for (i = 0; i < NITER; i++) {
        /* complex quotient (c - ref) / ref, then its modulus */
        dr = checksum_real[i] - reference_real[i];
        di = checksum_imag[i] - reference_imag[i];
        denom = reference_real[i] * reference_real[i] + reference_imag[i] * reference_imag[i];
        err_real = (dr * reference_real[i] + di * reference_imag[i]) / denom;
        err_imag = (di * reference_real[i] - dr * reference_imag[i]) / denom;
        err = sqrt(err_real * err_real + err_imag * err_imag);
        if (!(err <= EPSILON))
            ok = 0;
    }
    return ok;
}

int main(int argc, char **argv)
{
    int iter, verified;
    double seconds, tmax, mops;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &ft_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ft_size);

    if (ft_size > NZ || ft_size > NY || NZ % ft_size != 0 || NY % ft_size != 0) {
        if (ft_rank == 0)
            printf(" FT needs a number of processes dividing %d and %d, not %d\n",
                   NY, NZ, ft_size);
        MPI_Finalize();
        return 1;
    }
    nz_local = NZ / ft_size;
    ny_local = NY / ft_size;
    /* All ranks form one slice of the 1-D layout: the transposes' communicator. */
    MPI_Comm_split(MPI_COMM_WORLD, 0, ft_rank, &comm_transpose);

    if (ft_rank == 0) {
        printf("\n\n NAS Parallel Benchmarks 3.3 -- FT Benchmark (cmpi C+MPI)\n\n");
        printf(" Size                : %4dx%4dx%4d\n", NX, NY, NZ);
        printf(" Iterations          :     %7d\n", NITER);
        printf(" Number of processes :     %7d\n", ft_size);
        printf(" Processor array     :     %7dx%d\n", 1, ft_size);
        printf(" Layout type         :          1D\n");
    }

    fft_init();
    compute_twiddle();

    MPI_Barrier(comm_transpose);
    timer_clear(0);
    timer_start(0);
    compute_initial_conditions(u0);
    fft3d_forward(u0);
    for (iter = 1; iter <= NITER; iter++) {
        evolve();
        fft3d_inverse(u1);
        checksum(iter, u1);
    }
    timer_stop(0);
    seconds = timer_read(0);
    MPI_Reduce(&seconds, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    verified = 0;
    if (ft_rank == 0)
        verified = verify();
    MPI_Bcast(&verified, 1, MPI_INT, 0, MPI_COMM_WORLD);

    if (ft_rank == 0) {
        mops = 0.0;
        if (tmax > 0.0)
            mops = 1.0e-6 * (double)NTOTAL
                   * (14.8157 + 7.19641 * log((double)NTOTAL)
                      + (5.23518 + 7.21113 * log((double)NTOTAL)) * NITER)
                   / tmax;
        print_results("FT", CLASS_CHAR, NX, NY, NZ, NITER, ft_size, tmax, mops,
                      "floating point", verified);
    }

    MPI_Comm_free(&comm_transpose);
    MPI_Finalize();
    return 0;
}
