/* printf's `%%` with flags or a width (`%5%`, `%-5%`: glibc prints one '%') and `%ls` of a wchar_t string (ASCII, as
 * the C locale's conversion writes it, with a precision in bytes). */
#include <stdio.h>
#include <wchar.h>

int main(void)
{
    wchar_t name[] = L"wide";
    printf("[%%][%5%][%-5%][%05%]\n");
    printf("[%ls][%8ls][%-8ls|][%.2ls][%lc]\n", L"text", name, name, name, (wint_t)L'w');
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%ls=%d%3%", L"key", 5);
    printf("%d [%s]\n", n, buf);
    return 0;
}
