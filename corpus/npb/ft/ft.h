/* FT's shared declarations.
 *
 * Data layouts, each rank holding 1/nprocs of the grid:
 *   space (z slabs):     u[i + NX * (j + NY * kl)],  k = k0 + kl, kl < NZ/nprocs
 *   frequency (y slabs): u[i + NX * (k + NZ * jl)],  j = j0 + jl, jl < NY/nprocs
 * The 3-D FFT transforms x and y in space layout, transposes with Alltoall,
 * and transforms z in frequency layout; the inverse goes back. */
#ifndef NPB_FT_H
#define NPB_FT_H

#include <mpi.h>
#include "npbparams.h"

typedef struct {
    double real;
    double imag;
} dcomplex;

#define MAXDIM NX                    /* NX >= NY, NZ in every class */

extern int ft_rank, ft_size;
extern int nz_local, ny_local;      /* my planes in space and in frequency layout */
extern MPI_Comm comm_transpose;

void fft_init(void);
void fft3d_forward(dcomplex data[]);   /* space layout in, frequency layout out */
void fft3d_inverse(dcomplex data[]);   /* frequency layout in, space layout out */

#endif
