/* CG problem size by class and the official zeta. */
#include "npb_class.h"

#if NPB_CLASS == NPB_CLASS_S
#define CLASS_CHAR 'S'
#define NA 1400
#define NONZER 7
#define NITER 15
#define SHIFT 10.0
#define ZETA_VERIFY_VALUE 8.5971775078648
#elif NPB_CLASS == NPB_CLASS_W
#define CLASS_CHAR 'W'
#define NA 7000
#define NONZER 8
#define NITER 15
#define SHIFT 12.0
#define ZETA_VERIFY_VALUE 10.362595087124
#elif NPB_CLASS == NPB_CLASS_A
#define CLASS_CHAR 'A'
#define NA 14000
#define NONZER 11
#define NITER 15
#define SHIFT 20.0
#define ZETA_VERIFY_VALUE 17.130235054029
#else
#error "CG: CLASS must be S, W or A"
#endif
