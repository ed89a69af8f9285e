//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// expect: divergent — only work-item 0 reaches async_work_group_copy, which the whole group must reach
__kernel void lone_copy(__global const float *in, __global float *out)
{
    __local float tile[64];
    event_t e = 0;
    if (get_local_id(0) == 0)
        e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = tile[get_local_id(0)];
}
