/* FT problem size by class. */
#include "npb_class.h"

#if NPB_CLASS == NPB_CLASS_S
#define CLASS_CHAR 'S'
#define NX 64
#define NY 64
#define NZ 64
#define NITER 6
#elif NPB_CLASS == NPB_CLASS_W
#define CLASS_CHAR 'W'
#define NX 128
#define NY 128
#define NZ 32
#define NITER 6
#elif NPB_CLASS == NPB_CLASS_A
#define CLASS_CHAR 'A'
#define NX 256
#define NY 256
#define NZ 128
#define NITER 6
#else
#error "FT: CLASS must be S, W or A"
#endif

#define NTOTAL (NX * NY * NZ)
