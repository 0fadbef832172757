/* glibc's GNU and POSIX string functions beyond C's that legacy codes call (round 19 left them unmapped):
 * strchrnul, strcasestr, rawmemchr, memrchr, stpncpy, mempcpy, memccpy, strsignal, exp10 and getppid. */
#define _GNU_SOURCE
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  const char *path = "/usr/local/lib/libfoo.so";
  char line[] = "key = Value ; comment";
  printf("strchrnul '%s' '%s'\n", strchrnul(path, '.'), strchrnul(path, '#'));
  printf("at end %d\n", *strchrnul(line, '#') == '\0');
  printf("strcasestr '%s'\n", strcasestr(line, "VALUE"));
  printf("strcasestr none %d empty %d\n", strcasestr(line, "xyz") == NULL, strcasestr(line, "") == line);
  printf("rawmemchr %ld\n", (long)((char *)rawmemchr(line, '=') - line));
  printf("memrchr %ld\n", (long)((char *)memrchr(path, '/', strlen(path)) - path));
  printf("memrchr short %d\n", memrchr(path, 'f', 5) == NULL);

  char buf[16];
  memset(buf, 'x', sizeof buf);
  char *end = stpncpy(buf, "abc", 8);
  printf("stpncpy %ld %d %d %c\n", (long)(end - buf), buf[3], buf[7], buf[8]);
  end = stpncpy(buf, "abcdefghij", 4);
  printf("stpncpy long %ld %.4s\n", (long)(end - buf), buf);

  char joined[64];
  char *p = joined;
  const char *words[] = {"alpha", "beta", "gamma"};
  for (int i = 0; i < 3; i++) {
    p = mempcpy(p, words[i], strlen(words[i]));
    *p++ = i < 2 ? ',' : '\0';
  }
  printf("mempcpy '%s' %ld\n", joined, (long)(p - joined));

  char out[32];
  memset(out, 0, sizeof out);
  char *after = memccpy(out, "name:value", ':', sizeof out);
  printf("memccpy '%s' %ld\n", out, (long)(after - out));
  printf("memccpy none %d\n", memccpy(out, "novalue", ':', 7) == NULL);

  printf("%s|%s|%s|%s\n", strsignal(SIGSEGV), strsignal(SIGINT), strsignal(SIGFPE), strsignal(SIGTERM));
  printf("%s\n", strsignal(36));  /* SIGRTMIN is 34: glibc's buffer for these is rewritten by the next call */
  printf("%s\n", strsignal(99));
  printf("%s\n", strsignal(0));

  printf("%.17g %.17g %.17g %.9g\n", exp10(2.0), exp10(-3.5), exp10(0.3), exp10f(1.5f));
  printf("parent %d\n", getppid() > 0);
  return 0;
}
