/* Bytes that are no UTF-8 in a legacy file: a Latin-1 comment (café, naïve), a raw 0xE9 in literals. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char c = 'é';       /* a raw byte in a character constant */
  const char *s = "café";  /* and in a string literal */
  char buf[16];
  printf("café\n");
  printf("%s|%d|%d\n", s, (int)strlen(s), (unsigned char)c);
  printf("%c%c\n", c, '\xff');
  printf("\xff\xfe escaped, Ã© UTF-8\n");
  printf("%c", 0xc3);  /* one UTF-8 character written in two calls */
  printf("%c\n", 0xa9);
  strcpy(buf, s);
  buf[1] = (char)0xe0;
  puts(buf);
  fprintf(stderr, "err é\n");
  return 0;
}
