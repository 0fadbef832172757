#include <stdio.h>
/* Multi-character constants (gcc: each byte shifted in from the right, an int): once the first character alone, then
 * C# char literals of no char (CS1012), as a char32_t beyond the BMP was. */
#define TAG(a, b, c, d) ((a) << 24 | (b) << 16 | (c) << 8 | (d))
int main(void) {
  int two = 'ab', four = 'RIFF', high = '\xff\xfe', esc = '\e', five = 'abcde';
  unsigned wide = U'\U0001F600';
  switch (four) {
  case 'RIFF': printf("riff\n"); break;
  default: printf("other\n");
  }
  printf("%d %d %d %d %d %u %d\n", two, four, high, esc, five, wide, four == TAG('R', 'I', 'F', 'F'));
  return 0;
}
