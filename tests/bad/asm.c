int main(void)
{
    int x = 1;
    __asm__("nop");
    return x;
}
