#include <stdio.h>
/* One name in two of C's name spaces (C11 6.2.3: tags apart from ordinary identifiers), which C# has one of in a
 * class (CS0102): `struct s s;`, a function returning its own tag, an enum constant named as a tag. And names of
 * System.Object's members, which a class member would hide (CS0114, CS0108 warnings). */
struct s { int a; };
struct s s = {4};
struct point { int x, y; };
static struct point point(int x) { struct point p = {x, -x}; return p; }
enum shade { mark, paint };
struct mark { int m; };
static int ToString(void) { return 10; }
int GetType = 20, Finalize = 30, Equals = 1;
struct GetHashCode { int h; };
int main(void) {
  struct mark m = {paint};
  struct GetHashCode h = {5};
  s.a += point(3).y;
  printf("%d %d %d %d %d\n", s.a, m.m, ToString() + GetType + Finalize + Equals, h.h, point(7).x);
  return 0;
}
