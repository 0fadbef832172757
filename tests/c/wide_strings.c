/* Wide string literals: L"..." (wchar_t, a 32-bit int on Linux), U"..." (char32_t) and u"..." (char16_t, a character
 * past U+FFFF as a surrogate pair), with escapes (\x, octal, \u, \U) and characters past ASCII, concatenated, as a
 * wchar_t array's initializer (sized and unsized), as a pointer, their sizeof, wcslen and a loop over their units.
 * Located errors before round 11 (probe11; fuzz round9 inputs 8, 9 and 11). */
#include <stdio.h>
#include <wchar.h>
#include <uchar.h>

static int units(const wchar_t *s)
{
    int n = 0;
    while (s[n] != L'\0')
        n++;
    return n;
}

int main(void)
{
    wchar_t ws[] = L"abc";
    wchar_t sized[8] = L"xy";
    const wchar_t *p = L"caf\u00e9 \x263a" L" na\xefve";
    const char32_t *u32 = U"\U0001F600!";
    const char16_t *u16 = u"\U0001F600!";
    printf("%d %d %d %d\n", (int)sizeof ws, (int)sizeof sized, (int)sizeof(L"xy"), (int)sizeof(u"xy"));
    printf("%d %d %d %d\n", ws[1], sized[1], sized[5], units(ws));
    printf("%d %d %d\n", (int)wcslen(p), units(p), (int)wcslen(L"caf\u00e9"));
    for (int i = 0; p[i]; i++)
        printf("%x ", (unsigned)p[i]);
    printf("\n%x %x %x %x %x\n", (unsigned)u32[0], (unsigned)u32[1], (unsigned)u16[0], (unsigned)u16[1], (unsigned)u16[2]);
    return 0;
}
