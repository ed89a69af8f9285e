//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// expect: racy — tile: each work-item waits only for the copy of its own half (e[lid % 2]), so its read of tile[lid] may meet the other copy still writing that half (and the work-group waits with different events: a divergence too)
__kernel void k(__global const float *in, __global float *out, __local float *tile)
{
    event_t e[2];
    e[0] = async_work_group_copy(tile, in + get_group_id(0) * 64, 32, 0);
    e[1] = async_work_group_copy(tile + 32, in + get_group_id(0) * 64 + 32, 32, 0);
    wait_group_events(1, &e[get_local_id(0) % 2]);
    out[get_global_id(0)] = tile[get_local_id(0)];
}
