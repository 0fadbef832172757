namespace CloudMpi.Libc.Tests;

/// <summary>The C side of the differential printf test: reads cases, prints "length TAB hex(bytes)" per case.</summary>
internal static class PrintfHarness
{
    public const string Source = """
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <stdint.h>

        static char line[1 << 16];
        static char out[1 << 16];

        static int unhex(const char *s, char *dst) {
            int n = 0;
            if (s[0] == '-') { dst[0] = 0; return 0; }
            while (s[0] && s[1]) {
                unsigned v;
                sscanf(s, "%2x", &v);
                dst[n++] = (char)v;
                s += 2;
            }
            dst[n] = 0;
            return n;
        }

        int main(void) {
            static char fmt[4096], str[4096];
            while (fgets(line, sizeof line, stdin)) {
                line[strcspn(line, "\n")] = 0;
                char *save = NULL;
                char *tok = strtok_r(line, "\t", &save);
                unhex(tok, fmt);
                int count = atoi(strtok_r(NULL, "\t", &save));
                int stars[2] = {0, 0};
                int nstar = 0;
                char kind = 'x';
                char *text = NULL;
                for (int k = 0; k < count; k++) {
                    char *a = strtok_r(NULL, "\t", &save);
                    if (k < count - 1) {
                        stars[nstar++] = atoi(a + 2);
                    } else {
                        kind = a[0];
                        text = a + 2;
                    }
                }
                int n;
        #define CALL(v) do { \
                    if (nstar == 0) n = snprintf(out, sizeof out, fmt, v); \
                    else if (nstar == 1) n = snprintf(out, sizeof out, fmt, stars[0], v); \
                    else n = snprintf(out, sizeof out, fmt, stars[0], stars[1], v); \
                } while (0)
                switch (kind) {
                case 'x': n = snprintf(out, sizeof out, fmt, 0); break;
                case 'i': CALL((int)strtol(text, NULL, 10)); break;
                case 'u': CALL((unsigned)strtoul(text, NULL, 10)); break;
                case 'l': CALL((long)strtoll(text, NULL, 10)); break;
                case 'm': CALL((unsigned long)strtoull(text, NULL, 10)); break;
                case 'p': CALL((void *)(uintptr_t)strtoull(text, NULL, 10)); break;
                case 'n': CALL((char *)NULL); break;
                case 's': unhex(text, str); CALL(str); break;
                case 'd': case 'D': {
                    uint64_t bits = strtoull(text, NULL, 16);
                    double d;
                    memcpy(&d, &bits, sizeof d);
                    if (kind == 'd') CALL(d); else CALL((long double)d);
                    break;
                }
                default: fprintf(stderr, "bad kind %c\n", kind); return 2;
                }
                printf("%d\t", n);
                int shown = n < (int)sizeof out - 1 ? n : (int)sizeof out - 1;
                for (int k = 0; k < shown; k++) printf("%02x", (unsigned char)out[k]);
                printf("\n");
            }
            return 0;
        }
        """;
}
