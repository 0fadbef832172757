/* A NUL inside a string literal ends the C string every library function reads (printf's format, %s, puts,
   fputs, strlen), whatever bytes follow it in the literal. */
#include <stdio.h>
#include <string.h>
#define GREETING "hi\0there\n"
int main(void) {
  char buf[8] = "ab\0cd";
  printf("one\0two\n");
  printf("[%s] [%.1s] [%s]\n", "x\0y", "pq\0r", buf);
  puts("left\0right");
  printf("%d %d\n", (int)strlen("12\0" "345"), (int)sizeof "12\0345");
  fputs("f\0g\n", stdout);
  printf(GREETING);
  printf("%d %s|\n", (int)strlen(GREETING), GREETING);
  fputs(GREETING, stdout);
  printf("\n");
  return 0;
}
