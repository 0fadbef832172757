/* Character constants are ints in C: a switch on a char or unsigned char compares its promoted value with
 * case labels like 'I', a conditional mixing a char variable and a character constant is an int, and wide
 * character constants (L'a', u'b', U'c') are the character's code point. */
#include <stdio.h>
#include <wchar.h>

static int roman_digit(const char *s, int i)
{
    switch (s[i]) {
    case 'I': return 1;
    case 'V': return 5;
    case 'X': return 10;
    case 'L': return 50;
    default: return 0;
    }
}

static const char *kind(unsigned char u)
{
    switch (u) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return "vowel";
    case 0xe9: return "e-acute";
    case '\n': return "newline";
    default: return "other";
    }
}

int main(void)
{
    char s[] = "a b c", c = 'q';
    signed char sc = -3;
    short sh = 'Z';
    int i, total = 0;
    const char *numeral = "XLVII";
    wchar_t w[3] = { L'a', L'\n', L'\x263a' };

    for (i = 0; numeral[i]; i++)
        total += roman_digit(numeral, i);
    printf("%s = %d\n", numeral, total);
    printf("%s %s %s %s\n", kind('e'), kind('z'), kind(0xe9), kind('\n'));
    for (i = 0; s[i]; i++)
        putchar(s[i] == ' ' ? '_' : s[i]);
    c = c == 'q' ? 'Q' : c;
    s[0] = s[1] ? s[2] : '=';
    printf(" %c %s %d %d\n", c, s, sc < 0 ? 'n' : sc, sh == 'Z' ? sh : '?');
    printf("%d %d %d %d %d %d\n", (int)L'a', (int)u'b', (int)U'c', (int)w[0], (int)w[1], (int)w[2]);
    return 0;
}
