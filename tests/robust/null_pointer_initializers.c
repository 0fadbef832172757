/* A 0 (or NULL) in an initializer where a pointer goes: a function-pointer field of a struct (fuzz seed 2 input
 * 1722, CoMD's potentials with `{2.5, "Lj", 29, 0, ...}`), a field of a struct that starts with another's fields,
 * an element of an array of function pointers or of pointers, a function-pointer variable. The 0 stayed an int
 * in the C# (CS0029). */
#include <stdio.h>

typedef double (*fn)(double);
typedef struct { int n; double (*f)(double); } Plain;
typedef struct BaseSt { double cut; double (*energy)(struct BaseSt *pot, double r); } Base;
typedef struct { double cut; double (*energy)(struct BaseSt *pot, double r); double sigma; } Lj;
struct s { int n; int *p; char *name; };

static double twice(double x) { return 2 * x; }
static double baseEnergy(Base *b, double r) { return b->cut * r; }
static double useBase(Base *b) { return b->energy ? b->energy(b, 2.0) : -1.0; }
static fn pick(int k) { return k ? twice : 0; }

int main(void) {
  Plain a = {1, 0}, b = {2, twice}, c = {3, NULL};
  Lj lj = {2.5, 0, 1.0}, lj2 = {1.5, baseEnergy, 2.0};
  Lj ljs[2] = {{1.0, 0, 2.0}, {3.0, NULL, 4.0}};
  double (*f)(double) = 0;
  fn g = twice, h = (fn)0;
  fn t[3] = {twice, 0};
  int x = 5, y = 6;
  int *ptrs[3] = {&x, 0};
  struct s sa = {1, 0, 0}, sb = {2, &y, "b"};
  struct s sarr[2] = {{3, 0, 0}, {4, &x, NULL}};
  if (f == 0) f = twice;
  g = 0;
  printf("%d %d %d %g %g %g %g\n", a.f == 0, b.f != 0, c.f == NULL, useBase((Base *)&lj), useBase((Base *)&lj2),
         useBase((Base *)&ljs[1]), lj.sigma);
  printf("%g %d %d %d %d %d\n", f(1.0), g == 0, h == 0, t[1] == 0 && t[2] == 0, pick(0) == 0, pick(1) != 0);
  printf("%d %d %d %d %d %d %s\n", ptrs[1] == 0, *ptrs[0], sa.p == 0, *sb.p, sarr[0].p == NULL, *sarr[1].p, sb.name);
  return 0;
}
