//pass
//--local_size=64 --num_groups=4
// expect: drf — OpenCL 2.0 atomics: a work-group-scoped counter in __local memory, a device-scoped one in __global
// cl-std: CL2.0
__kernel void count(__global atomic_int *total, __global int *out)
{
    __local atomic_int local_count;
    if (get_local_id(0) == 0)
        atomic_init(&local_count, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int mine = atomic_fetch_add_explicit(&local_count, 1, memory_order_relaxed, memory_scope_work_group);
    out[get_group_id(0) * 64 + mine] = 1;
    atomic_fetch_add(total, 1);
    int seen = atomic_load_explicit(total, memory_order_acquire, memory_scope_device);
    atomic_store(total, seen);
}
