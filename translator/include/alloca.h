/* cmpi's alloca.h: alloca as a function, so the translator sees its argument (glibc's header makes it a macro
 * for __builtin_alloca, whose operators libclang 14 cannot show). The port allocates an array, which the garbage
 * collector frees once the function no longer holds it (convert/memory.py). */
#ifndef CMPI_ALLOCA_H
#define CMPI_ALLOCA_H
#include <stddef.h>
void *alloca(size_t size);
#endif
