/* CUB's LoadDirect* and StoreDirect*, with bodies (cub_direct.c).
 * Ownership: static text, never freed. */
#ifndef MAPKIT_INFER_CUB_DIRECT_H
#define MAPKIT_INFER_CUB_DIRECT_H

/* The CUB stand-in (cub.c's text for <cub/cub.cuh>) followed by the
 * direct loads and stores; *out_len its length. */
const char *cub_with_direct(unsigned long *out_len);

#endif
