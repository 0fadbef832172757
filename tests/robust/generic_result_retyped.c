/* A library call's `void *` result (bsearch, memchr) converted to a pointer of another element type than the
 * buffers it was given (fuzz seed 4 input 8874: `const int *found = bsearch(...)` of a char table, CS0029): the
 * same bytes, read as the new type. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_char(const void *a, const void *b) { return *(const char *)a - *(const char *)b; }

int main(void)
{
    char table[6] = {(char)0xe9, 'a', 'c', 'e', 'g', 'i'};  /* sorted as char is: signed */
    char key = 'c';
    const unsigned char *hit = bsearch(&key, table, 6, 1, by_char);
    unsigned char *at = memchr(table, 0xe9, sizeof table);
    printf("%d %d %d\n", hit[0], hit[2], at[0]);
    return 0;
}
