#define F0(x) x x
#define F1(x) F0(F0(x))
#define F2(x) F1(F1(x))
#define F3(x) F2(F2(x))
#define F4(x) F3(F3(x))
#define F5(x) F4(F4(x))
int main(void) { int y = 0; F5(y+); return 0; }
