/* The problem class is chosen at compile time with -DCLASS=S, W or A
 * (S when not given). npbparams.h of each kernel tests NPB_CLASS:
 *   #if NPB_CLASS == NPB_CLASS_S ... #elif NPB_CLASS == NPB_CLASS_W ... */
#ifndef NPB_CLASS_H
#define NPB_CLASS_H

#ifndef CLASS
#define CLASS S
#endif

#define NPB_CLASS_S 1
#define NPB_CLASS_W 2
#define NPB_CLASS_A 3
#define NPB_CLASS_ID_(c) NPB_CLASS_##c
#define NPB_CLASS_ID(c) NPB_CLASS_ID_(c)
#define NPB_CLASS NPB_CLASS_ID(CLASS)

#endif
