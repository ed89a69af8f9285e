//pass
//--local_size=64 --num_groups=2
// expect: drf — t: the barrier's fence has memory_scope_work_group, so every write to t precedes every read of it after the barrier
// cl-std: CL2.0
__kernel void reverse_in_group(__global float *out)
{
    __local float t[64];
    int l = get_local_id(0);
    t[l] = 2.0f * l;
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    out[get_global_id(0)] = t[63 - l];
}
