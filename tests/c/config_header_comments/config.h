/* config.h.  Generated from config.h.in by configure: a header of comments and defines, no include guard
   (autoconf's). Reading it must not take time exponential in its comments (IOR's, 200 of them, once did). */

/* Define to 1 if you have the <feature0.h> header file. */
/* #undef HAVE_FEATURE0_H */

/* Define to 1 if you have the <feature1.h> header file. */
#define HAVE_FEATURE1_H 1

/* Define to 1 if you have the <feature2.h> header file. */
#define HAVE_FEATURE2_H 1

/* Define to 1 if you have the <feature3.h> header file. */
/* #undef HAVE_FEATURE3_H */

/* Define to 1 if you have the <feature4.h> header file. */
#define HAVE_FEATURE4_H 1

/* Define to 1 if you have the <feature5.h> header file. */
#define HAVE_FEATURE5_H 1

/* Define to 1 if you have the <feature6.h> header file. */
/* #undef HAVE_FEATURE6_H */

/* Define to 1 if you have the <feature7.h> header file. */
#define HAVE_FEATURE7_H 1

/* Define to 1 if you have the <feature8.h> header file. */
#define HAVE_FEATURE8_H 1

/* Define to 1 if you have the <feature9.h> header file. */
/* #undef HAVE_FEATURE9_H */

/* Define to 1 if you have the <feature10.h> header file. */
#define HAVE_FEATURE10_H 1

/* Define to 1 if you have the <feature11.h> header file. */
#define HAVE_FEATURE11_H 1

/* Define to 1 if you have the <feature12.h> header file. */
/* #undef HAVE_FEATURE12_H */

/* Define to 1 if you have the <feature13.h> header file. */
#define HAVE_FEATURE13_H 1

/* Define to 1 if you have the <feature14.h> header file. */
#define HAVE_FEATURE14_H 1

/* Define to 1 if you have the <feature15.h> header file. */
/* #undef HAVE_FEATURE15_H */

/* Define to 1 if you have the <feature16.h> header file. */
#define HAVE_FEATURE16_H 1

/* Define to 1 if you have the <feature17.h> header file. */
#define HAVE_FEATURE17_H 1

/* Define to 1 if you have the <feature18.h> header file. */
/* #undef HAVE_FEATURE18_H */

/* Define to 1 if you have the <feature19.h> header file. */
#define HAVE_FEATURE19_H 1

/* Define to 1 if you have the <feature20.h> header file. */
#define HAVE_FEATURE20_H 1

/* Define to 1 if you have the <feature21.h> header file. */
/* #undef HAVE_FEATURE21_H */

/* Define to 1 if you have the <feature22.h> header file. */
#define HAVE_FEATURE22_H 1

/* Define to 1 if you have the <feature23.h> header file. */
#define HAVE_FEATURE23_H 1

/* Define to 1 if you have the <feature24.h> header file. */
/* #undef HAVE_FEATURE24_H */

/* Define to 1 if you have the <feature25.h> header file. */
#define HAVE_FEATURE25_H 1

/* Define to 1 if you have the <feature26.h> header file. */
#define HAVE_FEATURE26_H 1

/* Define to 1 if you have the <feature27.h> header file. */
/* #undef HAVE_FEATURE27_H */

/* Define to 1 if you have the <feature28.h> header file. */
#define HAVE_FEATURE28_H 1

/* Define to 1 if you have the <feature29.h> header file. */
#define HAVE_FEATURE29_H 1

/* Define to 1 if you have the <feature30.h> header file. */
/* #undef HAVE_FEATURE30_H */

/* Define to 1 if you have the <feature31.h> header file. */
#define HAVE_FEATURE31_H 1

/* Define to 1 if you have the <feature32.h> header file. */
#define HAVE_FEATURE32_H 1

/* Define to 1 if you have the <feature33.h> header file. */
/* #undef HAVE_FEATURE33_H */

/* Define to 1 if you have the <feature34.h> header file. */
#define HAVE_FEATURE34_H 1

/* Define to 1 if you have the <feature35.h> header file. */
#define HAVE_FEATURE35_H 1

/* Define to 1 if you have the <feature36.h> header file. */
/* #undef HAVE_FEATURE36_H */

/* Define to 1 if you have the <feature37.h> header file. */
#define HAVE_FEATURE37_H 1

/* Define to 1 if you have the <feature38.h> header file. */
#define HAVE_FEATURE38_H 1

/* Define to 1 if you have the <feature39.h> header file. */
/* #undef HAVE_FEATURE39_H */

/* Define to 1 if you have the <feature40.h> header file. */
#define HAVE_FEATURE40_H 1

/* Define to 1 if you have the <feature41.h> header file. */
#define HAVE_FEATURE41_H 1

/* Define to 1 if you have the <feature42.h> header file. */
/* #undef HAVE_FEATURE42_H */

/* Define to 1 if you have the <feature43.h> header file. */
#define HAVE_FEATURE43_H 1

/* Define to 1 if you have the <feature44.h> header file. */
#define HAVE_FEATURE44_H 1

/* Define to 1 if you have the <feature45.h> header file. */
/* #undef HAVE_FEATURE45_H */

/* Define to 1 if you have the <feature46.h> header file. */
#define HAVE_FEATURE46_H 1

/* Define to 1 if you have the <feature47.h> header file. */
#define HAVE_FEATURE47_H 1

/* Name of package */
#define PACKAGE "probe"

