/* A header that defines static variables: each file that includes it has its own copies (C11 6.2.2p3), which
 * the files change and read apart. */
#ifndef STATE_H
#define STATE_H
static int calls = 5;
static double history[3] = {1.5, 2.5, 3.5};
static const char *tag = "state";
static const int limit = 3;   /* never written: one copy serves every file */

void bump_elsewhere(int times);
int calls_elsewhere(void);
double history_elsewhere(void);
#endif
