//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — work-item 0 overwrites tile[0] after the wait with no barrier while every other work-item reads tile[0]
#define WG 64

__kernel void async_copy_overwrite_racy(__global const float *in, __global float *out)
{
    __local float tile[WG];
    size_t base = get_group_id(0) * WG;
    event_t e = async_work_group_copy(tile, in + base, WG, 0);
    wait_group_events(1, &e);
    int lid = get_local_id(0);
    if (lid == 0)
        tile[0] = 0.0f;
    out[base + lid] = tile[0] + tile[lid];
}
