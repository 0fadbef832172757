/* <fenv.h>'s rounding direction as portable programs ask it (the current mode, a save and restore around a
 * computation, fesetround's failure for what is no direction) and system(NULL), which C defines: is there a shell.
 * A port computes in round-to-nearest only; a directed mode is refused where it is set
 * (tests/robust/bad/fesetround_upward.c). */
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>

static double third(volatile double a, volatile double b) { return a / b; }

int main(void) {
  int saved = fegetround();
  printf("to nearest %d\n", saved == FE_TONEAREST);
  printf("set nearest %d\n", fesetround(FE_TONEAREST));
  printf("%.17g\n", third(1.0, 3.0));
  printf("no direction %d\n", fesetround(12345) != 0);
  printf("still nearest %d\n", fegetround() == FE_TONEAREST);
  printf("restore %d\n", fesetround(saved));
  printf("%.17g %.17g\n", third(2.0, 3.0), third(-2.0, 3.0));
  printf("shell %d\n", system(NULL) != 0);
  fflush(stdout);
  int status = system("exit 3");
  printf("status %d\n", status >> 8);
  return 0;
}
