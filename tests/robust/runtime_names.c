#include <stdio.h>
#include <string.h>
#include <math.h>
double Ptr = 1.0;
/* macros named like runtime types, one used in another's body (fuzz seed 1 input 1004: `(Stdio * Stdio)`) */
#define Stdlib 29
#define Squares (Stdlib * Stdlib)
int table[Stdlib + 1];
int main(void) {
  double Math = 2.0, CString = 3.0, Spans = 1.0;
  int CArray = 4, Stdio = 5, System = 6, BitConverter = 1, Datatype = 2, CMem = 3;
  unsigned char *b = (unsigned char *)&Ptr;
  char s[8]; strcpy(s, "ab");
  double x = fabs(-Ptr) + sqrt(Math) + pow(2.0, 3.0);
  printf("%d %g %g %d %d %d %zu\n", b[7], x, CString, CArray, Stdio, System, strlen(s));
  printf("%d %d %d %g\n", BitConverter, Datatype, CMem, Spans);
  table[Stdlib] = Squares;
  printf("%d %d\n", Squares, table[Stdlib]);
  return 0;
}
