#pragma once
/* the block size; the build gives it with -DBLOCK=... */
#ifndef BLOCK
#define BLOCK 256
#endif
