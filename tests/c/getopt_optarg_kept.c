/* getopt's loop over an argument vector of the program's own, the option's argument kept in a variable that
 * held a string literal (`out = optarg`: a pointer into argv past `-o`, once a run-time PointerException "used where
 * the start of an array is needed"), optind, optopt, '?' for an unknown option and ':' for a missing argument. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
    char *args[] = {"prog", "-v", "-n", "12", "-ofile.out", "-x", "-vq", "in1", "in2", NULL};
    int argc = 9, c, verbose = 0, n = 0, quiet = 0;
    const char *out = "-";
    opterr = 0;
    while ((c = getopt(argc, args, ":vqn:o:")) != -1) {
        switch (c) {
        case 'v': verbose++; break;
        case 'q': quiet = 1; break;
        case 'n': n = atoi(optarg); break;
        case 'o': out = optarg; break;
        case '?': printf("unknown -%c\n", optopt); break;
        case ':': printf("missing arg for -%c\n", optopt); break;
        }
    }
    printf("v=%d q=%d n=%d out=%s optind=%d\n", verbose, quiet, n, out, optind);
    for (; optind < argc; optind++) printf("operand %s\n", args[optind]);
    return 0;
}
