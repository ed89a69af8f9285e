//pass
//--local_size=64 --num_groups=16
// expect: drf — the work-group copies a tile into local memory, waits for the event, then each work-item reads a neighbour
#define WG 64

__kernel void async_copy_wait(__global const float *in, __global float *out)
{
    __local float tile[WG];
    size_t base = get_group_id(0) * WG;
    event_t e = async_work_group_copy(tile, in + base, WG, 0);
    wait_group_events(1, &e);
    int lid = get_local_id(0);
    out[base + lid] = tile[(lid + 1) % WG];
}
