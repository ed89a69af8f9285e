//pass
//--local_size=128 --num_groups=4
// expect: drf — a local flag written by work-item 0, a barrier, then read by all
__kernel void shared_flag_local(__global const int *in, __global int *out)
{
    __local int flag;
    if (get_local_id(0) == 0)
        flag = in[get_group_id(0)] > 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (flag)
        out[get_global_id(0)] = 1;
}
