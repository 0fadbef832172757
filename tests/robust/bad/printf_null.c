#include <stdio.h>
/* printf(0) (fuzz seed 3 input 4197: CS1503), puts(NULL): undefined in C; NULL for strtok stays */
int main(int argc, char **argv) {
  if (argc > 5)
    printf(0);
  return 0;
}
