/* The plain build's settings: one of two headers guarded by one name, as the Intel MPI Benchmarks'
 * IMB_settings.h and IMB_settings_io.h share _SETTINGS_H. */
#ifndef SETTINGS_H
#define SETTINGS_H

#define MAXLOG 22
#define WARMUP 10
#define BUF_VALUE(i) (0.5 + (i))

typedef float value_t;

#endif
