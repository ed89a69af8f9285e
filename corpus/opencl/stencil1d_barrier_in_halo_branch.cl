//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=8
// expect: divergent — the barrier is inside the halo branch that only the first RADIUS work-items take
#define RADIUS 3
#define WG 128

__kernel void stencil1d_barrier_in_halo_branch(__global const int *in, __global int *out)
{
    __local int tile[WG + 2 * RADIUS];
    int gid = get_global_id(0) + RADIUS;
    int lid = get_local_id(0) + RADIUS;
    tile[lid] = in[gid];
    if (get_local_id(0) < RADIUS) {
        tile[lid - RADIUS] = in[gid - RADIUS];
        tile[lid + WG] = in[gid + WG];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid - RADIUS] = tile[lid];
}
