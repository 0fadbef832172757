#include <stdio.h>

/* fuzz seed 2027 input 959: main declared unsigned (gcc warns, -Wmain) */
unsigned main(void) {
  printf("x\n");
  return 300;
}
