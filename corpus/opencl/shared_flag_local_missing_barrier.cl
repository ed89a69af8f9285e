//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=4
// expect: racy — the local flag is read with no barrier after work-item 0 writes it
__kernel void shared_flag_local_missing_barrier(__global const int *in, __global int *out)
{
    __local int flag;
    if (get_local_id(0) == 0)
        flag = in[get_group_id(0)] > 0;
    if (flag)
        out[get_global_id(0)] = 1;
}
