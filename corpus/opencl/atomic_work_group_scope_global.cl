//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — memory_scope_work_group atomics on one __global counter from two work-groups: the scope does not hold both, so they race
// cl-std: CL2.0
__kernel void atomic_work_group_scope_global(__global atomic_int *count)
{
    atomic_fetch_add_explicit(count, 1, memory_order_relaxed, memory_scope_work_group);
}
