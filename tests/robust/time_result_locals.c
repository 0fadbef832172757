#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
/* gmtime_r and localtime_r given the address of a local struct tm that nothing else takes the address of (fuzz seed 3
 * input 455: a memset(&mine, ...) deleted, and `&mine` became `ref mine` where the runtime takes the Ptr<tm> the C
 * function returns, CS1615). */
static int day_of(time_t t) {
  struct tm m;
  gmtime_r(&t, &m);
  return m.tm_mday;
}
int main(void) {
  time_t t = 86400 * 40;
  struct tm a, b;
  struct tm *p = gmtime_r(&t, &a);
  localtime_r(&t, &b);
  p->tm_hour = 7;
  printf("%d %d %d %d %d\n", day_of(t), a.tm_mon, a.tm_hour, p == &a, b.tm_year);
  return 0;
}
