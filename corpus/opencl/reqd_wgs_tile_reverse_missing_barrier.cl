//xfail:NOT_ALL_VERIFIED
//--num_groups=8
// expect: racy — reqd_work_group_size(64,1,1) and no barrier: tile[63 - lid] is read while its owner writes it
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reqd_wgs_tile_reverse_missing_barrier(__global const int *in, __global int *out)
{
    __local int tile[64];
    int lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = tile[63 - lid];
}
