/* wide strings translate (round 11: arrays of their code units), wide stdio has no translation yet: a located error */
#include <wchar.h>
int main(void)
{
    const wchar_t *w = L"xyz";
    return wprintf(L"%ls\n", w) < 0;
}
