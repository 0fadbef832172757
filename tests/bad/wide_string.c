/* wchar_t strings have no translation yet: a located error, not a crash */
#include <wchar.h>
int main(void)
{
    const wchar_t *w = L"xyz";
    return (int)wcslen(w);
}
