//pass
//--local_size=128 --num_groups=8
// expect: drf — radius-3 stencil: the work-group fills a local tile with halos, one barrier, then reads neighbours
#define RADIUS 3
#define WG 128

__kernel void stencil1d_halo(__global const int *in, __global int *out)
{
    __local int tile[WG + 2 * RADIUS];
    int gid = get_global_id(0) + RADIUS;
    int lid = get_local_id(0) + RADIUS;
    tile[lid] = in[gid];
    if (get_local_id(0) < RADIUS) {
        tile[lid - RADIUS] = in[gid - RADIUS];
        tile[lid + WG] = in[gid + WG];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int sum = 0;
    for (int off = -RADIUS; off <= RADIUS; off++)
        sum += tile[lid + off];
    out[gid - RADIUS] = sum;
}
