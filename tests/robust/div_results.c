/* div, ldiv and lldiv and their result structs (<stdlib.h>'s div_t, ldiv_t, lldiv_t, anonymous structs named by
   typedefs): once "the library type 'div_t' has no translation". Found by hand, round 10. */
#include <stdio.h>
#include <stdlib.h>

static ldiv_t halve(long n) { return ldiv(n, 2); }

int main(void) {
    div_t d = div(-7, 2);
    ldiv_t l = halve(-9L);
    lldiv_t ll = lldiv(10000000000LL, -3LL);
    printf("%d %d %ld %ld %lld %lld\n", d.quot, d.rem, l.quot, l.rem, ll.quot, ll.rem);
    d.quot = 40;
    d.rem += 2;
    div_t copy = d;
    copy.rem = 0;
    printf("%d %d %d %d\n", d.quot, d.rem, copy.quot, copy.rem);
    return 0;
}
