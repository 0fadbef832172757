/* EP problem size by class: 2^M pairs of uniform numbers in blocks of 2^MK. */
#include "npb_class.h"

#if NPB_CLASS == NPB_CLASS_S
#define CLASS_CHAR 'S'
#define M 24
#define SX_VERIFY_VALUE (-3.247834652034740e+3)
#define SY_VERIFY_VALUE (-6.958407078382297e+3)
#elif NPB_CLASS == NPB_CLASS_W
#define CLASS_CHAR 'W'
#define M 25
#define SX_VERIFY_VALUE (-2.863319731645753e+3)
#define SY_VERIFY_VALUE (-6.320053679109499e+3)
#elif NPB_CLASS == NPB_CLASS_A
#define CLASS_CHAR 'A'
#define M 28
#define SX_VERIFY_VALUE (-4.295875165629892e+3)
#define SY_VERIFY_VALUE (-1.580732573678431e+4)
#else
#error "EP: CLASS must be S, W or A"
#endif
