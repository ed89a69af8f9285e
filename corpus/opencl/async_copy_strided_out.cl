//pass
//--local_size=64 --num_groups=16
// expect: drf — results go to local memory, a barrier, then one strided async copy per group writes them interleaved with the other groups
#define WG 64

__kernel void async_copy_strided_out(__global const float *in, __global float *out)
{
    __local float tile[WG];
    int lid = get_local_id(0);
    tile[lid] = 3.0f * in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_strided_copy(out + get_group_id(0), tile, WG, get_num_groups(0), 0);
    wait_group_events(1, &e);
}
