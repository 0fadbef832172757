#include <stdio.h>
int main(int argc, char **argv) {
  int coords[2] = {1, 2};
  if (argc > 5) coords[-1] = 4;
  printf("%d\n", coords[0]);
  return 0;
}
