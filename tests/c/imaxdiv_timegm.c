/* imaxdiv (inttypes.h) of every sign, and timegm: broken-down UTC fields to seconds, normalised (61 seconds,
 * month 13, day 0) and written back with the weekday and day of the year, whatever the local zone. */
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

int main(void) {
    intmax_t n[] = {17, -17, 17, -17, INTMAX_MAX, INTMAX_MIN + 1};
    intmax_t d[] = {5, 5, -5, -5, 1000000007, 3};
    for (int i = 0; i < 6; i++) {
        imaxdiv_t q = imaxdiv(n[i], d[i]);
        printf("%" PRIdMAX " / %" PRIdMAX " = %" PRIdMAX " r %" PRIdMAX "\n", n[i], d[i], q.quot, q.rem);
    }
    imaxdiv_t r;
    r = imaxdiv(1000, 7);
    r.quot += 1;
    printf("%jd %jd\n", r.quot, r.rem);
    struct tm t = {0};
    t.tm_year = 100;
    t.tm_mon = 1;
    t.tm_mday = 29;
    t.tm_hour = 12;
    time_t leap = timegm(&t);
    printf("%lld wday %d yday %d zone %s\n", (long long)leap, t.tm_wday, t.tm_yday, t.tm_zone);
    struct tm u = {0};
    u.tm_year = 99;
    u.tm_mon = 12;     /* January 2000 */
    u.tm_mday = 0;     /* the day before the 1st: 31 December 1999 */
    u.tm_sec = 61;
    time_t s = timegm(&u);
    printf("%lld %d-%02d-%02d %02d:%02d:%02d wday %d yday %d\n", (long long)s, u.tm_year + 1900, u.tm_mon + 1,
           u.tm_mday, u.tm_hour, u.tm_min, u.tm_sec, u.tm_wday, u.tm_yday);
    struct tm *g = gmtime(&s);
    printf("%d %d %d\n", g->tm_year, g->tm_mon, g->tm_mday);
    struct tm epoch = {0};
    epoch.tm_year = 70;
    epoch.tm_mday = 1;
    printf("%lld\n", (long long)timegm(&epoch));
    return 0;
}
