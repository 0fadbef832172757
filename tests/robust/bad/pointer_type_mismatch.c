#include <stdio.h>
int main(int argc, char **argv) {
  int v[2] = {1, 2};
  const int *found = argc > 5 ? v : 0;
  printf("%s\n", found ? found : "absent");
  return 0;
}
