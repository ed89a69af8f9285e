//pass
//--local_size=64 --num_groups=16
// expect: drf — atomic_fetch_add_explicit at memory_scope_work_group on a __local counter: every updater is in the group
// cl-std: CL2.0
__kernel void atomic_work_group_scope_local(__global const int *in, __global int *out)
{
    __local atomic_int count;
    if (get_local_id(0) == 0)
        atomic_init(&count, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (in[get_global_id(0)] > 0)
        atomic_fetch_add_explicit(&count, 1, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = atomic_load_explicit(&count, memory_order_relaxed, memory_scope_work_group);
}
