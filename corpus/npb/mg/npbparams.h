/* MG problem size by class and the official residual norm. */
#include "npb_class.h"

#if NPB_CLASS == NPB_CLASS_S
#define CLASS_CHAR 'S'
#define LT 5                          /* log2 of the grid size */
#define NIT 4
#define RNM2_VERIFY_VALUE 0.5307707005734e-04
#elif NPB_CLASS == NPB_CLASS_W
#define CLASS_CHAR 'W'
#define LT 7
#define NIT 4
#define RNM2_VERIFY_VALUE 0.6467329375339e-05
#elif NPB_CLASS == NPB_CLASS_A
#define CLASS_CHAR 'A'
#define LT 8
#define NIT 4
#define RNM2_VERIFY_VALUE 0.2433365309069e-05
#else
#error "MG: CLASS must be S, W or A"
#endif

#define NX (1 << LT)                  /* the grid is NX x NX x NX */
