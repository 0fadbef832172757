/* an empty GNU case range never matches (gcc: "empty range specified"): a located error */
int main(int argc, char **argv) {
  switch (argc) {
  case 9 ... 3: return 1;
  default: return 0;
  }
}
