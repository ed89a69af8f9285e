//pass
//--local_size=64 --num_groups=16
// expect: drf — a __local kernel argument (dynamic local buffer) reversed behind a barrier
__kernel void local_arg_reverse(__global int *data, __local int *buf)
{
    int lid = get_local_id(0);
    int n = get_local_size(0);
    buf[lid] = data[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = buf[n - 1 - lid];
}
