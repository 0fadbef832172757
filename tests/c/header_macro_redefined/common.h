/* A guarded header: each file's own compile reads it once, and its macros are the header's there */
#ifndef COMMON_H
#define COMMON_H
#define TWICE(x) ((x) + (x))
#define SCALE 3
#define LABEL "common"
#endif
