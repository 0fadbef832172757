/* Broken-down time of fixed instants: gmtime, localtime, their _r forms, mktime's normalisation, asctime,
 * ctime and strftime's conversions in the C locale (ISO weeks across year ends too). The local zone is the
 * machine's for both builds. */
#include <stdio.h>
#include <string.h>
#include <time.h>

static void show(const char *label, const struct tm *t)
{
    char buf[256];
    size_t n = strftime(buf, sizeof buf, "%a %A %b %B %d %e %H %I %j %m %M %p %S %u %w %y %Y %C %U %W %V %G %g %D %F %T %R %r %%", t);
    printf("%s: [%s] %zu\n", label, buf, n);
    strftime(buf, sizeof buf, "%c|%x|%X|%k|%l|%P|%h|%n|%t|", t);
    printf("  %s\n", buf);
}

int main(void)
{
    time_t instants[] = {0, 86399, 951782400, 1104537600, 1230681600, 1609459199, 1700000000, 2147483647};
    struct tm mine, *t;
    char small[4];
    int i;
    for (i = 0; i < (int)(sizeof instants / sizeof instants[0]); i++) {
        t = gmtime(&instants[i]);
        printf("%ld -> %d-%d-%d %d:%d:%d wday %d yday %d\n", (long)instants[i], t->tm_year, t->tm_mon, t->tm_mday,
               t->tm_hour, t->tm_min, t->tm_sec, t->tm_wday, t->tm_yday);
        show("gm", t);
        printf("  asctime %s", asctime(t));
    }
    localtime_r(&instants[6], &mine);
    printf("local %02d:%02d isdst %d\n", mine.tm_hour, mine.tm_min, mine.tm_isdst);
    printf("ctime %s", ctime(&instants[6]));
    gmtime_r(&instants[3], &mine);
    printf("gmtime_r %d/%d\n", mine.tm_mday, mine.tm_mon + 1);
    memset(&mine, 0, sizeof mine);
    mine.tm_year = 124;
    mine.tm_mon = 1;
    mine.tm_mday = 30;           /* February 30th: March 1st of 2024 */
    mine.tm_hour = 25;           /* and one hour into the next day */
    mine.tm_isdst = -1;
    printf("mktime %ld\n", (long)(mktime(&mine) - mktime(&mine)));
    printf("normalised %d-%02d-%02d %02d wday %d yday %d\n", mine.tm_year + 1900, mine.tm_mon + 1, mine.tm_mday,
           mine.tm_hour, mine.tm_wday, mine.tm_yday);
    printf("too small %zu\n", strftime(small, sizeof small, "%Y-%m", gmtime(&instants[2])));
    {
        /* the weeks of 400 days around many year ends, 1970 to 2100 */
        unsigned long long x = 88172645463325252ULL;
        char buf[64];
        for (i = 0; i < 400; i++) {
            time_t when;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            when = (time_t)(x % 4102444800ULL);
            if (i % 2)
                when = when - when % 31536000 + (time_t)(x % 14) * 86400;  /* near a year's start */
            strftime(buf, sizeof buf, "%F %a %G-%V %U %W %j %u", gmtime(&when));
            printf("%s%c", buf, i % 4 == 3 ? '\n' : ' ');
        }
    }
    return 0;
}
