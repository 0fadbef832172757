/* #include <stdio.h> inside a function (fuzz seed 1 input 327): glibc's union __mbstate_t cannot be read there; the
   struct left half-read once made the class name's choice fail (an internal error) before the errors were given */
static int next_id(void)
{
#include <stdio.h>
