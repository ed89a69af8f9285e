//pass
//--num_groups=8
// expect: drf — reqd_work_group_size(64,1,1) fixes the launch: reversing a 64-element local tile behind a barrier
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reqd_wgs_tile_reverse(__global const int *in, __global int *out)
{
    __local int tile[64];
    int lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[63 - lid];
}
