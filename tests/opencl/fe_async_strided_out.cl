//pass
//--local_size=64 --num_groups=8 --global_offset=0
// expect: drf — each group's strided copy out writes out[group + k * groups]: the groups interleave without meeting
__kernel void scatter_columns(__global const float *in, __global float *out)
{
    __local float tile[64];
    tile[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_strided_copy(out + get_group_id(0), tile, 64, get_num_groups(0), 0);
    wait_group_events(1, &e);
}
