//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// expect: racy — tile[lid] is written and tile[lid + 1] read by the neighbour with no barrier between
__kernel void shift(__global const int *in, __global int *out)
{
    __local int tile[65];
    int lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = tile[lid + 1];
}
