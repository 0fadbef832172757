/* GNU case ranges (`case lo ... high:`): once read as the single case `lo`, so 'q' was no letter */
#include <stdio.h>

static const char *kind(char c) {
  switch (c) {
  case '0' ... '9': return "digit";
  case 'a' ... 'z': case 'A' ... 'Z': return "letter";
  case '_': return "underscore";
  default: return "other";
  }
}

/* falling through into a section of ranges only (no `goto case` names it), and out of one */
static int score(long v) {
  int s = 0;
  switch (v) {
  case -5 ... -1: s += 1;
  case 100 ... 199: s += 10;
  case 7: s += 100; break;
  case 1000 ... 1000000: s += 1000;
  default: s += 5;
  }
  return s;
}

/* a switch in a function whose gotos jump into a block: the switch becomes tests and jumps (passes/gotos.py) */
static int lowered(unsigned x) {
  int r = 0;
  goto inside;
  {
  again:
    r += 1000;
  inside:
    switch (x) {
    case 1 ... 3: r += 1; break;
    case 4u ... 0xffffu: r += 2; break;
    default: r += 3;
    }
    if (r < 1000 && x == 2) goto again;
  }
  return r;
}

int main(void) {
  const char *probe = "5qQ_#";
  for (int i = 0; probe[i]; i++) printf("%s ", kind(probe[i]));
  printf("\n");
  long vals[] = {-6, -5, -1, 0, 7, 100, 150, 199, 200, 1000, 99999, 1000000, 1000001};
  for (int i = 0; i < (int)(sizeof vals / sizeof vals[0]); i++) printf("%ld:%d ", vals[i], score(vals[i]));
  printf("\n%d %d %d %d\n", lowered(0), lowered(2), lowered(300), lowered(70000));
  return 0;
}
