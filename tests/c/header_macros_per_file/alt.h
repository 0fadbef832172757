#pragma once
/* another configuration, read by b.c only */
#define BLOCK 7
#define LEVEL 9
