/* Enum constants beyond int's range (a GNU extension, gcc and clang: the enum's type becomes unsigned int or a
 * 64-bit type): once `const int X = 4294967295;` (CS0266). Their variables, sizes, arithmetic and a switch. */
#include <stdio.h>

enum small { NEG = -5, ZERO = 0, BIG = 2147483647 };
enum u32 { U_MAX = 4294967295u, U_ONE = 1 };
enum s64 { S_NEG = -1, S_BIG = 0x100000000LL };
enum u64 { HUGER = 0x7fffffffffffffffLL };

static const char *name(enum s64 v) {
  switch (v) {
  case S_NEG: return "neg";
  case S_BIG: return "big";
  default: return "other";
  }
}

int main(void) {
  enum small s = NEG;
  enum u32 u = U_MAX;
  enum s64 w = S_BIG;
  enum u64 h = HUGER;
  u = u + U_ONE;  /* wraps as an unsigned int */
  printf("%d %d %u %zu %zu %zu\n", s, BIG, (unsigned)u, sizeof u, sizeof w, sizeof s);
  printf("%lld %lld %s %s %llu\n", (long long)w, (long long)S_NEG, name(S_NEG), name(w), (unsigned long long)h);
  printf("%d %d\n", U_MAX > 0, S_NEG < 0);
  return 0;
}
