//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=8
// expect: racy — no barrier between the tile fill and the neighbour reads: tile[lid + 1] is read while its owner writes it
#define RADIUS 3
#define WG 128

__kernel void stencil1d_missing_barrier(__global const int *in, __global int *out)
{
    __local int tile[WG + 2 * RADIUS];
    int gid = get_global_id(0) + RADIUS;
    int lid = get_local_id(0) + RADIUS;
    tile[lid] = in[gid];
    if (get_local_id(0) < RADIUS) {
        tile[lid - RADIUS] = in[gid - RADIUS];
        tile[lid + WG] = in[gid + WG];
    }
    int sum = 0;
    for (int off = -RADIUS; off <= RADIUS; off++)
        sum += tile[lid + off];
    out[gid - RADIUS] = sum;
}
