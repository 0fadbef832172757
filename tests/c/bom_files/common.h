#pragma once
#define TWICE(x) ((x) * 2)
