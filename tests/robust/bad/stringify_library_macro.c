/* XSTR(EOF): C replaces EOF (a library macro) before STR stringifies it; cmpi does not expand the headers' macros: a
 * located error, where such arguments (N, __LINE__) were once stringified as written */
#include <stdio.h>
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
int main(void) {
  printf("%s\n", XSTR(EOF));
  return 0;
}
