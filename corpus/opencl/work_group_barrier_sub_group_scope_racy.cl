//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
// expect: racy — t: a barrier whose fence has memory_scope_sub_group makes the writes to t visible within a sub-group only, so the read of t[63 - l] written in another sub-group races with its write
// cl-std: CL2.0
__kernel void reverse_in_group(__global float *out)
{
    __local float t[64];
    int l = get_local_id(0);
    t[l] = 2.0f * l;
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
    out[get_global_id(0)] = t[63 - l];
}
