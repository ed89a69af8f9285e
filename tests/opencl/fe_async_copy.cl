//pass
//--local_size=64 --num_groups=16
// expect: drf — the group copies its tile into __local memory, waits, then each work-item reads its mirror
__kernel void mirror(__global const float *in, __global float *out, __global const float *cols)
{
    __local float tile[64];
    __local float col[64];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    e = async_work_group_strided_copy(col, cols + get_group_id(0), 64, 16, e);
    wait_group_events(1, &e);
    int lid = get_local_id(0);
    out[get_global_id(0)] = tile[63 - lid] + col[lid];
}
