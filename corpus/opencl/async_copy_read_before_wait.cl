//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — tile is read before wait_group_events: the copy may still be writing it
#define WG 64

__kernel void async_copy_read_before_wait(__global const float *in, __global float *out)
{
    __local float tile[WG];
    size_t base = get_group_id(0) * WG;
    int lid = get_local_id(0);
    event_t e = async_work_group_copy(tile, in + base, WG, 0);
    float v = tile[(lid + 1) % WG];
    wait_group_events(1, &e);
    out[base + lid] = v;
}
